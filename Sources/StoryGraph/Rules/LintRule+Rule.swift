extension LintRule {
    /// This check as a registry value.
    package var rule: Rule { Rule(rawValue, severity, summary) }
}
