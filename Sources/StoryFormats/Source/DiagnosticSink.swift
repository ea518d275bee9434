import StoryGraph

/// Where a loader puts what it notices: each finding is made from a `Rule`, so it carries
/// the rule's id and severity. Replaces the private `error(_:at:)` helper every loader
/// used to write for itself.
package struct DiagnosticSink: Sendable {
    package private(set) var diagnostics: [Diagnostic] = []

    package init(_ diagnostics: [Diagnostic] = []) { self.diagnostics = diagnostics }

    /// Records a finding of `rule`.
    package mutating func report(
        _ rule: Rule, _ message: String, at location: SourceLocation?, notes: [Diagnostic.Note] = []
    ) {
        diagnostics.append(Diagnostic(rule, message, at: location, notes: notes))
    }

    /// Records findings made elsewhere (a scanner's, a parser's).
    package mutating func append(contentsOf findings: [Diagnostic]) { diagnostics += findings }

    package var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// The error that refuses the file: `rule`'s finding after everything noticed so far.
    package func refusal(_ rule: Rule, _ message: String, at location: SourceLocation?) -> StoryLoadError {
        StoryLoadError(diagnostics + [Diagnostic(rule, message, at: location)])
    }
}
