import StoryGraph

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
package struct ParsedSource<Parsed> {
    package let source: SourceText
    package let parsed: Parsed

    package init(source: SourceText, parsed: Parsed) {
        self.source = source
        self.parsed = parsed
    }
}

/// What a loader reads with: the caller's options and the sink for what it notices.
package struct LoadContext: Sendable {
    package let options: LoadOptions
    package var sink = DiagnosticSink()

    package init(options: LoadOptions) { self.options = options }

    /// The start given with `--start`, for what a loader infers from the start (which
    /// choices are restarts, which piece needs no start of its own). Setting the story's
    /// start, checking it exists and hiding `start-fallback` warnings when it is given are
    /// `StoryLoading`'s, for every loader.
    package var requestedStart: String? { options.start }
}

/// One story format. A loader is stateless: it recognises its files (parsing them to do
/// so), then reads the story from what it parsed. It need not check ids, links, the start
/// or the title: `StoryLoading` does that once for every format. It throws only when
/// nothing usable can be read.
///
/// A new format is a folder of `StoryFormats` with a type conforming to this protocol, and
/// one line in `StoryFormatRegistry.standard`; the conformance suite then runs over it.
/// What the format decides beyond one file (its rules, its options, how its files group
/// in a folder) it says here too, each with a default that suits a one-file format.
package protocol StoryLoader: Sendable {
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

    /// The rules of the findings this format reports beyond `FormatRules` (its family's
    /// list; loaders of one family may give the same list): the registry joins them.
    static var rules: [Rule] { get }
    /// Ids of rules whose errors describe a story read in full (ChoiceScript's quicktest
    /// checks): like the analysers' findings, they never refuse the story.
    static var storyFindingRules: Set<String> { get }
    /// The options of the format's own (a family may give the same to each of its loaders).
    static var options: [FormatOption] { get }
    /// Whether `options` alone ask for this format (a gamebook `--schema`): the file is then
    /// read as this format without guessing, as with `--input-format`.
    static func isRequested(by options: LoadOptions) -> Bool
    /// The file a folder's story is read from when the folder holds a story of this format
    /// that one file leads (a ChoiceScript game's startup.txt); `nil` otherwise.
    static func entryFile(inFolder folder: String) -> String?
    /// How `source`, a file of a folder given, joins the folder's stories; `nil` when it
    /// is no story of its own there (a `package.json` that any JSON loader would accept).
    static func folderRole(of source: SourceText) -> FolderRole?
    /// The kind of project whose story is one of its files, when this format's stories
    /// live in one (an app's source); loaders of one family give the same.
    static var project: StoryProject? { get }
    /// `text` read as a condition in the story language (`gold >= 0`, `$gold gte 0`), by
    /// the reader the loader uses for its own conditions: what an expectation is written
    /// in. Nil when it does not read as one, or the format has no expressions.
    static func expression(_ text: String) -> Expression?
}

extension StoryLoader {
    package static var acceptsSeveralFiles: Bool { false }
    package static var rules: [Rule] { [] }
    package static var storyFindingRules: Set<String> { [] }
    package static var options: [FormatOption] { [] }
    package static func isRequested(by options: LoadOptions) -> Bool { false }
    package static func entryFile(inFolder folder: String) -> String? { nil }
    package static func folderRole(of source: SourceText) -> FolderRole? {
        FolderRole(sharesStory: acceptsSeveralFiles)
    }
    package static var project: StoryProject? { nil }
    package static func expression(_ text: String) -> Expression? { nil }

    /// The confidence of `recognize` alone (0 when not this format), for tests and tools.
    package static func confidence(for source: SourceText) -> Int {
        recognize(source, SourceParses())?.confidence ?? 0
    }
}
