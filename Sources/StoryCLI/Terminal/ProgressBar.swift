import Foundation
import StoryGraph
import Synchronization

/// A progress bar on stderr for long jobs: percentage, rate and time left, redrawn at
/// most five times a second and erased at the end. It exists only when stderr is a
/// terminal and `--quiet` is not given, so pipes and logs never see it.
final class ProgressBar: Sendable {
    private struct State {
        var lastDraw: ContinuousClock.Instant
        var drawn = false
    }

    private let terminal: Terminal
    private let total: Int
    private let unit: String
    private let started = ContinuousClock.now
    private let state: Mutex<State>
    static let interval = Duration.milliseconds(200)
    static let width = 24

    /// `nil` when nothing should be drawn (not a terminal, or `--quiet`).
    init?(terminal: Terminal, total: Int, unit: String) {
        guard terminal.stderrIsTerminal, !terminal.quiet, total > 0 else { return nil }
        self.terminal = terminal
        self.total = total
        self.unit = unit
        state = Mutex(State(lastDraw: started))
    }

    /// Records that `done` of `total` are done; callable from any thread.
    func update(_ done: Int) {
        let now = ContinuousClock.now
        let due = state.withLock { state -> Bool in
            guard now - state.lastDraw >= Self.interval else { return false }
            state.lastDraw = now
            state.drawn = true
            return true
        }
        guard due else { return }
        terminal.writeError("\r\u{1B}[2K" + Self.line(done: done, total: total, elapsed: now - started, unit: unit))
    }

    /// Erases the bar, if it was drawn.
    func finish() {
        if state.withLock({ $0.drawn }) { terminal.writeError("\r\u{1B}[2K") }
    }

    /// `[##########··········]  45%  1.2 M runs/s  3 s left`.
    static func line(done: Int, total: Int, elapsed: Duration, unit: String) -> String {
        let fraction = min(1, Double(done) / Double(total))
        let filled = Int(fraction * Double(width))
        let bar = String(repeating: "#", count: filled) + String(repeating: "·", count: width - filled)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        let rate = seconds > 0 ? Double(done) / seconds : 0
        var line = "[\(bar)] \(String(format: "%3d", Int(fraction * 100)))%  \(NumberText.rate(rate)) \(unit)/s"
        if rate > 0 { line += "  \(Int((Double(total - done) / rate).rounded(.up))) s left" }
        return line
    }
}
