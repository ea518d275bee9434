import Foundation
import StoryGraph
import Testing

@testable import StoryFormats

/// One registry for every rule (issue 10): the list comes from the registry, and the
/// sources are searched for rule ids that bypass it.
@Suite struct RuleRegistryTests {
    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    /// Every Swift file under `Sources/`, with its text.
    static func swiftFiles() throws -> [(path: String, text: String)] {
        let manager = FileManager.default
        let names = (manager.enumerator(atPath: sources.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".swift") }.sorted()
        return try names.map { ($0, try String(contentsOf: sources.appendingPathComponent($0), encoding: .utf8)) }
    }

    /// The string literals of `text` that follow `prefix`, such as the ids in `Rule("…"`.
    static func literals(after prefix: String, in text: String) -> [String] {
        var found: [String] = []
        var rest = text[...]
        while let hit = rest.range(of: prefix) {
            rest = rest[hit.upperBound...]
            guard let close = rest.firstIndex(of: "\"") else { break }
            found.append(String(rest[..<close]))
        }
        return found
    }

    @Test func theRegistryHoldsTheAnalysersAndTheLoadersRulesOnceEach() {
        let ids = StoryLoading.rules.ids
        #expect(ids == ids.sorted())
        #expect(Set(ids).count == ids.count)
        #expect(Set(LintRule.allCases.map(\.rawValue)).isSubset(of: Set(ids)))
        #expect(Set(FormatRules.all.map(\.id)).isSubset(of: Set(ids)))
        #expect(
            ids.count == LintRule.allCases.count + MapRules.all.count + FormatRules.all.count + InkRules.all.count
                + ChoiceScriptRules.all.count + YarnRules.all.count
                + GamebookRules.all.count + RenPyRules.all.count)
        #expect(StoryLoading.rules.rule("broken-link")?.severity == .error)
        #expect(StoryLoading.rules.rule("start-fallback")?.severity == .warning)
        #expect(StoryLoading.rules.rule("dynamic-link")?.severity == .info)
    }

    /// No diagnostic names its rule with a string literal (`rule: "…"`); every `Rule("…"`
    /// declared and every `LintRule` case is in the registry, so `help rules` and
    /// `--disable` know every id the code can emit.
    @Test func noRuleIDInTheSourcesBypassesTheRegistry() throws {
        let files = try Self.swiftFiles()
        #expect(files.count > 60)
        var bypassing: [String] = []
        var declared: [String] = []
        for (path, text) in files {
            bypassing += Self.literals(after: "rule: \"", in: text).map { "\(path): rule: \"\($0)\"" }
            bypassing += Self.literals(after: "ruleID == \"", in: text).map { "\(path): ruleID == \"\($0)\"" }
            // `Rule("id", …)`, the id on the same line or the next (as the formatter wraps it).
            declared += text.matches(of: /Rule\(\s*"([a-z0-9-]+)"/).map { String($0.output.1) }
        }
        #expect(bypassing == [])
        let lint = try #require(files.first { $0.path.hasSuffix("Analysis/Lint.swift") })
        let lintCases = Self.literals(after: " = \"", in: String(lint.text.prefix(while: { $0 != "}" })))
        #expect(lintCases.sorted() == LintRule.allCases.map(\.rawValue).sorted())
        let loaderRules =
            FormatRules.all + MapRules.all + InkRules.all + ChoiceScriptRules.all + YarnRules.all + GamebookRules.all
            + RenPyRules.all
        #expect(Set(declared) == Set(loaderRules.map(\.id)))
        #expect(declared.count == loaderRules.count)
    }

    @Test func loadingGivesEachFindingItsRulesSeverity() throws {
        let result = try StoryLoading.load(sources: [
            SourceText(
                path: "s.json",
                text: #"{"passages": [{"id": "a", "choices": [{"text": "x", "to": "ghost"}], "colour": 1}]}"#)
        ])
        #expect(result.diagnostics.map(\.ruleID) == ["broken-link", "unknown-key"])
        for finding in result.diagnostics {
            #expect(finding.severity == StoryLoading.rules.rule(finding.ruleID ?? "")?.severity)
        }
    }
}
