import StoryGraph

extension YarnLoader {
    /// A Yarn Spinner expression (`$gold >= 0 and visited("Hall")`).
    package static func expression(_ text: String) -> Expression? { YarnExpressionParser.parse(text) }
}

extension StoryJSONLoader {
    /// A storygraph JSON condition, written as a choice's `if` is (Yarn's expressions).
    package static func expression(_ text: String) -> Expression? { YarnExpressionParser.parse(text) }
}
