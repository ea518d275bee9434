import Foundation

/// The time each step of a command took, for `--timings`: wall time and the CPU time of
/// the whole process (every thread) during the step. On a shared machine the wall time
/// of a step says little; the CPU time says what the step cost.
struct StepTimes {
    private var steps: [(name: String, seconds: Double, cpu: Double)] = []

    /// Runs `work` and records its time as `name`.
    mutating func timed<T, E: Error>(_ name: String, _ work: () throws(E) -> T) throws(E) -> T {
        let begin = DispatchTime.now().uptimeNanoseconds
        let cpuBegin = Self.processCPUSeconds()
        let result = try work()
        add(
            name, seconds: Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e9,
            cpu: Self.processCPUSeconds() - cpuBegin)
        return result
    }

    /// Records a step timed elsewhere.
    mutating func add(_ name: String, seconds: Double, cpu: Double) { steps.append((name, seconds, cpu)) }

    /// One line per step on stderr, as `report --timings` writes them.
    func print(to terminal: Terminal) {
        for step in steps {
            terminal.printError(
                TerminalLine(
                    step.name.padding(toLength: 20, withPad: " ", startingAt: 0)
                        + String(format: "%9.1f ms  cpu %9.1f ms", step.seconds * 1000, step.cpu * 1000)))
        }
    }

    /// The CPU time the process has used so far, every thread's (user and system).
    static func processCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
