import Foundation

/// ChoiceScript games (Choice of Games' language): `startup.txt` with its `*scene_list`
/// and scene files beside it. Given `startup.txt`, any scene file of the game, or the
/// folder that holds them (or holds `scenes/`), it reads the whole game: see
/// `ChoiceScriptGameParser` for the scenes and checks, `ChoiceScriptSceneCompiler` for
/// how indentation-structured flow becomes passages.
public enum ChoiceScriptLoader: StoryLoader {
    public static let formatName = "choicescript"
    public static let formatDescription = "ChoiceScript game: startup.txt with *scene_list and scene files"
    public static let fileExtensions = ["txt"]
    public static let acceptsSeveralFiles = true

    /// The checks whose errors describe a game that was read in full (quicktest's static
    /// errors): they never refuse the game (see `StoryLoading.refuses`).
    static let storyFindingRules: Set<String> = [
        "choicescript-fall-out", "choicescript-fall-in-else", "choicescript-missing-scene", "choicescript-missing-file",
        "choicescript-no-option-body", "choicescript-expected-option", "choicescript-unknown-variable",
        "choicescript-indentation", "choicescript-syntax",
    ]

    /// The commands whose presence at the start of a line marks a scene file.
    static let markers: Set<String> = [
        "choice", "fake_choice", "goto", "label", "finish", "ending", "scene_list", "create", "temp", "set",
        "page_break", "goto_scene", "gosub", "gosub_scene", "title", "author", "if", "comment",
    ]

    /// 20 when some line starts with a ChoiceScript command (`*choice`, `*label`…),
    /// above Twee's 10 for `::` headers; 0 otherwise.
    ///
    /// - Complexity: O(n) for a file of n characters, stopping at the first command.
    public static func confidence(for source: SourceText) -> Int {
        for line in source.text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: true) {
            let parsed = ChoiceScriptLine(number: 0, raw: Substring(line))
            if let command = parsed.command, markers.contains(command) { return 20 }
        }
        return 0
    }

    /// The `startup.txt` a folder holds (in `scenes/`, as the interpreter looks first, or
    /// directly), for `StoryLoading`.
    public static func startupFile(inFolder folder: String) -> String? {
        for candidate in ["scenes/startup.txt", "startup.txt"] {
            let path = (folder as NSString).appendingPathComponent(candidate)
            if FileManager.default.fileExists(atPath: path) { return path }
        }
        return nil
    }

    public static func load(_ sources: [SourceText], options: LoadOptions) throws(StoryLoadError) -> LoadResult {
        guard let first = sources.first else { throw StoryLoadError("no story file given", at: nil) }
        let startup = sources.first { ($0.path as NSString).lastPathComponent == "startup.txt" }
        let anchor = startup ?? first
        var folder = (anchor.path as NSString).deletingLastPathComponent
        if folder.isEmpty { folder = "." }
        let files = ChoiceScriptGameFiles(folder: folder, given: sources)
        var startScene = "startup"
        if startup == nil, !files.fileNames.contains("startup.txt") {
            startScene = String(((first.path as NSString).lastPathComponent as NSString).deletingPathExtension)
        }
        var parser = ChoiceScriptGameParser(files: files, startScene: startScene)
        var story = try parser.parse()
        if story.title.isEmpty {
            let base = (folder as NSString).lastPathComponent
            let parent = ((folder as NSString).deletingLastPathComponent as NSString).lastPathComponent
            story.title = base == "scenes" && !parent.isEmpty && parent != "." ? parent : (base == "." ? startScene : base)
        }
        return LoadResult(story: story, diagnostics: parser.diagnostics)
    }
}
