/// A writer's own claim about every reader of the story, from the `"expect"` list of a
/// `storygraph.json`: "the good ending can be reached", "gold is never negative".
/// `ExpectationCheck` proves it, refutes it with a playthrough, or says why it cannot tell.
package struct StoryExpectation: Sendable, Hashable {
    /// What is expected. A new kind is a case here, its key in `Kind.keys`, its reading in
    /// the expectation file's reader and its probes and verdict in `ExpectationCheck`.
    package enum Kind: Sendable, Hashable {
        /// Some reader reaches the passage.
        case reachable(passage: Int)
        /// No reader reaches the passage.
        case unreachable(passage: Int)
        /// The condition holds on every state a reader can be in.
        case always(Condition)
        /// The condition holds at every ending a reader reaches.
        case atEndings(Condition)
        /// No reader reaches `then` without having visited `first`.
        case before(first: Int, then: Int)
        /// Every ending the story's structure reaches, some reader reaches.
        case everyEndingReachable
        /// The expected words a playthrough shows (`PlaythroughLength`: a reader who picks
        /// uniformly at random among the choices shown) lie within the bounds (either may
        /// be open).
        case wordsPerPlaythrough(min: Double?, max: Double?)

        /// The key that names the kind in `storygraph.json`.
        package var key: String {
            switch self {
            case .reachable: "reachable"
            case .unreachable: "unreachable"
            case .always: "always"
            case .atEndings: "at_endings"
            case .before: "before"
            case .everyEndingReachable: "every_ending_reachable"
            case .wordsPerPlaythrough: "words_per_playthrough"
            }
        }

        /// Every kind's key, in the order the documentation lists them.
        package static let keys = [
            "reachable", "unreachable", "always", "at_endings", "before", "every_ending_reachable",
            "words_per_playthrough",
        ]
    }

    package var name: String
    package var kind: Kind
    /// Where the expectation is written (the file and the line of its `{`).
    package var location: SourceLocation

    package init(name: String, kind: Kind, location: SourceLocation) {
        self.name = name
        self.kind = kind
        self.location = location
    }
}
