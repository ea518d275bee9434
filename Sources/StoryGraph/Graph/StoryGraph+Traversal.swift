extension StoryGraph {
    /// Passages the reader can reach from the start by path steps, or see through an
    /// inclusion of a reachable passage. The one definition of "unreachable" that the
    /// map and the analysers share.
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
            for w in includesOf[v] where !seen[w] {
                seen[w] = true
                stack.append(w)
            }
        }
        return seen
    }
}
