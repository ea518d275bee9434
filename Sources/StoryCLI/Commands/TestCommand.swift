import Foundation
import StoryFormats
import StoryGraph

/// `storygraph test STORY…`: the writer's expectations (the `"expect"` list of the
/// `storygraph.json` beside the story, or `--expect FILE`) proven, refuted with a
/// playthrough, or left unknown, with one state search.
struct TestCommand: WatchableCommand {
    typealias Format = ExpectationCheck.Format

    static let configuration = CommandConfiguration(
        name: "test",
        abstract: "Prove or refute the writer's expectations (storygraph.json) over every reader.",
        discussion: """
            The expectations are the "expect" list of the storygraph.json beside the story (or \
            of --expect FILE): reachable PASSAGE, unreachable PASSAGE, always EXPRESSION (on \
            every state a reader can be in), at_endings EXPRESSION, before {first, then}, \
            every_ending_reachable and words_per_playthrough {min, max} (the expected words of a \
            playthrough, a reader picking at random), expressions written in the story's own \
            language. One \
            condition-aware search checks them all: an expectation holds when proven over every \
            reachable state (the search complete), fails with the shortest playthrough that \
            breaks it (the choices, the values at each step, and the numbers to type in \
            'storygraph play' to replay it), or is unknown when the search stopped at its budget \
            (--max-states, --state-budget), met a computed link, or had to assume a condition it \
            cannot decide. Exit code 0 when all hold, 1 when one fails, 2 when none fails but one \
            is unknown; 64 for an expectation that cannot be read (named, with its line).
            """,
        arguments: [
            ArgumentSpec(
                "STORY", help: "The story file (or several files / a folder for formats that span files).",
                repeating: true)
        ],
        options: [expectOption.spec, formatOption.spec, timingsOption.spec] + AnalysisOptions.stateSpecs
            + [Watch.option.spec]
            + InputOptions.specs)

    static let expectOption = Option.text(
        "expect", value: "FILE",
        help:
            "Read the expectations from FILE (a JSON object with an \"expect\" list), not the storygraph.json beside the story."
    )
    static let formatOption = Option<Format>.choice(
        "format", help: "Output format (junit: JUnit XML for CI test tabs; sarif: SARIF 2.1.0).", default: .text)
    static let timingsOption = Option.flag(
        "timings", help: "Write the state search's time and states a second to stderr (and, in JSON, to \"search\").")

    let paths: [String]
    let expectFile: String?
    let format: Format
    let timings: Bool
    let input: InputOptions
    let stateBudget: StateAnalysis.Budget
    let watches: Bool
    /// The story and its expectations: a change to either runs the test again.
    var watchedPaths: [String] { paths + [expectFile ?? ExpectationFile.beside(paths)].compactMap { $0 } }
    var writtenPaths: [String] { [] }

    init(_ arguments: ParsedArguments) throws(CLIError) {
        paths = arguments.positional
        expectFile = arguments.value(Self.expectOption)
        format = arguments[Self.formatOption]
        timings = arguments[Self.timingsOption]
        input = try InputOptions(arguments)
        stateBudget = AnalysisOptions.stateBudget(arguments)
        watches = arguments[Watch.option]
    }

    func validate() throws(CLIError) {
        try Watch.validate(self)
    }

    /// One run: load, read the expectations, search, print.
    func run(_ terminal: Terminal) throws(CLIError) -> ExitCode {
        let result = try input.load(paths, terminal)
        let graph = StoryGraph(result.story)
        guard let file = expectFile ?? ExpectationFile.beside(paths) else {
            throw .usage(
                "no expectations: no \(ExpectationFile.name) beside the story; write one with an \"expect\" list, or give --expect FILE",
                command: "test")
        }
        let expectations: [StoryExpectation]
        do throws(ExpectationFile.Failure) {
            expectations = try ExpectationFile.read(file, graph: graph)
        } catch {
            throw .usage(error.message, command: "test")
        }
        let check = ExpectationCheck(graph, expectations, budget: stateBudget)
        switch format {
        case .text: terminal.write(check.text(storyArguments: paths, expectFile: file))
        case .json: terminal.write(check.json(storyArguments: paths, expectFile: file, timings: timings))
        case .junit: terminal.write(check.junit(storyArguments: paths, expectFile: file))
        case .sarif:
            terminal.write(
                check.sarif(tool: CheckCommand.tool, currentFolder: FileManager.default.currentDirectoryPath))
        }
        if format != .text, !terminal.quiet { terminal.printError(TerminalLine(check.summary)) }
        if timings { terminal.printError(TerminalLine("state search: " + check.analysis.rateDescription)) }
        switch check.verdict {
        case .holds: return .success
        case .fails: return .findings
        case .unknown: return .unknown
        }
    }
}
