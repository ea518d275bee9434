import StoryGraph

extension InkLoader {
    /// An ink expression (`gold >= 0 and not met_guard`), read by the parser's own
    /// expression reader; a knot's name stays a variable here (the expectation's reader
    /// turns it into the knot's read count).
    package static func expression(_ text: String) -> Expression? {
        var parser = InkParser(rootDirectory: "") { path in
            .failure(.unreadable(StoryLoadError("'\(path)' is not read", at: nil)))
        }
        var cursor = InkCursor(Array(text.unicodeScalars), file: "", line: 1)
        let (_, expression) = parser.expressionText(&cursor, until: "\n")
        guard cursor.atEnd, parser.diagnostics.isEmpty else { return nil }
        return expression
    }
}

extension InkJSONLoader {
    /// An expectation on compiled ink is written in ink, as its source was
    /// (`gold >= 0 and not met_guard`): the ink parser's own expression reader.
    package static func expression(_ text: String) -> Expression? { InkLoader.expression(text) }
}
