import Foundation
import StoryGraph

/// The folder tree a story may read files from: every file a story names (an ink
/// `INCLUDE`, a ChoiceScript scene, a Yarn project's source files, a Twee `StoryIncludes`
/// line, a `storygraph.json` beside it) and every file met in a folder is read through
/// here. A file is read only when its real path (symbolic links and `..` resolved) lies
/// inside the tree's real root, and only when it is a regular file: a story cannot read
/// `../../.ssh/…` or `/proc/self/environ` into its text, nor make storygraph wait on a FIFO
/// or a device. A refusal is a reason in words, for a finding at the line that names the file.
package struct StoryTree: Sendable {
    /// The root as given (for messages).
    package let root: String
    /// The root's real path (absolute, no symbolic link, no `..`).
    package let realRoot: String

    /// Why a file is not read.
    package enum Refusal: Error, Sendable, Equatable {
        /// There is no such file (or it cannot be resolved).
        case missing
        /// Its real path is outside the tree.
        case outside
        /// It is not a regular file.
        case notRegular(FileKind)
    }

    /// The tree under `folder` (`.` for an empty one).
    package init(folder: String) {
        root = folder.isEmpty ? "." : folder
        realRoot = Self.realPath(root) ?? Self.absolute(root)
    }

    /// The tree of the folder that holds `file`.
    package init(around file: String) { self.init(folder: StoryPath.directory(of: file)) }

    /// The real path of `path` when it may be read: inside the tree, a regular file.
    /// - Complexity: one `realpath` and one `stat`.
    package func admit(_ path: String) -> Result<String, Refusal> {
        guard let real = Self.realPath(path) else { return .failure(.missing) }
        guard contains(real) else { return .failure(.outside) }
        guard let kind = FileReader.kind(real) else { return .failure(.missing) }
        guard kind == .regular else { return .failure(.notRegular(kind)) }
        return .success(real)
    }

    /// Whether a real path lies inside the tree.
    package func contains(_ real: String) -> Bool {
        realRoot == "/" || real == realRoot || real.hasPrefix(realRoot + "/")
    }

    /// Reads `path` (named as given in locations) when `admit` allows it; the file is
    /// opened by its real path, refusing a FIFO or device put there since.
    package func read(_ path: String) -> Result<SourceText, ReadFailure> {
        switch admit(path) {
        case .failure(let refusal): return .failure(.refused(refusal))
        case .success(let real):
            switch FileReader.contents(real, limit: SourceText.maximumSize, regularOnly: true) {
            case .success(let bytes):
                do throws(StoryLoadError) {
                    return .success(try SourceText(path: path, data: Data(bytes)))
                } catch {
                    return .failure(.unreadable(error))
                }
            case .failure(.notRegular(let kind)): return .failure(.refused(.notRegular(kind)))
            case .failure(let failure):
                return .failure(
                    .unreadable(StoryLoadError(FormatRules.unreadableFile, failure.description, at: nil).prefixed(path))
                )
            }
        }
    }

    /// Why `read` read nothing: a refusal, or an error reading an admitted file.
    package enum ReadFailure: Error {
        case refused(Refusal)
        case unreadable(StoryLoadError)
    }

    /// "'../x.ink' is outside the story's folder story/; it is not read", and the like.
    package func reason(_ refusal: Refusal, name: String) -> String {
        let shown = "'\(name)'"
        switch refusal {
        case .missing: return "\(shown) does not exist"
        case .outside:
            return "\(shown) is outside the story's folder \(root) (resolving '..' and symbolic links); it is not read"
        case .notRegular(let kind): return "\(shown) is \(kind.rawValue), not a regular file; it is not read"
        }
    }

    /// Why a file met in a folder is left out, for a `file-skipped` finding at the file.
    package func skipReason(_ refusal: Refusal) -> String {
        switch refusal {
        case .missing: "the file does not exist (a broken symbolic link); left out"
        case .outside: "a symbolic link that leads outside the folder \(root); left out unread"
        case .notRegular(let kind): "\(kind.rawValue), not a regular file; left out unread"
        }
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func absolute(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return (full as NSString).standardizingPath
    }
}
