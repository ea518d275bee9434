/// A playthrough as a reader would tell it: each passage's text (shortened), the choice
/// taken, and how the run ended. What `storygraph fuzz --replay I` prints.
public struct Transcript: Sendable {
    public let graph: PlayGraph
    public let playthrough: Playthrough
    public let seed: UInt64?
    public let policy: PlayPolicy

    public init(_ playthrough: Playthrough, of graph: PlayGraph, seed: UInt64? = nil, policy: PlayPolicy = .uniform) {
        self.graph = graph
        self.playthrough = playthrough
        self.seed = seed
        self.policy = policy
    }

    /// The transcript as lines of text; passage texts longer than `maxText` characters
    /// are shortened with "…".
    ///
    /// - Complexity: O(steps × maxText).
    public func text(maxText: Int = 100) -> String {
        let story = graph.graph.story
        var lines: [String] = []
        var heading = playthrough.run.map { "Run \(NumberText.grouped($0))" } ?? "A run"
        if let seed { heading += " of seed \(seed)" }
        heading += " (\(policy.rawValue) policy)"
        if !story.title.isEmpty { heading += ", \(FuzzText.quoted(story.title))" }
        lines.append(heading)
        lines.append("")
        let width = String(playthrough.steps.count + 1).count
        let indent = String(repeating: " ", count: width + 2)
        // Under state: the variables at the start, and after each step those it changed.
        let state = stateChanges()
        if let state {
            let values = state.initial.map { "\($0.variable) = \(Self.shown($0.value))" }
            lines.append("Variables at the start: " + (values.isEmpty ? "none tracked (no condition reads one)" : values.joined(separator: ", ")))
            lines.append("")
        }
        for (i, step) in playthrough.steps.enumerated() {
            lines.append(passageLine(i + 1, step.passage, width: width, maxText: maxText))
            let choice = graph.graph.choice(step.choice).readableText
            lines.append(indent + "→ " + FuzzText.shorten(choice.isEmpty ? "(no text)" : choice, maxText))
            for change in state?.steps[i] ?? [] {
                lines.append(indent + "  \(change.variable): \(Self.shown(change.before)) → \(Self.shown(change.after))")
            }
        }
        let count = playthrough.steps.count
        let choices = "\(NumberText.grouped(count)) choice\(count == 1 ? "" : "s")"
        switch playthrough.outcome {
        case .ending(let v):
            lines.append(passageLine(count + 1, v, width: width, maxText: maxText))
            let kind = graph.graph.passage(v).ending?.kind.map { " (\($0))" } ?? ""
            lines.append(indent + "■ ending\(kind) after \(choices)")
        case .stuck(let v):
            lines.append(passageLine(count + 1, v, width: width, maxText: maxText))
            if playthrough.isOutOfChoices && policy == .state {
                lines.append(indent + "✗ stuck under state after \(choices): no choice's condition holds here (and no once-only one is left)")
            } else if playthrough.isOutOfChoices {
                lines.append(indent + "✗ stuck after \(choices): no choice here can be taken (the once-only ones are used up and there is no fallback)")
            } else {
                lines.append(indent + "✗ stuck: \(choices) without an ending (step cap)")
            }
        case .brokenLink(let ref):
            let choice = graph.graph.choice(ref)
            lines.append(indent + "✗ broken link after \(choices): no passage named \(FuzzText.quoted(choice.target))\(FuzzText.at(choice.location))")
        case .dynamicLink(let ref):
            let choice = graph.graph.choice(ref)
            lines.append(indent + "✗ computed link after \(choices): the target \(FuzzText.quoted(choice.target)) is known only when the story runs\(FuzzText.at(choice.location))")
        }
        return TerminalText.joined(lines) + "\n"
    }

    /// A change of a tracked variable's value.
    public typealias Change = (variable: String, before: StateValue?, after: StateValue?)

    /// Under the state policy: the tracked variables' values at the start, and the
    /// changes each step made (the choice's effects, then its target's); nil otherwise.
    ///
    /// - Complexity: O(steps × tracked variables).
    public func stateChanges() -> (initial: [(variable: String, value: StateValue?)], steps: [[Change]])? {
        guard policy == .state else { return nil }
        var reader = ReaderState(graph)
        reader.begin(at: graph.start)
        let initial = zip(reader.model.variables, reader.values).map { (variable: $0, value: $1) }
        var steps: [[Change]] = []
        for slot in playthrough.slots {
            let before = reader
            reader.take(slot)
            steps.append(reader.changes(since: before))
        }
        return (initial, steps)
    }

    /// A value as a transcript shows it (`unknown` for a value not understood).
    static func shown(_ value: StateValue?) -> String { value?.description ?? "unknown" }

    private func passageLine(_ number: Int, _ v: Int, width: Int, maxText: Int) -> String {
        let passage = graph.graph.passage(v)
        let text = passage.text.isEmpty ? "(no text)" : FuzzText.shorten(passage.text, maxText)
        let label = String(number).leftPadded(to: width)
        return "\(label). [\(passage.id)] \(text)"
    }
}

/// Small text helpers shared by the fuzz report and transcripts: deterministic, with no
/// locale.
public enum FuzzText {
    /// One line, at most `limit` characters (0: no limit), "…" when shortened.
    static func shorten(_ text: String, _ limit: Int) -> String {
        let line = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        guard limit > 0, line.count > limit else { return line }
        return String(line.prefix(max(1, limit - 1))) + "…"
    }

    static func quoted(_ text: String) -> String { "'\(text)'" }

    static func at(_ location: SourceLocation?) -> String { location.map { " (\($0))" } ?? "" }
}

extension String {
    /// Padded to `width` terminal columns (`DisplayWidth`).
    func leftPadded(to width: Int) -> String { DisplayWidth.leftPadded(self, to: width) }

    /// Padded to `width` terminal columns (`DisplayWidth`).
    func rightPadded(to width: Int) -> String { DisplayWidth.rightPadded(self, to: width) }
}

import Foundation

extension Transcript {
    /// The transcript as JSON (`Schemas/replay.schema.json`): the run, each step (passage,
    /// its text, the choice taken) and the outcome; snake_case keys.
    public func json() -> Data {
        let story = graph.graph.story
        let state = stateChanges()
        let steps = playthrough.steps.enumerated().map { i, step in
            let choice = graph.graph.choice(step.choice)
            return JSONStep(
                passage: story.passages[step.passage].id, text: story.passages[step.passage].text,
                choice: step.choice.choice + 1, choiceText: choice.text, target: choice.target,
                changes: state.map { $0.steps[i].map { JSONChange(variable: $0.variable, before: JSONValue($0.before), after: JSONValue($0.after)) } })
        }
        var outcome: JSONOutcome
        switch playthrough.outcome {
        case .ending(let v): outcome = JSONOutcome(kind: "ending", passage: story.passages[v].id, endingKind: story.passages[v].ending?.kind)
        case .stuck(let v):
            let kind = policy == .state && playthrough.isOutOfChoices ? "stuck_under_state" : "stuck"
            outcome = JSONOutcome(kind: kind, passage: story.passages[v].id)
        case .brokenLink(let ref), .dynamicLink(let ref):
            let choice = graph.graph.choice(ref)
            let kind = if case .brokenLink = playthrough.outcome { "broken_link" } else { "dynamic_link" }
            outcome = JSONOutcome(
                kind: kind, passage: story.passages[ref.passage].id, choice: ref.choice + 1, target: choice.target,
                location: choice.location)
        }
        let document = JSONTranscript(
            schemaVersion: ReportDocument.schemaVersion, run: playthrough.run, seed: seed, policy: policy.rawValue,
            variables: state.map { $0.initial.map { JSONInitial(variable: $0.variable, value: JSONValue($0.value)) } },
            steps: steps, outcome: outcome)
        return JSONOutput.encode(document)
    }
}

private struct JSONTranscript: Encodable {
    var schemaVersion: Int
    var run: Int?
    var seed: UInt64?
    var policy: String
    /// Under the state policy: the tracked variables at the start.
    var variables: [JSONInitial]?
    var steps: [JSONStep]
    var outcome: JSONOutcome
}

private struct JSONInitial: Encodable {
    var variable: String
    var value: JSONValue
}

private struct JSONChange: Encodable {
    var variable: String
    var before: JSONValue
    var after: JSONValue
}

/// A variable's value as JSON: a number, string or boolean; null when unset or unknown.
private struct JSONValue: Encodable {
    var value: StateValue?

    init(_ value: StateValue?) { self.value = value }

    func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch value {
        case .number(let n)?:
            if n == n.rounded(), abs(n) < 1e15 { try container.encode(Int64(n)) } else { try container.encode(n) }
        case .integer(let n)?: try container.encode(n)
        case .string(let text)?: try container.encode(text)
        case .boolean(let b)?: try container.encode(b)
        case .unset?, nil: try container.encodeNil()
        }
    }
}

private struct JSONStep: Encodable {
    var passage: String
    var text: String
    var choice: Int
    var choiceText: String
    var target: String
    /// Under the state policy: the tracked variables this step changed.
    var changes: [JSONChange]?
}

private struct JSONOutcome: Encodable {
    var kind: String
    var passage: String
    var endingKind: String?
    var choice: Int?
    var target: String?
    var location: SourceLocation?

    init(kind: String, passage: String, endingKind: String? = nil, choice: Int? = nil, target: String? = nil, location: SourceLocation? = nil) {
        self.kind = kind
        self.passage = passage
        self.endingKind = endingKind
        self.choice = choice
        self.target = target
        self.location = location
    }
}
