import StoryFormats
import TestSupport
import Testing

@testable import StoryGraph

@Suite struct OddsTests {
    static func graph(_ json: String) throws -> StoryGraph {
        StoryGraph(try Load.text(json, path: "t.json").story)
    }

    static let destini = """
        {"start": "0", "passages": [
          {"id": "0", "choices": [{"text": "a", "to": "2"}, {"text": "b", "to": "1"}]},
          {"id": "1", "choices": [{"text": "a", "to": "2"}, {"text": "b", "to": "3"}]},
          {"id": "2", "choices": [{"text": "a", "to": "5"}, {"text": "b", "to": "4"}]},
          {"id": "3", "choices": [{"text": "The", "restart": true}, {"text": "End", "restart": true}]},
          {"id": "4", "choices": [{"text": "The", "restart": true}, {"text": "End", "restart": true}]},
          {"id": "5", "choices": [{"text": "The", "restart": true}, {"text": "End", "restart": true}]}
        ]}
        """

    @Test func destiniShapeHasExactOdds() throws {
        let odds = EndingOdds(try Self.graph(Self.destini))
        #expect(odds.endingProbability == [0, 0, 0, 0.25, 0.375, 0.375])
        #expect(odds.neverEnding == 0)
        #expect(odds.brokenLink == 0)
        // 1 choice at the start, then half the readers pass through 1: 0.5 + 0.5·... :
        // E = visits(0) + visits(1) + visits(2) = 1 + 0.5 + 0.75.
        #expect(odds.expectedChoices == 2.25)
    }

    /// The HTML report's "odds from here": the reader starts at another passage.
    @Test func oddsFromAPassageStartTheReaderThere() throws {
        let graph = try Self.graph(Self.destini)
        let fromOne = EndingOdds(graph, from: 1)
        #expect(fromOne.endingProbability == [0, 0, 0, 0.5, 0.25, 0.25])
        #expect(fromOne.expectedChoices == 1.5)
        #expect(EndingOdds(graph, from: 2).endingProbability == [0, 0, 0, 0, 0.5, 0.5])
        // From an ending, the reader is done.
        let fromEnding = EndingOdds(graph, from: 4)
        #expect(fromEnding.endingProbability == [0, 0, 0, 0, 1, 0])
        #expect(fromEnding.expectedChoices == 0)
    }

    @Test func neverEndingStoryTrapsAllMass() throws {
        let odds = EndingOdds(
            try Self.graph(
                """
                {"passages": [
                  {"id": "a", "choices": [{"text": "x", "to": "b"}, {"text": "y", "to": "c"}]},
                  {"id": "b", "choices": [{"text": "x", "to": "a"}]},
                  {"id": "c", "choices": [{"text": "x", "to": "a"}, {"text": "y", "to": "a"}]}
                ]}
                """))
        #expect(odds.neverEnding == 1)
        #expect(odds.expectedChoices == nil)
        #expect(odds.endingProbability.allSatisfy { $0 == 0 })
    }

    @Test func escapableLoopConvergesToExactOdds() throws {
        // a: stay (back to a via b) or leave to the end: P(end) = 1, visits(a) = 2.
        let odds = EndingOdds(
            try Self.graph(
                """
                {"passages": [
                  {"id": "a", "choices": [{"text": "loop", "to": "b"}, {"text": "leave", "to": "end"}]},
                  {"id": "b", "choices": [{"text": "back", "to": "a"}]},
                  {"id": "end", "ending": true}
                ]}
                """))
        #expect(abs(odds.endingProbability[2] - 1) < 1e-12)
        #expect(odds.converged)
        #expect(abs(odds.expectedChoices! - 3) < 1e-9) // visits a = 2, b = 1
    }

    @Test func brokenLinkMassIsCounted() throws {
        let odds = EndingOdds(
            try Self.graph(
                """
                {"passages": [
                  {"id": "a", "choices": [{"text": "ok", "to": "end"}, {"text": "oops", "to": "nowhere"}]},
                  {"id": "end", "ending": true}
                ]}
                """))
        #expect(odds.endingProbability[1] == 0.5)
        #expect(odds.brokenLink == 0.5)
    }

    @Test func chainOfHundredThousandPassagesNeedsNoRecursion() throws {
        var passages: [Passage] = []
        for i in 0..<100_000 {
            passages.append(Passage(id: "p\(i)", choices: i == 99_999 ? [] : [Choice(text: "on", target: "p\(i + 1)")]))
        }
        let graph = StoryGraph(Story(title: "chain", start: "p0", passages: passages, format: "test"))
        let components = StronglyConnectedComponents(graph)
        #expect(components.count == 100_000)
        #expect(!components.isCyclic.contains(true))
        let odds = EndingOdds(graph, components: components)
        #expect(odds.endingProbability[99_999] == 1)
        #expect(odds.expectedChoices == 99_999)
    }
}
