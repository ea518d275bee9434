import Foundation
import StoryGraph

/// Yarn Spinner dialogue: `.yarn` files in the v1, v2 and v3 syntax (also `.yarn.txt`),
/// several files or a folder as one story, a `.yarnproject` (the files its `sourceFiles`
/// globs select), and the Yarn editor's JSON (`[{"title", "body", …}]`, recognised by its
/// content). Reading a file is `YarnFileReader`'s or `YarnEditorJSON`'s, making the story
/// `YarnStoryParser`'s; this type picks the reader per file and gathers the project's files.
package enum YarnLoader: StoryLoader {
    package static let formatName = "yarn"
    package static let formatDescription =
        "Yarn Spinner dialogue: .yarn (v1 to v3), .yarn.txt, .yarnproject, the Yarn editor's JSON"
    package static let fileExtensions = ["yarn", "yarn.txt", "yarnproject", "json"]
    package static let acceptsSeveralFiles = true
    package static let rules = YarnRules.all

    /// One file as read: its nodes and findings, or a project to expand.
    package struct File {
        var nodes: [YarnNode] = []
        var diagnostics: [Diagnostic] = []
        var project: YarnProject?
        /// Not Yarn dialogue (a folder's other JSON): left out.
        var isSkipped = false
    }

    /// 20 for a `.yarnproject`, the editor's JSON or a `title:` header followed by `---`;
    /// 5 for any other `.yarn` file (read, to report what is wrong with it).
    package static func recognize(_ source: SourceText, _ parses: SourceParses) -> Recognition<File>? {
        let path = source.path.lowercased()
        let confidence: Int
        if path.hasSuffix(".yarnproject") || YarnEditorJSON.looksLikeEditorJSON(source)
            || YarnFileReader.looksLikeYarn(source)
        {
            confidence = 20
        } else if path.hasSuffix(".yarn") {
            confidence = 5
        } else {
            return nil
        }
        return Recognition(confidence: confidence) { () throws(StoryLoadError) in try parse(source, parses) }
    }

    package static func parse(_ source: SourceText, _ parses: SourceParses) throws(StoryLoadError) -> File {
        let path = source.path.lowercased()
        if path.hasSuffix(".yarnproject") {
            let (project, findings) = YarnProject.read(source)
            return File(diagnostics: findings, project: project)
        }
        if YarnEditorJSON.looksLikeEditorJSON(source) {
            let (nodes, findings) = try YarnEditorJSON.nodes(in: source)
            return File(nodes: nodes, diagnostics: findings)
        }
        if !(path.hasSuffix(".yarn") || path.hasSuffix(".yarn.txt")) && !YarnFileReader.looksLikeYarn(source) {
            // A folder's other JSON (a sprite sheet, package metadata) is not dialogue.
            return File(
                diagnostics: [
                    Diagnostic(
                        YarnRules.skippedFile, "not Yarn dialogue; the file is left out", at: source.location(at: 0))
                ], isSkipped: true)
        }
        let (nodes, findings) = YarnFileReader.nodes(in: source)
        return File(nodes: nodes, diagnostics: findings)
    }

    package static func load(_ files: [ParsedSource<File>], context: inout LoadContext) throws(StoryLoadError) -> Story
    {
        var read: [ParsedSource<File>] = []
        var seen = Set<String>()
        let key = { (path: String) in (path as NSString).standardizingPath }
        // A project's own files first, in its order.
        for file in files {
            guard let project = file.parsed.project else { continue }
            context.sink.append(contentsOf: file.parsed.diagnostics)
            let selected = project.files()
            if selected.isEmpty {
                context.sink.report(
                    YarnRules.project,
                    "the project's sourceFiles (\(project.sourcePatterns.joined(separator: ", "))) select no .yarn file",
                    at: file.source.location(at: 0))
            }
            let tree = StoryTree(folder: project.folder)
            for (path, refusal) in selected where seen.insert(key(path)).inserted {
                if let refusal {
                    let name =
                        path.hasPrefix(project.folder + "/") ? String(path.dropFirst(project.folder.count + 1)) : path
                    context.sink.report(
                        FormatRules.fileRefused, "source file refused: \(tree.reason(refusal, name: name))",
                        at: file.source.location(at: 0))
                    continue
                }
                let source: SourceText
                switch tree.read(path) {
                case .success(let read): source = read
                case .failure(.refused(let refusal)):
                    context.sink.report(
                        FormatRules.fileRefused, "source file refused: \(tree.reason(refusal, name: path))",
                        at: file.source.location(at: 0))
                    continue
                case .failure(.unreadable(let error)): throw error
                }
                guard !source.isBlank else { continue }
                read.append(ParsedSource(source: source, parsed: try parse(source, SourceParses())))
            }
        }
        // With a project, the story is the project's files: others found beside it in a
        // folder are left out (and said so).
        let hasProject = files.contains { $0.parsed.project != nil }
        for file in files where file.parsed.project == nil {
            if hasProject {
                if !seen.contains(key(file.source.path)) {
                    context.sink.report(
                        YarnRules.skippedFile, "not in the project's sourceFiles; the file is left out",
                        at: file.source.location(at: 0))
                }
                continue
            }
            if seen.insert(key(file.source.path)).inserted { read.append(file) }
        }
        var nodes: [YarnNode] = []
        for file in read {
            context.sink.append(contentsOf: file.parsed.diagnostics)
            nodes += file.parsed.nodes
        }
        guard !nodes.isEmpty else {
            throw context.sink.refusal(
                FormatRules.noStory, "no Yarn node (a 'title:' header, '---', a body, '===') in the file",
                at: files.first.map { $0.source.location(at: 0) })
        }
        var (story, findings) = YarnStoryParser.story(from: nodes, format: formatName, start: context.requestedStart)
        context.sink.append(contentsOf: findings)
        story.title = title(of: files[0].source.path)
        return story
    }

    /// The first file's name without `.yarnproject`, `.yarn.txt`, `.yarn` or `.json`.
    static func title(of path: String) -> String {
        var name = (path as NSString).lastPathComponent
        for suffix in [".yarnproject", ".yarn.txt", ".yarn", ".json"] where name.lowercased().hasSuffix(suffix) {
            name = String(name.dropLast(suffix.count))
            break
        }
        return name
    }
}
