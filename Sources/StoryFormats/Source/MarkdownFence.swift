/// Markdown's fenced code blocks (CommonMark §4.5: a line of three or more backticks or
/// tildes, indented at most three spaces, closed by a line of the same character at least
/// as long): a document about a story shows the story's syntax inside them. Recognition
/// looks past them, so a README with a Twee or ink example is not taken for a story.
struct MarkdownFence {
    private var open: (character: Character, length: Int)?

    /// Whether `line` is part of a fenced block (its fences included), updating the state
    /// for the lines that follow. Call once per line, in order.
    mutating func hides(_ line: some StringProtocol) -> Bool {
        var rest = Substring(line)
        var indent = 0
        while indent < 4, rest.first == " " { rest = rest.dropFirst(); indent += 1 }
        guard indent < 4, let character = rest.first, character == "`" || character == "~" else { return open != nil }
        let length = rest.prefix { $0 == character }.count
        guard length >= 3 else { return open != nil }
        if let fence = open {
            if character == fence.character, length >= fence.length,
                rest.dropFirst(length).allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) {
                open = nil
            }
            return true
        }
        // A backtick fence's info string holds no backtick.
        if character == "`", rest.dropFirst(length).contains("`") { return false }
        open = (character, length)
        return true
    }
}
