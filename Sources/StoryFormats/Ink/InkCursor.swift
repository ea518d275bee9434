import StoryGraph

/// The one cursor every ink scanner reads with: the Unicode scalars of one source line
/// (comments already removed), a position in them, and the line's place in its file, so
/// that every construct can say where it is. Like the `StringParser` under ink's own
/// compiler, it only moves forward on a match; scanners that try a rule and fail put
/// `position` back themselves.
struct InkCursor {
    let scalars: [Unicode.Scalar]
    let file: String
    let line: Int
    var position: Int

    init(_ scalars: [Unicode.Scalar], file: String, line: Int, position: Int = 0) {
        self.scalars = scalars
        self.file = file
        self.line = line
        self.position = position
    }

    var atEnd: Bool { position >= scalars.count }
    var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }
    func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        let i = position + offset
        return i < scalars.count && i >= 0 ? scalars[i] : nil
    }

    /// The location of the scalar at `position` (1-based column).
    var location: SourceLocation { SourceLocation(file: file, line: line, column: position + 1) }
    func location(at offset: Int) -> SourceLocation { SourceLocation(file: file, line: line, column: offset + 1) }

    mutating func advance(_ count: Int = 1) { position = min(scalars.count, position + count) }

    mutating func skipSpaces() {
        while let c = current, c == " " || c == "\t" { position += 1 }
    }

    /// Whether the text at `position` starts with `literal`.
    func looksAt(_ literal: String) -> Bool {
        var i = position
        for u in literal.unicodeScalars {
            guard i < scalars.count, scalars[i] == u else { return false }
            i += 1
        }
        return true
    }

    /// Consumes `literal` if it is next.
    mutating func match(_ literal: String) -> Bool {
        guard looksAt(literal) else { return false }
        position += literal.unicodeScalars.count
        return true
    }

    /// Consumes a keyword (`else`, `and`, `VAR`) only when no identifier scalar follows it.
    mutating func matchWord(_ word: String) -> Bool {
        guard looksAt(word) else { return false }
        let after = position + word.unicodeScalars.count
        if after < scalars.count, Self.isIdentifierScalar(scalars[after]) { return false }
        position = after
        return true
    }

    /// ink identifiers: letters, digits and `_` (any non-ASCII letter too), not all digits.
    static func isIdentifierScalar(_ c: Unicode.Scalar) -> Bool {
        c == "_" || c.properties.isAlphabetic || ("0"..."9").contains(c)
    }

    mutating func identifier() -> String? {
        let start = position
        while let c = current, Self.isIdentifierScalar(c) { position += 1 }
        guard position > start else { return nil }
        let text = self.text(start..<position)
        if text.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) {
            position = start
            return nil
        }
        return text
    }

    /// A dotted path such as `knot.stitch.label`.
    mutating func dottedPath() -> String? {
        guard var path = identifier() else { return nil }
        while current == ".", let next = peek(1), Self.isIdentifierScalar(next) {
            let save = position
            position += 1
            guard let part = identifier() else {
                position = save
                break
            }
            path += "." + part
        }
        return path
    }

    func text(_ range: Range<Int>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[max(0, range.lowerBound)..<min(scalars.count, range.upperBound)])
        return String(view)
    }

    /// The rest of the line, from `position`.
    var rest: String { text(position..<scalars.count) }
}
