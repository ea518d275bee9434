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
    @usableFromInline enum Kind: UInt8 { case ending, stuck, brokenLink, dynamicLink }
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
        offsets: UnsafeBufferPointer<Int32>, targets: UnsafeBufferPointer<Int32>,
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
}
