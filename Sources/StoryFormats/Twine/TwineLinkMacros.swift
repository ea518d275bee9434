import Foundation
import StoryGraph

/// The story's own macros or widgets whose quoted arguments name passages: those given
/// with `--link-macro NAME`, and those a project configuration file beside the story
/// declares, `storygraph.json` holding `{"link_macros": ["fade", "challenge"]}`.
enum TwineLinkMacros {
    static let configurationName = "storygraph.json"

    /// The declared macros (lowercased, as the scanner names macros) for a story read
    /// from `paths`; a configuration file that cannot be read is a located warning.
    static func declared(_ options: LoadOptions, paths: [String], diagnostics: inout [Diagnostic]) -> Set<String> {
        var macros = Set(options.linkMacros.map { $0.lowercased() })
        var folders: [String] = []
        for path in paths where path != "-" {
            let folder = StoryPath.folder(of: path)
            if !folders.contains(folder) { folders.append(folder) }
        }
        for folder in folders {
            let file =
                folder.isEmpty ? configurationName : (folder as NSString).appendingPathComponent(configurationName)
            // A regular file inside the story's folder only: never a FIFO to wait on.
            guard case .success(let source) = StoryTree(folder: folder).read(file) else { continue }
            let data = Data(source.utf8)
            let object = try? JSONSerialization.jsonObject(with: data)
            guard let root = object as? [String: Any] else {
                diagnostics.append(
                    Diagnostic(
                        .warning, "\(configurationName) is not a JSON object; it is ignored",
                        at: SourceLocation(file: file, line: 1, column: 1), rule: FormatRules.twineMetadata.id))
                continue
            }
            guard let value = root["link_macros"] else { continue }
            guard let names = value as? [String] else {
                diagnostics.append(
                    Diagnostic(
                        .warning,
                        "\"link_macros\" in \(configurationName) must be a list of macro names; it is ignored",
                        at: SourceLocation(file: file, line: 1, column: 1), rule: FormatRules.twineMetadata.id))
                continue
            }
            macros.formUnion(names.map { $0.lowercased() })
        }
        return macros
    }
}
