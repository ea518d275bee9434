import Foundation
import StoryFormats
import Testing

@testable import StoryGraph

@Suite struct PlaythroughFuzzerTests {
    @Test func destiniSharesMatchTheExactOdds() throws {
        let graph = try PlayFixtures.graph(OddsTests.destini)
        let report = Fuzzer(runs: 100_000, seed: 42).run(PlayGraph(graph))
        let odds = EndingOdds(graph)
        #expect(report.runs == 100_000)
        #expect(report.endingRuns[0...2] == [0, 0, 0])
        #expect(report.endingRuns.reduce(0, +) == 100_000)
        for v in 3...5 {
            let share = Double(report.endingRuns[v]) / 100_000
            #expect(abs(share - odds.endingProbability[v]) < 0.01, "ending \(v): \(share)")
        }
        #expect(report.passagesVisited == 6)
        #expect(report.choicesTaken == 6)
        #expect(report.allEnded)
        #expect(report.outcomeRows(odds: odds).allSatisfy { !$0.isOutlier })
        // Every run takes 2 or 3 choices; a quarter of them 2 + … : mean near 2.25.
        let stats = try #require(report.lengthStatistics)
        #expect(stats.min == 2 && stats.max == 3 && stats.median == 2 && stats.p99 == 3)
        #expect(abs(stats.mean - 2.25) < 0.01)
        #expect(report.lengthHistogram[2] + report.lengthHistogram[3] == 100_000)
        #expect(report.totalChoices == 2 * report.lengthHistogram[2] + 3 * report.lengthHistogram[3])
    }

    @Test(arguments: [PlayPolicy.uniform, .fresh])
    func resultsDoNotDependOnThreads(policy: PlayPolicy) throws {
        let play = PlayGraph(StoryGraph(PlayFixtures.harbourSized()))
        let one = Fuzzer(runs: 5_000, seed: 42, policy: policy, jobs: 1).run(play)
        let three = Fuzzer(runs: 5_000, seed: 42, policy: policy, jobs: 3).run(play)
        #expect(one.text(odds: nil) == three.text(odds: nil))
        #expect(one.json(odds: nil) == three.json(odds: nil))
        #expect(one.passageRuns == three.passageRuns)
        #expect(one.choiceRuns == three.choiceRuns)
        #expect(one.lengthHistogram == three.lengthHistogram)
    }

    /// A story big enough that the counters are summed in several slices on several
    /// threads: the same report for 1, 2 and 3 jobs, and each ending's runs (read off the
    /// visits on a story without calls) equal to the runs that `Playthrough` ends there.
    @Test func slicedMergeDoesNotDependOnThreads() throws {
        let play = PlayGraph(StoryGraph(StoryGenerator.story(.gamebook(2 * FuzzTotals.minimumSlice + 500))))
        #expect(play.passageCount > 2 * FuzzTotals.minimumSlice && play.slotCount > 3 * FuzzTotals.minimumSlice)
        let reports = [1, 2, 3].map { Fuzzer(runs: 3_000, seed: 9, jobs: $0).run(play) }
        for report in reports.dropFirst() {
            #expect(report.passageRuns == reports[0].passageRuns)
            #expect(report.choiceRuns == reports[0].choiceRuns)
            #expect(report.endingRuns == reports[0].endingRuns)
            #expect(report.lengthCounts == reports[0].lengthCounts)
            #expect(report.json(odds: nil) == reports[0].json(odds: nil))
        }
        var endings = [Int](repeating: 0, count: play.passageCount)
        var lengths: [Int] = []
        for run in 1...3_000 {
            let playthrough = Playthrough(play, seed: 9, run: run)
            guard case .ending(let passage) = playthrough.outcome else { continue }
            endings[passage] += 1
            let steps = playthrough.steps.count
            if lengths.count <= steps { lengths += [Int](repeating: 0, count: steps + 1 - lengths.count) }
            lengths[steps] += 1
        }
        #expect(reports[0].endingRuns == endings)
        #expect(reports[0].allEnded && reports[0].lengthCounts == lengths)
    }

    @Test func neverEndingStoryGetsEveryRunStuck() throws {
        let story = try StoryLoading.load(paths: [PlayFixtures.example("carousel.json")]).story
        let report = Fuzzer(runs: 3_000, seed: 1, maxSteps: 50, jobs: 2).run(PlayGraph(StoryGraph(story)))
        #expect(report.stuckRuns == 3_000)
        #expect(report.firstStuckRuns == Array(1...10))
        #expect(report.lengthHistogram[50] == 3_000)
        #expect(!report.allEnded)
        #expect(report.totalChoices == 150_000)
    }

    /// Runs longer than the first histogram a worker allocates: it grows, the counts stay.
    @Test func runsLongerThanTheFirstHistogramAreCounted() throws {
        let story = try StoryLoading.load(paths: [PlayFixtures.example("carousel.json")]).story
        let cap = 3 * FuzzCounts.initialLengthCapacity
        let report = Fuzzer(runs: 300, seed: 1, maxSteps: cap, jobs: 2).run(PlayGraph(StoryGraph(story)))
        #expect(report.lengthCounts.count == cap + 1 && report.lengthHistogram.count == cap + 1)
        #expect(report.lengthCounts[cap] == 300 && report.lengthCounts.reduce(0, +) == 300)
        #expect(report.totalChoices == 300 * cap)
    }

    @Test func brokenLinkRunsAreReportedWithTheLink() throws {
        let play = try PlayFixtures.play(PlayFixtures.brokenLink)
        let report = Fuzzer(runs: 4_000, seed: 11, jobs: 2).run(play)
        let failing = (1...4_000).filter { Playthrough(play, seed: 11, run: $0).outcome.isFailure }
        #expect(report.brokenLinkRuns == failing.count)
        #expect(report.firstFailedRuns.map(\.run) == Array(failing.prefix(10)))
        #expect(
            report.failedLinks == [
                FuzzReport.FailedLink(
                    choice: ChoiceRef(passage: 0, choice: 1), isDynamic: false, runs: failing.count,
                    firstRun: failing[0])
            ])
        #expect(
            report.text(odds: nil).contains(
                "broken link a → 'oops' → nowhere (t.json:2:56): \(NumberText.grouped(failing.count)) runs, first run \(failing[0])"
            ))
    }

    /// The smallest N whose first N runs take every choice (runs do not depend on N, so
    /// coverage grows with N: a binary search is exact).
    static func runsToFullCoverage(_ play: PlayGraph, seed: UInt64, policy: PlayPolicy, limit: Int = 1 << 16) -> Int? {
        func full(_ n: Int) -> Bool {
            Fuzzer(runs: n, seed: seed, policy: policy, jobs: 2).run(play).choicesTaken == play.slotCount
        }
        guard full(limit) else { return nil }
        var low = 1
        var high = limit
        while low < high {
            let middle = (low + high) / 2
            if full(middle) { high = middle } else { low = middle + 1 }
        }
        return low
    }

    @Test func freshCoversEveryChoiceInFewerRuns() throws {
        let play = PlayGraph(StoryGraph(PlayFixtures.harbourSized()))
        #expect(play.passageCount == 43)
        var uniformTotal = 0
        var freshTotal = 0
        for seed: UInt64 in 1...5 {
            let uniform = try #require(Self.runsToFullCoverage(play, seed: seed, policy: .uniform))
            let fresh = try #require(Self.runsToFullCoverage(play, seed: seed, policy: .fresh))
            print("seed \(seed): full choice coverage after \(uniform) uniform runs, \(fresh) fresh runs")
            #expect(fresh < uniform, "seed \(seed)")
            uniformTotal += uniform
            freshTotal += fresh
        }
        print("total over 5 seeds: uniform \(uniformTotal) runs, fresh \(freshTotal) runs")
    }

    @Test(arguments: [PlayPolicy.uniform, .fresh])
    func replayedRunIsTheRunTheFuzzPlayed(policy: PlayPolicy) throws {
        // Runs do not depend on how many follow them, so run 17's own counts are the
        // difference between a fuzz of 17 runs and one of 16.
        let play = PlayGraph(StoryGraph(PlayFixtures.harbourSized()))
        let with17 = Fuzzer(runs: 17, seed: 42, policy: policy, jobs: 2).run(play)
        let with16 = Fuzzer(runs: 16, seed: 42, policy: policy, jobs: 1).run(play)
        let replay = Playthrough(play, seed: 42, run: 17, policy: policy)
        let passages = Set(
            replay.steps.map(\.passage)
                + {
                    if case .ending(let v) = replay.outcome { return [v] } else { return [] }
                }())
        let slots = Set(replay.steps.map { play.slot(of: $0.choice)! })
        for v in 0..<play.passageCount {
            #expect(with17.passageRuns[v] - with16.passageRuns[v] == (passages.contains(v) ? 1 : 0), "passage \(v)")
        }
        for s in 0..<play.slotCount {
            #expect(with17.choiceRuns[s] - with16.choiceRuns[s] == (slots.contains(s) ? 1 : 0), "slot \(s)")
        }
        #expect(with17.lengthHistogram[replay.choiceCount] - with16.lengthHistogram[replay.choiceCount] == 1)
        guard case .ending(let end) = replay.outcome else {
            Issue.record("run 17 should end: \(replay.outcome)")
            return
        }
        #expect(with17.endingRuns[end] - with16.endingRuns[end] == 1)
    }

    @Test func percentilesComeFromTheHistogram() throws {
        // A chain of 3 choices then an ending: every run has length 3.
        let play = try PlayFixtures.play(
            """
            {"passages": [{"id": "a", "choices": [{"text": "x", "to": "b"}]},
              {"id": "b", "choices": [{"text": "x", "to": "c"}]}, {"id": "c", "choices": [{"text": "x", "to": "d"}]},
              {"id": "d", "ending": true}]}
            """)
        let report = Fuzzer(runs: 10, seed: 1).run(play)
        #expect(
            report.lengthStatistics == FuzzReport.LengthStatistics(min: 3, mean: 3, median: 3, p90: 3, p99: 3, max: 3))
        #expect(report.lengthHistogram.count == 1_001)
    }

    @Test func seedFromAGeneratorIsNamedInTheReport() throws {
        let play = try PlayFixtures.play(OddsTests.destini)
        var rng = SplitMix64(seed: 0)
        let report = Fuzzer(runs: 100).run(play, using: &rng)
        #expect(report.seed == 0xE220_A839_7B1D_CDAF)
        #expect(report.endingRuns == Fuzzer(runs: 100, seed: 0xE220_A839_7B1D_CDAF).run(play).endingRuns)
    }
}
