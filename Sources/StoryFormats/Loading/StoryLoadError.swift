import StoryGraph

/// Thrown when a story cannot be read at all (exit code 65). Carries the diagnostics
/// that explain why, each with its location.
public struct StoryLoadError: Error, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]

    public init(_ diagnostics: [Diagnostic]) { self.diagnostics = diagnostics }

    public init(_ message: String, at location: SourceLocation?, rule: String? = nil) {
        self.diagnostics = [Diagnostic(.error, message, at: location, rule: rule)]
    }

    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
