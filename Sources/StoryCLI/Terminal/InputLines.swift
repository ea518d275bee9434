import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What a person types, a line at a time, from a descriptor (standard input), each line
/// read up to `maximumLength` bytes: a longer line is read to its end and dropped, and only
/// its length is kept, so memory stays bounded whatever comes in. With a `stop` descriptor
/// (`StopSignals`), a signal ends the wait for a line.
/// - Complexity: O(`maximumLength`) memory; O(n) time in the bytes read.
final class InputLines {
    /// The longest line kept (4 KiB, a terminal's own line buffer).
    static let maximumLength = 4096
    /// The longest line this input keeps (`maximumLength` unless told).
    let limit: Int

    enum Line: Equatable {
        /// A line, without its line break (`\n` or `\r\n`).
        case text(String)
        /// A line longer than `maximumLength`: dropped, its length in bytes.
        case tooLong(bytes: Int)
        /// The end of the input.
        case end
        /// A signal arrived (its number, as `StopSignals` writes it).
        case stopped(Int32)
    }

    private let descriptor: Int32
    private let stop: Int32
    /// Bytes read past the line being taken (at most one read's worth).
    private var pending: [UInt8] = []
    private var start = 0
    private var atEnd = false

    init(_ descriptor: Int32 = STDIN_FILENO, stop: Int32 = -1, limit: Int = InputLines.maximumLength) {
        self.limit = limit
        self.descriptor = descriptor
        self.stop = stop
    }

    /// Whether a signal has arrived (without waiting); consumes it.
    func signalled() -> Int32? {
        guard stop >= 0 else { return nil }
        var byte: UInt8 = 0
        return read(stop, &byte, 1) == 1 ? Int32(byte) : nil
    }

    /// The next line, waiting for it.
    func next() -> Line {
        var line: [UInt8] = []
        var length = 0
        while true {
            if let signal = signalled() { return .stopped(signal) }
            if start < pending.count {
                let newline = pending[start...].firstIndex(of: 0x0A)
                let end = newline ?? pending.count
                let room = max(0, limit + 1 - line.count)
                line.append(contentsOf: pending[start..<min(end, start + room)])
                length += end - start
                start = newline.map { $0 + 1 } ?? pending.count
                if newline != nil { return Self.line(line, length: length, limit: limit) }
                continue
            }
            if atEnd { return length == 0 ? .end : Self.line(line, length: length, limit: limit) }
            guard waitForInput() else { continue }
            var buffer = [UInt8](repeating: 0, count: min(limit, 1 << 16))
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            if count <= 0 {
                atEnd = true
            } else {
                pending = Array(buffer[0..<count])
                start = 0
            }
        }
    }

    /// Waits until the input or the stop descriptor is ready; false when a signal (or an
    /// interrupted wait) comes first.
    private func waitForInput() -> Bool {
        guard stop >= 0 else { return true }
        var fds = [
            pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: stop, events: Int16(POLLIN), revents: 0),
        ]
        let ready = poll(&fds, 2, -1)
        if ready < 0 { return false }
        return fds[1].revents == 0
    }

    private static func line(_ bytes: [UInt8], length: Int, limit: Int) -> Line {
        // A `\r` before the `\n` belongs to the break, as `readLine` takes it.
        let cr = bytes.last == 0x0D && length <= limit + 1 ? 1 : 0
        guard length - cr <= limit else { return .tooLong(bytes: length) }
        return .text(String(decoding: bytes.dropLast(cr), as: UTF8.self))
    }
}
