/// A report built once, as sections of typed blocks, and rendered by one renderer per
/// output (`text()`, `markdown()`, `json()`; an HTML renderer is one more). Every block
/// carries both what a person reads (`ReportText`) and what a program reads (`ReportValue`
/// under a JSON key path), so no renderer can show a figure another leaves out, and a
/// list that is cut says so, the same way, in every output.
///
/// JSON key paths are dot-separated (`cycles.count`) and relative to the section's `key`
/// (`nil`: the top level of the document).
public struct ReportDocument: Sendable, Hashable {
    /// The story a report is about; `nil` for documents about several files (`check`).
    package struct Heading: Sendable, Hashable {
        package var title: String
        public var format: String
        package var start: String
    }

    package struct Section: Sendable, Hashable {
        /// "Structure": text writes it in capitals, Markdown as a heading.
        package var title: String
        /// Said after the title: "(a reader who picks at random)".
        package var note: String?
        /// Where the section's fields go in the JSON document; `nil` for the top level.
        package var key: String?
        package var blocks: [Block]

        package init(_ title: String, note: String? = nil, key: String? = nil, _ blocks: [Block]) {
            self.title = title
            self.note = note
            self.key = key
            self.blocks = blocks
        }
    }

    package enum Block: Sendable, Hashable {
        /// Label and value rows ("passages  6").
        case figures([Figure])
        /// A table with a header, one row per item.
        case table(Table)
        /// Items one per line, or on one line separated by commas.
        case list(List)
        /// A sentence a person reads; no JSON.
        case paragraph(ReportText)
        /// Findings: a line each in text, a table with their locations in Markdown.
        case findings(Findings)
        /// Fields only programs read (search steps, the budget).
        case data([Field])
    }

    /// A JSON field: a dot-separated key path and its value.
    package struct Field: Sendable, Hashable {
        package var key: String
        package var value: ReportValue

        package init(_ key: String, _ value: ReportValue) {
            self.key = key
            self.value = value
        }
    }

    /// One row of a figure table. A figure without a label is not shown to people (its
    /// fields are still in the JSON).
    package struct Figure: Sendable, Hashable {
        package var label: String?
        package var value: ReportText
        package var fields: [Field]

        package init(_ label: String?, _ value: ReportText, _ fields: [Field] = []) {
            self.label = label
            self.value = value
            self.fields = fields
        }
    }

    /// How much of a list the people's outputs show, and where the rest is.
    package struct Cut: Sendable, Hashable {
        /// Items shown to people.
        package var limit: Int
        /// The plural noun of the items ("endings", "cycles").
        package var noun: String
        /// How to see the rest ("the JSON report lists them all").
        package var hint: String
        /// The full count when it is more than the items held (cycles counted but not
        /// listed); `nil`: the items held are all there are.
        package var total: Int?

        package init(limit: Int, noun: String, hint: String, total: Int? = nil) {
            self.limit = limit
            self.noun = noun
            self.hint = hint
            self.total = total
        }

        /// "10 of 11 cycles shown; --max-cycles N lists more in the JSON report", or `nil`
        /// when nothing is cut. The one wording every renderer uses.
        package func note(held: Int) -> String? {
            let total = max(held, total ?? held)
            let shown = min(limit, held)
            guard shown < total else { return nil }
            return "\(NumberText.grouped(shown)) of \(NumberText.grouped(total)) \(noun) shown; \(hint)"
        }
    }

    package struct Column: Sendable, Hashable {
        package var header: String
        package var rightAligned: Bool

        package init(_ header: String, rightAligned: Bool = false) {
            self.header = header
            self.rightAligned = rightAligned
        }
    }

    package struct Row: Sendable, Hashable {
        package var cells: [ReportText]
        /// The row in the JSON array.
        package var value: ReportValue

        package init(_ cells: [ReportText], _ value: ReportValue) {
            self.cells = cells
            self.value = value
        }
    }

    package struct Table: Sendable, Hashable {
        package var key: String
        package var columns: [Column]
        /// Every row: the JSON has them all, people see `cut.limit`.
        package var rows: [Row]
        /// Said instead of an empty table.
        package var empty: ReportText
        package var cut: Cut
    }

    package struct Item: Sendable, Hashable {
        package var text: ReportText
        package var value: ReportValue

        package init(_ text: ReportText, _ value: ReportValue) {
            self.text = text
            self.value = value
        }
    }

    package struct List: Sendable, Hashable {
        package enum Style: Sendable, Hashable {
            /// One item per line.
            case lines
            /// One line, items separated by commas.
            case inline
        }

        package var key: String
        package var style: Style
        package var items: [Item]
        /// Said instead of an empty list; `nil`: nothing is said.
        package var empty: ReportText?
        package var cut: Cut
    }

    package struct Findings: Sendable, Hashable {
        package var key: String
        /// Nothing is said of no findings: the summary beside them counts them.
        package var findings: [Report.Finding]
        package var cut: Cut
    }

    /// How an inline list says it is cut, in every renderer: ", … 5 more".
    static func inlineMore(_ list: List) -> String {
        let hidden = list.items.count - min(list.cut.limit, list.items.count)
        return hidden > 0 ? ", … \(NumberText.grouped(hidden)) more" : ""
    }

    package var heading: Heading?
    package var sections: [Section]
    /// Top-level JSON fields no section shows.
    package var fields: [Field]

    package init(heading: Heading?, sections: [Section], fields: [Field] = []) {
        self.heading = heading
        self.sections = sections
        self.fields = fields
    }

    /// The version of the JSON output contract (`Schemas/*.schema.json`): every JSON
    /// output carries it as `schema_version`, and any change to a schema raises it by one.
    package static let schemaVersion = 2
}
