import Foundation
import StoryGraph

/// `storygraph paths STORY`: every path from the start to an ending, streamed one per line.
struct PathsCommand: Command {
    typealias Format = PathListing.Format

    static let configuration = CommandConfiguration(
        name: "paths",
        abstract: "List the paths from the start to the endings, one per line.",
        discussion: """
            Paths are written as they are found (start —[choice]→ passage —[choice]→ … \
            ending) and never held in memory together, so --limit stops early on a story \
            with billions of paths. The count of all paths (exact, or a lower bound when \
            the search stops at --budget) is written to stderr at the end; with --format \
            json it is part of the document. --format prose writes each path's text to \
            read (Markdown): its passages with the choice taken between, under the path's \
            id (a hash of its choices, as in the JSON and in diff).
            """,
        arguments: [
            ArgumentSpec(
                "STORY", help: "The story file (or several files / a folder for formats that span files).",
                repeating: true)
        ],
        options: [limitOption.spec, toOption.spec, formatOption.spec] + AnalysisOptions.specs + InputOptions.specs)

    static let limitOption = Option<Int>.integer("limit", help: "Stop after N paths.")
    static let toOption = Option.text("to", value: "ENDING", help: "Only the paths that end at this ending.")
    static let formatOption = Option<Format>.choice("format", help: "Output format.", default: .text)

    let paths: [String]
    let limit: Int?
    let ending: String?
    let format: Format
    let analysis: AnalysisOptions
    let input: InputOptions

    init(_ arguments: ParsedArguments) throws(CLIError) {
        paths = arguments.positional
        limit = arguments.value(Self.limitOption)
        ending = arguments.value(Self.toOption)
        format = arguments[Self.formatOption]
        analysis = AnalysisOptions(arguments)
        input = try InputOptions(arguments)
    }

    func run(_ terminal: Terminal) throws(CLIError) -> ExitCode {
        let result = try input.load(paths, terminal)
        let graph = StoryGraph(result.story)
        var target: Int?
        if let ending {
            guard let v = graph.indexByID[ending] else {
                throw .usage(
                    "no passage '\(ending)' in the story\(Suggestion.phrase(Self.suggestion(for: ending, graph)))",
                    command: "paths")
            }
            guard graph.isEnding[v] else {
                throw .usage("passage '\(ending)' is not an ending", command: "paths")
            }
            target = v
        }
        let total = PathListing.list(graph, to: target, limit: limit, budget: analysis.budget, format: format) {
            terminal.write($0)
        }
        if format != .json, !terminal.quiet { terminal.printError(TerminalLine(PathListing.summary(total))) }
        return .success
    }

    /// The ending `--to` was likely meant to name, else the passage.
    static func suggestion(for name: String, _ graph: StoryGraph) -> String? {
        let endings = (0..<graph.passageCount).filter { graph.isEnding[$0] }.map { graph.ids[$0] }
        return Suggestion.closest(to: name, among: endings) ?? Suggestion.closest(to: name, among: graph.ids)
    }
}
