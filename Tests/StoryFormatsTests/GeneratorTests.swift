import StoryFormats
import TestSupport
import Testing

@testable import StoryGraph

@Suite struct GeneratorTests: LoadsStoryText {
    static let fileName = "generated.json"

    struct Counts: Sendable, CustomTestStringConvertible {
        var shape: StoryGenerator.Shape
        var passages: Int
        var choices: Int
        var endings: Int
        var testDescription: String { "\(shape.title)" }
    }

    static func counts(_ story: Story) -> (passages: Int, choices: Int, endings: Int) {
        (
            story.passages.count, story.passages.reduce(0) { $0 + $1.choices.count },
            story.passages.filter(\.isEnding).count
        )
    }

    @Test(arguments: [
        Counts(shape: .lattice(width: 3, layers: 4), passages: 13, choices: 3 + 2 * 3 * 3, endings: 3),
        Counts(shape: .lattice(width: 100, layers: 200), passages: 20_001, choices: 100 + 2 * 100 * 199, endings: 100),
        Counts(shape: .tree(depth: 0), passages: 1, choices: 0, endings: 1),
        Counts(shape: .tree(depth: 3), passages: 15, choices: 14, endings: 8),
        Counts(shape: .tree(depth: 16), passages: 131_071, choices: 131_070, endings: 65_536),
        Counts(shape: .chain(1), passages: 1, choices: 0, endings: 1),
        Counts(shape: .chain(5), passages: 5, choices: 4, endings: 1),
        Counts(shape: .diamonds(0), passages: 1, choices: 0, endings: 1),
        Counts(shape: .diamonds(3), passages: 10, choices: 12, endings: 1),
    ])
    func exactCountsPerShape(_ expected: Counts) {
        let story = StoryGenerator.story(expected.shape, seed: 7)
        let counts = Self.counts(story)
        #expect(counts.passages == expected.passages)
        #expect(counts.choices == expected.choices)
        #expect(counts.endings == expected.endings)
        #expect(story.start == story.passages[0].id)
        #expect(Set(story.passages.map(\.id)).count == story.passages.count)
    }

    @Test func gamebookHasItsProportions() {
        let story = StoryGenerator.story(.gamebook(2000), seed: 1)
        #expect(story.passages.count == 2000)
        #expect(story.passages.map(\.id) == (0..<2000).map { "p\($0)" })
        #expect(!story.passages[0].isEnding)
        #expect(story.passages.suffix(3).allSatisfy { $0.isEnding && $0.choices.isEmpty })
        var laterChoices = 0
        var backLinks = 0
        for (i, passage) in story.passages.enumerated() where !passage.isEnding {
            // 1–3 choices, plus at most one that links a section left unlinked.
            #expect((1...4).contains(passage.choices.count))
            // The first choice always leads forward.
            #expect(Int(passage.choices[0].target.dropFirst())! > i)
            for choice in passage.choices.dropFirst() {
                let target = Int(choice.target.dropFirst())!
                #expect(target < 2000)
                if target <= i {
                    backLinks += 1
                    #expect(i - target <= 50)
                }
                laterChoices += 1
            }
        }
        // ~8% of the later choices link back: fixed by the seed.
        #expect((0.06...0.10).contains(Double(backLinks) / Double(laterChoices)))
    }

    /// What `generate gamebook` promises holds for every seed, measured on the story.
    @Test(arguments: [1, 2, 5, 20, 100, 2_000, 10_000])
    func gamebookKeepsItsPromiseForEverySeed(_ size: Int) {
        let promise = StoryGenerator.Shape.gamebook(size).promise
        for seed in UInt64(1)...50 {
            let figures = StoryFigures(StoryGraph(StoryGenerator.story(.gamebook(size), seed: seed)))
            #expect(promise.broken(by: figures) == [], "seed \(seed): \(figures)")
            #expect(figures.reachable == size, "seed \(seed): start reaches \(figures.reachable) of \(size)")
            if size >= 2_000 {
                // ~8% of sections are endings, and a loop every 400 sections at least.
                #expect(
                    (0.06...0.11).contains(Double(figures.endings) / Double(size)),
                    "seed \(seed): \(figures.endings) endings")
                #expect(figures.loops >= size / 400, "seed \(seed): \(figures.loops) loops")
            }
        }
    }

    @Test func gamebookPromisesTheStatedRanges() {
        let promise = StoryGenerator.Shape.gamebook(2_000).promise
        #expect(promise.endings == 99...224)
        #expect(promise.loops == 5...2_000)
        #expect(promise.reachable == 2_000...2_000)
        #expect(StoryGenerator.Shape.gamebook(100).promise.endings == 1...25)
        #expect(StoryGenerator.Shape.gamebook(1).promise.endings == 1...1)
        // A promise that is broken says how.
        let degenerate = StoryFigures(StoryGraph(StoryGenerator.story(.chain(2_000))))
        #expect(
            promise.broken(by: degenerate) == [
                "endings 1, promised 99...224", "loops 0, promised 5...2000", "branching 1.0, promised 1.9...2.3",
            ])
    }

    /// Every other shape keeps its promise too, for every seed (the lattice is the only one
    /// that draws numbers).
    @Test(arguments: [
        StoryGenerator.Shape.lattice(width: 2, layers: 1), .lattice(width: 2, layers: 30),
        .lattice(width: 10, layers: 20),
        .lattice(width: 100, layers: 50), .tree(depth: 0), .tree(depth: 6), .chain(1), .chain(300), .diamonds(0),
        .diamonds(40),
    ])
    func everyShapeKeepsItsPromiseForEverySeed(_ shape: StoryGenerator.Shape) {
        for seed in UInt64(1)...50 {
            let figures = StoryFigures(StoryGraph(StoryGenerator.story(shape, seed: seed)))
            #expect(shape.promise.broken(by: figures) == [], "\(shape.title) seed \(seed): \(figures)")
            if case .lattice(100, _) = shape {
                // A wide lattice: about 80% of the rooms (the fixed point of s = 1 − e^(−2s) is 79.7%).
                #expect((0.77...0.84).contains(figures.reachableShare), "seed \(seed): \(figures)")
            }
        }
    }

    @Test func figuresSayWhatTheStoryIs() {
        let chain = StoryFigures(StoryGraph(StoryGenerator.story(.chain(5))))
        #expect(
            chain.description
                == "5 passages, 4 choices (1.00 a section), 1 endings, start reaches 100.0%, 0 trapped, 0 loops (0 passages)"
        )
        let figures = StoryFigures(StoryGraph(StoryGenerator.story(.gamebook(2_000), seed: 1)))
        #expect(
            figures.description
                == "2,000 passages, 3,636 choices (1.99 a section), 176 endings, start reaches 100.0%, 0 trapped, 17 loops (84 passages)"
        )
    }

    @Test func gamebookIsCyclicAndTheOtherShapesAreNot() {
        let gamebook = StoryGraph(StoryGenerator.story(.gamebook(500), seed: 2))
        #expect(StronglyConnectedComponents(gamebook).isCyclic.contains(true))
        for shape: StoryGenerator.Shape in [.lattice(width: 5, layers: 6), .tree(depth: 5), .chain(40), .diamonds(6)] {
            let graph = StoryGraph(StoryGenerator.story(shape, seed: 2))
            let components = StronglyConnectedComponents(graph)
            #expect(components.count == graph.count, "\(shape.title) should be acyclic")
            #expect(!components.isCyclic.contains(true))
        }
    }

    @Test func diamondsAreWiredForkToSidesToNextFork() {
        let graph = StoryGraph(StoryGenerator.story(.diamonds(2)))
        func targets(_ id: String) -> [String] {
            graph.successors(of: graph.indexByID[id]!).map { graph.ids[$0] }
        }
        #expect(graph.ids == ["p0", "a0", "b0", "p1", "a1", "b1", "p2"])
        #expect(targets("p0") == ["a0", "b0"])
        #expect(targets("a0") == ["p1"])
        #expect(targets("b1") == ["p2"])
        #expect(graph.isEnding == [false, false, false, false, false, false, true])
    }

    @Test func latticeRoomsLeadToTwoDifferentRoomsOfTheNextLayer() {
        let story = StoryGenerator.story(.lattice(width: 2, layers: 50), seed: 9)
        for passage in story.passages.dropFirst() where !passage.isEnding {
            let layer = Int(passage.id.dropFirst().split(separator: "_")[0])!
            #expect(passage.choices.count == 2)
            #expect(passage.choices[0].target != passage.choices[1].target)
            #expect(passage.choices.allSatisfy { $0.target.hasPrefix("l\(layer + 1)_") })
        }
    }

    @Test(arguments: [StoryGenerator.Shape.gamebook(300), .lattice(width: 7, layers: 9)])
    func sameSeedSameBytesOtherSeedOtherStory(_ shape: StoryGenerator.Shape) {
        let first = StoryJSONWriter.json(StoryGenerator.story(shape, seed: 42))
        let again = StoryJSONWriter.json(StoryGenerator.story(shape, seed: 42))
        let other = StoryJSONWriter.json(StoryGenerator.story(shape, seed: 43))
        #expect(first == again)
        #expect(first != other)
    }

    @Test func gamebookOfSeedThreeStartsAsRecorded() {
        // Pins the random stream: a change to SplitMix64 or to the order of draws shows here.
        let story = StoryGenerator.story(.gamebook(20), seed: 3)
        #expect(story.passages[0].choices.map(\.target) == ["p1", "p16"])
        #expect(story.passages[1].choices.map(\.target) == ["p2", "p19", "p8"])
    }

    @Test(arguments: [
        StoryGenerator.Shape.gamebook(400), .lattice(width: 4, layers: 5), .tree(depth: 4), .chain(30), .diamonds(5),
        .keys(400),
    ])
    func roundTripsThroughTheLoader(_ shape: StoryGenerator.Shape) throws {
        let story = StoryGenerator.story(shape, seed: 5)
        let result = try Self.load(StoryJSONWriter.json(story))
        #expect(result.diagnostics.isEmpty)
        let loaded = result.story
        #expect(loaded.title == story.title)
        #expect(loaded.start == story.start)
        #expect(loaded.passages.count == story.passages.count)
        for (a, b) in zip(loaded.passages, story.passages) {
            #expect(a.id == b.id && a.text == b.text && a.ending == b.ending)
            #expect(a.choices.map(\.text) == b.choices.map(\.text))
            #expect(a.choices.map(\.target) == b.choices.map(\.target))
            #expect(a.choices.map(\.condition) == b.choices.map(\.condition))
            #expect(a.effects.map(\.value) == b.effects.map(\.value))
            #expect(a.choices.map { $0.effects.map(\.value) } == b.choices.map { $0.effects.map(\.value) })
        }
        #expect(loaded.variables.map(\.initial) == story.variables.map(\.initial))
        let graph = StoryGraph(loaded)
        #expect(graph.brokenLinks.isEmpty)
        #expect(graph.edgeCount == Self.counts(story).choices)
    }

    @Test func keysIsTheGamebookWithAFewSmallVariables() {
        let story = StoryGenerator.story(.keys(2_000), seed: 1)
        let plain = StoryGenerator.story(.gamebook(2_000), seed: 1)
        #expect(story.passages.map { $0.choices.map(\.target) } == plain.passages.map { $0.choices.map(\.target) })
        #expect(story.variables.map(\.name) == ["key_a", "key_b", "key_c", "coins"])
        #expect(story.passages.allSatisfy { $0.choices.first?.condition == nil })
        let conditioned = story.passages.map { $0.choices.filter { $0.condition != nil }.count }.reduce(0, +)
        let earning = story.passages.filter { !$0.effects.isEmpty }.count
        let giving = story.passages.filter { !($0.choices.first?.effects.isEmpty ?? true) }.count
        #expect(
            (conditioned, earning, giving) == (
                Self.keysFigures.conditioned, Self.keysFigures.earning, Self.keysFigures.giving
            ))
        let state = StateAnalysis(StoryGraph(story))
        #expect(state.isComplete)
        #expect(state.model.variables == ["key_a", "key_b", "key_c", "coins"])
        #expect(state.model.saturation == [nil, nil, nil, 4])
        #expect(state.states == Self.keysFigures.states)
    }

    /// `keys 2000` of seed 1, pinned when the shape was made (the proportions expect about
    /// 280 conditions, 184 earning sections and 92 keys given; the states are at most
    /// 2,000 sections × 8 key sets × 5 purses = 80,000; 53,708 before the search forgot what
    /// no later condition reads, `StateLiveness`, and 44,805 since).
    static let keysFigures = (conditioned: 286, earning: 192, giving: 87, states: 44_805)

    @Test func writerEscapesEveryStringAsJSONAsks() throws {
        var text = ""
        StoryJSONWriter.appendString("a\"b\\c\nd\te\u{01}f\u{1F}g\r\u{08}\u{0C}é🙂/", to: &text)
        #expect(text == #""a\"b\\c\nd\te\u0001f\u001fg\r\b\fé🙂/""#)

        let tricky = "Quote \" back\\slash\nnew line\ttab \u{7} bell, ünïcödé 🙂"
        let story = Story(
            title: tricky, start: "a \"b\"",
            passages: [
                Passage(
                    id: "a \"b\"", text: tricky, tags: ["t\\1", "t\n2"],
                    choices: [
                        Choice(text: tricky, target: "end\u{1}", condition: "x < \"y\"")
                    ]),
                Passage(
                    id: "end\u{1}", text: "", ending: Passage.Ending(kind: "good\t"),
                    choices: [
                        Choice(text: "Again", target: "", isRestart: true)
                    ]),
            ], format: "story-json")
        let loaded = try Self.load(StoryJSONWriter.json(story)).story
        #expect(loaded.title == tricky)
        #expect(loaded.passages.map { $0.id } == ["a \"b\"", "end\u{1}"])
        #expect(loaded.passages[0].text == tricky)
        #expect(loaded.passages[0].tags == ["t\\1", "t\n2"])
        #expect(loaded.passages[0].choices[0].text == tricky)
        #expect(loaded.passages[0].choices[0].target == "end\u{1}")
        #expect(loaded.passages[0].choices[0].condition?.description == "x < \"y\"")
        #expect(loaded.passages[1].ending == Passage.Ending(kind: "good\t"))
        #expect(loaded.passages[1].choices[0].isRestart)
    }

    @Test func shapesOutsideTheirRangeAreRefusedWithAReason() {
        #expect(StoryGenerator.Shape.parse("lattice", [1, 5]).failureText?.contains("W ≥ 2") == true)
        #expect(
            StoryGenerator.Shape.parse("lattice", [3]).failureText == "shape 'lattice' takes 2 number(s) (W L), got 1")
        #expect(StoryGenerator.Shape.parse("gamebook", [0]).failureText?.contains("from 1") == true)
        #expect(StoryGenerator.Shape.parse("spiral", [3]).failureText?.hasPrefix("unknown shape 'spiral'") == true)
        #expect(StoryGenerator.Shape.parse("tree", [16]).failureText == nil)
    }
}

extension Result where Failure == StoryGenerator.ShapeError {
    var failureText: String? {
        if case .failure(let error) = self { return error.description }
        return nil
    }
}
