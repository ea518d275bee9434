extension StoryGraph {
    /// Passages the reader can reach from the start by path steps, or see through an
    /// inclusion of a reachable passage, per node (a copy shows what its passage shows).
    /// The one definition of "unreachable" that the map and the analysers share (the
    /// map folds it per passage: `Reachability.reachable`).
    ///
    /// - Complexity: O(P + E), iterative (no recursion over story depth).
    public func reachableFromStart() -> [Bool] {
        var seen = [Bool](repeating: false, count: count)
        var includesOf = [[Int]](repeating: [], count: count)
        for include in includes { includesOf[include.ref.passage].append(include.target) }
        var stack = [start]
        seen[start] = true
        while let v = stack.popLast() {
            for w in successors(of: v) where !seen[w] {
                seen[w] = true
                stack.append(w)
            }
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
    public func reachablePassages() -> [Bool] {
        let nodes = reachableFromStart()
        var reachable = Array(nodes.prefix(passageCount))
        for v in passageCount..<count where nodes[v] { reachable[passageOf[v]] = true }
        return reachable
    }
}
