import Dispatch
import Foundation
import Synchronization

/// Plays a story many times at random, in parallel, and counts where the readers went.
///
/// Run *i* (1-based) draws from `Xoshiro256StarStar(seed: seed, run: i)`, so the report is
/// the same, byte for byte, on any machine and any number of threads. Runs are cut in
/// blocks of `freshBlockSize`; workers (one per job) take blocks from a shared counter,
/// each with its own counters, and the counters are merged at the end: sums of integers
/// and the smallest run numbers, which do not depend on the order.
public struct Fuzzer: Sendable {
    /// The unit of work, and the memory of the `fresh` policy: a run of that policy
    /// avoids the choices taken by the earlier runs of its block.
    package static let freshBlockSize = 1024
    /// How many stuck and failed run numbers the report keeps (the smallest ones).
    package static let keptRunNumbers = 10

    public var runs: Int
    public var seed: UInt64
    public var policy: PlayPolicy
    /// The step cap; `nil` for `defaultMaxSteps(passages:)`.
    package var maxSteps: Int?
    /// Worker threads; `nil` for one per core.
    package var jobs: Int?

    public init(
        runs: Int = 10_000, seed: UInt64 = 1, policy: PlayPolicy = .uniform, maxSteps: Int? = nil, jobs: Int? = nil
    ) {
        precondition(runs >= 0, "runs must not be negative")
        precondition(maxSteps.map { $0 >= 1 } ?? true, "the step cap must be at least 1")
        self.runs = runs
        self.seed = seed
        self.policy = policy
        self.maxSteps = maxSteps
        self.jobs = jobs
    }

    /// 1,000 choices, or 10 per passage for stories longer than 100 passages.
    package static func defaultMaxSteps(passages: Int) -> Int { max(1_000, 10 * passages) }

    /// Plays the runs with a base seed drawn from the caller's generator (the report
    /// names that seed, so the fuzz can be played again with `seed:`).
    public func run(
        _ graph: PlayGraph, using rng: inout some RandomNumberGenerator, progress: (@Sendable (Int) -> Void)? = nil
    ) -> FuzzReport {
        var seeded = self
        seeded.seed = rng.next()
        return seeded.run(graph, progress: progress)
    }

    /// Plays the runs with `seed`. `progress`, if given, is called from the workers with
    /// the number of runs done so far, once per block.
    ///
    /// - Complexity: O(total steps / jobs) time (O(total steps × choices per passage)
    ///   for `fresh`); O(jobs × (P + C + the longest run)) memory, whatever the number of runs.
    public func run(_ graph: PlayGraph, progress: (@Sendable (Int) -> Void)? = nil) -> FuzzReport {
        run(graph, progress: progress, workers: nil, phases: nil)
    }

    /// One worker's share of a fuzz, for the timings line: the choices it played and the
    /// CPU time of its thread while it played them.
    package struct WorkerTime: Sendable {
        package var choices: Int
        package var cpuSeconds: Double
    }

    /// A step of a fuzz, for `--timings`: its wall time and the CPU time of the whole
    /// process (every thread) during it.
    package struct PhaseTime: Sendable {
        package var name: String
        package var seconds: Double
        package var cpuSeconds: Double
    }

    /// `run(_:progress:)`, telling `workers` (if given) each worker's `WorkerTime`, in
    /// no particular order, and `phases` the time of each step in order: `set-up` (on
    /// one thread), `runs` (the workers), `merge` (the workers' counters summed, in
    /// slices on `jobs` threads), `result` (the report's tables). Timings only: the
    /// report does not depend on them.
    package func run(
        _ graph: PlayGraph, progress: (@Sendable (Int) -> Void)?, workers timings: (@Sendable (WorkerTime) -> Void)?,
        phases: ((PhaseTime) -> Void)? = nil
    ) -> FuzzReport {
        var phaseClock = PhaseClock()
        let cap = maxSteps ?? Self.defaultMaxSteps(passages: graph.passageCount)
        let blocks = (runs + Self.freshBlockSize - 1) / Self.freshBlockSize
        let workers = max(1, min(jobs ?? ProcessInfo.activeProcessors, max(blocks, 1)))
        let nextBlock = Atomic<Int>(0)
        let done = Atomic<Int>(0)
        let results = Mutex<[FuzzCounts]>([])
        let task = FuzzTask(graph: graph, runs: runs, seed: seed, fresh: policy == .fresh, maxSteps: cap)
        // Under state: the conditions and effects compiled once, a reader per worker.
        let model = policy == .state ? StateModel(graph.graph) : nil
        let layout = FuzzLayout(graph, maxSteps: cap, policy: policy)
        phaseClock.lap("set-up", phases)
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            let cpuStart = Self.threadCPUSeconds()
            // Everything a worker writes is its own: its counters (allocated by this
            // thread), its reader, its generators; the shared arrays are only read.
            let counts = FuzzCounts(layout)
            var reader = model.map { ReaderState(graph, model: $0) }
            while true {
                let block = nextBlock.add(1, ordering: .relaxed).oldValue
                guard block < blocks else { break }
                let played =
                    reader != nil
                    ? task.play(block: block, into: counts, reader: &reader!) : task.play(block: block, into: counts)
                if let progress {
                    progress(done.add(played, ordering: .relaxed).newValue)
                }
            }
            timings?(WorkerTime(choices: counts.totalChoices, cpuSeconds: Self.threadCPUSeconds() - cpuStart))
            results.withLock { $0.append(counts) }
        }
        phaseClock.lap("runs", phases)
        let totals = FuzzTotals(results.withLock { $0 }, layout: layout, offsets: graph.offsets, jobs: workers)
        phaseClock.lap("merge", phases)
        let report = FuzzReport(
            graph: graph, runs: runs, seed: seed, policy: policy, maxSteps: cap, totals: totals, layout: layout)
        phaseClock.lap("result", phases)
        return report
    }
}

/// Wall and process CPU time since the last lap.
private struct PhaseClock {
    private var wall = DispatchTime.now().uptimeNanoseconds
    private var cpu = PhaseClock.processCPUSeconds()

    mutating func lap(_ name: String, _ report: ((Fuzzer.PhaseTime) -> Void)?) {
        guard let report else { return }
        let nowWall = DispatchTime.now().uptimeNanoseconds
        let nowCPU = Self.processCPUSeconds()
        report(Fuzzer.PhaseTime(name: name, seconds: Double(nowWall - wall) / 1e9, cpuSeconds: nowCPU - cpu))
        wall = nowWall
        cpu = nowCPU
    }

    static func processCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }
}

extension Fuzzer {
    /// The CPU time of the calling thread, in seconds.
    static func threadCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }
}

/// What one fuzz plays: shared read-only by the workers.
struct FuzzTask: Sendable {
    let graph: PlayGraph
    let runs: Int
    let seed: UInt64
    let fresh: Bool
    let maxSteps: Int

    /// Plays the runs of one block under state into `counts`; returns how many.
    ///
    /// - Complexity: O(steps of the block's runs × the work of a step under state).
    func play(block: Int, into counts: FuzzCounts, reader: inout ReaderState) -> Int {
        let first = block * Fuzzer.freshBlockSize + 1
        let last = min(runs, first + Fuzzer.freshBlockSize - 1)
        guard first <= last else { return 0 }
        counts.playUnderState(runs: first...last, block: block, seed: seed, reader: &reader, maxSteps: maxSteps)
        return last - first + 1
    }

    /// Plays the runs of one block into `counts`; returns how many.
    ///
    /// - Complexity: O(steps of the block's runs).
    func play(block: Int, into counts: FuzzCounts) -> Int {
        let first = block * Fuzzer.freshBlockSize + 1
        let last = min(runs, first + Fuzzer.freshBlockSize - 1)
        guard first <= last else { return 0 }
        graph.offsets.withUnsafeBufferPointer { offsets in
            graph.targets.withUnsafeBufferPointer { targets in
                graph.flags.withUnsafeBufferPointer { flags in
                    graph.passageOf.withUnsafeBufferPointer { passageOf in
                        graph.choiceSlot.withUnsafeBufferPointer { choiceSlot in
                            counts.play(
                                runs: first...last, block: block, seed: seed, offsets: offsets, targets: targets,
                                flags: flags, passageOf: passageOf, choiceSlot: choiceSlot, start: graph.start,
                                maxSteps: maxSteps, fresh: fresh)
                        }
                    }
                }
            }
        }
        return last - first + 1
    }
}

extension ProcessInfo {
    static var activeProcessors: Int { ProcessInfo.processInfo.activeProcessorCount }
}
