import StoryGraph
import Testing
import TestSupport

@testable import StoryFormats

/// SugarCube's storylet libraries (issue 26, item 3): TinyQBN's cards and MQBN's
/// `<<storylet>>`s are links from the passages that list them, guarded by their
/// requirements. The fixtures are ours; the counts were worked out by hand from their text.
@Suite struct TwineStoryletLibraryTests {
    static func load(_ name: String) throws -> (Story, StoryGraph) {
        let story = try StoryLoading.load(paths: [Repository.path("Tests/Fixtures/twine-flow/\(name)")]).story
        return (story, StoryGraph(story))
    }

    /// The road lists the cards TinyQBN draws (`<<cardrow `QBN.cards()` "linkbox">>`): a link
    /// to each, guarded by its `req-` tags, and a `card` (not `sticky-card`) only until it has
    /// been seen. The castle's `req-crown` never holds: the state search proves its ending
    /// closed; the witch opens after the forest.
    @Test func tinyQBNCards() throws {
        #expect(
            try TwineFlowTests.figures("storylets-tinyqbn.twee")
                == .init(
                    passages: 6, reachable: 6, endings: ["Witch", "Castle"], paths: 2, dynamicLeft: [],
                    flowFindings: []))
        let (story, graph) = try Self.load("storylets-tinyqbn.twee")
        let road = story.passages.first { $0.id == "Road" }!
        #expect(
            road.choices.map { "\($0.kind.rawValue) \($0.target) [\($0.condition?.description ?? "")]" } == [
                "choice Home []", "choice Market [$coins >= 2]",
                "choice Forest [not ($metWitch) and visited(\"Forest\") is 0]",
                "choice Witch [$metWitch and visited(\"Witch\") is 0]",
                "choice Castle [$crown and visited(\"Castle\") is 0]",
            ])
        let state = StateAnalysis(graph)
        #expect(state.isComplete)
        #expect(state.reachedEndings.map { graph.ids[$0.passage] } == ["Witch"])
        #expect(state.blockedEndings.map { graph.ids[$0.passage] } == ["Castle"])
    }

    /// The farm draws MQBN storylets (`MQBN.getStorylets(2)`) and links each
    /// (`<<storyletlink _event>>`), guarded by its `<<storylet>>` requirement; the gate links
    /// one by its title. Winter never comes: lambing's ending is proven closed.
    @Test func mqbnStorylets() throws {
        #expect(
            try TwineFlowTests.figures("storylets-mqbn.twee")
                == .init(
                    passages: 6, reachable: 6, endings: ["Lambing", "Fair"], paths: 3, dynamicLeft: [],
                    flowFindings: []))
        let (story, graph) = try Self.load("storylets-mqbn.twee")
        let farm = story.passages.first { $0.id == "Farm" }!
        #expect(
            farm.choices.map { "\($0.kind.rawValue) \($0.text) → \($0.target) [\($0.condition?.description ?? "")]" } == [
                "choice Wait for autumn → Autumn []",
                "choice Haymaking → Haymaking [$season is \"autumn\"]",
                "choice Lambing → Lambing [$season is \"winter\"]",
                "choice County fair → Fair []",
            ])
        let gate = story.passages.first { $0.id == "Gate" }!
        #expect(gate.choices.map { "\($0.kind.rawValue) \($0.text) → \($0.target)" } == ["choice Go to the fair → Fair"])
        let state = StateAnalysis(graph)
        #expect(state.isComplete)
        #expect(state.reachedEndings.map { graph.ids[$0.passage] } == ["Fair"])
        #expect(state.blockedEndings.map { graph.ids[$0.passage] } == ["Lambing"])
    }

    /// A requirement storygraph cannot read exactly stays an unknown test (the link may
    /// open); one on a temporary the story also sets (`_driving`) is read as unknown too.
    @Test func tinyQBNRequirements() {
        var libraries = TwineStorylets()
        libraries.temporaries = ["_driving"]
        #expect(libraries.requirementTest("driving").expression == nil)
        #expect(libraries.requirementTest("random-50").expression == nil)
        #expect(libraries.requirementTest("location-ne-home").expression == nil)
        #expect(libraries.requirementTest("gold-lt-10").description == "$gold < 10")
        #expect(libraries.requirementTest("not-rich").description == "not ($rich)")
    }
}
