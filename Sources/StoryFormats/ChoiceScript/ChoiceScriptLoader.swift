import Foundation
import StoryGraph

/// ChoiceScript games (Choice of Games' language): `startup.txt` with its `*scene_list`
/// and scene files beside it. Given `startup.txt`, any scene file of the game, or the
/// folder that holds them (or holds `scenes/`), it reads the whole game: see
/// `ChoiceScriptGameParser` for the scenes and checks, `ChoiceScriptSceneCompiler` for
/// how indentation-structured flow becomes passages.
package enum ChoiceScriptLoader: StoryLoader {
    package static let formatName = "choicescript"
    package static let formatDescription = "ChoiceScript game: startup.txt with *scene_list and scene files"
    package static let fileExtensions = ["txt"]
    package static let acceptsSeveralFiles = true
    package static let rules = ChoiceScriptRules.all
    package static let storyFindingRules = ChoiceScriptRules.storyFindings

    /// The commands whose presence at the start of a line marks a scene file.
    static let markers: Set<String> = [
        "choice", "fake_choice", "goto", "label", "finish", "ending", "scene_list", "create", "temp", "set",
        "page_break", "goto_scene", "gosub", "gosub_scene", "title", "author", "if", "comment",
    ]

    /// 20 when some line starts with a ChoiceScript command (`*choice`, `*label`…),
    /// above Twee's 10 for `::` headers; not recognised otherwise. A scene is read when the
    /// whole game is (`load`), so recognition keeps the source as it is.
    ///
    /// - Complexity: O(n) for a file of n characters, stopping at the first command.
    package static func recognize(_ source: SourceText, _ parses: SourceParses) -> Recognition<SourceText>? {
        for line in source.text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: true) {
            let parsed = ChoiceScriptLine(number: 0, raw: Substring(line))
            if let command = parsed.command, markers.contains(command) {
                return Recognition(confidence: 20, parsed: .success(source))
            }
        }
        return nil
    }

    package static func parse(_ source: SourceText, _ parses: SourceParses) -> SourceText { source }

    /// The `startup.txt` a folder holds (in `scenes/`, as the interpreter looks first, or
    /// directly), for `StoryLoading`.
    package static func startupFile(inFolder folder: String) -> String? {
        for candidate in ["scenes/startup.txt", "startup.txt"] {
            let path = (folder as NSString).appendingPathComponent(candidate)
            if FileManager.default.fileExists(atPath: path) { return path }
        }
        return nil
    }

    /// Reads the whole game the files belong to (scenes not given are read from the folder
    /// of `startup.txt`). Leaves the title empty when the game names none.
    package static func load(_ files: [ParsedSource<SourceText>], context: inout LoadContext) throws(StoryLoadError)
        -> Story
    {
        let sources = files.map(\.parsed)
        guard let first = sources.first else {
            throw StoryLoadError(FormatRules.unreadableFile, "no story file given", at: nil)
        }
        let startup = sources.first { ($0.path as NSString).lastPathComponent == "startup.txt" }
        let anchor = startup ?? first
        let folder = StoryPath.directory(of: anchor.path)
        let game = ChoiceScriptGameFiles(folder: folder, given: sources)
        var startScene = "startup"
        if startup == nil, !game.fileNames.contains("startup.txt") {
            startScene = String(((first.path as NSString).lastPathComponent as NSString).deletingPathExtension)
        }
        var parser = ChoiceScriptGameParser(files: game, startScene: startScene)
        let story = try parser.parse()
        context.sink.append(contentsOf: parser.diagnostics)
        return story
    }
}
