import Foundation

/// The figures that say what a story's shape is, measured on the story itself: what
/// `generate` prints beside what it wrote, and what the benchmark checks before it times
/// a case (a case must be what its name says).
package struct StoryFigures: Sendable, Hashable, CustomStringConvertible {
    package var passages: Int
    /// Choices that are steps (not restarts, inclusions or computed links).
    package var choices: Int
    package var endings: Int
    /// Passages the start reaches.
    package var reachable: Int
    /// Reachable passages from which no ending can be reached.
    package var trapped: Int
    /// Strongly connected components with a cycle (loops), and the passages in them.
    package var loops: Int
    package var passagesInLoops: Int

    /// Share of passages the start reaches, 0…1.
    package var reachableShare: Double { passages == 0 ? 0 : Double(reachable) / Double(passages) }
    /// Mean step choices per passage that is not an ending.
    package var meanBranching: Double {
        let open = passages - endings
        return open <= 0 ? 0 : Double(choices) / Double(open)
    }

    /// - Complexity: O(P + C).
    package init(_ graph: StoryGraph) {
        let reachability = Reachability(graph)
        let components = StronglyConnectedComponents(graph)
        passages = graph.passageCount
        choices = graph.edgeTargets.count
        endings = graph.isEnding.prefix(graph.passageCount).count { $0 }
        reachable = reachability.reachable.count { $0 }
        trapped = reachability.trapped.count
        loops = components.isCyclic.count { $0 }
        passagesInLoops = (0..<components.count).filter { components.isCyclic[$0] }.reduce(0) {
            $0 + components.members[$1].count
        }
    }

    /// `2,000 passages, 3,636 choices (1.99 a section), 176 endings, start reaches 100.0%, 0 trapped, 26 loops (98 passages)`
    package var description: String {
        let grouped = NumberText.grouped as (Int) -> String
        let share = NumberText.percent(reachableShare, decimals: 1)
        let branching = NumberText.fixed(meanBranching)
        return "\(grouped(passages)) passages, \(grouped(choices)) choices (\(branching) a section), "
            + "\(grouped(endings)) endings, start reaches \(share), \(grouped(trapped)) trapped, "
            + "\(grouped(loops)) loop\(loops == 1 ? "" : "s") (\(grouped(passagesInLoops)) passages)"
    }
}
