import Foundation
import Synchronization
import StoryGraph

/// `storygraph fuzz STORY`: many seeded random playthroughs, their outcomes beside the
/// exact odds, coverage, and the runs that failed; `--replay I` tells one run.
struct FuzzCommand: Command {
    typealias OutputFormat = FuzzReport.Format

    static let configuration = CommandConfiguration(
        name: "fuzz",
        abstract: "Play the story many times at random and report where readers went.",
        discussion: """
            Run I of seed S is the same on every machine and with any --jobs, so the output \
            is byte-identical across thread counts; timings go to stderr. Exit code 1 when a \
            run got stuck at the step cap or took a broken or computed link, with the run \
            numbers to replay with --replay. With --policy state each run starts from the \
            story's initial values and is offered only the choices whose condition holds in \
            its state (a condition storygraph cannot decide is offered, and counted); a run at \
            a passage that offers nothing is stuck under state (exit code 1), and --replay \
            shows the variables each step changes.
            """,
        arguments: [
            ArgumentSpec(
                "STORY", help: "The story file (or several files / a folder for formats that span files).",
                repeating: true)
        ],
        options: [
            runsOption.spec, seedOption.spec, maxStepsOption.spec, policyOption.spec, jobsOption.spec,
            formatOption.spec, replayOption.spec, timingsOption.spec,
        ] + InputOptions.specs)

    static let runsOption = Option<Int>.integer(
        "runs", short: "n", help: "How many runs to play.", default: 10_000, in: 1...Int(Int32.max) * 1024)
    static let seedOption = Option<UInt64>.seed(short: "s", help: "The seed (0 to 2^64 − 1).")
    static let maxStepsOption = Option<Int>.integer(
        "max-steps", value: "K", help: "Stop a run as stuck after K choices.",
        shownDefault: "1000, or 10 × the passages",
        in: 1...100_000_000)
    static let policyOption = Option<PlayPolicy>.choice(
        "policy",
        help:
            "uniform: every choice equally likely; fresh: prefer choices not taken yet; state: only the choices whose condition holds, effects applied.",
        default: .uniform)
    static let jobsOption = Option<Int>.integer(
        "jobs", short: "j", value: "J", help: "Worker threads.", shownDefault: "one per core", in: 1...1024)
    static let formatOption = Option<OutputFormat>.choice("format", help: "Report format.", default: .text)
    static let replayOption = Option<Int>.integer(
        "replay", value: "I", help: "Print run I (from 1) of the seed as a transcript instead of fuzzing.",
        in: 1...Int.max)

    static let timingsOption = Option.flag(
        "timings", help: "Write the time each step took (wall and the process's CPU) to stderr.")

    let paths: [String]
    let input: InputOptions
    let runs: Int
    let seed: UInt64
    let maxSteps: Int?
    let policy: PlayPolicy
    let jobs: Int?
    let format: OutputFormat
    let replay: Int?
    let timings: Bool

    init(_ arguments: ParsedArguments) throws(CLIError) {
        paths = arguments.positional
        input = try InputOptions(arguments)
        runs = arguments[Self.runsOption]
        seed = arguments[Self.seedOption]
        maxSteps = arguments.value(Self.maxStepsOption)
        policy = arguments[Self.policyOption]
        jobs = arguments.value(Self.jobsOption)
        format = arguments[Self.formatOption]
        replay = arguments.value(Self.replayOption)
        timings = arguments[Self.timingsOption]
    }

    func run(_ terminal: Terminal) throws(CLIError) -> ExitCode {
        var steps = StepTimes()
        let result = try steps.timed("load") { () throws(CLIError) in try input.load(paths, terminal) }
        let graph = steps.timed("graph") { StoryGraph(result.story) }
        let play = steps.timed("play graph") { PlayGraph(graph) }
        if let replay { return replayRun(replay, play, terminal) }

        let fuzzer = Fuzzer(runs: runs, seed: seed, policy: policy, maxSteps: maxSteps, jobs: jobs)
        let bar = ProgressBar(terminal: terminal, total: runs, unit: "runs")
        let clock = ContinuousClock()
        let started = clock.now
        var progress: (@Sendable (Int) -> Void)? = nil
        if let bar { progress = { done in bar.update(done) } }
        let workerTimes = Mutex<[Fuzzer.WorkerTime]>([])
        var phases: [Fuzzer.PhaseTime] = []
        let report = fuzzer.run(
            play, progress: progress, workers: { time in workerTimes.withLock { $0.append(time) } },
            phases: { phases.append($0) })
        let elapsed = clock.now - started
        for phase in phases { steps.add("fuzz " + phase.name, seconds: phase.seconds, cpu: phase.cpuSeconds) }
        bar?.finish()
        let odds = steps.timed("odds") { policy == .uniform ? EndingOdds(graph) : nil }
        let replay = FuzzReport.Replay(command: "storygraph fuzz \(paths.joined(separator: " "))", maxSteps: maxSteps)
        let text = steps.timed("render") { report.rendered(format, odds: odds, replay: replay) }
        terminal.write(text)
        if timings { steps.print(to: terminal) }
        if !terminal.quiet {
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
            let perSecond = { (count: Int) in seconds > 0 ? NumberText.rate(Double(count) / seconds) : "∞" }
            // Each worker's own speed by the CPU time of its thread: on a busy machine the
            // wall clock waits for other processes, this does not.
            let times = workerTimes.withLock { $0 }.sorted { $0.cpuSeconds > $1.cpuSeconds }
            let each = times.map { time in
                (time.cpuSeconds > 0 ? NumberText.rate(Double(time.choices) / time.cpuSeconds) : "∞")
                    + " in \(NumberText.fixed(time.cpuSeconds, decimals: 3)) s"
            }
            terminal.printError(
                TerminalLine(
                    "fuzz: \(NumberText.grouped(runs)) runs, \(NumberText.grouped(report.totalChoices)) choices in \(NumberText.fixed(seconds, decimals: 3)) s "
                        + "(\(perSecond(runs)) runs/s, \(perSecond(report.totalChoices)) choices/s); "
                        + "per worker, choices per CPU second: " + each.joined(separator: ", ")))
        }
        return report.allEnded ? .success : .findings
    }

    private func replayRun(_ run: Int, _ play: PlayGraph, _ terminal: Terminal) -> ExitCode {
        let playthrough = Playthrough(play, seed: seed, run: run, policy: policy, maxSteps: maxSteps)
        terminal.write(Transcript(playthrough, of: play, seed: seed, policy: policy).rendered(format))
        return playthrough.outcome.isFailure ? .findings : .success
    }
}
