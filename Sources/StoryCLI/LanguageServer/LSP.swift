/// The shapes of the LSP messages the server writes.
package enum LSP {
    static func position(_ line: Int, _ character: Int) -> LSPValue {
        ["line": .int(line), "character": .int(character)]
    }

    static func range(line: Int, start: Int, endLine: Int, end: Int) -> LSPValue {
        ["start": position(line, start), "end": position(endLine, end)]
    }

    static func location(uri: String, range: LSPValue) -> LSPValue { ["uri": .string(uri), "range": range] }
}
