import StoryGraph

/// `storygraph dot STORY`: the map as DOT text, byte-identical across runs.
struct DotCommand: Command {
    static let configuration = CommandConfiguration(
        name: "dot",
        abstract: "Print the story map as Graphviz DOT text.",
        discussion: "The text is deterministic: the same story and options give the same bytes.",
        arguments: [ArgumentSpec("STORY", help: "The story file (or several files / a folder for formats that span files).", repeating: true)],
        options: MapStyleOptions.specs + InputOptions.specs)

    let paths: [String]
    let input: InputOptions
    let style: MapStyleOptions

    init(_ arguments: ParsedArguments) throws(CLIError) {
        paths = arguments.positional
        input = InputOptions(arguments)
        style = try MapStyleOptions(arguments)
    }

    func run(_ terminal: Terminal) throws(CLIError) -> ExitCode {
        let result = try input.load(paths, terminal)
        terminal.write(DOTExporter(StoryGraph(result.story), options: style.options).dot())
        return .success
    }
}
