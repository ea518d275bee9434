import Foundation
import StoryGraph

/// A command that `--watch` can run again and again: `map`, `report`, `check`.
protocol WatchableCommand: Command {
    /// Whether `--watch` was given.
    var watches: Bool { get }
    /// The STORY arguments: the files and folders whose changes re-run the command.
    var watchedPaths: [String] { get }
    /// The files the command writes (`-o`): its own changes, which start no run.
    var writtenPaths: [String] { get }
}

/// `--watch`: run the command, print a status line, wait for a change to any input file
/// (a new file in a folder story too), and run it again, until SIGINT or SIGTERM. A run
/// that fails (a save that breaks the story) prints its error and the watch goes on.
enum Watch {
    static let option = Option.flag(
        "watch",
        help:
            "Run again whenever a STORY file changes (in a folder, new files too), with a status line on stderr each time; stop with Ctrl-C."
    )

    /// Refuses what cannot be watched: standard input.
    static func validate(_ command: some WatchableCommand) throws(CLIError) {
        if command.watches && command.watchedPaths.contains(where: StandardInput.means) {
            throw .usage(
                "--watch needs files or folders to watch, not standard input ('-')",
                command: type(of: command).configuration.name)
        }
    }

    /// Runs `command` until a signal stops it; 0 then.
    static func run(_ command: some WatchableCommand, _ terminal: Terminal) throws(CLIError) -> ExitCode {
        let stop = StopSignals.install()
        guard stop >= 0 else { throw .failure("cannot watch files: no pipe for signals") }
        let watcher = try FileWatcher(
            command.watchedPaths, outputs: command.writtenPaths.filter { OutputFile.standardDescriptor($0) == nil })
        var cause = "first run"
        var number = 0
        while true {
            number += 1
            let code: ExitCode
            do {
                code = try command.run(terminal)
            } catch {
                StoryGraphCLI.report(error, terminal)
                code = error.exitCode
            }
            if !terminal.quiet { terminal.printError(TerminalLine(status(number, cause: cause, code: code))) }
            switch watcher.wait(stop: stop) {
            case .stopped:
                if !terminal.quiet {
                    terminal.printError("watch: stopped after \(number) run\(number == 1 ? "" : "s")")
                }
                return .success
            case .failed(let reason):
                terminal.printError(
                    "watch: stopped after \(number) run\(number == 1 ? "" : "s"): \(TerminalText.escaped(reason))")
                return .dataError
            case .changed(let names):
                let shown = names.prefix(3).map { TerminalText.escaped($0) }.joined(separator: ", ")
                cause = names.count > 3 ? "\(shown) and \(names.count - 3) more changed" : "\(shown) changed"
            }
        }
    }

    /// "watch: run 2 at 16:42:07 (story.json changed): exit 1, findings".
    static func status(_ number: Int, cause: String, code: ExitCode) -> String {
        let formatter = DateFormatter()
        formatter.dateFormat = "HH:mm:ss"
        return
            "watch: run \(number) at \(formatter.string(from: Date())) (\(cause)): exit \(code.rawValue), \(code.outcome)"
    }
}

extension ExitCode {
    /// A few words for the status line of `--watch`.
    var outcome: String {
        switch self {
        case .success: "ok"
        case .findings: "findings"
        case .unknown: "unknown"
        case .usage: "usage error"
        case .dataError: "input not read"
        case .internalError: "internal failure"
        case .ioError: "output not written"
        }
    }
}
