import Foundation
import Synchronization

/// Reads a story file with POSIX calls: a regular file by its size, anything else (a FIFO,
/// a pipe, `/dev/stdin`, a character device such as `/dev/zero`) as a stream, never more
/// than `limit` bytes. Errors are plain words from `SystemError`.
public enum FileReader {
    /// The bytes of `path`, or a message that says why not (without the path, which the
    /// caller puts in the location).
    /// - Complexity: O(n) in the bytes read, at most `limit + 1`.
    public static func contents(_ path: String, limit: Int) -> Result<[UInt8], FileReadFailure> {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return .failure(.system(.last)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { return .failure(.system(.last)) }
        let kind = info.st_mode & S_IFMT
        if kind == S_IFREG { FilesRead.current?.record(info, path: path) }
        if kind == S_IFDIR { return .failure(.system(SystemError(code: EISDIR))) }
        let isRegular = kind == S_IFREG
        if isRegular, Int(info.st_size) > limit { return .failure(.tooLarge(size: Int(info.st_size), limit: limit, stream: false)) }
        var bytes: [UInt8] = []
        if isRegular { bytes.reserveCapacity(Int(info.st_size)) }
        let chunk = 1 << 16
        var buffer = [UInt8](repeating: 0, count: chunk)
        while true {
            let wanted = min(chunk, limit + 1 - bytes.count)
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, wanted) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.system(.last))
            }
            if count == 0 { break }
            bytes.append(contentsOf: buffer[0..<count])
            if bytes.count > limit { return .failure(.tooLarge(size: nil, limit: limit, stream: !isRegular)) }
        }
        return .success(bytes)
    }
}

/// The regular files read while one command runs, by device and inode, so that an output
/// that is one of them (by name, through a symbolic link or a hard link) can be refused
/// before it replaces the story. `FileReader` records into `current`, which the command
/// line sets around each command (a task-local value: commands run side by side in one
/// process, as tests run them, each see their own).
public final class FilesRead: Sendable {
    @TaskLocal public static var current: FilesRead?

    private struct FileID: Hashable { let device: UInt64; let inode: UInt64 }
    private let files = Mutex<[FileID: String]>([:])

    public init() {}

    /// `body`'s result, with what it reads unrecorded: a file read only to see whether it
    /// holds a story (a folder's files sniffed) is not an input unless it is then loaded.
    public static func unrecorded<T>(_ body: () -> T) -> T { $current.withValue(nil) { body() } }

    /// Notes a file `FileReader` opened (`info` its `fstat`), under the first path it was read by.
    func record(_ info: stat, path: String) {
        let id = FileID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        files.withLock { if $0[id] == nil { $0[id] = path } }
    }

    /// The path a file was read by, when the file `info` describes (a `stat`, links
    /// followed) was read; nil otherwise.
    public func path(of info: stat) -> String? {
        let id = FileID(device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
        return files.withLock { $0[id] }
    }
}
