import StoryGraph

/// Reads the words of one Ren'Py logical line, as Ren'Py's `Lexer` does: names, dotted
/// label names, strings (with Ren'Py's own string rules), the rest of the line, and
/// Python expressions up to a keyword, a colon or the end (brackets and strings kept
/// whole). A scanner over the shared `ScalarCursor`.
struct RenPyReader {
    private var cursor: ScalarCursor
    private let scalars: [Unicode.Scalar]

    init(_ text: String) {
        scalars = Array(text.unicodeScalars)
        cursor = ScalarCursor(scalars)
    }

    var atEnd: Bool {
        mutating get {
            skipSpace()
            return cursor.isAtEnd
        }
    }

    var offset: Int { cursor.offset }

    mutating func advance() { cursor.advance() }

    /// The scalar at the position and the one after it (nil at the end).
    var current: Unicode.Scalar? { cursor.current }
    var peekScalar: Unicode.Scalar? { mutating get { cursor.peek() } }

    /// Moves back (or on) to `offset`.
    mutating func move(to offset: Int) { cursor.move(to: offset) }

    /// Moves past the digits that come next, if any.
    mutating func skipDigits() {
        skipSpace()
        _ = cursor.scan { $0.properties.numericType != nil }
    }

    mutating func skipSpace() { _ = cursor.scan { $0 == " " || $0 == "\n" } }

    var peekQuote: Bool {
        mutating get {
            skipSpace()
            guard let c = cursor.current else { return false }
            if c == "r", let next = cursor.peek(), Self.isQuote(next) { return true }
            return Self.isQuote(c)
        }
    }

    static func isQuote(_ c: Unicode.Scalar) -> Bool { c == "\"" || c == "'" || c == "`" }

    static func isNameStart(_ c: Unicode.Scalar) -> Bool {
        if c.isASCII { return c == "_" || ("a"..."z").contains(c) || ("A"..."Z").contains(c) }
        return c.properties.isAlphabetic
    }

    static func isNamePart(_ c: Unicode.Scalar) -> Bool {
        if c.isASCII { return c == "_" || ("a"..."z").contains(c) || ("A"..."Z").contains(c) || ("0"..."9").contains(c) }
        return c.properties.isAlphabetic || c.properties.numericType != nil
    }

    /// The string literal starting at `i` in `s` (its delimiter at `i`, no prefix): its
    /// value and the index after it; nil when it does not close.
    static func scanString(_ s: [Unicode.Scalar], at i: Int) -> (value: String, end: Int)? {
        let delimiter = s[i]
        let triple = i + 2 < s.count && s[i + 1] == delimiter && s[i + 2] == delimiter
        var j = i + (triple ? 3 : 1)
        let bodyStart = j
        while j < s.count {
            let c = s[j]
            if c == "\\" {
                j += 2
                continue
            }
            if c == delimiter {
                if !triple { return (value(Array(s[bodyStart..<j]), raw: false, triple: false), j + 1) }
                if j + 2 < s.count, s[j + 1] == delimiter, s[j + 2] == delimiter {
                    return (value(Array(s[bodyStart..<j]), raw: false, triple: true), j + 3)
                }
            }
            j += 1
        }
        return nil
    }

    /// A Python name (`word` in Ren'Py's lexer); nil, not moved, when there is none.
    mutating func name() -> String? {
        skipSpace()
        guard let c = cursor.current, Self.isNameStart(c) else { return nil }
        return cursor.text(cursor.scan(while: Self.isNamePart))
    }

    /// A label name: a name, `.local`, or `global.local`.
    mutating func labelName() -> String? {
        skipSpace()
        let start = cursor.offset
        _ = cursor.scan { Self.isNamePart($0) || $0 == "." }
        let text = cursor.text(start..<cursor.offset)
        return text.isEmpty || text == "." ? nil : text
    }

    /// Moves past `word` when it is the next whole word.
    mutating func keyword(_ word: String) -> Bool {
        skipSpace()
        let start = cursor.offset
        guard cursor.skip(word) else { return false }
        if let c = cursor.current, Self.isNamePart(c) {
            cursor.move(to: start)
            return false
        }
        return true
    }

    /// Moves past `symbol` when it comes next.
    mutating func symbol(_ symbol: String) -> Bool {
        skipSpace()
        return cursor.skip(symbol)
    }

    /// A string literal: its value as Ren'Py reads it (whitespace runs collapsed to one
    /// space, escapes applied; a triple-quoted string keeps its paragraph breaks) and its
    /// text as written. Nil, not moved, when no string comes next. With `renPyTriple`, a
    /// triple-quoted string is read as Ren'Py's say statement reads it
    /// (`r'r?"""([^\\"]|\\.)*"""'`): a lone delimiter inside it means it is none, and
    /// the string there is the empty one its first two delimiters make.
    mutating func string(renPyTriple: Bool = false) -> (value: String, written: String)? {
        skipSpace()
        let start = cursor.offset
        var raw = false
        if cursor.current == "r", let next = cursor.peek(), Self.isQuote(next) {
            raw = true
            cursor.advance()
        }
        guard let delimiter = cursor.current, Self.isQuote(delimiter) else {
            cursor.move(to: start)
            return nil
        }
        var triple = false
        if cursor.peek() == delimiter, cursor.peek(2) == delimiter {
            triple = true
            cursor.advance(3)
        } else {
            cursor.advance()
        }
        let bodyStart = cursor.offset
        var bodyEnd = -1
        while let c = cursor.current {
            if c == "\\" {
                cursor.advance(2)
                continue
            }
            if c == delimiter {
                if !triple {
                    bodyEnd = cursor.offset
                    cursor.advance()
                    break
                }
                if cursor.peek() == delimiter, cursor.peek(2) == delimiter {
                    bodyEnd = cursor.offset
                    cursor.advance(3)
                    break
                }
                if renPyTriple {
                    cursor.move(to: bodyStart - 1)
                    return ("", cursor.text(start..<cursor.offset))
                }
            }
            cursor.advance()
        }
        guard bodyEnd >= 0 else {
            cursor.move(to: start)
            return nil
        }
        let body = Array(scalars[bodyStart..<bodyEnd])
        let written = cursor.text(start..<cursor.offset)
        return (Self.value(body, raw: raw, triple: triple), written)
    }

    /// Ren'Py's reading of a string's body (`Lexer.string`): whitespace runs collapsed
    /// to one space, then escapes applied. A triple-quoted string is Ren'Py's monologue
    /// (`Lexer.triple_string`): its paragraphs (split at blank lines, each trimmed, empty
    /// ones dropped) joined by a blank line, each read as a one-line string.
    static func value(_ body: [Unicode.Scalar], raw: Bool, triple: Bool) -> String {
        if raw { return ScalarCursor.string(body) }
        guard triple else { return collapsed(body) }
        var lines: [[Unicode.Scalar]] = [[]]
        for c in body {
            if c == "\n" {
                while lines[lines.count - 1].last == " " { lines[lines.count - 1].removeLast() }
                lines.append([])
            } else if c == " " && lines[lines.count - 1].isEmpty && lines.count > 1 {
                continue
            } else {
                lines[lines.count - 1].append(c)
            }
        }
        var paragraphs: [String] = []
        var current: [Unicode.Scalar] = []
        for (k, line) in lines.enumerated() {
            if line.isEmpty && k > 0 {
                let text = collapsed(current)
                if !text.isEmpty { paragraphs.append(text) }
                current = []
                continue
            }
            if !current.isEmpty { current.append("\n") }
            current += line
        }
        let text = collapsed(current)
        if !text.isEmpty { paragraphs.append(text) }
        return paragraphs.joined(separator: "\n\n")
    }

    /// Whitespace runs collapsed to one space (trimmed only where Ren'Py trims), then
    /// escapes applied.
    private static func collapsed(_ body: [Unicode.Scalar]) -> String {
        var spaced: [Unicode.Scalar] = []
        spaced.reserveCapacity(body.count)
        for c in body {
            // ASCII's whitespace (tab to carriage return, space) without the Unicode table.
            if c.isASCII ? (c == " " || (c.value >= 9 && c.value <= 13)) : c.properties.isWhitespace {
                if spaced.last != " " { spaced.append(" ") }
            } else {
                spaced.append(c)
            }
        }
        // Without an escape the text is the spaced scalars as they are.
        if !spaced.contains("\\") { return ScalarCursor.string(spaced) }
        var out = String.UnicodeScalarView()
        var i = 0
        while i < spaced.count {
            let c = spaced[i]
            guard c == "\\", i + 1 < spaced.count else {
                out.append(c)
                i += 1
                continue
            }
            let e = spaced[i + 1]
            i += 2
            switch e {
            case "n": out.append("\n")
            case "{": out.append(contentsOf: "{{".unicodeScalars)
            case "[": out.append(contentsOf: "[[".unicodeScalars)
            case "%": out.append(contentsOf: "%%".unicodeScalars)
            case "u":
                var digits = ""
                while digits.unicodeScalars.count < 4, i < spaced.count, spaced[i].properties.isASCIIHexDigit {
                    digits.unicodeScalars.append(spaced[i])
                    i += 1
                }
                if let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value) {
                    out.append(scalar)
                } else {
                    out.append("u")
                }
            default: out.append(e)
            }
        }
        return String(out)
    }

    /// The rest of the line as written, trimmed; moves to the end.
    mutating func rest() -> String {
        skipSpace()
        let text = cursor.text(cursor.offset..<scalars.count)
        cursor.move(to: scalars.count)
        return Self.trimmed(text)
    }

    static func trimmed(_ text: String) -> String {
        var view = Substring(text).unicodeScalars
        while let f = view.first, f.properties.isWhitespace { view.removeFirst() }
        while let l = view.last, l.properties.isWhitespace { view.removeLast() }
        return String(view)
    }

    /// A Python expression as written, up to (not including) a top-level `:` that ends
    /// the line, one of `stops` as a whole word, or the end; brackets and strings whole.
    mutating func expression(stoppingAt stops: Set<String> = [], colon: Bool = true, semicolon: Bool = false) -> String {
        skipSpace()
        let start = cursor.offset
        var depth = 0
        while let c = cursor.current {
            if Self.isQuote(c) || (c == "r" && cursor.peek().map(Self.isQuote) == true) {
                let before = cursor.offset
                if string() == nil {
                    cursor.move(to: before)
                    cursor.advance()
                }
                continue
            }
            if c == "(" || c == "[" || c == "{" { depth += 1 }
            if c == ")" || c == "]" || c == "}" { depth = max(0, depth - 1) }
            if depth == 0 {
                if semicolon, c == ";" { break }
                if colon, c == ":", Self.trimmed(cursor.text((cursor.offset + 1)..<scalars.count)).isEmpty { break }
                if Self.isNameStart(c) {
                    let wordStart = cursor.offset
                    let word = cursor.text(cursor.scan(while: Self.isNamePart))
                    if stops.contains(word), wordStart > start,
                        !Self.isNamePart(scalars[wordStart - 1]) && scalars[wordStart - 1] != "."
                    {
                        cursor.move(to: wordStart)
                        break
                    }
                    continue
                }
            }
            cursor.advance()
        }
        return Self.trimmed(cursor.text(start..<cursor.offset))
    }

    /// Whether the line ends with a `:` (it opens a block).
    static func endsWithColon(_ text: String) -> Bool { text.unicodeScalars.last == ":" }
}
