/// A passage: a piece of text the reader sees, and the choices that lead on from it.
public struct Passage: Sendable, Hashable, Codable, Identifiable {
    /// A declared end of the story, with an optional kind such as `good` or `bad`.
    public struct Ending: Sendable, Hashable, Codable {
        public var kind: String?
        public init(kind: String? = nil) { self.kind = kind }
    }

    public var id: String
    public var text: String
    /// The text as the reader sees it, when the loader's markup makes it differ from
    /// `text` (links shown by their labels, macros and comments gone). Filled by the
    /// loader at load time; `nil` means `text` is what the reader sees.
    public var readerText: String?
    public var tags: [String]
    /// Set when the format declares this passage an end (`"ending": "good"`, `*ending`…).
    public var ending: Ending?
    public var choices: [Choice]
    /// What showing the passage does to the story's variables, in source order.
    public var effects: [Effect] {
        get { effectList.all }
        set { effectList = EffectList(newValue) }
        _modify {
            var effects = effectList.takeAll()
            defer { effectList = EffectList(effects) }
            yield &effects
        }
    }
    /// `effects`, with the run it shares with other passages apart (`EffectList`).
    package var effectList: EffectList
    public var location: SourceLocation?
    /// Format-specific facts, as the story wrote them (for example a Twine position
    /// "600,400", which exports write back unchanged).
    public var metadata: [String: String]
    /// Where the author placed the passage in an editor (Twine, the Yarn editor), when the
    /// story says.
    public var position: Position?
    /// Set by a loader for a passage it made to carry the flow, not one the author wrote
    /// as a passage: an ink gather or a choice's content, a Yarn node's part after its
    /// options, a ChoiceScript page break or label. Such a passage is often empty on
    /// purpose, so `empty-passage` does not ask it for text.
    public var isFlowPoint: Bool = false

    enum CodingKeys: String, CodingKey {
        case id, text, readerText, tags, ending, choices
        case effectList = "effects"
        case location, metadata, position, isFlowPoint
    }

    public init(
        id: String, text: String = "", tags: [String] = [], ending: Ending? = nil,
        choices: [Choice] = [], effects: [Effect] = [], location: SourceLocation? = nil,
        metadata: [String: String] = [:], position: Position? = nil
    ) {
        self.id = id
        self.text = text
        self.tags = tags
        self.ending = ending
        self.choices = choices
        self.effectList = EffectList(effects)
        self.location = location
        self.metadata = metadata
        self.position = position
    }

    /// What the reader sees of this passage: `readerText`, else `text`.
    public var shownText: String { readerText ?? text }

    /// An ending is a passage the format declares as one, or one with no way on but
    /// restarts and inclusions (DESIGN.md). A passage with only a broken or dynamic link
    /// is not an ending: the reader was meant to go somewhere.
    public var isEnding: Bool {
        if ending != nil { return true }
        return choices.allSatisfy { $0.isRestart || $0.kind == .include }
    }
}
