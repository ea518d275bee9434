import Foundation
import StoryGraph
import StoryFormats

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
/// A missing or unusable folder, or a target that is a folder, is exit 65 naming it; an
/// error while writing (a full disk, a file-size limit) is exit 74.
public enum OutputFile {
    /// The sentence `--help` shows for every `-o`.
    public static let helpNote =
        "'-' or /dev/stdout writes to stdout; a device or FIFO is written in place; a symlink is written through to the file it points at; an existing file is replaced atomically and keeps its permissions."

    public static func write(_ data: Data, to path: String, terminal: Terminal) throws(CLIError) {
        if let descriptor = standardDescriptor(path) {
            if descriptor == STDOUT_FILENO {
                terminal.write(data: data)
            } else if let failure = StandardStream.writeAll(data, to: descriptor) {
                throw .output("cannot write \(path): \(failure)", code: .ioError)
            }
            return
        }
        var target = path
        var info = stat()
        if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK {
            guard let resolved = realpath(path, nil) else {
                // A link to nothing yet: opening it creates the file it names.
                try writeInPlace(data, to: path, creating: true)
                return
            }
            target = String(cString: resolved)
            free(resolved)
        }
        if stat(target, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                throw .output("cannot write \(path): \(SystemError(code: EISDIR))", code: .dataError)
            case S_IFREG:
                try replace(target, named: path, with: data, mode: info.st_mode & 0o7777, owner: (info.st_uid, info.st_gid))
            default:
                try writeInPlace(data, to: target, creating: false)
            }
            return
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
        try replace(target, named: path, with: data, mode: 0o666 & ~mask, owner: nil)
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
    public static func isStream(_ path: String) -> Bool {
        if standardDescriptor(path) != nil { return true }
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        let kind = info.st_mode & S_IFMT
        return kind != S_IFREG && kind != S_IFDIR
    }

    static func folder(of path: String) -> String {
        StoryPath.directory(of: path)
    }

    /// Opens an existing device, FIFO or socket (or a dangling link's target) and writes.
    static func writeInPlace(_ data: Data, to path: String, creating: Bool) throws(CLIError) {
        let flags = O_WRONLY | O_CLOEXEC | (creating ? O_CREAT | O_TRUNC : 0)
        let fd = open(path, flags, 0o666)
        guard fd >= 0 else { throw .output("cannot write \(path): \(SystemError.last)", code: .dataError) }
        let failure = StandardStream.writeAll(data, to: fd)
        let closed = close(fd) == 0 ? nil : SystemError.last
        if let failure = failure ?? closed {
            throw .output("cannot write \(path): \(failure)", code: .ioError)
        }
    }

    /// Writes a temporary file beside `target` and renames it over `target`.
    static func replace(
        _ target: String, named path: String, with data: Data, mode: mode_t, owner: (uid_t, gid_t)?
    ) throws(CLIError) {
        let name = (target as NSString).lastPathComponent
        var template = Array((folder(of: target) + "/.\(name).storygraph-XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw .output("cannot write \(path): \(SystemError.last)", code: .dataError) }
        let temporary = String(cString: template)
        if let (uid, gid) = owner { _ = fchown(fd, uid, gid) }  // allowed for root or the owner only
        var failure: SystemError? = fchmod(fd, mode) == 0 ? nil : .last
        if failure == nil { failure = StandardStream.writeAll(data, to: fd) }
        if close(fd) != 0, failure == nil { failure = .last }
        if failure == nil, rename(temporary, target) != 0 { failure = .last }
        if let failure {
            unlink(temporary)
            throw .output("cannot write \(path): \(failure)", code: .ioError)
        }
    }
}
