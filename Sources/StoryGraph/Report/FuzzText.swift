/// Small text helpers shared by the fuzz report and transcripts: deterministic, with no
/// locale.
enum FuzzText {
    /// One line, at most `limit` characters (0: no limit), "…" when shortened.
    static func shorten(_ text: String, _ limit: Int) -> String {
        let line = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard limit > 0, line.count > limit else { return line }
        return String(line.prefix(max(1, limit - 1))) + "…"
    }

    static func quoted(_ text: String) -> String { "'\(text)'" }

    static func at(_ location: SourceLocation?) -> String { location.map { " (\($0))" } ?? "" }
}

extension String {
    /// Padded to `width` terminal columns (`DisplayWidth`).
    func leftPadded(to width: Int) -> String { DisplayWidth.leftPadded(self, to: width) }

    /// Padded to `width` terminal columns (`DisplayWidth`).
    func rightPadded(to width: Int) -> String { DisplayWidth.rightPadded(self, to: width) }
}
