import StoryGraph

/// Reads the story out of a JavaScript or TypeScript module that exports it as an object
/// literal: `export default {…}`, `module.exports = {…}`, `exports.story = {…}` or
/// `const story = {…}` (with an optional type annotation), whichever comes first.
///
/// The literal subset read: objects (unquoted, quoted and numeric keys, trailing commas),
/// arrays, strings in all three quote kinds (template strings without `${…}`), numbers,
/// `true`/`false`/`null`/`undefined`, and `//` and `/* */` comments. A bare name of a literal
/// declared above in the same module (`export const steps = [step0, step1]` after
/// `const step0 = {…}`) is that literal, and the literal is then no story of its own. Anything
/// else in the literal (a function, a variable, a call) is code: read as nothing, and counted in one
/// warning; a template's `${…}` is kept as written. A syntax error is located. Nesting is
/// bounded by `maximumDepth`; the value is read with an explicit stack.
///
/// - Complexity: O(n) in the size of the file.
package struct JSLiteralReader {
    package static let maximumDepth = 256

    let source: SourceText
    let s: [UInt8]
    var i = 0
    var locator: ByteLocator
    /// Values that were code, not literals: how many, and where the first was.
    var codeCount = 0
    var firstCode: SourceLocation?
    /// Where the last error was raised, to resume after it.
    var failure: Int?
    /// The top-level literals read so far, by name, for a later literal that names them.
    var declared: [String: LocatedValue] = [:]
    /// The names of declared literals that a later literal took in.
    var usedNames: Set<String> = []

    init(_ source: SourceText) {
        self.source = source
        self.s = source.utf8
        self.locator = ByteLocator(source)
    }

    /// Every top-level literal of the module: one is returned as it is; several as a map
    /// of their names (`default` for `export default`) so that the schema inference can
    /// pick the one that holds the story. Values that are code (a function, a variable,
    /// a `${…}` substitution) are read as nothing and reported as one warning.
    package static func read(_ source: SourceText) throws(StoryLoadError) -> (LocatedValue, [Diagnostic]) {
        var reader = JSLiteralReader(source)
        var literals: [LocatedValue.Entry] = []
        var errors: [StoryLoadError] = []
        while true {
            let name: String
            do {
                guard let found = try reader.nextDeclaration() else { break }
                name = found
            } catch {
                errors.append(error)
                break
            }
            let at = reader.location(reader.i)
            do {
                let value = try reader.value()
                literals.append(.init(key: name, keyLocation: at, value: value))
                if reader.declared[name] == nil { reader.declared[name] = value }
            } catch {
                errors.append(error)
                reader.i = min(reader.failure ?? reader.i, reader.s.count) + 1
            }
        }
        // A literal taken into a later one is part of it, not a story of its own.
        if !reader.usedNames.isEmpty {
            let rest = literals.filter { !reader.usedNames.contains($0.key) }
            if !rest.isEmpty { literals = rest }
        }
        guard let first = literals.first else {
            throw errors.first
                ?? StoryLoadError(
                    GamebookRules.jsSyntax,
                    "no exported object literal: looked for `export default {…}`, `module.exports = {…}` or `const story = {…}`",
                    at: source.location(atByte: 0))
        }
        // A literal that cannot be read is not the story when another one is.
        var findings = errors.flatMap(\.diagnostics).map { d in
            Diagnostic(GamebookRules.jsCode, "a literal that cannot be read, left out: \(d.message)", at: d.location)
        }
        if let code = reader.firstCode {
            findings.append(
                Diagnostic(
                    GamebookRules.jsCode,
                    "\(reader.codeCount) value\(reader.codeCount == 1 ? " is" : "s are") code, not literal data (a function, a variable, a ${…}), read as nothing or kept as written; the first is here",
                    at: code))
        }
        if literals.count == 1 { return (first.value, findings) }
        return (LocatedValue(.map(literals), at: first.keyLocation), findings)
    }

    /// Whether the module has an export or declaration this reader starts at.
    package static func findsExport(_ source: SourceText) -> Bool {
        var reader = JSLiteralReader(source)
        return (try? reader.nextDeclaration()) != nil
    }

    mutating func location(_ offset: Int) -> SourceLocation { locator.location(atByte: offset) }

    mutating func fail(_ message: String, at offset: Int) -> StoryLoadError {
        failure = offset
        return StoryLoadError(GamebookRules.jsSyntax, message, at: location(offset))
    }

    mutating func noteCode(at offset: Int) {
        codeCount += 1
        if firstCode == nil { firstCode = location(offset) }
    }

    /// Bytes that go on an expression after a value.
    static let operatorBytes: Set<UInt8> = Set("+-*/%<>=!&|?.^".utf8)

    /// Whether the name just read stands alone: a `,`, `]` or `}` follows, not a call, a
    /// member or an operator.
    mutating func bareNameEnds() -> Bool {
        let mark = i
        defer { i = mark }
        guard (try? skipTrivia()) != nil else { return false }
        let c = byte(i)
        return c == UInt8(ascii: ",") || c == UInt8(ascii: "]") || c == UInt8(ascii: "}")
    }

    /// Skips an expression that is code (`(s) => s.key`, `someVariable`, `fn(1)`), up to
    /// the `,`, `}` or `]` that ends it at its own nesting level.
    mutating func skipCode() {
        var depth = 0
        while i < s.count {
            let c = s[i]
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") || c == UInt8(ascii: "`") {
                skipQuoted()
                continue
            }
            if c == UInt8(ascii: "/") && (byte(i + 1) == UInt8(ascii: "/") || byte(i + 1) == UInt8(ascii: "*")) {
                _ = try? skipTrivia()
                continue
            }
            if c == UInt8(ascii: "(") || c == UInt8(ascii: "[") || c == UInt8(ascii: "{") { depth += 1 }
            if c == UInt8(ascii: ")") || c == UInt8(ascii: "]") || c == UInt8(ascii: "}") {
                if depth == 0 { return }
                depth -= 1
            }
            if c == UInt8(ascii: ",") && depth == 0 { return }
            i += 1
        }
    }

    // MARK: - Tokens

    func byte(_ k: Int) -> UInt8 { k < s.count ? s[k] : 0 }

    static func isIdentifierByte(_ c: UInt8) -> Bool {
        (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || (c >= 0x30 && c <= 0x39) || c == 0x5F || c == 0x24
            || c >= 0x80
    }

    /// Skips whitespace and comments.
    mutating func skipTrivia() throws(StoryLoadError) {
        while i < s.count {
            let c = s[i]
            if c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D {
                i += 1
                continue
            }
            if c == UInt8(ascii: "/") && byte(i + 1) == UInt8(ascii: "/") {
                while i < s.count && s[i] != 0x0A { i += 1 }
                continue
            }
            if c == UInt8(ascii: "/") && byte(i + 1) == UInt8(ascii: "*") {
                let start = i
                i += 2
                while i < s.count && !(s[i] == UInt8(ascii: "*") && byte(i + 1) == UInt8(ascii: "/")) { i += 1 }
                guard i < s.count else { throw fail("unterminated /* comment: close it with */", at: start) }
                i += 2
                continue
            }
            if c == 0xC2 && byte(i + 1) == 0xA0 {
                i += 2
                continue
            }
            break
        }
    }

    mutating func identifier() -> String? {
        let start = i
        while i < s.count && Self.isIdentifierByte(s[i]) { i += 1 }
        return i > start ? String(decoding: s[start..<i], as: UTF8.self) : nil
    }

    /// Skips a string, template or regular expression outside the literal.
    mutating func skipQuoted() {
        let quote = s[i]
        i += 1
        while i < s.count && s[i] != quote {
            if s[i] == UInt8(ascii: "\\") { i += 1 } else if s[i] == 0x0A && quote != UInt8(ascii: "`") { return }
            i += 1
        }
        i += 1
    }

    // MARK: - Where the literal starts

    /// Moves to the value of the next `export default`, `module.exports =`, `exports.x =`
    /// or top-level `const/let/var x (: T) =` whose value is an object or array literal,
    /// and returns its name; nil at the end of the module.
    mutating func nextDeclaration() throws(StoryLoadError) -> String? {
        var braceDepth = 0
        while true {
            try skipTrivia()
            guard i < s.count else { return nil }
            let c = s[i]
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") || c == UInt8(ascii: "`") {
                skipQuoted()
                continue
            }
            if c == UInt8(ascii: "{") {
                braceDepth += 1
                i += 1
                continue
            }
            if c == UInt8(ascii: "}") {
                braceDepth = max(0, braceDepth - 1)
                i += 1
                continue
            }
            guard Self.isIdentifierByte(c), let word = identifier() else {
                i += 1
                continue
            }
            guard braceDepth == 0 else { continue }
            let mark = i
            switch word {
            case "export":
                try skipTrivia()
                if identifier() == "default", try literalFollows() { return "default" }
                i = mark
            case "module", "exports":
                if byte(i) == UInt8(ascii: ".") {
                    i += 1
                    let member = identifier()
                    if word == "exports" ? member != nil : member == "exports", try assignmentFollows() {
                        return word == "exports" ? member! : "module.exports"
                    }
                }
                i = mark
            case "const", "let", "var":
                try skipTrivia()
                if let name = identifier(), try assignmentFollows() { return name }
                i = mark
            default:
                break
            }
        }
    }

    /// After a name: an optional `: Type`, then `=` and a literal.
    mutating func assignmentFollows() throws(StoryLoadError) -> Bool {
        try skipTrivia()
        if byte(i) == UInt8(ascii: ":") {
            // A type annotation: skip to the `=` on this declaration.
            var depth = 0
            while i < s.count {
                let c = s[i]
                if c == UInt8(ascii: "<") || c == UInt8(ascii: "{") || c == UInt8(ascii: "[") || c == UInt8(ascii: "(")
                {
                    depth += 1
                }
                if c == UInt8(ascii: ">") || c == UInt8(ascii: "}") || c == UInt8(ascii: "]") || c == UInt8(ascii: ")")
                {
                    depth -= 1
                }
                if c == UInt8(ascii: "=") && depth == 0 && byte(i + 1) != UInt8(ascii: ">") { break }
                if c == UInt8(ascii: ";") || c == 0x0A && depth == 0 { return false }
                i += 1
            }
        }
        guard byte(i) == UInt8(ascii: "="), byte(i + 1) != UInt8(ascii: "=") else { return false }
        i += 1
        return try literalFollows()
    }

    mutating func literalFollows() throws(StoryLoadError) -> Bool {
        try skipTrivia()
        return byte(i) == UInt8(ascii: "{") || byte(i) == UInt8(ascii: "[")
    }

    // MARK: - The literal

    /// An open object or array. Its entries grow in place (`stack[top].entries.append`),
    /// O(1) each: a container rebuilt around its list on every value, or bound out of an
    /// enum's payload, copies the whole list each time (quadratic in its length).
    private struct Frame {
        var isObject: Bool
        var entries: [LocatedValue.Entry] = []
        var elements: [LocatedValue] = []
        /// In an object: the key read whose value comes next.
        var key: (String, SourceLocation)?
        var at: SourceLocation
    }

    /// Reads one value with an explicit stack of open objects and arrays.
    mutating func value() throws(StoryLoadError) -> LocatedValue {
        var stack: [Frame] = []
        while true {
            try skipTrivia()
            // In an object with no pending key: a key, or the end.
            if let top = stack.indices.last, stack[top].isObject, stack[top].key == nil {
                if byte(i) == UInt8(ascii: "}") {
                    i += 1
                    let frame = stack.removeLast()
                    if let done = try attach(LocatedValue(.map(frame.entries), at: frame.at), &stack) { return done }
                    continue
                }
                let key = try key()
                try skipTrivia()
                guard byte(i) == UInt8(ascii: ":") else {
                    throw fail(
                        "expected ':' after the key '\(key.0)' (shorthand properties and methods are not literals)",
                        at: i)
                }
                i += 1
                stack[top].key = key
                continue
            }
            if let top = stack.indices.last, !stack[top].isObject, byte(i) == UInt8(ascii: "]") {
                i += 1
                let frame = stack.removeLast()
                if let done = try attach(LocatedValue(.list(frame.elements), at: frame.at), &stack) { return done }
                continue
            }
            let start = i
            let at = location(start)
            guard i < s.count else {
                throw fail("the literal ends before it is closed: a '}' or ']' is missing", at: start)
            }
            let c = s[i]
            if c == UInt8(ascii: "{") || c == UInt8(ascii: "[") {
                guard stack.count < Self.maximumDepth else {
                    throw fail(
                        "literal nested deeper than \(Self.maximumDepth) levels; storygraph reads no deeper", at: start)
                }
                i += 1
                stack.append(Frame(isObject: c == UInt8(ascii: "{"), at: at))
                continue
            }
            let scalar: LocatedValue
            if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") || c == UInt8(ascii: "`") {
                scalar = LocatedValue(.scalar(try string(), .string), at: at)
            } else if c == UInt8(ascii: "-") || c == UInt8(ascii: "+") || c == UInt8(ascii: ".")
                || (c >= 0x30 && c <= 0x39)
            {
                scalar = LocatedValue(.scalar(try number(), .number), at: at)
            } else if Self.isIdentifierByte(c), let word = identifier() {
                switch word {
                case "true", "false": scalar = LocatedValue(.scalar(word, .bool), at: at)
                case "null", "undefined": scalar = LocatedValue(.scalar("null", .null), at: at)
                default:
                    if let named = declared[word], bareNameEnds() {
                        // The name of a literal declared above: that literal.
                        usedNames.insert(word)
                        scalar = named
                        break
                    }
                    // A variable, a call or a function: code, read as nothing.
                    skipCode()
                    noteCode(at: start)
                    scalar = LocatedValue(.scalar("null", .null), at: at)
                }
            } else if c == UInt8(ascii: "(") {
                skipCode()
                noteCode(at: start)
                scalar = LocatedValue(.scalar("null", .null), at: at)
            } else {
                throw fail("unexpected \(describe(start)) in the literal", at: start)
            }
            if let done = try attach(scalar, &stack) { return done }
        }
    }

    /// Adds a finished value to the open container, reads the `,` or closing bracket
    /// after it, and returns the value when it closes the whole literal.
    private mutating func attach(_ node: LocatedValue, _ stack: inout [Frame]) throws(StoryLoadError) -> LocatedValue? {
        guard let top = stack.indices.last else { return node }
        if stack[top].isObject {
            if let key = stack[top].key {
                stack[top].entries.append(.init(key: key.0, keyLocation: key.1, value: node))
                stack[top].key = nil
            }
        } else {
            stack[top].elements.append(node)
        }
        try skipTrivia()
        let close: UInt8 = stack[top].isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        if Self.operatorBytes.contains(byte(i)) {
            // An expression goes on (`"…" + name`, `"…" < "…"`): code, whose first operand
            // is kept as read.
            noteCode(at: i)
            skipCode()
        }
        if byte(i) == UInt8(ascii: ",") {
            i += 1
            return nil
        }
        if byte(i) == close { return nil }
        throw fail("expected ',' or '\(Character(Unicode.Scalar(close)))' after a value, found \(describe(i))", at: i)
    }

    private mutating func key() throws(StoryLoadError) -> (String, SourceLocation) {
        let at = location(i)
        let c = byte(i)
        if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") { return (try string(), at) }
        if c >= 0x30 && c <= 0x39 { return (try number(), at) }
        if c == UInt8(ascii: "[") { throw fail("a computed key [..] is not a literal", at: i) }
        if c == UInt8(ascii: ".") { throw fail("a spread (...) is not a literal", at: i) }
        guard Self.isIdentifierByte(c), let word = identifier() else {
            throw fail("expected a key or '}', found \(describe(i))", at: i)
        }
        return (word, at)
    }

    func describe(_ k: Int) -> String {
        guard k < s.count else { return "the end of the file" }
        let (scalar, _) = s.withUnsafeBufferPointer { SourceText.scalar(in: $0, at: k) }
        return "'\(scalar.escaped(asASCII: true))'"
    }

    private mutating func number() throws(StoryLoadError) -> String {
        let start = i
        if byte(i) == UInt8(ascii: "-") || byte(i) == UInt8(ascii: "+") { i += 1 }
        while i < s.count
            && (Self.isIdentifierByte(s[i]) || s[i] == UInt8(ascii: ".")
                || ((s[i] == UInt8(ascii: "-") || s[i] == UInt8(ascii: "+")) && (s[i - 1] | 0x20) == UInt8(ascii: "e")))
        {
            i += 1
        }
        let text = String(decoding: s[start..<i], as: UTF8.self).replacingOccurrences(of: "_", with: "")
        if let value = Double(text) {
            return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : text
        }
        if text.hasPrefix("0x") || text.hasPrefix("0X"), let value = Int64(text.dropFirst(2), radix: 16) {
            return String(value)
        }
        throw fail("'\(text)' is not a number", at: start)
    }

    /// A quoted string or a template without substitutions, unescaped.
    private mutating func string() throws(StoryLoadError) -> String {
        let start = i
        let quote = s[i]
        i += 1
        var bytes: [UInt8] = []
        while true {
            guard i < s.count else {
                throw fail("unterminated string: close it with \(Character(Unicode.Scalar(quote)))", at: start)
            }
            let c = s[i]
            if c == quote {
                i += 1
                break
            }
            if (c == 0x0A || c == 0x0D) && quote != UInt8(ascii: "`") {
                throw fail("a line break inside a quoted string: write it as \\n, or use a `template string`", at: i)
            }
            if quote == UInt8(ascii: "`") && c == UInt8(ascii: "$") && byte(i + 1) == UInt8(ascii: "{") {
                // A substitution is computed: kept as written, and reported.
                noteCode(at: i)
                var depth = 0
                while i < s.count {
                    let d = s[i]
                    bytes.append(d)
                    i += 1
                    if d == UInt8(ascii: "{") { depth += 1 }
                    if d == UInt8(ascii: "}") {
                        depth -= 1
                        if depth == 0 { break }
                    }
                }
                continue
            }
            if c == UInt8(ascii: "\\") {
                i += 1
                let e = byte(i)
                i += 1
                switch e {
                case UInt8(ascii: "n"): bytes.append(0x0A)
                case UInt8(ascii: "t"): bytes.append(0x09)
                case UInt8(ascii: "r"): bytes.append(0x0D)
                case UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "v"): break
                case UInt8(ascii: "0"): bytes.append(0)
                case 0x0A: break // a line continuation
                case 0x0D: if byte(i) == 0x0A { i += 1 }
                case UInt8(ascii: "u"), UInt8(ascii: "x"):
                    var digits = ""
                    if e == UInt8(ascii: "u") && byte(i) == UInt8(ascii: "{") {
                        i += 1
                        while i < s.count && s[i] != UInt8(ascii: "}") {
                            digits.append(Character(Unicode.Scalar(s[i])))
                            i += 1
                        }
                        i += 1
                    } else {
                        let count = e == UInt8(ascii: "u") ? 4 : 2
                        for _ in 0..<count where i < s.count {
                            digits.append(Character(Unicode.Scalar(s[i])))
                            i += 1
                        }
                    }
                    guard let value = UInt32(digits, radix: 16) else {
                        throw fail("a bad \\\(Character(Unicode.Scalar(e))) escape", at: i - 1)
                    }
                    // A surrogate pair written as two \u escapes.
                    var scalarValue = value
                    if value >= 0xD800 && value < 0xDC00 && byte(i) == UInt8(ascii: "\\")
                        && byte(i + 1) == UInt8(ascii: "u"),
                        let low = UInt32(String(decoding: s[(i + 2)..<min(i + 6, s.count)], as: UTF8.self), radix: 16),
                        low >= 0xDC00 && low < 0xE000
                    {
                        scalarValue = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                        i += 6
                    }
                    bytes.append(contentsOf: Array(String(Unicode.Scalar(scalarValue) ?? "\u{FFFD}").utf8))
                default: bytes.append(e)
                }
                continue
            }
            bytes.append(c)
            i += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
