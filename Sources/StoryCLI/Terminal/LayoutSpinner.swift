import Foundation
import StoryGraph
import Synchronization

/// A spinner and elapsed time on stderr while Graphviz lays a map out (a call that reports
/// no progress of its own): `⠹ laying out 28,000 boxes with sfdp  12 s`, redrawn five times
/// a second from a thread of its own and erased at the end. Like `ProgressBar`, it exists
/// only when stderr is a terminal and `--quiet` is not given.
final class LayoutSpinner: Sendable {
    private struct State {
        var stopped = false
        var drawn = false
    }

    private let terminal: Terminal
    private let what: String
    private let state = Mutex(State())
    private let wake = DispatchSemaphore(value: 0)
    private let done = DispatchSemaphore(value: 0)
    static let frames = Array("⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏")

    /// `nil` when nothing should be drawn (not a terminal, or `--quiet`).
    init?(terminal: Terminal, what: String) {
        guard terminal.stderrIsTerminal, !terminal.quiet else { return nil }
        self.terminal = terminal
        self.what = TerminalText.escaped(what)
        let started = ContinuousClock.now
        Thread.detachNewThread { [self] in
            var frame = 0
            while true {
                if wake.wait(timeout: .now() + .milliseconds(200)) == .success { break }
                let line = Self.line(frame: frame, what: self.what, elapsed: ContinuousClock.now - started)
                let drew = state.withLock { state -> Bool in
                    guard !state.stopped else { return false }
                    state.drawn = true
                    // Drawn under the lock, so `finish` never erases before a late frame.
                    terminal.writeError("\r\u{1B}[2K" + line)
                    return true
                }
                guard drew else { break }
                frame += 1
            }
            done.signal()
        }
    }

    /// Stops the spinner and erases its line; waits for its thread, so nothing is drawn
    /// after this returns. Safe to call more than once.
    func finish() {
        let first = state.withLock { state -> Bool in
            defer { state.stopped = true }
            if !state.stopped, state.drawn { terminal.writeError("\r\u{1B}[2K") }
            return !state.stopped
        }
        if first {
            wake.signal()
            done.wait()
        }
    }

    /// `⠹ laying out 28,000 boxes with sfdp  12 s`.
    static func line(frame: Int, what: String, elapsed: Duration) -> String {
        "\(frames[frame % frames.count]) \(what)  \(elapsed.components.seconds) s"
    }
}
