/// Wrapping and shortening of story text for map labels.
package enum TextLayout {
    /// Collapses whitespace, shortens to `maxCharacters` (ending in "…"), and wraps at
    /// word boundaries to lines of about `width` characters. Characters are counted as
    /// the reader sees them (grapheme clusters), so Korean and emoji wrap correctly.
    package static func wrap(_ text: String, width: Int = 30, maxCharacters: Int = 120) -> [String] {
        if let lines = wrapASCII(text, width: width, maxCharacters: maxCharacters) { return lines }
        let words = text.split(whereSeparator: { $0.isWhitespace || $0.isNewline })
        var collapsed = words.joined(separator: " ")
        if maxCharacters > 0, collapsed.count > maxCharacters {
            var cut = String(collapsed.prefix(max(1, maxCharacters - 1)))
            if let space = cut.lastIndex(of: " "), cut.distance(from: cut.startIndex, to: space) > maxCharacters / 2 {
                cut = String(cut[..<space])
            }
            while cut.last == " " || cut.last == "," || cut.last == "." { cut.removeLast() }
            collapsed = cut + "…"
        }
        var lines: [String] = []
        var line = ""
        for word in collapsed.split(separator: " ") {
            var word = Substring(word)
            // A word longer than a line is broken where it must be.
            while word.count > width {
                if !line.isEmpty {
                    lines.append(line)
                    line = ""
                }
                lines.append(String(word.prefix(width)))
                word = word.dropFirst(width)
            }
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// The most link lines `wrap(keepingLines:)` shows.
    package static let maximumLinkLines = 8

    /// `wrap` for text whose lines stand apart (a passage's reader text: its prose, then
    /// each link on a line of its own, `→ label`): each line wrapped by itself. The prose
    /// lines share `maxCharacters`; a link line (one holding "→ ") is shortened to two
    /// lines of its own, and after `maximumLinkLines` of them the rest are counted
    /// ("… 3 more").
    ///
    /// - Complexity: O(n) in the length of the text.
    package static func wrap(keepingLines text: String, width: Int = 30, maxCharacters: Int = 120) -> [String] {
        var result: [String] = []
        var budget = maxCharacters
        var proseCut = false
        var linkLines = 0
        var linksLeft = 0
        for line in text.split(separator: "\n") {
            let words = line.split(whereSeparator: { $0.isWhitespace })
            guard !words.isEmpty else { continue }
            if line.contains("→ ") {
                linkLines += 1
                if linkLines > maximumLinkLines {
                    linksLeft += 1
                    continue
                }
                result += wrap(String(line), width: width, maxCharacters: maxCharacters > 0 ? 2 * width : 0)
                continue
            }
            guard !proseCut else { continue }
            let count = words.reduce(words.count - 1) { $0 + $1.count }
            if maxCharacters > 0, budget < 2 {
                result.append("…")
                proseCut = true
                continue
            }
            result += wrap(String(line), width: width, maxCharacters: maxCharacters > 0 ? budget : 0)
            budget -= count
            if maxCharacters > 0, budget < 0 { proseCut = true }
        }
        if linksLeft > 0 { result.append("… \(linksLeft) more") }
        return result
    }

    /// `wrap` for the common case of ASCII text that needs no shortening, on bytes: there a
    /// character is a byte (a CR LF pair is whitespace, and whitespace only separates
    /// words), so the lines are the same as `wrap`'s. Nil when the case does not apply.
    static func wrapASCII(_ text: String, width: Int, maxCharacters: Int) -> [String]? {
        var text = text
        return text.withUTF8 { bytes -> [String]? in
            var words: [Range<Int>] = []
            var collapsedCount = 0
            var i = 0
            while i < bytes.count {
                let byte = bytes[i]
                if byte >= 0x80 { return nil }
                // Character.isWhitespace or isNewline, among ASCII: TAB, LF, VT, FF, CR, space.
                if byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) {
                    i += 1
                    continue
                }
                let start = i
                while i < bytes.count, bytes[i] != 0x20, !(bytes[i] >= 0x09 && bytes[i] <= 0x0D) {
                    if bytes[i] >= 0x80 { return nil }
                    i += 1
                }
                collapsedCount += (words.isEmpty ? 0 : 1) + (i - start)
                words.append(start..<i)
            }
            if maxCharacters > 0, collapsedCount > maxCharacters { return nil }
            func string(_ range: Range<Int>) -> String {
                String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
            }
            var lines: [String] = []
            var line: [UInt8] = []
            for whole in words {
                var word = whole
                while word.count > width {
                    if !line.isEmpty {
                        lines.append(String(decoding: line, as: UTF8.self))
                        line = []
                    }
                    lines.append(string(word.lowerBound..<word.lowerBound + width))
                    word = word.lowerBound + width..<word.upperBound
                }
                if line.isEmpty {
                    line.append(contentsOf: bytes[word])
                } else if line.count + 1 + word.count <= width {
                    line.append(0x20)
                    line.append(contentsOf: bytes[word])
                } else {
                    lines.append(String(decoding: line, as: UTF8.self))
                    line = Array(bytes[word])
                }
            }
            if !line.isEmpty { lines.append(String(decoding: line, as: UTF8.self)) }
            return lines
        }
    }
}
