import Testing

@testable import StoryGraph

/// Paths and odds under state on small stories built here.
@Suite struct StateOutcomesTests {
    private static func when(_ e: Expression) -> Condition { .test("t", e) }

    @Test func aReaderWithNoChoiceShownIsStuck() {
        // The door opens for the key no one gives: left is stuck, right ends.
        let story = Story(
            title: "Stuck", start: "Start",
            passages: [
                Passage(
                    id: "Start",
                    choices: [Choice(text: "Left", target: "Door"), Choice(text: "Right", target: "Field")]),
                Passage(
                    id: "Door", choices: [Choice(text: "Open", target: "Room", condition: Self.when(.variable("key")))]),
                Passage(id: "Room", ending: .init()),
                Passage(id: "Field", ending: .init()),
            ], format: "test", variables: [Variable(name: "key", initial: .boolean(false))])
        let graph = StoryGraph(story)
        let o = StateOutcomes(StateAnalysis(graph), graph: graph, budget: .unlimited)
        #expect(o.perEnding == [0, 0, 0, 1])
        #expect(o.total == 1)
        #expect(o.isExact)
        #expect(!o.unboundedWalks)
        #expect(o.cycle.isEmpty)
        #expect(o.endingProbability == [0, 0, 0, 0.5])
        #expect(o.stuck == 0.5)
        #expect(o.neverEnding == 0)
    }

    @Test func aPassageTwiceWithOtherVariablesMakesTwoPaths() {
        // The hub is seen first without the lamp, then with it: three paths under state,
        // where the links alone give two (the hub twice is not a path by the links).
        let story = Story(
            title: "Hub", start: "Hub",
            passages: [
                Passage(
                    id: "Hub",
                    choices: [
                        Choice(text: "Shed", target: "Shed", condition: Self.when(.unary(.not, .variable("lamp")))),
                        Choice(text: "Cave", target: "Cave", condition: Self.when(.variable("lamp"))),
                        Choice(text: "Home", target: "Home"),
                    ]),
                Passage(
                    id: "Shed",
                    choices: [
                        Choice(
                            text: "Take the lamp", target: "Hub",
                            effects: [
                                Effect(variable: "lamp", operation: .set, value: .boolean(true), text: "lamp = true")
                            ])
                    ]),
                Passage(id: "Cave", ending: .init()),
                Passage(id: "Home", ending: .init()),
            ], format: "test", variables: [Variable(name: "lamp", initial: .boolean(false))])
        let graph = StoryGraph(story)
        let s = StateAnalysis(graph)
        let o = StateOutcomes(s, graph: graph, budget: .unlimited)
        #expect(s.states == 5)
        #expect(o.perEnding == [0, 0, 1, 2])
        #expect(o.total == 3)
        #expect(o.isExact)
        #expect(!o.unboundedWalks)
        // Hub (no lamp): shed or home, half each; hub (lamp): cave or home.
        #expect(o.endingProbability == [0, 0, 0.25, 0.75])
        #expect(o.stuck == 0)
    }

    @Test func aSearchCutByItsBudgetGivesLowerBoundsAndNoOdds() {
        // A counter that falls without bound, with a way out at every value: one more
        // state and one more ending state per step down.
        let story = Story(
            title: "Count", start: "A",
            passages: [
                Passage(
                    id: "A",
                    choices: [
                        Choice(text: "More", target: "A"),
                        Choice(text: "Stop", target: "End"),
                    ], effects: [Effect(variable: "n", operation: .subtract, value: .integer(1), text: "n -= 1")]),
                Passage(id: "End", ending: .init()),
            ], format: "test", variables: [Variable(name: "n", initial: .integer(0))])
        // The counter is read, so it is tracked.
        var read = story
        read.passages[0].choices[1].condition = Self.when(.binary(.lessOrEqual, .variable("n"), .integer(0)))
        let graph = StoryGraph(read)
        let s = StateAnalysis(graph, budget: .init(maxStates: 500, maxSteps: 1_000_000))
        #expect(!s.isComplete)
        #expect(s.states == 500)
        // End once (an ending reads nothing, so its states are one), A at every other
        // state: the search stops while expanding state 499, with 498 paths to End among
        // the states it explored (a lower bound).
        #expect(s.expandedStates == 499)
        let o = StateOutcomes(s, graph: graph, budget: .unlimited)
        #expect(o.total == 498)
        #expect(o.perEnding == [0, 498])
        #expect(!o.isExact)
        #expect(!o.unboundedWalks)
        #expect(o.endingProbability == nil)
        #expect(o.stuck == nil)
        #expect(o.neverEnding == nil)
    }
}
