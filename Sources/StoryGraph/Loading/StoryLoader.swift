/// What the command line (or a caller) can tell a loader.
public struct LoadOptions: Sendable, Hashable {
    /// Overrides the start passage the story declares.
    public var start: String?
    /// Picks one story out of a file that holds several (a Twine archive).
    public var storyName: String?
    /// Which links back to the start are restarts (`RestartRule`; `text` by default).
    public var restartRule: RestartRule
    /// The fields of a gamebook's data (`--schema FILE`), instead of inferring them.
    public var gamebookSchema: GamebookSchema?

    public init(
        start: String? = nil, storyName: String? = nil, restartRule: RestartRule = .text,
        gamebookSchema: GamebookSchema? = nil
    ) {
        self.start = start
        self.storyName = storyName
        self.restartRule = restartRule
        self.gamebookSchema = gamebookSchema
    }
}

/// A loaded story and everything noticed while reading it.
public struct LoadResult: Sendable {
    public var story: Story
    /// Findings in source order: warnings (broken links, dropped metadata…) and errors
    /// that did not stop loading (a duplicate id).
    public var diagnostics: [Diagnostic]

    public init(story: Story, diagnostics: [Diagnostic] = []) {
        self.story = story
        self.diagnostics = diagnostics
    }

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// One story format. Loaders are stateless: they turn source texts into a `Story` and
/// findings, and throw only when nothing usable can be read.
public protocol StoryLoader: Sendable {
    /// The name given to `--input-format`, such as `story-json`.
    static var formatName: String { get }
    /// A few words for help and "no loader recognised this file" messages.
    static var formatDescription: String { get }
    /// Lower-case file extensions without the dot.
    static var fileExtensions: [String] { get }
    /// Whether several files can make one story (Twee does, as Tweego does).
    static var acceptsSeveralFiles: Bool { get }
    /// How sure the loader is that `source` is in its format: 0 when it is not, higher
    /// when surer. Used to pick among loaders sharing an extension (`.json`, `.swift`).
    static func confidence(for source: SourceText) -> Int
    /// Reads the story. The loader need not check ids or links: `StoryLoading` does
    /// that once for every format (`Story.validated`).
    static func load(_ sources: [SourceText], options: LoadOptions) throws(StoryLoadError) -> LoadResult
}

extension StoryLoader {
    public static var acceptsSeveralFiles: Bool { false }
}
