/// The exact odds of each outcome for a reader who, at every passage, picks uniformly at
/// random among its choices (path steps, broken and dynamic links alike; restarts and
/// inclusions are not picked: a restart ends the run, an inclusion is not clicked).
public struct EndingOdds: Sendable {
    /// The probability of finishing at each passage (non-zero only at endings).
    public let endingProbability: [Double]
    /// The probability of following a broken link (the story fails there).
    public let brokenLink: Double
    /// The probability of following a link whose target is computed at run time.
    package let dynamicLink: Double
    /// The probability of never reaching an ending: looping for ever in a trap.
    public let neverEnding: Double
    /// The probability of reaching a return past a cut call (`StoryGraph.callsCut`): the
    /// node graph does not follow it, so where the reader goes then is unknown (not a trap).
    package let pastCutCall: Double
    /// The expected number of choices a run makes before it stops (ending, broken or
    /// dynamic link); `nil` when a run may never stop, or may reach a return past a cut call.
    public let expectedChoices: Double?
    /// The expected number of visits to each passage per run (0 where unknown because the
    /// passage is inside a trap).
    package let expectedVisits: [Double]
    /// Whether every looping component was solved within the budget. When not, the
    /// expected visits are lower bounds and `expectedChoices` is absent; the probabilities
    /// are lower bounds too, each at most `unresolved` below the exact one.
    public let converged: Bool
    /// The probability mass that entered a looping component the budget did not let the
    /// solve finish and left by more than one way out (0 when `converged`; 0 as well when
    /// every unsolved loop has one way out, which then gets all its mass exactly): an upper
    /// bound on the error of every probability.
    package let unresolved: Double
    /// The largest relative residual the floating-point eliminations left (about 1e-16 on
    /// well-conditioned stories; 0 on acyclic stories).
    package let residual: Double
    /// The steps the exact solve could spend (the budget's share plus 16 per passage and
    /// choice: the linear part of the work is never cut) and the steps it took. Past the
    /// limit, the lower-bound sweeps get as many steps again.
    package let stepLimit: Int
    package let steps: Int

    /// Steps of the sparse elimination per second (a release build; one row entry each).
    package static let stepsPerSecond = 4_000_000

    /// Computes the odds exactly on the condensation of the story: components in
    /// topological order, a dynamic program on acyclic parts, and on each looping component
    /// with a way out a direct solve of the expected-visit equations `x = b + Qᵀx` of the
    /// absorbing Markov chain (Kemeny & Snell 1960) by sparse Gaussian elimination
    /// (`SparseElimination`), in floating point. A component with no way out traps all the
    /// mass that enters it: the probability of never ending is that mass, with no iteration.
    /// All the mass leaving a component goes to its ways out in the solved proportions, so
    /// a story whose loops all lead to one ending gives it probability 1 exactly.
    ///
    /// `from` starts the reader at another node than the story's start (the HTML report's
    /// "odds from this passage"); components above it then receive no mass and are skipped.
    ///
    /// - Complexity: O(V + E) on acyclic stories and simple loops; O(V + E + fill-in) in
    ///   general (at most O(m³) for a dense component of m passages), within `budget`.
    package init(
        _ graph: StoryGraph, components: StronglyConnectedComponents? = nil, budget: AnalysisBudget = AnalysisBudget(),
        from origin: Int? = nil
    ) {
        let n = graph.count
        let components = components ?? StronglyConnectedComponents(graph)
        // The number of choices a reader picks from at each passage.
        var broken = [Int](repeating: 0, count: n)
        var dynamic = [Int](repeating: 0, count: n)
        for ref in graph.brokenLinks where !graph.isEnding[ref.passage] && graph.choice(ref).kind != .include {
            broken[ref.passage] += 1
        }
        for ref in graph.dynamicLinks where !graph.isEnding[ref.passage] { dynamic[ref.passage] += 1 }
        for shown in graph.shownBrokenLinks { broken[shown.passage] += 1 }
        for shown in graph.shownDynamicLinks { dynamic[shown.passage] += 1 }
        // Past a cut call the node graph runs the callee with no call: its returns lead
        // nowhere there, but in the story they go back. Their mass is told apart, unknown.
        var cut = [Int](repeating: 0, count: n)
        if !graph.callsCut.isEmpty { for r in graph.returnsWithoutCall { cut[r.node] += 1 } }
        var degree = [Int](repeating: 0, count: n)
        for v in 0..<n { degree[v] = graph.edgeOffsets[v + 1] - graph.edgeOffsets[v] + broken[v] + dynamic[v] + cut[v] }

        var inflow = [Double](repeating: 0, count: n) // mass arriving from other components
        var visits = [Double](repeating: 0, count: n)
        var endingProbability = [Double](repeating: 0, count: n)
        var brokenMass = 0.0
        var dynamicMass = 0.0
        var cutMass = 0.0
        var neverMass = 0.0
        var unresolved = 0.0
        var visitsExact = true
        var residual = 0.0
        let limit = budget.steps(atRate: Self.stepsPerSecond) &+ 16 * (n + graph.edgeTargets.count)
        var steps = limit
        var fallback = limit
        inflow[origin ?? graph.start] = 1

        // Components are numbered in reverse topological order: go from the highest down.
        var position = [Int](repeating: -1, count: n) // index within its component
        for c in stride(from: components.count - 1, through: 0, by: -1) {
            let members = components.members[c]
            if members.allSatisfy({ inflow[$0] == 0 }) { continue }
            var scale = 1.0 // makes the mass leaving the component equal the mass entering
            if !components.isCyclic[c] {
                let v = members[0]
                visits[v] = inflow[v]
            } else {
                // The ways out of the component: endings in it, broken and dynamic links,
                // choices to other components.
                var exits = Set<Int>()
                for v in members {
                    if graph.isEnding[v] {
                        exits.insert(-1 - v)
                        continue
                    }
                    if broken[v] > 0 { exits.insert(-1 - n) }
                    if dynamic[v] > 0 { exits.insert(-2 - n) }
                    if cut[v] > 0 { exits.insert(-3 - n) }
                    for w in graph.successors(of: v) where components.componentOf[w] != c { exits.insert(w) }
                }
                if exits.isEmpty {
                    for v in members { neverMass += inflow[v] }
                    continue
                }
                for (i, v) in members.enumerated() { position[v] = i }
                let list = Array(members)
                let solution =
                    steps > 0
                    ? SparseElimination.solve(
                        graph, component: c, componentOf: components.componentOf, members: list,
                        position: position, inflow: inflow, degree: degree, absorbing: graph.isEnding, steps: &steps)
                    : nil
                if let solution {
                    residual = max(residual, solution.residual)
                    for (i, v) in members.enumerated() { visits[v] = max(0, solution.visits[i]) }
                } else {
                    // Past the budget: lower bounds instead, by Gauss–Seidel sweeps from zero
                    // (monotone, so every sweep stays below the solution), on an allowance
                    // of their own; the mass they do not account for is unresolved.
                    steps = min(steps, 0)
                    let x = SparseElimination.lowerBound(
                        graph, component: c, componentOf: components.componentOf, members: list,
                        position: position, inflow: inflow, degree: degree, absorbing: graph.isEnding, steps: &fallback)
                    for (i, v) in members.enumerated() { visits[v] = x[i] }
                }
                var entering = 0.0
                var leaving = 0.0
                for v in members {
                    entering += inflow[v]
                    if graph.isEnding[v] {
                        leaving += visits[v]
                        continue
                    }
                    var out = broken[v] + dynamic[v] + cut[v]
                    for w in graph.successors(of: v) where components.componentOf[w] != c { out += 1 }
                    leaving += visits[v] * Double(out) / Double(degree[v])
                }
                if solution == nil { visitsExact = false }
                if exits.count == 1 {
                    // One way out: it receives exactly the mass that entered.
                    switch exits.first! {
                    case -1 - n: brokenMass += entering
                    case -2 - n: dynamicMass += entering
                    case -3 - n: cutMass += entering
                    case let e where e < 0: endingProbability[-1 - e] += entering
                    case let w: inflow[w] += entering
                    }
                    continue
                }
                if solution == nil {
                    unresolved += max(0, entering - leaving)
                } else if leaving > 0 {
                    scale = entering / leaving
                }
            }
            // Pass the mass on, out of the component.
            for v in members where visits[v] > 0 {
                if graph.isEnding[v] {
                    endingProbability[v] += visits[v] * scale
                    continue
                }
                // A return with no call running is the only way to have none: the
                // reader is stuck there.
                guard degree[v] > 0 else {
                    neverMass += visits[v] * scale
                    continue
                }
                let share = visits[v] / Double(degree[v]) * scale
                brokenMass += share * Double(broken[v])
                dynamicMass += share * Double(dynamic[v])
                cutMass += share * Double(cut[v])
                for w in graph.successors(of: v) where components.componentOf[w] != c {
                    inflow[w] += share
                }
            }
        }
        // Told per passage: the copies of a callee's passage add to it.
        let p = graph.passageCount
        var passageEnding = Array(endingProbability.prefix(p))
        var passageVisits = Array(visits.prefix(p))
        for v in p..<n {
            passageEnding[graph.passageOf[v]] += endingProbability[v]
            passageVisits[graph.passageOf[v]] += visits[v]
        }
        self.endingProbability = passageEnding
        self.brokenLink = brokenMass
        self.dynamicLink = dynamicMass
        self.pastCutCall = cutMass
        self.neverEnding = max(0, neverMass)
        self.expectedVisits = passageVisits
        self.converged = visitsExact
        self.unresolved = unresolved
        self.residual = residual
        self.stepLimit = limit
        self.steps = min(limit, limit - steps)
        // Past a cut call the reader goes on where the graph does not follow: unknown.
        if neverMass > 0 || !visitsExact || cutMass > 0 {
            self.expectedChoices = nil
        } else {
            var total = 0.0
            for v in 0..<n where !graph.isEnding[v] { total += visits[v] }
            self.expectedChoices = total
        }
    }
}
