import StoryGraph

/// `storygraph completions SHELL`: the completion script for bash, zsh or fish, made from
/// the command declarations (`make install` installs all three).
struct CompletionsCommand: Command {
    static let configuration = CommandConfiguration(
        name: "completions",
        abstract: "Print the shell completion script for bash, zsh or fish.",
        discussion: """
            The script completes the subcommands, every option of each, the values of an \
            option that takes one of a list, and files. 'make install' installs all three; \
            by hand: 'storygraph completions bash > /etc/bash_completion.d/storygraph'.
            """,
        arguments: [
            ArgumentSpec("SHELL", help: "bash, zsh or fish.", allowed: ShellCompletions.Shell.allCases.map(\.rawValue))
        ],
        sharedOptions: [GlobalOptions.helpOption.spec])

    let shell: ShellCompletions.Shell

    init(_ arguments: ParsedArguments) throws(CLIError) {
        let names = Self.configuration.arguments[0].allowedValues ?? []
        guard let shell = ShellCompletions.Shell(rawValue: arguments.positional[0]) else {
            throw .usage(
                "invalid shell '\(arguments.positional[0])'; expected one of: \(names.joined(separator: ", "))"
                    + Suggestion.phrase(for: arguments.positional[0], among: names),
                command: "completions")
        }
        self.shell = shell
    }

    func run(_ terminal: Terminal) throws(CLIError) -> ExitCode {
        terminal.write(ShellCompletions.script(for: shell))
        return .success
    }
}
