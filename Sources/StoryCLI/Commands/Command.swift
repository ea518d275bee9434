import StoryFormats
import StoryGraph

/// Exit codes, as sysexits(3) and STYLE.md name them.
package enum ExitCode: Int32, Sendable {
    case success = 0
    /// The story has errors (or warnings under `--strict`); a fuzz run got stuck.
    case findings = 1
    /// `test`: no expectation fails, but one is unknown (the search did not complete).
    case unknown = 2
    case usage = 64
    /// Input that cannot be read or parsed.
    case dataError = 65
    case internalError = 70
    /// Output that cannot be written: a full disk, a file-size limit (EX_IOERR).
    case ioError = 74
}

/// Why a command stopped; each case maps to an exit code.
package enum CLIError: Error, Sendable {
    /// A wrong command line (64); `command` names whose help to point at.
    case usage(String, command: String)
    /// The story could not be read (65).
    case input(StoryLoadError)
    /// Something failed inside storygraph or a library it calls (70).
    case failure(String)
    /// An output file that cannot be created (65) or written (74).
    case output(String, code: ExitCode)

    package var exitCode: ExitCode {
        switch self {
        case .usage: .usage
        case .input: .dataError
        case .failure: .internalError
        case .output(_, let code): code
        }
    }
}

/// A subcommand of `storygraph`. Its options are declared once each (`Option`), listed in
/// `configuration`, parsed into `ParsedArguments` (which checks every value's type), and
/// read by `init(_:)`; `validate` checks what the options mean together, and both run
/// before any story is read; `run` does the work and returns the exit code. Behaviour lives
/// in the libraries: a command parses, calls and prints.
package protocol Command: Sendable {
    static var configuration: CommandConfiguration { get }
    init(_ arguments: ParsedArguments) throws(CLIError)
    /// Usage errors that need more than one option ("--radius needs --focus").
    func validate() throws(CLIError)
    func run(_ terminal: Terminal) throws(CLIError) -> ExitCode
}

extension Command {
    package func validate() throws(CLIError) {}
}

/// Options every command takes.
package struct GlobalOptions: Sendable {
    package enum ColorMode: String, CaseIterable, Sendable { case auto, always, never }

    static let quietOption = Option.flag(
        "quiet", short: "q", help: "Print no warnings or progress, only results and errors.")
    static let colorOption = Option<ColorMode>.choice(
        "color", help: "Colour diagnostics (auto: on a terminal, unless NO_COLOR is set and not empty).", default: .auto
    )
    static let helpOption = Option.flag("help", short: "h", help: "Show help for this command.")

    package static let specs: [OptionSpec] = [quietOption.spec, colorOption.spec, helpOption.spec]

    package var quiet: Bool
    package var color: ColorMode

    /// The defaults: not quiet, colour on a terminal.
    package init() {
        quiet = false
        color = .auto
    }

    package init(_ arguments: ParsedArguments) {
        quiet = arguments[Self.quietOption]
        color = arguments[Self.colorOption]
    }
}

/// Options of every command that reads a story.
package struct InputOptions: Sendable {
    static let formatOption = Option.oneOf(
        "input-format", value: "FORMAT",
        help:
            "Read the story as this format instead of guessing from its extension and content (with STORY '-', from its content).",
        allowed: StoryLoading.formatNames)
    static let startOption = Option.text(
        "start", value: "PASSAGE", help: "Start the story at this passage instead of the one it declares.")

    static let restartRuleOption = Option<RestartRule>.choice(
        "restart-rule",
        help:
            "Which links back to the start are restarts: text (labels such as \"Play again\" and final passages, the default), strict (loader-marked and declared endings only), off (loader-marked only).",
        default: .text)

    static let disableOption = Option.oneOf(
        "disable", value: "RULE",
        help: "Leave out the findings of a rule (repeat for several); 'storygraph help rules' lists them.",
        allowed: StoryLoading.rules.ids, repeating: true, valuesInHelp: false)

    /// The formats' own options (`FormatOption`: `--story`, `--link-macro`, `--schema`), each
    /// as a command-line option of text.
    static let formatOptions: [(format: FormatOption, option: Option<String>)] = StoryFormatRegistry.standard.options
        .map {
            ($0, Option.text($0.name, value: $0.valueName, help: $0.help, repeating: $0.repeating))
        }

    /// The shared options, with the formats' own after them; `--story` (which story of a
    /// file that holds several) beside `--start`, where help has always shown it.
    package static let specs: [OptionSpec] = {
        let beside = formatOptions.filter { $0.format.name == "story" }.map(\.option.spec)
        let rest = formatOptions.filter { $0.format.name != "story" }.map(\.option.spec)
        return [formatOption.spec, startOption.spec] + beside + [restartRuleOption.spec, disableOption.spec] + rest
    }()

    package var format: String?
    package var options: LoadOptions
    /// The command whose help a usage error points at.
    package var command: String
    /// Rule ids whose findings are left out.
    package var disabled: Set<String>

    /// Reads the options; a format's option naming a file that cannot be read (a `--schema`
    /// file) is an input error (65).
    package init(_ arguments: ParsedArguments) throws(CLIError) {
        format = arguments.value(Self.formatOption)
        command = arguments.command
        options = LoadOptions(start: arguments.value(Self.startOption), restartRule: arguments[Self.restartRuleOption])
        for (format, option) in Self.formatOptions {
            do {
                try format.read(arguments.values(option), &options)
            } catch {
                throw .input(error)
            }
        }
        disabled = Set(arguments.values(Self.disableOption))
    }

    /// Loads the story of `paths` as the loaders return it: `-` alone is standard input.
    package func read(_ paths: [String]) throws(StoryLoadError) -> LoadResult {
        if paths.count == 1, StandardInput.means(paths[0]) {
            return try StoryLoading.load(sources: [try StandardInput.source()], format: format, options: options)
        }
        return try StoryLoading.load(paths: paths, format: format, options: options)
    }

    /// Loads a story, leaves out the findings of disabled rules, and (with
    /// `printFindings`) prints the rest to stderr (only errors under `--quiet`). The error
    /// policy is `StoryLoading`'s, the same for every command: a story that cannot be read,
    /// or has a read error, is refused (exit code 65, every finding printed); the findings
    /// of a story that was read (a duplicate id, a broken link) never stop a command.
    package func load(_ paths: [String], _ terminal: Terminal, printFindings: Bool = true) throws(CLIError)
        -> LoadResult
    {
        let result: LoadResult
        do {
            result = try read(paths)
        } catch {
            throw refusal(error)
        }
        return try accept(result, terminal, printFindings: printFindings)
    }

    /// Why a story could not be loaded, as the command reports it: a `--start` that names
    /// no passage is a usage error (64), like every option that names a passage; anything
    /// else is the input's (65).
    package func refusal(_ error: StoryLoadError) -> CLIError {
        if let message = StoryLoading.unknownRequestedStart(error, options: options) {
            return .usage("--start: \(message)", command: command)
        }
        return .input(error)
    }

    /// The policy of `load` applied to a story already read (from `git show`, say).
    package func accept(_ loaded: LoadResult, _ terminal: Terminal, printFindings: Bool = true) throws(CLIError)
        -> LoadResult
    {
        var result = loaded
        result.diagnostics.removeAll { $0.ruleID.map(disabled.contains) ?? false }
        if let refusal = StoryLoading.refusal(of: result) { throw .input(refusal) }
        if printFindings {
            terminal.report(result.diagnostics)
        } else {
            // Which file of a project the story came from is said on stderr by every command.
            terminal.report(result.diagnostics.filter { $0.ruleID == FormatRules.storyFile.id })
        }
        return result
    }
}
