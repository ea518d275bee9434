import StoryGraph

/// The simple paths (start to an ending, no passage twice) through each passage, as the
/// product of the paths from the start to it and the paths from it to an ending: exact
/// for every passage no loop can lie on a path through (`isExact`), however the rest of
/// the story loops. A loop before or after a passage makes its product count walks, not
/// simple paths, so it is not used there.
///
/// - Complexity: O(V + E) big-integer additions, in the topological order of the strongly
///   connected components (Tarjan 1972).
struct PathProducts {
    /// Paths from the start to each passage, and from it to an ending.
    let to: [BigUInt]
    let on: [BigUInt]
    /// Whether a loop can lie on a path from the start to the passage, or from it on.
    let loopBefore: [Bool]
    let loopAfter: [Bool]

    /// For a graph without call copies (every node is its passage).
    init(_ graph: StoryGraph, _ analysed: StoryCheck.Analysed) {
        let components = analysed.components
        let live = analysed.reachability.nodesReachingEnding
        let reachable = analysed.reachability.reachableNodes
        let n = graph.count
        func loops(_ v: Int) -> Bool { components.isCyclic[components.componentOf[v]] }
        let order = components.order // sinks first
        var on = [BigUInt](repeating: BigUInt(), count: n)
        var after = [Bool](repeating: false, count: n)
        for v in order where live[v] {
            if graph.isEnding[v] {
                on[v] = BigUInt(1)
                continue
            }
            var sum = BigUInt()
            var loop = loops(v)
            for w in graph.successors(of: v) where live[w] {
                sum += on[w]
                loop = loop || after[w]
            }
            on[v] = sum
            after[v] = loop
        }
        var to = [BigUInt](repeating: BigUInt(), count: n)
        var before = [Bool](repeating: false, count: n)
        to[graph.start] = BigUInt(1)
        for v in order.reversed() where reachable[v] && !graph.isEnding[v] {
            let loop = before[v] || loops(v)
            for w in graph.successors(of: v) {
                to[w] += to[v]
                before[w] = before[w] || loop
            }
        }
        self.to = to
        self.on = on
        loopBefore = before
        loopAfter = after
    }

    /// Whether the product is the exact number of simple paths through `v`.
    func isExact(_ v: Int, in components: StronglyConnectedComponents) -> Bool {
        !loopBefore[v] && !loopAfter[v] && !components.isCyclic[components.componentOf[v]]
    }

    /// The product for `v` (exact when `isExact`).
    func through(_ v: Int) -> BigUInt { to[v] * on[v] }
}
