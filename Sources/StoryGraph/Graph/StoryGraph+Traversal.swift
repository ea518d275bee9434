extension StoryGraph {
    /// Passages the reader can reach from the start by path steps, or see through an
    /// inclusion of a reachable passage, per node (a copy shows what its passage shows).
    /// The one definition of "unreachable" that the map and the analysers share (the
    /// map folds it per passage: `Reachability.reachable`).
    ///
    /// - Complexity: O(P + E), iterative (no recursion over story depth).
    package func reachableFromStart() -> [Bool] {
        var seen = [Bool](repeating: false, count: count)
        // What each passage shows, by passage; none at all on most stories.
        var includesOf = [[Int]](repeating: [], count: includes.isEmpty ? 0 : count)
        for include in includes { includesOf[include.ref.passage].append(include.target) }
        let offsets = edgeOffsets
        let targets = edgeTargets
        var stack = [start]
        seen[start] = true
        while let v = stack.popLast() {
            for e in offsets[v]..<offsets[v + 1] where !seen[targets[e]] {
                seen[targets[e]] = true
                stack.append(targets[e])
            }
            guard !includesOf.isEmpty else { continue }
            for w in includesOf[passageOf[v]] where !seen[w] {
                seen[w] = true
                stack.append(w)
            }
        }
        return seen
    }

    /// `reachableFromStart()` per passage: reachable when one of its nodes (its own, or a
    /// copy of a callee's) is.
    ///
    /// - Complexity: O(V + E).
    package func reachablePassages() -> [Bool] {
        let nodes = reachableFromStart()
        var reachable = Array(nodes.prefix(passageCount))
        for v in passageCount..<count where nodes[v] { reachable[passageOf[v]] = true }
        return reachable
    }

    /// The edges of a shortest walk from node `a` to node `b` by path steps, through
    /// nodes `allowed` accepts; `a == b` asks for a shortest cycle through `a`. Empty
    /// when there is none.
    ///
    /// - Complexity: O(V + E), breadth-first.
    package func shortestWalk(from a: Int, to b: Int, allowed: (Int) -> Bool = { _ in true }) -> [Int] {
        // Per node: the edge it was first reached by, and from which node.
        var edgeInto = [Int](repeating: -1, count: count)
        var cameFrom = [Int](repeating: -1, count: count)
        var frontier = [a]
        search: while !frontier.isEmpty {
            var next: [Int] = []
            for v in frontier {
                for e in edges(from: v) where edgeInto[edgeTargets[e]] < 0 && allowed(edgeTargets[e]) {
                    edgeInto[edgeTargets[e]] = e
                    cameFrom[edgeTargets[e]] = v
                    if edgeTargets[e] == b { break search }
                    next.append(edgeTargets[e])
                }
            }
            frontier = next
        }
        guard edgeInto[b] >= 0 else { return [] }
        var walk = [edgeInto[b]]
        var v = cameFrom[b]
        while v != a {
            walk.append(edgeInto[v])
            v = cameFrom[v]
        }
        return walk.reversed()
    }
}
