import Foundation
import StoryGraph
import StoryFormats
#if canImport(Glibc)
import Glibc
#endif

/// Waits for a story's files to change, through Linux's inotify. A file is watched through
/// its folder, so an editor that saves by writing a new file and renaming it over the old
/// one (a new inode) is seen as well as one that writes in place; a folder is watched with
/// every folder inside it, and a folder made later is watched from then on, so new files
/// count too. SIGINT and SIGTERM end the wait (`Event.stopped`) instead of the process.
final class FileWatcher {
    enum Event: Equatable {
        /// The names (relative to their watched folder) that changed, in the order seen.
        case changed([String])
        case stopped
    }

    /// What one inotify watch is for: a folder, and the names in it that matter
    /// (`nil`: for a folder story, any folder and any file a loader may read, not hidden).
    private struct Watch {
        var folder: String
        var names: Set<String>?
    }

    /// How long a burst of events may last: the wait ends this long after the last one.
    static let settle: Int32 = 60

    private static let folderMask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE)
    private let descriptor: Int32
    private var watches: [Int32: Watch] = [:]

    /// Watches each path: a file through its folder (with a `storygraph.json` beside it,
    /// which loaders read), a folder with all the folders inside it.
    init(_ paths: [String]) throws(CLIError) {
        descriptor = inotify_init1(Int32(IN_CLOEXEC) | Int32(IN_NONBLOCK))
        guard descriptor >= 0 else { throw .failure("cannot watch files: inotify_init1: \(SystemError.last)") }
        for path in paths {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
                for folder in Self.folders(under: path) { try add(folder, names: nil) }
            } else {
                let url = URL(fileURLWithPath: path)
                try add(url.deletingLastPathComponent().path, names: [url.lastPathComponent, "storygraph.json"])
            }
        }
    }

    deinit { close(descriptor) }

    private func add(_ folder: String, names: Set<String>?) throws(CLIError) {
        let wd = inotify_add_watch(descriptor, folder, Self.folderMask)
        guard wd >= 0 else { throw .input(StoryLoadError(FormatRules.unreadableFile, "cannot watch \(folder): \(SystemError.last)", at: nil)) }
        // A folder watched twice (two files in it, or a file of a folder story) is one
        // watch: the names of both, or any name when either takes any.
        if let known = watches[wd] {
            watches[wd]?.names = known.names.flatMap { old in names.map { old.union($0) } }
        } else {
            watches[wd] = Watch(folder: folder, names: names)
        }
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
                if (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType == .typeDirectory {
                    stack.append(path)
                }
            }
        }
        return found
    }

    /// Blocks until a watched file changes (then until the changes settle) or `stop`
    /// becomes readable (a signal arrived).
    func wait(stop: Int32) -> Event {
        var changed: [String] = []
        var timeout: Int32 = -1
        while true {
            var fds = [pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0), pollfd(fd: stop, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                return .stopped
            }
            if fds[1].revents != 0 { return .stopped }
            if ready == 0 { return .changed(changed) }  // settled
            for name in readEvents() where !changed.contains(name) { changed.append(name) }
            if !changed.isEmpty { timeout = Self.settle }
        }
    }

    /// Reads the pending events: the names that matter, and watches on new folders.
    private func readEvents() -> [String] {
        var names: [String] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            var offset = 0
            let header = MemoryLayout<inotify_event>.size
            while offset + header <= count {
                let (wd, mask, length) = buffer.withUnsafeBytes { raw in
                    (raw.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                     raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                     Int(raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)))
                }
                let nameBytes = buffer[(offset + header)..<min(count, offset + header + length)].prefix { $0 != 0 }
                let name = String(decoding: nameBytes, as: UTF8.self)
                offset += header + length
                if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    names.append("(many files)")
                    continue
                }
                guard let watch = watches[wd], !name.isEmpty else { continue }
                if let wanted = watch.names {
                    if wanted.contains(name) { names.append(name) }
                    continue
                }
                if name.hasPrefix(".") { continue }
                let path = (watch.folder as NSString).appendingPathComponent(name)
                if mask & UInt32(IN_ISDIR) != 0 {
                    // A folder made (or moved) into a folder story: watch it and what it holds.
                    if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                        for folder in Self.folders(under: path) { try? add(folder, names: nil) }
                    }
                    names.append(path)
                } else if StoryLoading.mayHoldStory(name) || name == "storygraph.json" {
                    // Not an editor's backup or swap file, nor a map written into the folder
                    // (which would start the next run, for ever).
                    names.append(path)
                }
            }
        }
        return names
    }
}
