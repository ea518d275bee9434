import Foundation
import StoryGraph

/// The scene files of one game: the folder that holds `startup.txt`, the files given by
/// the caller (used first, so tests need no disk) and, for any other scene, the file in
/// that folder. File names are matched exactly, as the interpreter's web server does; a
/// name that differs only by capitalisation is told apart.
struct ChoiceScriptGameFiles: Sendable {
    /// Where a scene's file was found, or why not.
    enum Lookup {
        case found(SourceText)
        case missing
        /// A file exists whose name differs only by case (its real name).
        case capitalization(String)
        case unreadable(StoryLoadError)
        /// The file is there but is not read: a symbolic link out of the game's folder, a
        /// FIFO, a device (the reason in words).
        case refused(String)
    }

    /// The folder of the scenes (may not exist on disk for texts given in memory).
    let folder: String
    private let given: [String: SourceText]
    /// Every `.txt` file name in the folder (given or on disk), sorted.
    let fileNames: [String]

    /// The tree scene files are read from: the scenes' folder.
    let tree: StoryTree

    init(folder: String, given sources: [SourceText]) {
        self.folder = folder
        tree = StoryTree(folder: folder)
        var given: [String: SourceText] = [:]
        for source in sources { given[(source.path as NSString).lastPathComponent] = source }
        self.given = given
        var names = Set(given.keys.filter { $0.hasSuffix(".txt") })
        let onDisk = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in onDisk where name.hasSuffix(".txt") { names.insert(name) }
        self.fileNames = names.sorted()
    }

    /// The game's folder, where images and sounds are, when the scenes are in its `scenes/`
    /// (the interpreter's layout); nil for a bare folder of scene files.
    var assetFolder: String? {
        guard (folder as NSString).lastPathComponent == "scenes" else { return nil }
        return StoryPath.folder(of: folder)
    }

    /// quicktest's message for an image or sound file that is not there (nil when it is,
    /// or when there is no game folder to look in, or the name is computed).
    func assetProblem(_ name: String) -> String? {
        guard let base = assetFolder, !name.contains("{"), !name.contains("://") else { return nil }
        let path = (base as NSString).appendingPathComponent(name)
        // Only the game's own folder is looked in: the story learns nothing of other files.
        guard !name.hasPrefix("/"), !(name as NSString).standardizingPath.split(separator: "/").contains("..") else {
            return "File is outside the game's folder: \(name); it is not looked for"
        }
        let directory = StoryPath.directory(of: path)
        let file = (path as NSString).lastPathComponent
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        if names.contains(file) { return nil }
        if let other = names.first(where: { $0.lowercased() == file.lowercased() }) {
            return "Incorrect capitalization/canonicalization; the file is called \(other) but you requested \(name)"
        }
        return "File does not exist: \(name)"
    }

    /// The file of scene `name` (`name.txt`).
    func scene(_ name: String) -> Lookup {
        let file = name + ".txt"
        if let source = given[file] { return .found(source) }
        guard fileNames.contains(file) else {
            if let other = fileNames.first(where: { $0.lowercased() == file.lowercased() }) {
                return .capitalization(other)
            }
            return .missing
        }
        switch tree.read((folder as NSString).appendingPathComponent(file)) {
        case .success(let source): return .found(source)
        case .failure(.refused(.missing)): return .missing
        case .failure(.refused(let refusal)): return .refused(tree.reason(refusal, name: file))
        case .failure(.unreadable(let error)): return .unreadable(error)
        }
    }
}
