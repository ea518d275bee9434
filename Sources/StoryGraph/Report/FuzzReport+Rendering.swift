import Foundation

extension FuzzReport {
    /// What `fuzz --format` writes: the report (or with `--replay`, the transcript).
    package enum Format: String, Sendable, CaseIterable { case text, json }

    /// How a person plays one of the runs again: the command before `--replay I` (the
    /// program and the story as given) and the step cap they gave (nil: the default,
    /// which the command leaves out). The seed and policy are the report's own.
    package struct Replay: Sendable, Hashable {
        package var command: String
        package var maxSteps: Int?

        package init(command: String, maxSteps: Int?) {
            self.command = command
            self.maxSteps = maxSteps
        }
    }

    /// The report in `format`, beside the exact `odds` (uniform policy only); in text, when
    /// a run did not end, the line that replays the first of them.
    ///
    /// - Complexity: O(P + C + maxSteps).
    package func rendered(_ format: Format, odds: EndingOdds?, replay: Replay) -> String {
        switch format {
        case .json:
            return String(decoding: json(odds: odds), as: UTF8.self) + "\n"
        case .text:
            var text = text(odds: odds)
            if let line = replayLine(replay) { text += line + "\n" }
            return text
        }
    }

    /// `Replay one: storygraph fuzz story.json --replay 7 --seed 1 --policy fresh`: the
    /// first run that got stuck or failed; nil when every run ended.
    package func replayLine(_ replay: Replay) -> String? {
        guard !allEnded, let first = (firstStuckRuns + firstBlockedRuns + firstFailedRuns.map { $0.run }).min() else {
            return nil
        }
        var options = " --seed \(seed)"
        if policy != .uniform { options += " --policy \(policy.rawValue)" }
        if let maxSteps = replay.maxSteps { options += " --max-steps \(maxSteps)" }
        return "Replay one: \(replay.command) --replay \(first)\(options)"
    }
}

extension Transcript {
    /// The transcript in `format` (what `fuzz --replay I` writes).
    package func rendered(_ format: FuzzReport.Format) -> String {
        switch format {
        case .text: text()
        case .json: String(decoding: json(), as: UTF8.self) + "\n"
        }
    }
}
