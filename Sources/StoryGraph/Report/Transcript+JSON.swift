import Foundation

extension Transcript {
    /// The transcript as JSON (`Schemas/replay.schema.json`): the run, each step (passage,
    /// its text, the choice taken) and the outcome; snake_case keys.
    package func json() -> Data {
        let story = graph.graph.story
        let state = stateChanges()
        let steps = playthrough.steps.enumerated().map { i, step in
            let choice = graph.graph.choice(step.choice)
            return JSONStep(
                passage: story.passages[step.passage].id, text: story.passages[step.passage].text,
                choice: step.choice.choice + 1, choiceText: choice.text, target: choice.target,
                changes: state.map {
                    $0.steps[i].map {
                        JSONChange(variable: $0.variable, before: JSONValue($0.before), after: JSONValue($0.after))
                    }
                })
        }
        var outcome: JSONOutcome
        switch playthrough.outcome {
        case .ending(let v):
            outcome = JSONOutcome(
                kind: "ending", passage: story.passages[v].id, endingKind: story.passages[v].ending?.kind)
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

    init(
        kind: String, passage: String, endingKind: String? = nil, choice: Int? = nil, target: String? = nil,
        location: SourceLocation? = nil
    ) {
        self.kind = kind
        self.passage = passage
        self.endingKind = endingKind
        self.choice = choice
        self.target = target
        self.location = location
    }
}
