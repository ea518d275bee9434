/// The catalogue of the endings a reader can reach.
public struct EndingCatalogue: Sendable {
    package struct Entry: Sendable, Hashable {
        package var passage: Int
        /// The declared kind (`good`, `bad`…), if any.
        package var kind: String?
        package var tags: [String]
        /// Paths that reach this ending (a lower bound when `PathCounts.isExact` is false).
        package var paths: BigUInt
        /// The fewest choices from the start.
        package var shortest: Int
        /// The most choices on a path (no passage twice) from the start; a lower bound
        /// when the path search ran out of budget.
        package var longest: Int
        /// The probability that a reader picking uniformly at random finishes here.
        package var probability: Double
    }

    /// Reachable endings in source order.
    package let entries: [Entry]
    /// Endings the start cannot reach, in source order.
    package let unreachable: [Int]

    /// Gathers per ending what the other analyses found: the shortest path by a
    /// breadth-first search (exact on any story), path counts and longest paths from
    /// `PathCounts`, odds from `EndingOdds`.
    ///
    /// - Complexity: O(V + E).
    package init(_ graph: StoryGraph, reachability: Reachability, paths: PathCounts, odds: EndingOdds) {
        let distance = Reachability.distancesToPassages(graph)
        entries = reachability.reachableEndings.map { v in
            let passage = graph.passage(v)
            return Entry(
                passage: v, kind: passage.ending?.kind, tags: passage.tags, paths: paths.perEnding[v],
                shortest: distance[v], longest: paths.longest[v], probability: odds.endingProbability[v])
        }
        unreachable = reachability.unreachable.filter { graph.isEnding[$0] }
    }
}
