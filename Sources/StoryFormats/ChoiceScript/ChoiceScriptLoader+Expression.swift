import StoryGraph

extension ChoiceScriptLoader {
    /// A ChoiceScript expression (`(gold >= 0) and not(wounded)`); names lower-cased, as
    /// the interpreter reads them.
    package static func expression(_ text: String) -> Expression? { ChoiceScriptExpressionParser.parse(text[...]) }
}
