import Foundation

extension Report {
    /// JSON for programs (`Schemas/report.schema.json`): sorted snake_case keys, big counts
    /// as decimal strings, `schema_version`.
    public func json() -> String { document().json() }

    /// Reads back what `json()` wrote.
    public init(json: Data) throws {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        self = try decoder.decode(Report.self, from: json)
    }

    /// A report for people: sections of aligned tables, big numbers with thousands
    /// separators, long lists shortened.
    public func text() -> String { document().text() }

    /// A report to paste in a pull request: the same sections as Markdown tables.
    public func markdown() -> String { document().markdown() }
}
