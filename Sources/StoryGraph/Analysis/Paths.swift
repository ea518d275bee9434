/// How many paths (choices from the start to an ending, no passage twice) a story has,
/// in all and per ending, with the longest path to each ending.
public struct PathCounts: Sendable {
    /// The number of paths from the start to any ending.
    public let total: BigUInt
    /// Paths per reachable ending (indexed by passage; zero elsewhere).
    public let perEnding: [BigUInt]
    /// The most choices on a path to each passage that ends one (`-1` where none).
    public let longest: [Int]
    /// False when the search for simple paths ran out of budget (every figure is then a
    /// lower bound), or when calls were cut (`StoryGraph.callsCut`: the node graph then
    /// has more flow than the story, or less, and the figures are neither bound).
    public let isExact: Bool
    /// Calls were cut: the figures are not the story's.
    package let callsCut: Bool
    /// The reader can loop on the way to an ending (a cycle from which an ending can
    /// still be reached is reachable): there are infinitely many walks.
    public let unboundedWalks: Bool
    /// Search steps spent on the cyclic part (0 on an acyclic story).
    package let steps: Int

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
    ///   #P-complete, Valiant 1979) and bounded by the budget. Memory: O(V + E) plus the
    ///   limbs of the counts on the frontier of the dynamic program.
    package init(
        _ graph: StoryGraph, components: StronglyConnectedComponents, reachability: Reachability,
        budget: AnalysisBudget = AnalysisBudget()
    ) {
        let n = graph.count
        let offsets = graph.edgeOffsets
        let targets = graph.edgeTargets
        let live = reachability.nodesReachingEnding
        let reachable = reachability.reachableNodes

        // acyclicBelow[v]: no cycle on any route from v to an ending. Components are
        // numbered sinks first, so successors are settled before v.
        var acyclicBelow = [Bool](repeating: false, count: n)
        var unbounded = false
        let order = components.order
        let componentOf = components.componentOf
        let isCyclic = components.isCyclic
        for v in order {
            if isCyclic[componentOf[v]] {
                if live[v] && reachable[v] { unbounded = true }
                continue
            }
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

        // Dynamic program over the acyclic part, in topological order: each passage
        // pulls the counts of its counted predecessors. Counts are machine words while
        // every sum fits in one (`countInWords`, no allocation per passage); from the
        // first sum that overflows on, they are limbs (`countInLimbs`), which take the
        // words already summed as they are, so counts stay exact whatever their size and
        // no passage is counted twice.
        var tally = Tally(count: n)
        if let overflowedAt = Self.countInWords(
            graph, order: order, acyclicBelow: acyclicBelow, live: live, entries: entries, entryDepth: entryDepth,
            into: &tally)
        {
            Self.countInLimbs(
                graph, order: order, from: overflowedAt, acyclicBelow: acyclicBelow, live: live, entries: entries,
                entryDepth: entryDepth, into: &tally)
        }
        let total = tally.total
        var longest = tally.longest
        for v in 0..<n where !graph.isEnding[v] { longest[v] = -1 }
        // Told per passage: an ending reached in several copies sums their paths.
        let p = graph.passageCount
        var passageEnding = tally.perEnding
        var passageLongest = longest
        if n > p {
            passageEnding.removeSubrange(p...)
            passageLongest.removeSubrange(p...)
            for v in p..<n where graph.isEnding[v] {
                let s = graph.passageOf[v]
                passageEnding[s].add(tally.perEnding[v])
                passageLongest[s] = max(passageLongest[s], longest[v])
            }
        }
        self.total = total
        self.perEnding = passageEnding
        self.longest = passageLongest
        self.isExact = !meter.exhausted && graph.callsCut.isEmpty
        self.callsCut = !graph.callsCut.isEmpty
        self.steps = meter.used
    }

    /// What the dynamic program has counted so far, per node: the most choices to each
    /// counted node (`-1` where none: a counted node has a path), the paths to each ending
    /// (zero elsewhere) and the total. `ways[v]` is a counted node's paths while they fit
    /// in a machine word (0 elsewhere).
    private struct Tally {
        var ways: [UInt64]
        var longest: [Int]
        var perEnding: [BigUInt]
        var total = BigUInt()

        init(count n: Int) {
            ways = [UInt64](repeating: 0, count: n)
            longest = [Int](repeating: -1, count: n)
            perEnding = [BigUInt](repeating: BigUInt(), count: n)
        }
    }

    /// The dynamic program in machine words, over `order` from its end: returns `nil`
    /// when every count fitted, or the position in `order` of the node whose sum did not
    /// fit (nothing of it tallied; every node after it is).
    ///
    /// - Complexity: O(V + E) word additions; no allocation per node.
    private static func countInWords(
        _ graph: StoryGraph, order: [Int], acyclicBelow: [Bool], live: [Bool], entries: [UInt64], entryDepth: [Int],
        into tally: inout Tally
    ) -> Int? {
        let rOffsets = graph.reverseOffsets
        let rSources = graph.reverseSources
        let isEnding = graph.isEnding
        var ways = tally.ways
        var longest = tally.longest
        tally.ways = []
        tally.longest = []
        defer {
            tally.ways = ways
            tally.longest = longest
        }
        for position in order.indices.reversed() {
            let v = order[position]
            guard acyclicBelow[v], live[v] else { continue }
            var sum = entries[v]
            var long = sum > 0 ? entryDepth[v] : -1
            for i in rOffsets[v]..<rOffsets[v + 1] {
                let u = rSources[i]
                let c = ways[u]
                guard c != 0 else { continue } // only a counted node has a count
                let (s, overflow) = sum.addingReportingOverflow(c)
                if overflow { return position }
                sum = s
                if longest[u] + 1 > long { long = longest[u] + 1 }
            }
            if sum == 0 { continue } // not reached
            ways[v] = sum
            longest[v] = long
            if isEnding[v] {
                let count = BigUInt(sum)
                tally.perEnding[v] = count
                tally.total.add(count)
            }
        }
        return nil
    }

    /// The dynamic program over limbs, for counts wider than a machine word, over
    /// `order` from `position` down: what `countInWords` tallies, for any size, carrying
    /// on from the words it summed (a predecessor counted in words is a one-limb term).
    ///
    /// - Complexity: O(V + E) additions of arbitrary-precision integers.
    private static func countInLimbs(
        _ graph: StoryGraph, order: [Int], from position: Int, acyclicBelow: [Bool], live: [Bool], entries: [UInt64],
        entryDepth: [Int], into tally: inout Tally
    ) {
        let n = graph.count
        let offsets = graph.edgeOffsets
        let targets = graph.edgeTargets
        let ways = tally.ways
        var longest = tally.longest
        tally.longest = []
        defer { tally.longest = longest }
        // Successors from which an ending can be reached: how many will pull a count.
        var waiting = [Int](repeating: 0, count: n)
        for v in 0..<n where acyclicBelow[v] {
            for e in offsets[v]..<offsets[v + 1] where live[targets[e]] { waiting[v] += 1 }
        }
        // Counts live in one flat array of 64-bit limbs; a passage's slot is as wide as
        // the bound on its sum (the widest term plus ⌈log2 terms⌉ bits) and goes back to
        // a free list by width once its last successor has pulled it, so memory follows
        // the frontier, and only endings are copied out as `BigUInt`s. `width` 0: the
        // node was counted in words (`ways`), or not yet.
        var slot = [Int](repeating: 0, count: n)
        var width = [Int](repeating: 0, count: n)
        var bits = [Int](repeating: 0, count: n)
        var limbs: [UInt64] = []
        var freeSlots: [[Int]] = []
        let rOffsets = graph.reverseOffsets
        let rSources = graph.reverseSources
        for v in order[...position].reversed() {
            guard acyclicBelow[v], live[v] else { continue }
            let entry = entries[v]
            var terms = entry > 0 ? 1 : 0
            var widest = entry > 0 ? 64 - entry.leadingZeroBitCount : 0
            var long = entry > 0 ? entryDepth[v] : -1
            for i in rOffsets[v]..<rOffsets[v + 1] {
                let u = rSources[i]
                guard acyclicBelow[u], longest[u] >= 0 else { continue }
                terms += 1
                let termBits = width[u] == 0 ? 64 - ways[u].leadingZeroBitCount : bits[u]
                if termBits > widest { widest = termBits }
                if longest[u] + 1 > long { long = longest[u] + 1 }
            }
            if terms == 0 { continue } // not reached
            longest[v] = long
            let w = (widest + (Int.bitWidth - (terms - 1).leadingZeroBitCount) + 63) / 64
            let base: Int
            if w < freeSlots.count, let reused = freeSlots[w].popLast() {
                base = reused
            } else {
                base = limbs.count
                limbs.append(contentsOf: repeatElement(0, count: w))
            }
            if freeSlots.count <= w { freeSlots.append(contentsOf: repeatElement([], count: w + 1 - freeSlots.count)) }
            limbs.withUnsafeMutableBufferPointer { a in
                a[base] = entry
                for k in 1..<w { a[base + k] = 0 }
                for i in rOffsets[v]..<rOffsets[v + 1] {
                    let u = rSources[i]
                    guard acyclicBelow[u], longest[u] >= 0 else { continue }
                    let uw = width[u]
                    var carry: UInt64 = 0
                    var k = 0
                    if uw == 0 { // counted in words
                        let (s, o) = a[base].addingReportingOverflow(ways[u])
                        a[base] = s
                        carry = o ? 1 : 0
                        k = 1
                    } else {
                        let from = slot[u]
                        while k < uw {
                            let (s1, o1) = a[base + k].addingReportingOverflow(a[from + k])
                            let (s2, o2) = s1.addingReportingOverflow(carry)
                            a[base + k] = s2
                            carry = (o1 ? 1 : 0) &+ (o2 ? 1 : 0)
                            k += 1
                        }
                        waiting[u] -= 1
                        if waiting[u] == 0 { freeSlots[uw].append(from) }
                    }
                    while carry != 0 { // the width bound leaves room for the carry
                        let (s, o) = a[base + k].addingReportingOverflow(carry)
                        a[base + k] = s
                        carry = o ? 1 : 0
                        k += 1
                    }
                }
            }
            var top = w
            while top > 1 && limbs[base + top - 1] == 0 { top -= 1 }
            slot[v] = base
            width[v] = top
            bits[v] = top * 64 - limbs[base + top - 1].leadingZeroBitCount
            if graph.isEnding[v] {
                let count =
                    top == 1 ? BigUInt(limbs[base]) : BigUInt(normalizedLimbs: Array(limbs[base..<(base + top)]))
                tally.perEnding[v] = count
                tally.total.add(count)
                freeSlots[w].append(base)
            }
        }
    }
}

/// One path: the passages from the start to an ending and the edges taken.
public struct StoryPath: Sendable, Hashable {
    /// Passages, not nodes: a path through a copy of a callee names the callee's passages
    /// (a path may so name a passage twice, once per call).
    public var passages: [Int]
    /// Edge numbers (`StoryGraph.edgeTargets` indices), one fewer than `passages`.
    public var edges: [Int]

    /// The number of choices made.
    public var length: Int { edges.count }

    /// `start —[choice]→ passage —[choice]→ … ending`.
    public func description(in graph: StoryGraph) -> String {
        var text = graph.ids[passages[0]]
        for (i, e) in edges.enumerated() {
            let ref = graph.edgeRefs[e]
            // A choice shown by inclusion names the passage it is written in.
            let shownFrom = ref.passage == passages[i] ? "" : " (in \(graph.ids[ref.passage]))"
            text += " —[\(graph.choice(ref).readableText)\(shownFrom)]→ \(graph.ids[passages[i + 1]])"
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

    /// `ending` is a passage: paths to any node of it (its own or a copy's).
    public init(_ graph: StoryGraph, to ending: Int? = nil, reachability: Reachability? = nil) {
        self.graph = graph
        self.ending = ending
        if let ending {
            live = Reachability.reaching(graph, from: graph.nodes(of: ending))
        } else {
            live =
                reachability?.nodesReachingEnding
                ?? Reachability.reaching(graph, from: (0..<graph.count).filter { graph.isEnding[$0] })
        }
    }

    public func makeIterator() -> Iterator { Iterator(self) }

    public struct Iterator: IteratorProtocol, Sendable {
        private let graph: StoryGraph
        private let ending: Int?
        private let live: [Bool]
        private var onPath: [Bool]
        /// The search's call stack, one frame per passage of the path so far: the node
        /// (`frameNode`) and its next edge to try (`frameEdge`; the edge taken from it
        /// is the one before). The path is the frames' nodes, so no array is kept per
        /// path; both hold `graph.count` entries (a path never repeats a node).
        private var frameNode: [Int]
        private var frameEdge: [Int]
        private var depth = 0
        private var started = false
        /// The last node and edge of the path `advance` stopped at (`edge` -1: the start
        /// alone); the rest of it is the frames.
        private var last: (node: Int, edge: Int) = (-1, -1)

        init(_ enumerator: PathEnumerator) {
            graph = enumerator.graph
            ending = enumerator.ending
            live = enumerator.live
            onPath = [Bool](repeating: false, count: graph.count)
            frameNode = [Int](repeating: 0, count: graph.count)
            frameEdge = [Int](repeating: 0, count: graph.count)
        }

        @inline(__always)
        private func isTarget(_ v: Int) -> Bool {
            graph.isEnding[v] && (ending == nil || ending == graph.passageOf[v])
        }

        /// The path `advance` moved to.
        public var current: StoryPath {
            var nodes: [Int] = []
            nodes.reserveCapacity(depth + 1)
            for k in 0..<depth { nodes.append(graph.passageOf[frameNode[k]]) }
            nodes.append(graph.passageOf[last.node])
            var taken: [Int] = []
            taken.reserveCapacity(depth)
            for k in 0..<Swift.max(depth - 1, 0) { taken.append(frameEdge[k] - 1) }
            if last.edge >= 0 { taken.append(last.edge) }
            return StoryPath(passages: nodes, edges: taken)
        }

        /// The number of choices on the path `advance` moved to.
        public var currentLength: Int { last.edge >= 0 ? depth : 0 }

        public mutating func next() -> StoryPath? { advance() ? current : nil }

        /// Moves to the next path without building it (`current` builds it); false when
        /// there is none. What a caller that counts or measures paths uses: no array is
        /// made per path.
        ///
        /// - Complexity: the edges the search inspects up to the next path.
        public mutating func advance() -> Bool {
            let start = graph.start
            if !started {
                started = true
                guard live[start] else { return false }
                if isTarget(start) {
                    last = (start, -1)
                    return true
                }
                frameNode[0] = start
                frameEdge[0] = graph.edgeOffsets[start]
                depth = 1
                onPath[start] = true
            }
            // The search reads the graph's arrays through `self` (no copy of them per call:
            // a caller that only counts pays per path what the search steps cost).
            while depth > 0 {
                let v = frameNode[depth - 1]
                let e = frameEdge[depth - 1]
                if e == graph.edgeOffsets[v + 1] {
                    onPath[v] = false
                    depth -= 1
                    continue
                }
                frameEdge[depth - 1] = e + 1
                let w = graph.edgeTargets[e]
                guard live[w], !onPath[w] else { continue }
                if graph.isEnding[w] {
                    if ending == nil || ending == graph.passageOf[w] {
                        last = (w, e)
                        return true
                    }
                    continue
                }
                onPath[w] = true
                frameNode[depth] = w
                frameEdge[depth] = graph.edgeOffsets[w]
                depth += 1
            }
            return false
        }
    }
}
