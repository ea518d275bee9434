import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// How wide help text is, and help text wrapped to that width.
///
/// The width is `COLUMNS` when it is set to a whole number, else the terminal's own width
/// (`ioctl(TIOCGWINSZ)`) when standard output is a terminal, else 80. Lines are broken only
/// at spaces, never inside a word: a word longer than the width stands alone on its line.
enum HelpLayout {
    /// The width when nothing says otherwise (a pipe, a file, a test).
    static let defaultWidth = 80
    /// Narrower than this, help keeps this width (a hanging indent needs room).
    static let minimumWidth = 20

    /// The width help is wrapped to, from `COLUMNS`, the terminal, or the default.
    /// - Parameter stdoutIsTerminal: whether to ask standard output's terminal for its width.
    static func width(environment: [String: String], stdoutIsTerminal: Bool) -> Int {
        if let columns = environment["COLUMNS"].flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }), columns > 0 {
            return max(minimumWidth, columns)
        }
        if stdoutIsTerminal {
            var size = winsize()
            if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
                return max(minimumWidth, Int(size.ws_col))
            }
        }
        return defaultWidth
    }

    /// The width for this process: its environment, and whether its stdout is a terminal.
    static func processWidth() -> Int {
        width(environment: ProcessInfo.processInfo.environment, stdoutIsTerminal: isatty(STDOUT_FILENO) == 1)
    }

    /// `text` with every line longer than `width` broken at spaces.
    ///
    /// A line that starts with spaces is a row of a table (`  --name <V>  What it does.`):
    /// its continuation lines are indented to the column where its last cell begins (the
    /// text after the last run of two or more spaces in the row's first 60%), so the help
    /// column stays a column. Any other line continues at its own indentation.
    /// - Complexity: O(n) in the length of `text`.
    static func wrapped(_ text: String, width: Int) -> String {
        text.components(separatedBy: "\n").flatMap { wrap(line: $0, width: max(minimumWidth, width)) }
            .joined(separator: "\n")
    }

    static func wrap(line: String, width: Int) -> [String] {
        let characters = Array(line)
        guard characters.count > width else { return [line] }
        let leading = characters.prefix { $0 == " " }.count
        // Where the words to fill begin: the row's last cell, or the line's own indent.
        var start = leading
        if leading > 0 {
            var i = leading
            while i < characters.count {
                guard characters[i] == " " else {
                    i += 1
                    continue
                }
                var j = i
                while j < characters.count, characters[j] == " " { j += 1 }
                if j - i >= 2, j < characters.count, j <= width * 6 / 10 { start = j }
                i = j
            }
        }
        // Too little room past the cell: continue a little in from the row's own indent.
        var hang = start
        if width - hang < minimumWidth {
            hang = min(leading + 4, width / 4)
            start = leading
        }
        let indent = String(repeating: " ", count: hang)
        var lines: [String] = []
        var current = String(characters[0..<start])
        var hasWord = false
        var i = start
        while i < characters.count {
            var j = i
            while j < characters.count, characters[j] == " " { j += 1 }
            var k = j
            while k < characters.count, characters[k] != " " { k += 1 }
            guard k > j else { break } // spaces at the end of the line
            let word = String(characters[j..<k])
            let gap = hasWord ? String(repeating: " ", count: j - i) : ""
            if !hasWord || current.count + gap.count + word.count <= width {
                current += gap + word
            } else {
                lines.append(current)
                // A word too long for the hanging indent starts further left, as far as it must.
                current =
                    indent.count + word.count <= width
                    ? indent + word
                    : String(repeating: " ", count: max(0, width - word.count)) + word
            }
            hasWord = true
            i = k
        }
        lines.append(current)
        return lines
    }
}
