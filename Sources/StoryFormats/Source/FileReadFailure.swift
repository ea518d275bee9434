import Foundation
import StoryGraph

/// Why `FileReader` read nothing.
package enum FileReadFailure: Error, Sendable, Equatable, CustomStringConvertible {
    case system(SystemError)
    /// More than `limit` bytes: `size` when the file says how big it is; `stream` for a
    /// FIFO, pipe or device read until the limit.
    case tooLarge(size: Int?, limit: Int, stream: Bool)
    /// Not a regular file, where only one is read (a file a story names, a file in a folder).
    case notRegular(kind: FileKind)
    /// A FIFO that no process opened for writing within `seconds`.
    case noWriter(seconds: Int)

    package var description: String {
        switch self {
        case .system(let error):
            return "cannot read file: \(error)"
        case .tooLarge(let size?, let limit, _):
            return "file is \(size) bytes; the limit is \(limit) bytes (\(limit >> 20) MiB), and no option lifts it"
        case .notRegular(let kind):
            return "\(kind.rawValue), not a regular file; it is not read"
        case .noWriter(let seconds):
            return
                "a FIFO that nothing wrote to within \(seconds) seconds; storygraph stopped waiting (write the story into it, or give a file)"
        case .tooLarge(nil, let limit, let stream):
            return
                "\(stream ? "stream" : "file") is longer than the limit of \(limit) bytes (\(limit >> 20) MiB); storygraph read no further (no option lifts the limit)"
        }
    }
}
