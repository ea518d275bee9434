import Foundation
import StoryGraph

extension RenPyLoader {
    /// A Ren'Py project folder (one holding `game/`) or a `game/` folder is read as Ren'Py
    /// reads it: every `.rpy` under `game/`, and nothing else (not an editor's history
    /// copies beside it, not a LICENSE.txt). The folder's story is read from its first
    /// script, which finds the others (`load`).
    package static func entryFile(inFolder folder: String) -> String? {
        let inside = (folder as NSString).appendingPathComponent("game")
        for candidate in [inside, folder] where candidate == inside || (folder as NSString).lastPathComponent == "game" {
            if let first = entry(under: candidate) { return first }
        }
        return nil
    }

    /// The script a game folder's story is read from: its first `.rpy` that is not empty
    /// (an empty script is a file with no statements, as Ren'Py reads it).
    static func entry(under folder: String) -> String? {
        scripts(under: folder).first { path in
            let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
            return size > 0
        }
    }

    /// A script inside a game's `game/` folder is that game's story, read from the game's
    /// first script; any other `.rpy` joins the folder's other scripts.
    package static func folderRole(of source: SourceText) -> FolderRole? {
        guard let root = gameFolder(of: source.path), let first = entry(under: root) else {
            return FolderRole(sharesStory: true)
        }
        return FolderRole(root: first)
    }

    /// The `game/` folder a path is inside, if any.
    static func gameFolder(of path: String) -> String? {
        var folder = StoryPath.folder(of: path)
        while !folder.isEmpty, folder != "/", folder != "." {
            if (folder as NSString).lastPathComponent == "game" { return folder }
            let up = StoryPath.folder(of: folder)
            if up == folder { break }
            folder = up
        }
        return nil
    }

    /// Every `.rpy` file under `folder`, sorted by path (none when it is not a folder).
    static func scripts(under folder: String) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            return []
        }
        let names = (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String]) ?? []
        return names.filter { $0.lowercased().hasSuffix(".rpy") }.sorted()
            .map { (folder as NSString).appendingPathComponent($0) }
    }

    /// The given sources and, when they are inside a game's `game/` folder, every other
    /// script of the game (read through the folder's `StoryTree`, so links out of it and
    /// FIFOs are left unread, each a finding).
    static func gameSources(_ given: [SourceText], findings: inout [Diagnostic]) throws(StoryLoadError)
        -> [SourceText]
    {
        guard let first = given.first, let root = gameFolder(of: first.path) else { return given }
        var sources = given
        var known = Set(given.map { ($0.path as NSString).standardizingPath })
        let tree = StoryTree(folder: root)
        for path in scripts(under: root) where known.insert((path as NSString).standardizingPath).inserted {
            switch tree.read(path) {
            case .success(let source): if !source.isBlank { sources.append(source) }
            case .failure(.refused(.missing)): continue
            case .failure(.refused(let refusal)):
                findings.append(
                    Diagnostic(FormatRules.fileSkipped, tree.skipReason(refusal), at: SourceLocation(file: path, line: 1)))
            case .failure(.unreadable(let error)): throw error
            }
        }
        return sources.sorted { $0.path < $1.path }
    }
}
