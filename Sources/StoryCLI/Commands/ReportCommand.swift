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
            still reach an ending. JSON keys are documented in Examples/README-analysis.md.
            """,
        arguments: [ArgumentSpec("STORY", help: "The story file (or several files / a folder for formats that span files).", repeating: true)],
        options: [OptionSpec.choice("format", Format.self, help: "Output format.", default: .text)]
            + AnalysisOptions.specs + InputOptions.specs)

    let paths: [String]
    let format: Format
    let analysis: AnalysisOptions
    let input: InputOptions

    init(_ arguments: ParsedArguments) throws(CLIError) {
        paths = arguments.positional
        format = arguments.choice("format", as: Format.self) ?? .text
        analysis = try AnalysisOptions(arguments)
        input = InputOptions(arguments)
    }

    func run(_ terminal: Terminal) throws(CLIError) -> ExitCode {
        let result = try input.load(paths, terminal, allowErrors: true)
        let graph = StoryGraph(result.story)
        let options = StoryAnalysis.Options(budget: analysis.budget, maxCycles: analysis.maxCycles)
        let report = Report(StoryAnalysis(graph, loadDiagnostics: result.diagnostics, options: options))
        switch format {
        case .text: terminal.write(report.text())
        case .json: terminal.write(report.json())
        case .markdown: terminal.write(report.markdown())
        }
        return .success
    }
}
