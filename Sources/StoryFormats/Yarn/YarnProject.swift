import Foundation
import StoryGraph

/// A `.yarnproject` file (Yarn Spinner 2.3 and later: JSON with `projectFileVersion`,
/// `sourceFiles` globs and `excludeFiles` globs, relative to the project's folder). The
/// format names no start node, so the story starts at `Start` unless `--start` says.
struct YarnProject {
    var sourcePatterns: [String]
    var excludePatterns: [String]
    /// The folder the patterns are relative to.
    var folder: String

    static func read(_ source: SourceText) -> (YarnProject, [Diagnostic]) {
        let folder = StoryPath.folder(of: source.path)
        var diagnostics: [Diagnostic] = []
        var project = YarnProject(
            sourcePatterns: ["**/*.yarn"], excludePatterns: [], folder: folder.isEmpty ? "." : folder)
        guard let object = (try? JSONSerialization.jsonObject(with: Data(source.utf8))) as? [String: Any] else {
            diagnostics.append(
                Diagnostic(
                    .warning,
                    "the project file is not the JSON of Yarn Spinner 2.3 or later; every .yarn file in its folder is read",
                    at: source.location(at: 0), rule: YarnRules.projectFormat.id))
            return (project, diagnostics)
        }
        if let patterns = object["sourceFiles"] as? [String] { project.sourcePatterns = patterns }
        if let patterns = object["excludeFiles"] as? [String] { project.excludePatterns = patterns }
        return (project, diagnostics)
    }

    /// The files the patterns select, in path order, each with whether the project's
    /// folder tree lets it be read (`StoryTree`: inside the folder, a regular file).
    func files() -> [(path: String, refusal: StoryTree.Refusal?)] {
        let tree = StoryTree(folder: folder)
        return selected().map { path in
            switch tree.admit(path) {
            case .success: (path, nil)
            case .failure(let refusal): (path, refusal)
            }
        }
    }

    /// The paths the patterns select, in path order.
    private func selected() -> [String] {
        let manager = FileManager.default
        let all = (manager.enumerator(atPath: folder)?.allObjects as? [String] ?? []).sorted()
        let include = sourcePatterns.map(YarnGlob.init)
        let exclude = excludePatterns.map(YarnGlob.init)
        return all.filter { relative in
            let lower = relative.lowercased()
            guard lower.hasSuffix(".yarn") || lower.hasSuffix(".yarn.txt") else { return false }
            return include.contains { $0.matches(relative) } && !exclude.contains { $0.matches(relative) }
        }.map { (folder as NSString).appendingPathComponent($0) }
    }
}
