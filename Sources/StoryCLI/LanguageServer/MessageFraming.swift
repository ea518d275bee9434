import Foundation

/// The base protocol's framing of JSON-RPC messages (LSP "Base Protocol"): a header of
/// `Name: value` lines ended by an empty line (each line ends with CRLF), of which
/// `Content-Length` (the body's length in bytes) is required, then the body.
/// `MessageFraming` takes bytes as they arrive and hands out whole bodies; a header it
/// cannot read is a `Failure`, after which reading goes on at the next header.
package struct MessageFraming: Sendable {
    /// A header that could not be read.
    package struct Failure: Error, Sendable, Equatable {
        package let message: String
    }

    /// Bodies larger than this are refused (a header that claims gigabytes).
    package static let maximumLength = 64 << 20

    private var buffer: [UInt8] = []

    package init() {}

    package mutating func append(_ bytes: some Sequence<UInt8>) { buffer.append(contentsOf: bytes) }

    /// The next whole message's body; nil when more bytes are needed.
    package mutating func next() -> Result<Data, Failure>? {
        let separator: [UInt8] = [13, 10, 13, 10]
        guard let end = firstIndex(of: separator) else {
            if buffer.count > 8192 {
                buffer.removeAll()
                return .failure(Failure(message: "header longer than 8192 bytes with no end"))
            }
            return nil
        }
        let header = String(decoding: buffer[..<end], as: UTF8.self)
        var length: Int?
        for line in header.split(separator: "\r\n", omittingEmptySubsequences: false) {
            guard let colon = line.firstIndex(of: ":") else {
                buffer.removeSubrange(..<(end + 4))
                return .failure(Failure(message: "header line without ':': \(line.prefix(80))"))
            }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
            let value = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            if name == "content-length" {
                guard let number = Int(value), number >= 0, number <= Self.maximumLength else {
                    buffer.removeSubrange(..<(end + 4))
                    return .failure(Failure(message: "Content-Length is not a length: \(value.prefix(40))"))
                }
                length = number
            }
        }
        guard let length else {
            buffer.removeSubrange(..<(end + 4))
            return .failure(Failure(message: "header without Content-Length"))
        }
        let bodyStart = end + 4
        guard buffer.count >= bodyStart + length else { return nil }
        let body = Data(buffer[bodyStart..<(bodyStart + length)])
        buffer.removeSubrange(..<(bodyStart + length))
        return .success(body)
    }

    /// `body` with its header, ready to write.
    package static func frame(_ body: Data) -> Data {
        var out = Data("Content-Length: \(body.count)\r\n\r\n".utf8)
        out.append(body)
        return out
    }

    private func firstIndex(of pattern: [UInt8]) -> Int? {
        guard buffer.count >= pattern.count else { return nil }
        var i = 0
        while i + pattern.count <= buffer.count {
            if buffer[i] == pattern[0] && buffer[i + 1] == pattern[1] && buffer[i + 2] == pattern[2]
                && buffer[i + 3] == pattern[3]
            {
                return i
            }
            i += 1
        }
        return nil
    }
}
