import Foundation
import StoryGraph
import StoryHTML
import StoryMap
import StoryRender

/// `storygraph report STORY`: every analysis in one report, as text, JSON, Markdown or an
/// interactive HTML page (`StoryHTML`).
struct ReportCommand: WatchableCommand {
    enum Format: String, CaseIterable { case text, json, markdown, html }

    static let configuration = CommandConfiguration(
        name: "report",
        abstract: "Count paths and endings, find loops, traps and bottlenecks, and list problems.",
        discussion: """
            Paths are counted exactly (arbitrary precision). On a story with loops, simple \
            paths and cycles are searched within --budget and reported as lower bounds when \
            the search stops; 'unbounded walks: yes' means a reader can loop for ever and \
            still reach an ending. JSON keys are documented in Documentation/analysis.md \
            and checked against Schemas/report.schema.json. --format html writes one \
            self-contained page (no network): the map to pan, zoom, search and click, a \
            panel per passage, the sortable endings table and the findings; --heat adds \
            a fuzz run's visits.
            """,
        arguments: [
            ArgumentSpec(
                "STORY", help: "The story file (or several files / a folder for formats that span files).",
                repeating: true)
        ],
        options: [formatOption.spec, outputOption.spec, timingsOption.spec, Watch.option.spec] + AnalysisOptions.specs
            + [AnalysisOptions.maxCyclesOption.spec] + AnalysisOptions.stateSpecs
            + [
                MapOverlayOptions.heat.spec, MapOverlayOptions.runs.spec, MapOverlayOptions.seed.spec,
                MapOverlayOptions.policy.spec,
            ]
            + InputOptions.specs)

    static let formatOption = Option<Format>.choice("format", help: "Output format.", default: .text)
    static let timingsOption = Option.flag(
        "timings",
        help:
            "Write the time each step took to stderr (wall and CPU), with the state search's states a second; the JSON's state object gets its seconds and rate too.")
    static let outputOption = Option.text(
        "output", short: "o", value: "FILE", help: "Write the report here instead of stdout. " + OutputFile.helpNote)

    let paths: [String]
    let format: Format
    let analysis: AnalysisOptions
    let input: InputOptions
    let timings: Bool
    let maxCycles: Int
    let stateBudget: StateAnalysis.Budget
    let output: String?
    /// `--heat` (HTML only): the fuzz run whose visits the page shows.
    let heat: MapOverlays.Heat?
    let problems: [String]
    let watches: Bool
    var watchedPaths: [String] { paths }
    var writtenPaths: [String] { output.map { [$0] } ?? [] }

    init(_ arguments: ParsedArguments) throws(CLIError) {
        watches = arguments[Watch.option]
        timings = arguments[Self.timingsOption]
        paths = arguments.positional
        format = arguments[Self.formatOption]
        analysis = AnalysisOptions(arguments)
        maxCycles = arguments[AnalysisOptions.maxCyclesOption]
        stateBudget = AnalysisOptions.stateBudget(arguments)
        input = try InputOptions(arguments)
        output = arguments.value(Self.outputOption)
        var problems: [String] = []
        if arguments[MapOverlayOptions.heat] {
            heat = MapOverlays.Heat(
                runs: arguments[MapOverlayOptions.runs], seed: arguments[MapOverlayOptions.seed],
                policy: arguments[MapOverlayOptions.policy])
            if format != .html { problems.append("--heat needs --format html") }
        } else {
            heat = nil
            let given = [
                (MapOverlayOptions.runs.name, arguments.has(MapOverlayOptions.runs)),
                (MapOverlayOptions.seed.name, arguments.has(MapOverlayOptions.seed)),
                (MapOverlayOptions.policy.name, arguments.has(MapOverlayOptions.policy)),
            ]
            for (name, isGiven) in given where isGiven { problems.append("option '--\(name)' of report needs --heat") }
        }
        self.problems = problems
    }

    func validate() throws(CLIError) {
        if let first = problems.first { throw .usage(first, command: "report") }
        try Watch.validate(self)
    }

    func run(_ terminal: Terminal) throws(CLIError) -> ExitCode {
        var steps: [(name: String, seconds: Double)] = []
        // The CPU time of every step (the analysis times its own, each search on its
        // thread): on a shared machine the wall time of a step says little.
        var cpu: [String: Double] = [:]
        func timed<T>(_ name: String, _ work: () throws(CLIError) -> T) throws(CLIError) -> T {
            let begin = DispatchTime.now().uptimeNanoseconds
            let cpuBegin = Self.processCPUSeconds()
            let result = try work()
            steps.append((name, Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e9))
            cpu[name] = Self.processCPUSeconds() - cpuBegin
            return result
        }
        let result = try timed("load") { () throws(CLIError) in try input.load(paths, terminal, printFindings: false) }
        let graph = try timed("graph") { StoryGraph(result.story) }
        let options = StoryAnalysis.Options(
            budget: analysis.budget, maxCycles: maxCycles, disabledRules: input.disabled, stateBudget: stateBudget)
        let analysed = StoryAnalysis(graph, loadDiagnostics: result.diagnostics, options: options)
        for step in analysed.timings {
            steps.append((step.name, step.seconds))
            cpu[step.name] = step.cpu
        }
        var report = try timed("report") { Report(analysed) }
        // The state search's CPU time and rate, asked for: in the JSON's `state` too.
        if timings, let state = analysed.state { report.state?.timing = .init(state) }
        let graphvizBefore = GraphvizRenderer.secondsInGraphviz
        // The page is bytes from end to end (41 MB for 10,000 passages): never a String.
        let bytes = try timed("render") { () throws(CLIError) in
            switch format {
            case .text: Data(report.text().utf8)
            case .json: Data(report.json().utf8)
            case .markdown: Data(report.markdown().utf8)
            case .html: try page(analysed, terminal)
            }
        }
        if format == .html {
            // The peer of the page's own time: Graphviz's share of `render` (layout and
            // rendering of every map on the page).
            let graphviz = GraphvizRenderer.secondsInGraphviz
            steps.append(("  graphviz", graphviz.wall - graphvizBefore.wall))
            cpu["  graphviz"] = graphviz.cpu - graphvizBefore.cpu
        }
        if let output {
            try OutputFile.write(bytes, to: output, terminal: terminal)
            if !terminal.quiet, OutputFile.standardDescriptor(output) == nil {
                terminal.printError("wrote \(output) (\(format.rawValue), \(bytes.count) bytes)")
            }
        } else {
            terminal.write(data: bytes)
        }
        if timings {
            for step in steps {
                terminal.printError(
                    TerminalLine(
                        step.name.padding(toLength: 20, withPad: " ", startingAt: 0)
                            + String(format: "%9.1f ms", step.seconds * 1000)
                            + (cpu[step.name].map { String(format: "  cpu %9.1f ms", $0 * 1000) } ?? "")))
            }
            if let state = analysed.state {
                terminal.printError(TerminalLine("state search: " + state.rateDescription))
            }
        }
        return .success
    }

    /// The CPU time the process has used so far, every thread's (user and system).
    private static func processCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The page, its map laid out as `map` lays it out (under the same memory ceiling),
    /// drawn from this analysis (the state search is not run again).
    private func page(_ analysis: StoryAnalysis, _ terminal: Terminal) throws(CLIError) -> Data {
        let drawn: DrawnMap
        do {
            drawn = try MapDrawing.draw(
                MapAnalysis(analysis), MapRequest(format: .html, overlays: MapOverlays(heat: heat)))
        } catch {
            if case .memory(let refusal) = error { throw MapCommand.refused(refusal, story: paths[0]) }
            throw .failure(error.description)
        }
        if !terminal.quiet { for warning in drawn.warnings { terminal.printError("warning: \(warning)") } }
        return drawn.data
    }
}
