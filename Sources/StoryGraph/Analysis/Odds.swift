/// The exact odds of each outcome for a reader who, at every passage, picks uniformly at
/// random among its choices (path steps, broken and dynamic links alike; restarts and
/// inclusions are not picked: a restart ends the run, an inclusion is not clicked).
public struct EndingOdds: Sendable {
    /// The probability of finishing at each passage (non-zero only at endings).
    public let endingProbability: [Double]
    /// The probability of following a broken link (the story fails there).
    public let brokenLink: Double
    /// The probability of following a link whose target is computed at run time.
    public let dynamicLink: Double
    /// The probability of never reaching an ending: looping for ever in a trap.
    public let neverEnding: Double
    /// The expected number of choices a run makes before it stops (ending, broken or
    /// dynamic link); `nil` when a run may never stop.
    public let expectedChoices: Double?
    /// The expected number of visits to each passage per run (0 where unknown because the
    /// passage is inside a trap).
    public let expectedVisits: [Double]
    /// Whether every iterative solve reached the tolerance (1e-12) within its budget.
    public let converged: Bool
    /// The largest change in the last sweep of the iterative solves (0 on acyclic stories).
    public let residual: Double

    /// Computes the odds by forward propagation of probability mass over the components
    /// of the story, in topological order: a dynamic program on acyclic parts, and on
    /// each cycle-holding component a Gauss–Seidel solve of the expected-visit equations
    /// `x = b + xQ` of the absorbing Markov chain (Kemeny & Snell 1960) to a relative
    /// tolerance of 1e-12. A component with no way out traps all mass that enters it.
    ///
    /// - Complexity: O(V + E) on acyclic stories; O(V + E + k·E_c) with k sweeps of each
    ///   cyclic component (at most `maximumSweeps`).
    public init(_ graph: StoryGraph, components: StronglyConnectedComponents? = nil, tolerance: Double = 1e-12, maximumSweeps: Int = 100_000) {
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
        var degree = [Int](repeating: 0, count: n)
        for v in 0..<n { degree[v] = graph.edgeOffsets[v + 1] - graph.edgeOffsets[v] + broken[v] + dynamic[v] }

        var inflow = [Double](repeating: 0, count: n)  // mass arriving from other components
        var visits = [Double](repeating: 0, count: n)
        var endingProbability = [Double](repeating: 0, count: n)
        var brokenMass = 0.0
        var dynamicMass = 0.0
        var neverMass = 0.0
        var converged = true
        var residual = 0.0
        inflow[graph.start] = 1

        // Components are numbered in reverse topological order: go from the highest down.
        var position = [Int](repeating: -1, count: n)  // index within its component
        for c in stride(from: components.count - 1, through: 0, by: -1) {
            let members = components.members[c]
            if members.allSatisfy({ inflow[$0] == 0 }) { continue }
            if !components.isCyclic[c] {
                let v = members[0]
                visits[v] = inflow[v]
            } else {
                // Does any member have a way out of the component?
                var hasExit = false
                for v in members where !hasExit {
                    if graph.isEnding[v] || broken[v] > 0 || dynamic[v] > 0 { hasExit = true }
                    for w in graph.successors(of: v) where components.componentOf[w] != c { hasExit = true }
                }
                if !hasExit {
                    for v in members { neverMass += inflow[v] }
                    continue
                }
                for (i, v) in members.enumerated() { position[v] = i }
                // Gauss–Seidel on x_v = inflow_v + Σ_{u→v, u in c} x_u / degree_u.
                var x = members.map { inflow[$0] }
                var sweep = 0
                while true {
                    sweep += 1
                    var change = 0.0
                    var scale = 0.0
                    for (i, v) in members.enumerated() {
                        var value = inflow[v]
                        for u in graph.predecessors(of: v) where components.componentOf[u] == c {
                            value += x[position[u]] / Double(degree[u])
                        }
                        change = max(change, abs(value - x[i]))
                        scale = max(scale, abs(value))
                        x[i] = value
                    }
                    if change <= tolerance * max(scale, 1) { residual = max(residual, change); break }
                    if sweep >= maximumSweeps {
                        converged = false
                        residual = max(residual, change)
                        break
                    }
                }
                for (i, v) in members.enumerated() { visits[v] = x[i] }
            }
            // Pass the mass on, out of the component.
            for v in members where visits[v] > 0 {
                if graph.isEnding[v] {
                    endingProbability[v] += visits[v]
                    continue
                }
                guard degree[v] > 0 else { continue }  // cannot happen: a non-ending has a choice
                let share = visits[v] / Double(degree[v])
                brokenMass += share * Double(broken[v])
                dynamicMass += share * Double(dynamic[v])
                for w in graph.successors(of: v) where components.componentOf[w] != c {
                    inflow[w] += share
                }
            }
        }
        self.endingProbability = endingProbability
        self.brokenLink = brokenMass
        self.dynamicLink = dynamicMass
        self.neverEnding = max(0, neverMass)
        self.expectedVisits = visits
        self.converged = converged
        self.residual = residual
        if neverMass > 0 {
            self.expectedChoices = nil
        } else {
            var total = 0.0
            for v in 0..<n where !graph.isEnding[v] { total += visits[v] }
            self.expectedChoices = total
        }
    }
}
