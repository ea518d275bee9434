/// Which passages the reader can reach, and from which an ending can still be reached.
public struct Reachability: Sendable {
    /// Reachable from the start (`StoryGraph.reachableFromStart()`, the one definition).
    public let reachable: [Bool]
    /// An ending can be reached from the passage by path steps (endings included).
    public let reachesEnding: [Bool]
    /// Passages the start cannot reach, in source order.
    public let unreachable: [Int]
    /// Reachable passages from which no ending can be reached, in source order
    /// (fragments, shown only inside other passages, are never trapped themselves).
    public let trapped: [Int]
    /// Reachable endings, in source order.
    public let reachableEndings: [Int]

    /// A forward search from the start and a backward search over the reverse adjacency
    /// from every ending, both iterative.
    ///
    /// - Complexity: O(V + E) time and O(V) space.
    public init(_ graph: StoryGraph) {
        let n = graph.count
        reachable = graph.reachableFromStart()
        reachesEnding = Self.reaching(graph, from: (0..<n).filter { graph.isEnding[$0] })
        var unreachable: [Int] = []
        var trapped: [Int] = []
        var endings: [Int] = []
        for v in 0..<n {
            if !reachable[v] { unreachable.append(v); continue }
            if !reachesEnding[v] && !graph.isFragment[v] { trapped.append(v) }
            if graph.isEnding[v] { endings.append(v) }
        }
        self.unreachable = unreachable
        self.trapped = trapped
        self.reachableEndings = endings
    }

    /// The passages from which one of `targets` can be reached by path steps: a search
    /// backwards over the reverse CSR.
    ///
    /// - Complexity: O(V + E).
    public static func reaching(_ graph: StoryGraph, from targets: [Int]) -> [Bool] {
        var seen = [Bool](repeating: false, count: graph.count)
        var stack: [Int] = []
        for t in targets where !seen[t] {
            seen[t] = true
            stack.append(t)
        }
        let offsets = graph.reverseOffsets
        let sources = graph.reverseSources
        while let v = stack.popLast() {
            for i in offsets[v]..<offsets[v + 1] {
                let u = sources[i]
                if !seen[u] {
                    seen[u] = true
                    stack.append(u)
                }
            }
        }
        return seen
    }

    /// The shortest number of choices from the start to each passage (`-1` where
    /// unreachable by path steps), breadth-first.
    ///
    /// - Complexity: O(V + E).
    public static func distancesFromStart(_ graph: StoryGraph) -> [Int] {
        var distance = [Int](repeating: -1, count: graph.count)
        var queue = [graph.start]
        distance[graph.start] = 0
        var head = 0
        while head < queue.count {
            let v = queue[head]
            head += 1
            for w in graph.successors(of: v) where distance[w] < 0 {
                distance[w] = distance[v] + 1
                queue.append(w)
            }
        }
        return distance
    }
}
