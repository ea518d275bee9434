extension LintRule {
    /// This check as a registry value.
    public var rule: Rule { Rule(rawValue, severity, summary) }
}
