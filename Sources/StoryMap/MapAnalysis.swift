import StoryGraph

/// The analyses a map's overlays draw from, computed once by the caller and read by every
/// overlay: the trap outlines and bottleneck marks (`AnalysisMarks`) read reachability,
/// components and bottlenecks, the state marks (`StateMarks`) read the state search. A
/// command that has analysed the story whole (`report --format html`, `map --format
/// html`) hands its `StoryAnalysis` over, so nothing is searched twice.
public struct MapAnalysis: Sendable {
    package let graph: StoryGraph
    package let reachability: Reachability
    package let components: StronglyConnectedComponents
    package let bottlenecks: Bottlenecks
    /// The condition-aware search; nil when the story has no state to search
    /// (`StateModel.applies(to:)`) or none was asked for. The state marks draw nothing
    /// without it.
    package let state: StateAnalysis?
    /// The whole analysis this one was taken from, when there is one (the HTML page
    /// needs it for its report).
    package let full: StoryAnalysis?

    /// The analyses of a story analysed whole, shared.
    public init(_ analysis: StoryAnalysis) {
        graph = analysis.graph
        reachability = analysis.reachability
        components = analysis.components
        bottlenecks = analysis.bottlenecks
        state = analysis.state
        full = analysis
    }

    /// Only what a map draws: reachability, components and bottlenecks, and the state
    /// search within `stateBudget` when one is given and the story has state.
    ///
    /// - Complexity: O(V + E) plus the post-dominators' (`Bottlenecks`), plus the state
    ///   search's within its budget.
    public init(_ graph: StoryGraph, stateBudget: StateAnalysis.Budget? = nil) {
        self.graph = graph
        let reachability = Reachability(graph)
        self.reachability = reachability
        components = StronglyConnectedComponents(graph)
        bottlenecks = Bottlenecks(graph, reachability: reachability)
        state = stateBudget.flatMap { budget in
            StateModel.applies(to: graph.story) ? StateAnalysis(graph, reachability: reachability, budget: budget) : nil
        }
        full = nil
    }
}
