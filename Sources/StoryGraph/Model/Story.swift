/// A whole branching story as one value: what every loader produces and every analyser,
/// exporter and fuzzer reads (through `StoryGraph`).
public struct Story: Sendable, Hashable, Codable {
    public var title: String
    /// The id of the passage the reader starts at.
    public var start: String
    /// Passages in source order.
    public var passages: [Passage]
    /// The loader's format name, such as `story-json` or `twee`.
    public var format: String
    /// Passages that belong to the story's machinery rather than its text (Twine's
    /// `StoryInit`, stylesheets…): kept for reference, never analysed or drawn.
    public var specialPassages: [Passage]
    /// The story's variables with their initial values, in declaration order.
    public var variables: [Variable]

    public init(
        title: String, start: String, passages: [Passage], format: String,
        specialPassages: [Passage] = [], variables: [Variable] = []
    ) {
        self.title = title
        self.start = start
        self.passages = passages
        self.format = format
        self.specialPassages = specialPassages
        self.variables = variables
    }

    /// The passage with this id, if any (linear search; use `StoryGraph` in loops).
    public func passage(_ id: String) -> Passage? { passages.first { $0.id == id } }
}
