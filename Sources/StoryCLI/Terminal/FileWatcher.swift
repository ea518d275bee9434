import Foundation
import StoryFormats
import StoryGraph

#if canImport(Glibc)
    import Glibc
#endif

/// Waits for a story's files to change, through Linux's inotify. A file is watched through
/// its folder, so an editor that saves by writing a new file and renaming it over the old
/// one (a new inode) is seen as well as one that writes in place; a folder is watched with
/// every folder inside it, and a folder made later is watched from then on, so new files
/// count too. SIGINT and SIGTERM end the wait (`Event.stopped`) instead of the process.
///
/// - The command's own outputs (the same resolved path, or the same device and inode) are
///   not changes, so a report written where the watch looks does not start the next run.
/// - A burst of saves ends the wait `settle` ms after its last event, but never more than
///   `longest` seconds after its first: saves that never pause still run the command.
/// - A watched folder that is removed (or moved away) is waited for through the nearest
///   folder above it that exists, and watched again when it is made again; when that
///   cannot be done the wait ends with `Event.failed` and the reason.
final class FileWatcher {
    enum Event: Equatable {
        /// The names (relative to their watched folder) that changed, in the order seen.
        case changed([String])
        case stopped
        /// The watch cannot go on: why.
        case failed(String)
    }

    /// What one inotify watch is for: a folder, and the names in it that matter
    /// (`nil`: for a folder story, any folder and any file a loader may read, not hidden).
    private struct Watch {
        var folder: String
        /// The folder with every link resolved, to compare paths with the outputs'.
        var resolved: String
        var names: Set<String>?
    }

    /// A folder watched for a STORY argument: the folder itself (a folder story) or the
    /// folder of a file, with the names that matter in it.
    private struct Root {
        var folder: String
        var names: Set<String>?
        /// The watch on the folder while it is there; `nil` while it is gone.
        var descriptor: Int32?
        var identity: FileIdentity?
    }

    /// A file's device and inode.
    struct FileIdentity: Hashable {
        var device: UInt64
        var inode: UInt64

        init?(_ path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }

    /// How long a burst of events may pause: the wait ends this long (ms) after the last one.
    static let settle: Int32 = 60
    /// How long a burst may hold a run back: the wait ends this long (seconds) after the
    /// burst's first event, however many follow.
    static let longest: Double = 0.5

    private static let folderMask = UInt32(
        IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_DELETE_SELF | IN_MOVE_SELF)
    private let descriptor: Int32
    private var watches: [Int32: Watch] = [:]
    private var roots: [Root] = []
    /// Watches on the nearest existing folder above a root that is gone.
    private var guards: [Int32: String] = [:]
    /// The paths the command writes: never a change.
    private let outputs: [String]

    /// Watches each path: a file through its folder (with a `storygraph.json` beside it,
    /// which loaders read), a folder with all the folders inside it. `outputs` are the
    /// files the command writes, whose changes are its own.
    init(_ paths: [String], outputs: [String] = []) throws(CLIError) {
        self.outputs = outputs
        descriptor = inotify_init1(Int32(IN_CLOEXEC) | Int32(IN_NONBLOCK))
        guard descriptor >= 0 else { throw .failure("cannot watch files: inotify_init1: \(SystemError.last)") }
        for path in paths {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                roots.append(Root(folder: path, names: nil))
            } else {
                let url = URL(fileURLWithPath: path)
                roots.append(
                    Root(
                        folder: url.deletingLastPathComponent().path, names: [url.lastPathComponent, "storygraph.json"])
                )
            }
        }
        for index in roots.indices {
            if let failure = arm(index) {
                throw .input(StoryLoadError(FormatRules.unreadableFile, failure, at: nil))
            }
        }
    }

    deinit { close(descriptor) }

    /// Watches a root's folder (and for a folder story every folder inside it); the
    /// reason when it cannot.
    private func arm(_ index: Int) -> String? {
        let root = roots[index]
        let folders = root.names == nil ? Self.folders(under: root.folder) : [root.folder]
        for folder in folders {
            switch add(folder, names: root.names) {
            case .success(let wd):
                if folder == root.folder {
                    roots[index].descriptor = wd
                    roots[index].identity = FileIdentity(folder)
                }
            case .failure(let reason):
                // A folder inside that went in the meantime is not the root's failure.
                if folder == root.folder { return reason.description }
            }
        }
        return nil
    }

    private func add(_ folder: String, names: Set<String>?) -> Result<Int32, Failure> {
        let wd = inotify_add_watch(descriptor, folder, Self.folderMask)
        guard wd >= 0 else { return .failure(Failure("cannot watch \(folder): \(SystemError.last)")) }
        // A folder watched twice (two files in it, or a file of a folder story) is one
        // watch: the names of both, or any name when either takes any.
        if let known = watches[wd] {
            watches[wd]?.names = known.names.flatMap { old in names.map { old.union($0) } }
        } else {
            watches[wd] = Watch(folder: folder, resolved: Self.resolved(folder), names: names)
        }
        return .success(wd)
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }

    /// `path` with every link resolved (itself when it does not exist).
    private static func resolved(_ path: String) -> String {
        guard let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }

    /// `folder` and every folder inside it, depth first with an explicit stack.
    private static func folders(under folder: String) -> [String] {
        var found: [String] = []
        var stack = [folder]
        while let next = stack.popLast() {
            found.append(next)
            let entries = (try? FileManager.default.contentsOfDirectory(atPath: next)) ?? []
            for entry in entries.sorted() where !entry.hasPrefix(".") {
                let path = (next as NSString).appendingPathComponent(entry)
                // Real folders only: a link to a folder above would make the walk endless.
                if (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
                    == .typeDirectory
                {
                    stack.append(path)
                }
            }
        }
        return found
    }

    private static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// Blocks until a watched file changes (then until the changes settle, or `longest`
    /// after the first change) or `stop` becomes readable (a signal arrived).
    func wait(stop: Int32) -> Event {
        var changed: [String] = []
        var seen: Set<String> = []
        var first: UInt64?
        while true {
            var timeout: Int32 = -1
            if let first {
                let elapsed = Double(DispatchTime.now().uptimeNanoseconds - first) / 1e9
                if elapsed >= Self.longest { return .changed(changed) } // a flood: run now
                timeout = min(Self.settle, Int32(((Self.longest - elapsed) * 1000).rounded(.up)))
            }
            var fds = [
                pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: stop, events: Int16(POLLIN), revents: 0),
            ]
            let ready = poll(&fds, 2, timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                return .stopped
            }
            if fds[1].revents != 0 { return .stopped }
            if ready == 0 { return .changed(changed) } // settled
            let names: [String]
            switch readEvents() {
            case .success(let read): names = read
            case .failure(let failure): return .failed(failure.description)
            }
            for name in names where seen.insert(name).inserted { changed.append(name) }
            if !changed.isEmpty, first == nil { first = DispatchTime.now().uptimeNanoseconds }
        }
    }

    /// The outputs' resolved paths and identities, as they are now.
    private func outputIdentities() -> (paths: Set<String>, files: Set<FileIdentity>) {
        var paths: Set<String> = []
        var files: Set<FileIdentity> = []
        for output in outputs {
            let folder = Self.resolved(OutputFile.folder(of: output))
            paths.insert((folder as NSString).appendingPathComponent((output as NSString).lastPathComponent))
            paths.insert(Self.resolved(output)) // a link written through: the file it names
            if let identity = FileIdentity(output) { files.insert(identity) }
        }
        return (paths, files)
    }

    /// Reads the pending events: the names that matter, watches on new folders, and
    /// roots that went or came back.
    private func readEvents() -> Result<[String], Failure> {
        var names: [String] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        let own = outputs.isEmpty ? (paths: [], files: []) : outputIdentities()
        var lookAgain = false
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                let (wd, mask, length) = buffer.withUnsafeBytes { raw in
                    (
                        raw.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                        raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                        Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                    )
                }
                let nameBytes = buffer[(offset + header)..<min(count, offset + header + length)].prefix { $0 != 0 }
                let name = String(decoding: nameBytes, as: UTF8.self)
                offset += header + length
                if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    // Events were lost: a root may have gone unseen.
                    names.append("(many files)")
                    for index in roots.indices where roots[index].descriptor != nil {
                        if FileIdentity(roots[index].folder) != roots[index].identity, let gone = forget(index) {
                            names.append(gone)
                        }
                    }
                    lookAgain = true
                    continue
                }
                if guards[wd] != nil {
                    // Something changed above a root that is gone: it may be back.
                    lookAgain = true
                    if mask & UInt32(IN_IGNORED) != 0 { guards[wd] = nil }
                }
                if mask & UInt32(IN_IGNORED | IN_MOVE_SELF) != 0 {
                    // A watched folder removed (its watch is gone) or moved away (its watch
                    // follows it elsewhere): a root's goes back to waiting for its path.
                    var wasRoot = false
                    for index in roots.indices where roots[index].descriptor == wd {
                        wasRoot = true
                        if let gone = forget(index) { names.append(gone) }
                        lookAgain = true
                    }
                    if mask & UInt32(IN_IGNORED) != 0 || wasRoot { watches[wd] = nil }
                    continue
                }
                guard let watch = watches[wd], !name.isEmpty else { continue }
                if !own.paths.isEmpty {
                    let path = (watch.resolved as NSString).appendingPathComponent(name)
                    if own.paths.contains(path) { continue }
                    if let identity = FileIdentity(path), own.files.contains(identity) { continue }
                }
                if let wanted = watch.names {
                    if wanted.contains(name) { names.append(name) }
                    continue
                }
                if name.hasPrefix(".") { continue }
                let path = (watch.folder as NSString).appendingPathComponent(name)
                if mask & UInt32(IN_ISDIR) != 0 {
                    // A folder made (or moved) into a folder story: watch it and what it holds.
                    if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                        for folder in Self.folders(under: path) { _ = add(folder, names: nil) }
                    }
                    names.append(path)
                } else if StoryLoading.mayHoldStory(name) || name == "storygraph.json" {
                    // Not an editor's backup or swap file, nor a map written into the folder
                    // (which would start the next run, for ever).
                    names.append(path)
                }
            }
        }
        if lookAgain {
            switch rearm() {
            case .success(let back): names += back
            case .failure(let failure): return .failure(failure)
            }
        }
        return .success(names)
    }

    /// Stops watching a root's folder, which went; its name as a change (once per root folder).
    private func forget(_ index: Int) -> String? {
        guard let wd = roots[index].descriptor else { return nil }
        if watches[wd] != nil {
            inotify_rm_watch(descriptor, wd)
            watches[wd] = nil
        }
        roots[index].descriptor = nil
        roots[index].identity = nil
        return roots[index].folder
    }

    /// Watches every root that is gone and whose folder exists again (its name as a
    /// change, since what it holds was made unseen); guards the nearest existing folder
    /// above each root still missing.
    private func rearm() -> Result<[String], Failure> {
        var back: [String] = []
        for index in roots.indices where roots[index].descriptor == nil {
            let folder = roots[index].folder
            var guarded: String?
            while true {
                if Self.isFolder(folder) {
                    if let failure = arm(index) { return .failure(Failure("cannot watch \(folder) again: \(failure)")) }
                    back.append(folder)
                    break
                }
                // The nearest folder above that exists; after guarding it, look again, since a
                // folder below it may have been made in the meantime.
                var above = URL(fileURLWithPath: folder).standardized.deletingLastPathComponent().path
                while !Self.isFolder(above), above != "/" {
                    above = URL(fileURLWithPath: above).deletingLastPathComponent().path
                }
                if above == guarded { break }
                let wd = inotify_add_watch(descriptor, above, Self.folderMask)
                guard wd >= 0 else {
                    return .failure(Failure("cannot watch \(above) for \(folder) to come back: \(SystemError.last)"))
                }
                guards[wd] = above
                guarded = above
            }
        }
        if roots.allSatisfy({ $0.descriptor != nil }) {
            // Every root is back: the guards above them are no longer needed.
            for wd in guards.keys where watches[wd] == nil { inotify_rm_watch(descriptor, wd) }
            guards = [:]
        }
        return .success(back)
    }
}
