import TestSupport
import Testing

@testable import StoryGraph

@Suite struct AnalysisCyclesTests {
    static func cycles(_ graph: StoryGraph, max: Int = 100, budget: AnalysisBudget = .unlimited) -> Cycles {
        Cycles(
            graph, components: StronglyConnectedComponents(graph), reachability: Reachability(graph), maxCycles: max,
            budget: budget)
    }

    /// Elementary cycles by brute force: from each passage s, every simple path through
    /// passages numbered above s that returns to s.
    static func bruteForceCount(_ graph: StoryGraph) -> Int {
        var count = 0
        for s in 0..<graph.count {
            var stack: [(v: Int, path: Set<Int>)] = [(s, [s])]
            while let (v, path) = stack.popLast() {
                for w in Set(graph.successors(of: v)) {
                    if w == s { count += 1 } else if w > s, !path.contains(w) { stack.append((w, path.union([w]))) }
                }
            }
        }
        return count
    }

    @Test(arguments: [(3, 5), (4, 20), (5, 84)])
    func completeStoriesHaveTheKnownNumberOfCycles(n: Int, expected: Int) {
        let graph = Fixture.story((0..<n).map { v in (0..<n).filter { $0 != v } })
        let found = Self.cycles(graph)
        #expect(found.count == expected)
        #expect(found.isExact)
        #expect(found.listed.count == expected)
        #expect(Set(found.listed.map(\.passages)).count == expected)
        #expect(found.listed.allSatisfy { !$0.isEscapable })
    }

    @Test func listIsCutAtMaxCyclesButCountGoesOn() {
        let graph = Fixture.story((0..<5).map { v in (0..<5).filter { $0 != v } })
        let found = Self.cycles(graph, max: 7)
        #expect(found.listed.count == 7)
        #expect(found.count == 84)
    }

    @Test func budgetGivesALowerBound() {
        let graph = Fixture.story((0..<9).map { v in (0..<9).filter { $0 != v } })
        let found = Self.cycles(graph, budget: AnalysisBudget(seconds: 10, steps: 2_000))
        #expect(!found.isExact)
        #expect(found.count > 0)
        #expect(found.count < 125_664)
    }

    @Test func selfLoopsAndParallelChoicesCountOnce() {
        // p0 → p1 twice, p1 → p0, p1 → p1, p1 → p2 (ending).
        let graph = Fixture.story([[1, 1], [0, 1, 2], []])
        let found = Self.cycles(graph)
        #expect(found.count == 2)
        #expect(Set(found.listed.map(\.passages)) == [[0, 1], [1]])
        #expect(found.listed.allSatisfy { $0.isEscapable })
        #expect(found.loops.count == 1)
    }

    @Test(arguments: 1...30)
    func johnsonMatchesBruteForceOnRandomStories(seed: Int) {
        let graph = Fixture.random(seed: UInt64(seed) * 7919, passages: 8)
        #expect(Self.cycles(graph, max: 10_000).count == Self.bruteForceCount(graph))
    }

    @Test func neverEndingStoryIsOneTrappingLoop() throws {
        let graph = Fixture.neverEnding
        let found = Self.cycles(graph)
        #expect(found.loops.count == 1)
        #expect(found.loops[0].passages == [0, 1, 2])
        #expect(!found.loops[0].isEscapable)
        #expect(found.count == 3) // a→b→a, a→c→a, a→c→b→a
        let components = StronglyConnectedComponents(graph)
        #expect(Cycles.shortestCycle(through: 0, in: graph, components: components) == [0, 1])
    }

    @Test func hundredThousandChainHasNoCycleAndNeedsNoRecursion() {
        let found = Self.cycles(Fixture.chain(100_000))
        #expect(found.count == 0)
        #expect(found.loops.isEmpty)
        #expect(found.isExact)
    }
}
