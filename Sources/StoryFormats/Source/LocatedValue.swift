import StoryGraph

/// Data that remembers where it was written, whatever it was written in (JSON, YAML, a
/// JS/TS object literal), as one located tree: maps keep their keys in source order (and
/// their duplicates), scalars keep their text as written (a JSON number loses no
/// precision before a loader decides what it needs). Foundation's `JSONSerialization`
/// forgets positions, and every diagnostic must name its line, so the JSON, YAML and JS
/// readers build this instead; the JSON loaders, compiled ink, Twine's story metadata,
/// the gamebook schema inference and the gamebook loader read only this.
package struct LocatedValue: Sendable {
    package enum Scalar: Sendable, Hashable { case string, number, bool, null }

    /// One `key: value` of a map, in source order.
    package struct Entry: Sendable {
        package var key: String
        package var keyLocation: SourceLocation
        package var value: LocatedValue
    }

    package enum Value: Sendable {
        case map([Entry])
        case list([LocatedValue])
        case scalar(String, Scalar)
    }

    package var value: Value
    package var location: SourceLocation

    package init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }

    package var entries: [Entry]? {
        if case .map(let entries) = value { return entries }
        return nil
    }

    package var elements: [LocatedValue]? {
        if case .list(let elements) = value { return elements }
        return nil
    }

    /// The text of a string.
    package var string: String? {
        if case .scalar(let text, .string) = value { return text }
        return nil
    }

    /// A boolean written `true` or `false` (as JSON writes them).
    package var bool: Bool? {
        guard case .scalar(let text, .bool) = value else { return nil }
        return text == "true" ? true : text == "false" ? false : nil
    }

    /// The text of a string or number (a target may be written either way).
    package var scalarText: String? {
        if case .scalar(let text, let kind) = value, kind == .string || kind == .number { return text }
        return nil
    }

    package var isNull: Bool {
        if case .scalar(_, .null) = value { return true }
        return false
    }

    package var isString: Bool {
        if case .scalar(_, .string) = value { return true }
        return false
    }

    /// A string, or a list of strings joined by blank lines (paragraphs).
    package var prose: String? {
        if case .scalar(let text, .string) = value { return text }
        guard let elements, !elements.isEmpty else { return nil }
        var paragraphs: [String] = []
        for element in elements {
            guard case .scalar(let text, .string) = element.value else { return nil }
            paragraphs.append(text)
        }
        return paragraphs.joined(separator: "\n\n")
    }

    /// The first entry with this key.
    package subscript(key: String) -> LocatedValue? {
        entries?.first { $0.key == key }?.value
    }

    /// The value at a dotted path of keys (`choice.options`); the key itself when it has
    /// no dot or when an entry is named with the dot.
    package func value(at path: String) -> LocatedValue? {
        if let direct = self[path] { return direct }
        var node = self
        for key in path.split(separator: ".") {
            guard let next = node[String(key)] else { return nil }
            node = next
        }
        return node
    }

    /// "an object", "an array", "a string"…, for messages about a JSON file.
    package var jsonTypeName: String {
        switch value {
        case .map: "an object"
        case .list: "an array"
        case .scalar: typeName
        }
    }

    /// "a map", "a list", "a string"…, for messages.
    package var typeName: String {
        switch value {
        case .map: "a map"
        case .list: "a list"
        case .scalar(_, .string): "a string"
        case .scalar(_, .number): "a number"
        case .scalar(_, .bool): "a boolean"
        case .scalar(_, .null): "null"
        }
    }
}
