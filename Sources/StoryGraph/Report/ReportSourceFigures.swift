/// The source language's own figures in a report (`Story.sourceStatistics`), in the
/// language's display order; in JSON one object of name → count under
/// `structure.source` (`{"scenes": 15, "labels": 120, …}`), absent when the format has none.
package struct ReportSourceFigures: Sendable, Hashable, Codable {
    package var figures: [SourceStatistic]

    package init(_ figures: [SourceStatistic]) { self.figures = figures }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for figure in figures { try container.encode(figure.value, forKey: Key(stringValue: figure.name)) }
    }

    /// Decoded in name order (JSON objects keep none).
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        figures = try container.allKeys.sorted { $0.stringValue < $1.stringValue }.map {
            SourceStatistic($0.stringValue, try container.decode(Int.self, forKey: $0))
        }
    }
}
