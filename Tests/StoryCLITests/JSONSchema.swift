import Foundation

/// A JSON value read exactly: a number is an integer only when written without a
/// fraction or exponent, and `true` is never a number.
indirect enum JSONValue: Decodable, Equatable {
    case null
    case bool(Bool)
    case integer(Int64)
    /// Integers beyond Int64 (a seed up to 2^64 − 1).
    case unsigned(UInt64)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        if var array = try? decoder.unkeyedContainer() {
            var items: [JSONValue] = []
            while !array.isAtEnd { items.append(try array.decode(JSONValue.self)) }
            self = .array(items)
            return
        }
        if let object = try? decoder.container(keyedBy: AnyKey.self) {
            var fields: [String: JSONValue] = [:]
            for key in object.allKeys { fields[key.stringValue] = try object.decode(JSONValue.self, forKey: key) }
            self = .object(fields)
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let value = try? single.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? single.decode(Int64.self) {
            self = .integer(value)
        } else if let value = try? single.decode(UInt64.self) {
            self = .unsigned(value)
        } else if let value = try? single.decode(Double.self) {
            self = .number(value)
        } else {
            self = .string(try single.decode(String.self))
        }
    }

    static func parse(_ data: Data) throws -> JSONValue { try JSONDecoder().decode(JSONValue.self, from: data) }

    private struct AnyKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .integer, .unsigned: "integer"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }

    var numeric: Double? {
        switch self {
        case .integer(let v): Double(v)
        case .unsigned(let v): Double(v)
        case .number(let v): v
        default: nil
        }
    }
}

/// A JSON Schema validator for exactly the keywords storygraph's schemas (draft 2020-12) and
/// the SARIF 2.1.0 schema (draft-04) use: `type` (a name or a list of names), `properties`,
/// `required`, `additionalProperties` (false, or a schema), `items`, `enum`, `const`,
/// `$ref` to `#/$defs/…` or `#/definitions/…`, `minimum`, `maximum`, `minItems`,
/// `uniqueItems`, `pattern`, `format` (`uri`, `uri-reference`, `date-time`), `anyOf` and
/// `oneOf`. Any other keyword, or another format, is an error, so a schema cannot
/// silently rely on one it does not check. Annotations (`$schema`, `id`, `title`,
/// `description`, `default`) are read past.
struct JSONSchema {
    let root: JSONValue

    static let annotations: Set<String> = ["$schema", "id", "title", "description", "default", "$defs", "definitions"]
    static let keywords: Set<String> = [
        "type", "properties", "required", "additionalProperties", "items", "enum", "const", "$ref", "minimum",
        "maximum",
        "minItems", "uniqueItems", "pattern", "format", "anyOf", "oneOf",
    ]
    static let formats: Set<String> = ["uri", "uri-reference", "date-time"]

    init(_ data: Data) throws { root = try JSONValue.parse(data) }

    /// Every violation, as `path: message` (empty when the value is valid).
    func errors(in value: JSONValue) -> [String] { errors(in: value, against: root, at: "$") }

    /// The violations of `value` (at `path`) against `schema`. An explicit stack of
    /// (schema, value, path): no recursion over the document's depth; only `anyOf` and
    /// `oneOf` validate their branches with a call of their own.
    private func errors(in value: JSONValue, against schema: JSONValue, at path: String) -> [String] {
        var errors: [String] = []
        var stack: [(JSONValue, JSONValue, String)] = [(schema, value, path)]
        while let (schema, value, path) = stack.popLast() {
            guard case .object(let keywords) = schema else {
                errors.append("\(path): schema is not an object")
                continue
            }
            for key in keywords.keys.sorted() where !Self.keywords.contains(key) && !Self.annotations.contains(key) {
                errors.append("\(path): unsupported keyword '\(key)'")
            }
            if case .string(let reference)? = keywords["$ref"] {
                guard let target = resolve(reference) else {
                    errors.append("\(path): cannot resolve \(reference)")
                    continue
                }
                stack.append((target, value, path))
            }
            if let type = keywords["type"] {
                let names: [String] =
                    switch type {
                    case .string(let name): [name]
                    case .array(let list): list.compactMap { if case .string(let name) = $0 { name } else { nil } }
                    default: []
                    }
                let actual = value.typeName
                if !names.contains(where: { $0 == actual || ($0 == "number" && actual == "integer") }) {
                    errors.append("\(path): expected \(names.joined(separator: " or ")), found \(actual)")
                    continue
                }
            }
            if let constant = keywords["const"], !Self.same(constant, value) {
                errors.append("\(path): expected the constant \(constant)")
            }
            if case .array(let allowed)? = keywords["enum"], !allowed.contains(where: { Self.same($0, value) }) {
                errors.append("\(path): \(value) is not one of the allowed values")
            }
            if let minimum = keywords["minimum"]?.numeric, let number = value.numeric, number < minimum {
                errors.append("\(path): \(number) is below the minimum \(minimum)")
            }
            if let maximum = keywords["maximum"]?.numeric, let number = value.numeric, number > maximum {
                errors.append("\(path): \(number) is above the maximum \(maximum)")
            }
            if case .string(let text) = value {
                if case .string(let pattern)? = keywords["pattern"] {
                    if let regex = try? NSRegularExpression(pattern: pattern) {
                        if regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) == nil {
                            errors.append("\(path): '\(text)' does not match \(pattern)")
                        }
                    } else {
                        errors.append("\(path): the pattern \(pattern) cannot be read")
                    }
                }
                if case .string(let format)? = keywords["format"], !Self.conforms(text, to: format) {
                    errors.append("\(path): '\(text)' is not a valid \(format)")
                }
            }
            for (keyword, wanted) in [("anyOf", "at least one"), ("oneOf", "exactly one")] {
                guard case .array(let branches)? = keywords[keyword] else { continue }
                let valid = branches.count { self.errors(in: value, against: $0, at: path).isEmpty }
                if keyword == "anyOf" ? valid == 0 : valid != 1 {
                    errors.append("\(path): \(valid) of the \(branches.count) \(keyword) branches match, not \(wanted)")
                }
            }
            if case .object(let fields) = value {
                var properties: [String: JSONValue] = [:]
                if case .object(let declared)? = keywords["properties"] { properties = declared }
                if case .array(let required)? = keywords["required"] {
                    for case .string(let name) in required where fields[name] == nil {
                        errors.append("\(path): missing '\(name)'")
                    }
                }
                for (name, field) in fields.sorted(by: { $0.key < $1.key }) {
                    if let property = properties[name] {
                        stack.append((property, field, "\(path).\(name)"))
                    } else if keywords["additionalProperties"] == .bool(false) {
                        errors.append("\(path): unexpected key '\(name)'")
                    } else if case .object(let extra)? = keywords["additionalProperties"] {
                        // A schema for every key not declared (an object of counts).
                        stack.append((.object(extra), field, "\(path).\(name)"))
                    }
                }
            }
            if case .array(let items) = value {
                if let minimum = keywords["minItems"]?.numeric, Double(items.count) < minimum {
                    errors.append("\(path): \(items.count) items, fewer than \(Int(minimum))")
                }
                if keywords["uniqueItems"] == .bool(true) {
                    for i in items.indices {
                        if let j = items[..<i].firstIndex(where: { Self.same($0, items[i]) }) {
                            errors.append("\(path): items \(j) and \(i) are the same")
                        }
                    }
                }
                if let itemSchema = keywords["items"] {
                    for (i, item) in items.enumerated().reversed() { stack.append((itemSchema, item, "\(path)[\(i)]")) }
                }
            }
        }
        return errors
    }

    /// `#/$defs/name` or `#/definitions/name` (the only references the schemas make).
    private func resolve(_ reference: String) -> JSONValue? {
        guard case .object(let top) = root else { return nil }
        for container in ["$defs", "definitions"] where reference.hasPrefix("#/\(container)/") {
            guard case .object(let defs)? = top[container] else { return nil }
            return defs[String(reference.dropFirst("#/\(container)/".count))]
        }
        return nil
    }

    /// JSON equality, with 1 and 1.0 the same number.
    private static func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
        if let x = a.numeric, let y = b.numeric { return x == y }
        return a == b
    }

    /// RFC 3986 for `uri` (a scheme, then URI characters) and `uri-reference` (URI
    /// characters only, a relative reference allowed); RFC 3339 for `date-time`. Every
    /// `%` starts an escape of two hex digits.
    static func conforms(_ text: String, to format: String) -> Bool {
        let pattern =
            switch format {
            case "uri": #"^[A-Za-z][A-Za-z0-9+.-]*:([A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$"#
            case "uri-reference": #"^([A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$"#
            case "date-time":
                #"^[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt][0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]+)?([Zz]|[+-][0-9]{2}:[0-9]{2})$"#
            default: ""
            }
        guard !pattern.isEmpty, let regex = try? NSRegularExpression(pattern: pattern) else { return false }
        return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}

extension JSONSchema {
    /// Keywords, anywhere in a schema, that the validator does not check, and formats it
    /// does not know (as `format 'name'`).
    static func unsupportedKeywords(in schema: JSONValue) -> [String] {
        var found: [String] = []
        var stack = [schema]
        while let node = stack.popLast() {
            guard case .object(let keywords) = node else { continue }
            found += keywords.keys.filter { !Self.keywords.contains($0) && !Self.annotations.contains($0) }
            if case .string(let format)? = keywords["format"], !Self.formats.contains(format) {
                found.append("format '\(format)'")
            }
            for container in ["properties", "$defs", "definitions"] {
                if case .object(let schemas)? = keywords[container] { stack += schemas.values }
            }
            for combinator in ["anyOf", "oneOf"] {
                if case .array(let branches)? = keywords[combinator] { stack += branches }
            }
            if let items = keywords["items"] { stack.append(items) }
            if case .object? = keywords["additionalProperties"] { stack.append(keywords["additionalProperties"]!) }
        }
        return found.sorted()
    }
}
