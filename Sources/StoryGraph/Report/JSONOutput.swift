import Foundation

/// The one JSON encoding of every output (`report`, `check`, `paths`' parts, `fuzz`,
/// `fuzz --replay`): pretty-printed, keys sorted and snake_case (from Swift property
/// names), slashes unescaped, non-finite numbers as "inf" / "-inf" / "nan".
package enum JSONOutput {
    /// How keys are written: snake_case (storygraph's own documents), or as they are (a
    /// format with keys of its own, as SARIF's camelCase).
    package enum Keys: Sendable { case snakeCase, asWritten }

    package static func encode(_ value: some Encodable) -> Data { encode(value, keys: .snakeCase) }

    package static func encode(_ value: some Encodable, keys: Keys) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        if keys == .snakeCase { encoder.keyEncodingStrategy = .convertToSnakeCase }
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        // Plain values, non-finite numbers as strings: encoding cannot fail.
        return try! encoder.encode(value)
    }
}
