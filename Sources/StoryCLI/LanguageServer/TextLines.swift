/// A text as lines of Unicode scalars, to turn storygraph's places (1-based lines, columns
/// counting scalars) into LSP's (0-based lines, characters counting UTF-16 code units) and
/// back. Lines end at LF; a CR before it is not part of the line.
package struct TextLines: Sendable {
    package let lines: [[Unicode.Scalar]]

    package init(_ text: String) {
        var lines: [[Unicode.Scalar]] = [[]]
        for scalar in text.unicodeScalars {
            if scalar == "\n" {
                if lines[lines.count - 1].last == "\r" { lines[lines.count - 1].removeLast() }
                lines.append([])
            } else {
                lines[lines.count - 1].append(scalar)
            }
        }
        self.lines = lines
    }

    package var count: Int { lines.count }

    /// The line `index` (0-based); empty past the end.
    package func line(_ index: Int) -> [Unicode.Scalar] { lines.indices.contains(index) ? lines[index] : [] }

    /// The UTF-16 offset of scalar column `column` (0-based) on line `index`.
    package func utf16(line index: Int, scalar column: Int) -> Int {
        line(index).prefix(max(0, column)).reduce(0) { $0 + $1.utf16.count }
    }

    /// The scalar column (0-based) of UTF-16 offset `offset` on line `index` (a position in
    /// the middle of a surrogate pair counts as the scalar's start).
    package func scalar(line index: Int, utf16 offset: Int) -> Int {
        var units = 0
        for (k, scalar) in line(index).enumerated() {
            units += scalar.utf16.count
            if units > offset { return k }
        }
        return line(index).count
    }

    /// The LSP range from scalar column `start` to `end` (0-based, end excluded) of line
    /// `index`.
    package func range(line index: Int, from start: Int, to end: Int) -> JSONValue {
        LSP.range(
            line: index, start: utf16(line: index, scalar: start), endLine: index, end: utf16(line: index, scalar: end))
    }

    /// The scalar column just past the last non-blank scalar of line `index`.
    package func contentEnd(_ index: Int) -> Int {
        let scalars = line(index)
        var end = scalars.count
        while end > 0, scalars[end - 1] == " " || scalars[end - 1] == "\t" { end -= 1 }
        return end
    }
}
