import Foundation
import StoryFormats
import StoryGraph

/// The `storygraph` command line: finds the subcommand, parses its arguments, runs it,
/// and turns every error into a message and an exit code.
package enum StoryGraphCLI {
    package static let version = "0.1.0"

    package static let configuration = CommandConfiguration(
        name: "storygraph",
        abstract: "Read a branching story, analyse it, play it at random, and draw its map.",
        discussion: """
            Stories are read from storygraph JSON and the other formats listed by \
            'storygraph help formats'; 'storygraph help rules' lists the rules of findings. \
            STORY '-' reads one from standard input. Results go to stdout, diagnostics to stderr.

            \(ExitCode.table)
            """,
        arguments: [ArgumentSpec("SUBCOMMAND", help: "The command to run.", optional: true)],
        options: [versionOption.spec, GlobalOptions.helpOption.spec],
        sharedOptions: [],
        subcommands: Commands.all)

    static let versionOption = Option.flag("version", short: "V", help: "Show the version.")

    /// `storygraph help TOPIC`.
    static let helpConfiguration = CommandConfiguration(
        name: "help",
        abstract: "Show help for a subcommand or a topic.",
        discussion: "Topics besides the subcommands: \(helpTopics.map { "'\($0)'" }.joined(separator: ", ")).",
        arguments: [ArgumentSpec("TOPIC", help: "A subcommand, 'help', or a topic.", optional: true)],
        options: [manOption.spec],
        sharedOptions: [])

    static let manOption = Option.flag(
        "man", help: "Print the manual page storygraph.1 (roff; 'man -l' shows it) instead.")

    /// What `help` tells about besides the subcommands.
    static let helpTopics = ["formats", "rules"]

    /// Runs the command line (without the program name) and returns the exit code.
    /// `terminal` replaces the process's streams (tests); otherwise `--quiet` and `--color`
    /// of the command line, and `NO_COLOR` of `environment`, decide how it writes.
    package static func main(
        _ arguments: [String], terminal injected: Terminal? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> Int32 {
        // Help is as wide as COLUMNS, or the terminal stdout is, or 80.
        let width = HelpLayout.width(
            environment: environment, stdoutIsTerminal: injected == nil && isatty(STDOUT_FILENO) == 1)
        if let injected { return main(arguments, helpWidth: width) { _ in injected } }
        StandardStream.prepareProcess()
        return main(arguments, helpWidth: width) {
            Terminal(quiet: $0.quiet, color: $0.color, environment: environment)
        }
    }

    /// Runs the command line, writing through the terminal `makeTerminal` makes for the
    /// global options given (`--quiet`, `--color`; the defaults before they are parsed).
    /// Help is wrapped to `helpWidth` columns.
    package static func main(
        _ arguments: [String], helpWidth: Int = 80, makeTerminal: (GlobalOptions) -> Terminal
    ) -> Int32 {
        // The files this command reads, so that no output replaces one of them (`OutputFile`).
        FilesRead.$current.withValue(FilesRead()) { run(arguments, helpWidth: helpWidth, makeTerminal: makeTerminal) }
    }

    private static func run(_ arguments: [String], helpWidth: Int, makeTerminal: (GlobalOptions) -> Terminal) -> Int32 {
        var terminal = makeTerminal(GlobalOptions())
        do {
            switch try parse(arguments, helpWidth: helpWidth) {
            case .text(let text, let code):
                if code == .success { terminal.print(.trusted(text)) } else { terminal.printError(.trusted(text)) }
                return code.rawValue
            case .run(let command, let parsed):
                terminal = makeTerminal(GlobalOptions(parsed))
                try command.validate()
                if let watchable = command as? any WatchableCommand, watchable.watches {
                    return try Watch.run(watchable, terminal).rawValue
                }
                return try command.run(terminal).rawValue
            }
        } catch {
            report(error, terminal)
            return error.exitCode.rawValue
        }
    }

    /// Prints why a command stopped, as every command says it.
    static func report(_ error: CLIError, _ terminal: Terminal) {
        switch error {
        case .usage(let message, let command):
            terminal.printError("error: \(message)")
            let helpName = command == "storygraph" ? "storygraph --help" : "storygraph help \(command)"
            terminal.printError("See '\(helpName)'.")
        case .input(let loadError):
            for diagnostic in loadError.diagnostics { terminal.printError(terminal.format(diagnostic)) }
        case .failure(let message), .output(let message, _):
            terminal.printError("error: \(message)")
        }
    }

    /// What a command line asks for: a text to print (help, the version) or a command to run.
    enum Invocation {
        case text(String, ExitCode)
        case run(any Command, ParsedArguments)
    }

    /// Finds the subcommand and parses its arguments; `validate` and `run` come after.
    static func parse(_ arguments: [String], helpWidth width: Int = HelpLayout.defaultWidth) throws(CLIError)
        -> Invocation
    {
        guard let first = arguments.first else {
            return .text(Help.text(for: configuration, path: "storygraph", width: width), .usage)
        }
        if first.hasPrefix("-") {
            let parsed = try ParsedArguments(arguments, for: configuration, command: "storygraph")
            if parsed[versionOption] { return .text("storygraph \(version)", .success) }
            if parsed[GlobalOptions.helpOption] {
                return .text(Help.text(for: configuration, path: "storygraph", width: width), .success)
            }
        }
        if first == "help" {
            return .text(try help(Array(arguments.dropFirst()), width: width), .success)
        }
        let command = try subcommand(named: first, for: "command")
        let parsed = try ParsedArguments(Array(arguments.dropFirst()), for: command.configuration, command: first)
        if parsed[GlobalOptions.helpOption] {
            return .text(Help.text(for: command.configuration, path: "storygraph \(first)", width: width), .success)
        }
        return .run(try command.init(parsed), parsed)
    }

    static func subcommand(named name: String, for what: String) throws(CLIError) -> any Command.Type {
        let names = Commands.all.map { $0.configuration.name }
        guard let command = Commands.all.first(where: { $0.configuration.name == name }) else {
            let hint = Suggestion.phrase(
                for: name, among: names + (what == "command" ? ["help"] : ["help"] + helpTopics))
            throw .usage(
                what == "command"
                    ? "unknown command '\(name)'"
                        + (hint.isEmpty ? "; commands: \(names.joined(separator: ", "))" : hint)
                    : "no help for unknown command '\(name)'\(hint)",
                command: "storygraph")
        }
        return command
    }

    /// The text of `help [TOPIC]`.
    static func help(_ arguments: [String], width: Int = HelpLayout.defaultWidth) throws(CLIError) -> String {
        if arguments.first == "--\(manOption.name)" {
            if arguments.count > 1 { throw .usage("--man takes no topic; got '\(arguments[1])'", command: "help") }
            return ManualPage.text()
        }
        guard let name = arguments.first else { return Help.text(for: configuration, path: "storygraph", width: width) }
        if arguments.count > 1 { throw .usage("help takes one topic; got '\(arguments[1])' too", command: "help") }
        switch name {
        case "help": return Help.text(for: helpConfiguration, path: "storygraph help", width: width)
        case "formats": return Help.formats(width: width)
        case "rules": return Help.rules(width: width)
        default:
            let command = try subcommand(named: name, for: "help")
            return Help.text(for: command.configuration, path: "storygraph \(name)", width: width)
        }
    }
}
