import Foundation
import StoryFormats
import StoryGraph

/// Where `-o FILE` writes, the same for every command:
/// - `-`, `/dev/stdout`, `/dev/fd/1` go to stdout (and `/dev/stderr`, `/dev/fd/N` to
///   that descriptor), through the one stdout writer;
/// - a target that exists and is not a regular file (a character device such as
///   `/dev/null`, a FIFO, a socket) is opened and written in place, never replaced;
/// - a regular file is replaced atomically (a temporary file in the same folder, then
///   `rename`), keeping the permission bits (and, where allowed, the owner) it had; a new
///   file gets 0666 less the umask;
/// - a symbolic link is written through: the file it points at gets the content (keeping
///   its mode, as above) and the link stays a link.
/// Refused before anything is written: a file the command read (its story, by any name:
/// the same device and inode, through a symbolic or a hard link), exit 64; a regular file
/// the user may not write (its permissions are checked: it is never opened to find out),
/// a missing or unusable folder, or a target that is a folder, exit 65 naming it. An
/// error while writing (a full disk, a file-size limit) is exit 74.
package enum OutputFile {
    /// The sentence `--help` shows for every `-o`.
    package static let helpNote =
        "'-' or /dev/stdout writes to stdout; a device or FIFO is written in place; a symlink is written through to the file it points at; an existing file is replaced atomically and keeps its permissions; an input of the command, or a file you may not write, is refused."

    package static func write(_ data: Data, to path: String, terminal: Terminal) throws(CLIError) {
        let writer = try Writer(path, terminal: terminal)
        writer.append(data)
        try writer.finish()
    }

    /// Where a path is written, found (and every refusal made) before anything is written.
    enum Destination {
        /// One of the process's own streams.
        case descriptor(Int32)
        /// An existing device, FIFO or socket, or the file a dangling link names (`creating`).
        case inPlace(String, creating: Bool)
        /// A regular file (existing, with its mode and owner, or new) replaced atomically.
        case replace(String, mode: mode_t, owner: (uid_t, gid_t)?)
    }

    /// Where `path` is written. Refused: a file this command read (its story, through any
    /// name: the same device and inode), 64; a file the user cannot write (read-only),
    /// a folder, a missing or unusable folder, 65.
    static func destination(_ path: String) throws(CLIError) -> Destination {
        if let descriptor = standardDescriptor(path) { return .descriptor(descriptor) }
        var target = path
        var info = stat()
        if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
            guard let resolved = realpath(path, nil) else {
                // A link to nothing yet: opening it creates the file it names.
                return .inPlace(path, creating: true)
            }
            target = String(cString: resolved)
            free(resolved)
        }
        if stat(target, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                throw .output("cannot write \(path): \(SystemError(code: EISDIR))", code: .dataError)
            case S_IFREG:
                try refuseInput(path, info)
                try refuseReadOnly(path, target, info)
                return .replace(target, mode: info.st_mode & 0o7777, owner: (info.st_uid, info.st_gid))
            default:
                return .inPlace(target, creating: false)
            }
        }
        guard errno == ENOENT else {
            throw .output("cannot write \(path): \(SystemError.last)", code: .dataError)
        }
        let folder = Self.folder(of: target)
        var folderInfo = stat()
        guard stat(folder, &folderInfo) == 0 else {
            throw .output("cannot write \(path): no such folder: \(folder)", code: .dataError)
        }
        guard folderInfo.st_mode & S_IFMT == S_IFDIR else {
            throw .output("cannot write \(path): not a folder: \(folder)", code: .dataError)
        }
        let mask = umask(0)
        umask(mask)
        return .replace(target, mode: 0o666 & ~mask, owner: nil)
    }

    /// A usage error (64) when the file `info` describes is one this command read: writing
    /// it would replace the story (or a file of it) with the output.
    static func refuseInput(_ path: String, _ info: stat) throws(CLIError) {
        guard let input = FilesRead.current?.path(of: info) else { return }
        let which = input == path ? "an input of this command" : "the same file as the input \(input)"
        throw .output(
            "cannot write \(path): it is \(which), which the output would replace; give another file", code: .usage)
    }

    /// An error (65) when the user may not write the file: its permissions are checked, never
    /// a truncating open, so a file its owner made read-only is left as it is. Root may
    /// write any file, but not one that no one at all may write (no write bit).
    static func refuseReadOnly(_ path: String, _ target: String, _ info: stat) throws(CLIError) {
        let writable = access(target, W_OK) == 0 && (geteuid() != 0 || info.st_mode & 0o222 != 0)
        guard !writable else { return }
        let mode = String(info.st_mode & 0o7777, radix: 8)
        throw .output(
            "cannot write \(path): the file is read-only (mode \(mode)); make it writable or give another file",
            code: .dataError)
    }

    /// Output written as it is made, to where `OutputFile` writes a path: a stream or device
    /// directly; a regular file through a temporary file beside it, renamed over it by
    /// `finish` (so the file that was there stays whole until then). Every refusal is made
    /// when the writer is opened, before anything is written. An error while writing is kept
    /// and thrown by `finish` (74).
    final class Writer: @unchecked Sendable {
        let path: String
        private let terminal: Terminal
        private let descriptor: Int32
        /// For a replaced file: the temporary file and the file it becomes.
        private let replacing: (temporary: String, target: String)?
        private var failure: SystemError?
        private var finished = false

        init(_ path: String, terminal: Terminal) throws(CLIError) {
            self.path = path
            self.terminal = terminal
            switch try OutputFile.destination(path) {
            case .descriptor(let fd):
                descriptor = fd
                replacing = nil
            case .inPlace(let target, let creating):
                let fd = open(target, O_WRONLY | O_CLOEXEC | (creating ? O_CREAT | O_TRUNC : 0), 0o666)
                guard fd >= 0 else { throw .output("cannot write \(path): \(SystemError.last)", code: .dataError) }
                descriptor = fd
                replacing = nil
            case .replace(let target, let mode, let owner):
                let name = (target as NSString).lastPathComponent
                var template = Array((OutputFile.folder(of: target) + "/.\(name).storygraph-XXXXXX").utf8CString)
                let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
                guard fd >= 0 else { throw .output("cannot write \(path): \(SystemError.last)", code: .dataError) }
                let temporary = String(cString: template)
                if let (uid, gid) = owner { _ = fchown(fd, uid, gid) } // allowed for root or the owner only
                if fchmod(fd, mode) != 0 {
                    let error = SystemError.last
                    close(fd)
                    unlink(temporary)
                    throw .output("cannot write \(path): \(error)", code: .ioError)
                }
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
                descriptor = fd
                replacing = (temporary, target)
            }
        }

        /// The temporary file being written, for a regular file (nil for a stream).
        var temporaryPath: String? { replacing?.temporary }

        /// Writes `data` now (no buffer of ours: what was appended is in the file).
        func append(_ data: Data) {
            guard failure == nil, !finished else { return }
            if replacing == nil, descriptor == STDOUT_FILENO {
                terminal.write(data: data)
            } else {
                failure = StandardStream.writeAll(data, to: descriptor)
            }
        }

        func append(_ text: String) { append(Data(text.utf8)) }

        /// Closes the output; a replaced file is renamed into place. Throws the first error
        /// met while writing (the file that was there is then left as it was).
        func finish() throws(CLIError) {
            guard !finished else { return }
            finished = true
            if let (temporary, target) = replacing {
                if close(descriptor) != 0, failure == nil { failure = .last }
                if failure == nil, rename(temporary, target) != 0 { failure = .last }
                if failure != nil { unlink(temporary) }
            } else if ownsDescriptor {
                if close(descriptor) != 0, failure == nil { failure = .last }
            }
            if let failure { throw .output("cannot write \(path): \(failure)", code: .ioError) }
        }

        /// Drops what was written to a temporary file (the file that was there stays).
        func abandon() {
            guard !finished else { return }
            finished = true
            if let (temporary, _) = replacing {
                close(descriptor)
                unlink(temporary)
            } else if ownsDescriptor {
                close(descriptor)
            }
        }

        /// Whether `descriptor` was opened here (not one of the process's own streams).
        private var ownsDescriptor: Bool { replacing == nil && OutputFile.standardDescriptor(path) == nil }
    }

    /// The descriptor a path names when it is one of the process's own streams.
    static func standardDescriptor(_ path: String) -> Int32? {
        switch path {
        case "-", "/dev/stdout": return STDOUT_FILENO
        case "/dev/stderr": return STDERR_FILENO
        default:
            for prefix in ["/dev/fd/", "/proc/self/fd/"] where path.hasPrefix(prefix) {
                if let number = Int32(path.dropFirst(prefix.count)) { return number }
            }
            return nil
        }
    }

    /// Whether `path` is a stream rather than a file: one of the process's descriptors, or
    /// an existing device, FIFO or socket (after following links). Such a target has no
    /// extension to pick a format from.
    package static func isStream(_ path: String) -> Bool {
        if standardDescriptor(path) != nil { return true }
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        let kind = info.st_mode & S_IFMT
        return kind != S_IFREG && kind != S_IFDIR
    }

    static func folder(of path: String) -> String {
        StoryPath.directory(of: path)
    }
}
