import Foundation
import StoryGraph
import Synchronization

/// Reads a story file with POSIX calls: a regular file by its size, anything else (a FIFO,
/// a pipe, `/dev/stdin`, a character device such as `/dev/zero`) as a stream, never more
/// than `limit` bytes. Errors are plain words from `SystemError`.
///
/// Nothing here waits for ever on a file that has no writer: the file is opened without
/// blocking (opening a FIFO for reading otherwise waits for a writer), and a FIFO that has
/// no writer and holds nothing is given `writerWait` seconds for one to come, then refused.
package enum FileReader {
    /// How long a FIFO given by name that nobody writes to is waited for.
    package static let writerWait = 3

    /// The bytes of `path`, or a message that says why not (without the path, which the
    /// caller puts in the location). With `regularOnly`, anything but a regular file (a FIFO,
    /// a device, a socket) is refused unread, and so is a symbolic link as the last
    /// component (`path` is then a resolved path, as `StoryTree` gives it). Without
    /// `waitsForWriter` (standard input: a pipe whose writer is already there or gone), a
    /// FIFO with no writer and nothing in it is at its end at once.
    /// - Complexity: O(n) in the bytes read, at most `limit + 1`.
    package static func contents(
        _ path: String, limit: Int, regularOnly: Bool = false, waitsForWriter: Bool = true
    ) -> Result<[UInt8], FileReadFailure> {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK | (regularOnly ? O_NOFOLLOW : 0))
        guard fd >= 0 else { return .failure(.system(.last)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(.system(.last)) }
        let kind = info.st_mode & S_IFMT
        if kind == S_IFREG { FilesRead.current?.record(info, path: path) }
        if kind == S_IFDIR { return .failure(.system(SystemError(code: EISDIR))) }
        let isRegular = kind == S_IFREG
        if regularOnly, !isRegular { return .failure(.notRegular(kind: FileKind(mode: info.st_mode))) }
        if isRegular, Int(info.st_size) > limit {
            return .failure(.tooLarge(size: Int(info.st_size), limit: limit, stream: false))
        }
        var bytes: [UInt8] = []
        if isRegular { bytes.reserveCapacity(Int(info.st_size)) }
        let chunk = 1 << 16
        var buffer = [UInt8](repeating: 0, count: chunk)
        if kind == S_IFIFO {
            // Without blocking: data, EAGAIN (a writer, nothing written yet) or 0 (no writer).
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, min(chunk, limit + 1)) }
            if count > 0 {
                bytes.append(contentsOf: buffer[0..<count])
            } else if count == 0 && !waitsForWriter {
                return .success([])
            } else if count == 0 {
                // No writer now: a writer that comes makes the FIFO readable (Linux reports
                // no hang-up before a first writer), so wait for one, not for ever.
                var wanted = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                var ready: Int32
                repeat { ready = poll(&wanted, 1, Int32(writerWait * 1000)) } while ready < 0 && errno == EINTR
                if ready == 0 { return .failure(.noWriter(seconds: writerWait)) }
            } else if errno != EAGAIN && errno != EINTR {
                return .failure(.system(.last))
            }
        }
        if !isRegular {
            // A stream that has a writer (or a device) is read as it comes, blocking.
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        }
        while bytes.count <= limit {
            let wanted = min(chunk, limit + 1 - bytes.count)
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.system(.last))
            }
            if count == 0 { break }
            bytes.append(contentsOf: buffer[0..<count])
        }
        if bytes.count > limit { return .failure(.tooLarge(size: nil, limit: limit, stream: !isRegular)) }
        return .success(bytes)
    }

    /// What kind of file `path` is, following symbolic links; nil when it cannot be told.
    package static func kind(_ path: String) -> FileKind? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileKind(mode: info.st_mode)
    }
}

/// The kinds of file a story can name, in words for messages.
package enum FileKind: String, Sendable, Equatable {
    case regular = "a regular file"
    case folder = "a folder"
    case fifo = "a FIFO"
    case characterDevice = "a character device"
    case blockDevice = "a block device"
    case socket = "a socket"
    case symbolicLink = "a symbolic link"
    case other = "a special file"

    package init(mode: mode_t) {
        switch mode & S_IFMT {
        case S_IFREG: self = .regular
        case S_IFDIR: self = .folder
        case S_IFIFO: self = .fifo
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFSOCK: self = .socket
        case S_IFLNK: self = .symbolicLink
        default: self = .other
        }
    }
}

/// The regular files read while one command runs, by device and inode, so that an output
/// that is one of them (by name, through a symbolic link or a hard link) can be refused
/// before it replaces the story. `FileReader` records into `current`, which the command
/// line sets around each command (a task-local value: commands run side by side in one
/// process, as tests run them, each see their own).
package final class FilesRead: Sendable {
    @TaskLocal package static var current: FilesRead?

    private struct FileID: Hashable {
        let device: UInt64
        let inode: UInt64
    }
    private let files = Mutex<[FileID: String]>([:])

    package init() {}

    /// `body`'s result, with what it reads unrecorded: a file read only to see whether it
    /// holds a story (a folder's files sniffed) is not an input unless it is then loaded.
    package static func unrecorded<T>(_ body: () -> T) -> T { $current.withValue(nil) { body() } }

    /// Notes a file `FileReader` opened (`info` its `fstat`), under the first path it was read by.
    func record(_ info: stat, path: String) {
        let id = FileID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        files.withLock { if $0[id] == nil { $0[id] = path } }
    }

    /// The path a file was read by, when the file `info` describes (a `stat`, links
    /// followed) was read; nil otherwise.
    package func path(of info: stat) -> String? {
        let id = FileID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        return files.withLock { $0[id] }
    }
}
