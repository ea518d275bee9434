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
    /// The source language's own figures, as its own tools count them (ink's knots and
    /// stitches, ChoiceScript's scenes and labels), in the order to show them; `report`
    /// prints them beside the graph's under `structure.source`.
    public var sourceStatistics: [SourceStatistic] = []
    /// How the story's language computes with numbers (ink keeps integers whole).
    public var arithmetic: Arithmetic = .decimal
    /// True when the story has code outside its passages that may read its variables and
    /// that storygraph does not read for it (Ren'Py's screens and Python functions): no
    /// variable is then claimed never read. Nil (the default) is false.
    public var readsOutsidePassages: Bool? = nil
    /// True when the story's runtime gives values to names the story does not declare
    /// (Ren'Py's store: transitions such as `fade`, `config`, Python's builtins): a name
    /// read but neither declared nor set by the story is then not claimed never set. Nil
    /// (the default) is false.
    public var runtimeProvidesNames: Bool? = nil
    /// Variables the story reads where no condition or effect shows it (ink's divert to a
    /// variable, an argument a divert passes): never claimed never read.
    public var readElsewhere: [String] = []

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

/// One of a source language's own figures (`knots: 32`).
public struct SourceStatistic: Sendable, Hashable, Codable {
    /// A snake_case name (`knots`, `words`, `options`).
    public var name: String
    public var value: Int

    public init(_ name: String, _ value: Int) {
        self.name = name
        self.value = value
    }
}
