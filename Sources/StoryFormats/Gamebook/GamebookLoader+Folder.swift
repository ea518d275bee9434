import Foundation
import StoryGraph

extension GamebookLoader {
    /// In a folder, only data in which the inference finds a gamebook is a story; a YAML
    /// file that holds one node (`text:` and `options:`, the gamebook of one file per
    /// node) is a part of the folder's one story of such files.
    package static func folderRole(of source: SourceText) -> FolderRole? {
        if isGamebook(source) { return FolderRole() }
        guard isYAML(source.path), let (root, _) = try? tree(source), isNode(root), isNodeFile(root) else { return nil }
        return FolderRole(sharesStory: true)
    }

    /// Whether a map read as a node is one on its own in a folder: it has options (a
    /// list of records), or it is an ending with nothing but single values. A file with
    /// lists of plain values and no options (a build tool's `build.yml` beside a Twee
    /// story: `head:`, `deps:`) is no part of a story.
    static func isNodeFile(_ root: LocatedValue) -> Bool {
        guard let entries = root.entries else { return false }
        let hasOptions = entries.contains { entry in
            guard let elements = entry.value.elements, !elements.isEmpty else { return false }
            return elements.allSatisfy { $0.entries != nil }
        }
        return hasOptions || entries.allSatisfy { $0.value.entries == nil && $0.value.elements == nil }
    }

    /// Several files are one gamebook when each holds one node: a map with a text field
    /// and, unless it is an ending, an options field.
    package static var acceptsSeveralFiles: Bool { true }

    static func isYAML(_ path: String) -> Bool {
        ["yaml", "yml"].contains((path as NSString).pathExtension.lowercased())
    }

    /// Whether a file's tree is one node of a gamebook: a map with prose under a text name
    /// (`text`, `body`, `story`…) and no map or list of records in it but its options.
    static func isNode(_ root: LocatedValue) -> Bool {
        guard let entries = root.entries else { return false }
        let hasText = entries.contains { entry in
            GamebookSchemaInference.textNames.contains(entry.key.lowercased()) && entry.value.prose != nil
        }
        let collections = entries.filter { entry in
            (entry.value.entries?.contains { $0.value.entries != nil } ?? false)
                || (entry.value.elements?.count ?? 0) > 0 && entry.value.elements!.allSatisfy { $0.entries != nil }
                    && entry.value.elements!.contains { element in
                        element.entries!.contains { $0.value.entries != nil || $0.value.elements != nil }
                    }
        }
        return hasText && collections.isEmpty
    }

    /// The one gamebook several node files make: a map of node id (the node's `id` field,
    /// else its file's name) to node, in the order the files are given.
    static func joinedNodes(_ files: [ParsedSource<Parsed>]) throws(StoryLoadError) -> Parsed {
        var entries: [LocatedValue.Entry] = []
        var findings: [Diagnostic] = []
        for file in files {
            let root = file.parsed.root
            findings += file.parsed.findings
            guard isNode(root) else {
                throw StoryLoadError(
                    GamebookRules.noStory,
                    "a gamebook of one file per node needs every file to be one node (a map with a text field and its options); this one is \(root.typeName)",
                    at: root.location)
            }
            let name = ((file.source.path as NSString).lastPathComponent as NSString).deletingPathExtension
            let id = root["id"]?.scalarText ?? name
            entries.append(LocatedValue.Entry(key: id, keyLocation: root.location, value: root))
        }
        let place = files[0].parsed.root.location
        return Parsed(root: LocatedValue(.map(entries), at: place), findings: findings)
    }
}
