/// The shapes of the LSP messages the server writes.
package enum LSP {
    static func position(_ line: Int, _ character: Int) -> JSONValue {
        ["line": .integer(line), "character": .integer(character)]
    }

    static func range(line: Int, start: Int, endLine: Int, end: Int) -> JSONValue {
        ["start": position(line, start), "end": position(endLine, end)]
    }

    static func location(uri: String, range: JSONValue) -> JSONValue { ["uri": .string(uri), "range": range] }
}
