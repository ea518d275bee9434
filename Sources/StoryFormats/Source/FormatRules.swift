import StoryGraph

/// The rules of the loaders: why a file is refused (thrown, exit code 65) and what a
/// loader notices while reading. `StoryLoading.rules` joins them to the analysers' rules
/// (`duplicate-id` and `broken-link`, which validation reports, are `LintRule`s).
package enum FormatRules {
    // Why nothing can be read.
    package static let unreadableFile = Rule(
        "unreadable-file", .error,
        "A file or folder cannot be read: it is missing, unreadable, or a folder with no story file in it.")
    package static let fileTooLarge = Rule("file-too-large", .error, "A file is larger than the 64 MiB a loader reads.")
    package static let invalidUTF8 = Rule(
        "invalid-utf8", .error, "A file is not valid UTF-8; the location is the first bad byte.")
    package static let emptyFile = Rule("empty-file", .error, "A file holds nothing but whitespace.")
    package static let unknownFormat = Rule(
        "unknown-format", .error,
        "No loader recognises the file, --input-format names no format, or a one-file format was given several files.")
    package static let noStory = Rule(
        "no-story", .error,
        "The file is in a known format but holds no story it can read (or none with the --story name).")
    package static let noPassages = Rule("no-passages", .error, "The story has no passages.")
    package static let unknownStart = Rule(
        "unknown-start", .error,
        "The start passage (declared, or given with --start) does not exist, or the file does not say which passage starts."
    )

    // Findings while reading.
    package static let jsonSyntax = Rule(
        "json-syntax", .error, "The file is not JSON as RFC 8259 defines it, or nests deeper than the loader allows.")
    package static let jsonShape = Rule(
        "json-shape", .error,
        "A value of a JSON story has the wrong type, or a key the format requires is missing; that part is skipped.")
    package static let unknownKey = Rule(
        "unknown-key", .warning, "A key storygraph JSON does not define; it is ignored.")
    package static let sourceSyntax = Rule(
        "source-syntax", .error,
        "Swift or Objective-C source the lexer or parser cannot read (an unterminated string or comment, unbalanced brackets, nesting too deep)."
    )
    package static let sourceShape = Rule(
        "source-shape", .error,
        "A story element in app source cannot be read: no text field, a destination that is not an integer, a link that is not a piece."
    )
    package static let sourceUnresolved = Rule(
        "source-unresolved", .warning,
        "A text or label in app source is neither a string literal nor a constant of the same file; it is kept as written."
    )
    package static let linksDecidedByCode = Rule(
        "links-decided-by-code", .warning,
        "A story array has choice labels but no destinations: where choices lead is decided by code, so passages are drawn without links."
    )
    package static let storyFile = Rule(
        "story-file", .info, "A project folder is read from the one file that holds the story; this names it.")
    package static let branchNotEvaluated = Rule(
        "branch-not-evaluated", .warning,
        "An if/else branch of the older Destini shape sets the story index under a condition beyond index == N && sender.tag == N; the choice it makes is left out."
    )
    package static let startFallback = Rule(
        "start-fallback", .warning,
        "The story declares no usable start, so storygraph chose one (not reported when --start is given).")
    package static let dynamicLink = Rule(
        "dynamic-link", .info, "A link whose target the story computes when it runs: drawn, never followed.")
    package static let twineHTML = Rule(
        "twine-html", .error,
        "A Twine HTML file that libxml2 cannot safely read to its end (a tag with too many attributes); passages after that point are missing."
    )
    package static let namelessPassage = Rule(
        "nameless-passage", .error,
        "A passage without a name (a Twee header, <tw-passagedata> or <div tiddler>); it is skipped.")
    package static let tweeHeader = Rule(
        "twee-header", .warning, "A Twee passage header with an unclosed tag block or metadata that cannot be read.")
    package static let tweeStrayText = Rule(
        "twee-stray-text", .warning, "Text before the first Twee passage header belongs to no passage and is ignored.")
    package static let twineMetadata = Rule(
        "twine-metadata", .warning,
        "Twine metadata (StoryData, passage metadata) that is not the JSON expected; it is ignored.")
    package static let twineArchive = Rule(
        "twine-archive", .info, "A Twine archive holds several stories; the first is read unless --story names another."
    )
    package static let twineUnreadable = Rule(
        "twine-unreadable", .warning,
        "A Twine passage too tangled to read further; links after that point are not followed.")
    package static let twineUnterminatedLink = Rule(
        "twine-unterminated-link", .warning, "'[[' not closed by ']]' on its line: not a link.")
    package static let twineUnterminatedMacro = Rule(
        "twine-unterminated-macro", .warning, "A Twine macro that is never closed; links inside it are not followed.")
    package static let sugarCubeUnclosedMacro = Rule(
        "sugarcube-unclosed-macro", .error,
        "A SugarCube <<if>> with no <</if>> in its passage (SugarCube: 'cannot find a closing tag for macro <<if>>')."
    )
    package static let twineUnknownMacro = Rule(
        "twine-unknown-macro", .info, "A macro storygraph does not know names a passage; it is not followed as a link.")
    package static let twineSpecialName = Rule(
        "twine-special-name", .warning,
        "A passage named for another story format's machinery (SugarCube's StoryInit in a Harlowe story): this story's format gives the name no meaning, so it is an ordinary passage."
    )
    package static let twinePreemptedLink = Rule(
        "twine-preempted-link", .warning,
        "A link in a Twine passage that always goes on by itself first (an unconditional <<goto>> or (go-to:) outside every hook and block): no reader can click it, so it is not a choice."
    )
    package static let fileRefused = Rule(
        "file-refused", .error,
        "A file the story names (an ink INCLUDE, a ChoiceScript scene, a Yarn project's source file, a Twee StoryIncludes line) is outside the story's folder (after '..' and symbolic links) or is not a regular file (a FIFO, a device, a socket); it is not read."
    )
    package static let fileSkipped = Rule(
        "file-skipped", .warning,
        "A file in a folder given is not a regular file (a FIFO, a device, a socket) or is a symbolic link that leads outside the folder; it is left out unread."
    )
    package static let expressionDepth = Rule(
        "expression-depth", .warning,
        "An expression (or ink's inline logic) nests deeper than the \(Expression.maximumDepth) levels storygraph reads, in any format: it is kept as text and is unknown to the analysers."
    )

    /// The message of an `expressionDepth` finding, the same in every format.
    package static func expressionDepthMessage(
        _ what: String, levels: String = "brackets, prefixes or a chain of one operator",
        _ consequence: String = "storygraph keeps it as text and treats it as unknown"
    ) -> String {
        "\(what) nests deeper than \(Expression.maximumDepth) levels (\(levels)); \(consequence)"
    }

    /// Every loader rule, for the registry.
    package static let all: [Rule] = [
        storyFile, branchNotEvaluated,
        unreadableFile, fileTooLarge, invalidUTF8, emptyFile, unknownFormat, noStory, noPassages, unknownStart,
        jsonSyntax, jsonShape, unknownKey, sourceSyntax, sourceShape, sourceUnresolved, linksDecidedByCode,
        startFallback, dynamicLink, twineHTML, namelessPassage, tweeHeader, tweeStrayText, twineMetadata, twineArchive,
        twineUnreadable, twineUnterminatedLink, twineUnterminatedMacro, sugarCubeUnclosedMacro, twineUnknownMacro, twineSpecialName, twinePreemptedLink, fileRefused, fileSkipped,
        expressionDepth,
    ]
}
