/// Something `StateAnalysis` watches on every state it explores, for a writer's expectation
/// (`StoryExpectation`): where to look (every state, the endings, or some passages) and what
/// must hold there. Without a condition nothing may be there: any state in scope is what
/// the probe looks for (a passage reached).
package struct StateProbe: Sendable, Hashable {
    package enum Scope: Sendable, Hashable {
        case everyState
        case endings
        /// States at one of these passages, or at a passage that shows one of them.
        case passages([Int])
    }

    package var scope: Scope
    /// What must hold on each state in scope; nil: nothing holds there.
    package var condition: Expression?

    package init(_ scope: Scope, _ condition: Expression? = nil) {
        self.scope = scope
        self.condition = condition
    }
}

/// What a probe met during one search: the first state where its condition did not hold,
/// breadth-first (so on a shortest way), with the way there.
package struct ProbeResult: Sendable, Hashable {
    /// The first state in scope where the condition was false, reached on a way whose every
    /// choice's condition surely held: a real counterexample.
    package var counterexample: StateTrace?
    /// The first state in scope where the condition was unknown, or false on a way that
    /// took a choice whose condition was unknown (followed both ways): evidence, not proof.
    package var doubtful: StateTrace?
    /// The states in scope the condition was evaluated on.
    package var statesChecked: Int
}

/// A way through the explored states from the start: each step the choice taken (none
/// for the start), the passage arrived at, and the tracked variables' values there
/// (`StateModel.variables`; nil: unknown).
package struct StateTrace: Sendable, Hashable {
    package struct Step: Sendable, Hashable {
        package var choice: ChoiceRef?
        package var passage: Int
        package var values: [StateValue?]
    }

    package var steps: [Step]

    /// The choices taken, in order: what `play --witness` and `PlaySession` replay.
    package var choices: [ChoiceRef] { steps.compactMap(\.choice) }
}
