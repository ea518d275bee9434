/// What the inner loop tells about a run as it goes: the fuzzer counts coverage, a
/// replay writes a transcript. Both see exactly the same calls for the same run, which
/// is what makes `--replay I` print run I of the fuzz.
@usableFromInline
protocol RunObserver {
    /// The run arrives at a passage (the start included).
    mutating func visit(_ passage: Int)
    /// The run takes a slot (`PlayGraph` numbering).
    mutating func take(_ slot: Int)
    /// For the `fresh` policy: whether no run of the current block (this run or an
    /// earlier one) has taken the slot yet.
    func isNewToBlock(_ slot: Int) -> Bool
    /// For the `fresh` policy: whether this run has not taken the slot yet.
    func isNewToRun(_ slot: Int) -> Bool
}

/// How one run ended, as the inner loop reports it.
@usableFromInline
struct RawOutcome {
    /// `blocked`: under state, a node that is not an ending offers nothing.
    @usableFromInline enum Kind: UInt8 { case ending, stuck, brokenLink, dynamicLink, blocked }
    @usableFromInline var kind: Kind
    /// The ending or stuck passage, or the failed slot.
    @usableFromInline var place: Int
    /// Choices taken.
    @usableFromInline var steps: Int

    @inlinable init(_ kind: Kind, _ place: Int, _ steps: Int) {
        self.kind = kind
        self.place = place
        self.steps = steps
    }
}

/// The inner loop of every playthrough, shared by the fuzzer and the single-run API.
@usableFromInline
enum RandomWalk {
    /// Plays one run: from `start`, pick a slot by the policy, stop at an ending (a
    /// passage with no slots), at a broken or dynamic link, or after `maxSteps` choices
    /// without an ending (stuck). One draw of `rng` per choice, whatever the policy.
    ///
    /// - Complexity: O(steps) for `uniform`; O(steps × choices per passage) for `fresh`.
    ///   No allocation, no reference counting: the arrays are unsafe buffers.
    @inlinable @inline(__always)
    static func run<R: RandomNumberGenerator, O: RunObserver>(
        offsets: UnsafeBufferPointer<Int32>, targets: UnsafeBufferPointer<Int32>, flags: UnsafeBufferPointer<UInt8>,
        start: Int, maxSteps: Int, fresh: Bool, rng: inout R, observer: inout O
    ) -> RawOutcome {
        if !flags.isEmpty {
            return runWithFlags(
                offsets: offsets, targets: targets, flags: flags, start: start, maxSteps: maxSteps, fresh: fresh,
                rng: &rng, observer: &observer)
        }
        var v = start
        var steps = 0
        observer.visit(v)
        while true {
            let lo = Int(offsets[v])
            let hi = Int(offsets[v &+ 1])
            if lo == hi { return RawOutcome(.ending, v, steps) }
            if steps == maxSteps { return RawOutcome(.stuck, v, steps) }
            let count = hi &- lo
            var slot: Int
            if fresh {
                // Prefer slots new to the block, then slots new to this run, then any.
                var untaken = 0
                for s in lo..<hi where observer.isNewToBlock(s) { untaken &+= 1 }
                let byBlock = untaken > 0
                if !byBlock {
                    for s in lo..<hi where observer.isNewToRun(s) { untaken &+= 1 }
                }
                if untaken > 0 {
                    var k = Int(truncatingIfNeeded: rng.bounded(UInt64(untaken)))
                    slot = lo
                    while true {
                        if byBlock ? observer.isNewToBlock(slot) : observer.isNewToRun(slot) {
                            if k == 0 { break }
                            k &-= 1
                        }
                        slot &+= 1
                    }
                } else {
                    slot = lo &+ Int(truncatingIfNeeded: rng.bounded(UInt64(count)))
                }
            } else {
                slot = lo &+ Int(truncatingIfNeeded: rng.bounded(UInt64(count)))
            }
            observer.take(slot)
            steps &+= 1
            let target = targets[slot]
            if target < 0 {
                return RawOutcome(target == PlayGraph.brokenTarget ? .brokenLink : .dynamicLink, slot, steps)
            }
            v = Int(target)
            observer.visit(v)
        }
    }

    /// `run` for a story with once-only or fallback choices (`PlayGraph.flags`): at each
    /// passage the reader may pick the slots that are not once-only slots this run took
    /// already and not fallbacks; when there are none, the fallbacks not used up; when
    /// there are none either, the run is stuck there (ink's "out of content"). Among the
    /// allowed slots the policy picks as in `run`. One draw of `rng` per choice.
    ///
    /// - Complexity: O(steps × choices per passage).
    @inlinable
    static func runWithFlags<R: RandomNumberGenerator, O: RunObserver>(
        offsets: UnsafeBufferPointer<Int32>, targets: UnsafeBufferPointer<Int32>, flags: UnsafeBufferPointer<UInt8>,
        start: Int, maxSteps: Int, fresh: Bool, rng: inout R, observer: inout O
    ) -> RawOutcome {
        var v = start
        var steps = 0
        observer.visit(v)
        while true {
            let lo = Int(offsets[v])
            let hi = Int(offsets[v &+ 1])
            if lo == hi { return RawOutcome(.ending, v, steps) }
            if steps == maxSteps { return RawOutcome(.stuck, v, steps) }
            // Tier 0: ordinary slots still allowed; tier 1: fallbacks still allowed.
            func allowed(_ s: Int, _ tier: Int) -> Bool {
                let f = flags[s]
                if f & PlayGraph.onceOnlyFlag != 0 && !observer.isNewToRun(s) { return false }
                return (f & PlayGraph.fallbackFlag != 0) == (tier == 1)
            }
            var tier = 0
            var count = 0
            for s in lo..<hi where allowed(s, 0) { count &+= 1 }
            if count == 0 {
                tier = 1
                for s in lo..<hi where allowed(s, 1) { count &+= 1 }
            }
            if count == 0 { return RawOutcome(.stuck, v, steps) }
            // With `fresh`: prefer the allowed slots new to the block, then new to the run.
            var filter = 0
            if fresh {
                var n = 0
                for s in lo..<hi where allowed(s, tier) && observer.isNewToBlock(s) { n &+= 1 }
                if n > 0 {
                    filter = 1
                    count = n
                } else {
                    for s in lo..<hi where allowed(s, tier) && observer.isNewToRun(s) { n &+= 1 }
                    if n > 0 {
                        filter = 2
                        count = n
                    }
                }
            }
            var k = Int(truncatingIfNeeded: rng.bounded(UInt64(count)))
            var slot = lo
            while true {
                let ok =
                    allowed(slot, tier)
                    && (filter == 0 || (filter == 1 ? observer.isNewToBlock(slot) : observer.isNewToRun(slot)))
                if ok {
                    if k == 0 { break }
                    k &-= 1
                }
                slot &+= 1
            }
            observer.take(slot)
            steps &+= 1
            let target = targets[slot]
            if target < 0 {
                return RawOutcome(target == PlayGraph.brokenTarget ? .brokenLink : .dynamicLink, slot, steps)
            }
            v = Int(target)
            observer.visit(v)
        }
    }
}
