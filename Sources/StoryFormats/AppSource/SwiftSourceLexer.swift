import StoryGraph

/// A lexer for the literals and tokens of Swift and Objective-C source, enough to read the
/// story data an app keeps in code (see `DestiniLoader`, `AdventurePieceLoader`).
///
/// It understands what a story's text can hide behind: `//` comments, block comments
/// (nested in Swift, flat in Objective-C), string escapes (`\"`, `\n`, `\u{1F600}`, `\'`),
/// multi-line `"""` strings with their indentation stripped, raw strings `#"…"#`,
/// interpolation (kept as written, `\(name)`), Objective-C `@"…"` strings with C escapes,
/// character literals and preprocessor lines. Everything else becomes identifiers,
/// numbers and punctuation. Every token keeps its scalar offsets, so a diagnostic can name
/// `file:line:column` through `SourceText.location(at:)`.
///
/// The lexer never throws: an unterminated string or comment, a bad escape or a stray
/// character is a diagnostic, and lexing goes on.
///
/// - Complexity: O(n) in the number of scalars.
package struct SwiftSourceLexer {
    /// Which language's literal rules apply.
    package enum Dialect: Sendable {
        case swift, objectiveC
    }

    /// One token.
    package struct Token: Sendable, Hashable {
        package enum Kind: Sendable, Hashable {
            /// A name or keyword (`let`, `Story`, `nil`); backticks are removed.
            case identifier
            /// A string literal; `text` is its decoded value.
            case string
            /// An integer literal as written (`12`, `0x1F`, `1_000`).
            case integer
            /// Any other number as written (`1.5`, `2e3`).
            case number
            /// A character literal of Objective-C (`'a'`), decoded.
            case character
            /// An operator (a run of `+-*/=<>!&|^~?%`) or one punctuation character.
            case punctuation
        }

        package var kind: Kind
        package var text: String
        /// Scalar offset of the first scalar of the token.
        package var offset: Int
        /// Scalar offset just after the token.
        package var end: Int
        /// Whether a line break (or a comment holding one) separates this token from the
        /// previous one: Swift ends statements there.
        package var newlineBefore: Bool

        package func isPunctuation(_ text: String) -> Bool { kind == .punctuation && self.text == text }
        package func isIdentifier(_ text: String) -> Bool { kind == .identifier && self.text == text }
    }

    package let source: SourceText
    package let dialect: Dialect
    private let s: [Unicode.Scalar]
    private var i = 0
    private var tokens: [Token] = []
    private var diagnostics: [Diagnostic] = []
    private var newlineBefore = true
    /// The end of the last run of `#` found not to open a raw string.
    private var hashRunEnd = 0

    /// Splits `source` into tokens, with a diagnostic for everything that could not be read.
    package static func tokenize(_ source: SourceText, dialect: Dialect) -> (tokens: [Token], diagnostics: [Diagnostic])
    {
        var lexer = SwiftSourceLexer(source: source, dialect: dialect)
        lexer.run()
        return (lexer.tokens, lexer.diagnostics)
    }

    private init(source: SourceText, dialect: Dialect) {
        self.source = source
        self.dialect = dialect
        self.s = source.scalars
    }

    // MARK: - Driver

    private func at(_ j: Int) -> Unicode.Scalar? { j < s.count ? s[j] : nil }

    private mutating func error(_ message: String, at offset: Int) {
        diagnostics.append(Diagnostic(FormatRules.sourceSyntax, message, at: source.location(at: min(offset, s.count))))
    }

    private mutating func emit(_ kind: Token.Kind, _ text: String, from start: Int) {
        tokens.append(Token(kind: kind, text: text, offset: start, end: i, newlineBefore: newlineBefore))
        newlineBefore = false
    }

    private mutating func run() {
        while i < s.count {
            let c = s[i]
            if c == "\n" || c == "\r" {
                newlineBefore = true
                i += 1
                continue
            }
            if c.properties.isWhitespace {
                i += 1
                continue
            }
            if c == "/" && at(i + 1) == "/" {
                skipLineComment()
                continue
            }
            if c == "/" && at(i + 1) == "*" {
                skipBlockComment()
                continue
            }
            if c == "#" && dialect == .objectiveC && newlineBefore {
                skipDirective()
                continue
            }
            if c == "#" && dialect == .swift && i >= hashRunEnd {
                // Counted once per run: a later `#` of the same run is not a raw string's
                // start either (so a run of n `#` costs O(n), not O(n²)).
                var hashes = 0
                while at(i + hashes) == "#" { hashes += 1 }
                if at(i + hashes) == "\"" {
                    swiftString(hashes: hashes)
                    continue
                }
                hashRunEnd = i + hashes
            }
            if c == "@" && at(i + 1) == "\"" {
                cString(prefix: 1)
                continue
            }
            if c == "\"" {
                if dialect == .swift { swiftString(hashes: 0) } else { cString(prefix: 0) }
                continue
            }
            if c == "'" && dialect == .objectiveC {
                characterLiteral()
                continue
            }
            if ("0"..."9").contains(c) {
                number()
                continue
            }
            if Self.isIdentifierStart(c) {
                identifier()
                continue
            }
            if c == "`" {
                backtickIdentifier()
                continue
            }
            if Self.isOperator(c) {
                operatorRun()
                continue
            }
            let start = i
            i += 1
            emit(.punctuation, String(Character(c)), from: start)
        }
    }

    // MARK: - Comments and directives

    private mutating func skipLineComment() {
        while i < s.count && !Self.isLineBreak(s[i]) { i += 1 }
    }

    /// Block comments nest in Swift (`/* a /* b */ c */`), not in Objective-C.
    private mutating func skipBlockComment() {
        let start = i
        i += 2
        var depth = 1
        while i < s.count {
            if Self.isLineBreak(s[i]) { newlineBefore = true }
            if s[i] == "*" && at(i + 1) == "/" {
                i += 2
                depth -= 1
                if depth == 0 { return }
                continue
            }
            if dialect == .swift && s[i] == "/" && at(i + 1) == "*" {
                i += 2
                depth += 1
                continue
            }
            i += 1
        }
        error("unterminated comment: '/*' is never closed", at: start)
    }

    /// `#import`, `#define`…: the whole line, with `\` continuations.
    private mutating func skipDirective() {
        while i < s.count && !Self.isLineBreak(s[i]) {
            if s[i] == "\\", let next = at(i + 1), Self.isLineBreak(next) {
                i += next == "\r" && at(i + 2) == "\n" ? 3 : 2
                continue
            }
            if s[i] == "/" && at(i + 1) == "*" {
                skipBlockComment()
                continue
            }
            i += 1
        }
    }

    // MARK: - Names, numbers, operators

    static func isIdentifierStart(_ c: Unicode.Scalar) -> Bool {
        if c.isASCII {
            return ("a"..."z").contains(c) || ("A"..."Z").contains(c) || c == "_" || c == "$"
        }
        return c.properties.isXIDStart || c.properties.isEmojiPresentation
    }

    static func isIdentifierContinue(_ c: Unicode.Scalar) -> Bool {
        if c.isASCII { return isIdentifierStart(c) || ("0"..."9").contains(c) }
        return c.properties.isXIDContinue || c.properties.isEmojiPresentation || c == "\u{200D}" || c == "\u{FE0F}"
    }

    /// LF, or CR (alone in old Mac files, before LF in Windows ones).
    static func isLineBreak(_ c: Unicode.Scalar) -> Bool { c == "\n" || c == "\r" }

    static func isOperator(_ c: Unicode.Scalar) -> Bool {
        switch c {
        case "+", "-", "*", "/", "=", "<", ">", "!", "&", "|", "^", "~", "?", "%": true
        default: false
        }
    }

    private mutating func identifier() {
        let start = i
        i += 1
        while i < s.count && Self.isIdentifierContinue(s[i]) { i += 1 }
        emit(.identifier, source.text(start..<i), from: start)
    }

    private mutating func backtickIdentifier() {
        let start = i
        i += 1
        while i < s.count && s[i] != "`" && s[i] != "\n" { i += 1 }
        if at(i) == "`" {
            let name = source.text(start + 1..<i)
            i += 1
            emit(.identifier, name, from: start)
        } else {
            error("unterminated `identifier`", at: start)
            emit(.punctuation, "`", from: start)
        }
    }

    /// Integers keep their spelling (`0x1F`, `1_000`, `10u`); a fraction or an exponent
    /// makes a `number`.
    private mutating func number() {
        let start = i
        var isInteger = true
        if s[i] == "0", let p = at(i + 1), p == "x" || p == "X" || p == "b" || p == "o" {
            i += 2
            while i < s.count && (s[i].properties.isASCIIHexDigit || s[i] == "_") { i += 1 }
        } else {
            while i < s.count && (("0"..."9").contains(s[i]) || s[i] == "_") { i += 1 }
            if at(i) == ".", let d = at(i + 1), ("0"..."9").contains(d) {
                isInteger = false
                i += 1
                while i < s.count && (("0"..."9").contains(s[i]) || s[i] == "_") { i += 1 }
            }
            if let e = at(i), e == "e" || e == "E" {
                var j = i + 1
                if let sign = at(j), sign == "+" || sign == "-" { j += 1 }
                if let d = at(j), ("0"..."9").contains(d) {
                    isInteger = false
                    i = j
                    while i < s.count && ("0"..."9").contains(s[i]) { i += 1 }
                }
            }
        }
        // C suffixes (10u, 1.5f, 3L) belong to the number.
        while i < s.count && s[i].isASCII && Self.isIdentifierContinue(s[i]) { i += 1 }
        emit(isInteger ? .integer : .number, source.text(start..<i), from: start)
    }

    private mutating func operatorRun() {
        let start = i
        i += 1
        while i < s.count && Self.isOperator(s[i]) {
            // A comment may follow an operator directly: `=// note`.
            if s[i] == "/" && (at(i + 1) == "/" || at(i + 1) == "*") { break }
            i += 1
        }
        emit(.punctuation, source.text(start..<i), from: start)
    }

    // MARK: - Swift strings

    /// Whether an escape introducer (`\` then `hashes` times `#`) starts at `j`.
    private func isEscape(at j: Int, hashes: Int) -> Bool {
        guard at(j) == "\\" else { return false }
        for k in 0..<hashes where at(j + 1 + k) != "#" { return false }
        return true
    }

    /// Whether a closing quote run (`quotes` times `"`, then `hashes` times `#`) starts at `j`.
    private func isClose(at j: Int, quotes: Int, hashes: Int) -> Bool {
        for k in 0..<quotes where at(j + k) != "\"" { return false }
        for k in 0..<hashes where at(j + quotes + k) != "#" { return false }
        return true
    }

    /// The offset just after the `)` that closes an interpolation whose `(` is at `open`,
    /// or nil when the line (single-line strings) or the file ends first. Quoted strings
    /// inside the interpolation are skipped.
    private func interpolationEnd(open: Int, multiline: Bool) -> Int? {
        var depth = 0
        var j = open
        var inString = false
        while j < s.count {
            let c = s[j]
            if c == "\n" && !multiline { return nil }
            if inString {
                if c == "\\" {
                    j += 2
                    continue
                }
                if c == "\"" { inString = false }
            } else if c == "\"" {
                inString = true
            } else if c == "(" {
                depth += 1
            } else if c == ")" {
                depth -= 1
                if depth == 0 { return j + 1 }
            }
            j += 1
        }
        return nil
    }

    /// `"…"`, `"""…"""`, `#"…"#` and their multi-line raw forms.
    private mutating func swiftString(hashes: Int) {
        let start = i
        let multiline = isClose(at: i + hashes, quotes: 3, hashes: 0)
        if multiline {
            multilineString(start: start, hashes: hashes)
            return
        }
        i += hashes + 1
        let contentStart = i
        var terminated = false
        while i < s.count {
            if Self.isLineBreak(s[i]) { break }
            if isEscape(at: i, hashes: hashes) {
                let after = i + 1 + hashes
                if at(after) == "(" {
                    if let end = interpolationEnd(open: after, multiline: false) {
                        i = end
                        continue
                    }
                    i = after
                    break
                }
                i = min(after + 1, s.count)
                continue
            }
            if isClose(at: i, quotes: 1, hashes: hashes) {
                terminated = true
                break
            }
            i += 1
        }
        let contentEnd = min(i, s.count)
        if terminated {
            i += 1 + hashes
        } else {
            error("unterminated string literal", at: start)
            while i < s.count && !Self.isLineBreak(s[i]) { i += 1 }
        }
        let content = Array(s[contentStart..<contentEnd])
        let origin = Array(contentStart..<contentEnd)
        emit(.string, decodeSwift(content, origin: origin, hashes: hashes, multiline: false), from: start)
    }

    /// A `"""` string: its content starts on the line after the opening delimiter and ends
    /// on the line before the closing one, whose indentation is removed from every line.
    private mutating func multilineString(start: Int, hashes: Int) {
        i = start + hashes + 3
        while i < s.count && s[i] != "\n" {
            if !s[i].properties.isWhitespace {
                error("a multi-line string must start on the line after its opening '\"\"\"'", at: i)
                break
            }
            i += 1
        }
        while i < s.count && s[i] != "\n" { i += 1 }
        let contentStart = min(i + 1, s.count)
        i = contentStart
        var close: Int?
        while i < s.count {
            if isEscape(at: i, hashes: hashes) {
                let after = i + 1 + hashes
                if at(after) == "(" {
                    if let end = interpolationEnd(open: after, multiline: true) {
                        i = end
                        continue
                    }
                    // An interpolation that never closes runs to the end of the file, and
                    // the string with it (as in Swift); stopping here keeps the lexer linear.
                    error("unterminated interpolation '\\(' in a multi-line string", at: i)
                    i = s.count
                    break
                }
                i = min(after + 1, s.count)
                continue
            }
            if isClose(at: i, quotes: 3, hashes: hashes) {
                close = i
                break
            }
            i += 1
        }
        guard let close else {
            error("unterminated multi-line string: '\"\"\"' is never closed", at: start)
            let content = Array(s[contentStart..<s.count])
            emit(
                .string, decodeSwift(content, origin: Array(contentStart..<s.count), hashes: hashes, multiline: true),
                from: start)
            return
        }
        i = close + 3 + hashes
        // The closing delimiter's indentation.
        var lineStart = close
        while lineStart > contentStart && s[lineStart - 1] != "\n" { lineStart -= 1 }
        let indentation = Array(s[lineStart..<close])
        if indentation.contains(where: { !$0.properties.isWhitespace }) {
            error("the closing '\"\"\"' of a multi-line string must be on a line of its own", at: close)
        }
        // Content lines: contentStart ..< the newline before the closing line.
        let contentEnd = max(contentStart, lineStart - 1)
        var content: [Unicode.Scalar] = []
        var origin: [Int] = []
        var j = contentStart
        var atLineStart = true
        while j < contentEnd {
            if atLineStart {
                atLineStart = false
                var k = 0
                while k < indentation.count && j + k < contentEnd && s[j + k] == indentation[k] { k += 1 }
                let blank = j + k >= contentEnd || s[j + k] == "\n" || s[j + k] == "\r"
                if k < indentation.count && !blank {
                    error("insufficient indentation of a line in a multi-line string", at: j + k)
                }
                j += k
                continue
            }
            if s[j] == "\n" { atLineStart = true }
            if s[j] != "\r" {
                content.append(s[j])
                origin.append(j)
            }
            j += 1
        }
        emit(.string, decodeSwift(content, origin: origin, hashes: hashes, multiline: true), from: start)
    }

    /// Applies Swift's escapes; interpolations are kept as written.
    private mutating func decodeSwift(_ c: [Unicode.Scalar], origin: [Int], hashes: Int, multiline: Bool) -> String {
        var out = String.UnicodeScalarView()
        var j = 0
        func escapeAt(_ j: Int) -> Bool {
            guard j < c.count, c[j] == "\\" else { return false }
            for k in 0..<hashes where j + 1 + k >= c.count || c[j + 1 + k] != "#" { return false }
            return true
        }
        while j < c.count {
            guard escapeAt(j) else {
                out.append(c[j])
                j += 1
                continue
            }
            let e = j + 1 + hashes
            guard e < c.count else {
                out.append(contentsOf: c[j..<c.count])
                break
            }
            switch c[e] {
            case "n": out.append("\n")
            case "t": out.append("\t")
            case "r": out.append("\r")
            case "0": out.append("\0")
            case "\\": out.append("\\")
            case "\"": out.append("\"")
            case "'": out.append("'")
            case "\n" where multiline:
                break // line continuation
            case " ", "\t":
                // In a multi-line string, `\` then spaces then a line break is a continuation.
                var k = e
                while k < c.count && (c[k] == " " || c[k] == "\t") { k += 1 }
                if multiline && k < c.count && c[k] == "\n" {
                    j = k + 1
                    continue
                }
                error("invalid escape in string", at: origin[j])
                out.append(c[e])
            case "(":
                // Interpolation, kept as written: find its closing parenthesis.
                var depth = 0
                var k = e
                var inString = false
                while k < c.count {
                    if inString {
                        if c[k] == "\\" {
                            k += 2
                            continue
                        }
                        if c[k] == "\"" { inString = false }
                    } else if c[k] == "\"" {
                        inString = true
                    } else if c[k] == "(" {
                        depth += 1
                    } else if c[k] == ")" {
                        depth -= 1
                        if depth == 0 { break }
                    }
                    k += 1
                }
                let last = min(k, c.count - 1)
                out.append(contentsOf: c[j...last])
                j = last + 1
                continue
            case "u":
                var k = e + 1
                var value: UInt32 = 0
                var digits = 0
                var valid = k < c.count && c[k] == "{"
                if valid {
                    k += 1
                    while k < c.count, c[k] != "}", let d = Self.hexValue(c[k]), digits < 8 {
                        value = value &* 16 &+ d
                        digits += 1
                        k += 1
                    }
                    valid = k < c.count && c[k] == "}" && digits > 0
                }
                if valid, let scalar = Unicode.Scalar(value) {
                    out.append(scalar)
                    j = k + 1
                } else {
                    error(
                        "invalid unicode escape: expected \\u{1F600} with 1 to 8 hex digits naming a scalar",
                        at: origin[j])
                    out.append("\u{FFFD}")
                    j = valid ? k + 1 : e + 1
                }
                continue
            default:
                error("invalid escape '\\\(Character(c[e]))' in string", at: origin[j])
                out.append(c[e])
            }
            j = e + 1
        }
        return String(out)
    }

    static func hexValue(_ c: Unicode.Scalar) -> UInt32? {
        switch c {
        case "0"..."9": c.value - 48
        case "a"..."f": c.value - 87
        case "A"..."F": c.value - 55
        default: nil
        }
    }

    // MARK: - C and Objective-C strings

    /// `"…"` in Objective-C and `@"…"` in either language: C escapes, one line.
    private mutating func cString(prefix: Int) {
        let start = i
        i += prefix + 1
        var out = String.UnicodeScalarView()
        while i < s.count && s[i] != "\"" && !Self.isLineBreak(s[i]) {
            if s[i] == "\\" {
                cEscape(into: &out)
                continue
            }
            out.append(s[i])
            i += 1
        }
        if at(i) == "\"" {
            i += 1
        } else {
            error("unterminated string literal", at: start)
        }
        emit(.string, String(out), from: start)
    }

    private mutating func characterLiteral() {
        let start = i
        i += 1
        var out = String.UnicodeScalarView()
        while i < s.count && s[i] != "'" && !Self.isLineBreak(s[i]) {
            if s[i] == "\\" {
                cEscape(into: &out)
                continue
            }
            out.append(s[i])
            i += 1
        }
        if at(i) == "'" { i += 1 } else { error("unterminated character literal", at: start) }
        emit(.character, String(out), from: start)
    }

    /// Reads one C escape at `i` (a backslash) into `out`.
    private mutating func cEscape(into out: inout String.UnicodeScalarView) {
        let start = i
        guard let e = at(i + 1) else {
            i += 1
            return
        }
        i += 2
        switch e {
        case "n": out.append("\n")
        case "t": out.append("\t")
        case "r": out.append("\r")
        case "a": out.append("\u{07}")
        case "b": out.append("\u{08}")
        case "f": out.append("\u{0C}")
        case "v": out.append("\u{0B}")
        case "e": out.append("\u{1B}")
        case "\\", "\"", "'", "?": out.append(e)
        case "\n": break // line continuation
        case "0"..."7":
            var value = e.value - 48
            var count = 1
            while count < 3, let d = at(i), ("0"..."7").contains(d) {
                value = value * 8 + d.value - 48
                i += 1
                count += 1
            }
            out.append(Unicode.Scalar(value) ?? "\u{FFFD}")
        case "x", "u", "U":
            let maximum = e == "x" ? 8 : (e == "u" ? 4 : 8)
            var value: UInt32 = 0
            var count = 0
            while count < maximum, let c = at(i), let d = Self.hexValue(c) {
                value = value &* 16 &+ d
                i += 1
                count += 1
            }
            if count == 0 || (e != "x" && count != maximum) {
                error("invalid '\\\(Character(e))' escape in string", at: start)
            }
            out.append(Unicode.Scalar(value) ?? "\u{FFFD}")
        default:
            error("invalid escape '\\\(Character(e))' in string", at: start)
            out.append(e)
        }
    }
}

extension SwiftSourceLexer.Dialect {
    /// Objective-C for `.m`, `.mm` and `.h` files; for any other name, Objective-C when the
    /// text holds `@interface`, `@implementation` or `#import`, else Swift.
    package static func guess(for source: SourceText) -> SwiftSourceLexer.Dialect {
        let ext =
            source.path.split(separator: ".").count > 1
            ? String(source.path.split(separator: ".").last!).lowercased() : ""
        if ["m", "mm", "h"].contains(ext) { return .objectiveC }
        if ext == "swift" { return .swift }
        let head = source.text(0..<min(source.scalars.count, 1 << 16))
        return head.contains("@implementation") || head.contains("@interface") || head.contains("#import")
            ? .objectiveC : .swift
    }
}
