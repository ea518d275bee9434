/// Wrapping and shortening of story text for map labels.
public enum TextLayout {
    /// Collapses whitespace, shortens to `maxCharacters` (ending in "…"), and wraps at
    /// word boundaries to lines of about `width` characters. Characters are counted as
    /// the reader sees them (grapheme clusters), so Korean and emoji wrap correctly.
    public static func wrap(_ text: String, width: Int = 30, maxCharacters: Int = 120) -> [String] {
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
                if !line.isEmpty { lines.append(line); line = "" }
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
}
