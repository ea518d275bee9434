/// The strongly connected components of a story's path steps.
public struct StronglyConnectedComponents: Sendable {
    /// The component of each passage. Components are numbered in reverse topological
    /// order: every edge goes from a component to one with a smaller or equal number, so
    /// walking numbers upwards visits a passage's successors' components first.
    public let componentOf: [Int]
    /// The passages of each component.
    public let members: [[Int]]
    /// Whether each component holds a cycle (more than one passage, or a self-loop).
    public let isCyclic: [Bool]

    /// Tarjan's algorithm (Tarjan 1972), with an explicit stack instead of recursion so
    /// that a chain of 100,000 passages works.
    ///
    /// - Complexity: O(V + E) time and O(V) extra space.
    public init(_ graph: StoryGraph) {
        let n = graph.count
        let offsets = graph.edgeOffsets
        let targets = graph.edgeTargets
        var index = [Int](repeating: -1, count: n)
        var low = [Int](repeating: 0, count: n)
        var onStack = [Bool](repeating: false, count: n)
        var componentOf = [Int](repeating: -1, count: n)
        var stack: [Int] = []
        var members: [[Int]] = []
        // Call stack of (passage, next edge to look at).
        var frames: [(v: Int, edge: Int)] = []
        var counter = 0
        for root in 0..<n where index[root] < 0 {
            frames.append((root, offsets[root]))
            index[root] = counter; low[root] = counter; counter += 1
            stack.append(root); onStack[root] = true
            while !frames.isEmpty {
                let v = frames[frames.count - 1].v
                let e = frames[frames.count - 1].edge
                if e < offsets[v + 1] {
                    frames[frames.count - 1].edge = e + 1
                    let w = targets[e]
                    if index[w] < 0 {
                        index[w] = counter; low[w] = counter; counter += 1
                        stack.append(w); onStack[w] = true
                        frames.append((w, offsets[w]))
                    } else if onStack[w], index[w] < low[v] {
                        low[v] = index[w]
                    }
                    continue
                }
                frames.removeLast()
                if let parent = frames.last?.v, low[v] < low[parent] { low[parent] = low[v] }
                if low[v] == index[v] {
                    var component: [Int] = []
                    while true {
                        let w = stack.removeLast()
                        onStack[w] = false
                        componentOf[w] = members.count
                        component.append(w)
                        if w == v { break }
                    }
                    members.append(component)
                }
            }
        }
        self.componentOf = componentOf
        self.members = members
        self.isCyclic = members.map { component in
            if component.count > 1 { return true }
            let v = component[0]
            return graph.successors(of: v).contains(v)
        }
    }

    public var count: Int { members.count }
}
