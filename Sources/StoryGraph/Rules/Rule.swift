/// A kind of finding: a stable id (what `--disable` takes and diagnostics print in
/// brackets), the one severity every finding of it has, and one line saying what it means.
/// Analysers and loaders declare their rules as values of this type and list them in a
/// `RuleRegistry`, so `storygraph help rules` shows every id the code can emit.
public struct Rule: Sendable, Hashable, Codable, Comparable, CustomStringConvertible {
    public let id: String
    public let severity: Severity
    /// One line for `storygraph help rules` and the README.
    package let meaning: String

    package init(_ id: String, _ severity: Severity, _ meaning: String) {
        self.id = id
        self.severity = severity
        self.meaning = meaning
    }

    public var description: String { id }

    public static func < (a: Rule, b: Rule) -> Bool { a.id < b.id }
}
