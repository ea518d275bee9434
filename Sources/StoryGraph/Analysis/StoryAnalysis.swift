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
    /// Seconds each analysis took, in the order they ran, by the wall clock and in CPU
    /// time (the threads' it ran on; the searches side by side count each thread's).
    package let timings: [(name: String, seconds: Double, cpu: Double)]

    /// Runs reachability, components (Tarjan 1972), cycles (Johnson 1975), path counts,
    /// odds (absorbing Markov chain), post-dominators (Cooper–Harvey–Kennedy 2001),
    /// endings, structure, the state search and lint, sharing the intermediate results.
    ///
    /// - Complexity: O(V + E) for all but the budgeted parts, which stop at the budget.
    public init(_ graph: StoryGraph, loadDiagnostics: [Diagnostic] = [], options: Options = Options()) {
        self.graph = graph
        self.options = options
        var timings: [(name: String, seconds: Double, cpu: Double)] = []
        func timed<T>(_ name: String, _ work: () -> T) -> T {
            let begin = DispatchTime.now().uptimeNanoseconds
            let cpuBegin = AnalysisBudget.threadCPUNanoseconds()
            let result = work()
            timings.append(
                (
                    name, Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e9,
                    Double(AnalysisBudget.threadCPUNanoseconds() - cpuBegin) / 1e9
                ))
            return result
        }
        let reachability = timed("reachability") { Reachability(graph) }
        let components = timed("components") { StronglyConnectedComponents(graph) }
        let half = options.budget.share(2)
        self.reachability = reachability
        self.components = components
        // The budgeted searches only read the graph: simple paths and cycles run side by
        // side, each on its own half of the budget, and the state search (with its paths
        // and odds) beside them, on its own budget. Each budget is counted in steps (the
        // state search's deadline in the thread's CPU time), so the figures do not depend
        // on how the threads are scheduled; on two cores the state search no longer waits
        // for the path search, whose budget a cyclic story spends whole.
        final class Results: @unchecked Sendable {
            var paths: PathCounts?
            var cycles: Cycles?
            var state: StateAnalysis?
            var stateOutcomes: StateOutcomes?
            /// Wall and CPU seconds of each part (each written by its own thread).
            var pathSeconds = (wall: 0.0, cpu: 0.0)
            var cycleSeconds = (wall: 0.0, cpu: 0.0)
            var stateSeconds = (wall: 0.0, cpu: 0.0)
            var outcomeSeconds = (wall: 0.0, cpu: 0.0)
        }
        let results = Results()
        let maxCycles = options.maxCycles
        let hasState = StateModel.applies(to: graph.story)
        let stateBudget = options.stateBudget
        // A task-local does not cross into the dispatch threads: the search counter (tests
        // count searches per command) is handed over by hand.
        let counter = StateAnalysis.searchCounter
        let began = DispatchTime.now().uptimeNanoseconds
        DispatchQueue.concurrentPerform(iterations: hasState ? 3 : 2) { part in
            var begin = (wall: DispatchTime.now().uptimeNanoseconds, cpu: AnalysisBudget.threadCPUNanoseconds())
            func elapsed() -> (wall: Double, cpu: Double) {
                let now = (wall: DispatchTime.now().uptimeNanoseconds, cpu: AnalysisBudget.threadCPUNanoseconds())
                defer { begin = now }
                return (Double(now.wall - begin.wall) / 1e9, Double(now.cpu - begin.cpu) / 1e9)
            }
            switch part {
            case 0:
                results.paths = PathCounts(graph, components: components, reachability: reachability, budget: half)
                results.pathSeconds = elapsed()
            case 1:
                results.cycles = Cycles(
                    graph, components: components, reachability: reachability, maxCycles: maxCycles, budget: half)
                results.cycleSeconds = elapsed()
            default:
                let state = StateAnalysis.$searchCounter.withValue(counter) {
                    StateAnalysis(graph, reachability: reachability, budget: stateBudget)
                }
                results.stateSeconds = elapsed()
                // The simple-path count gets half the budget, as the structural one does.
                results.stateOutcomes = StateOutcomes(state, graph: graph, budget: half)
                results.outcomeSeconds = elapsed()
                results.state = state
            }
        }
        let parts = [
            ("  paths", results.pathSeconds), ("  cycles", results.cycleSeconds), ("  state", results.stateSeconds),
            ("  state paths+odds", results.outcomeSeconds),
        ].prefix(hasState ? 4 : 2)
        timings.append(
            (
                hasState ? "paths+cycles+state" : "paths+cycles",
                Double(DispatchTime.now().uptimeNanoseconds - began) / 1e9, parts.reduce(0) { $0 + $1.1.cpu }
            ))
        timings += parts.map { ($0.0, $0.1.wall, $0.1.cpu) }
        let paths = results.paths!
        self.paths = paths
        cycles = results.cycles!
        let odds = timed("odds") { EndingOdds(graph, components: components, budget: options.budget) }
        self.odds = odds
        bottlenecks = timed("bottlenecks") { Bottlenecks(graph, reachability: reachability) }
        let endings = timed("endings") { EndingCatalogue(graph, reachability: reachability, paths: paths, odds: odds) }
        self.endings = endings
        let structure = timed("structure") { StructureFigures(graph, endings: endings) }
        self.structure = structure
        let state = results.state
        self.state = state
        stateOutcomes = results.stateOutcomes
        let stateOutcomes = self.stateOutcomes
        length = timed("length") {
            PlaythroughLength(graph, odds: odds, components: components, endings: endings, state: stateOutcomes)
        }
        lint = timed("lint") {
            Lint(
                graph, loadDiagnostics: loadDiagnostics, reachability: reachability,
                components: components, state: state, disabled: options.disabledRules,
                falseChoices: structure.falseChoices)
        }
        self.timings = timings
    }
}
