import StoryGraph

/// One line of a ChoiceScript scene as the interpreter reads it: its indentation (each
/// leading space or tab counts one, as ChoiceScript counts them), and either a command
/// (`*goto bridge`) or text.
struct ChoiceScriptLine: Sendable {
    /// 1-based line number.
    let number: Int
    /// Leading spaces or tabs.
    let indent: Int
    /// Whether the indentation holds a tab, a space, or both (ChoiceScript forbids mixing).
    let hasTab: Bool
    let hasSpace: Bool
    /// The line without its indentation and trailing space.
    let content: Substring
    /// The command name in lower case (`goto` for `*GoTo x`), nil for text and blanks.
    let command: String?
    /// What follows the command name, trimmed.
    let data: Substring

    var isBlank: Bool { content.isEmpty }
    var isText: Bool { command == nil && !content.isEmpty }
    /// The 1-based column where the content starts.
    var column: Int { indent + 1 }

    /// Splits a scene into lines (`\n`, with a trailing `\r` dropped), as ChoiceScript
    /// does with `split("\n")`: a final newline makes a last, empty line.
    ///
    /// - Complexity: O(n) for a text of n characters.
    static func lines(of text: String) -> [ChoiceScriptLine] {
        var result: [ChoiceScriptLine] = []
        var number = 0
        // Split on the scalar: a Swift `Character` holds "\r\n" as one, never equal to "\n".
        for raw in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false) {
            number += 1
            var line = raw
            if line.last == "\r" { line.removeLast() }
            result.append(ChoiceScriptLine(number: number, raw: Substring(line)))
        }
        return result
    }

    init(number: Int, raw: Substring) {
        self.number = number
        var indent = 0
        var hasTab = false
        var hasSpace = false
        var start = raw.startIndex
        while start < raw.endIndex, raw[start] == " " || raw[start] == "\t" {
            if raw[start] == "\t" { hasTab = true } else { hasSpace = true }
            indent += 1
            start = raw.index(after: start)
        }
        var end = raw.endIndex
        while end > start, let last = raw[raw.index(before: end)].unicodeScalars.first,
            last.properties.isWhitespace
        {
            end = raw.index(before: end)
        }
        let content = raw[start..<end]
        self.indent = indent
        self.hasTab = hasTab
        self.hasSpace = hasSpace
        self.content = content
        if content.first == "*" {
            let afterStar = content.index(after: content.startIndex)
            var nameEnd = afterStar
            while nameEnd < content.endIndex, ChoiceScriptLine.isWordCharacter(content[nameEnd]) {
                nameEnd = content.index(after: nameEnd)
            }
            if nameEnd > afterStar {
                command = content[afterStar..<nameEnd].lowercased()
                data = ChoiceScriptLine.trimmed(content[nameEnd...])
                return
            }
        }
        command = nil
        data = ""
    }

    /// ChoiceScript's `\w`: ASCII letters, digits and underscore.
    static func isWordCharacter(_ c: Character) -> Bool {
        guard let ascii = c.asciiValue else { return false }
        return (ascii >= 48 && ascii <= 57) || (ascii >= 65 && ascii <= 90) || (ascii >= 97 && ascii <= 122)
            || ascii == 95
    }

    static func trimmed(_ s: Substring) -> Substring {
        var start = s.startIndex
        var end = s.endIndex
        while start < end, s[start] == " " || s[start] == "\t" { start = s.index(after: start) }
        while end > start, s[s.index(before: end)] == " " || s[s.index(before: end)] == "\t" {
            end = s.index(before: end)
        }
        return s[start..<end]
    }

    /// The words of the line's text, as ChoiceScript's word count splits them.
    var wordCount: Int {
        content.split(whereSeparator: { $0 == " " || $0 == "\t" }).count
    }
}
