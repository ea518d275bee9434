import Foundation

/// A source file's text as Unicode scalars, with the means to turn an offset into a
/// 1-based line and column. Every loader starts here, so every loader reports invalid
/// UTF-8, an empty file and a file too large in the same words.
public struct SourceText: Sendable {
    /// The largest file any loader reads (64 MiB): bigger input is refused, not parsed.
    public static let maximumSize = 64 << 20

    public let path: String
    public let scalars: [Unicode.Scalar]
    /// Offsets (into `scalars`) at which each line starts.
    private let lineStarts: [Int]

    /// Decodes `data`; throws a located error for invalid UTF-8 or an oversized file.
    /// A leading byte-order mark is skipped.
    public init(path: String, data: Data) throws(StoryLoadError) {
        self.path = path
        guard data.count <= SourceText.maximumSize else {
            throw StoryLoadError(
                "file is \(data.count) bytes; the limit is \(SourceText.maximumSize) bytes",
                at: SourceLocation(file: path, line: 1, column: 1))
        }
        var scalars: [Unicode.Scalar] = []
        scalars.reserveCapacity(data.count)
        var lineStarts = [0]
        var decoder = UTF8()
        var iterator = data.makeIterator()
        var line = 1
        var column = 1
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalars.isEmpty && scalar == "\u{FEFF}" { continue }
                scalars.append(scalar)
                if scalar == "\n" {
                    lineStarts.append(scalars.count)
                    line += 1
                    column = 1
                } else {
                    column += 1
                }
            case .emptyInput:
                break loop
            case .error:
                throw StoryLoadError(
                    "invalid UTF-8 in file", at: SourceLocation(file: path, line: line, column: column))
            }
        }
        self.scalars = scalars
        self.lineStarts = lineStarts
    }

    /// Builds a source text from a Swift string (for tests and generated input).
    public init(path: String, text: String) {
        // A Swift string is valid Unicode, so decoding cannot fail.
        self = try! SourceText(path: path, data: Data(text.utf8))
    }

    /// Reads a file from disk; a missing or unreadable file is a located error.
    public init(contentsOf path: String) throws(StoryLoadError) {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw StoryLoadError("cannot read file: \(Self.reason(error))", at: nil)
                .prefixed(path)
        }
        try self.init(path: path, data: data)
    }

    private static func reason(_ error: Error) -> String {
        let ns = error as NSError
        if let underlying = ns.userInfo[NSUnderlyingErrorKey] as? NSError {
            return String(cString: strerror(Int32(underlying.code)))
        }
        if ns.domain == NSCocoaErrorDomain && ns.code == NSFileReadNoSuchFileError {
            return "no such file"
        }
        return ns.localizedDescription
    }

    /// Whether the file holds nothing but whitespace.
    public var isBlank: Bool { scalars.allSatisfy { $0.properties.isWhitespace } }

    /// The location of a scalar offset.
    public func location(at offset: Int) -> SourceLocation {
        // Binary search for the last line start <= offset.
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if lineStarts[mid] <= offset { low = mid } else { high = mid - 1 }
        }
        return SourceLocation(file: path, line: low + 1, column: offset - lineStarts[low] + 1)
    }

    /// The text between two scalar offsets.
    public func text(_ range: Range<Int>) -> String {
        var string = String.UnicodeScalarView()
        string.append(contentsOf: scalars[range])
        return String(string)
    }

    public var text: String { text(0..<scalars.count) }
}

extension StoryLoadError {
    /// A file-level error: uses `path:` as the location when none is known.
    func prefixed(_ path: String) -> StoryLoadError {
        var copy = self
        for i in copy.diagnostics.indices where copy.diagnostics[i].location == nil {
            copy.diagnostics[i].location = SourceLocation(file: path, line: 1, column: 1)
        }
        return copy
    }
}
