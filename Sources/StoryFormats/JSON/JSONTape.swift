import StoryGraph

/// A JSON document parsed over UTF-8 bytes into one flat array of nodes (a "tape"), each
/// node holding the byte offset where it was written. Nothing is decoded or located until
/// a reader asks: strings stay byte ranges, and a `SourceLocation` is made only for the
/// nodes a reader keeps or reports. `LocatedValue.parse` and the JSON loaders read it.
///
/// The tape accepts and refuses exactly what RFC 8259 does, with the same messages and
/// places as the located parser always had.
package struct JSONTape: Sendable {
    /// The key under which recognition shares one tape between the JSON loaders.
    static let layer = "json-tape"

    /// The tape of `source`, parsed once per file for every JSON loader.
    static func shared(_ source: SourceText, _ parses: SourceParses) throws(StoryLoadError) -> JSONTape {
        try parses.value(layer) { () throws(StoryLoadError) in try JSONTape(source) }
    }

    enum Kind: UInt8, Sendable {
        case object, array, string, number, `true`, `false`, null
    }

    struct Node: Sendable {
        var kind: Kind
        /// For strings: whether the string holds a backslash escape.
        var escaped: Bool
        /// Byte offset of the value's first byte (the opening quote of a string).
        var start: Int32
        /// Strings: the offset of the closing quote; numbers: one past the last digit.
        var end: Int32
        /// The index of the node after this one's subtree.
        var next: Int32
    }

    let source: SourceText
    let nodes: [Node]

    /// Parses a whole document. Nesting deeper than `maximumDepth` is refused with its
    /// location, so hostile input cannot exhaust the stack.
    ///
    /// - Complexity: O(n) for n bytes.
    init(_ source: SourceText, maximumDepth: Int = 256) throws(StoryLoadError) {
        self.source = source
        var nodes: [Node] = []
        try source.utf8.withUnsafeBufferPointer { (bytes) throws(StoryLoadError) in
            var parser = TapeParser(source: source, s: bytes, maximumDepth: maximumDepth)
            parser.nodes.reserveCapacity(bytes.count / 8)
            try parser.document()
            nodes = parser.nodes
        }
        self.nodes = nodes
    }

    var root: Int { 0 }

    func kind(_ n: Int) -> Kind { nodes[n].kind }

    /// The name of the value's JSON type, for messages ("expected a string, found an array").
    func typeName(_ n: Int) -> String {
        switch nodes[n].kind {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .true, .false: "a boolean"
        case .null: "null"
        }
    }

    /// Where the node after `n`'s subtree is.
    @inline(__always) func next(_ n: Int) -> Int { Int(nodes[n].next) }

    /// Calls `body(key, value)` with the node indices of each member of object `n`, in
    /// source order.
    @inline(__always)
    func forEachMember(_ n: Int, _ body: (Int, Int) throws -> Void) rethrows {
        var k = n + 1
        let end = next(n)
        while k < end {
            try body(k, k + 1)
            k = next(k + 1)
        }
    }

    /// Calls `body(element)` with the node index of each element of array `n`.
    @inline(__always)
    func forEachElement(_ n: Int, _ body: (Int) throws -> Void) rethrows {
        var k = n + 1
        let end = next(n)
        while k < end {
            try body(k)
            k = next(k)
        }
    }

    func isEmptyContainer(_ n: Int) -> Bool { next(n) == n + 1 }

    /// The number of elements of array `n` (a walk over their `next` links, no more).
    func elementCount(_ n: Int) -> Int {
        var count = 0
        forEachElement(n) { _ in count += 1 }
        return count
    }

    /// Whether the document is storygraph's own story JSON: an object whose "passages"
    /// is a list holding a record with an "id".
    ///
    /// - Complexity: O(members of the root + members of the passages before the first
    ///   with an "id").
    var isStoryJSON: Bool {
        guard !nodes.isEmpty, kind(root) == .object else { return false }
        var member = root + 1
        while member < next(root) {
            let value = member + 1
            if stringEquals(member, "passages"), kind(value) == .array {
                var element = value + 1
                while element < next(value) {
                    if kind(element) == .object {
                        var field = element + 1
                        while field < next(element) {
                            if stringEquals(field, "id") { return true }
                            field = next(field + 1)
                        }
                    }
                    element = next(element)
                }
            }
            member = next(value)
        }
        return false
    }

    /// The decoded string of string node `n`.
    func string(_ n: Int) -> String {
        let node = nodes[n]
        return source.utf8.withUnsafeBufferPointer { bytes in
            let body = UnsafeBufferPointer(rebasing: bytes[Int(node.start) + 1..<Int(node.end)])
            if !node.escaped { return String(decoding: body, as: UTF8.self) }
            return JSONTape.unescape(body)
        }
    }

    /// The number as written.
    func numberText(_ n: Int) -> String {
        let node = nodes[n]
        return source.utf8.withUnsafeBufferPointer { bytes in
            String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(node.start)..<Int(node.end)]), as: UTF8.self)
        }
    }

    /// Whether string node `n` decodes to exactly `literal`, an ASCII word. (No string
    /// other than the word's own bytes is equal to it as a Swift `String`: the only
    /// scalars canonically equivalent to ASCII are U+212A, U+037E and U+1FEF, standing for
    /// K, ; and `, which no key of a story holds.)
    func stringEquals(_ n: Int, _ literal: StaticString) -> Bool {
        let node = nodes[n]
        if node.escaped { return string(n) == literal.description }
        let length = Int(node.end - node.start) - 1
        guard length == literal.utf8CodeUnitCount else { return false }
        return source.utf8.withUnsafeBufferPointer { bytes in
            let word = literal.utf8Start
            let base = Int(node.start) + 1
            for k in 0..<length where bytes[base + k] != word[k] { return false }
            return true
        }
    }

    /// Decodes the body of a string that holds escapes (already checked by the parser).
    static func unescape(_ s: UnsafeBufferPointer<UInt8>) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(s.count)
        func append(_ scalar: Unicode.Scalar) {
            UTF8.encode(scalar) { out.append($0) }
        }
        func hex4(_ i: inout Int) -> UInt32 {
            var value: UInt32 = 0
            for _ in 0..<4 {
                value = value * 16 + UInt32(hexDigit(s[i])!)
                i += 1
            }
            return value
        }
        var i = 0
        while i < s.count {
            let c = s[i]
            guard c == UInt8(ascii: "\\") else {
                out.append(c)
                i += 1
                continue
            }
            let e = s[i + 1]
            i += 2
            switch e {
            case UInt8(ascii: "\""): out.append(e)
            case UInt8(ascii: "\\"): out.append(e)
            case UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            default: // u
                let first = hex4(&i)
                if (0xD800..<0xDC00).contains(first) {
                    // A high surrogate must be followed by an escaped low surrogate.
                    if i + 1 < s.count, s[i] == UInt8(ascii: "\\"), s[i + 1] == UInt8(ascii: "u") {
                        i += 2
                        let second = hex4(&i)
                        if (0xDC00..<0xE000).contains(second) {
                            let value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
                            append(Unicode.Scalar(value)!)
                            continue
                        }
                    }
                    append("\u{FFFD}")
                } else if let scalar = Unicode.Scalar(first) {
                    append(scalar)
                } else {
                    append("\u{FFFD}") // a lone low surrogate
                }
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    @inline(__always)
    static func hexDigit(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): c - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// The RFC 8259 parser behind `JSONTape`, over the bytes of a validated UTF-8 text.
private struct TapeParser {
    let source: SourceText
    let s: UnsafeBufferPointer<UInt8>
    let maximumDepth: Int
    var i = 0
    var depth = 0
    var nodes: [JSONTape.Node] = []

    init(source: SourceText, s: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
        self.source = source
        self.s = s
        self.maximumDepth = maximumDepth
    }

    mutating func document() throws(StoryLoadError) {
        skipWhitespace()
        if i == s.count { throw fail("empty file: expected a JSON document", at: i) }
        try parseValue()
        skipWhitespace()
        if i < s.count { throw fail("unexpected \(describe(i)) after the JSON document", at: i) }
    }

    func fail(_ message: String, at offset: Int) -> StoryLoadError {
        StoryLoadError(FormatRules.jsonSyntax, message, at: source.location(atByte: min(offset, s.count)))
    }

    /// The scalar at a byte offset, as messages show it.
    func describe(_ offset: Int) -> String {
        guard offset < s.count else { return "end of file" }
        let c = SourceText.scalar(in: s, at: offset).0
        if c.value < 0x20 { return "control character U+\(String(c.value, radix: 16, uppercase: true))" }
        return "'\(Character(c))'"
    }

    @inline(__always)
    mutating func skipWhitespace() {
        while i < s.count {
            switch s[i] {
            case 0x20, 0x09, 0x0A, 0x0D: i += 1
            default: return
            }
        }
    }

    @inline(__always)
    mutating func append(_ kind: JSONTape.Kind, start: Int, end: Int, escaped: Bool = false) {
        nodes.append(
            JSONTape.Node(
                kind: kind, escaped: escaped, start: Int32(truncatingIfNeeded: start),
                end: Int32(truncatingIfNeeded: end), next: Int32(truncatingIfNeeded: nodes.count + 1)))
    }

    mutating func parseValue() throws(StoryLoadError) {
        skipWhitespace()
        guard i < s.count else { throw fail("unexpected end of file: expected a value", at: i) }
        let start = i
        switch s[i] {
        case UInt8(ascii: "{"): try parseObject()
        case UInt8(ascii: "["): try parseArray()
        case UInt8(ascii: "\""): try parseString()
        case UInt8(ascii: "t"):
            try literal("true")
            append(.true, start: start, end: i)
        case UInt8(ascii: "f"):
            try literal("false")
            append(.false, start: start, end: i)
        case UInt8(ascii: "n"):
            try literal("null")
            append(.null, start: start, end: i)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            try parseNumber()
            append(.number, start: start, end: i)
        default: throw fail("unexpected \(describe(i)): expected a value", at: i)
        }
    }

    mutating func literal(_ word: StaticString) throws(StoryLoadError) {
        let start = i
        let bytes = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for expected in bytes {
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

    /// Appends a container's node; its `next` is set when the container closes.
    mutating func open(_ kind: JSONTape.Kind) -> Int {
        append(kind, start: i, end: i)
        return nodes.count - 1
    }

    mutating func close(_ node: Int) {
        nodes[node].next = Int32(truncatingIfNeeded: nodes.count)
        nodes[node].end = Int32(truncatingIfNeeded: i)
    }

    mutating func parseObject() throws(StoryLoadError) {
        try enter(i)
        defer { depth -= 1 }
        let node = open(.object)
        i += 1 // {
        skipWhitespace()
        if i < s.count, s[i] == UInt8(ascii: "}") {
            i += 1
            close(node)
            return
        }
        while true {
            skipWhitespace()
            guard i < s.count, s[i] == UInt8(ascii: "\"") else {
                throw fail("unexpected \(describe(i)): expected a string key", at: i)
            }
            try parseString()
            skipWhitespace()
            guard i < s.count, s[i] == UInt8(ascii: ":") else {
                let key = JSONTape.decode(nodes[nodes.count - 1], in: s)
                throw fail("unexpected \(describe(i)): expected ':' after key \"\(key)\"", at: i)
            }
            i += 1
            try parseValue()
            skipWhitespace()
            guard i < s.count else { throw fail("unexpected end of file: expected ',' or '}'", at: i) }
            if s[i] == UInt8(ascii: ",") {
                i += 1
                continue
            }
            if s[i] == UInt8(ascii: "}") {
                i += 1
                close(node)
                return
            }
            throw fail("unexpected \(describe(i)): expected ',' or '}'", at: i)
        }
    }

    mutating func parseArray() throws(StoryLoadError) {
        try enter(i)
        defer { depth -= 1 }
        let node = open(.array)
        i += 1 // [
        skipWhitespace()
        if i < s.count, s[i] == UInt8(ascii: "]") {
            i += 1
            close(node)
            return
        }
        while true {
            try parseValue()
            skipWhitespace()
            guard i < s.count else { throw fail("unexpected end of file: expected ',' or ']'", at: i) }
            if s[i] == UInt8(ascii: ",") {
                i += 1
                continue
            }
            if s[i] == UInt8(ascii: "]") {
                i += 1
                close(node)
                return
            }
            throw fail("unexpected \(describe(i)): expected ',' or ']'", at: i)
        }
    }

    /// Checks a string and appends its node; decodes nothing.
    mutating func parseString() throws(StoryLoadError) {
        let start = i
        i += 1 // opening quote
        var escaped = false
        while true {
            // The common case: a run of plain bytes.
            while i < s.count {
                let c = s[i]
                if c == UInt8(ascii: "\"") || c == UInt8(ascii: "\\") || c < 0x20 { break }
                i += 1
            }
            guard i < s.count else { throw fail("unterminated string", at: start) }
            let c = s[i]
            if c == UInt8(ascii: "\"") {
                append(.string, start: start, end: i, escaped: escaped)
                i += 1
                return
            }
            if c < 0x20 {
                throw fail(
                    c == 0x0A || c == 0x0D
                        ? "a line break inside a string must be written \\n (JSON strings cannot span lines)"
                        : "control character U+\(String(c, radix: 16, uppercase: true)) in string: escape it", at: i)
            }
            // A backslash.
            escaped = true
            i += 1
            guard i < s.count else { throw fail("unterminated string", at: start) }
            let e = s[i]
            i += SourceText.scalarLength(e)
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                continue
            case UInt8(ascii: "u"):
                let first = try hex4()
                if (0xD800..<0xDC00).contains(first) {
                    if i + 1 < s.count, s[i] == UInt8(ascii: "\\"), s[i + 1] == UInt8(ascii: "u") {
                        i += 2
                        _ = try hex4()
                    }
                }
            default:
                let escape = Character(SourceText.scalar(in: s, at: i - SourceText.scalarLength(e)).0)
                throw fail("invalid escape '\\\(escape)' in string", at: i - SourceText.scalarLength(e) - 1)
            }
        }
    }

    mutating func hex4() throws(StoryLoadError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard i < s.count, let digit = JSONTape.hexDigit(s[i]) else {
                throw fail("invalid \\u escape: expected four hex digits", at: i)
            }
            value = value * 16 + UInt32(digit)
            i += 1
        }
        return value
    }

    @inline(__always)
    func isDigit(_ k: Int) -> Bool { k < s.count && s[k] >= UInt8(ascii: "0") && s[k] <= UInt8(ascii: "9") }

    mutating func parseNumber() throws(StoryLoadError) {
        let start = i
        if s[i] == UInt8(ascii: "-") { i += 1 }
        guard isDigit(i) else { throw fail("invalid number", at: start) }
        if s[i] == UInt8(ascii: "0") { i += 1 } else { while isDigit(i) { i += 1 } }
        if i < s.count, s[i] == UInt8(ascii: ".") {
            i += 1
            guard isDigit(i) else { throw fail("invalid number", at: start) }
            while isDigit(i) { i += 1 }
        }
        if i < s.count, s[i] == UInt8(ascii: "e") || s[i] == UInt8(ascii: "E") {
            i += 1
            if i < s.count, s[i] == UInt8(ascii: "+") || s[i] == UInt8(ascii: "-") { i += 1 }
            guard isDigit(i) else { throw fail("invalid number", at: start) }
            while isDigit(i) { i += 1 }
        }
    }
}

extension JSONTape {
    /// The decoded text of a string node, given the bytes it was parsed from.
    fileprivate static func decode(_ node: Node, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        let body = UnsafeBufferPointer(rebasing: bytes[Int(node.start) + 1..<Int(node.end)])
        return node.escaped ? unescape(body) : String(decoding: body, as: UTF8.self)
    }
}
