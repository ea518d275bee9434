import Foundation
import StoryGraph
import Synchronization

/// A source file's text, with the means to turn an offset into a 1-based line and column.
/// Every loader starts here, so every loader reports invalid UTF-8, an empty file and a
/// file too large in the same words.
///
/// The text is kept as its UTF-8 bytes (`utf8`), checked once when it is read. Loaders
/// that walk Unicode scalars (the Swift and Objective-C lexer, Twee, Twine HTML) use
/// `scalars`, decoded on first use; the JSON loaders work on the bytes and never pay for
/// the scalars.
public struct SourceText: Sendable {
    /// The largest file any loader reads (64 MiB): bigger input is refused, not parsed.
    package static let maximumSize = 64 << 20

    public let path: String
    /// The text as valid UTF-8, without a leading byte-order mark.
    package let utf8: [UInt8]
    /// The scalars and their line table, made on first use.
    private let decoded: Decoded

    /// Decodes `data`; throws a located error for invalid UTF-8 or an oversized file.
    /// A leading byte-order mark is skipped.
    public init(path: String, data: Data) throws(StoryLoadError) {
        try self.init(path: path, bytes: [UInt8](data))
    }

    /// `init(path:data:)` over bytes already in an array (a file read), kept without a copy.
    package init(path: String, bytes: [UInt8]) throws(StoryLoadError) {
        self.path = path
        guard bytes.count <= SourceText.maximumSize else {
            throw StoryLoadError(
                FormatRules.fileTooLarge,
                FileReadFailure.tooLarge(size: bytes.count, limit: SourceText.maximumSize, stream: false).description,
                at: SourceLocation(file: path, line: 1, column: 1))
        }
        guard Self.isValidUTF8(bytes) else { throw Self.invalidUTF8(path: path, data: bytes) }
        // Every leading U+FEFF is skipped (EF BB BF in UTF-8).
        var skip = 0
        while skip + 3 <= bytes.count, bytes[skip] == 0xEF, bytes[skip + 1] == 0xBB, bytes[skip + 2] == 0xBF {
            skip += 3
        }
        self.utf8 = skip == 0 ? bytes : Array(bytes[skip...])
        self.decoded = Decoded()
    }

    /// The located error for bytes that are not valid UTF-8: decodes scalar by scalar, as
    /// far as the first ill-formed sequence, to find its line and column. Only run once
    /// the fast check has failed.
    private static func invalidUTF8(path: String, data: [UInt8]) -> StoryLoadError {
        var decoder = UTF8()
        var iterator = data.makeIterator()
        var sawScalar = false
        var line = 1
        var column = 1
        var afterCR = false
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if !sawScalar && scalar == "\u{FEFF}" { continue }
                sawScalar = true
                defer { afterCR = scalar == "\r" }
                if scalar == "\n" || scalar == "\r" {
                    // CRLF is one break: the LF after a CR starts no new line.
                    if !(scalar == "\n" && afterCR) { line += 1 }
                    column = 1
                } else {
                    column += 1
                }
            case .emptyInput:
                // Unreachable when the fast check failed; kept total.
                return StoryLoadError(
                    FormatRules.invalidUTF8, "invalid UTF-8 in file",
                    at: SourceLocation(file: path, line: line, column: column))
            case .error:
                return StoryLoadError(
                    FormatRules.invalidUTF8, "invalid UTF-8 in file",
                    at: SourceLocation(file: path, line: line, column: column))
            }
        }
    }

    /// Whether `bytes` are valid UTF-8: eight bytes at a time while they are ASCII (a
    /// story file mostly is), the standard library's check from the first other byte on.
    static func isValidUTF8(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { b in
            let raw = UnsafeRawBufferPointer(b)
            var i = 0
            while i + 8 <= b.count, raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                i += 8
            }
            while i < b.count, b[i] < 0x80 { i += 1 }
            if i == b.count { return true }
            // Every byte before `i` is ASCII, so no scalar begins before it.
            return String(validating: UnsafeBufferPointer(rebasing: b[i...]), as: UTF8.self) != nil
        }
    }

    /// Builds a source text from a Swift string (for tests and generated input).
    public init(path: String, text: String) {
        // A Swift string is valid Unicode, so decoding cannot fail.
        self = try! SourceText(path: path, data: Data(text.utf8))
    }

    /// Reads a file from disk (a FIFO or device as a stream, up to `maximumSize`); a missing
    /// or unreadable file is a located error in plain words.
    public init(contentsOf path: String) throws(StoryLoadError) {
        switch FileReader.contents(path, limit: SourceText.maximumSize) {
        case .success(let bytes):
            try self.init(path: path, bytes: bytes)
        case .failure(let failure):
            throw StoryLoadError(FormatRules.unreadableFile, failure.description, at: nil).prefixed(path)
        }
    }

    /// The text as Unicode scalars (decoded on first use, then kept).
    package var scalars: [Unicode.Scalar] { decoded.scalars(utf8) }

    /// Whether the file holds nothing but whitespace.
    package var isBlank: Bool { firstScalar(where: { !$0.properties.isWhitespace }) == nil }

    /// The first of the first `limit` scalars that satisfies `predicate`, decoding no
    /// further than it.
    func firstScalar(within limit: Int = .max, where predicate: (Unicode.Scalar) -> Bool) -> Unicode.Scalar? {
        utf8.withUnsafeBufferPointer { bytes in
            var i = 0
            var seen = 0
            while i < bytes.count && seen < limit {
                let (scalar, length) = SourceText.scalar(in: bytes, at: i)
                if predicate(scalar) { return scalar }
                i += length
                seen += 1
            }
            return nil
        }
    }

    /// The number of bytes that the first `count` scalars take (all of them if fewer).
    func byteCount(ofFirst count: Int) -> Int {
        // No more scalars than bytes: a file of at most `count` bytes is all of it.
        if utf8.count <= count { return utf8.count }
        return utf8.withUnsafeBufferPointer { bytes in
            var i = 0
            var seen = 0
            while i < bytes.count && seen < count {
                i += SourceText.scalarLength(bytes[i])
                seen += 1
            }
            return min(i, bytes.count)
        }
    }

    /// The location of a scalar offset.
    package func location(at offset: Int) -> SourceLocation {
        let starts = lines.scalarStarts
        let line = LineTable.line(containing: offset, in: starts)
        return SourceLocation(file: path, line: line + 1, column: offset - starts[line] + 1)
    }

    /// Where each line starts, in bytes and in scalars (made on first use, then kept):
    /// the one line table every location of this text is made from.
    package var lines: LineTable { decoded.lines(utf8) }

    /// The location of a byte offset into `utf8` (at the start of a scalar, or at the end):
    /// the same line and column as `location(at:)` gives for that scalar.
    package func location(atByte offset: Int) -> SourceLocation {
        var locator = ByteLocator(self)
        return locator.location(atByte: offset)
    }

    /// The text between two scalar offsets.
    public func text(_ range: Range<Int>) -> String {
        var string = String.UnicodeScalarView()
        string.append(contentsOf: scalars[range])
        return String(string)
    }

    public var text: String { String(decoding: utf8, as: UTF8.self) }

    /// The length of the UTF-8 sequence that starts with `lead` (valid UTF-8 assumed).
    @inline(__always)
    static func scalarLength(_ lead: UInt8) -> Int {
        lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
    }

    /// The scalar at byte `i` of valid UTF-8, and its length in bytes.
    @inline(__always)
    static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (Unicode.Scalar, Int) {
        let lead = UInt32(bytes[i])
        if lead < 0x80 { return (Unicode.Scalar(UInt8(lead)), 1) }
        if lead < 0xE0 {
            let value = (lead & 0x1F) << 6 | UInt32(bytes[i + 1] & 0x3F)
            return (Unicode.Scalar(value)!, 2)
        }
        if lead < 0xF0 {
            let value = (lead & 0x0F) << 12 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F)
            return (Unicode.Scalar(value)!, 3)
        }
        let value =
            (lead & 0x07) << 18 | UInt32(bytes[i + 1] & 0x3F) << 12
            | UInt32(bytes[i + 2] & 0x3F) << 6 | UInt32(bytes[i + 3] & 0x3F)
        return (Unicode.Scalar(value)!, 4)
    }

    /// The scalars and the line table of a source text, each made on first use by
    /// whichever thread asks first.
    private final class Decoded: Sendable {
        private let decodedScalars = Mutex<[Unicode.Scalar]?>(nil)
        private let lineTable = Mutex<LineTable?>(nil)

        func scalars(_ utf8: [UInt8]) -> [Unicode.Scalar] {
            decodedScalars.withLock { value in
                if let value { return value }
                let made = Decoded.decode(utf8)
                value = made
                return made
            }
        }

        func lines(_ utf8: [UInt8]) -> LineTable {
            lineTable.withLock { value in
                if let value { return value }
                let made = LineTable(utf8)
                value = made
                return made
            }
        }

        /// - Complexity: O(n) for n bytes.
        static func decode(_ utf8: [UInt8]) -> [Unicode.Scalar] {
            var scalars: [Unicode.Scalar] = []
            scalars.reserveCapacity(utf8.count)
            utf8.withUnsafeBufferPointer { bytes in
                var i = 0
                while i < bytes.count {
                    let (scalar, length) = SourceText.scalar(in: bytes, at: i)
                    scalars.append(scalar)
                    i += length
                }
            }
            return scalars
        }
    }
}

/// Turns byte offsets into `SourceLocation`s (line; column in scalars from the line's
/// start, both 1-based), for parsers that work on UTF-8 bytes. It keeps the last place it
/// located, so locating offsets in increasing order costs O(n) in all, even on a file
/// that is one long line.
struct ByteLocator {
    let path: String
    let bytes: [UInt8]
    /// Byte offsets at which each line starts (the source's line table).
    let lineStarts: [Int]
    private var lastOffset = 0
    private var lastLine = 0
    private var lastColumn = 1

    init(_ source: SourceText) {
        path = source.path
        bytes = source.utf8
        lineStarts = source.lines.byteStarts
    }

    /// - Complexity: O(log L) to find the line, plus the bytes between the offset and the
    ///   last located offset (when on the same line, after it) or the line's start.
    mutating func location(atByte offset: Int) -> SourceLocation {
        let offset = min(max(offset, 0), bytes.count)
        var line: Int
        var from: Int
        var column: Int
        let nextLineStart = lastLine + 1 < lineStarts.count ? lineStarts[lastLine + 1] : Int.max
        if offset >= lastOffset && offset < nextLineStart {
            line = lastLine
            from = lastOffset
            column = lastColumn
        } else {
            // Offsets asked in order (a loader's passages, one a line) are most often a
            // line or two further on: stepped to before a binary search over them all.
            line = -1
            if offset >= lastOffset {
                var next = lastLine + 1
                while next + 1 < lineStarts.count, lineStarts[next + 1] <= offset, next < lastLine + 4 { next += 1 }
                if next + 1 >= lineStarts.count || lineStarts[next + 1] > offset { line = next }
            }
            if line < 0 { line = LineTable.line(containing: offset, in: lineStarts) }
            from = lineStarts[line]
            column = 1
        }
        bytes.withUnsafeBufferPointer { b in
            while from < offset {
                if b[from] & 0xC0 != 0x80 { column += 1 }
                from += 1
            }
        }
        lastOffset = offset
        lastLine = line
        lastColumn = column
        return SourceLocation(file: path, line: line + 1, column: column)
    }
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
