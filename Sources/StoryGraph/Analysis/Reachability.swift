/// Which passages the reader can reach, and from which an ending can still be reached.
///
/// Worked out per node (a passage, or a copy of a callee's passage: see `CallExpansion`)
/// and told per passage: a passage is reachable when one of its nodes is, and trapped
/// when one of its reachable nodes cannot reach an ending (a callee's own node, entered
/// only through its copies, is neither unreachable nor a trap on its own).
public struct Reachability: Sendable {
    /// Per passage: reachable from the start (`StoryGraph.reachableFromStart()`, the one
    /// definition), through its own node or a copy.
    public let reachable: [Bool]
    /// Per passage: an ending can be reached by path steps (endings included) from its
    /// node, and from every node of it the start reaches.
    package let reachesEnding: [Bool]
    /// Per node (`StoryGraph.count`): what the analysers that walk the nodes read.
    package let reachableNodes: [Bool]
    package let nodesReachingEnding: [Bool]
    /// Passages the start cannot reach, in source order.
    package let unreachable: [Int]
    /// Reachable passages from which no ending can be reached, in source order
    /// (fragments, shown only inside other passages, are never trapped themselves).
    package let trapped: [Int]
    /// Reachable endings, in source order.
    package let reachableEndings: [Int]
    /// When calls were cut (`StoryGraph.callsCut`), per passage: whether the passages' own
    /// links, every call returning, lead from it to an ending (`overApproximation`); what
    /// the claims of a trap or of no ending must not contradict. Nil when no call was cut.
    package let mayReachEnding: [Bool]?

    /// A forward search from the start and a backward search over the reverse adjacency
    /// from every ending, both iterative.
    ///
    /// - Complexity: O(V + E) time and O(V) space.
    package init(_ graph: StoryGraph) {
        let n = graph.count
        let p = graph.passageCount
        let nodesReached = graph.reachableFromStart()
        let nodesEnding = Self.reaching(graph, from: (0..<n).filter { graph.isEnding[$0] })
        reachableNodes = nodesReached
        nodesReachingEnding = nodesEnding
        var reachable = Array(nodesReached.prefix(p))
        var reachesEnding = Array(nodesEnding.prefix(p))
        var isTrapped = [Bool](repeating: false, count: p)
        var isEndingReached = [Bool](repeating: false, count: p)
        for v in 0..<n where nodesReached[v] {
            let s = graph.passageOf[v]
            reachable[s] = true
            if nodesEnding[v] { reachesEnding[s] = true } else if !graph.isFragment[v] { isTrapped[s] = true }
            if graph.isEnding[v] { isEndingReached[s] = true }
        }
        // A cut call's returns lead nowhere in the node graph, which then reaches less than
        // the story does: what it did not reach is claimed unreachable (or trapped) only
        // when the passages' own links, every call returning, do not reach it either.
        // Likewise a dynamic link left unresolved may go to any passage: what it may reach
        // is claimed neither unreachable nor trapped.
        let over =
            graph.callsCut.isEmpty && graph.dynamicLinks.isEmpty && graph.shownDynamicLinks.isEmpty
            ? nil : Self.overApproximation(graph)
        var unreachable: [Int] = []
        var trapped: [Int] = []
        var endings: [Int] = []
        for v in 0..<p {
            if isTrapped[v] { reachesEnding[v] = false }
            if !reachable[v] {
                if over?.reached[v] != true { unreachable.append(v) }
                continue
            }
            if isTrapped[v], over?.reachesEnding[v] != true { trapped.append(v) }
            if isEndingReached[v] { endings.append(v) }
        }
        self.reachable = reachable
        self.reachesEnding = reachesEnding
        self.unreachable = unreachable
        self.trapped = trapped
        self.reachableEndings = endings
        mayReachEnding = over?.reachesEnding
    }

    /// Per passage, over the passages' own links (no copies): reached from the start, and
    /// reaching an ending, where a call also goes on to its `returnTo` and a return may go
    /// to the `returnTo` of any call, and a dynamic link (a target computed when the story
    /// runs, left unresolved) to any passage. It reaches at least what any reader reaches.
    ///
    /// - Complexity: O(P + C + R·Q) for P passages, C choices, R returns and Q return points.
    static func overApproximation(_ graph: StoryGraph) -> (reached: [Bool], reachesEnding: [Bool]) {
        let passages = graph.story.passages
        let p = passages.count
        var returnPoints: Set<Int> = []
        for passage in passages {
            for choice in passage.choices where choice.kind == .call {
                if let r = choice.returnTo.flatMap({ graph.indexByID[$0] }) { returnPoints.insert(r) }
            }
        }
        let points = returnPoints.sorted()
        var next = [[Int]](repeating: [], count: p)
        var previous = [[Int]](repeating: [], count: p)
        // Passages with a dynamic link, their own or one they show.
        var computes = [Bool](repeating: false, count: p)
        for (v, passage) in passages.enumerated() {
            var targets: [Int] = []
            for choice in passage.choices {
                if choice.kind == .dynamic && !choice.isRestart { computes[v] = true }
                if let t = graph.indexByID[choice.target] { targets.append(t) }
                if choice.kind == .call, let r = choice.returnTo.flatMap({ graph.indexByID[$0] }) { targets.append(r) }
                if choice.kind == .return { targets += points }
            }
            next[v] = targets
            for t in targets { previous[t].append(v) }
        }
        for (x, _) in graph.shownDynamicLinks { computes[graph.passageOf[x]] = true }
        func search(from sources: [Int], over edges: [[Int]], computed: Bool = false) -> [Bool] {
            var seen = [Bool](repeating: false, count: p)
            var stack = sources.filter { $0 < p }
            for v in stack { seen[v] = true }
            while let v = stack.popLast() {
                if computed && computes[v] { return [Bool](repeating: true, count: p) }
                for w in edges[v] where !seen[w] {
                    seen[w] = true
                    stack.append(w)
                }
            }
            return seen
        }
        let start = graph.passageOf[graph.start]
        let reached = search(from: [start], over: next, computed: true)
        let endings = (0..<p).filter { graph.isEnding[$0] }
        let reachesEnding = search(from: endings + (endings.isEmpty ? [] : (0..<p).filter { computes[$0] }), over: previous)
        return (reached, reachesEnding)
    }

    /// The passages from which one of `targets` can be reached by path steps: a search
    /// backwards over the reverse CSR.
    ///
    /// - Complexity: O(V + E).
    package static func reaching(_ graph: StoryGraph, from targets: [Int]) -> [Bool] {
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
    /// unreachable by path steps), breadth-first, per node (a passage's figure is the
    /// least over its nodes: `distancesToPassages`).
    ///
    /// - Complexity: O(V + E).
    package static func distancesFromStart(_ graph: StoryGraph) -> [Int] {
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

    /// The shortest number of choices from the start to each passage, over its nodes
    /// (`-1` where none is reachable by path steps).
    ///
    /// - Complexity: O(V + E).
    package static func distancesToPassages(_ graph: StoryGraph) -> [Int] {
        let byNode = distancesFromStart(graph)
        var distance = Array(byNode.prefix(graph.passageCount))
        for v in graph.passageCount..<graph.count where byNode[v] >= 0 {
            let s = graph.passageOf[v]
            if distance[s] < 0 || byNode[v] < distance[s] { distance[s] = byNode[v] }
        }
        return distance
    }
}
