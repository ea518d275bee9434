import Foundation
import StoryGraph

/// stdout or stderr written with `write(2)`, the one writer every printed byte goes through
/// (Foundation's `FileHandle.write` traps on any error). On stdout, a closed pipe
/// (`storygraph paths x | head -1`) ends the process at once and quietly, as SIGPIPE always
/// did; any other error (`> /dev/full`, `ulimit -f`) prints one line,
/// `storygraph: cannot write output: No space left on device`, and exits 74 (EX_IOERR).
/// A failing stderr is ignored: there is nowhere left to say so.
package struct StandardStream: Sendable {
    package let descriptor: Int32

    package static let output = StandardStream(descriptor: STDOUT_FILENO)
    package static let error = StandardStream(descriptor: STDERR_FILENO)

    /// Makes a file-size limit a write error (EFBIG) rather than a signal that kills the
    /// process without a word. Called once by the command line before it writes.
    package static func prepareProcess() {
        signal(SIGXFSZ, SIG_IGN)
    }

    /// Writes all of `data`, retrying short writes and interrupted calls.
    package func write(_ data: Data) {
        if let failure = Self.writeAll(data, to: descriptor), descriptor == STDOUT_FILENO {
            Self.stop(failure)
        }
    }

    /// Writes all of `data` to `descriptor`; the error that stopped it, if any.
    static func writeAll(_ data: Data, to descriptor: Int32) -> SystemError? {
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> SystemError? in
            guard var next = buffer.baseAddress else { return nil }
            var left = buffer.count
            while left > 0 {
                let written = Foundation.write(descriptor, next, left)
                if written < 0 {
                    if errno == EINTR { continue }
                    return .last
                }
                left -= written
                next += written
            }
            return nil
        }
    }

    /// Ends the process after stdout failed.
    static func stop(_ failure: SystemError) -> Never {
        if failure.code == EPIPE {
            // The reader has gone: end as SIGPIPE ends a process, without a word.
            signal(SIGPIPE, SIG_DFL)
            raise(SIGPIPE)
            exit(128 + SIGPIPE)
        }
        let line = "storygraph: cannot write output: \(String(cString: strerror(failure.code)))\n"
        _ = writeAll(Data(line.utf8), to: STDERR_FILENO)
        exit(ExitCode.ioError.rawValue)
    }
}
