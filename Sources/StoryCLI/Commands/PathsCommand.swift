import Foundation
import StoryGraph

/// `storygraph paths STORY`: every path from the start to an ending, streamed one per line.
struct PathsCommand: Command {
    enum Format: String, CaseIterable { case text, json }

    static let configuration = CommandConfiguration(
        name: "paths",
        abstract: "List the paths from the start to the endings, one per line.",
        discussion: """
            Paths are written as they are found (start —[choice]→ passage —[choice]→ … \
            ending) and never held in memory together, so --limit stops early on a story \
            with billions of paths. The count of all paths (exact, or a lower bound when \
            the search stops at --budget) is written to stderr at the end; with --format \
            json it is part of the document.
            """,
        arguments: [ArgumentSpec("STORY", help: "The story file (or several files / a folder for formats that span files).", repeating: true)],
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
                throw .usage("no passage '\(ending)' in the story\(Suggestion.phrase(Self.suggestion(for: ending, graph)))", command: "paths")
            }
            guard graph.isEnding[v] else {
                throw .usage("passage '\(ending)' is not an ending", command: "paths")
            }
            target = v
        }
        let reachability = Reachability(graph)
        var printed = 0
        var reachedLimit = false
        // Streamed, so written by hand; `Schemas/paths.schema.json` says what it holds.
        if format == .json { terminal.write("{\n  \"schema_version\": \(ReportDocument.schemaVersion),\n  \"paths\": [") }
        for path in PathEnumerator(graph, to: target, reachability: reachability) {
            if let limit, printed >= limit { reachedLimit = true; break }
            switch format {
            case .text:
                terminal.print(TerminalLine(path.description(in: graph)))
            case .json:
                let passages = path.passages.map { Self.quoted(graph.ids[$0]) }.joined(separator: ", ")
                let choices = path.passages.indices.dropLast().map { i in
                    Self.quoted(graph.choice(ofEdge: path.edges[i], from: path.passages[i]).text)
                }.joined(separator: ", ")
                terminal.write((printed == 0 ? "\n" : ",\n") + "    {\"passages\": [\(passages)], \"choices\": [\(choices)]}")
            }
            printed += 1
        }
        // The total comes last: the stream above never waits for it.
        let counts = PathCounts(
            graph, components: StronglyConnectedComponents(graph), reachability: reachability,
            budget: analysis.budget)
        let total = target.map { counts.perEnding[$0] } ?? counts.total
        let exact = counts.isExact || (!reachedLimit && BigUInt(UInt64(printed)) >= total)
        let shownTotal = exact && !counts.isExact ? BigUInt(UInt64(printed)) : total
        switch format {
        case .text:
            if !terminal.quiet {
                let of = exact ? shownTotal.formatted() : "at least \(shownTotal.formatted())"
                let noun = shownTotal == 1 ? "path" : "paths"
                terminal.printError(reachedLimit ? "printed \(printed) of \(of) \(noun)" : "\(of) \(noun)")
            }
        case .json:
            terminal.write((printed == 0 ? "" : "\n  ") + "],\n  \"printed\": \(printed),\n  \"total\": \"\(shownTotal)\",\n  \"exact\": \(exact),\n  \"unbounded_walks\": \(counts.unboundedWalks)\n}\n")
        }
        return .success
    }

    /// The ending `--to` was likely meant to name, else the passage.
    static func suggestion(for name: String, _ graph: StoryGraph) -> String? {
        let endings = (0..<graph.passageCount).filter { graph.isEnding[$0] }.map { graph.ids[$0] }
        return Suggestion.closest(to: name, among: endings) ?? Suggestion.closest(to: name, among: graph.ids)
    }

    static func quoted(_ text: String) -> String {
        String(decoding: JSONOutput.encode(text), as: UTF8.self)
    }
}
