extension Diagnostic {
    /// A finding of `rule`, with the rule's severity and id.
    public init(_ rule: Rule, _ message: String, at location: SourceLocation?, notes: [Note] = []) {
        self.init(rule.severity, message, at: location, rule: rule.id, notes: notes)
    }
}
