import Foundation
import StoryFormats
import TestSupport
import Testing

@testable import StoryGraph

/// The expected words per playthrough (`PlaythroughLength`, one linear solve) against the
/// mean words of seeded uniform runs, on every example: they agree within four standard
/// errors of the mean (computed from the runs' own variance). The runs are those of
/// `storygraph fuzz --seed 1`: run i draws from `Xoshiro256StarStar(seed: 1, run: i)` and
/// walks as the fuzzer walks (`RandomWalk`, once-only and fallback rules included).
@Suite struct PlaythroughLengthExamplesTests {
    static let examples = [
        "lighthouse.json", "StoryBrain.swift", "defusal.json", "Mission.m", "Observatory.swift", "ForestBrain.swift",
        "carousel.json", "harbour.json", "cyoa-arcs.json", "clockwork-sugarcube.twee", "clockwork.html",
        "tidepool-harlowe.twee", "ferry.ink", "ferry", "lamplighter", "orchard.yarn", "bellfounder-v1.yarn",
        "salt-road.yaml", "toll-bridge.json", "diff/tide-mill-v1.json", "diff/tide-mill-v2.json",
    ]

    /// Adds up the words of the passages a run visits.
    struct WordTally: RunObserver {
        let words: [Int]
        let choiceSlot: [Int32]
        var total = 0
        var takenInRun: Set<Int32> = []

        mutating func visit(_ node: Int) { total += words[node] }
        mutating func take(_ slot: Int) { takenInRun.insert(choiceSlot[slot]) }
        func isNewToBlock(_ slot: Int) -> Bool { true }
        func isNewToRun(_ slot: Int) -> Bool { !takenInRun.contains(choiceSlot[slot]) }
    }

    /// The mean and the standard error of the mean of the words of runs 1 ... `runs`, and
    /// how many runs stopped at the step cap.
    static func sample(_ graph: PlayGraph, words: [Int], runs: Int) -> (mean: Double, error: Double, capped: Int) {
        let nodeWords = graph.graph.passageOf.map { words[$0] }
        let cap = Fuzzer.defaultMaxSteps(passages: graph.passageCount)
        var sum = 0.0
        var squares = 0.0
        var capped = 0
        graph.offsets.withUnsafeBufferPointer { offsets in
            graph.targets.withUnsafeBufferPointer { targets in
                graph.flags.withUnsafeBufferPointer { flags in
                    for run in 1...runs {
                        var rng = Xoshiro256StarStar(seed: 1, run: UInt64(run))
                        var tally = WordTally(words: nodeWords, choiceSlot: graph.choiceSlot)
                        let outcome = RandomWalk.run(
                            offsets: offsets, targets: targets, flags: flags, start: graph.start, maxSteps: cap,
                            fresh: false, rng: &rng, observer: &tally)
                        if outcome.kind == .stuck && outcome.steps == cap { capped += 1 }
                        let x = Double(tally.total)
                        sum += x
                        squares += x * x
                    }
                }
            }
        }
        let n = Double(runs)
        let mean = sum / n
        let variance = max(0, (squares - n * mean * mean) / (n - 1))
        return (mean, (variance / n).squareRoot(), capped)
    }

    /// The same for runs under state (`fuzz --policy state --seed 1`): a reader who picks
    /// among the choices shown in each state.
    static func sampleUnderState(_ graph: PlayGraph, words: [Int], runs: Int) -> (mean: Double, error: Double) {
        let nodeWords = graph.graph.passageOf.map { words[$0] }
        let cap = Fuzzer.defaultMaxSteps(passages: graph.passageCount)
        var reader = ReaderState(graph)
        var sum = 0.0
        var squares = 0.0
        var offered: [Int] = []
        var truths: [Truth] = []
        for run in 1...runs {
            var rng = Xoshiro256StarStar(seed: 1, run: UInt64(run))
            var tally = WordTally(words: nodeWords, choiceSlot: graph.choiceSlot)
            _ = reader.run(
                start: graph.start, maxSteps: cap, rng: &rng, observer: &tally, offered: &offered, truths: &truths,
                unknown: { _ in })
            let x = Double(tally.total)
            sum += x
            squares += x * x
        }
        let n = Double(runs)
        let mean = sum / n
        return (mean, (max(0, (squares - n * mean * mean) / (n - 1)) / n).squareRoot())
    }

    static func check(_ name: String, runs: Int) throws {
        let result = try StoryLoading.load(paths: [Repository.path("Examples/\(name)")])
        let analysis = StoryAnalysis(StoryGraph(result.story), loadDiagnostics: result.diagnostics)
        let length = analysis.length
        let (mean, error, capped) = sample(PlayGraph(analysis.graph), words: length.passageWords, runs: runs)
        switch length.expected {
        case .words(let expected):
            #expect(capped == 0, "\(name): \(capped) runs reached the step cap")
            #expect(abs(mean - expected) <= max(4 * error, 1e-9), "\(name): exact \(expected), runs \(mean) ± \(error)")
        case .neverEnds(let p):
            // A reader who never stops: some runs reach the cap, about p of them.
            #expect(p > 0 && capped > 0, "\(name): never ends with \(p), \(capped) runs capped")
        case .unknown(let why):
            // Only where the map's chain is not the reader's: choices remembered (ink).
            #expect(
                PlaythroughLength.remembersChoices(analysis.graph, components: analysis.components), "\(name): \(why)")
            #expect(!PlayGraph(analysis.graph).flags.isEmpty)
        }
    }

    /// Examples whose state search completes, with the expected words under state.
    static let underState = ["toll-bridge.json", "lamplighter", "orchard.yarn"]

    @Test(arguments: underState) func expectedWordsUnderStateAgreeWithTenThousandRuns(_ name: String) throws {
        let result = try StoryLoading.load(paths: [Repository.path("Examples/\(name)")])
        let analysis = StoryAnalysis(StoryGraph(result.story), loadDiagnostics: result.diagnostics)
        let expected = try #require(analysis.length.expectedUnderState?.words, "\(name)")
        let (mean, error) = Self.sampleUnderState(
            PlayGraph(analysis.graph), words: analysis.length.passageWords, runs: 10_000)
        #expect(abs(mean - expected) <= max(4 * error, 1e-9), "\(name): exact \(expected), runs \(mean) ± \(error)")
    }

    @Test(arguments: examples) func expectedWordsAgreeWithTenThousandRuns(_ name: String) throws {
        try Self.check(name, runs: 10_000)
    }

    @Test(.long, arguments: examples) func expectedWordsAgreeWithAMillionRuns(_ name: String) throws {
        try Self.check(name, runs: 1_000_000)
    }
}
