extension ReportDocument {
    /// The document for people at a terminal: a heading line, then each section in
    /// capitals with its blocks indented by two spaces; tables aligned.
    ///
    /// - Complexity: O(shown cells).
    public func text() -> String {
        var out: [String] = []
        if let heading {
            out.append(
                "\(heading.title.isEmpty ? "(untitled)" : heading.title) — \(heading.format), starts at '\(heading.start)'"
            )
        }
        for section in sections {
            if !out.isEmpty { out.append("") }
            // A section without a title (a summary) is not indented.
            let indent = section.title.isEmpty ? "" : "  "
            if !section.title.isEmpty {
                out.append(section.title.uppercased() + (section.note.map { " (\($0))" } ?? ""))
            }
            for block in section.blocks { out += Self.text(block, indent: indent) }
        }
        return TerminalText.joined(out) + "\n"
    }

    private static func text(_ block: Block, indent pad: String) -> [String] {
        switch block {
        case .figures(let figures):
            return TextTable.render(figures.compactMap { f in f.label.map { [$0, f.value.plain] } }, indent: pad.count)
        case .table(let table):
            if table.rows.isEmpty { return [pad + table.empty.plain] }
            let rows = [table.columns.map(\.header)] + table.rows.prefix(table.cut.limit).map { $0.cells.map(\.plain) }
            let right = Set(table.columns.indices.filter { table.columns[$0].rightAligned })
            return TextTable.render(rows, indent: pad.count, rightAligned: right, header: true)
                + cut(table.cut, held: table.rows.count, pad)
        case .list(let list):
            if list.items.isEmpty { return list.empty.map { [pad + $0.plain] } ?? [] }
            let shown = list.items.prefix(list.cut.limit).map(\.text.plain)
            switch list.style {
            case .lines: return shown.map { pad + $0 } + cut(list.cut, held: list.items.count, pad)
            case .inline: return [pad + shown.joined(separator: ", ") + inlineMore(list)]
            }
        case .paragraph(let text):
            return [pad + text.plain]
        case .findings(let findings):
            if findings.findings.isEmpty { return [] }
            return findings.findings.prefix(findings.cut.limit).map { f in
                pad + "\(f.severity): \(f.message)" + (f.rule.map { " [\($0)]" } ?? "")
            } + cut(findings.cut, held: findings.findings.count, pad)
        case .data:
            return []
        }
    }

    private static func cut(_ cut: Cut, held: Int, _ pad: String) -> [String] {
        cut.note(held: held).map { [pad + "… \($0)"] } ?? []
    }
}
