import StoryGraph

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
    /// A story's own macros or widgets whose quoted arguments name passages
    /// (`--link-macro fade`): their arguments that name a passage are links.
    public var linkMacros: Set<String>

    public init(
        start: String? = nil, storyName: String? = nil, restartRule: RestartRule = .text,
        gamebookSchema: GamebookSchema? = nil, linkMacros: Set<String> = []
    ) {
        self.linkMacros = linkMacros
        self.start = start
        self.storyName = storyName
        self.restartRule = restartRule
        self.gamebookSchema = gamebookSchema
    }
}

/// A loaded story and everything noticed while reading it.
public struct LoadResult: Sendable {
    public var story: Story
    /// Findings in source order: warnings (dropped metadata…) and the findings of the
    /// story as read (a duplicate id, a broken link), each with its rule id.
    public var diagnostics: [Diagnostic]

    public init(story: Story, diagnostics: [Diagnostic] = []) {
        self.story = story
        self.diagnostics = diagnostics
    }

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// One file of a story with what its loader parsed of it.
public struct ParsedSource<Parsed> {
    public let source: SourceText
    public let parsed: Parsed

    public init(source: SourceText, parsed: Parsed) {
        self.source = source
        self.parsed = parsed
    }
}

/// What a loader reads with: the caller's options and the sink for what it notices.
public struct LoadContext: Sendable {
    public let options: LoadOptions
    public var sink = DiagnosticSink()

    public init(options: LoadOptions) { self.options = options }

    /// The start given with `--start`, for what a loader infers from the start (which
    /// choices are restarts, which piece needs no start of its own). Setting the story's
    /// start, checking it exists and hiding `start-fallback` warnings when it is given are
    /// `StoryLoading`'s, for every loader.
    public var requestedStart: String? { options.start }
}

/// One story format. A loader is stateless: it recognises its files (parsing them to do
/// so), then reads the story from what it parsed. It need not check ids, links, the start
/// or the title: `StoryLoading` does that once for every format. It throws only when
/// nothing usable can be read.
///
/// A new format is a folder of `StoryFormats` with a type conforming to this protocol, and
/// one line in `StoryLoading.loaders`; the conformance suite then runs over it.
public protocol StoryLoader: Sendable {
    /// What recognition parses and loading reads: a JSON tape, a token summary…
    associatedtype Parsed

    /// The name given to `--input-format`, such as `story-json`.
    static var formatName: String { get }
    /// A few words for help and "no loader recognised this file" messages.
    static var formatDescription: String { get }
    /// Lower-case file extensions without the dot.
    static var fileExtensions: [String] { get }
    /// Whether several files can make one story (Twee does, as Tweego does).
    static var acceptsSeveralFiles: Bool { get }

    /// `nil` when `source` is not in this format (decided cheaply where possible);
    /// otherwise how sure the loader is and what it parsed. Loaders of one family share a
    /// parse through `parses`.
    static func recognize(_ source: SourceText, _ parses: SourceParses) -> Recognition<Parsed>?

    /// Parses a file taken to be in this format without asking (`--input-format`, or the
    /// second and later files of a story made of several).
    static func parse(_ source: SourceText, _ parses: SourceParses) throws(StoryLoadError) -> Parsed

    /// Reads the story from the parsed files (at least one; more only when
    /// `acceptsSeveralFiles`). Leaves the title empty when the files name none.
    static func load(_ files: [ParsedSource<Parsed>], context: inout LoadContext) throws(StoryLoadError) -> Story
}

extension StoryLoader {
    public static var acceptsSeveralFiles: Bool { false }

    /// The confidence of `recognize` alone (0 when not this format), for tests and tools.
    public static func confidence(for source: SourceText) -> Int {
        recognize(source, SourceParses())?.confidence ?? 0
    }
}
