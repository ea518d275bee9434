import Foundation

/// Yarn Spinner dialogue: `.yarn` files in the v1, v2 and v3 syntax (also `.yarn.txt`),
/// several files or a folder as one story, a `.yarnproject` (the files its `sourceFiles`
/// globs select), and the Yarn editor's JSON (`[{"title", "body", …}]`, recognised by its
/// content). The reading is `YarnStoryParser`'s; this type only picks the reader per file.
public enum YarnLoader: StoryLoader {
    public static let formatName = "yarn"
    public static let formatDescription = "Yarn Spinner dialogue: .yarn (v1 to v3), .yarn.txt, .yarnproject, the Yarn editor's JSON"
    public static let fileExtensions = ["yarn", "yarn.txt", "yarnproject", "json"]
    public static let acceptsSeveralFiles = true

    public static func confidence(for source: SourceText) -> Int {
        let path = source.path.lowercased()
        if path.hasSuffix(".yarnproject") { return 20 }
        if YarnEditorJSON.looksLikeEditorJSON(source) { return 20 }
        if YarnFileReader.looksLikeYarn(source) { return 20 }
        return path.hasSuffix(".yarn") ? 5 : 0
    }

    public static func load(_ sources: [SourceText], options: LoadOptions) throws(StoryLoadError) -> LoadResult {
        var diagnostics: [Diagnostic] = []
        var files: [SourceText] = []
        var seen = Set<String>()
        func add(_ source: SourceText) {
            if seen.insert((source.path as NSString).standardizingPath).inserted { files.append(source) }
        }
        // A project's own files first, in its order; then any other file given.
        for source in sources where source.path.lowercased().hasSuffix(".yarnproject") {
            let (project, findings) = YarnProject.read(source)
            diagnostics += findings
            let selected = project.files()
            if selected.isEmpty {
                diagnostics.append(Diagnostic(.error, "the project's sourceFiles (\(project.sourcePatterns.joined(separator: ", "))) select no .yarn file", at: source.location(at: 0), rule: YarnRules.project))
            }
            for path in selected { add(try SourceText(contentsOf: path)) }
        }
        // With a project, the story is the project's files: others found beside it in a
        // folder are left out (and said so).
        let hasProject = !files.isEmpty || sources.contains { $0.path.lowercased().hasSuffix(".yarnproject") }
        for source in sources where !source.path.lowercased().hasSuffix(".yarnproject") {
            if hasProject && !seen.contains((source.path as NSString).standardizingPath) {
                diagnostics.append(Diagnostic(.info, "not in the project's sourceFiles; the file is left out", at: source.location(at: 0), rule: YarnRules.skippedFile))
                continue
            }
            add(source)
        }
        var nodes: [YarnNode] = []
        for file in files where !file.isBlank {
            let path = file.path.lowercased()
            let isYarnFile = path.hasSuffix(".yarn") || path.hasSuffix(".yarn.txt")
            if !isYarnFile && !YarnEditorJSON.looksLikeEditorJSON(file) && !YarnFileReader.looksLikeYarn(file) {
                // A folder's other JSON (a sprite sheet, package metadata) is not dialogue.
                diagnostics.append(Diagnostic(.info, "not Yarn dialogue; the file is skipped", at: file.location(at: 0), rule: YarnRules.skippedFile))
                continue
            }
            let (found, findings) = YarnEditorJSON.looksLikeEditorJSON(file)
                ? try YarnEditorJSON.nodes(in: file) : YarnFileReader.nodes(in: file)
            nodes += found
            diagnostics += findings
        }
        guard !nodes.isEmpty else {
            throw StoryLoadError(diagnostics + [Diagnostic(.error, "no Yarn node (a 'title:' header, '---', a body, '===') in the file", at: sources.first.map { $0.location(at: 0) })])
        }
        var (story, findings) = YarnStoryParser.story(from: nodes, format: formatName, start: options.start)
        story.title = (sources[0].path as NSString).lastPathComponent.replacingOccurrences(of: ".yarnproject", with: "")
            .replacingOccurrences(of: ".yarn.txt", with: "").replacingOccurrences(of: ".yarn", with: "")
            .replacingOccurrences(of: ".json", with: "")
        return LoadResult(story: story, diagnostics: diagnostics + findings)
    }
}
