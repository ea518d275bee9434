import Testing

@testable import StoryGraph

@Suite struct StoryGraphTests {
    @Test func compilesForwardAndReverseAdjacency() {
        let story = Story(
            title: "t", start: "a",
            passages: [
                Passage(
                    id: "a",
                    choices: [
                        Choice(text: "1", target: "b"), Choice(text: "2", target: "c"), Choice(text: "3", target: "b"),
                    ]),
                Passage(id: "b", choices: [Choice(text: "on", target: "c"), Choice(text: "lost", target: "zz")]),
                Passage(id: "c", choices: [Choice(text: "again", target: "a", isRestart: true)]),
                Passage(
                    id: "d",
                    choices: [
                        Choice(text: "see", target: "c", kind: .include),
                        Choice(text: "calc", target: "$x", kind: .dynamic),
                    ]),
            ], format: "test")
        let graph = StoryGraph(story)
        #expect(graph.start == 0)
        #expect(graph.isEnding == [false, false, true, false])
        #expect(graph.edgeOffsets == [0, 3, 4, 4, 4])
        #expect(graph.edgeTargets == [1, 2, 1, 2])
        #expect(
            graph.edgeRefs == [
                .init(passage: 0, choice: 0), .init(passage: 0, choice: 1), .init(passage: 0, choice: 2),
                .init(passage: 1, choice: 0),
            ])
        #expect(Array(graph.predecessors(of: 1)) == [0, 0])
        #expect(Array(graph.predecessors(of: 2)) == [0, 1])
        #expect(graph.restarts == [ChoiceRef(passage: 2, choice: 0)])
        #expect(graph.brokenLinks == [ChoiceRef(passage: 1, choice: 1)])
        #expect(graph.includes.map(\.target) == [2])
        #expect(graph.dynamicLinks == [ChoiceRef(passage: 3, choice: 1)])
        #expect(graph.reachableFromStart() == [true, true, true, false])
    }

    @Test func anEndingsOwnChoicesAreNotPathSteps() {
        let story = Story(
            title: "t", start: "a",
            passages: [
                Passage(id: "a", choices: [Choice(text: "go", target: "b")]),
                Passage(id: "b", ending: .init(kind: "good"), choices: [Choice(text: "epilogue", target: "a")]),
            ], format: "test")
        let graph = StoryGraph(story)
        #expect(graph.edgeTargets == [1])
        #expect(graph.endingExits.map(\.target) == [0])
    }

    @Test func componentsOfACycleAndATail() {
        let story = Story(
            title: "t", start: "a",
            passages: [
                Passage(id: "a", choices: [Choice(text: "", target: "b")]),
                Passage(id: "b", choices: [Choice(text: "", target: "c"), Choice(text: "", target: "d")]),
                Passage(id: "c", choices: [Choice(text: "", target: "a")]),
                Passage(id: "d", choices: [Choice(text: "", target: "d"), Choice(text: "", target: "e")]),
                Passage(id: "e"),
            ], format: "test")
        let components = StronglyConnectedComponents(StoryGraph(story))
        #expect(components.count == 3)
        #expect(components.componentOf[0] == components.componentOf[2])
        #expect(components.isCyclic[components.componentOf[0]])
        #expect(components.isCyclic[components.componentOf[3]]) // self-loop
        #expect(!components.isCyclic[components.componentOf[4]])
        // Reverse topological numbering: an edge never goes to a higher number.
        #expect(components.componentOf[4] < components.componentOf[3])
        #expect(components.componentOf[3] < components.componentOf[0])
    }
}

@Suite struct PassageIDTableTests {
    @Test func theFirstIndexWinsAndAbsentIdsAreNil() {
        let table = PassageIDTable(capacity: 2)
        var repeats: [Int?] = []
        // More ids than the capacity asked for: the table grows.
        for i in 0..<1_000 { repeats.append(table.insert("p\(i % 700)", i)) }
        #expect(repeats.prefix(700).allSatisfy { $0 == nil })
        #expect(Array(repeats.suffix(300)) == (0..<300).map { Optional($0) })
        #expect(table.index(of: "p0") == 0)
        #expect(table.index(of: "p699") == 699)
        #expect(table.index(of: "p700") == nil)
        #expect(table.index(of: "") == nil)
        #expect(table.index(of: "p\u{301}0") == nil)
    }

    /// Lookups answer as `Dictionary` does: by canonical equivalence, as `String` compares.
    @Test func nonASCIIIdsAnswerAsADictionary() {
        let table = PassageIDTable(capacity: 4)
        #expect(table.insert("K", 0) == nil)
        #expect(table.insert("hall", 1) == nil)
        #expect(table.index(of: "\u{212A}") == 0) // the Kelvin sign is the letter K
        #expect(table.insert("é", 2) == nil)
        #expect(table.index(of: "e\u{301}") == 2)
        #expect(table.insert("e\u{301}", 3) == 2)
        #expect(table.index(of: "hall") == 1)
        #expect(table.index(of: "hal") == nil)
    }
}
