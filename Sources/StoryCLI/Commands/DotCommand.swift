import StoryGraph
import StoryMap

/// `storygraph dot STORY`: the map as DOT text, byte-identical across runs. It is exactly
/// what `map --format dot` writes, with the same drawing options and marks.
struct DotCommand: Command {
    static let configuration = CommandConfiguration(
        name: "dot",
        abstract: "Print the story map as Graphviz DOT text.",
        discussion:
            "The text is deterministic: the same story and options give the same bytes. It is what 'map --format dot' writes.",
        arguments: MapCommand.configuration.arguments,
        options: MapCommand.configuration.options.filter {
            ![
                MapCommand.outputOption.name, MapCommand.formatOption.name, LayoutMemoryEstimate.maxMemoryOption.name,
                Watch.option.name,
            ].contains($0.name)
        })

    let map: MapCommand

    init(_ arguments: ParsedArguments) throws(CLIError) {
        map = try MapCommand(arguments, format: .dot)
    }

    func validate() throws(CLIError) {
        try map.validate()
    }

    func run(_ terminal: Terminal) throws(CLIError) -> ExitCode {
        try map.run(terminal)
    }
}
