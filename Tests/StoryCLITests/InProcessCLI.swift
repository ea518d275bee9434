import Foundation
import StoryCLI
import TestSupport

/// Runs the command line in-process, capturing what it prints.
func runCLI(_ arguments: [String]) -> CLIRun {
    final class Box: @unchecked Sendable {
        var out = Data()
        var err = Data()
    }
    let box = Box()
    // `--quiet` and `--color` as the command line gives them, in any spelling (`-q`, `-qn 5`).
    let code = StoryGraphCLI.main(arguments) { globals in
        Terminal(
            quiet: globals.quiet, color: globals.color == .always ? .always : .never, environment: [:],
            out: { box.out.append($0) }, err: { box.err.append($0) }, stderrIsTerminal: false)
    }
    return CLIRun(
        exitCode: code, stdout: String(decoding: box.out, as: UTF8.self),
        stderr: String(decoding: box.err, as: UTF8.self), stdoutData: box.out)
}
