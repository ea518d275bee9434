extension ReportDocument {
    /// The document to paste in a pull request: the title as `##`, each section as `###`
    /// with its figures and tables as Markdown tables, ids as code, and every cut list
    /// saying so.
    ///
    /// - Complexity: O(shown cells).
    public func markdown() -> String {
        var out: [String] = []
        if let heading {
            out.append("## " + Self.markdownEscaped(heading.title.isEmpty ? "(untitled)" : heading.title))
            out.append("")
            out.append(
                "Format \(Self.markdown(ReportText.code(heading.format))), starts at \(Self.markdown(ReportText.code(heading.start)))."
            )
        }
        for section in sections {
            if !section.title.isEmpty {
                if !out.isEmpty { out.append("") }
                out.append("### " + Self.markdownEscaped(section.title + (section.note.map { " (\($0))" } ?? "")))
            }
            for block in section.blocks {
                let lines = Self.markdown(block)
                if lines.isEmpty { continue }
                if !out.isEmpty { out.append("") }
                out += lines
            }
        }
        return TerminalText.joined(out) + "\n"
    }

    private static func markdown(_ block: Block) -> [String] {
        switch block {
        case .figures(let figures):
            let rows = figures.compactMap { f in f.label.map { [markdownEscaped($0), markdown(f.value)] } }
            return rows.isEmpty ? [] : table(["figure", "value"], rows, rightAligned: [])
        case .table(let t):
            if t.rows.isEmpty { return [markdown(t.empty)] }
            let rows = t.rows.prefix(t.cut.limit).map { $0.cells.map(markdown) }
            let right = Set(t.columns.indices.filter { t.columns[$0].rightAligned })
            return table(t.columns.map { markdownEscaped($0.header) }, rows, rightAligned: right)
                + cut(t.cut, held: t.rows.count)
        case .list(let list):
            if list.items.isEmpty { return list.empty.map { [markdown($0)] } ?? [] }
            let shown = list.items.prefix(list.cut.limit).map { markdown($0.text) }
            switch list.style {
            case .lines: return shown.map { "- " + $0 } + cut(list.cut, held: list.items.count)
            case .inline: return [shown.joined(separator: ", ") + inlineMore(list)]
            }
        case .paragraph(let text):
            return [markdown(text)]
        case .findings(let f):
            if f.findings.isEmpty { return [] }
            let rows = f.findings.prefix(f.cut.limit).map { finding in
                [
                    markdownEscaped(finding.severity), finding.rule.map { markdown(.code($0)) } ?? "",
                    finding.location.map { markdown(.code($0.description)) } ?? "", markdownEscaped(finding.message),
                ]
            }
            return table(["severity", "rule", "where", "message"], rows, rightAligned: [])
                + cut(f.cut, held: f.findings.count)
        case .data:
            return []
        }
    }

    private static func table(_ header: [String], _ rows: [[String]], rightAligned: Set<Int>) -> [String] {
        [
            "| " + header.joined(separator: " | ") + " |",
            "|" + header.indices.map { rightAligned.contains($0) ? "---:|" : "---|" }.joined(),
        ]
            + rows.map { "| " + $0.joined(separator: " | ") + " |" }
    }

    private static func cut(_ cut: Cut, held: Int) -> [String] {
        cut.note(held: held).map { ["", "_\(markdownEscaped($0))._"] } ?? []
    }

    /// Text with its spans: ids as code spans, the rest escaped.
    static func markdown(_ text: ReportText) -> String {
        text.spans.map { span in
            switch span {
            case .plain(let plain): markdownEscaped(plain)
            case .code(let code): markdownCode(code)
            }
        }.joined()
    }

    /// The one escaping of plain text in every Markdown line and table cell: a backslash,
    /// `|`, `*`, `_`, a backquote, `[`, `]`, `<` and `>` are escaped so they stay literal, and
    /// a line break becomes a space so a cell stays on its row.
    package static func markdownEscaped(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.count)
        for character in text {
            switch character {
            case "\\", "|", "*", "_", "`", "[", "]", "<", ">":
                out.append("\\")
                out.append(character)
            case "\n", "\r", "\r\n", "\u{2028}", "\u{2029}": out.append(" ")
            default: out.append(character)
            }
        }
        return out
    }

    /// A code span that holds any text: a fence longer than the longest run of backticks
    /// inside, `|` escaped (GitHub reads `\|` as a pipe even in code), line breaks as spaces.
    package static func markdownCode(_ text: String) -> String {
        var body = ""
        var run = 0
        var longest = 0
        for character in text {
            run = character == "`" ? run + 1 : 0
            longest = max(longest, run)
            switch character {
            case "|": body += "\\|"
            case "\n", "\r", "\r\n", "\u{2028}", "\u{2029}": body.append(" ")
            default: body.append(character)
            }
        }
        let fence = String(repeating: "`", count: longest + 1)
        let pad = body.hasPrefix("`") || body.hasSuffix("`") ? " " : ""
        return fence + pad + body + pad + fence
    }
}
