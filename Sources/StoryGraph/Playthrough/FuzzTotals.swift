import Dispatch
import Foundation

/// What every worker of one fuzz counts, and how: built once before the workers start,
/// shared read-only.
struct FuzzLayout: Sendable {
    let passageCount: Int
    let slotCount: Int
    let maxSteps: Int
    /// The story has no calls: a node is its passage and a slot its choice
    /// (`PlayGraph.passageOf` and `choiceSlot` are the identity; `PlayGraph` numbers the
    /// copies of callees' passages after the passages, and only they share choices).
    let direct: Bool
    /// The runs that ended at a passage are the runs that visited it when it has no
    /// slots and it is not counted under state: without calls a node with no slots is
    /// a passage, a run that enters it ends there (the walks test "no slots" before
    /// anything else) and enters it once. The workers then do not count endings.
    let endingsFromVisits: Bool
    /// The choice slots (`PlayGraph.choiceSlot`) of the broken and dynamic links' slots,
    /// ascending, each once: where a failed run is counted, so the only slots with a first
    /// failed run.
    let failingSlots: [Int32]

    /// - Complexity: O(C) for C slots.
    init(_ graph: PlayGraph, maxSteps: Int, policy: PlayPolicy) {
        passageCount = graph.passageCount
        slotCount = graph.slotCount
        self.maxSteps = maxSteps
        direct = graph.nodeCount == graph.passageCount
        assert(!direct || (FuzzCounts.isIdentity(graph.passageOf) && FuzzCounts.isIdentity(graph.choiceSlot)))
        endingsFromVisits = direct && policy != .state
        var failing: [Int32] = []
        graph.targets.withUnsafeBufferPointer { targets in
            for slot in targets.indices where targets[slot] < 0 { failing.append(graph.choiceSlot[slot]) }
        }
        if !direct { failing = Array(Set(failing)).sorted() }
        failingSlots = failing
    }

    /// The index in `failingSlots` of a failing choice slot.
    ///
    /// - Complexity: O(log F) for F failing choices.
    func failingIndex(ofChoiceSlot slot: Int32) -> Int {
        var low = 0
        var high = failingSlots.count
        while low < high {
            let middle = (low + high) / 2
            if failingSlots[middle] < slot { low = middle + 1 } else { high = middle }
        }
        precondition(low < failingSlots.count && failingSlots[low] == slot, "a run failed at a slot that is no link")
        return low
    }
}

/// The workers' counters summed: what `FuzzReport` is built from. Sums of integers and
/// smallest run numbers, so the totals do not depend on which worker played which block.
struct FuzzTotals {
    /// Runs that visited each passage / took each slot / ended at each passage.
    var passageRuns: [Int]
    var slotRuns: [Int]
    var endingRuns: [Int]
    /// Runs by length in choices, `0 ... the longest run` (empty with no runs).
    var lengths: [Int]
    /// The smallest run number that failed at each of `FuzzLayout.failingSlots`.
    var firstFailure: [Int]
    var stuckRuns = 0
    var blockedRuns = 0
    var firstBlocked: [Int] = []
    var unknownOffers = 0
    /// Per slot, whether a choice was offered there on an unknown condition (empty
    /// when none was).
    var unknownSlots: [Bool] = []
    var brokenLinkRuns = 0
    var dynamicLinkRuns = 0
    var totalChoices = 0
    var firstStuck: [Int] = []
    var firstFailed: [(run: Int, slot: Int)] = []

    /// Sums the workers' counters, each array cut in slices summed by `jobs` threads
    /// at once (the arrays are megabytes on a big story: summed on one thread, they
    /// took as long as the runs). The result is the same for any `jobs`.
    ///
    /// - Complexity: O(W × (P + C + longest run) / jobs) time for W workers.
    init(_ workers: [FuzzCounts], layout: FuzzLayout, offsets: [Int32], jobs: Int) {
        let passages = layout.passageCount
        let visits = Self.summed(count: passages, jobs: jobs) { range, out in
            Self.add(workers.map { UnsafePointer($0.passageEntries.baseAddress!) }, range, out)
        }
        passageRuns = visits
        slotRuns = Self.summed(count: layout.slotCount, jobs: jobs) { range, out in
            Self.add(workers.map { UnsafePointer($0.slotEntries.baseAddress!) }, range, out)
        }
        endingRuns = Self.summed(count: passages, jobs: jobs) { range, out in
            if layout.endingsFromVisits {
                offsets.withUnsafeBufferPointer { offsets in
                    for i in range { out[i] = offsets[i] == offsets[i + 1] ? visits[i] : 0 }
                }
            } else {
                Self.add(workers.map { UnsafePointer($0.endingRuns!.baseAddress!) }, range, out)
            }
        }
        // The histogram up to the longest run any worker played.
        var longest = -1
        for worker in workers {
            for length in stride(from: worker.lengthCapacity - 1, to: longest, by: -1) where worker.lengths[length] != 0
            {
                longest = length
                break
            }
        }
        lengths = Self.summed(count: longest + 1, jobs: jobs) { range, out in
            for i in range { out[i] = 0 }
            for worker in workers {
                for i in range.clamped(to: 0..<worker.lengthCapacity) { out[i] &+= worker.lengths[i] }
            }
        }
        firstFailure = [Int](repeating: Int.max, count: layout.failingSlots.count)
        for worker in workers {
            for i in firstFailure.indices { firstFailure[i] = min(firstFailure[i], worker.firstFailure[i]) }
            stuckRuns += worker.stuckRuns
            blockedRuns += worker.blockedRuns
            unknownOffers += worker.unknownOffers
            if worker.unknownOffers > 0 {
                if unknownSlots.isEmpty { unknownSlots = [Bool](repeating: false, count: layout.slotCount) }
                for i in unknownSlots.indices where worker.unknownSlots[i] { unknownSlots[i] = true }
            }
            brokenLinkRuns += worker.brokenLinkRuns
            dynamicLinkRuns += worker.dynamicLinkRuns
            totalChoices += worker.totalChoices
            firstStuck += worker.firstStuck
            firstBlocked += worker.firstBlocked
            firstFailed += worker.firstFailed
        }
        firstStuck = Array(firstStuck.sorted().prefix(Fuzzer.keptRunNumbers))
        firstBlocked = Array(firstBlocked.sorted().prefix(Fuzzer.keptRunNumbers))
        firstFailed = Array(firstFailed.sorted { $0.run < $1.run }.prefix(Fuzzer.keptRunNumbers))
    }

    /// `out[i]` = the sum of `counts[w][i]` over the workers `w`, for `i` in `range`.
    @inline(__always)
    private static func add(_ counts: [UnsafePointer<Int>], _ range: Range<Int>, _ out: UnsafeMutablePointer<Int>) {
        for i in range { out[i] = 0 }
        for worker in counts {
            for i in range { out[i] &+= worker[i] }
        }
    }

    /// `out[i]` = the sum of the runs of `entries[w][i]` over the workers `w`.
    @inline(__always)
    private static func add(
        _ entries: [UnsafePointer<CoverageEntry>], _ range: Range<Int>, _ out: UnsafeMutablePointer<Int>
    ) {
        for i in range { out[i] = 0 }
        for worker in entries {
            for i in range { out[i] &+= worker[i].runs }
        }
    }

    /// An array of `count` integers, `fill(range, out)` writing `out[i]` for each `i` of
    /// its range: slices of at least `minimumSlice` filled by up to `jobs` threads.
    ///
    /// - Complexity: O(count / jobs) time, plus the fills'.
    private static func summed(
        count: Int, jobs: Int, _ fill: @escaping @Sendable (Range<Int>, UnsafeMutablePointer<Int>) -> Void
    ) -> [Int] {
        guard count > 0 else { return [] }
        return [Int](unsafeUninitializedCapacity: count) { buffer, initialized in
            let out = SharedPointer(base: buffer.baseAddress!)
            // A few slices per thread, so that a thread the machine delays does not hold
            // the others up; none smaller than a few pages.
            let slices = max(1, min(4 * jobs, count / minimumSlice))
            if slices == 1 || jobs == 1 {
                fill(0..<count, out.base)
            } else {
                DispatchQueue.concurrentPerform(iterations: slices) { k in
                    fill(count * k / slices..<count * (k + 1) / slices, out.base)
                }
            }
            initialized = count
        }
    }

    /// The smallest slice summed on a thread of its own.
    static let minimumSlice = 4_096
}

/// A pointer the merge's threads write through, each to its own slice.
private struct SharedPointer: @unchecked Sendable {
    let base: UnsafeMutablePointer<Int>
}
