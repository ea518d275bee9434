extension ReportDocument {
    /// The document as an HTML fragment, the fourth renderer beside text, Markdown and
    /// JSON: the heading, then each section as a `<section>` with its figures as a
    /// two-column table, its tables as `<table class="sortable">` (numbers carry no markup:
    /// the page's script sorts by the cell text), lists, paragraphs and findings. Ids are
    /// `<code class="id" data-passage="…">` so a page can link them to its map; a finding
    /// whose place `passageOf` names carries `data-passage` too. Every story string is
    /// escaped (`htmlEscaped`), and the same cuts as in text are said the same way.
    ///
    /// It reads without any script or style: the page around it (`StoryHTML`) adds both.
    ///
    /// - Complexity: O(shown cells).
    public func html(passageOf: (Report.Finding) -> String? = { _ in nil }) -> String {
        var out: [String] = []
        if let heading {
            out.append("<header class=\"report-heading\">")
            out.append("<h1>\(Self.htmlEscaped(heading.title.isEmpty ? "(untitled)" : heading.title))</h1>")
            out.append(
                "<p>Format \(Self.html(.code(heading.format), link: false)), starts at \(Self.html(.code(heading.start))).</p>"
            )
            out.append("</header>")
        }
        // A table's id is `table-KEY`; a second table of the same key (the length section's
        // endings, say) is `table-SECTION-KEY`, so every id is the page's only one.
        var tableIDs: Set<String> = []
        for section in sections {
            let slug = Self.slug(section.title)
            func tableID(_ key: String) -> String {
                let plain = "table-\(Self.slug(key))"
                let id = tableIDs.contains(plain) ? "table-\(slug)-\(Self.slug(key))" : plain
                tableIDs.insert(id)
                return id
            }
            out.append("<section class=\"report-section\" id=\"section-\(slug)\">")
            if !section.title.isEmpty {
                out.append(
                    "<h2>\(Self.htmlEscaped(section.title))\(section.note.map { " <small>(\(Self.htmlEscaped($0)))</small>" } ?? "")</h2>"
                )
            }
            for block in section.blocks { out += Self.html(block, passageOf: passageOf, tableID: tableID) }
            out.append("</section>")
        }
        return out.joined(separator: "\n") + "\n"
    }

    private static func html(
        _ block: Block, passageOf: (Report.Finding) -> String?, tableID: (String) -> String
    ) -> [String] {
        switch block {
        case .figures(let figures):
            let rows = figures.compactMap { f in
                f.label.map { "<tr><th scope=\"row\">\(htmlEscaped($0))</th><td>\(html(f.value))</td></tr>" }
            }
            return rows.isEmpty ? [] : ["<table class=\"figures\">"] + rows + ["</table>"]
        case .table(let t):
            if t.rows.isEmpty { return ["<p class=\"empty\">\(html(t.empty))</p>"] }
            var lines = [
                "<table class=\"sortable\" id=\"\(tableID(t.key))\">",
                "<thead><tr>"
                    + t.columns.map {
                        "<th scope=\"col\"\($0.rightAligned ? " class=\"number\"" : "")>\(htmlEscaped($0.header))</th>"
                    }.joined()
                    + "</tr></thead>", "<tbody>",
            ]
            for row in t.rows.prefix(t.cut.limit) {
                lines.append(
                    "<tr>"
                        + zip(t.columns, row.cells).map { column, cell in
                            "<td\(column.rightAligned ? " class=\"number\"" : "")>\(html(cell))</td>"
                        }.joined() + "</tr>")
            }
            return lines + ["</tbody>", "</table>"] + cut(t.cut, held: t.rows.count)
        case .list(let list):
            if list.items.isEmpty { return list.empty.map { ["<p class=\"empty\">\(html($0))</p>"] } ?? [] }
            let shown = list.items.prefix(list.cut.limit).map { html($0.text) }
            switch list.style {
            case .lines:
                return ["<ul>"] + shown.map { "<li>\($0)</li>" } + ["</ul>"] + cut(list.cut, held: list.items.count)
            case .inline: return ["<p>" + shown.joined(separator: ", ") + htmlEscaped(inlineMore(list)) + "</p>"]
            }
        case .paragraph(let text):
            return ["<p>\(html(text))</p>"]
        case .findings(let f):
            if f.findings.isEmpty { return [] }
            var lines = [
                "<table class=\"findings\">",
                "<thead><tr><th>severity</th><th>rule</th><th>where</th><th>message</th></tr></thead>", "<tbody>",
            ]
            for finding in f.findings.prefix(f.cut.limit) {
                let passage = passageOf(finding).map { " data-passage=\"\(htmlEscaped($0))\"" } ?? ""
                lines.append(
                    "<tr class=\"finding \(htmlEscaped(finding.severity))\"\(passage)><td>\(htmlEscaped(finding.severity))</td>"
                        + "<td>\(finding.rule.map { html(.code($0), link: false) } ?? "")</td>"
                        + "<td>\(finding.location.map { "<code>\(htmlEscaped($0.description))</code>" } ?? "")</td>"
                        + "<td>\(htmlEscaped(finding.message))</td></tr>")
            }
            return lines + ["</tbody>", "</table>"] + cut(f.cut, held: f.findings.count)
        case .data:
            return []
        }
    }

    private static func cut(_ cut: Cut, held: Int) -> [String] {
        cut.note(held: held).map { ["<p class=\"cut\"><em>\(htmlEscaped($0)).</em></p>"] } ?? []
    }

    /// Text with its spans: ids as `<code class="id" data-passage="…">` (with `link`), the
    /// rest escaped.
    static func html(_ text: ReportText, link: Bool = true) -> String {
        text.spans.map { span in
            switch span {
            case .plain(let plain): htmlEscaped(plain)
            case .code(let code):
                link
                    ? "<code class=\"id\" data-passage=\"\(htmlEscaped(code))\">\(htmlEscaped(code))</code>"
                    : "<code>\(htmlEscaped(code))</code>"
            }
        }.joined()
    }

    /// A section or table key as an HTML id: lower-case letters and digits, the rest `-`.
    static func slug(_ text: String) -> String {
        String(
            text.lowercased().unicodeScalars.map {
                ("a"..."z").contains($0) || ("0"..."9").contains($0) ? Character($0) : "-"
            })
    }

    /// The one escaping of story text in HTML, in element content and in quoted attribute
    /// values alike: `&`, `<`, `>`, `"` and `'` become character references, so no story
    /// string can open a tag, close an attribute or start a script.
    package static func htmlEscaped(_ text: String) -> String {
        ScalarEscaping.escaped(text) { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "'": "&#39;"
            default: nil
            }
        }
    }
}
