import Foundation

/// Why `FileReader` read nothing.
public enum FileReadFailure: Error, Sendable, Equatable, CustomStringConvertible {
    case system(SystemError)
    /// More than `limit` bytes: `size` when the file says how big it is; `stream` for a
    /// FIFO, pipe or device read until the limit.
    case tooLarge(size: Int?, limit: Int, stream: Bool)

    public var description: String {
        switch self {
        case .system(let error):
            return "cannot read file: \(error)"
        case .tooLarge(let size?, let limit, _):
            return "file is \(size) bytes; the limit is \(limit) bytes (\(limit >> 20) MiB), and no option lifts it"
        case .tooLarge(nil, let limit, let stream):
            return "\(stream ? "stream" : "file") is longer than the limit of \(limit) bytes (\(limit >> 20) MiB); storygraph read no further (no option lifts the limit)"
        }
    }
}
