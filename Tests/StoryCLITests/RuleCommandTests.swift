import Foundation
import StoryFormats
import StoryGraph
import TestSupport
import Testing

/// `help rules` and `--disable` over the one rule registry (issue 10).
@Suite struct RuleCommandTests {
    @Test func helpRulesListsEveryRegisteredRuleWithItsSeverity() {
        // One row a rule (help at a width no summary wraps at; HelpWidthTests wrap it).
        let run = runCLI(["help", "rules"], helpWidth: 100_000)
        #expect(run.exitCode == 0)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "RULES (--disable RULE):")
        let listed = lines.dropFirst().compactMap { line -> (String, String)? in
            let words = line.split(separator: " ", omittingEmptySubsequences: true)
            guard words.count >= 2 else { return nil }
            return (String(words[0]), String(words[1]))
        }
        #expect(listed.map(\.0) == StoryLoading.rules.ids)
        #expect(listed.map(\.1) == StoryLoading.rules.rules.map(\.severity.rawValue))
        #expect(listed.count == 102) // twine-preempted-link (issue 26), ink-computed-divert, yarn-trailing-text, choicescript-invalid-utf8 and twine-special-name (issue 26), file-refused, file-skipped, expression-depth and state-search-incomplete (issue 24), choicescript-unknown-command and sugarcube-unclosed-macro (issue 27), renpy-syntax, renpy-missing-label and renpy-screen (issue 30) among them
        #expect(
            lines.contains {
                $0.hasPrefix("  broken-link")
                    && $0.contains("error    A choice leads to a passage that does not exist.")
            })
    }

    /// Every command that reports findings takes `--disable`, for analysers' and loaders'
    /// rules alike, and leaves that rule's findings out of what it prints.
    @Test(arguments: ["report", "check", "map", "dot", "paths", "fuzz"])
    func everyCommandThatReportsFindingsTakesDisable(_ command: String) {
        let harbour = Repository.path("Examples/harbour.json")
        var arguments = [command, harbour, "--disable", "broken-link", "--disable", "unknown-key"]
        if command == "map" { arguments += ["-o", Repository.temporaryFolder().appendingPathComponent("h.svg").path] }
        if command == "fuzz" { arguments += ["--runs", "20"] }
        let run = runCLI(arguments)
        #expect(run.exitCode != 64)
        #expect(!run.stderr.contains("[broken-link]"))
        #expect(!run.stdout.contains("[broken-link]"))
        let unknown = runCLI([command, harbour, "--disable", "no-such-rule"])
        #expect(unknown.exitCode == 64)
        #expect(unknown.stderr.contains("invalid value 'no-such-rule' for '--disable'"))
    }

    @Test func checkWithTheBrokenLinkDisabledPassesHarbour() {
        let harbour = Repository.path("Examples/harbour.json")
        #expect(runCLI(["check", harbour]).exitCode == 1)
        #expect(runCLI(["check", harbour, "--disable", "broken-link"]).exitCode == 0)
    }
}
