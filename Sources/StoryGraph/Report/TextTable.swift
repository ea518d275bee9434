/// Aligned plain-text tables: columns padded to their widest cell, in terminal columns
/// (`DisplayWidth`: `숲` and `日本` take 2 columns a character, a combining accent none).
enum TextTable {
    /// - Complexity: O(cells).
    /// Cells are escaped for the terminal first, so columns line up as they are shown.
    static func render(_ rows: [[String]], indent: Int, rightAligned: Set<Int> = [], header: Bool = false) -> [String] {
        let rows = rows.map { $0.map(TerminalText.escaped) }
        guard let columns = rows.map(\.count).max() else { return [] }
        var widths = [Int](repeating: 0, count: columns)
        for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], DisplayWidth.of(cell)) } }
        let pad = String(repeating: " ", count: indent)
        var lines: [String] = []
        for (r, row) in rows.enumerated() {
            var cells: [String] = []
            for (i, cell) in row.enumerated() {
                let fill = String(repeating: " ", count: widths[i] - DisplayWidth.of(cell))
                let last = i == row.count - 1
                cells.append(rightAligned.contains(i) ? fill + cell : (last ? cell : cell + fill))
            }
            lines.append(pad + cells.joined(separator: "  "))
            if header && r == 0 {
                lines.append(pad + widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "))
            }
        }
        return lines
    }
}
