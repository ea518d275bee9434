extension StoryGraph {
    /// The passages within `radius` choices of `center`, following choices either way
    /// (what leads to it and what it leads to), breadth first.
    ///
    /// - Complexity: O(V + E) at most; O(visited) in practice.
    public func passages(within radius: Int, of center: Int) -> Set<Int> {
        var distance = [Int: Int]()
        distance[center] = 0
        var queue = [center]
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
        return Set(queue)
    }

    /// The passages that lie on some path from the start to `ending`: reachable from
    /// the start and able to reach `ending`.
    ///
    /// - Complexity: O(V + E).
    public func passagesOnPaths(to ending: Int) -> Set<Int> {
        let forward = reachableFromStart()
        let backward = Reachability.reaching(self, from: [ending])
        var result = Set<Int>()
        for v in 0..<count where forward[v] && backward[v] { result.insert(v) }
        return result
    }
}
