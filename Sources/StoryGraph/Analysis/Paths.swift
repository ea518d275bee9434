/// How many paths (choices from the start to an ending, no passage twice) a story has,
/// in all and per ending, with the longest path to each ending.
public struct PathCounts: Sendable {
    /// The number of paths from the start to any ending.
    public let total: BigUInt
    /// Paths per reachable ending (indexed by passage; zero elsewhere).
    public let perEnding: [BigUInt]
    /// The most choices on a path to each passage that ends one (`-1` where none).
    public let longest: [Int]
    /// False when the search for simple paths ran out of budget: every figure is then a
    /// lower bound.
    public let isExact: Bool
    /// The reader can loop on the way to an ending (a cycle from which an ending can
    /// still be reached is reachable): there are infinitely many walks.
    public let unboundedWalks: Bool
    /// Search steps spent on the cyclic part (0 on an acyclic story).
    public let steps: Int

    /// Counts paths exactly where the story allows it and within `budget` elsewhere.
    ///
    /// Passages whose every onward route is acyclic (no cycle-holding component below
    /// them) are counted by dynamic programming in topological order of the components
    /// (Tarjan 1972 numbering): `ways(w) += ways(v)` over each edge, O(V + E) additions
    /// of arbitrary-precision integers. Above them, in the cyclic part, an iterative
    /// depth-first search enumerates the simple path prefixes (at most once through each
    /// passage) and hands each one over to the dynamic program at the first passage it
    /// reaches below which all is acyclic: no passage there can already be on the prefix,
    /// so every prefix extends to exactly `ways` simple paths. The search stops when the
    /// budget is spent; the counts are then lower bounds. Passages from which no ending
    /// can be reached are never entered.
    ///
    /// - Complexity: O(V + E) big-integer additions on an acyclic story; the search on a
    ///   cyclic one is exponential in the worst case (counting simple paths is
    ///   #P-complete, Valiant 1979) and bounded by the budget.
    public init(
        _ graph: StoryGraph, components: StronglyConnectedComponents, reachability: Reachability,
        budget: AnalysisBudget = AnalysisBudget()
    ) {
        let n = graph.count
        let offsets = graph.edgeOffsets
        let targets = graph.edgeTargets
        let live = reachability.reachesEnding
        let reachable = reachability.reachable

        // acyclicBelow[v]: no cycle on any route from v to an ending. Components are
        // numbered sinks first, so successors are settled before v.
        var acyclicBelow = [Bool](repeating: false, count: n)
        var unbounded = false
        for c in 0..<components.count {
            let members = components.members[c]
            if components.isCyclic[c] {
                if live[members[0]] && reachable[members[0]] { unbounded = true }
                continue
            }
            let v = members[0]
            var ok = true
            for e in offsets[v]..<offsets[v + 1] where live[targets[e]] && !acyclicBelow[targets[e]] {
                ok = false
                break
            }
            acyclicBelow[v] = ok
        }
        self.unboundedWalks = unbounded

        // Prefixes through the cyclic part, handed over where all below is acyclic.
        var entries = [UInt64](repeating: 0, count: n)
        var entryDepth = [Int](repeating: -1, count: n)
        var meter = budget.meter(rate: AnalysisBudget.pathStepsPerSecond)
        let start = graph.start
        if live[start] {
            if acyclicBelow[start] {
                entries[start] = 1
                entryDepth[start] = 0
            } else {
                var onPath = [Bool](repeating: false, count: n)
                var frames: [(v: Int, edge: Int)] = [(start, offsets[start])]
                onPath[start] = true
                search: while !frames.isEmpty {
                    let top = frames.count - 1
                    let v = frames[top].v
                    let e = frames[top].edge
                    if e == offsets[v + 1] {
                        onPath[v] = false
                        frames.removeLast()
                        continue
                    }
                    frames[top].edge = e + 1
                    guard meter.spend() else { break search }
                    let w = targets[e]
                    if !live[w] { continue }
                    if acyclicBelow[w] {
                        entries[w] &+= 1
                        if frames.count > entryDepth[w] { entryDepth[w] = frames.count }
                    } else if !onPath[w] {
                        onPath[w] = true
                        frames.append((w, offsets[w]))
                    }
                }
            }
        }

        // Dynamic program over the acyclic part, in topological order.
        var ways = [BigUInt](repeating: BigUInt(), count: n)
        var longest = [Int](repeating: -1, count: n)
        var total = BigUInt()
        for c in stride(from: components.count - 1, through: 0, by: -1) {
            let v = components.members[c][0]
            guard acyclicBelow[v] else { continue }
            if entries[v] > 0 {
                ways[v].add(BigUInt(entries[v]))
                longest[v] = max(longest[v], entryDepth[v])
            }
            if ways[v].isZero { continue }
            if graph.isEnding[v] {
                total.add(ways[v])
                continue
            }
            let here = ways[v]
            let next = longest[v] + 1
            for e in offsets[v]..<offsets[v + 1] {
                let w = targets[e]
                guard live[w] else { continue }
                ways[w].add(here)
                if next > longest[w] { longest[w] = next }
            }
            ways[v] = BigUInt()  // only endings keep their count
        }
        for v in 0..<n where !graph.isEnding[v] { longest[v] = -1 }
        self.total = total
        self.perEnding = ways
        self.longest = longest
        self.isExact = !meter.exhausted
        self.steps = meter.used
    }
}

/// One path: the passages from the start to an ending and the edges taken.
public struct StoryPath: Sendable, Hashable {
    public var passages: [Int]
    /// Edge numbers (`StoryGraph.edgeTargets` indices), one fewer than `passages`.
    public var edges: [Int]

    /// The number of choices made.
    public var length: Int { edges.count }

    /// `start —[choice]→ passage —[choice]→ … ending`.
    public func description(in graph: StoryGraph) -> String {
        var text = graph.ids[passages[0]]
        for (i, e) in edges.enumerated() {
            text += " —[\(graph.choice(ofEdge: e, from: passages[i]).text)]→ \(graph.ids[passages[i + 1]])"
        }
        return text
    }
}

/// Every path of a story (or every path to one ending), produced one at a time by an
/// iterative depth-first search in choice order: memory is O(V) whatever the number of
/// paths, so a caller can stream 2^40 of them or stop after the first ten.
///
/// - Complexity: O(V + E) to set up; each path costs at most the edges the search
///   inspects between two paths (passages from which the target cannot be reached are
///   never entered).
public struct PathEnumerator: Sequence, Sendable {
    public let graph: StoryGraph
    /// Only paths that end here, when set.
    public let ending: Int?
    private let live: [Bool]

    public init(_ graph: StoryGraph, to ending: Int? = nil, reachability: Reachability? = nil) {
        self.graph = graph
        self.ending = ending
        if let ending {
            live = Reachability.reaching(graph, from: [ending])
        } else {
            live = reachability?.reachesEnding ?? Reachability.reaching(graph, from: (0..<graph.count).filter { graph.isEnding[$0] })
        }
    }

    public func makeIterator() -> Iterator { Iterator(self) }

    public struct Iterator: IteratorProtocol, Sendable {
        private let graph: StoryGraph
        private let ending: Int?
        private let live: [Bool]
        private var onPath: [Bool]
        private var frames: [(v: Int, edge: Int)] = []
        private var passages: [Int] = []
        private var edges: [Int] = []
        private var started = false

        init(_ enumerator: PathEnumerator) {
            graph = enumerator.graph
            ending = enumerator.ending
            live = enumerator.live
            onPath = [Bool](repeating: false, count: graph.count)
        }

        private func isTarget(_ v: Int) -> Bool { graph.isEnding[v] && (ending == nil || ending == v) }

        public mutating func next() -> StoryPath? {
            let start = graph.start
            if !started {
                started = true
                guard live[start] else { return nil }
                if isTarget(start) { return StoryPath(passages: [start], edges: []) }
                frames.append((start, graph.edgeOffsets[start]))
                passages.append(start)
                onPath[start] = true
            }
            let offsets = graph.edgeOffsets
            let targets = graph.edgeTargets
            while !frames.isEmpty {
                let top = frames.count - 1
                let v = frames[top].v
                let e = frames[top].edge
                if e == offsets[v + 1] {
                    onPath[v] = false
                    frames.removeLast()
                    passages.removeLast()
                    if !edges.isEmpty { edges.removeLast() }
                    continue
                }
                frames[top].edge = e + 1
                let w = targets[e]
                guard live[w], !onPath[w] else { continue }
                if isTarget(w) { return StoryPath(passages: passages + [w], edges: edges + [e]) }
                if graph.isEnding[w] { continue }
                onPath[w] = true
                frames.append((w, offsets[w]))
                passages.append(w)
                edges.append(e)
            }
            return nil
        }
    }
}
