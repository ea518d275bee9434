import Foundation

/// The one JSON encoding of every output (`report`, `check`, `paths`' parts, `fuzz`,
/// `fuzz --replay`): pretty-printed, keys sorted and snake_case (from Swift property
/// names), slashes unescaped, non-finite numbers as "inf" / "-inf" / "nan".
public enum JSONOutput {
    public static func encode(_ value: some Encodable) -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        // Plain values, non-finite numbers as strings: encoding cannot fail.
        return try! encoder.encode(value)
    }
}
