import StoryGraph

/// A menu's `set` clause (`menu:` / `set chosen`), read as Ren'Py runs it
/// (`renpy.exports.menu`): an item whose caption is in the set is not shown, choosing an
/// item adds its caption to the set, and a menu with no item left is skipped (the flow
/// goes on after it).
///
/// When the set is one store variable, storygraph tracks it as text: the captions taken,
/// each between two U+001F separators, so that "is taken" is a `contains` test the state
/// search evaluates (`"Ask" not in chosen`); a first value `set()` or `[]` is the empty
/// text. Anything else that writes the variable (`chosen.add(…)`, a function) makes it
/// unknown, as any Python storygraph does not read does. A set that is not one variable
/// (`sets[day]`) gives unknown conditions.
struct RenPyMenuSet {
    /// The set's expression as written.
    let written: String
    /// The store variable the set is, if it is one.
    let variable: String?

    /// The `set` clause of the menu at line `menu`, nil when it has none.
    init?(_ script: RenPyScript, menu: Int) {
        guard let written = Self.clause(script, menu: menu) else { return nil }
        self.written = written
        let tokens = RenPyExpressionParser.tokens(of: written, lenient: true) ?? []
        if tokens.count == 1, case .name(let name) = tokens[0], !RenPyExpressionParser.keywords.contains(name),
            !RenPyExpressionParser.isEngineName(name) || name.hasPrefix("store.")
        {
            variable = RenPyExpressionParser.variableName(name)
        } else {
            variable = nil
        }
    }

    /// The expression after `set` in the menu's block.
    static func clause(_ script: RenPyScript, menu: Int) -> String? {
        for k in script.children(of: menu) {
            var reader = RenPyReader(script.lines[k].text)
            if reader.keyword("set") { return reader.rest() }
        }
        return nil
    }

    /// A caption as the set holds it in storygraph's text form.
    static func member(_ caption: String) -> String { "\u{1F}\(caption)\u{1F}" }

    /// Whether a first value is an empty set or list (`set()`, `[]`, `set([])`, `list()`).
    static func isEmptyCollection(_ value: String) -> Bool {
        let compact = value.filter { !$0.isWhitespace }
        return ["set()", "[]", "set([])", "list()", "set(())", "()"].contains(compact)
    }

    /// The item with this caption is shown only when it is not in the set.
    func notTaken(_ caption: String) -> Condition {
        let text = "\(Self.quoted(caption)) not in \(written)"
        guard let variable else { return .test(text, RenPyExpressionParser.opaque(written)) }
        return .test(text, .unary(.not, .binary(.contains, .variable(variable), .string(Self.member(caption)))))
    }

    /// Choosing the item adds its caption to the set.
    func taking(_ caption: String, at location: SourceLocation) -> Effect {
        let text = "\(written).add(\(Self.quoted(caption)))"
        guard let variable else {
            let name = RenPyExpressionParser.names(in: written).first ?? written
            return Effect(variable: name, value: RenPyExpressionParser.opaque(written), text: text, location: location)
        }
        return Effect(
            variable: variable, operation: .add, value: .string(Self.member(caption)), text: text, location: location)
    }

    private static func quoted(_ caption: String) -> String {
        "\"" + caption.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
