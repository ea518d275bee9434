/// One random reader's way through a story: the choices taken, in order, and how the
/// run ended.
public struct Playthrough: Sendable, Hashable {
    /// How a run stops.
    public enum Outcome: Sendable, Hashable {
        /// The reader reached this ending (a restart on it would start a new run).
        case ending(passage: Int)
        /// The reader reached no ending: it took `maxSteps` choices (the cap caught it at
        /// `passage`), or fewer and then found no choice it could take at `passage`
        /// (every one once-only and taken, and no fallback; or, under `PlayPolicy.state`, no
        /// condition held: `isOutOfChoices`).
        case stuck(passage: Int)
        /// The reader took a choice whose target does not exist.
        case brokenLink(ChoiceRef)
        /// The reader took a choice whose target is computed at run time: storygraph
        /// cannot follow it, so the run fails there.
        case dynamicLink(ChoiceRef)

        /// Whether the run failed (anything but an ending).
        package var isFailure: Bool {
            if case .ending = self { return false }
            return true
        }
    }

    /// One choice taken: from `passage`, the choice `choice`.
    public struct Step: Sendable, Hashable {
        public var passage: Int
        public var choice: ChoiceRef
    }

    /// The run's number in its fuzz (1-based), when it was played as one.
    package let run: Int?
    public let steps: [Step]
    public let outcome: Outcome
    /// The step cap the run was played with.
    package let maxSteps: Int
    /// The slot (`PlayGraph` numbering) of each step: what replays the run's state.
    package let slots: [Int]

    /// Whether the run stopped stuck before the cap: no choice was left to take.
    package var isOutOfChoices: Bool {
        if case .stuck = outcome { return steps.count < maxSteps }
        return false
    }

    /// Plays one run with a generator of the caller's. With `fresh`, the run prefers the
    /// choices it has not taken yet itself (it is a block of one run).
    ///
    /// - Complexity: O(steps) for `uniform`, O(steps × choices per passage) for `fresh`,
    ///   plus O(C) for the fresh memory.
    public init(
        _ graph: PlayGraph, policy: PlayPolicy = .uniform, maxSteps: Int? = nil,
        using rng: inout some RandomNumberGenerator
    ) {
        var observer = RecordingObserver(graph)
        observer.recording = true
        let cap = maxSteps ?? Fuzzer.defaultMaxSteps(passages: graph.passageCount)
        let raw: RawOutcome
        if policy == .state {
            var reader = ReaderState(graph)
            var offered: [Int] = []
            var truths: [Truth] = []
            raw = reader.run(
                start: graph.start, maxSteps: cap, rng: &rng, observer: &observer, offered: &offered, truths: &truths,
                unknown: { _ in })
        } else {
            raw = Self.play(graph, policy: policy, maxSteps: cap, rng: &rng, observer: &observer)
        }
        self.init(graph, run: nil, raw: raw, observer: observer, maxSteps: cap)
    }

    /// Plays run number `run` (1-based) of a fuzz with this seed, exactly as
    /// `Fuzzer(seed:policy:maxSteps:)` plays it on any number of threads: the run's own
    /// generator is `Xoshiro256StarStar(seed: seed, run: run)`, and for `fresh` the
    /// earlier runs of its block are played first (silently) to rebuild the memory of
    /// choices already taken.
    ///
    /// - Complexity: O(steps) for `uniform`; for `fresh`, the steps of up to
    ///   `Fuzzer.freshBlockSize` runs.
    public init(_ graph: PlayGraph, seed: UInt64, run: Int, policy: PlayPolicy = .uniform, maxSteps: Int? = nil) {
        precondition(run >= 1, "runs are numbered from 1")
        let cap = maxSteps ?? Fuzzer.defaultMaxSteps(passages: graph.passageCount)
        var observer = RecordingObserver(graph)
        if policy == .fresh {
            let blockStart = (run - 1) / Fuzzer.freshBlockSize * Fuzzer.freshBlockSize + 1
            for earlier in blockStart..<run {
                var rng = Xoshiro256StarStar(seed: seed, run: UInt64(earlier))
                _ = Self.play(graph, policy: policy, maxSteps: cap, rng: &rng, observer: &observer)
            }
        }
        observer.recording = true
        if policy == .state {
            var reader = ReaderState(graph)
            var rng = Xoshiro256StarStar(seed: seed, run: UInt64(run))
            var offered: [Int] = []
            var truths: [Truth] = []
            let raw = reader.run(
                start: graph.start, maxSteps: cap, rng: &rng, observer: &observer, offered: &offered, truths: &truths,
                unknown: { _ in })
            self.init(graph, run: run, raw: raw, observer: observer, maxSteps: cap)
            return
        }
        var rng = Xoshiro256StarStar(seed: seed, run: UInt64(run))
        let raw = Self.play(graph, policy: policy, maxSteps: cap, rng: &rng, observer: &observer)
        self.init(graph, run: run, raw: raw, observer: observer, maxSteps: cap)
    }

    /// Plays a run with the seeded default generator: run 1 of seed `seed`.
    public init(_ graph: PlayGraph, seed: UInt64 = 1, policy: PlayPolicy = .uniform, maxSteps: Int? = nil) {
        self.init(graph, seed: seed, run: 1, policy: policy, maxSteps: maxSteps)
    }

    private init(_ graph: PlayGraph, run: Int?, raw: RawOutcome, observer: RecordingObserver, maxSteps: Int) {
        self.run = run
        self.maxSteps = maxSteps
        self.slots = observer.slots
        var steps: [Step] = []
        steps.reserveCapacity(observer.slots.count)
        for (i, slot) in observer.slots.enumerated() {
            steps.append(Step(passage: graph.graph.passageOf[observer.passages[i]], choice: graph.refs[slot]))
        }
        self.steps = steps
        // Nodes are told by passage: a copy of a callee's passage is that passage.
        switch raw.kind {
        case .ending: outcome = .ending(passage: graph.graph.passageOf[raw.place])
        case .stuck, .blocked: outcome = .stuck(passage: graph.graph.passageOf[raw.place])
        case .brokenLink: outcome = .brokenLink(graph.refs[raw.place])
        case .dynamicLink: outcome = .dynamicLink(graph.refs[raw.place])
        }
    }

    private static func play<R: RandomNumberGenerator>(
        _ graph: PlayGraph, policy: PlayPolicy, maxSteps: Int, rng: inout R, observer: inout RecordingObserver
    ) -> RawOutcome {
        observer.takenInRun.removeAll(keepingCapacity: true)
        return graph.offsets.withUnsafeBufferPointer { offsets in
            graph.targets.withUnsafeBufferPointer { targets in
                graph.flags.withUnsafeBufferPointer { flags in
                    RandomWalk.run(
                        offsets: offsets, targets: targets, flags: flags, start: graph.start, maxSteps: maxSteps,
                        fresh: policy == .fresh, rng: &rng, observer: &observer)
                }
            }
        }
    }

    /// The number of choices taken.
    package var choiceCount: Int { steps.count }
}

/// Records a run's passages and slots (when `recording`), and remembers the slots taken
/// by the block and by the current run for the `fresh` policy.
///
/// "Taken" is told per choice, as the fuzzer's `CoverageObserver` tells it: a slot counts
/// as its choice's first slot (`PlayGraph.choiceSlot`), so a once-only choice of a callee
/// taken in one copy is used up in every copy, and a replay takes the run's own steps.
struct RecordingObserver: RunObserver {
    var recording = false
    var passages: [Int] = []
    var slots: [Int] = []
    var takenInBlock: [Bool]
    var takenInRun: Set<Int32> = []
    let choiceSlot: [Int32]

    init(_ graph: PlayGraph) {
        takenInBlock = [Bool](repeating: false, count: graph.slotCount)
        choiceSlot = graph.choiceSlot
    }

    mutating func visit(_ passage: Int) { if recording { passages.append(passage) } }

    mutating func take(_ slot: Int) {
        let choice = choiceSlot[slot]
        takenInBlock[Int(choice)] = true
        takenInRun.insert(choice)
        if recording { slots.append(slot) }
    }

    func isNewToBlock(_ slot: Int) -> Bool { !takenInBlock[Int(choiceSlot[slot])] }

    func isNewToRun(_ slot: Int) -> Bool { !takenInRun.contains(choiceSlot[slot]) }
}
