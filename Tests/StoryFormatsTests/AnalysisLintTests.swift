import StoryFormats
import TestSupport
import Testing

@testable import StoryGraph

/// The lint over stories read by the JSON loader: the loader's own findings (broken links,
/// duplicate ids) among the rules', each at its line of `t.json`.
@Suite struct AnalysisLintTests {
    static let neverEnding = """
        {"start": "a", "passages": [
          {"id": "a", "text": "t", "choices": [{"text": "x", "to": "b"}, {"text": "y", "to": "c"}]},
          {"id": "b", "text": "t", "choices": [{"text": "x", "to": "a"}]},
          {"id": "c", "text": "t", "choices": [{"text": "x", "to": "a"}, {"text": "y", "to": "b"}]}
        ]}
        """

    static func findings(_ json: String, disabled: Set<String> = []) throws -> [Diagnostic] {
        let result = try Load.text(json, path: "t.json")
        let graph = StoryGraph(result.story)
        return Lint(
            graph, loadDiagnostics: result.diagnostics, reachability: Reachability(graph),
            components: StronglyConnectedComponents(graph), disabled: disabled
        ).findings
    }

    @Test func neverEndingStoryHasNoEndingAndATrapNamingTheLoop() throws {
        let found = try Self.findings(Self.neverEnding)
        #expect(found.map(\.ruleID) == ["no-ending", "trap"])
        #expect(found.allSatisfy { $0.severity == .error })
        let trap = found[1]
        #expect(trap.message.contains("'a' → 'b' → 'a'"))
        #expect(trap.message.contains("traps 3 passages: 'a', 'b', 'c'"))
        #expect(trap.location?.line == 2)
        #expect(trap.notes.map(\.message) == ["'b' is on the loop"])
    }

    @Test func trappedPassagesLeadingIntoALoopBelongToItsFinding() throws {
        let found = try Self.findings(
            """
            {"start": "s", "passages": [
              {"id": "s", "text": "t", "choices": [{"text": "x", "to": "end"}, {"text": "y", "to": "hall"}]},
              {"id": "hall", "text": "t", "choices": [{"text": "x", "to": "l1"}]},
              {"id": "l1", "text": "t", "choices": [{"text": "x", "to": "l2"}]},
              {"id": "l2", "text": "t", "choices": [{"text": "x", "to": "l1"}, {"text": "y", "to": "l1"}]},
              {"id": "end", "text": "t", "ending": true}
            ]}
            """, disabled: ["false-choice"])
        #expect(found.map(\.ruleID) == ["trap"])
        #expect(
            found[0].message
                == "the loop 'l1' → 'l2' → 'l1' never reaches an ending; it traps 3 passages: 'hall', 'l1', 'l2'")
        #expect(found[0].location?.line == 4)
    }

    /// One small story per rule, with the rule ids it must raise and the line of the first.
    @Test(arguments: [
        (
            "broken-link",
            """
            {"passages": [
              {"id": "a", "text": "t", "choices": [{"text": "x", "to": "end"}, {"text": "y", "to": "nowhere"}]},
              {"id": "end", "text": "t", "ending": true}
            ]}
            """, ["broken-link"], 2
        ),
        (
            "duplicate-id",
            """
            {"passages": [
              {"id": "a", "text": "t", "choices": [{"text": "x", "to": "end"}]},
              {"id": "end", "text": "t", "ending": true},
              {"id": "end", "text": "t", "ending": true}
            ]}
            """, ["duplicate-id"], 4
        ),
        (
            "unreachable",
            """
            {"passages": [
              {"id": "a", "text": "t", "choices": [{"text": "x", "to": "end"}]},
              {"id": "lost", "text": "t", "choices": [{"text": "x", "to": "end"}]},
              {"id": "end", "text": "t", "ending": true}
            ]}
            """, ["unreachable"], 3
        ),
        (
            "unreachable-ending",
            """
            {"passages": [
              {"id": "a", "text": "t", "choices": [{"text": "x", "to": "end"}]},
              {"id": "end", "text": "t", "ending": true},
              {"id": "other", "text": "t", "ending": true}
            ]}
            """, ["unreachable-ending"], 4
        ),
        (
            "duplicate-choice-text",
            """
            {"passages": [
              {"id": "a", "text": "t", "choices": [{"text": "Go", "to": "end"}, {"text": "Go", "to": "b"}]},
              {"id": "b", "text": "t", "choices": [{"text": "x", "to": "end"}]},
              {"id": "end", "text": "t", "ending": true}
            ]}
            """, ["duplicate-choice-text"], 2
        ),
        (
            "self-loop",
            """
            {"passages": [
              {"id": "a", "text": "t", "choices": [{"text": "wait", "to": "a"}, {"text": "go", "to": "end"}]},
              {"id": "end", "text": "t", "ending": true}
            ]}
            """, ["self-loop"], 2
        ),
        (
            "false-choice",
            """
            {"passages": [
              {"id": "a", "text": "t", "choices": [{"text": "x", "to": "end"}, {"text": "y", "to": "end"}]},
              {"id": "end", "text": "t", "ending": true}
            ]}
            """, ["false-choice"], 2
        ),
        (
            "empty-passage",
            """
            {"passages": [
              {"id": "a", "text": "t", "choices": [{"text": "x", "to": "b"}]},
              {"id": "b", "text": "  ", "choices": [{"text": "x", "to": "end"}]},
              {"id": "end", "text": "t", "ending": true}
            ]}
            """, ["empty-passage"], 3
        ),
        (
            "clean",
            """
            {"passages": [
              {"id": "a", "text": "t", "choices": [{"text": "x", "to": "b"}, {"text": "y", "to": "end"}]},
              {"id": "b", "text": "t", "choices": [{"text": "x", "to": "end"}]},
              {"id": "end", "text": "t", "ending": true}
            ]}
            """, [], 0
        ),
    ])
    func eachRuleFiresOnItsStory(name: String, json: String, rules: [String], line: Int) throws {
        let found = try Self.findings(json)
        #expect(found.compactMap(\.ruleID) == rules, "\(name)")
        if let first = found.first {
            #expect(first.location?.line == line, "\(name)")
            #expect(first.location?.file == "t.json")
            #expect(first.severity == LintRule(rawValue: rules[0])!.severity)
        }
        #expect(try Self.findings(json, disabled: Set(rules)).isEmpty, "\(name) disabled")
    }

    @Test func brokenLinkIsRaisedToAnError() throws {
        let found = try Self.findings(
            """
            {"passages": [{"id": "a", "text": "t", "choices": [{"text": "y", "to": "nowhere"}]}]}
            """)
        // The only choice is broken: the passage is a dead end that traps the reader too.
        // Sorted by location: the passage (column 24) comes before its choice.
        #expect(found.map(\.ruleID) == ["no-ending", "trap", "broken-link"])
        #expect(found[2].severity == .error)
        #expect(found[1].message.contains("no way on but broken or dynamic links"))
    }

    @Test func choicesThatSetDifferentVariablesAreNoFalseChoice() {
        func choice(_ text: String, _ effects: [Effect]) -> Choice {
            var choice = Choice(text: text, target: "end")
            choice.effects = effects
            return choice
        }
        let brave = Effect(variable: "brave", value: .boolean(true), text: "brave = true")
        func lint(_ choices: [Choice]) -> [String] {
            let story = Story(
                title: "t", start: "a",
                passages: [
                    Passage(id: "a", text: "t", choices: choices), Passage(id: "end", text: "t"),
                ], format: "test")
            let graph = StoryGraph(story)
            return Lint(
                graph, loadDiagnostics: [], reachability: Reachability(graph),
                components: StronglyConnectedComponents(graph)
            )
            .findings.compactMap(\.ruleID)
        }
        #expect(lint([choice("x", [brave]), choice("y", [])]) == [])
        #expect(lint([choice("x", [brave]), choice("y", [brave])]) == ["false-choice"])
        #expect(lint([choice("x", []), choice("y", [])]) == ["false-choice"])
    }

    @Test func severitiesAreThoseOfTheIssue() {
        let errors = LintRule.allCases.filter { $0.severity == .error }.map(\.rawValue)
        #expect(errors == ["broken-link", "duplicate-id", "no-ending", "trap"])
        #expect(LintRule.falseChoice.severity == .info)
        #expect(LintRule.allCases.filter { $0.severity == .warning }.count == 12)
        #expect(
            LintRule.allCases.filter { $0.severity == .info }.map(\.rawValue) == [
                "false-choice", "condition-always-true", "variable-never-read", "state-search-incomplete",
            ])
    }
}
