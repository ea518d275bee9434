import Foundation
import StoryFormats
import StoryGraph

/// The editor's open documents and the stories they belong to. A document is analysed with
/// its story (`StoryFolder.story(holding:)`: a ChoiceScript scene with its game, a Yarn
/// file with its project), from the open documents' texts and the other files' contents
/// on disk. Each story's analysis (`AnalysedStory`) is kept with the document versions it
/// read and is redone only when one of them changes.
final class StoryWorkspace {
    struct Document {
        let uri: String
        var text: String
        var version: Int
    }

    private(set) var documents: [String: Document] = [:]
    /// The story files each open document belongs to, worked out when it was opened.
    private var storyOf: [String: [String]] = [:]
    private var analyses: [[String]: AnalysedStory] = [:]
    /// How many analyses were made (tests check that a change re-analyses one story).
    private(set) var analysisCount = 0
    let input: InputOptions
    let stateBudget: StateAnalysis.Budget

    init(input: InputOptions, stateBudget: StateAnalysis.Budget) {
        self.input = input
        self.stateBudget = stateBudget
    }

    /// The file path of a `file:` URI (nil for any other scheme).
    static func path(of uri: String) -> String? {
        guard let url = URL(string: uri), url.isFileURL else { return nil }
        return (url.path as NSString).standardizingPath
    }

    /// The URI to name `path` by: the one the editor opened it as, else a `file:` URI.
    func uri(of path: String) -> String {
        documents[path]?.uri ?? URL(fileURLWithPath: path).absoluteString
    }

    /// Opens (or reopens) a document; returns its story's files.
    @discardableResult
    func open(_ path: String, uri: String, text: String, version: Int) -> [String] {
        documents[path] = Document(uri: uri, text: text, version: version)
        let files = StoryFolder.story(holding: path, texts: [path: text]).map { ($0 as NSString).standardizingPath }
        storyOf[path] = files
        return files
    }

    func update(_ path: String, text: String, version: Int) {
        documents[path]?.text = text
        documents[path]?.version = version
    }

    /// Closes a document: its story is read from disk again, and forgotten when no open
    /// document is in it. Returns the forgotten analysis, whose diagnostics are cleared.
    func close(_ path: String) -> AnalysedStory? {
        documents[path] = nil
        guard let files = storyOf.removeValue(forKey: path) else { return nil }
        if storyOf.values.contains(files) { return nil }
        return analyses.removeValue(forKey: files)
    }

    func story(of path: String) -> [String]? { storyOf[path] }

    /// Open documents of one story: its own files and any other open file of it (a
    /// ChoiceScript scene is found by the game from its startup.txt).
    func members(of files: [String]) -> [String] {
        let open = storyOf.filter { $0.value == files }.keys.filter { !files.contains($0) }.sorted()
        return files + open
    }

    /// The analysis of the story `files`, made again only when an open document of it has
    /// another version than the one analysed. `fresh` says whether it was just made.
    func analysis(of files: [String], primary: String) throws(CLIError) -> (story: AnalysedStory, fresh: Bool) {
        let members = members(of: files)
        var versions: [String: Int] = [:]
        for file in members { if let document = documents[file] { versions[file] = document.version } }
        if let known = analyses[files], known.versions == versions { return (known, false) }
        var texts: [String: TextLines] = [:]
        for file in members { if let document = documents[file] { texts[file] = TextLines(document.text) } }
        let documents = self.documents
        let check = try StoryCheck(name: primary, input: input, stateBudget: stateBudget) {
            () throws(StoryLoadError) in
            var sources: [SourceText] = []
            for file in members {
                if let document = documents[file] {
                    sources.append(SourceText(path: file, text: document.text))
                } else {
                    sources.append(try SourceText(contentsOf: file))
                }
            }
            return try StoryLoading.load(sources: sources, format: input.format, options: input.options)
        }
        let analysed = AnalysedStory(files: files, versions: versions, texts: texts, check: check, primary: primary)
        analyses[files] = analysed
        analysisCount += 1
        return (analysed, true)
    }
}
