extension Transcript {
    /// The transcript as lines of text; passage texts longer than `maxText` characters
    /// are shortened with "…".
    ///
    /// - Complexity: O(steps × maxText).
    package func text(maxText: Int = 100) -> String {
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
            lines.append(
                "Variables at the start: "
                    + (values.isEmpty ? "none tracked (no condition reads one)" : values.joined(separator: ", ")))
            lines.append("")
        }
        for (i, step) in playthrough.steps.enumerated() {
            lines.append(passageLine(i + 1, step.passage, width: width, maxText: maxText))
            let choice = graph.graph.choice(step.choice).readableText
            lines.append(indent + "→ " + FuzzText.shorten(choice.isEmpty ? "(no text)" : choice, maxText))
            for change in state?.steps[i] ?? [] {
                lines.append(
                    indent + "  \(change.variable): \(Self.shown(change.before)) → \(Self.shown(change.after))")
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
                lines.append(
                    indent
                        + "✗ stuck under state after \(choices): no choice's condition holds here (and no once-only one is left)"
                )
            } else if playthrough.isOutOfChoices {
                lines.append(
                    indent
                        + "✗ stuck after \(choices): no choice here can be taken (the once-only ones are used up and there is no fallback)"
                )
            } else {
                lines.append(indent + "✗ stuck: \(choices) without an ending (step cap)")
            }
        case .brokenLink(let ref):
            let choice = graph.graph.choice(ref)
            lines.append(
                indent
                    + "✗ broken link after \(choices): no passage named \(FuzzText.quoted(choice.target))\(FuzzText.at(choice.location))"
            )
        case .dynamicLink(let ref):
            let choice = graph.graph.choice(ref)
            lines.append(
                indent
                    + "✗ computed link after \(choices): the target \(FuzzText.quoted(choice.target)) is known only when the story runs\(FuzzText.at(choice.location))"
            )
        }
        return TerminalText.joined(lines) + "\n"
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
