import Foundation

/// Markdown's fenced code blocks (CommonMark §4.5: a line of three or more backticks or
/// tildes, indented at most three spaces, closed by a line of the same character at least
/// as long): a document about a story shows the story's syntax inside them. Recognition
/// of a file no loader claims by its extension looks past them (`masked`), so a README
/// with a Twee or ink example is not taken for a story.
struct MarkdownFence {
    private var open: (character: Character, length: Int)?

    /// Whether `line` is part of a fenced block (its fences included), updating the state
    /// for the lines that follow. Call once per line, in order.
    mutating func hides(_ line: some StringProtocol) -> Bool {
        var rest = Substring(line)
        var indent = 0
        while indent < 4, rest.first == " " {
            rest = rest.dropFirst()
            indent += 1
        }
        guard indent < 4, let character = rest.first, character == "`" || character == "~" else { return open != nil }
        let length = rest.prefix { $0 == character }.count
        guard length >= 3 else { return open != nil }
        if let fence = open {
            if character == fence.character, length >= fence.length,
                rest.dropFirst(length).allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" })
            {
                open = nil
            }
            return true
        }
        // A backtick fence's info string holds no backtick.
        if character == "`", rest.dropFirst(length).contains("`") { return false }
        open = (character, length)
        return true
    }

    /// `source` with every line of its fenced blocks and every code span on one line
    /// (`` `<tw-storydata>` ``) blanked (each byte a space, line breaks kept), or nil when
    /// it has neither.
    /// - Complexity: O(n).
    static func masked(_ source: SourceText) -> SourceText? {
        var bytes = source.utf8
        var fence = MarkdownFence()
        var changed = false
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != 0x0A { end += 1 }
            // A fence's line is short: its first 256 bytes say whether it is one.
            let head = String(decoding: bytes[start..<min(end, start + 256)], as: UTF8.self)
            if fence.hides(head) {
                for i in start..<end where bytes[i] != 0x0D { bytes[i] = 0x20 }
                changed = changed || end > start
            } else {
                changed = blankCodeSpans(&bytes, start..<end) || changed
            }
            start = end + 1
        }
        guard changed else { return nil }
        return try? SourceText(path: source.path, data: Data(bytes))
    }

    /// Blanks each code span of `line` (a run of backticks to the next run as long); true
    /// when one was blanked.
    static func blankCodeSpans(_ bytes: inout [UInt8], _ line: Range<Int>) -> Bool {
        let tick = UInt8(ascii: "`")
        var blanked = false
        var i = line.lowerBound
        while i < line.upperBound {
            guard bytes[i] == tick else {
                i += 1
                continue
            }
            var run = i
            while run < line.upperBound, bytes[run] == tick { run += 1 }
            let length = run - i
            var j = run
            var close: Int?
            while j < line.upperBound {
                guard bytes[j] == tick else {
                    j += 1
                    continue
                }
                var end = j
                while end < line.upperBound, bytes[end] == tick { end += 1 }
                if end - j == length {
                    close = end
                    break
                }
                j = end
            }
            guard let close else {
                i = run
                continue
            }
            for k in i..<close { bytes[k] = 0x20 }
            blanked = true
            i = close
        }
        return blanked
    }
}
