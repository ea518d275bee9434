extension StoryGraph {
    /// The passages within `radius` choices of `center`, following choices either way
    /// (what leads to it and what it leads to), breadth first from every node of
    /// `center` (its own and its copies as a callee), told by passage.
    ///
    /// - Complexity: O(V + E) at most; O(visited) in practice.
    package func passages(within radius: Int, of center: Int) -> Set<Int> {
        var distance = [Int: Int]()
        var queue = nodes(of: center)
        for v in queue { distance[v] = 0 }
        var head = 0
        while head < queue.count {
            let v = queue[head]
            head += 1
            let d = distance[v]!
            guard d < radius else { continue }
            for w in successors(of: v) where distance[w] == nil {
                distance[w] = d + 1
                queue.append(w)
            }
            for w in predecessors(of: v) where distance[w] == nil {
                distance[w] = d + 1
                queue.append(w)
            }
        }
        return Set(queue.map { passageOf[$0] })
    }

    /// The passages that lie on some path from the start to `ending`: a node of them is
    /// reachable from the start and can reach a node of `ending`.
    ///
    /// - Complexity: O(V + E).
    package func passagesOnPaths(to ending: Int) -> Set<Int> {
        let forward = reachableFromStart()
        let backward = Reachability.reaching(self, from: nodes(of: ending))
        var result = Set<Int>()
        for v in 0..<count where forward[v] && backward[v] { result.insert(passageOf[v]) }
        return result
    }

    /// The nodes of passage `p`: its own, then its copies (as a callee) in order.
    ///
    /// - Complexity: O(V − P).
    package func nodes(of p: Int) -> [Int] {
        [p] + (passageCount..<count).filter { passageOf[$0] == p }
    }
}
