import StoryGraph

/// A Twine story's expressions: SugarCube's reader first (`$gold gte 0`), then Harlowe's
/// (`$gold >= 0`, `$door is "open"`); the story's format is not kept with the story, and
/// an expression both read means the same in both.
enum TwineExpressions {
    static func expression(_ text: String) -> Expression? {
        SugarCubeExpression.parse(text) ?? HarloweExpression.parse(text)
    }
}

extension TweeLoader {
    package static func expression(_ text: String) -> Expression? { TwineExpressions.expression(text) }
}

extension TwineHTMLLoader {
    package static func expression(_ text: String) -> Expression? { TwineExpressions.expression(text) }
}
