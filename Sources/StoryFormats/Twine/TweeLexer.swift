/// The lexical layer of Twee, as tweego's lexer has it: a file becomes a stream of typed
/// items, a passage header split into its parts and the text under it, so the loader
/// never slices strings itself. Offsets are scalar offsets into the file.
enum TweeItem: Sendable, Hashable {
    /// `::` at the start of a line: a passage header begins at this offset.
    case header(at: Int)
    /// The header's name, escapes (`\[`, `\{`, `\\`) resolved, trimmed (may be empty).
    case name(String)
    /// The tag block `[a b]`, opened at `open`; `closed` is false when no `]` ends it on
    /// its line (the rest of the line was read as tags).
    case tags([String], open: Int, closed: Bool)
    /// The metadata block `{…}` as written, starting at `at`.
    case metadata(String, at: Int)
    /// Twee 2's trailing `<x,y>` position, as `x,y` (emitted before the metadata block,
    /// whose own `position` wins).
    case position(String)
    /// Text after the header's parts that is none of them, starting at `at`.
    case unexpected(at: Int)
    /// The text under a header (or before the first one), up to the next header, without
    /// trailing whitespace.
    case body(Range<Int>)
}

/// Splits Twee source into `TweeItem`s: lines end at LF, CRLF or a CR alone (as in
/// `SourceText`'s line table); a line that starts with `::` is a header. Every body,
/// including the one before the first header, is emitted (perhaps empty), before the
/// next header's items.
///
/// - Complexity: O(n) for a file of n scalars.
enum TweeLexer {
    static func items(_ s: [Unicode.Scalar]) -> [TweeItem] {
        var items: [TweeItem] = []
        var textStart = 0
        var lineStart = 0
        func body(to end: Int) {
            var last = end
            while last > textStart && s[last - 1].isSpaceFast { last -= 1 }
            items.append(.body(textStart..<last))
        }
        while lineStart <= s.count {
            var lineEnd = lineStart
            while lineEnd < s.count && s[lineEnd] != "\n" && s[lineEnd] != "\r" { lineEnd += 1 }
            let next = lineEnd + (lineEnd + 1 < s.count && s[lineEnd] == "\r" && s[lineEnd + 1] == "\n" ? 2 : 1)
            if lineStart + 1 < s.count && s[lineStart] == ":" && s[lineStart + 1] == ":" {
                body(to: lineStart)
                header(s, from: lineStart, to: lineEnd, into: &items)
                textStart = min(next, s.count)
            }
            if lineEnd >= s.count { break }
            lineStart = next
        }
        body(to: s.count)
        return items
    }

    /// The items of `:: Name [tags] {metadata}` (or Twee 2's `:: Name [tags] <x,y>`).
    static func header(_ s: [Unicode.Scalar], from lineStart: Int, to lineEnd: Int, into items: inout [TweeItem]) {
        items.append(.header(at: lineStart))
        var end = lineEnd
        while end > lineStart + 2 && s[end - 1].isSpaceFast { end -= 1 }
        var position: String?

        // Twee 2: a trailing `<x,y>` position.
        if end > lineStart + 2 && s[end - 1] == ">" {
            var open = end - 2
            while open > lineStart + 2 && s[open] != "<" && s[open] != ">" { open -= 1 }
            if s[open] == "<" {
                var inner = String.UnicodeScalarView()
                inner.append(contentsOf: s[open + 1..<end - 1])
                let parts = String(inner).split(separator: ",", omittingEmptySubsequences: false)
                    .map { String($0).trimmingTwineSpace() }
                if parts.count == 2, parts.allSatisfy({ Double($0) != nil }) {
                    position = parts.joined(separator: ",")
                    end = open
                    while end > lineStart + 2 && s[end - 1].isSpaceFast { end -= 1 }
                }
            }
        }

        if let position { items.append(.position(position)) }

        var k = lineStart + 2
        var name = String.UnicodeScalarView()
        while k < end {
            let c = s[k]
            if c == "\\" && k + 1 < end {
                name.append(s[k + 1])
                k += 2
                continue
            }
            if c == "[" || c == "{" { break }
            name.append(c)
            k += 1
        }
        items.append(.name(String(name).trimmingTwineSpace()))

        if k < end && s[k] == "[" {
            let open = k
            k += 1
            var tags: [String] = []
            var tag = String.UnicodeScalarView()
            var closed = false
            while k < end {
                let c = s[k]
                if c == "\\" && k + 1 < end {
                    tag.append(s[k + 1])
                    k += 2
                    continue
                }
                k += 1
                if c == "]" {
                    closed = true
                    break
                }
                if c.isSpaceFast {
                    if !tag.isEmpty {
                        tags.append(String(tag))
                        tag = String.UnicodeScalarView()
                    }
                } else {
                    tag.append(c)
                }
            }
            if !tag.isEmpty { tags.append(String(tag)) }
            items.append(.tags(tags, open: open, closed: closed))
            while k < end && s[k].isSpaceFast { k += 1 }
        }

        if k < end && s[k] == "{" {
            var json = String.UnicodeScalarView()
            json.append(contentsOf: s[k..<end])
            items.append(.metadata(String(json), at: k))
        } else if k < end {
            items.append(.unexpected(at: k))
        }
    }
}
