import Foundation
import StoryFormats
import Testing

@testable import StoryGraph

/// Inclusion (DESIGN.md): the steps of a passage shown inside another are the showing
/// passage's, to any depth; a passage used only by inclusion is a fragment.
@Suite struct InclusionTests {
    /// start shows "frame", which shows "inner" (which shows "frame" back: the cycle
    /// guard), and "inner" holds the only way to the ending.
    static let nested = Story(
        title: "nested", start: "start",
        passages: [
            Passage(
                id: "start",
                choices: [
                    Choice(text: "", target: "frame", kind: .include),
                    Choice(text: "Wait", target: "wait"),
                ]),
            Passage(id: "frame", choices: [Choice(text: "", target: "inner", kind: .include)]),
            Passage(
                id: "inner",
                choices: [
                    Choice(text: "", target: "frame", kind: .include),
                    Choice(text: "Leave", target: "end"),
                ]),
            Passage(id: "wait", choices: [Choice(text: "Back", target: "start")]),
            Passage(id: "end"),
        ], format: "test")

    @Test func stepsOfShownPassagesAreTheShowingPassages() {
        let graph = StoryGraph(Self.nested)
        #expect(Array(graph.shown(in: 0)) == [1, 2])
        #expect(Array(graph.shown(in: 1)) == [2])
        #expect(Array(graph.shown(in: 2)) == [1])
        #expect(graph.isFragment == [false, true, true, false, false])
        #expect(graph.isEnding == [false, false, false, false, true])
        // start: its own "Wait", then "Leave" from inner; the fragments have no edges.
        #expect(graph.edgeOffsets == [0, 2, 2, 2, 3, 3])
        #expect(graph.edgeTargets == [3, 4, 0])
        #expect(
            graph.edgeRefs == [
                .init(passage: 0, choice: 1), .init(passage: 2, choice: 1), .init(passage: 3, choice: 0),
            ])

        let reachability = Reachability(graph)
        #expect(reachability.unreachable == [])
        #expect(reachability.trapped == [])
        #expect(reachability.reachableEndings == [4])
        let components = StronglyConnectedComponents(graph)
        let paths = PathCounts(graph, components: components, reachability: reachability)
        #expect(paths.total == BigUInt(1))
        let path = Array(PathEnumerator(graph, reachability: reachability))
        #expect(path.map { $0.description(in: graph) } == ["start —[Leave (in inner)]→ end"])
        let odds = EndingOdds(graph)
        #expect(abs(odds.endingProbability[4] - 1) < 1e-9)
    }

    @Test func aPassageAlsoEnteredByAStepIsNotAFragment() {
        let story = Story(
            title: "t", start: "a",
            passages: [
                Passage(
                    id: "a", choices: [Choice(text: "", target: "b", kind: .include), Choice(text: "Go", target: "b")]),
                Passage(id: "b", choices: [Choice(text: "On", target: "c")]),
                Passage(id: "c"),
            ], format: "test")
        let graph = StoryGraph(story)
        #expect(graph.isFragment == [false, false, false])
        // a: "Go" to b, and b's "On" shown in a; b keeps its own edge.
        #expect(graph.edgeTargets == [1, 2, 2])
        let reachability = Reachability(graph)
        let paths = PathCounts(graph, components: StronglyConnectedComponents(graph), reachability: reachability)
        #expect(paths.total == BigUInt(2))
    }

    @Test func aFragmentWithNoWayOnIsNeitherAnEndingNorATrap() {
        let story = Story(
            title: "t", start: "a",
            passages: [
                Passage(
                    id: "a",
                    choices: [Choice(text: "", target: "note", kind: .include), Choice(text: "Go", target: "z")]),
                Passage(id: "note", text: "Just words."),
                Passage(id: "z"),
            ], format: "test")
        let graph = StoryGraph(story)
        #expect(graph.isFragment == [false, true, false])
        #expect(graph.isEnding == [false, false, true])
        let reachability = Reachability(graph)
        #expect(reachability.unreachable == [])
        #expect(reachability.trapped == [])
        #expect(reachability.reachableEndings == [2])
        let analysis = StoryAnalysis(graph)
        let flow: Set<String?> = ["trap", "unreachable", "unreachable-ending", "no-ending"]
        #expect(analysis.lint.findings.filter { flow.contains($0.ruleID) }.count == 0)
        #expect(analysis.structure.endings == 1)
    }

    /// The bug of issue 11: `Ticking`, shown inside `Stairwell`, holds the only link to
    /// `Mainspring`, the way to the ending `Overwound`.
    @Test func clockworkReachesOverwound() throws {
        let result = try StoryLoading.load(paths: [PlayFixtures.example("clockwork-sugarcube.twee")])
        let graph = StoryGraph(result.story)
        let analysis = StoryAnalysis(graph)
        let byID = Dictionary(uniqueKeysWithValues: analysis.endings.entries.map { (graph.ids[$0.passage], $0) })
        #expect(byID["Overwound"]?.paths == BigUInt(1))
        #expect(byID["Overwound"]?.shortest == 3)
        #expect(byID["Bell Rings"]?.paths == BigUInt(2))
        #expect(byID["Rope Snaps"]?.paths == BigUInt(1))
        #expect(analysis.paths.total == BigUInt(4))
        #expect(analysis.structure.shortestPath == 3)
        // Uniform odds, by hand: the reader gets to Stairwell for sure; Stairwell offers
        // Gear Room, Arrow Slit (back) and Mainspring, Gear Room leads on to Oil Can or
        // back to Stairwell half the time each, so Mainspring comes first 2/3 of the
        // time: Overwound 2/3 · 1/3 = 2/9, the computed jump 2/9, Bell Rings
        // 2/9 + 1/3 · 1/2 = 7/18.
        let overwound = try #require(graph.indexByID["Overwound"])
        #expect(abs(analysis.odds.endingProbability[overwound] - 2.0 / 9.0) < 1e-9)
        #expect(abs(analysis.odds.endingProbability[graph.indexByID["Bell Rings"]!] - 7.0 / 18.0) < 1e-9)
        #expect(abs(analysis.odds.dynamicLink - 2.0 / 9.0) < 1e-9)
        #expect(graph.isFragment[graph.indexByID["Ticking"]!])

        let report = Fuzzer(runs: 2_000, seed: 1).run(PlayGraph(graph))
        #expect(report.neverVisitedPassages == [])
        #expect(report.neverTakenChoices == [])
        #expect(report.passagesVisited == 15)
        #expect(report.endingRuns[overwound] > 0)
    }
}

extension InclusionTests {
    /// A passage whose only way on is a computed jump in the passage it shows: not an
    /// ending, and the jump is picked there, by the fuzzer and the odds alike.
    @Test func brokenAndDynamicLinksShownByInclusionArePickedWhereTheyAreShown() {
        let story = Story(
            title: "t", start: "a",
            passages: [
                Passage(
                    id: "a", choices: [Choice(text: "", target: "f", kind: .include), Choice(text: "Go", target: "z")]),
                Passage(
                    id: "f",
                    choices: [
                        Choice(text: "Jump", target: "$x", kind: .dynamic), Choice(text: "Lost", target: "nowhere"),
                    ]),
                Passage(id: "z"),
            ], format: "test")
        let graph = StoryGraph(story)
        #expect(graph.shownDynamicLinks.map(\.passage) == [0])
        #expect(graph.shownDynamicLinks.map(\.ref) == [ChoiceRef(passage: 1, choice: 0)])
        #expect(graph.shownBrokenLinks.map(\.ref) == [ChoiceRef(passage: 1, choice: 1)])
        let play = PlayGraph(graph)
        #expect(play.offsets == [0, 3, 3, 3])
        #expect(play.targets == [2, PlayGraph.brokenTarget, PlayGraph.dynamicTarget])
        #expect(
            play.refs == [
                ChoiceRef(passage: 0, choice: 1), ChoiceRef(passage: 1, choice: 1), ChoiceRef(passage: 1, choice: 0),
            ])
        let odds = EndingOdds(graph)
        #expect(abs(odds.endingProbability[2] - 1.0 / 3.0) < 1e-12)
        #expect(abs(odds.brokenLink - 1.0 / 3.0) < 1e-12)
        #expect(abs(odds.dynamicLink - 1.0 / 3.0) < 1e-12)
    }
}

extension InclusionTests {
    /// 100,000 passages, each showing the next: credited down to the depth limit only,
    /// and each passage whose inclusions go deeper is named.
    @Test func aLongChainOfInclusionsStopsAtTheDepthLimit() {
        let n = 100_000
        var passages = [Passage(id: "start", text: "Go.", choices: [Choice(text: "", target: "s0", kind: .include)])]
        for i in 0..<n {
            var choices = [Choice(text: "Leave \(i)", target: "end")]
            if i + 1 < n { choices.append(Choice(text: "", target: "s\(i + 1)", kind: .include)) }
            passages.append(Passage(id: "s\(i)", text: "Layer \(i).", choices: choices))
        }
        passages.append(Passage(id: "end", text: "Out."))
        let graph = StoryGraph(Story(title: "deep", start: "start", passages: passages, format: "test"))
        let limit = StoryGraph.inclusionDepthLimit
        #expect(graph.shown(in: 0).count == limit)
        #expect(graph.edges(from: 0).count == limit)
        // The start and s0 … s(n - limit - 2) reach a passage `limit` levels down that
        // shows one more.
        #expect(graph.inclusionsCut.count == n - limit)
        #expect(graph.isFragment.count { $0 } == n)
        let lint = StoryAnalysis(graph).lint
        #expect(lint.findings.count { $0.ruleID == "inclusion-depth" } == n - limit)
        #expect(
            lint.findings.first { $0.ruleID == "inclusion-depth" }?.message
                == "passage 'start' shows passages nested more than 32 inclusions deep; their links are not counted as its own"
        )
    }
}
