/// Paths and odds under state: the structural analysers (`PathCounts`, `EndingOdds`) run
/// on the state graph the search explored, seen as a story of its own whose passages are
/// the states and whose choices are the choices a reader in that state is shown and can
/// follow (those whose condition holds or is unknown; once-only and fallback rules
/// applied).
///
/// A *path under state* is what DESIGN.md calls a path, on that graph: a sequence of
/// choices from the start state to an ending that visits no state twice. It may pass a
/// passage twice with different variables (a hub revisited with the key in hand), so
/// it can outnumber the structural paths as well as fall short of them. When a cycle of
/// states can still reach an ending, a reader can loop for ever: walks are unbounded,
/// the count is that of simple paths, and `cycle` names one such cycle with a witness.
///
/// The odds are those of a reader who picks uniformly among the choices shown in each
/// state; *stuck* is the probability of reaching a state that is not an ending and
/// shows no choice. They are computed only when the search explored every state.
package struct StateOutcomes: Sendable {
    /// Paths under state per ending passage (indexed by passage; zero elsewhere), and
    /// in all.
    package let perEnding: [BigUInt]
    package let total: BigUInt
    /// True when both the state search and the simple-path count finished within their
    /// budgets; false: every count is a lower bound.
    package let isExact: Bool
    /// A cycle of states from which an ending can still be reached is reachable.
    package let unboundedWalks: Bool
    /// One such cycle, nearest the start: the passages of its states in order (the
    /// first again closes it), and the reader's choices from the start around it once.
    package let cycle: [Int]
    package let cycleWitness: [ChoiceRef]
    /// The odds (nil when the state search stopped at its budget): per ending passage,
    /// of getting stuck, of looping for ever; `converged` as `EndingOdds` has it.
    package let endingProbability: [Double]?
    package let stuck: Double?
    package let neverEnding: Double?
    package let oddsConverged: Bool
    /// The expected visits of each passage per run under state (the states of a passage
    /// added up); nil when the odds are.
    package let expectedVisits: [Double]?
    /// The states of the state graph that are endings.
    package let endingStates: Int

    /// - Complexity: O(S + T) to build the state graph as a story (S states, T
    ///   transitions), then that of `PathCounts` and `EndingOdds` on it: O(S + T)
    ///   big-integer additions when the state graph is acyclic, bounded by `budget`
    ///   otherwise.
    package init(_ state: StateAnalysis, graph: StoryGraph, budget: AnalysisBudget = AnalysisBudget()) {
        let stateCount = state.stateNodes.count
        // The state graph: a state at an ending ends; an expanded one goes where its
        // followed choices lead; one with nowhere to go (stuck, or not expanded when the
        // budget ran out) gets a broken link, so that it is no ending and the odds count
        // what reaches it as `brokenLink`.
        var offsets = [Int](repeating: 0, count: stateCount + 1)
        var targets: [Int] = []
        targets.reserveCapacity(state.transitionTargets.count)
        var isEnding = [Bool](repeating: false, count: stateCount)
        var stuck: [Int] = []
        for i in 0..<stateCount {
            if graph.isEnding[Int(state.stateNodes[i])] {
                isEnding[i] = true
            } else if i < state.expandedStates, state.transitionOffsets[i] < state.transitionOffsets[i + 1] {
                for t in Int(state.transitionOffsets[i])..<Int(state.transitionOffsets[i + 1]) {
                    targets.append(Int(state.transitionTargets[t]))
                }
            } else {
                stuck.append(i)
            }
            offsets[i + 1] = targets.count
        }
        let endingStates = isEnding.count(where: { $0 })
        let stateGraph = StoryGraph(adjacency: offsets, targets: targets, start: 0, isEnding: isEnding, stuck: stuck)
        let reachability = Reachability(stateGraph)
        let components = StronglyConnectedComponents(stateGraph)
        let paths = PathCounts(stateGraph, components: components, reachability: reachability, budget: budget)

        var perEnding = [BigUInt](repeating: BigUInt(), count: graph.passageCount)
        for i in 0..<stateCount where stateGraph.isEnding[i] {
            perEnding[graph.passageOf[Int(state.stateNodes[i])]] += paths.perEnding[i]
        }
        self.perEnding = perEnding
        self.total = paths.total
        self.isExact = state.provesAbsence && paths.isExact
        self.unboundedWalks = paths.unboundedWalks
        self.endingStates = endingStates

        // The original choice of a state-graph edge.
        func original(_ e: Int) -> ChoiceRef {
            let ref = stateGraph.edgeRefs[e]
            return graph.edgeRefs[Int(state.transitionEdges[Int(state.transitionOffsets[ref.passage]) + ref.choice])]
        }
        // The first state (in search order: nearest the start) on a cycle that can still
        // reach an ending; a shortest way to it and a shortest cycle back to it.
        var cycle: [Int] = []
        var witness: [ChoiceRef] = []
        if paths.unboundedWalks,
            let v = (0..<stateCount).first(where: {
                components.isCyclic[components.componentOf[$0]] && reachability.nodesReachingEnding[$0]
                    && reachability.reachableNodes[$0]
            })
        {
            let into = v == 0 ? [] : stateGraph.shortestWalk(from: 0, to: v)
            let around = stateGraph.shortestWalk(from: v, to: v) {
                components.componentOf[$0] == components.componentOf[v]
            }
            cycle =
                [graph.passageOf[Int(state.stateNodes[v])]]
                + around.map { graph.passageOf[Int(state.stateNodes[stateGraph.edgeTargets[$0]])] }
            witness = (into + around).map(original)
        }
        self.cycle = cycle
        self.cycleWitness = witness

        if state.provesAbsence {
            let odds = EndingOdds(stateGraph, components: components, budget: budget)
            var probability = [Double](repeating: 0, count: graph.passageCount)
            for i in 0..<stateCount where stateGraph.isEnding[i] {
                probability[graph.passageOf[Int(state.stateNodes[i])]] += odds.endingProbability[i]
            }
            self.endingProbability = probability
            var visits = [Double](repeating: 0, count: graph.passageCount)
            for i in 0..<stateCount { visits[graph.passageOf[Int(state.stateNodes[i])]] += odds.expectedVisits[i] }
            self.expectedVisits = visits
            self.stuck = odds.brokenLink
            self.neverEnding = odds.neverEnding
            self.oddsConverged = odds.converged
        } else {
            self.endingProbability = nil
            self.expectedVisits = nil
            self.stuck = nil
            self.neverEnding = nil
            self.oddsConverged = false
        }
    }
}
