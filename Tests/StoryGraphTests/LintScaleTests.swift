import Foundation
import TestSupport
import Testing

@testable import StoryGraph

/// Lint rules stay linear on hostile sizes (a generous bound for a debug build).
@Suite struct LintScaleTests {
    @Test func duplicateChoiceTextsAmongAHundredThousandChoicesAreFoundByHashing() {
        let count = 100_000
        let choices = (0..<count).map {
            Choice(text: "go \($0 % 50_000)", target: "end", location: .init(file: "t.json", line: $0 + 2, column: 1))
        }
        let story = Story(
            title: "", start: "a",
            passages: [
                Passage(id: "a", text: "x", choices: choices, location: .init(file: "t.json", line: 1, column: 1)),
                Passage(id: "end", text: "y", ending: .init()),
            ], format: "story-json")
        let graph = StoryGraph(story)
        let (lint, seconds) = threadCPUTime {
            Lint(graph, reachability: Reachability(graph), components: StronglyConnectedComponents(graph))
        }
        #expect(seconds < 5, "took \(seconds) s of CPU")
        let duplicates = lint.findings.filter { $0.ruleID == "duplicate-choice-text" }
        #expect(duplicates.count == 50_000)
        #expect(duplicates.first?.location?.line == 50_002)
        #expect(duplicates.first?.notes.first?.location?.line == 2)
        #expect(
            duplicates.last?.message
                == "passage 'a' has two choices reading 'go 49999'; a reader cannot tell them apart")
    }
}
