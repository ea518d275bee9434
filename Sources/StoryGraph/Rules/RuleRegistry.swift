/// Every rule a program can emit, each id once. The analysers' rules are
/// `RuleRegistry.analysis`; a library that adds rules of its own (the loaders of
/// `StoryFormats`) makes the whole registry by joining its list to this one.
package struct RuleRegistry: Sendable {
    /// Sorted by id.
    package let rules: [Rule]
    private let byID: [String: Rule]

    /// Joins lists of rules; an id declared twice is a programming error.
    package init(_ lists: [Rule]...) {
        var byID: [String: Rule] = [:]
        for rule in lists.joined() {
            precondition(byID.updateValue(rule, forKey: rule.id) == nil, "rule '\(rule.id)' is declared twice")
        }
        self.byID = byID
        self.rules = byID.values.sorted()
    }

    package func rule(_ id: String) -> Rule? { byID[id] }

    package var ids: [String] { rules.map(\.id) }

    /// The rules of the analysers (`Lint`).
    package static let analysis = RuleRegistry(LintRule.allCases.map(\.rule))

    /// `findings` with each severity set to its rule's (a finding whose id is not
    /// registered keeps its own).
    package func normalized(_ findings: [Diagnostic]) -> [Diagnostic] {
        findings.map { finding in
            guard let id = finding.ruleID, let rule = byID[id], rule.severity != finding.severity else {
                return finding
            }
            var copy = finding
            copy.severity = rule.severity
            return copy
        }
    }
}
