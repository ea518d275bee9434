/// Story text made safe for a terminal: the one function every text printer (the text
/// report, `check`, `paths`, fuzz summaries and transcripts, diagnostics) runs story-provided
/// strings through, so a story cannot clear the screen, set the window title, or forge a
/// `file:line:col: error:` line with a newline in a passage id.
///
/// Control characters are written visibly, as a Swift string literal would show them:
/// `\e` for ESC, `\n`, `\r`, `\t`, `\u{7f}` for DEL, `\u{XX}` for the other C0 and C1
/// controls, and `\u{XXXX}` for the line and paragraph separators (U+2028, U+2029) and the
/// bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) that
/// reorder what a terminal shows. Everything else, backslashes included, is kept as is.
package enum TerminalText {
    /// `text` with every control character escaped visibly.
    /// - Complexity: O(n); a string with nothing to escape is returned as it is.
    package static func escaped(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }) else { return text }
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            guard needsEscape(scalar) else {
                out.append(scalar)
                continue
            }
            let escape: String =
                switch scalar {
                case "\u{1B}": "\\e"
                case "\n": "\\n"
                case "\r": "\\r"
                case "\t": "\\t"
                default:
                    scalar.value < 0x100
                        ? "\\u{" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16) + "}"
                        : "\\u{" + String(scalar.value, radix: 16) + "}"
                }
            out.append(contentsOf: escape.unicodeScalars)
        }
        return String(out)
    }

    /// Lines joined by newlines, each escaped first: for printers that build their output
    /// as an array of lines, where any control character inside a line came from the story.
    package static func joined(_ lines: [String]) -> String {
        lines.map(escaped).joined(separator: "\n")
    }

    /// Whether a scalar is shown escaped.
    package static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
