import StoryGraph

/// The expressions of storygraph JSON's `if` and `set`: Yarn Spinner's expression
/// language (`$gold >= 3 and not $key`, `visited("Hall")`, `$gold += 1`), read by the
/// Yarn reader so that the two never drift apart.
enum StoryJSONExpressions {
    /// The model's expression (Foundation, which the loader imports, has one too).
    typealias Value = Expression

    /// A choice's `if`, kept as written with its parsed expression (`.unknown` where it is
    /// not a whole expression).
    static func condition(_ text: String) -> Condition {
        .test(text, YarnExpressionParser.parse(text))
    }

    /// One `set` item: `$name = value`, `$name to value`, or `+=`, `-=`, `*=`, `/=`; nil
    /// when it does not name a `$variable`.
    static func effect(_ text: String, at location: SourceLocation) -> Effect? {
        YarnCommand.effect(text, text: text, at: location)
    }
}
