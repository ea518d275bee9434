/// Where a session of play stands, as one JSON document (the MCP server's `play` tool): the
/// passage as the reader sees it, the numbered choices offered (the number to take one),
/// the choices shown locked, the variables conditions read, and how the way stopped.
/// Story strings are as written: JSON needs no terminal escaping.
package struct PlayStepDocument: Encodable, Sendable {
    package struct Offered: Encodable, Sendable {
        /// What to answer to take it, from 1.
        var number: Int
        var text: String
        /// The passage it leads to (as written, for a broken or computed link).
        var target: String
        var condition: String?
        /// The condition cannot be decided from the story's variables: offered anyway.
        var undecided: Bool?
        /// A jump, call or return the story takes by itself (not a link the reader clicks).
        var automatic: Bool?
        var broken: Bool?
        var computed: Bool?
    }

    package struct Locked: Encodable, Sendable {
        var text: String
        var target: String
        var condition: String
    }

    /// A passage the story went through by itself, as the reader saw it.
    package struct Passed: Encodable, Sendable {
        var passage: String
        var text: String
    }

    package struct Variable: Encodable, Sendable {
        var name: String
        /// `nil`: storygraph cannot tell the value.
        var value: String?
    }

    /// The link taken that play cannot follow: its target and where it is written.
    package struct FailedLink: Encodable, Sendable {
        var target: String
        var file: String?
        var line: Int?
    }

    package var session: String?
    var title: String?
    var passage: String
    var text: String
    /// Passages the story went through by itself on the way here, in order.
    var passedThrough: [Passed]
    /// `choosing`, `ending`, `out_of_choices`, `broken_link` or `dynamic_link`.
    package var state: String
    var endingKind: String?
    var choices: [Offered]
    var locked: [Locked]
    var variables: [Variable]?
    /// Choices taken since the start (automatic ones too).
    var steps: Int
    var failedLink: FailedLink?

    /// The document of `session` as it stands, having arrived through `arrived` on the last
    /// move (`PlaySession.arrive()`: the nodes entered, the current one last).
    package init(_ session: PlaySession, arrived: [Int] = [], id: String? = nil) {
        self.session = id
        let story = session.graph.graph.story
        title = story.title.isEmpty ? nil : story.title
        let current = story.passages[session.passage(of: session.node)]
        passage = current.id
        text = session.shownLines(of: session.node).joined(separator: "\n")
        // The nodes entered end at the current one, shown as `passage` and `text`.
        let before = arrived.last == session.node ? arrived.dropLast() : arrived[...]
        self.passedThrough = before.map {
            Passed(
                passage: story.passages[session.passage(of: $0)].id,
                text: session.shownLines(of: $0).joined(separator: "\n"))
        }
        steps = session.steps.count
        let play = session.graph
        func target(_ slot: Int) -> String {
            let to = play.targets[slot]
            return to >= 0 ? story.passages[session.passage(of: Int(to))].id : session.choice(slot).target
        }
        switch session.state {
        case .choosing: state = "choosing"
        case .ending: state = "ending"
        case .outOfChoices: state = "out_of_choices"
        case .brokenLink: state = "broken_link"
        case .dynamicLink: state = "dynamic_link"
        }
        if session.state == .ending { endingKind = current.ending?.kind }
        let offered = session.state == .choosing ? session.offered : []
        choices = offered.enumerated().map { k, slot in
            let choice = session.choice(slot)
            return Offered(
                number: k + 1, text: choice.text, target: target(slot), condition: choice.condition?.description,
                undecided: session.isUndecided(slot) ? true : nil, automatic: session.isAutomatic(slot) ? true : nil,
                broken: play.targets[slot] == PlayGraph.brokenTarget ? true : nil,
                computed: play.targets[slot] == PlayGraph.dynamicTarget ? true : nil)
        }
        locked = session.locked.map { slot in
            let choice = session.choice(slot)
            return Locked(text: choice.text, target: target(slot), condition: choice.condition?.description ?? "")
        }
        if let reader = session.reader, !reader.values.isEmpty {
            variables = zip(reader.model.variables, reader.values).map { Variable(name: $0, value: $1?.description) }
        }
        if case .brokenLink(let slot) = session.state { failedLink = Self.failed(session.choice(slot)) }
        if case .dynamicLink(let slot) = session.state { failedLink = Self.failed(session.choice(slot)) }
    }

    private static func failed(_ choice: Choice) -> FailedLink {
        FailedLink(target: choice.target, file: choice.location?.file, line: choice.location?.line)
    }

    /// The document as `JSONOutput` writes every document.
    package func json() -> String { String(decoding: JSONOutput.encode(self), as: UTF8.self) + "\n" }
}
