import StoryGraph

/// One scene file read into lines, with what the compiler looks up by line: where each
/// line's indented block ends and where each `*label` is.
struct ChoiceScriptSceneText: Sendable {
    /// The scene's name (`startup`, `chapter1`), as the scene list and `*goto_scene` name it.
    let name: String
    let path: String
    let lines: [ChoiceScriptLine]
    /// For each line, the index of the first non-blank line after it whose indentation is
    /// not deeper (`lines.count` when the block runs to the end).
    let blockEnd: [Int]
    /// Label (lower case) to line index; the first definition wins.
    let labels: [String: Int]
    /// Labels written more than once: (label, line index of the repeat).
    let duplicateLabels: [(String, Int)]

    /// - Complexity: O(n) for n lines (one stack of open blocks).
    init(name: String, path: String, text: String) {
        self.name = name
        self.path = path
        let lines = ChoiceScriptLine.lines(of: text)
        self.lines = lines
        var blockEnd = [Int](repeating: lines.count, count: lines.count)
        var open: [Int] = []
        var labels: [String: Int] = [:]
        var duplicates: [(String, Int)] = []
        for (i, line) in lines.enumerated() {
            if line.isBlank {
                blockEnd[i] = i + 1
                continue
            }
            while let top = open.last, lines[top].indent >= line.indent {
                blockEnd[top] = i
                open.removeLast()
            }
            open.append(i)
            if line.command == "label" {
                let label = line.data.split(separator: " ").first.map { $0.lowercased() } ?? ""
                if labels[label] == nil { labels[label] = i } else { duplicates.append((label, i)) }
            }
        }
        // Blank lines: the block of the next non-blank line's predecessor is not theirs;
        // a blank line ends where the next non-blank line starts.
        var nextNonBlank = lines.count
        for i in stride(from: lines.count - 1, through: 0, by: -1) {
            if lines[i].isBlank { blockEnd[i] = nextNonBlank } else { nextNonBlank = i }
        }
        self.blockEnd = blockEnd
        self.labels = labels
        self.duplicateLabels = duplicates
    }

    /// The location ChoiceScript names for line index `i` (`scene line N`): past the last
    /// line, one more than the number of lines, as the interpreter counts at the end.
    func location(_ i: Int) -> SourceLocation {
        if i < lines.count { return SourceLocation(file: path, line: i + 1, column: lines[i].column) }
        return SourceLocation(file: path, line: lines.count + 1, column: 1)
    }

    /// A finding of `rule` (an error or a warning, as the rule says) at line index `i`.
    func error(_ message: String, at i: Int, rule: Rule) -> Diagnostic {
        Diagnostic(rule, message, at: location(i))
    }

    func warning(_ message: String, at i: Int, rule: Rule) -> Diagnostic {
        Diagnostic(rule, message, at: location(i))
    }

    /// The first non-blank line at or after `i` (or `lines.count`).
    func nonBlank(from i: Int) -> Int {
        var j = i
        while j < lines.count, lines[j].isBlank || lines[j].command == "comment" { j += 1 }
        return j
    }
}
