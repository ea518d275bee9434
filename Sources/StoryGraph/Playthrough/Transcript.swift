/// A playthrough as a reader would tell it: each passage's text (shortened), the choice
/// taken, and how the run ended. What `storygraph fuzz --replay I` prints.
package struct Transcript: Sendable {
    package let graph: PlayGraph
    package let playthrough: Playthrough
    package let seed: UInt64?
    package let policy: PlayPolicy

    package init(_ playthrough: Playthrough, of graph: PlayGraph, seed: UInt64? = nil, policy: PlayPolicy = .uniform) {
        self.graph = graph
        self.playthrough = playthrough
        self.seed = seed
        self.policy = policy
    }

    /// A change of a tracked variable's value.
    package typealias Change = (variable: String, before: StateValue?, after: StateValue?)

    /// Under the state policy: the tracked variables' values at the start, and the
    /// changes each step made (the choice's effects, then its target's); nil otherwise.
    ///
    /// - Complexity: O(steps × tracked variables).
    package func stateChanges() -> (initial: [(variable: String, value: StateValue?)], steps: [[Change]])? {
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
}
