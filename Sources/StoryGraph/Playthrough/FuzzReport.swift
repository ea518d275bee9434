/// What a fuzz found: where the runs went and how they ended. Every figure is an
/// integer count (shares are computed from them), so the report is the same, bit for
/// bit, whatever the number of threads that played the runs.
public struct FuzzReport: Sendable {
    /// A run that failed at a link, with the link.
    package struct FailedRun: Sendable, Hashable {
        package var run: Int
        package var choice: ChoiceRef
    }

    /// A broken or dynamic link some runs took.
    package struct FailedLink: Sendable, Hashable {
        package var choice: ChoiceRef
        package var isDynamic: Bool
        /// Runs that took it (each failed there).
        package var runs: Int
        /// The smallest run number that took it.
        package var firstRun: Int
    }

    /// Run length statistics in choices, from the histogram; percentiles by nearest rank
    /// (the smallest length at least that share of runs do not exceed).
    package struct LengthStatistics: Sendable, Hashable {
        package var min: Int
        package var mean: Double
        package var median: Int
        package var p90: Int
        package var p99: Int
        package var max: Int
    }

    package let graph: PlayGraph
    public let runs: Int
    public let seed: UInt64
    package let policy: PlayPolicy
    package let maxSteps: Int
    /// Runs that visited each passage at least once.
    public let passageRuns: [Int]
    /// Runs that took each slot's choice (`graph.refs[slot]`) at least once (slots of one
    /// choice in several copies of a callee all show the choice's count).
    package let choiceRuns: [Int]
    /// Runs that ended at each passage.
    public let endingRuns: [Int]
    public let stuckRuns: Int
    /// Under `PlayPolicy.state`: runs that stopped at a passage that is not an ending and
    /// offered no choice (no condition held, or the once-only ones were used up), and the
    /// smallest of their run numbers; a structural trap shows in `stuckRuns` instead.
    package let blockedRuns: Int
    package let firstBlockedRuns: [Int]
    /// Under `PlayPolicy.state`: how many times a choice was offered because its
    /// condition was unknown (a call, text not parsed), and those choices, in story order.
    package let unknownOffers: Int
    package let unknownChoices: [ChoiceRef]
    package let brokenLinkRuns: Int
    package let dynamicLinkRuns: Int
    /// Choices taken over all runs.
    package let totalChoices: Int
    /// Runs by length in choices, indices `0 ... the longest run` (empty with no runs).
    package let lengthCounts: [Int]
    /// Runs by length in choices, indices `0 ... maxSteps`.
    ///
    /// - Complexity: O(maxSteps).
    package var lengthHistogram: [Int] {
        lengthCounts + [Int](repeating: 0, count: maxSteps + 1 - lengthCounts.count)
    }
    /// The smallest stuck run numbers (at most `Fuzzer.keptRunNumbers`).
    package let firstStuckRuns: [Int]
    /// The smallest run numbers that failed at a broken or dynamic link.
    package let firstFailedRuns: [FailedRun]
    /// Every broken or dynamic link some run took, in story order.
    package let failedLinks: [FailedLink]

    /// - Complexity: O(P + C) for P passages and C slots; O(F) for the fragments' and the
    ///   callees' copies' counts when the story has none.
    init(
        graph: PlayGraph, runs: Int, seed: UInt64, policy: PlayPolicy, maxSteps: Int, totals: consuming FuzzTotals,
        layout: FuzzLayout
    ) {
        self.graph = graph
        self.runs = runs
        self.seed = seed
        self.policy = policy
        self.maxSteps = maxSteps
        var passageRuns = totals.passageRuns
        // A fragment is seen when a passage that shows it is: it counts the runs of the
        // busiest one (exact when one passage shows it, a lower bound otherwise).
        let story = graph.graph
        if story.shownPassages.contains(where: { story.isFragment[$0] }) {
            for v in 0..<graph.passageCount where passageRuns[v] > 0 {
                for f in story.shown(in: v) where story.isFragment[f] {
                    passageRuns[f] = max(passageRuns[f], passageRuns[v])
                }
            }
        }
        self.passageRuns = passageRuns
        // A choice met in several slots (copies of a callee) is counted at its first one.
        var choiceRuns = totals.slotRuns
        if !layout.direct {
            for s in choiceRuns.indices where !graph.isChoiceSlot(s) {
                choiceRuns[s] = choiceRuns[Int(graph.choiceSlot[s])]
            }
        }
        self.choiceRuns = choiceRuns
        endingRuns = totals.endingRuns
        stuckRuns = totals.stuckRuns
        blockedRuns = totals.blockedRuns
        firstBlockedRuns = totals.firstBlocked
        unknownOffers = totals.unknownOffers
        let unknownSlots = totals.unknownSlots
        unknownChoices =
            unknownSlots.isEmpty
            ? [] : (0..<graph.slotCount).filter { unknownSlots[$0] && graph.isChoiceSlot($0) }.map { graph.refs[$0] }
        brokenLinkRuns = totals.brokenLinkRuns
        dynamicLinkRuns = totals.dynamicLinkRuns
        totalChoices = totals.totalChoices
        lengthCounts = totals.lengths
        firstStuckRuns = totals.firstStuck
        firstFailedRuns = totals.firstFailed.map { FailedRun(run: $0.run, choice: graph.refs[$0.slot]) }
        var failedLinks: [FailedLink] = []
        for (i, slot) in layout.failingSlots.lazy.map({ Int($0) }).enumerated()
        where graph.targets[slot] < 0 && choiceRuns[slot] > 0 {
            failedLinks.append(
                FailedLink(
                    choice: graph.refs[slot], isDynamic: graph.targets[slot] == PlayGraph.dynamicTarget,
                    runs: choiceRuns[slot], firstRun: totals.firstFailure[i]))
        }
        self.failedLinks = failedLinks
    }

    /// Runs that reached an ending.
    public var endedRuns: Int { runs - stuckRuns - blockedRuns - brokenLinkRuns - dynamicLinkRuns }
    /// Whether every run reached an ending.
    package var allEnded: Bool { endedRuns == runs }

    /// The number of passages visited by at least one run.
    package var passagesVisited: Int { passageRuns.count { $0 > 0 } }
    /// The number of choices (that a reader can pick) taken by at least one run.
    package var choicesTaken: Int { choiceRuns.indices.count { choiceRuns[$0] > 0 && graph.isChoiceSlot($0) } }
    /// Passages no run visited, in story order.
    package var neverVisitedPassages: [Int] { passageRuns.indices.filter { passageRuns[$0] == 0 } }
    /// Choices no run took, in story order.
    package var neverTakenChoices: [ChoiceRef] {
        choiceRuns.indices.filter { choiceRuns[$0] == 0 && graph.isChoiceSlot($0) }.map { graph.refs[$0] }
    }
    /// Runs that took this choice (0 for one a reader cannot pick).
    public func runs(taking choice: ChoiceRef) -> Int { graph.slot(of: choice).map { choiceRuns[$0] } ?? 0 }

    /// - Complexity: O(maxSteps).
    package var lengthStatistics: LengthStatistics? {
        guard runs > 0 else { return nil }
        var minimum = -1
        var maximum = 0
        var sum = 0
        for (length, count) in lengthCounts.enumerated() where count > 0 {
            if minimum < 0 { minimum = length }
            maximum = length
            sum += length * count
        }
        func percentile(_ percent: Int) -> Int {
            let rank = max(1, (runs * percent + 99) / 100) // ⌈runs · percent / 100⌉
            var seen = 0
            for (length, count) in lengthCounts.enumerated() {
                seen += count
                if seen >= rank { return length }
            }
            return maximum
        }
        return LengthStatistics(
            min: minimum, mean: Double(sum) / Double(runs), median: percentile(50), p90: percentile(90),
            p99: percentile(99), max: maximum)
    }
}
