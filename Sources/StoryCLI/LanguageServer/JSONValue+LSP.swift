import Foundation

/// What the language server reads of a JSON value (the one `JSONValue` the MCP server
/// uses too) beside its members and strings: LSP's integers, arrays, and the bytes of a
/// message body.
extension JSONValue {
    /// A whole number (an integer, or a number with no fraction, as some clients write one).
    package var int: Int? {
        switch self {
        case .integer(let value): value
        case .number(let value) where value.rounded() == value && abs(value) < 1e15: Int(value)
        default: nil
        }
    }

    package var array: [JSONValue]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The value as a message body: one line of UTF-8, keys sorted.
    package var data: Data { Data(line.utf8) }
}
