import Foundation
import StoryGraph

/// `storygraph report STORY`: every analysis in one report, as text, JSON or Markdown.
struct ReportCommand: Command {
    enum Format: String, CaseIterable { case text, json, markdown }

    static let configuration = CommandConfiguration(
        name: "report",
        abstract: "Count paths and endings, find loops, traps and bottlenecks, and list problems.",
        discussion: """
            Paths are counted exactly (arbitrary precision). On a story with loops, simple \
            paths and cycles are searched within --budget and reported as lower bounds when \
            the search stops; 'unbounded walks: yes' means a reader can loop for ever and \
            still reach an ending. JSON keys are documented in Examples/README-analysis.md \
            and checked against Schemas/report.schema.json.
            """,
        arguments: [ArgumentSpec("STORY", help: "The story file (or several files / a folder for formats that span files).", repeating: true)],
        options: [formatOption.spec, timingsOption.spec] + AnalysisOptions.specs
            + [AnalysisOptions.maxCyclesOption.spec, AnalysisOptions.maxStatesOption.spec] + InputOptions.specs)

    static let formatOption = Option<Format>.choice("format", help: "Output format.", default: .text)
    static let timingsOption = Option.flag("timings", help: "Write the time each step took to stderr.")

    let paths: [String]
    let format: Format
    let analysis: AnalysisOptions
    let input: InputOptions
    let timings: Bool
    let maxCycles: Int
    let stateBudget: StateAnalysis.Budget

    init(_ arguments: ParsedArguments) throws(CLIError) {
        timings = arguments[Self.timingsOption]
        paths = arguments.positional
        format = arguments[Self.formatOption]
        analysis = AnalysisOptions(arguments)
        maxCycles = arguments[AnalysisOptions.maxCyclesOption]
        stateBudget = AnalysisOptions.stateBudget(arguments)
        input = try InputOptions(arguments)
    }

    func run(_ terminal: Terminal) throws(CLIError) -> ExitCode {
        var steps: [(name: String, seconds: Double)] = []
        func timed<T>(_ name: String, _ work: () throws(CLIError) -> T) throws(CLIError) -> T {
            let begin = DispatchTime.now().uptimeNanoseconds
            let result = try work()
            steps.append((name, Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e9))
            return result
        }
        let result = try timed("load") { () throws(CLIError) in try input.load(paths, terminal, printFindings: false) }
        let graph = try timed("graph") { StoryGraph(result.story) }
        let options = StoryAnalysis.Options(
            budget: analysis.budget, maxCycles: maxCycles, disabledRules: input.disabled, stateBudget: stateBudget)
        let analysed = StoryAnalysis(graph, loadDiagnostics: result.diagnostics, options: options)
        steps += analysed.timings
        let report = try timed("report") { Report(analysed) }
        let text = try timed("render") {
            switch format {
            case .text: report.text()
            case .json: report.json()
            case .markdown: report.markdown()
            }
        }
        terminal.write(text)
        if timings {
            for step in steps {
                terminal.printError(step.name.padding(toLength: 14, withPad: " ", startingAt: 0) + String(format: "%9.1f ms", step.seconds * 1000))
            }
        }
        return .success
    }
}
