/// One way out of a passage.
public struct Choice: Sendable, Hashable, Codable {
    /// What following the link does.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// The reader clicks it.
        case choice
        /// The story jumps by itself (`<<goto>>`, `(redirect:)`, ink's divert).
        case auto
        /// Another passage's text is shown in place; drawn dotted, never a path step.
        case include
        /// The target is computed when the story runs; reported, never followed.
        case dynamic
        /// A call that comes back (ink's tunnel `-> t ->`, ChoiceScript's `*gosub`, Yarn's
        /// `<<detour>>`): the flow goes to `target` and, when the callee returns, on to
        /// `returnTo`. `StoryGraph` follows it as a step into the callee whose returns
        /// lead to `returnTo`.
        case call
        /// The end of a callee (`->->`, `*return`, `<<return>>`): back to where the call
        /// that is running said (`returnTo`). `target` is empty.
        case `return`
    }

    /// The label the reader sees.
    public var text: String
    /// The id of the target passage (for `dynamic`, the expression as written).
    public var target: String
    /// When the choice is offered, as data (its text and, where the loader parses the
    /// language, its expression); the structural analysers treat the choice as possible.
    public var condition: Condition?
    /// What taking the choice does to the story's variables.
    public var effects: [Effect] {
        get { effectList.all }
        set { effectList = EffectList(newValue) }
        _modify {
            var effects = effectList.takeAll()
            defer { effectList = EffectList(effects) }
            yield &effects
        }
    }
    /// `effects`, with the run it shares with other choices apart (`EffectList`).
    package var effectList: EffectList
    /// A choice on an ending that sends the reader back to the start. Drawn, but never
    /// part of a path or a cycle.
    public var isRestart: Bool
    public var kind: Kind
    /// Offered at most once in a playthrough (ink's `*`, ChoiceScript's `*disable_reuse`
    /// and `*hide_reuse`, Yarn's `<<once>>`); false for sticky choices (ink's `+`).
    public var isOnceOnly: Bool = false
    /// Taken only when no other choice of its passage is available (ink's fallback
    /// choice, with no text).
    public var isFallback: Bool = false
    /// For a `call`: the passage where the flow goes on after the callee returns (nil
    /// when the call's passage ends after it).
    public var returnTo: String?
    public var location: SourceLocation?

    enum CodingKeys: String, CodingKey {
        case text, target, condition
        case effectList = "effects"
        case isRestart, kind, isOnceOnly, isFallback, returnTo, location
    }

    public init(
        text: String, target: String, condition: Condition? = nil, effects: [Effect] = [], isRestart: Bool = false,
        kind: Kind = .choice, returnTo: String? = nil, location: SourceLocation? = nil
    ) {
        self.text = text
        self.target = target
        self.condition = condition
        self.effectList = EffectList(effects)
        self.isRestart = isRestart
        self.kind = kind
        self.returnTo = returnTo
        self.location = location
    }

    /// A choice whose condition is a test kept as written (not parsed).
    public init(
        text: String, target: String, condition conditionText: String?, isRestart: Bool = false,
        kind: Kind = .choice, location: SourceLocation? = nil
    ) {
        self.init(
            text: text, target: target, condition: conditionText.map { Condition($0) }, isRestart: isRestart,
            kind: kind, location: location)
    }

    /// Whether this choice is a step of a path (ordinary click or automatic jump).
    public var isStep: Bool { !isRestart && (kind == .choice || kind == .auto) }
}
