import Foundation
import Testing

import struct StoryGraph.SourceLocation

@testable import StoryGraph

/// Calls that return (DESIGN.md: ink tunnels, `*gosub`/`*return`, `<<detour>>`): each
/// (callee, return point) pair gets its own copy of the callee's body, and every
/// analyser tells the copies back as passages.
@Suite struct CallReturnTests {
    static func at(_ line: Int) -> SourceLocation { SourceLocation(file: "calls.test", line: line, column: 3) }

    static func call(_ callee: String, then back: String?, line: Int = 0) -> Choice {
        Choice(text: "", target: callee, kind: .call, returnTo: back, location: line > 0 ? at(line) : nil)
    }

    static func back(line: Int = 0) -> Choice {
        Choice(text: "", target: "", kind: .return, location: line > 0 ? at(line) : nil)
    }

    /// One tunnel "t" with a choice inside (x / y), called from "a" (back to "a2") and
    /// from "b" (back to "b2").
    static let tunnel = Story(
        title: "tunnel", start: "start",
        passages: [
            Passage(id: "start", choices: [Choice(text: "A", target: "a"), Choice(text: "B", target: "b")]),
            Passage(id: "a", text: "a", choices: [call("t", then: "a2")]),
            Passage(id: "b", text: "b", choices: [call("t", then: "b2")]),
            Passage(id: "t", text: "t", choices: [Choice(text: "x", target: "t2"), Choice(text: "y", target: "t2")]),
            Passage(id: "t2", text: "t2", choices: [back()]),
            Passage(id: "a2", text: "a2", choices: [Choice(text: "on", target: "endA")]),
            Passage(id: "b2", text: "b2", choices: [Choice(text: "on", target: "endB")]),
            Passage(id: "endA", text: "A"),
            Passage(id: "endB", text: "B"),
        ], format: "test")

    static func analyse(_ story: Story) -> (StoryGraph, Reachability, StronglyConnectedComponents, PathCounts) {
        let graph = StoryGraph(story)
        let reachability = Reachability(graph)
        let components = StronglyConnectedComponents(graph)
        return (graph, reachability, components, PathCounts(graph, components: components, reachability: reachability))
    }

    @Test func aTunnelCalledFromTwoPlacesReturnsToEachCallersContinuationOnly() {
        let (graph, reachability, _, paths) = Self.analyse(Self.tunnel)
        #expect(graph.passageCount == 9)
        #expect(graph.count == 13)
        #expect(graph.passageOf == [0, 1, 2, 3, 4, 5, 6, 7, 8, 3, 4, 3, 4])
        // a enters the copy of t returning to a2 (nodes 9, 10), b the one returning to b2.
        #expect(Array(graph.successors(of: 1)) == [9])
        #expect(Array(graph.successors(of: 2)) == [11])
        #expect(Array(graph.successors(of: 10)) == [5])
        #expect(Array(graph.successors(of: 12)) == [6])
        // t's own nodes are entered only through its copies.
        #expect(graph.predecessors(of: 3).isEmpty)
        #expect(graph.returnsWithoutCall.map(\.node) == [4])
        #expect(graph.returnPoints.map(\.passage) == [5, 6])

        #expect(reachability.unreachable == [])
        #expect(reachability.trapped == [])
        #expect(reachability.reachableEndings == [7, 8])
        #expect(reachability.reachable == [Bool](repeating: true, count: 9))
        // 2 callers × 2 ways through t; no path from a reaches endB.
        #expect(paths.total == BigUInt(4))
        #expect(paths.perEnding.count == 9)
        #expect(paths.perEnding[7] == BigUInt(2))
        #expect(paths.perEnding[8] == BigUInt(2))
        #expect(paths.longest[7] == 5)
        #expect(paths.isExact)
        #expect(!paths.unboundedWalks)
        let listed = PathEnumerator(graph, reachability: reachability).map { $0.description(in: graph) }
        #expect(
            listed == [
                "start —[A]→ a —[call]→ t —[x]→ t2 —[return]→ a2 —[on]→ endA",
                "start —[A]→ a —[call]→ t —[y]→ t2 —[return]→ a2 —[on]→ endA",
                "start —[B]→ b —[call]→ t —[x]→ t2 —[return]→ b2 —[on]→ endB",
                "start —[B]→ b —[call]→ t —[y]→ t2 —[return]→ b2 —[on]→ endB",
            ])
        #expect(
            PathEnumerator(graph, to: 8, reachability: reachability).map(\.passages) == [
                [0, 2, 3, 4, 6, 8], [0, 2, 3, 4, 6, 8],
            ])

        let odds = EndingOdds(graph)
        #expect(odds.endingProbability.count == 9)
        #expect(odds.endingProbability[7] == 0.5)
        #expect(odds.endingProbability[8] == 0.5)
        #expect(odds.neverEnding == 0)
        #expect(odds.brokenLink == 0)
        // t is visited once per run, through one copy or the other.
        #expect(odds.expectedVisits[3] == 1)
        #expect(odds.expectedChoices == 5)

        let endings = EndingCatalogue(graph, reachability: reachability, paths: paths, odds: odds)
        #expect(endings.entries.map(\.passage) == [7, 8])
        #expect(endings.entries.map(\.paths) == [BigUInt(2), BigUInt(2)])
        #expect(endings.entries.map(\.shortest) == [5, 5])

        let lint = Lint(graph, reachability: reachability, components: StronglyConnectedComponents(graph))
        #expect(
            lint.findings.filter {
                $0.ruleID == "return-without-call" || $0.ruleID == "trap" || $0.ruleID == "unreachable"
            }.isEmpty)
    }

    @Test func nestedCallsReturnLevelByLevel() {
        let story = Story(
            title: "nested", start: "start",
            passages: [
                Passage(id: "start", choices: [Self.call("outer", then: "after")]),
                Passage(id: "outer", choices: [Self.call("inner", then: "o2")]),
                Passage(id: "inner", choices: [Self.back()]),
                Passage(id: "o2", choices: [Self.back()]),
                Passage(id: "after", choices: [Choice(text: "on", target: "end")]),
                Passage(id: "end"),
            ], format: "test")
        let (graph, reachability, _, paths) = Self.analyse(story)
        // outer's copy (outer, o2) returning to after (nodes 6, 7); inner's copy for outer's
        // own node (8, back to o2's node 3), and the one for the copy (9, back to 7).
        #expect(graph.passageOf == [0, 1, 2, 3, 4, 5, 1, 3, 2, 2])
        #expect(Array(graph.successors(of: 6)) == [9])
        #expect(Array(graph.successors(of: 9)) == [7])
        #expect(Array(graph.successors(of: 7)) == [4])
        #expect(graph.edgeTargets.count == 7)
        #expect(paths.total == BigUInt(1))
        #expect(
            PathEnumerator(graph, reachability: reachability).map { $0.description(in: graph) } == [
                "start —[call]→ outer —[call]→ inner —[return]→ o2 —[return]→ after —[on]→ end"
            ])
        #expect(reachability.unreachable == [])
        #expect(reachability.trapped == [])
        #expect(EndingOdds(graph).endingProbability[5] == 1)
    }

    @Test func aCalleesChoicesMultiplyThePathsOfEveryCaller() {
        // Three calls in a row of one tunnel with 3 choices: 3 × 3 × 3 paths.
        let story = Story(
            title: "thrice", start: "s1",
            passages: [
                Passage(id: "s1", choices: [Self.call("t", then: "s2")]),
                Passage(id: "s2", choices: [Self.call("t", then: "s3")]),
                Passage(id: "s3", choices: [Self.call("t", then: "end")]),
                Passage(id: "t", choices: ["p", "q", "r"].map { Choice(text: $0, target: "t2") }),
                Passage(id: "t2", choices: [Self.back()]),
                Passage(id: "end"),
            ], format: "test")
        let (graph, reachability, _, paths) = Self.analyse(story)
        #expect(graph.count == 6 + 3 * 2)
        #expect(paths.total == BigUInt(27))
        #expect(paths.perEnding[5] == BigUInt(27))
        #expect(paths.longest[5] == 9)
        #expect(Reachability.distancesToPassages(graph) == [0, 3, 6, 1, 2, 9])
        #expect(reachability.reachableEndings == [5])
    }

    @Test func aCalleeThatLeavesByAJumpIsCopiedOnlyWhereItCanStillReturn() {
        // "sub" returns, or jumps into the main flow (a ChoiceScript *goto out of a
        // *gosub): "main" and the 50 passages after it can never return, so no copy of
        // sub holds them, however many calls there are.
        var passages = [
            Passage(id: "start", choices: [Self.call("sub", then: "mid")]),
            Passage(id: "mid", choices: [Self.call("sub", then: "end")]),
            Passage(id: "sub", choices: [Choice(text: "back", target: "sub2"), Choice(text: "away", target: "main0")]),
            Passage(id: "sub2", choices: [Self.back()]),
            Passage(id: "end", text: "the end"),
        ]
        passages += (0..<50).map {
            Passage(id: "main\($0)", choices: [Choice(text: "on", target: $0 < 49 ? "main\($0 + 1)" : "end")])
        }
        let story = Story(title: "leaves", start: "start", passages: passages, format: "test")
        let (graph, reachability, _, paths) = Self.analyse(story)
        // Two copies of sub and sub2 only.
        #expect(graph.count == graph.passageCount + 2 * 2)
        #expect(graph.callsCut.isEmpty)
        // sub2's own node returns to nothing, but no reader reaches it.
        #expect(graph.returnsWithoutCall.allSatisfy { !reachability.reachableNodes[$0.node] })
        #expect(reachability.trapped.isEmpty)
        // back then back; back then away; away at once (main runs to the end).
        #expect(paths.total == BigUInt(3))
        #expect(paths.perEnding[4] == BigUInt(3))
    }

    /// r calls itself (back to r2) or returns: recursion, cut at the depth limit.
    static let recursive = Story(
        title: "recursive", start: "start",
        passages: [
            Passage(id: "start", choices: [call("r", then: "fin", line: 2)], location: at(1)),
            Passage(id: "r", choices: [call("r", then: "r2", line: 4), back(line: 5)], location: at(3)),
            Passage(id: "r2", choices: [back(line: 7)], location: at(6)),
            Passage(id: "fin", location: at(8)),
        ], format: "test")

    @Test func recursionStopsAtTheDepthLimitAndSaysSo() {
        let (graph, reachability, _, paths) = Self.analyse(Self.recursive)
        #expect(CallExpansion.depthLimit == 16)
        #expect(graph.callsCut.count == 1)
        #expect(graph.callsCut.first?.ref == ChoiceRef(passage: 1, choice: 0))
        #expect(graph.callsCut.first?.reason == .depth)
        // 16 nested copies of {r, r2} from the start's call, then r's own node (entered
        // by the cut call) calls into 16 more.
        #expect(graph.count == 4 + 2 * 32)
        #expect(reachability.reachableEndings == [3])
        // One way per depth: return at once from copy k (k = 1…16) and unwind.
        #expect(paths.total == BigUInt(16))
        let lint = Lint(graph, reachability: reachability, components: StronglyConnectedComponents(graph))
        // Past the cut, r runs with no call in the node graph but a call is running in the
        // story: its returns are not told as returns without a call, and nothing is a trap.
        let calls = lint.findings.filter { $0.ruleID == "call-depth" || $0.ruleID == "return-without-call" }
        #expect(calls.map(\.ruleID) == ["call-depth"])
        #expect(calls.map { $0.location?.line } == [4])
        #expect(calls.map(\.severity) == [.warning])
        #expect(lint.findings.filter { $0.ruleID == "trap" || $0.ruleID == "no-ending" }.isEmpty)
        #expect(reachability.unreachable.isEmpty && reachability.trapped.isEmpty)
        #expect(
            calls[0].message
                == "the call of 'r' from passage 'r' is followed as a plain step: calls nest more than 16 deep here; its returns there lead nowhere"
        )
    }

    @Test func aReturnWithNoCallRunningIsAFindingAtTheReturn() {
        let story = Story(
            title: "stray", start: "start",
            passages: [
                Passage(
                    id: "start", text: "s", choices: [Choice(text: "go", target: "t", location: Self.at(2))],
                    location: Self.at(1)),
                Passage(id: "t", text: "t", choices: [Self.back(line: 4)], location: Self.at(3)),
            ], format: "test")
        let (graph, reachability, components, paths) = Self.analyse(story)
        #expect(graph.count == 2)
        #expect(graph.isEnding == [false, false])
        #expect(reachability.trapped == [0, 1])
        #expect(paths.total == BigUInt(0))
        let odds = EndingOdds(graph)
        #expect(odds.neverEnding == 1)
        let lint = Lint(graph, reachability: reachability, components: components)
        #expect(lint.findings.map(\.ruleID) == ["no-ending", "trap", "return-without-call"])
        let stray = lint.findings.first { $0.ruleID == "return-without-call" }
        #expect(stray?.location == Self.at(4))
        #expect(
            stray?.message
                == "passage 't' returns, but no call is running when the flow gets there; the return goes nowhere")
        #expect(
            lint.findings.first { $0.ruleID == "trap" }?.message
                == "passage 't' has no way on but returns with no call running; it traps 2 passages: 'start', 't'")
        // A random reader is stuck there, as the odds say.
        let report = Fuzzer(runs: 20, seed: 3, maxSteps: 50).run(PlayGraph(graph))
        #expect(report.stuckRuns == 20)
        #expect(report.brokenLinkRuns == 0)
    }

    @Test func aStoryThatStartsInACalleeReturnsToNothing() {
        let story = Story(
            title: "starts", start: "t",
            passages: [
                Passage(
                    id: "t", text: "t", choices: [Choice(text: "stay", target: "end"), Self.back(line: 2)],
                    location: Self.at(1)),
                Passage(id: "end", text: "e", location: Self.at(3)),
            ], format: "test")
        let (graph, reachability, components, paths) = Self.analyse(story)
        #expect(paths.total == BigUInt(1))
        let lint = Lint(graph, reachability: reachability, components: components)
        #expect(lint.findings.map(\.ruleID) == ["return-without-call"])
        #expect(lint.findings.first?.location == Self.at(2))
        // The return is no slot: the reader picks "stay".
        #expect(EndingOdds(graph).endingProbability[1] == 1)
        #expect(PlayGraph(graph).slotCount == 1)
    }

    @Test func fuzzCoversACalleesPassagesOnceEach() {
        let graph = PlayGraph(StoryGraph(Self.tunnel))
        #expect(graph.passageCount == 9)
        #expect(graph.nodeCount == 13)
        #expect(graph.choiceCount == 9)
        let report = Fuzzer(runs: 2_000, seed: 7).run(graph)
        #expect(report.passageRuns.count == 9)
        #expect(report.passagesVisited == 9)
        #expect(report.neverVisitedPassages == [])
        #expect(report.choicesTaken == 9)
        #expect(report.neverTakenChoices == [])
        #expect(report.endedRuns == 2_000)
        // Every run goes through t exactly once, by one copy or the other.
        #expect(report.passageRuns[3] == 2_000)
        #expect(report.passageRuns[0] == 2_000)
        #expect(report.endingRuns[7] + report.endingRuns[8] == 2_000)
        #expect(report.lengthStatistics?.min == 5)
        #expect(report.lengthStatistics?.max == 5)
        // A replay names passages, never copies.
        let run = Playthrough(graph, seed: 7)
        #expect(run.steps.map(\.passage).allSatisfy { $0 < 9 })
        #expect(run.steps.count == 5)
        #expect(run.steps.map(\.passage)[2...3] == [3, 4])
    }

    @Test func aLoopThroughACallIsToldByPassage() {
        let story = Story(
            title: "loop", start: "start",
            passages: [
                Passage(id: "start", choices: [Self.call("t", then: "hub")]),
                Passage(id: "t", choices: [Self.back()]),
                Passage(
                    id: "hub", choices: [Choice(text: "again", target: "start"), Choice(text: "leave", target: "end")]),
                Passage(id: "end"),
            ], format: "test")
        let (graph, reachability, components, paths) = Self.analyse(story)
        #expect(graph.count == 5)
        let cycles = Cycles(graph, components: components, reachability: reachability)
        #expect(cycles.loops.map(\.passages) == [[0, 1, 2]])
        #expect(cycles.loops.map(\.isEscapable) == [true])
        #expect(cycles.listed.map(\.passages) == [[0, 1, 2]])
        #expect(cycles.count == 1)
        #expect(paths.total == BigUInt(1))
        #expect(paths.unboundedWalks)
        #expect(EndingOdds(graph).endingProbability[3] == 1)
        #expect(reachability.trapped == [])
    }

    @Test func aLoopMetInTwoCopiesIsOneLoop() {
        // The callee loops inside (t ⇄ t2); two callers make two copies of the loop.
        let story = Story(
            title: "loops", start: "start",
            passages: [
                Passage(id: "start", choices: [Choice(text: "A", target: "a"), Choice(text: "B", target: "b")]),
                Passage(id: "a", choices: [Self.call("t", then: "end")]),
                Passage(id: "b", choices: [Self.call("t", then: "end")]),
                Passage(id: "t", choices: [Choice(text: "round", target: "t2")]),
                Passage(id: "t2", choices: [Choice(text: "again", target: "t"), Self.back()]),
                Passage(id: "end"),
            ], format: "test")
        let (graph, reachability, components, paths) = Self.analyse(story)
        // a and b go on at the same place: one copy.
        #expect(graph.count == 6 + 2)
        let cycles = Cycles(graph, components: components, reachability: reachability)
        #expect(cycles.loops.map(\.passages) == [[3, 4]])
        #expect(cycles.listed.map(\.passages) == [[3, 4]])
        #expect(cycles.count == 1)
        #expect(paths.total == BigUInt(2))
    }

    @Test func aReturnWithNoReturnPointEndsTheStoryThere() {
        let story = Story(
            title: "tail", start: "start",
            passages: [
                Passage(id: "start", choices: [Self.call("t", then: nil)]),
                Passage(id: "t", choices: [Self.back()]),
            ], format: "test")
        let (graph, reachability, _, paths) = Self.analyse(story)
        #expect(graph.isEnding == [false, false, true])
        #expect(reachability.reachableEndings == [1])
        #expect(reachability.trapped == [])
        #expect(paths.perEnding[1] == BigUInt(1))
    }

    @Test(.timeLimit(.minutes(1))) func aChainOf100000CallsIsExpandedWithoutRecursion() {
        // p0 … p99999, each calling the one tunnel and going on at the next.
        let n = 100_000
        var passages: [Passage] = (0..<n).map { Passage(id: "p\($0)", choices: [Self.call("t", then: "p\($0 + 1)")]) }
        passages.append(Passage(id: "p\(n)"))
        passages.append(Passage(id: "t", choices: [Choice(text: "x", target: "t2")]))
        passages.append(Passage(id: "t2", choices: [Self.back()]))
        let story = Story(title: "chain", start: "p0", passages: passages, format: "test")
        let (graph, reachability, _, paths) = Self.analyse(story)
        #expect(graph.passageCount == n + 3)
        #expect(graph.count == n + 3 + 2 * n)
        #expect(graph.callsCut.isEmpty)
        #expect(reachability.unreachable == [])
        #expect(reachability.trapped == [])
        #expect(paths.total == BigUInt(1))
        #expect(paths.longest[n] == 3 * n)
        #expect(EndingOdds(graph).endingProbability[n] == 1)
        let run = Playthrough(PlayGraph(graph), seed: 1, maxSteps: 4 * n)
        #expect(run.outcome == .ending(passage: n))
        #expect(run.steps.count == 3 * n)
    }

    @Test func theCopyBudgetCutsCallsPastIt() {
        // 300 calls of one tunnel whose body is 30 passages: 9,000 copy nodes, past the
        // budget of max(4,096, 20 × 331).
        let calls = 300
        let body = 30
        var passages: [Passage] = (0..<calls).map {
            Passage(id: "p\($0)", choices: [Self.call("t0", then: "p\($0 + 1)")])
        }
        passages.append(Passage(id: "p\(calls)"))
        for k in 0..<body {
            passages.append(
                Passage(id: "t\(k)", choices: [k + 1 < body ? Choice(text: "on", target: "t\(k + 1)") : Self.back()]))
        }
        let graph = StoryGraph(Story(title: "budget", start: "p0", passages: passages, format: "test"))
        let limit = CallExpansion.copyLimit(passages: calls + 1 + body)
        #expect(limit == 6_620)
        #expect(graph.count - graph.passageCount == (limit / body) * body)
        #expect(graph.callsCut.count == calls - limit / body)
        #expect(graph.callsCut.allSatisfy { $0.reason == .budget })
        // The passages after the first cut call are not reached in the node graph (its
        // returns lead nowhere) but are in the story: no claim that they are unreachable,
        // trapped, or that the story has no ending.
        let reachability = Reachability(graph)
        #expect(!reachability.reachable[calls])
        #expect(reachability.unreachable.isEmpty)
        #expect(reachability.trapped.isEmpty)
        #expect(reachability.mayReachEnding?[0] == true)
        // Every passage after the first cut call is unknown, past that one call (each
        // later call is cut too, but the shared copy of t0 returns to all of them).
        let first = calls - graph.callsCut.count
        #expect(
            reachability.unknown
                == ((first + 1)...calls).map { Reachability.Unknown.pastCutCalls(passage: $0, calls: 1) })
        #expect(graph.shared?.count == graph.count + body)
        let lint = Lint(graph, reachability: reachability, components: StronglyConnectedComponents(graph))
        #expect(Set(lint.findings.compactMap(\.ruleID)) == ["call-depth", "empty-passage"])  // the fixture has no text
    }

    /// A chain of 17 calls, each returning after the next one does, and a recursion that
    /// never returns (its only way out ends the story): past the cut, the first chain's
    /// returns are unknown (the node graph does not follow them, the shared copies do) and
    /// what follows the recursion is proven unreachable (no copy of it ever returns).
    static func chain(levels: Int) -> Story {
        var passages = [
            Passage(id: "start", choices: [call("level1", then: "out"), call("dig", then: "outNew")]),
            Passage(id: "out", choices: [Choice(text: "on", target: "daylight")]),
            Passage(id: "outNew", choices: [Choice(text: "on", target: "daylight")]),
            Passage(id: "daylight"),
            Passage(id: "dig", choices: [call("dig", then: "dug"), Choice(text: "side", target: "caveIn")]),
            Passage(id: "dug", choices: [back()]),
            Passage(id: "caveIn"),
            Passage(id: "vault"),
        ]
        for k in 1...levels {
            passages.append(
                Passage(id: "level\(k)", choices: [k < levels ? call("level\(k + 1)", then: "up\(k)") : back()]))
            if k < levels { passages.append(Passage(id: "up\(k)", choices: [back()])) }
        }
        return Story(title: "mine", start: "start", passages: passages, format: "test")
    }

    @Test func pastACutCallTheOverApproximationDecidesWhatIsAbsent() {
        let story = Self.chain(levels: 17)
        let (graph, reachability, components, _) = Self.analyse(story)
        let id = { (v: Int) in graph.ids[v] }
        #expect(graph.callsCut.map { id($0.ref.passage) }.sorted() == ["dig", "level16"])
        // What follows the recursion's own call (`dug`) is never reached either.
        #expect(reachability.unreachable.map(id) == ["outNew", "dug", "vault"])
        #expect(reachability.unknown.map { id($0.passage) } == ["out", "daylight"] + (1...16).map { "up\($0)" })
        #expect(reachability.unknown.allSatisfy { if case .pastCutCalls(_, 1) = $0 { true } else { false } })
        #expect(reachability.trapped.isEmpty)
        #expect(reachability.reachableEndings.map(id) == ["caveIn"])
        let lint = Lint(graph, reachability: reachability, components: components)
        #expect(lint.findings.filter { $0.ruleID == "trap" || $0.ruleID == "no-ending" }.isEmpty)
        // 16 levels deep the call is exact: no cut, nothing unknown.
        let shallow = Reachability(StoryGraph(Self.chain(levels: 16)))
        #expect(shallow.unknown.isEmpty)
        #expect(shallow.unreachable.map { story.passages[$0].id } == ["outNew", "dug", "vault"])
    }

    /// With calls cut, a return met with no call running is not claimed a trap: Ren'Py
    /// ends the game there (a label jumped to, then returning), and the over-approximation
    /// counts it as a way that may end.
    @Test func pastACutCallAReturnWithNoCallRunningIsNoTrapClaim() {
        var story = Self.chain(levels: 17)
        story.passages[0].choices.append(Choice(text: "jump", target: "stray"))
        story.passages.append(Passage(id: "stray", choices: [Self.back()]))
        let (graph, reachability, components, _) = Self.analyse(story)
        #expect(reachability.reachable[graph.indexByID["stray"]!])
        #expect(reachability.trapped.isEmpty)
        let lint = Lint(graph, reachability: reachability, components: components)
        #expect(lint.findings.filter { $0.ruleID == "trap" || $0.ruleID == "no-ending" }.isEmpty)
    }

    /// Without the shared copies (the passages' own links, a call going on to its return
    /// point) the recursion's way out would not be proven unreachable: the shared copy of
    /// `dig` is what proves it never returns.
    @Test func theSharedCopiesProveMoreThanThePassagesOwnLinks() {
        let graph = StoryGraph(Self.chain(levels: 17))
        let crude = Reachability.overApproximation(graph)
        #expect(crude.reached[graph.indexByID["outNew"]!])
        #expect(!Reachability(graph).reachable[graph.indexByID["outNew"]!])
        #expect(Reachability(graph).unreachable.contains(graph.indexByID["outNew"]!))
    }
}

extension CallReturnTests {
    @Test func aReplayNamesTheCalleesPassagesAndTheCallAndReturn() {
        let story = Story(
            title: "tell", start: "start",
            passages: [
                Passage(id: "start", text: "Begin.", choices: [Self.call("t", then: "end")]),
                Passage(id: "t", text: "Inside.", choices: [Self.back()]),
                Passage(id: "end", text: "Done."),
            ], format: "test")
        let play = PlayGraph(StoryGraph(story))
        let text = Transcript(Playthrough(play, seed: 1), of: play, seed: 1).text()
        #expect(
            text == """
                Run 1 of seed 1 (uniform policy), 'tell'

                1. [start] Begin.
                   → call
                2. [t] Inside.
                   → return
                3. [end] Done.
                   ■ ending after 2 choices

                """)
    }
}
