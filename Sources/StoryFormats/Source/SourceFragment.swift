import StoryGraph

/// A piece of a source file read on its own — a Twee passage's body, a Twine HTML
/// passage's text once its entities are decoded, a JSON fragment such as StoryData — with
/// the way back from an offset in the piece to its line and column in the file.
package struct SourceFragment: Sendable {
    private enum Origin: Sendable {
        /// The piece is the file's scalars from `base` on, unchanged (Twee).
        case contiguous(base: Int)
        /// Scalar `k` of the piece came from file scalar `offsets[k]` (decoded entities:
        /// `&amp;` is one scalar of the piece from five of the file); `end` is past the last.
        case mapped(offsets: [Int], end: Int)
        /// The file's text could not be aligned: every offset is this place.
        case fixed(SourceLocation)
    }

    package let source: SourceText
    private let origin: Origin

    /// The piece that starts at scalar `base` of `source`.
    package init(_ source: SourceText, base: Int) {
        self.source = source
        self.origin = .contiguous(base: base)
    }

    /// A piece whose scalar `k` came from scalar `offsets[k]` of `source`, ending before `end`.
    package init(_ source: SourceText, offsets: [Int], end: Int) {
        self.source = source
        self.origin = .mapped(offsets: offsets, end: end)
    }

    /// A piece placed as a whole at `location`.
    package init(_ source: SourceText, at location: SourceLocation) {
        self.source = source
        self.origin = .fixed(location)
    }

    /// The file location of scalar `offset` of the piece (its end for an offset past it).
    package func location(at offset: Int) -> SourceLocation {
        switch origin {
        case .contiguous(let base): source.location(at: base + offset)
        case .mapped(let offsets, let end): source.location(at: offset < offsets.count ? offsets[offset] : end)
        case .fixed(let location): location
        }
    }

    /// A location that a parser of the piece alone reported (line 1, column 1 being the
    /// piece's first scalar, written at `base` in the file), in the file. Exact for pieces
    /// copied unchanged, such as a JSON fragment inside a Twee passage.
    package static func shift(_ inner: SourceLocation?, by base: SourceLocation) -> SourceLocation {
        guard let inner else { return base }
        if inner.line == 1 {
            return SourceLocation(file: base.file, line: base.line, column: base.column + inner.column - 1)
        }
        return SourceLocation(file: base.file, line: base.line + inner.line - 1, column: inner.column)
    }
}
