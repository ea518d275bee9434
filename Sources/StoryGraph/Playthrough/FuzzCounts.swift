import Foundation

/// One worker's counters during a fuzz, summed into `FuzzTotals` at the end. Owns its
/// buffers (freed in `deinit`); the inner loop works on raw pointers to them.
///
/// The buffers come from `calloc`: zero pages the kernel maps when the worker first
/// touches them, so a worker costs nothing before it plays, and the pages it never
/// touches cost nothing at all. The length histogram grows with the longest run seen
/// (not `maxSteps`, a million entries on a 100,000-passage story).
///
/// Memory: O(P + C + longest run) for P passages and C slots, whatever the number of runs.
final class FuzzCounts: @unchecked Sendable {
    let layout: FuzzLayout
    /// Per passage / per slot: the runs that visited it / took it, with the stamp of the
    /// last run that did and of the last block that took the slot (the `fresh` memory),
    /// side by side, so that a step touches one cache line of each.
    let passageEntries: UnsafeMutableBufferPointer<CoverageEntry>
    let slotEntries: UnsafeMutableBufferPointer<CoverageEntry>
    /// Runs that ended at each passage; `nil` when the totals read them off the visits
    /// (`FuzzLayout.endingsFromVisits`).
    let endingRuns: UnsafeMutableBufferPointer<Int>?
    /// Runs by length in choices: `lengths[0 ..< lengthCapacity]`, grown (up to
    /// `maxSteps + 1`) when a longer run ends.
    private(set) var lengths: UnsafeMutablePointer<Int>
    private(set) var lengthCapacity: Int
    /// The smallest run number that failed at each of `layout.failingSlots` (`Int.max`: none).
    var firstFailure: [Int]
    private var stamp: UInt32 = 0

    var passageCount: Int { layout.passageCount }
    var slotCount: Int { layout.slotCount }
    var maxSteps: Int { layout.maxSteps }
    /// `direct`: the story has no calls, so that a node is its passage and a slot its
    /// choice (`PlayGraph.passageOf` and `choiceSlot` are the identity).
    var direct: Bool { layout.direct }

    /// Runs that visited each passage / took each slot.
    var passageRuns: [Int] { passageEntries.map(\.runs) }
    var slotRuns: [Int] { slotEntries.map(\.runs) }

    var stuckRuns = 0
    /// Under state: runs that stopped at a passage offering nothing (`RawOutcome.blocked`).
    var blockedRuns = 0
    /// The smallest such run numbers, at most `Fuzzer.keptRunNumbers`, ascending.
    var firstBlocked: [Int] = []
    /// Under state: how often a choice was offered on an unknown condition, and per slot
    /// whether it ever was.
    var unknownOffers = 0
    private(set) lazy var unknownSlots = [Bool](repeating: false, count: slotCount)
    var brokenLinkRuns = 0
    var dynamicLinkRuns = 0
    var totalChoices = 0
    /// The smallest stuck run numbers, at most `Fuzzer.keptRunNumbers`, ascending.
    var firstStuck: [Int] = []
    /// The smallest failed (broken or dynamic link) run numbers with their slot.
    var firstFailed: [(run: Int, slot: Int)] = []

    /// The first length histogram's size: runs longer than this are rare on most stories.
    static let initialLengthCapacity = 1_024

    init(_ layout: FuzzLayout) {
        self.layout = layout
        passageEntries = Self.zeros(layout.passageCount)
        slotEntries = Self.zeros(layout.slotCount)
        endingRuns = layout.endingsFromVisits ? nil : Self.zeros(layout.passageCount)
        lengthCapacity = min(layout.maxSteps + 1, Self.initialLengthCapacity)
        lengths = Self.zeros(lengthCapacity, Int.self).baseAddress!
        firstFailure = [Int](repeating: Int.max, count: layout.failingSlots.count)
    }

    /// A buffer of `count` zeros (at least one element, so that it has a base address),
    /// from `calloc`, whose large blocks are fresh zero pages: nothing is written here.
    private static func zeros<T>(_ count: Int, _: T.Type = T.self) -> UnsafeMutableBufferPointer<T> {
        guard let raw = calloc(max(count, 1), MemoryLayout<T>.stride) else { fatalError("out of memory") }
        return UnsafeMutableBufferPointer(start: raw.bindMemory(to: T.self, capacity: max(count, 1)), count: count)
    }

    deinit {
        free(passageEntries.baseAddress)
        free(slotEntries.baseAddress)
        free(endingRuns?.baseAddress)
        free(lengths)
    }

    /// Makes room in the histogram for a run of `steps` choices.
    ///
    /// - Complexity: O(new capacity), amortised O(1) per choice of the longest run.
    @inline(never)
    private func growLengths(toHold steps: Int) {
        let capacity = min(maxSteps + 1, max(2 * lengthCapacity, steps + 1))
        let grown = Self.zeros(capacity, Int.self).baseAddress!
        grown.update(from: lengths, count: lengthCapacity)
        free(lengths)
        lengths = grown
        lengthCapacity = capacity
    }

    /// Counts a run of `steps` choices in the histogram.
    @inline(__always)
    private func countLength(_ steps: Int) {
        if steps >= lengthCapacity { growLengths(toHold: steps) }
        lengths[steps] &+= 1
    }

    /// Plays `runs` (all of one block) and counts them.
    ///
    /// - Complexity: O(steps), no allocation except for the first few failures.
    func play(
        runs: ClosedRange<Int>, block: Int, seed: UInt64, offsets: UnsafeBufferPointer<Int32>,
        targets: UnsafeBufferPointer<Int32>, flags: UnsafeBufferPointer<UInt8>, passageOf: UnsafeBufferPointer<Int32>,
        choiceSlot: UnsafeBufferPointer<Int32>, start: Int, maxSteps: Int, fresh: Bool
    ) {
        var observer = observer(block: block, passageOf: passageOf, choiceSlot: choiceSlot, fresh: fresh)
        // The counts of every run that ended, kept in registers and this worker's own
        // buffers; the rare outcomes go through `count`.
        var choices = 0
        var lengths = lengths
        var lengthCapacity = lengthCapacity
        // Without calls an ending's runs are its visits (`FuzzLayout.endingsFromVisits`).
        let endingRuns = endingRuns?.baseAddress
        for run in runs {
            observer.stamp &+= 1
            if observer.stamp == 0 {
                resetStamps()
                observer.stamp = 1
            }
            var rng = Xoshiro256StarStar(seed: seed, run: UInt64(run))
            let outcome = RandomWalk.run(
                offsets: offsets, targets: targets, flags: flags, start: start, maxSteps: maxSteps,
                fresh: fresh, rng: &rng, observer: &observer)
            if outcome.kind == .ending {
                choices &+= outcome.steps
                if outcome.steps >= lengthCapacity {
                    growLengths(toHold: outcome.steps)
                    lengths = self.lengths
                    lengthCapacity = self.lengthCapacity
                }
                lengths[outcome.steps] &+= 1
                if let endingRuns { endingRuns[observer.passage(outcome.place)] &+= 1 }
            } else {
                count(outcome, run: run, passageOf: passageOf, choiceSlot: choiceSlot)
            }
        }
        totalChoices &+= choices
        stamp = observer.stamp
    }

    private func observer(
        block: Int, passageOf: UnsafeBufferPointer<Int32>, choiceSlot: UnsafeBufferPointer<Int32>, fresh: Bool
    ) -> CoverageObserver {
        precondition(block < Int(UInt32.max), "too many runs")
        // A story without calls has one node per passage and one slot per choice: the
        // observer then skips the two look-ups per step.
        return CoverageObserver(
            passageOf: direct ? nil : passageOf.baseAddress!, choiceSlot: direct ? nil : choiceSlot.baseAddress!,
            passages: passageEntries.baseAddress!, slots: slotEntries.baseAddress!, fresh: fresh, stamp: stamp,
            block: UInt32(block + 1))
    }

    /// Whether `map[i] == i` for every `i`.
    ///
    /// - Complexity: O(n).
    static func isIdentity(_ map: [Int32]) -> Bool {
        for i in map.indices where map[i] != Int32(truncatingIfNeeded: i) { return false }
        return true
    }

    /// Plays `runs` (all of one block) under state (`PlayPolicy.state`) with `reader`,
    /// and counts them as `play` does, with the runs stuck under state and the choices
    /// offered on an unknown condition besides.
    ///
    /// - Complexity: O(steps × (slots per passage × size of conditions + effects)).
    func playUnderState(runs: ClosedRange<Int>, block: Int, seed: UInt64, reader: inout ReaderState, maxSteps: Int) {
        let play = reader.play
        play.passageOf.withUnsafeBufferPointer { passageOf in
            play.choiceSlot.withUnsafeBufferPointer { choiceSlot in
                var observer = observer(block: block, passageOf: passageOf, choiceSlot: choiceSlot, fresh: false)
                var offered: [Int] = []
                var truths: [Truth] = []
                var unknownOffers = 0
                var unknownSlots = self.unknownSlots
                for run in runs {
                    observer.stamp &+= 1
                    if observer.stamp == 0 {
                        resetStamps()
                        observer.stamp = 1
                    }
                    var rng = Xoshiro256StarStar(seed: seed, run: UInt64(run))
                    let outcome = reader.run(
                        start: play.start, maxSteps: maxSteps, rng: &rng, observer: &observer, offered: &offered,
                        truths: &truths,
                        unknown: {
                            unknownOffers += 1
                            unknownSlots[Int(choiceSlot[$0])] = true
                        })
                    count(outcome, run: run, passageOf: passageOf, choiceSlot: choiceSlot)
                }
                self.unknownSlots = unknownSlots
                self.unknownOffers += unknownOffers
                stamp = observer.stamp
            }
        }
    }

    /// Counts one run's outcome (the plain walk never returns `blocked`).
    @inline(__always)
    private func count(
        _ outcome: RawOutcome, run: Int, passageOf: UnsafeBufferPointer<Int32>, choiceSlot: UnsafeBufferPointer<Int32>
    ) {
        totalChoices &+= outcome.steps
        countLength(outcome.steps)
        switch outcome.kind {
        case .ending:
            if let endingRuns { endingRuns[Int(passageOf[outcome.place])] &+= 1 }
        case .stuck:
            stuckRuns += 1
            if firstStuck.count < Fuzzer.keptRunNumbers { firstStuck.append(run) }
        case .blocked:
            blockedRuns += 1
            if firstBlocked.count < Fuzzer.keptRunNumbers { firstBlocked.append(run) }
        case .brokenLink, .dynamicLink:
            if outcome.kind == .brokenLink { brokenLinkRuns += 1 } else { dynamicLinkRuns += 1 }
            let failing = layout.failingIndex(ofChoiceSlot: choiceSlot[outcome.place])
            if firstFailure[failing] > run { firstFailure[failing] = run }
            if firstFailed.count < Fuzzer.keptRunNumbers { firstFailed.append((run, outcome.place)) }
        }
    }

    private func resetStamps() {
        for i in passageEntries.indices { passageEntries[i].stamp = 0 }
        for i in slotEntries.indices { slotEntries[i].stamp = 0 }
    }
}

/// One passage's or slot's coverage in a worker: runs that reached it, and the stamps
/// of the last run that did and (slots, `fresh`) of the last block that took it.
struct CoverageEntry {
    var stamp: UInt32 = 0
    var block: UInt32 = 0
    var runs = 0
}

/// Counts, for each passage and choice, the runs that reached it: a run stamp per entry
/// makes the count once per run without clearing anything between runs. Nodes count
/// for their passage and slots for their choice's first slot (`PlayGraph.choiceSlot`),
/// so a callee's passage met in two copies is one passage visited; with no calls (nil
/// maps) a node is its passage and a slot its choice.
struct CoverageObserver: RunObserver {
    let passageOf: UnsafePointer<Int32>?
    let choiceSlot: UnsafePointer<Int32>?
    let passages: UnsafeMutablePointer<CoverageEntry>
    let slots: UnsafeMutablePointer<CoverageEntry>
    /// Whether the block stamps are kept (only `fresh` reads them).
    let fresh: Bool
    var stamp: UInt32
    let block: UInt32

    @inline(__always)
    func passage(_ node: Int) -> Int { passageOf.map { Int($0[node]) } ?? node }

    @inline(__always)
    func choice(_ slot: Int) -> Int { choiceSlot.map { Int($0[slot]) } ?? slot }

    @inline(__always)
    mutating func visit(_ node: Int) {
        let entry = passages + passage(node)
        entry.pointee.runs &+= entry.pointee.stamp != stamp ? 1 : 0
        entry.pointee.stamp = stamp
    }

    @inline(__always)
    mutating func take(_ slot: Int) {
        let entry = slots + choice(slot)
        entry.pointee.runs &+= entry.pointee.stamp != stamp ? 1 : 0
        entry.pointee.stamp = stamp
        if fresh { entry.pointee.block = block }
    }

    @inline(__always)
    func isNewToBlock(_ slot: Int) -> Bool { slots[choice(slot)].block != block }

    @inline(__always)
    func isNewToRun(_ slot: Int) -> Bool { slots[choice(slot)].stamp != stamp }
}
