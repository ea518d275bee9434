import Foundation
import StoryGraph

/// Where a command writes: results to stdout, diagnostics and progress to stderr, with
/// colour only on a terminal and never under a `NO_COLOR` that is set and not empty
/// (no-color.org).
package final class Terminal: @unchecked Sendable {
    package let quiet: Bool
    package let colorsDiagnostics: Bool
    /// Whether stderr is a terminal (progress bars are drawn only there).
    package let stderrIsTerminal: Bool
    private let lock = NSLock()
    private var out: (Data) -> Void
    private var err: (Data) -> Void

    package init(
        quiet: Bool = false, color: GlobalOptions.ColorMode = .auto,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        out: @escaping (Data) -> Void = { StandardStream.output.write($0) },
        err: @escaping (Data) -> Void = { StandardStream.error.write($0) },
        stderrIsTerminal: Bool = isatty(2) == 1
    ) {
        self.quiet = quiet
        self.out = out
        self.err = err
        self.stderrIsTerminal = stderrIsTerminal
        switch color {
        case .always: colorsDiagnostics = true
        case .never: colorsDiagnostics = false
        case .auto: colorsDiagnostics = stderrIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty
        }
    }

    /// Writes text to stdout as it is (no newline added).
    package func write(_ text: String) { lock.withLock { out(Data(text.utf8)) } }
    package func write(data: Data) { lock.withLock { out(data) } }
    /// Writes a line to stdout (its interpolated values escaped: `TerminalLine`).
    package func print(_ line: TerminalLine) { write(line.text + "\n") }
    /// Writes a line to stderr (its interpolated values escaped: `TerminalLine`).
    package func printError(_ line: TerminalLine) { lock.withLock { err(Data((line.text + "\n").utf8)) } }
    /// Writes raw text to stderr (for progress bars).
    package func writeError(_ text: String) { lock.withLock { err(Data(text.utf8)) } }

    /// Prints diagnostics to stderr, editor-style; warnings and notes are left out under
    /// `--quiet`, errors never.
    package func report(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics where !quiet || diagnostic.severity == .error {
            printError(format(diagnostic))
        }
    }

    /// A diagnostic as printed: `Diagnostic.description` (every part from the story
    /// escaped), with colour on, the severity token alone coloured where the line puts it,
    /// never a word found in the message.
    package func format(_ diagnostic: Diagnostic) -> TerminalLine {
        guard colorsDiagnostics else { return .trusted(diagnostic.description) }
        let colour =
            switch diagnostic.severity {
            case .error: "\u{1B}[1;31m"
            case .warning: "\u{1B}[1;33m"
            case .info: "\u{1B}[1;36m"
            }
        return .trusted(diagnostic.description(severityLabel: { colour + $0 + "\u{1B}[0m" }))
    }
}
