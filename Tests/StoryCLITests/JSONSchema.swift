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
        if single.decodeNil() { self = .null }
        else if let value = try? single.decode(Bool.self) { self = .bool(value) }
        else if let value = try? single.decode(Int64.self) { self = .integer(value) }
        else if let value = try? single.decode(UInt64.self) { self = .unsigned(value) }
        else if let value = try? single.decode(Double.self) { self = .number(value) }
        else { self = .string(try single.decode(String.self)) }
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

/// A JSON Schema (draft 2020-12) validator for exactly the keywords storygraph's schemas
/// use: `type`, `properties`, `required`, `additionalProperties` (false, or a schema), `items`, `enum`,
/// `const`, `$ref` to `#/$defs/…`, `minimum`. Any other keyword in a schema is an error, so
/// a schema cannot silently rely on one it does not check. Annotations (`$schema`,
/// `title`, `description`) are read past.
struct JSONSchema {
    let root: JSONValue

    static let annotations: Set<String> = ["$schema", "title", "description", "$defs"]
    static let keywords: Set<String> = ["type", "properties", "required", "additionalProperties", "items", "enum", "const", "$ref", "minimum"]

    init(_ data: Data) throws { root = try JSONValue.parse(data) }

    /// Every violation, as `path: message` (empty when the value is valid).
    func errors(in value: JSONValue) -> [String] {
        var errors: [String] = []
        // An explicit stack of (schema, value, path): no recursion over the document's depth.
        var stack: [(JSONValue, JSONValue, String)] = [(root, value, "$")]
        while let (schema, value, path) = stack.popLast() {
            guard case .object(let keywords) = schema else { errors.append("\(path): schema is not an object"); continue }
            for key in keywords.keys where !Self.keywords.contains(key) && !Self.annotations.contains(key) {
                errors.append("\(path): unsupported keyword '\(key)'")
            }
            if case .string(let reference)? = keywords["$ref"] {
                guard let target = resolve(reference) else { errors.append("\(path): cannot resolve \(reference)"); continue }
                stack.append((target, value, path))
            }
            if case .string(let type)? = keywords["type"] {
                let actual = value.typeName
                let matches = actual == type || (type == "number" && actual == "integer")
                if !matches { errors.append("\(path): expected \(type), found \(actual)"); continue }
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
            if case .object(let fields) = value {
                var properties: [String: JSONValue] = [:]
                if case .object(let declared)? = keywords["properties"] { properties = declared }
                if case .array(let required)? = keywords["required"] {
                    for case .string(let name) in required where fields[name] == nil { errors.append("\(path): missing '\(name)'") }
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
            if case .array(let items) = value, let itemSchema = keywords["items"] {
                for (i, item) in items.enumerated().reversed() { stack.append((itemSchema, item, "\(path)[\(i)]")) }
            }
        }
        return errors
    }

    /// `#/$defs/name` (the only references the schemas make).
    private func resolve(_ reference: String) -> JSONValue? {
        guard reference.hasPrefix("#/$defs/"), case .object(let top) = root, case .object(let defs)? = top["$defs"] else { return nil }
        return defs[String(reference.dropFirst("#/$defs/".count))]
    }

    /// JSON equality, with 1 and 1.0 the same number.
    private static func same(_ a: JSONValue, _ b: JSONValue) -> Bool {
        if let x = a.numeric, let y = b.numeric { return x == y }
        return a == b
    }
}

extension JSONSchema {
    /// Keywords, anywhere in a schema, that the validator does not check.
    static func unsupportedKeywords(in schema: JSONValue) -> [String] {
        var found: [String] = []
        var stack = [schema]
        while let node = stack.popLast() {
            guard case .object(let keywords) = node else { continue }
            found += keywords.keys.filter { !Self.keywords.contains($0) && !Self.annotations.contains($0) }
            if case .object(let properties)? = keywords["properties"] { stack += properties.values }
            if case .object(let defs)? = keywords["$defs"] { stack += defs.values }
            if let items = keywords["items"] { stack.append(items) }
        }
        return found.sorted()
    }
}
