/// The source language's own counts in a report (`Story.sourceStatistics`: Yarn's nodes,
/// options, jumps…), in the order the loader gives them; a JSON object of integers
/// (`{"nodes": 12, "options": 30}`) under `structure.source`.
public struct SourceFigures: Sendable, Hashable, Codable {
    public var entries: [SourceStatistic]

    public init(_ entries: [SourceStatistic]) { self.entries = entries }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Reads the object back; JSON objects have no order, so names come sorted.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        entries = try container.allKeys.map(\.stringValue).sorted().map {
            SourceStatistic($0, try container.decode(Int.self, forKey: Key(stringValue: $0)))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for entry in entries { try container.encode(entry.value, forKey: Key(stringValue: entry.name)) }
    }
}
