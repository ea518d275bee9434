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

        public init(budget: AnalysisBudget = AnalysisBudget(), maxCycles: Int = 100, disabledRules: Set<String> = []) {
            self.budget = budget
            self.maxCycles = maxCycles
            self.disabledRules = disabledRules
        }
    }

    public let graph: StoryGraph
    public let options: Options
    public let reachability: Reachability
    public let components: StronglyConnectedComponents
    public let cycles: Cycles
    public let paths: PathCounts
    public let odds: EndingOdds
    public let bottlenecks: Bottlenecks
    public let endings: EndingCatalogue
    public let structure: StructureFigures
    public let lint: Lint

    /// Runs reachability, components (Tarjan 1972), cycles (Johnson 1975), path counts,
    /// odds (absorbing Markov chain), post-dominators (Cooper–Harvey–Kennedy 2001),
    /// endings, structure and lint, sharing the intermediate results.
    ///
    /// - Complexity: O(V + E) for all but the budgeted parts, which stop at the budget.
    public init(_ graph: StoryGraph, loadDiagnostics: [Diagnostic] = [], options: Options = Options()) {
        self.graph = graph
        self.options = options
        let reachability = Reachability(graph)
        let components = StronglyConnectedComponents(graph)
        let half = options.budget.share(2)
        self.reachability = reachability
        self.components = components
        paths = PathCounts(graph, components: components, reachability: reachability, budget: half)
        cycles = Cycles(graph, components: components, reachability: reachability, maxCycles: options.maxCycles, budget: half)
        odds = EndingOdds(graph, components: components)
        bottlenecks = Bottlenecks(graph, reachability: reachability)
        endings = EndingCatalogue(graph, reachability: reachability, paths: paths, odds: odds)
        structure = StructureFigures(graph, endings: endings)
        lint = Lint(graph, loadDiagnostics: loadDiagnostics, reachability: reachability,
                    components: components, disabled: options.disabledRules)
    }
}
