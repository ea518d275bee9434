/// A JSON value that remembers where it was written. Foundation's `JSONSerialization`
/// forgets positions, and every diagnostic of a JSON story must name its line, so the
/// JSON loaders parse with this small RFC 8259 parser instead.
public struct LocatedJSON: Sendable {
    public enum Value: Sendable {
        case object([Member])
        case array([LocatedJSON])
        case string(String)
        /// Numbers are kept as written, so that no precision is lost before a loader
        /// decides what it needs.
        case number(String)
        case bool(Bool)
        case null
    }

    /// One `"key": value` of an object, in source order.
    public struct Member: Sendable {
        public var key: String
        public var keyLocation: SourceLocation
        public var value: LocatedJSON
    }

    public var value: Value
    public var location: SourceLocation

    /// The name of the value's JSON type, for messages ("expected a string, found an array").
    public var typeName: String {
        switch value {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }

    public var members: [Member]? {
        if case .object(let members) = value { return members }
        return nil
    }

    public var elements: [LocatedJSON]? {
        if case .array(let elements) = value { return elements }
        return nil
    }

    public var string: String? {
        if case .string(let string) = value { return string }
        return nil
    }

    public var bool: Bool? {
        if case .bool(let bool) = value { return bool }
        return nil
    }

    public var isNull: Bool {
        if case .null = value { return true }
        return false
    }

    /// The first member with this key (use `members` to see duplicates).
    public subscript(key: String) -> LocatedJSON? {
        members?.first { $0.key == key }?.value
    }

    /// Parses a whole document. Nesting deeper than `maximumDepth` is refused with its
    /// location, so hostile input cannot exhaust the stack.
    public static func parse(_ source: SourceText, maximumDepth: Int = 256) throws(StoryLoadError) -> LocatedJSON {
        var parser = Parser(source: source, maximumDepth: maximumDepth)
        return try parser.document()
    }
}

private struct Parser {
    let source: SourceText
    let s: [Unicode.Scalar]
    let maximumDepth: Int
    var i = 0
    var depth = 0

    init(source: SourceText, maximumDepth: Int) {
        self.source = source
        self.s = source.scalars
        self.maximumDepth = maximumDepth
    }

    mutating func document() throws(StoryLoadError) -> LocatedJSON {
        skipWhitespace()
        if i == s.count { throw fail("empty file: expected a JSON document", at: i) }
        let value = try parseValue()
        skipWhitespace()
        if i < s.count { throw fail("unexpected \(describe(i)) after the JSON document", at: i) }
        return value
    }

    func fail(_ message: String, at offset: Int) -> StoryLoadError {
        StoryLoadError(message, at: source.location(at: min(offset, s.count)))
    }

    func describe(_ offset: Int) -> String {
        guard offset < s.count else { return "end of file" }
        let c = s[offset]
        if c.value < 0x20 { return "control character U+\(String(c.value, radix: 16, uppercase: true))" }
        return "'\(Character(c))'"
    }

    mutating func skipWhitespace() {
        while i < s.count {
            switch s[i] {
            case " ", "\t", "\n", "\r": i += 1
            default: return
            }
        }
    }

    mutating func parseValue() throws(StoryLoadError) -> LocatedJSON {
        skipWhitespace()
        guard i < s.count else { throw fail("unexpected end of file: expected a value", at: i) }
        let start = i
        let location = source.location(at: start)
        switch s[i] {
        case "{": return LocatedJSON(value: try parseObject(), location: location)
        case "[": return LocatedJSON(value: try parseArray(), location: location)
        case "\"": return LocatedJSON(value: .string(try parseString()), location: location)
        case "t": try literal("true"); return LocatedJSON(value: .bool(true), location: location)
        case "f": try literal("false"); return LocatedJSON(value: .bool(false), location: location)
        case "n": try literal("null"); return LocatedJSON(value: .null, location: location)
        case "-", "0"..."9": return LocatedJSON(value: .number(try parseNumber()), location: location)
        default: throw fail("unexpected \(describe(i)): expected a value", at: i)
        }
    }

    mutating func literal(_ word: String) throws(StoryLoadError) {
        let start = i
        for expected in word.unicodeScalars {
            guard i < s.count, s[i] == expected else {
                throw fail("invalid literal: expected '\(word)'", at: start)
            }
            i += 1
        }
    }

    mutating func enter(_ at: Int) throws(StoryLoadError) {
        depth += 1
        if depth > maximumDepth {
            throw fail("nesting deeper than \(maximumDepth) levels", at: at)
        }
    }

    mutating func parseObject() throws(StoryLoadError) -> LocatedJSON.Value {
        try enter(i)
        defer { depth -= 1 }
        i += 1  // {
        var members: [LocatedJSON.Member] = []
        skipWhitespace()
        if i < s.count, s[i] == "}" { i += 1; return .object(members) }
        while true {
            skipWhitespace()
            guard i < s.count, s[i] == "\"" else {
                throw fail("unexpected \(describe(i)): expected a string key", at: i)
            }
            let keyLocation = source.location(at: i)
            let key = try parseString()
            skipWhitespace()
            guard i < s.count, s[i] == ":" else {
                throw fail("unexpected \(describe(i)): expected ':' after key \"\(key)\"", at: i)
            }
            i += 1
            let value = try parseValue()
            members.append(.init(key: key, keyLocation: keyLocation, value: value))
            skipWhitespace()
            guard i < s.count else { throw fail("unexpected end of file: expected ',' or '}'", at: i) }
            if s[i] == "," { i += 1; continue }
            if s[i] == "}" { i += 1; return .object(members) }
            throw fail("unexpected \(describe(i)): expected ',' or '}'", at: i)
        }
    }

    mutating func parseArray() throws(StoryLoadError) -> LocatedJSON.Value {
        try enter(i)
        defer { depth -= 1 }
        i += 1  // [
        var elements: [LocatedJSON] = []
        skipWhitespace()
        if i < s.count, s[i] == "]" { i += 1; return .array(elements) }
        while true {
            elements.append(try parseValue())
            skipWhitespace()
            guard i < s.count else { throw fail("unexpected end of file: expected ',' or ']'", at: i) }
            if s[i] == "," { i += 1; continue }
            if s[i] == "]" { i += 1; return .array(elements) }
            throw fail("unexpected \(describe(i)): expected ',' or ']'", at: i)
        }
    }

    mutating func parseString() throws(StoryLoadError) -> String {
        let start = i
        i += 1  // opening quote
        var out = String.UnicodeScalarView()
        while true {
            guard i < s.count else { throw fail("unterminated string", at: start) }
            let c = s[i]
            switch c {
            case "\"":
                i += 1
                return String(out)
            case "\\":
                i += 1
                guard i < s.count else { throw fail("unterminated string", at: start) }
                let e = s[i]
                i += 1
                switch e {
                case "\"": out.append("\"")
                case "\\": out.append("\\")
                case "/": out.append("/")
                case "b": out.append("\u{08}")
                case "f": out.append("\u{0C}")
                case "n": out.append("\n")
                case "r": out.append("\r")
                case "t": out.append("\t")
                case "u":
                    let first = try hex4()
                    if (0xD800..<0xDC00).contains(first) {
                        // A high surrogate must be followed by an escaped low surrogate.
                        if i + 1 < s.count, s[i] == "\\", s[i + 1] == "u" {
                            i += 2
                            let second = try hex4()
                            if (0xDC00..<0xE000).contains(second) {
                                let value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
                                out.append(Unicode.Scalar(value)!)
                                continue
                            }
                        }
                        out.append("\u{FFFD}")
                    } else if let scalar = Unicode.Scalar(first) {
                        out.append(scalar)
                    } else {
                        out.append("\u{FFFD}")  // a lone low surrogate
                    }
                default:
                    throw fail("invalid escape '\\\(Character(e))' in string", at: i - 2)
                }
            default:
                if c.value < 0x20 {
                    throw fail("control character U+\(String(c.value, radix: 16, uppercase: true)) in string: escape it", at: i)
                }
                out.append(c)
                i += 1
            }
        }
    }

    mutating func hex4() throws(StoryLoadError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard i < s.count, s[i].isASCII, let digit = UInt32(String(s[i]), radix: 16) else {
                throw fail("invalid \\u escape: expected four hex digits", at: i)
            }
            value = value * 16 + digit
            i += 1
        }
        return value
    }

    mutating func parseNumber() throws(StoryLoadError) -> String {
        let start = i
        if s[i] == "-" { i += 1 }
        guard i < s.count, ("0"..."9").contains(s[i]) else { throw fail("invalid number", at: start) }
        if s[i] == "0" { i += 1 } else { while i < s.count, ("0"..."9").contains(s[i]) { i += 1 } }
        if i < s.count, s[i] == "." {
            i += 1
            guard i < s.count, ("0"..."9").contains(s[i]) else { throw fail("invalid number", at: start) }
            while i < s.count, ("0"..."9").contains(s[i]) { i += 1 }
        }
        if i < s.count, s[i] == "e" || s[i] == "E" {
            i += 1
            if i < s.count, s[i] == "+" || s[i] == "-" { i += 1 }
            guard i < s.count, ("0"..."9").contains(s[i]) else { throw fail("invalid number", at: start) }
            while i < s.count, ("0"..."9").contains(s[i]) { i += 1 }
        }
        return source.text(start..<i)
    }
}
