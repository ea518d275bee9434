/// What `storygraph play` shows: passages as the reader sees them (`Passage.shownText`,
/// the text the map draws), numbered choices with their conditions, and how a way stops.
/// Every story-provided string goes through `TerminalText.escaped`.
extension PlaySession {
    /// The lines that introduce play: the title and (with `keys`) the keys.
    package func introduction(keys: Bool = true) -> String {
        var lines: [String] = []
        let title = graph.graph.story.title
        if !title.isEmpty { lines.append(TerminalText.escaped(title)) }
        if keys { lines.append("Type a choice's number; b goes back, r restarts, q quits.") }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A node as the reader arrives at it: `[id]` and its text, after a blank line; empty
    /// for a passage with no text that the story passes through by itself.
    package func passageText(_ node: Int, passingThrough: Bool = false) -> String {
        let passage = graph.graph.story.passages[passage(of: node)]
        var lines = shownLines(of: node)
        if lines.isEmpty && passingThrough { return "" }
        if lines.isEmpty { lines = ["(no text)"] }
        return "\n" + TerminalText.joined(["[\(passage.id)]"] + lines) + "\n"
    }

    /// The lines of a node's passage as the reader sees them (`Passage.shownText`), trailing
    /// spaces and the blank lines around them left out; as they are, not escaped.
    package func shownLines(of node: Int) -> [String] {
        let body = graph.graph.story.passages[passage(of: node)].shownText
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0.trimmingTrailingWhitespace()) }
        return Array(body.drop { $0.isEmpty }.reversed().drop { $0.isEmpty }.reversed())
    }

    /// How a run played by itself (`play --auto`) stops at the step cap, still choosing:
    /// `✗ Stuck: 1,000 choices without an ending (the step cap).`
    package func stepCapText() -> String {
        let count = steps.count
        return
            "✗ Stuck: \(NumberText.grouped(count)) choice\(count == 1 ? "" : "s") without an ending (the step cap).\n"
    }

    /// What the reader can do at the current node: the numbered choices offered, or how
    /// this way stopped (and, with `keys`, the keys that go on).
    package func menuText(keys: Bool = true) -> String {
        let more = keys ? " b goes back, r restarts, q quits." : ""
        var lines = [""]
        let variables = variablesText()
        if !variables.isEmpty, state == .choosing || state == .outOfChoices {
            lines.append(String(variables.dropLast()))
        }
        switch state {
        case .choosing:
            for (i, slot) in offered.enumerated() { lines.append("  \(i + 1). " + label(slot)) }
            for slot in locked { lines.append("  -. " + label(slot, locked: true)) }
        case .ending:
            let kind = graph.graph.story.passages[passage(of: node)].ending?.kind.map { " (\($0))" } ?? ""
            lines.append("■ The end\(kind)." + (keys ? " r restarts, b goes back, q quits." : ""))
        case .outOfChoices where reader != nil:
            for slot in locked { lines.append("  -. " + label(slot, locked: true)) }
            lines.append("✗ No choice can be taken here: no condition holds (and no once-only one is left)." + more)
        case .outOfChoices:
            lines.append("✗ No choice is left here: the once-only ones are used up and there is no fallback." + more)
        case .brokenLink(let slot):
            let choice = choice(slot)
            lines.append(
                "✗ This way is broken: no passage is named '\(choice.target)'\(FuzzText.at(choice.location))." + more)
        case .dynamicLink(let slot):
            let choice = choice(slot)
            lines.append(
                "✗ This link goes where the story computes when it runs ('\(choice.target)')\(FuzzText.at(choice.location)); storygraph cannot follow it."
                    + more)
        }
        return TerminalText.joined(lines) + "\n"
    }

    /// With conditions evaluated: the tracked variables' values, one line (empty when
    /// no condition reads a variable).
    package func variablesText() -> String {
        guard let reader, !reader.values.isEmpty else { return "" }
        let values = zip(reader.model.variables, reader.values).map { "\($0) = \($1?.description ?? "unknown")" }
        return TerminalText.escaped("  (" + values.joined(separator: ", ") + ")") + "\n"
    }

    /// A choice as the menu lists it: its label (or where an automatic one goes), its
    /// condition as written (`[locked: …]` when it is false here, `undecided` when
    /// storygraph cannot tell), and a mark on a link that cannot be followed.
    package func label(_ slot: Int, locked: Bool = false) -> String {
        let choice = choice(slot)
        var text =
            choice.text.isEmpty || isAutomatic(slot) && choice.kind != .choice
            ? (choice.text.isEmpty ? "" : choice.text + " ") + "(goes on to \(targetName(slot)))"
            : choice.text
        if let condition = choice.condition {
            text +=
                locked
                ? "  [locked: \(condition.description)]"
                : isUndecided(slot) ? "  [if \(condition.description), undecided]" : "  [if \(condition.description)]"
        }
        if graph.targets[slot] == PlayGraph.brokenTarget { text += "  ✗ no passage '\(choice.target)'" }
        if graph.targets[slot] == PlayGraph.dynamicTarget { text += "  ✗ computed: \(choice.target)" }
        return text
    }

    private func targetName(_ slot: Int) -> String {
        let target = graph.targets[slot]
        if target >= 0 { return graph.graph.story.passages[passage(of: Int(target))].id }
        let choice = choice(slot)
        return choice.target.isEmpty ? choice.kind.rawValue : choice.target
    }
}

extension Substring {
    fileprivate func trimmingTrailingWhitespace() -> Substring {
        var end = endIndex
        while end > startIndex, self[index(before: end)].isWhitespace { end = index(before: end) }
        return self[startIndex..<end]
    }
}
