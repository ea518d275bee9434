import Foundation

extension ReportDocument {
    /// The document for programs: every field of every block at its key path, with
    /// `schema_version`; pretty-printed, keys sorted, so the same report gives the same
    /// bytes. Lists are whole here: a cut is for people.
    ///
    /// - Complexity: O(fields · depth).
    public func json() -> String {
        Self.encode(value())
    }

    /// The document as one JSON object.
    package func value() -> ReportValue {
        var root: [(String, ReportValue)] = []
        Self.insert(.int(Self.schemaVersion), at: "schema_version", into: &root)
        if let heading {
            Self.insert(.string(heading.title), at: "title", into: &root)
            Self.insert(.string(heading.format), at: "format", into: &root)
            Self.insert(.string(heading.start), at: "start", into: &root)
        }
        for field in fields { Self.insert(field.value, at: field.key, into: &root) }
        for section in sections {
            func put(_ value: ReportValue, _ key: String) {
                Self.insert(value, at: section.key.map { "\($0).\(key)" } ?? key, into: &root)
            }
            for block in section.blocks {
                switch block {
                case .figures(let figures):
                    for figure in figures { for field in figure.fields { put(field.value, field.key) } }
                case .table(let table): put(.array(table.rows.map(\.value)), table.key)
                case .list(let list): put(.array(list.items.map(\.value)), list.key)
                case .findings(let findings): put(.array(findings.findings.map(\.value)), findings.key)
                case .data(let data): for field in data { put(field.value, field.key) }
                case .paragraph: break
                }
            }
        }
        return .object(root)
    }

    /// Pretty-printed JSON with sorted keys and a final newline (the bytes of
    /// `JSONOutput.encode`, written by `ReportValue.jsonBytes()`).
    public static func encode(_ value: ReportValue) -> String {
        var bytes = value.jsonBytes()
        bytes.append(UInt8(ascii: "\n"))
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Puts `value` at the dot-separated `path`, making the objects on the way.
    static func insert(_ value: ReportValue, at path: String, into object: inout [(String, ReportValue)]) {
        var keys = path.split(separator: ".").map(String.init)
        let last = keys.removeLast()
        // Walk down with an explicit stack of the objects on the path, then rebuild upwards.
        var stack: [[(String, ReportValue)]] = [object]
        for key in keys {
            var child: [(String, ReportValue)] = []
            if let existing = stack[stack.count - 1].first(where: { $0.0 == key }),
                case .object(let fields) = existing.1
            {
                child = fields
            }
            stack.append(child)
        }
        set(last, value, in: &stack[stack.count - 1])
        for key in keys.reversed() {
            let child = stack.removeLast()
            set(key, .object(child), in: &stack[stack.count - 1])
        }
        object = stack[0]
    }

    private static func set(_ key: String, _ value: ReportValue, in object: inout [(String, ReportValue)]) {
        if let i = object.firstIndex(where: { $0.0 == key }) {
            object[i].1 = value
        } else {
            object.append((key, value))
        }
    }
}

extension Report.Finding {
    /// `{"severity", "rule"?, "message", "location"?}`.
    public var value: ReportValue {
        .object([
            ("severity", .string(severity)), ("rule", .optional(rule)), ("message", .string(message)),
            ("location", .location(location)),
        ])
    }
}
