/// How serious a finding is.
public enum Severity: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    case info, warning, error

    private var rank: Int {
        switch self {
        case .info: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// A problem found in the input: collected and reported, never thrown unless nothing
/// can be read at all (see `StoryLoadError`).
public struct Diagnostic: Sendable, Hashable, Codable, CustomStringConvertible {
    /// A secondary place that explains the finding ("first defined here").
    public struct Note: Sendable, Hashable, Codable {
        public var location: SourceLocation?
        public var message: String

        public init(_ message: String, at location: SourceLocation? = nil) {
            self.message = message
            self.location = location
        }
    }

    public var severity: Severity
    public var location: SourceLocation?
    /// Stable rule id such as `broken-link`; `nil` for plain syntax errors.
    public var ruleID: String?
    public var message: String
    public var notes: [Note]
    /// An edit of the source that mends the finding, when one is certain (`Fix`).
    public var fix: Fix?

    public init(
        _ severity: Severity, _ message: String, at location: SourceLocation?,
        rule ruleID: String? = nil, notes: [Note] = []
    ) {
        self.severity = severity
        self.message = message
        self.location = location
        self.ruleID = ruleID
        self.notes = notes
    }

    /// `path:line:column: error: message [rule-id]`, followed by one line per note. The
    /// path and messages go through `TerminalText.escaped`: a story cannot add a line.
    public var description: String { description(severityLabel: { $0 }) }

    /// `description`, with the severity label (`error:`) of the first line as `style`
    /// makes it (a terminal colours it): the label is placed by position, so nothing in
    /// the message is ever taken for it.
    public func description(severityLabel style: (String) -> String) -> String {
        var text = Diagnostic.line(location, style(severity.rawValue + ":"), message)
        if let ruleID { text += " [\(TerminalText.escaped(ruleID))]" }
        for note in notes {
            text += "\n" + Diagnostic.line(note.location, "note:", note.message)
        }
        return text
    }

    private static func line(_ location: SourceLocation?, _ label: String, _ message: String) -> String {
        if let location {
            return "\(TerminalText.escaped(location.description)): \(label) \(TerminalText.escaped(message))"
        }
        return "\(label) \(TerminalText.escaped(message))"
    }
}
