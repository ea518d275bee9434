import Foundation

/// How much work the analyses whose cost can explode (simple paths and elementary
/// cycles of a cyclic story) may spend before they stop and report a lower bound.
///
/// The budget is counted in *steps* (one edge followed by a search), so the same story
/// and budget give the same figures on any machine; a deadline of twice the nominal time,
/// in the searching thread's CPU time, guards against a slow machine or a debug build (in
/// CPU time, not by the wall clock, so that other work on a busy machine does not cut a
/// search short and change its figures). `seconds` converts to steps at each search's
/// measured rate in a release build.
public struct AnalysisBudget: Sendable, Hashable {
    /// Steps a release build of the simple-path search follows per second, at the least:
    /// 150 million on the 100,000-passage gamebook (`generate gamebook 100000 --seed 1`),
    /// 240 to 330 million on smaller stories (December 2026, a loaded 2-core machine).
    package static let pathStepsPerSecond = 100_000_000
    /// Steps of Johnson's cycle search per second, at the least (each costs more: blocking
    /// lists and the re-splitting of components): 72 million on a random story of 300
    /// passages with 3 choices each, 143 million on 14 passages all linked to all.
    package static let cycleStepsPerSecond = 40_000_000
    /// The budget `report` uses unless told otherwise, shared by both searches: half of
    /// it, 5,000,000 steps of the simple-path search (0.02 to 0.035 s of a release build),
    /// and 2,000,000 of the cycle search (0.015 to 0.03 s).
    @usableFromInline package static let defaultSeconds = 0.1

    package var seconds: Double
    /// A fixed number of steps, whatever the search; `nil` to convert `seconds` at each
    /// search's own rate.
    package var steps: Int?

    public init(seconds: Double = AnalysisBudget.defaultSeconds, steps: Int? = nil) {
        self.seconds = seconds
        self.steps = steps
    }

    /// A budget with no limit (tests on small stories).
    package static let unlimited = AnalysisBudget(seconds: .infinity, steps: Int.max / 2)

    /// This budget split in `parts` equal shares.
    package func share(_ parts: Int) -> AnalysisBudget {
        AnalysisBudget(seconds: seconds / Double(parts), steps: steps.map { $0 / parts })
    }

    /// The steps a search that follows `rate` steps a second may take.
    func steps(atRate rate: Int) -> Int {
        if let steps { return steps }
        return Int(min(seconds * Double(rate), Double(Int.max / 2)))
    }

    /// A running count of steps against the budget.
    package struct Meter: Sendable {
        package let limit: Int
        package private(set) var used = 0
        private let deadline: UInt64
        private var nextCheck: Int
        package private(set) var exhausted = false

        init(_ budget: AnalysisBudget, rate: Int) {
            limit = budget.steps(atRate: rate)
            let nanos = budget.seconds * 2e9
            deadline =
                nanos.isFinite && nanos < 1e18
                ? AnalysisBudget.threadCPUNanoseconds() + UInt64(max(0, nanos)) : UInt64.max
            nextCheck = min(limit, 1 << 16)
        }

        /// Counts `n` steps; returns false once the budget is spent (and from then on).
        @inline(__always)
        package mutating func spend(_ n: Int = 1) -> Bool {
            used &+= n
            if used < nextCheck { return true }
            return check()
        }

        private mutating func check() -> Bool {
            if exhausted { return false }
            if used >= limit || (deadline != .max && AnalysisBudget.threadCPUNanoseconds() >= deadline) {
                exhausted = true
                return false
            }
            nextCheck = min(limit, used + (1 << 16))
            return true
        }
    }

    /// A meter for a search that follows about `rate` steps a second.
    package func meter(rate: Int) -> Meter { Meter(self, rate: rate) }

    /// The CPU time of the calling thread (a search runs on one): the clock of every
    /// search's deadline and of the analyses' timings.
    package static func threadCPUNanoseconds() -> UInt64 {
        var time = timespec()
        guard clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time) == 0 else { return DispatchTime.now().uptimeNanoseconds }
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }
}
