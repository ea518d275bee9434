import Foundation
import StoryGraph

/// The `storygraph` command line: finds the subcommand, parses its arguments, runs it,
/// and turns every error into a message and an exit code.
public enum StoryGraphCLI {
    public static let version = "0.1.0"

    public static let configuration = CommandConfiguration(
        name: "storygraph",
        abstract: "Read a branching story, analyse it, play it at random, and draw its map.",
        discussion: """
            Stories are read from storygraph JSON and the other formats listed by \
            'storygraph help formats'; 'storygraph help rules' lists the rules of findings. \
            Results go to stdout, diagnostics to stderr.
            Exit codes: 0 success, 1 the story has errors, 64 usage error, 65 unreadable \
            input (or an output file that cannot be created), 70 internal failure, 74 output \
            that cannot be written.
            """,
        arguments: [ArgumentSpec("SUBCOMMAND", help: "The command to run.", optional: true)],
        options: [OptionSpec("version", help: "Show the version.")],
        subcommands: Commands.all)

    /// Runs the command line (without the program name) and returns the exit code.
    public static func main(_ arguments: [String], terminal: Terminal? = nil) -> Int32 {
        let globals = globalOptions(arguments)
        if terminal == nil { StandardStream.prepareProcess() }
        let terminal = terminal ?? Terminal(quiet: globals.quiet, color: globals.color)
        do {
            return try dispatch(arguments, terminal).rawValue
        } catch {
            switch error {
            case .usage(let message, let command):
                terminal.printError("error: \(TerminalText.escaped(message))")
                let helpName = command == "storygraph" ? "storygraph --help" : "storygraph help \(command)"
                terminal.printError("See '\(helpName)'.")
            case .input(let loadError):
                for diagnostic in loadError.diagnostics { terminal.printError(terminal.format(diagnostic)) }
            case .failure(let message), .output(let message, _):
                terminal.printError("error: \(TerminalText.escaped(message))")
            }
            return error.exitCode.rawValue
        }
    }

    private static func globalOptions(_ arguments: [String]) -> (quiet: Bool, color: GlobalOptions.ColorMode) {
        let quiet = arguments.contains("--quiet") || arguments.contains("-q")
        var color = GlobalOptions.ColorMode.auto
        for (i, argument) in arguments.enumerated() {
            if argument.hasPrefix("--color=") { color = .init(rawValue: String(argument.dropFirst(8))) ?? .auto }
            if argument == "--color", i + 1 < arguments.count { color = .init(rawValue: arguments[i + 1]) ?? .auto }
        }
        return (quiet, color)
    }

    static func dispatch(_ arguments: [String], _ terminal: Terminal) throws(CLIError) -> ExitCode {
        guard let first = arguments.first else {
            terminal.printError(Help.text(for: configuration, path: "storygraph"))
            return .usage
        }
        if first == "--version" {
            terminal.print("storygraph \(version)")
            return .success
        }
        if first == "--help" || first == "-h" {
            terminal.print(Help.text(for: configuration, path: "storygraph"))
            return .success
        }
        if first == "help" {
            return try help(Array(arguments.dropFirst()), terminal)
        }
        guard let command = Commands.all.first(where: { $0.configuration.name == first }) else {
            throw .usage(
                "unknown command '\(first)'; commands: \(Commands.all.map { $0.configuration.name }.joined(separator: ", "))",
                command: "storygraph")
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            terminal.print(Help.text(for: command.configuration, path: "storygraph \(first)"))
            return .success
        }
        let parsed = try ParsedArguments(rest, for: command.configuration, command: first)
        return try command.init(parsed).run(terminal)
    }

    static func help(_ arguments: [String], _ terminal: Terminal) throws(CLIError) -> ExitCode {
        guard let name = arguments.first else {
            terminal.print(Help.text(for: configuration, path: "storygraph"))
            return .success
        }
        if name == "formats" {
            terminal.print(Help.formats())
            return .success
        }
        if name == "rules" {
            terminal.print(Help.rules())
            return .success
        }
        guard let command = Commands.all.first(where: { $0.configuration.name == name }) else {
            throw .usage("no help for unknown command '\(name)'", command: "storygraph")
        }
        terminal.print(Help.text(for: command.configuration, path: "storygraph \(name)"))
        return .success
    }
}
