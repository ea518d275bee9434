/// Every subcommand of `storygraph`, in the order help lists them. A new command is a
/// new file in `Commands/` and one line here.
enum Commands {
    static let all: [any Command.Type] = [
        MapCommand.self,
        DotCommand.self,
        ReportCommand.self,
        PathsCommand.self,
        CheckCommand.self,
        TestCommand.self,
        DiffCommand.self,
        FuzzCommand.self,
        PlayCommand.self,
        MCPCommand.self,
        LSPCommand.self,
        GenerateCommand.self,
        CompletionsCommand.self,
    ]
}
