import Foundation

/// Every analysis of a story, run once over one `StoryGraph` with a shared budget: what
/// `storygraph report` prints.
public struct StoryAnalysis: Sendable {
    public struct Options: Sendable, Hashable {
        /// Shared by the two parts whose cost can explode: simple paths and elementary
        /// cycles of a cyclic story, half each.
        public var budget: AnalysisBudget
        /// Elementary cycles kept in the list (all are counted, within the budget).
        public var maxCycles: Int
        /// Lint rule ids left out.
        public var disabledRules: Set<String>

        /// The state search's budget of states and steps.
        public var stateBudget: StateAnalysis.Budget

        public init(
            budget: AnalysisBudget = AnalysisBudget(), maxCycles: Int = 100, disabledRules: Set<String> = [],
            stateBudget: StateAnalysis.Budget = StateAnalysis.Budget()
        ) {
            self.budget = budget
            self.maxCycles = maxCycles
            self.disabledRules = disabledRules
            self.stateBudget = stateBudget
        }
    }

    public let graph: StoryGraph
    public let options: Options
    public let reachability: Reachability
    package let components: StronglyConnectedComponents
    public let cycles: Cycles
    public let paths: PathCounts
    public let odds: EndingOdds
    package let bottlenecks: Bottlenecks
    public let endings: EndingCatalogue
    package let structure: StructureFigures
    /// The condition-aware search; nil when the story has no state to search
    /// (`StateModel.applies(to:)`).
    public let state: StateAnalysis?
    /// Paths and odds on the state graph; nil without a state search.
    package let stateOutcomes: StateOutcomes?
    /// Words: in the story, per playthrough (expected), per ending (fewest and most).
    package let length: PlaythroughLength
    package let lint: Lint
    /// Seconds each analysis took, in the order they ran.
    package let timings: [(name: String, seconds: Double)]

    /// Runs reachability, components (Tarjan 1972), cycles (Johnson 1975), path counts,
    /// odds (absorbing Markov chain), post-dominators (Cooper–Harvey–Kennedy 2001),
    /// endings, structure, the state search and lint, sharing the intermediate results.
    ///
    /// - Complexity: O(V + E) for all but the budgeted parts, which stop at the budget.
    public init(_ graph: StoryGraph, loadDiagnostics: [Diagnostic] = [], options: Options = Options()) {
        self.graph = graph
        self.options = options
        var timings: [(name: String, seconds: Double)] = []
        func timed<T>(_ name: String, _ work: () -> T) -> T {
            let begin = DispatchTime.now().uptimeNanoseconds
            let result = work()
            timings.append((name, Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e9))
            return result
        }
        let reachability = timed("reachability") { Reachability(graph) }
        let components = timed("components") { StronglyConnectedComponents(graph) }
        let half = options.budget.share(2)
        self.reachability = reachability
        self.components = components
        // The two budgeted searches only read the graph: they run side by side, each on
        // its own half of the budget (counted in steps, so the figures do not depend on
        // how the threads are scheduled).
        final class Results: @unchecked Sendable {
            var paths: PathCounts?
            var cycles: Cycles?
            var pathSeconds = 0.0
            var cycleSeconds = 0.0
        }
        let results = Results()
        let maxCycles = options.maxCycles
        timed("paths+cycles") {
            DispatchQueue.concurrentPerform(iterations: 2) { part in
                let begin = DispatchTime.now().uptimeNanoseconds
                func elapsed() -> Double { Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e9 }
                if part == 0 {
                    results.paths = PathCounts(graph, components: components, reachability: reachability, budget: half)
                    results.pathSeconds = elapsed()
                } else {
                    results.cycles = Cycles(
                        graph, components: components, reachability: reachability, maxCycles: maxCycles, budget: half)
                    results.cycleSeconds = elapsed()
                }
            }
        }
        timings.append(("  paths", results.pathSeconds))
        timings.append(("  cycles", results.cycleSeconds))
        let paths = results.paths!
        self.paths = paths
        cycles = results.cycles!
        let odds = timed("odds") { EndingOdds(graph, components: components, budget: options.budget) }
        self.odds = odds
        bottlenecks = timed("bottlenecks") { Bottlenecks(graph, reachability: reachability) }
        let endings = timed("endings") { EndingCatalogue(graph, reachability: reachability, paths: paths, odds: odds) }
        self.endings = endings
        structure = timed("structure") { StructureFigures(graph, endings: endings) }
        let state =
            StateModel.applies(to: graph.story)
            ? timed("state") { StateAnalysis(graph, reachability: reachability, budget: options.stateBudget) } : nil
        self.state = state
        stateOutcomes = state.map { state in
            // The simple-path count gets half the budget, as the structural one does.
            timed("state paths+odds") { StateOutcomes(state, graph: graph, budget: half) }
        }
        let stateOutcomes = self.stateOutcomes
        length = timed("length") {
            PlaythroughLength(graph, odds: odds, components: components, endings: endings, state: stateOutcomes)
        }
        lint = timed("lint") {
            Lint(
                graph, loadDiagnostics: loadDiagnostics, reachability: reachability,
                components: components, state: state, disabled: options.disabledRules)
        }
        self.timings = timings
    }
}
