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
    /// When calls were cut or dynamic links left, per passage: whether an ending may be
    /// reached from it in the over-approximation (`StoryGraph.shared`, or the passages' own
    /// links: `overApproximation`); what the claims of a trap, of a loop that never ends or
    /// of no ending must not contradict. Nil when the node graph is the story's flow.
    package let mayReachEnding: [Bool]?
    /// Passages the start reaches in neither: not in the node graph (an under-approximation
    /// past cut calls), so not claimed reachable, but in the over-approximation, so not
    /// claimed unreachable either; in source order, each with why (`Unknown`).
    package let unknown: [Unknown]

    /// Why a passage is neither claimed reachable nor unreachable.
    package enum Unknown: Sendable, Hashable {
        /// The fewest cut calls (`StoryGraph.callsCut`, at least 1) a way to it passes, in
        /// the over-approximation; the passage is reached past their returns (or inside
        /// their callee) only.
        case pastCutCalls(passage: Int, calls: Int)
        /// A dynamic link left unresolved may lead to it.
        case computedLink(passage: Int)
        /// The passages' own links reach it, a return going back to the return point of
        /// any call (`overApproximation`: calls were cut and their shared copies would pass
        /// the copy budget, or a dynamic link is left but not met).
        case ownLinks(passage: Int)

        /// Why, in a few words: "past 2 cut calls", "after a computed link".
        package var why: String {
            switch self {
            case .pastCutCalls(_, let calls):
                "reached only past \(calls) cut call\(calls == 1 ? "" : "s") (nested too deep or past the copy budget), whose returns are not followed exactly"
            case .computedLink: "a computed link left unresolved may lead here"
            case .ownLinks: "the passages' own links reach it if a return may go back to any call"
            }
        }

        package var passage: Int {
            switch self {
            case .pastCutCalls(let v, _), .computedLink(let v), .ownLinks(let v): v
            }
        }
    }

    /// A forward search from the start and a backward search over the reverse adjacency
    /// from every ending, both iterative; with calls cut or dynamic links left, the same
    /// over the over-approximation (`StoryGraph.shared`, or `overApproximation`).
    ///
    /// - Complexity: O(V + E) time and O(V) space, V and E the nodes and edges of the node
    ///   graph and of the over-approximation.
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
        // when the over-approximation, each cut call entering one shared copy of its
        // callee, does not reach it either. Likewise a dynamic link left unresolved may go
        // to any passage: what it may reach is claimed neither unreachable nor trapped.
        let over: Over?
        if let shared = graph.shared {
            over = Self.overApproximation(graph, shared)
        } else if !graph.callsCut.isEmpty || !graph.dynamicLinks.isEmpty || !graph.shownDynamicLinks.isEmpty {
            let crude = Self.overApproximation(graph)
            over = Over(
                reached: crude.reached, reachesEnding: crude.reachesEnding, cutCalls: nil, computed: crude.computed)
        } else {
            over = nil
        }
        var unreachable: [Int] = []
        var unknown: [Unknown] = []
        var trapped: [Int] = []
        var endings: [Int] = []
        for v in 0..<p {
            if isTrapped[v] { reachesEnding[v] = false }
            if !reachable[v] {
                guard let over, over.reached[v] else {
                    unreachable.append(v)
                    continue
                }
                if let calls = over.cutCalls?[v], calls > 0 {
                    unknown.append(.pastCutCalls(passage: v, calls: calls))
                } else if over.computed {
                    unknown.append(.computedLink(passage: v))
                } else {
                    unknown.append(.ownLinks(passage: v))
                }
                continue
            }
            if isTrapped[v], over?.reachesEnding[v] != true { trapped.append(v) }
            if isEndingReached[v] { endings.append(v) }
        }
        self.reachable = reachable
        self.reachesEnding = reachesEnding
        self.unreachable = unreachable
        self.unknown = unknown
        self.trapped = trapped
        self.reachableEndings = endings
        mayReachEnding = over?.reachesEnding
    }

    /// Whether an ending may be reached from node `v`: in the node graph, or, when it is
    /// not the story's flow, in the over-approximation from `v`'s passage. What a claim
    /// that a loop never ends must not contradict.
    package func mayEscape(_ v: Int, in graph: StoryGraph) -> Bool {
        nodesReachingEnding[v] || mayReachEnding?[graph.passageOf[v]] == true
    }

    /// What an over-approximation of the flow reaches, per passage.
    struct Over {
        var reached: [Bool]
        /// Reached and reaching an ending, from one of its nodes.
        var reachesEnding: [Bool]
        /// Per passage, the fewest cut calls on a way to it (nil: not worked out).
        var cutCalls: [Int?]?
        /// Whether a dynamic link left unresolved was met (every passage is then reached).
        var computed: Bool
    }

    /// Per passage, over `StoryGraph.shared` (the node graph with every cut call entering
    /// one shared copy of its callee): reached from the start, with the fewest cut calls on
    /// the way (a 0-1 breadth-first search: entering a shared copy from the node graph
    /// costs 1), and reaching an ending from a reached node. A dynamic link left
    /// unresolved may go to any passage, keeping the calls running: once one is reached,
    /// every passage is. A return at a passage's own node (no call running, or one a
    /// dynamic link jumped out of) may end the story or go back anywhere: it counts as
    /// reaching an ending.
    ///
    /// - Complexity: O(V + E) for the nodes and edges of `shared`.
    static func overApproximation(_ graph: StoryGraph, _ shared: CallExpansion.Shared) -> Over {
        let p = graph.passageCount
        let n = shared.count
        func passage(_ x: Int) -> Int { x < shared.base ? graph.passageOf[x] : shared.passageOf[x - shared.base] }
        // Passages with a dynamic link, their own or one they show; passages that return.
        var computes = [Bool](repeating: false, count: p)
        var returns = [Bool](repeating: false, count: p)
        for (v, passage) in graph.story.passages.enumerated() {
            for choice in passage.choices {
                if choice.kind == .dynamic && !choice.isRestart { computes[v] = true }
                if choice.kind == .return { returns[v] = true }
            }
        }
        for (x, _) in graph.shownDynamicLinks { computes[graph.passageOf[x]] = true }
        var includesOf = [[Int]](repeating: [], count: p)
        for include in graph.includes { includesOf[include.ref.passage].append(include.target) }
        // Forward, 0-1 breadth-first: the fewest cut calls to each node.
        var distance = [Int](repeating: -1, count: n)
        var front: [Int] = [graph.start]
        var back: [Int] = []
        var settled = [Bool](repeating: false, count: n)
        distance[graph.start] = 0
        var computed = false
        var cost = 0
        while !front.isEmpty || !back.isEmpty {
            if front.isEmpty {
                front = back.reversed()
                back = []
                cost += 1
            }
            let x = front.removeLast()
            guard !settled[x] else { continue }
            settled[x] = true
            if computes[passage(x)] { computed = true }
            for e in shared.offsets[x]..<shared.offsets[x + 1] {
                let w = shared.targets[e]
                let d = cost + (shared.entersShared[e] ? 1 : 0)
                guard distance[w] < 0 || d < distance[w] else { continue }
                distance[w] = d
                if d == cost { front.append(w) } else { back.append(w) }
            }
            for w in includesOf[passage(x)] where distance[w] < 0 || cost < distance[w] {
                distance[w] = cost
                front.append(w)
            }
        }
        var reached = [Bool](repeating: computed, count: p)
        var cutCalls = [Int?](repeating: nil, count: p)
        for x in 0..<n where distance[x] >= 0 {
            let v = passage(x)
            reached[v] = true
            if cutCalls[v] == nil || distance[x] < cutCalls[v]! { cutCalls[v] = distance[x] }
        }
        // Backward from the endings (and what may end: a shared return whose call ended
        // its passage, a dynamic link, and a return at a passage's own node: with no call
        // running it ends the game in Ren'Py, and with a dynamic link met a call may be
        // running there).
        var sources: [Int] = []
        for x in 0..<n {
            if x < shared.base ? graph.isEnding[x] : shared.mayEnd[x - shared.base] { sources.append(x) }
        }
        if !sources.isEmpty {
            for x in 0..<n where computes[passage(x)] || (x < p && returns[x]) { sources.append(x) }
        }
        let reverse = StoryGraph.reverse(offsets: shared.offsets, targets: shared.targets)
        var ending = [Bool](repeating: false, count: n)
        var stack: [Int] = []
        for x in sources where !ending[x] {
            ending[x] = true
            stack.append(x)
        }
        while let x = stack.popLast() {
            for i in reverse.offsets[x]..<reverse.offsets[x + 1] {
                let u = reverse.sources[i]
                if !ending[u] {
                    ending[u] = true
                    stack.append(u)
                }
            }
        }
        var reachesEnding = [Bool](repeating: false, count: p)
        for x in 0..<n where ending[x] && (computed || distance[x] >= 0) { reachesEnding[passage(x)] = true }
        return Over(reached: reached, reachesEnding: reachesEnding, cutCalls: cutCalls, computed: computed)
    }

    /// Per passage, over the passages' own links (no copies): reached from the start, and
    /// reaching an ending, where a call also goes on to its `returnTo` and a return may go
    /// to the `returnTo` of any call, and a dynamic link (a target computed when the story
    /// runs, left unresolved) to any passage. It reaches at least what any reader reaches.
    ///
    /// - Complexity: O(P + C + R·Q) for P passages, C choices, R returns and Q return points.
    static func overApproximation(_ graph: StoryGraph) -> (reached: [Bool], reachesEnding: [Bool], computed: Bool) {
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
        var computed = false
        func search(from sources: [Int], over edges: [[Int]], computing: Bool = false) -> [Bool] {
            var seen = [Bool](repeating: false, count: p)
            var stack = sources.filter { $0 < p }
            for v in stack { seen[v] = true }
            while let v = stack.popLast() {
                if computing && computes[v] {
                    computed = true
                    return [Bool](repeating: true, count: p)
                }
                for w in edges[v] where !seen[w] {
                    seen[w] = true
                    stack.append(w)
                }
            }
            return seen
        }
        let start = graph.passageOf[graph.start]
        let reached = search(from: [start], over: next, computing: true)
        let endings = (0..<p).filter { graph.isEnding[$0] }
        let reachesEnding = search(from: endings + (endings.isEmpty ? [] : (0..<p).filter { computes[$0] }), over: previous)
        return (reached, reachesEnding, computed)
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
