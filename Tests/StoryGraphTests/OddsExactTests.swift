import Foundation
import TestSupport
import Testing

@testable import StoryGraph

/// The odds solve on the condensation: exact on long loops, within its budget, a stated
/// bound when the budget runs out, the same figures on every run.
@Suite struct OddsExactTests {
    /// A loop of `count` passages p0 → p1 → … → p(count−1) → p0 where p(count/2) may also
    /// leave to the ending; `trap` adds a second way out of p0 into a two-passage trap.
    static func loop(_ count: Int, trap: Bool = false) -> StoryGraph {
        var passages: [Passage] = []
        for i in 0..<count {
            var choices = [Choice(text: "on", target: "p\((i + 1) % count)")]
            if i == count / 2 { choices.append(Choice(text: "out", target: "end")) }
            if trap && i == 0 { choices.append(Choice(text: "fall", target: "t0")) }
            passages.append(Passage(id: "p\(i)", text: "", choices: choices))
        }
        passages.append(Passage(id: "end", text: "", ending: .init()))
        if trap {
            passages.append(Passage(id: "t0", text: "", choices: [Choice(text: "x", target: "t1")]))
            passages.append(Passage(id: "t1", text: "", choices: [Choice(text: "y", target: "t0")]))
        }
        return StoryGraph(Story(title: "", start: "p0", passages: passages, format: "story-json"))
    }

    @Test func aLongLoopWithAnExitEndsWithProbabilityOneExactlyAndFast() {
        let graph = Self.loop(100_000)
        let (result, seconds) = threadCPUTime { EndingOdds(graph, budget: AnalysisBudget(seconds: 0.01)) }
        #expect(seconds < 5, "took \(seconds) s of CPU")
        #expect(result.converged)
        #expect(result.unresolved == 0)
        #expect(result.endingProbability[100_000] == 1)
        #expect(result.neverEnding == 0)
        // A reader leaves at p50000 with probability 1/2 per pass: visits(p_i) = x for
        // i ≤ 50000 and x/2 after it, with x = 1 + x/2, so 2 and 1.
        #expect(result.expectedVisits[0] == 2)
        #expect(result.expectedVisits[50_000] == 2)
        #expect(result.expectedVisits[50_001] == 1)
        #expect(abs(result.expectedChoices! - 150_001) < 1e-6)
    }

    @Test func aTrapGetsItsExactShare() {
        // At p0 (3 of the loop's passages: p0, p1, p2; p1 may leave): from p0 a reader falls
        // into the trap with probability 1/2 per visit. Visits of p0 = v: v = 1 + v·(1/2)·(1/2)
        // (on to p1, stay on at p1, back to p0) → v = 4/3; trapped = v/2 = 2/3, ending 1/3.
        let odds = EndingOdds(Self.loop(3, trap: true))
        #expect(abs(odds.neverEnding - 2.0 / 3) < 1e-15)
        #expect(abs(odds.endingProbability[3] - 1.0 / 3) < 1e-15)
        #expect(odds.expectedChoices == nil)
        #expect(odds.converged)
    }

    @Test func resultsAreTheSameOnEveryRun() {
        let graph = Self.loop(2_000, trap: true)
        let first = EndingOdds(graph)
        for _ in 0..<3 {
            let again = EndingOdds(graph)
            #expect(again.endingProbability == first.endingProbability)
            #expect(again.neverEnding == first.neverEnding)
            #expect(again.expectedVisits == first.expectedVisits)
        }
    }

    /// 60 passages each leading to all others and to `end`, and p0 also to `other` when
    /// `twoWaysOut`: elimination fills the whole matrix (about 60³ / 3 = 72,000 steps),
    /// more than 1,000 steps plus the linear allowance of 16 per passage and choice.
    static func dense(twoWaysOut: Bool) -> StoryGraph {
        let n = 60
        var passages: [Passage] = []
        for i in 0..<n {
            var choices = (0..<n).filter { $0 != i }.map { Choice(text: "to \($0)", target: "p\($0)") }
            choices.append(Choice(text: "out", target: "end"))
            if twoWaysOut && i == 0 { choices.append(Choice(text: "other", target: "other")) }
            passages.append(Passage(id: "p\(i)", text: "", choices: choices))
        }
        passages.append(Passage(id: "end", text: "", ending: .init()))
        passages.append(Passage(id: "other", text: "", ending: .init()))
        return StoryGraph(Story(title: "", start: "p0", passages: passages, format: "story-json"))
    }

    static let tinyBudget = AnalysisBudget(seconds: 1, steps: 1_000)

    @Test func aDenseLoopPastTheBudgetStatesItsBound() {
        // The elimination runs out of steps; Gauss–Seidel sweeps from zero give lower bounds.
        let graph = Self.dense(twoWaysOut: true)
        let cut = EndingOdds(graph, budget: Self.tinyBudget)
        #expect(!cut.converged)
        #expect(cut.unresolved > 0 && cut.unresolved < 1)
        #expect(cut.endingProbability[60] > 0 && cut.endingProbability[61] > 0)
        #expect(abs(cut.endingProbability[60] + cut.endingProbability[61] + cut.unresolved - 1) < 1e-12)
        #expect(cut.expectedChoices == nil)
        let full = EndingOdds(graph)
        #expect(full.converged && full.unresolved == 0)
        #expect(cut.endingProbability[60] <= full.endingProbability[60])
        #expect(cut.endingProbability[61] <= full.endingProbability[61])
        #expect(abs(full.endingProbability[60] + full.endingProbability[61] - 1) < 1e-12)
    }

    @Test func aLoopWithOneWayOutGivesItAllItsMassEvenPastTheBudget() {
        let graph = Self.dense(twoWaysOut: false)
        let cut = EndingOdds(graph, budget: Self.tinyBudget)
        #expect(!cut.converged)
        #expect(cut.unresolved == 0)
        #expect(cut.endingProbability[60] == 1)
        #expect(cut.expectedChoices == nil)
        let full = EndingOdds(graph)
        #expect(full.converged)
        #expect(full.endingProbability[60] == 1)
        // Each passage leaves with probability 1/60 per visit: 60 choices expected.
        #expect(abs(full.expectedChoices! - 60) < 1e-9)
    }
}
