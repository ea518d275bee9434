import Foundation

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
    }

    /// The folder of the scenes (may not exist on disk for texts given in memory).
    let folder: String
    private let given: [String: SourceText]
    /// Every `.txt` file name in the folder (given or on disk), sorted.
    let fileNames: [String]

    init(folder: String, given sources: [SourceText]) {
        self.folder = folder
        var given: [String: SourceText] = [:]
        for source in sources { given[(source.path as NSString).lastPathComponent] = source }
        self.given = given
        var names = Set(given.keys.filter { $0.hasSuffix(".txt") })
        let onDisk = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in onDisk where name.hasSuffix(".txt") { names.insert(name) }
        self.fileNames = names.sorted()
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
        do throws(StoryLoadError) {
            return .found(try SourceText(contentsOf: (folder as NSString).appendingPathComponent(file)))
        } catch {
            return .unreadable(error)
        }
    }
}
