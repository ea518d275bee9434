/// A value in a JSON output: what a report block says to programs. `null` fields are
/// left out of objects (an absent optional), as the schemas say.
public indirect enum ReportValue: Sendable, Hashable, Encodable {
    case int(Int)
    case double(Double)
    case bool(Bool)
    case string(String)
    case null
    case array([ReportValue])
    /// Keys in the order given; the encoder sorts them.
    case object([(String, ReportValue)])

    /// Counts that can pass 2^53 are decimal strings.
    package static func big(_ value: BigUInt) -> ReportValue { .string(value.description) }

    package static func strings(_ values: [String]) -> ReportValue { .array(values.map(ReportValue.string)) }

    package static func optional(_ value: Int?) -> ReportValue { value.map(ReportValue.int) ?? .null }
    package static func optional(_ value: Double?) -> ReportValue { value.map(ReportValue.double) ?? .null }
    package static func optional(_ value: String?) -> ReportValue { value.map(ReportValue.string) ?? .null }

    /// `{"file", "line", "column"}`, the one form of a location in every output.
    package static func location(_ location: SourceLocation?) -> ReportValue {
        guard let location else { return .null }
        return .object([
            ("file", .string(location.file)), ("line", .int(location.line)), ("column", .int(location.column)),
        ])
    }

    public static func == (a: ReportValue, b: ReportValue) -> Bool {
        switch (a, b) {
        case (.int(let x), .int(let y)): x == y
        case (.double(let x), .double(let y)): x == y
        case (.bool(let x), .bool(let y)): x == y
        case (.string(let x), .string(let y)): x == y
        case (.null, .null): true
        case (.array(let x), .array(let y)): x == y
        case (.object(let x), .object(let y)): x.map(\.0) == y.map(\.0) && x.map(\.1) == y.map(\.1)
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .int(let x):
            hasher.combine(0)
            hasher.combine(x)
        case .double(let x):
            hasher.combine(1)
            hasher.combine(x)
        case .bool(let x):
            hasher.combine(2)
            hasher.combine(x)
        case .string(let x):
            hasher.combine(3)
            hasher.combine(x)
        case .null: hasher.combine(4)
        case .array(let x):
            hasher.combine(5)
            hasher.combine(x)
        case .object(let x):
            hasher.combine(6)
            for (key, value) in x {
                hasher.combine(key)
                hasher.combine(value)
            }
        }
    }

    private struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .int(let x):
            var c = encoder.singleValueContainer()
            try c.encode(x)
        case .double(let x):
            var c = encoder.singleValueContainer()
            try c.encode(x)
        case .bool(let x):
            var c = encoder.singleValueContainer()
            try c.encode(x)
        case .string(let x):
            var c = encoder.singleValueContainer()
            try c.encode(x)
        case .null:
            var c = encoder.singleValueContainer()
            try c.encodeNil()
        case .array(let x):
            var c = encoder.unkeyedContainer()
            for v in x { try c.encode(v) }
        case .object(let x):
            var c = encoder.container(keyedBy: Key.self)
            for (key, value) in x where value != .null { try c.encode(value, forKey: Key(key)) }
        }
    }
}
