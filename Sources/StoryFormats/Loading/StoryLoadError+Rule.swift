import StoryGraph

extension StoryLoadError {
    /// The error that refuses a file, as one finding of `rule`.
    public init(_ rule: Rule, _ message: String, at location: SourceLocation?) {
        self.init([Diagnostic(rule, message, at: location)])
    }
}
