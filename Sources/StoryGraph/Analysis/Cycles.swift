/// The loops of a story: its cycle-holding components, each escapable or trapping, and
/// its elementary cycles (no passage twice), listed up to a limit and counted within a
/// budget.
public struct Cycles: Sendable {
    /// A strongly connected component that holds a cycle.
    package struct Loop: Sendable, Hashable {
        /// Its passages, in source order.
        package var passages: [Int]
        /// Whether an ending can be reached from it (a reader can leave it).
        package var isEscapable: Bool
        /// Whether the reader can get into it from the start.
        package var isReachable: Bool
    }

    /// An elementary cycle: passages in the order the reader goes round, starting at
    /// the one that comes first in the source.
    package struct Cycle: Sendable, Hashable {
        package var passages: [Int]
        /// An ending can be reached from the cycle.
        package var isEscapable: Bool
    }

    /// Every cycle-holding component, ordered by its first passage.
    package let loops: [Loop]
    /// The first `maxCycles` elementary cycles found.
    package let listed: [Cycle]
    /// How many elementary cycles were found (all of them when `isExact`).
    public let count: Int
    /// False when the budget ran out or `countLimit` cycles were found: `count` is then a
    /// lower bound.
    public let isExact: Bool
    /// Search steps spent.
    package let steps: Int

    /// Johnson's algorithm (Johnson 1975, "Finding all the elementary circuits of a
    /// directed graph"), iterative: for each strongly connected component, the circuits
    /// through its first passage `s` are found by a search that blocks passages which
    /// cannot lead back to `s` until the path above them changes; then `s` is removed and
    /// the rest split again into components (Tarjan 1972). Parallel choices between the
    /// same two passages make one cycle.
    ///
    /// - Complexity: O((V + E)(c + 1)) time for c cycles, O(V + E) space besides the
    ///   `maxCycles` cycles kept; stops when `budget` is spent.
    package init(
        _ graph: StoryGraph, components: StronglyConnectedComponents, reachability: Reachability,
        maxCycles: Int = 100, budget: AnalysisBudget = AnalysisBudget(), countLimit: Int = .max
    ) {
        let n = graph.count
        var loops: [Loop] = []
        for (c, members) in components.members.enumerated() where components.isCyclic[c] {
            let sorted = members.sorted()
            loops.append(
                Loop(
                    passages: sorted, isEscapable: reachability.mayEscape(sorted[0], in: graph),
                    isReachable: reachability.reachableNodes[sorted[0]]))
        }
        loops.sort { $0.passages[0] < $1.passages[0] }
        self.loops = Self.byPassage(loops, in: graph)

        // Successors without parallel edges.
        var offsets = [Int](repeating: 0, count: n + 1)
        var targets: [Int] = []
        targets.reserveCapacity(graph.edgeCount)
        var stamp = [Int](repeating: -1, count: n)
        for v in 0..<n {
            for w in graph.successors(of: v) where stamp[w] != v {
                stamp[w] = v
                targets.append(w)
            }
            offsets[v + 1] = targets.count
        }

        var meter = budget.meter(rate: AnalysisBudget.cycleStepsPerSecond)
        var mark = [Int](repeating: -1, count: n)
        var nextTag = 0
        var work: [[Int]] = []
        for loop in loops.reversed() {
            for v in loop.passages { mark[v] = nextTag }
            work.append(loop.passages)
            nextTag += 1
        }
        var blocked = [Bool](repeating: false, count: n)
        // Johnson's sets B(w), as linked lists in one pool of cells with a free list: no
        // array per passage, so blocking and unblocking allocate nothing.
        var blockHead = [Int](repeating: -1, count: n)
        var cellValue: [Int] = []
        var cellNext: [Int] = []
        var freeCell = -1
        let tarjan = TarjanWorkspace(count: n)
        var listed: [Cycle] = []
        var count = 0
        var stoppedAtLimit = false
        var path: [Int] = []
        var frames: [(v: Int, edge: Int, closed: Bool)] = []
        var unblockStack: [Int] = []

        search: while let members = work.popLast() {
            let tag = mark[members[0]]
            let s = members.min()!
            // Circuits through s inside this component.
            path.append(s)
            blocked[s] = true
            frames.append((s, offsets[s], false))
            while let top = frames.last {
                let v = top.v
                if top.edge < offsets[v + 1] {
                    frames[frames.count - 1].edge += 1
                    guard meter.spend() else { break search }
                    let w = targets[top.edge]
                    if mark[w] != tag { continue }
                    if w == s {
                        count += 1
                        if listed.count < maxCycles {
                            listed.append(Cycle(passages: path, isEscapable: reachability.mayEscape(s, in: graph)))
                        }
                        if count >= countLimit {
                            stoppedAtLimit = true
                            break search
                        }
                        frames[frames.count - 1].closed = true
                    } else if !blocked[w] {
                        path.append(w)
                        blocked[w] = true
                        frames.append((w, offsets[w], false))
                    }
                    continue
                }
                frames.removeLast()
                path.removeLast()
                if top.closed {
                    // Unblock v and, transitively, what waits on it.
                    unblockStack.append(v)
                    while let u = unblockStack.popLast() {
                        guard blocked[u] else { continue }
                        blocked[u] = false
                        var cell = blockHead[u]
                        while cell >= 0 {
                            let x = cellValue[cell]
                            if blocked[x] { unblockStack.append(x) }
                            let next = cellNext[cell]
                            cellNext[cell] = freeCell
                            freeCell = cell
                            cell = next
                        }
                        blockHead[u] = -1
                    }
                    if !frames.isEmpty { frames[frames.count - 1].closed = true }
                } else {
                    for e in offsets[v]..<offsets[v + 1] {
                        let w = targets[e]
                        guard mark[w] == tag else { continue }
                        var cell = blockHead[w]
                        while cell >= 0, cellValue[cell] != v { cell = cellNext[cell] }
                        guard cell < 0 else { continue } // v is in B(w) already
                        let new: Int
                        if freeCell >= 0 {
                            new = freeCell
                            freeCell = cellNext[new]
                            cellValue[new] = v
                        } else {
                            new = cellValue.count
                            cellValue.append(v)
                            cellNext.append(-1)
                        }
                        cellNext[new] = blockHead[w]
                        blockHead[w] = new
                    }
                }
            }
            for v in members {
                blocked[v] = false
                var cell = blockHead[v]
                while cell >= 0 {
                    let next = cellNext[cell]
                    cellNext[cell] = freeCell
                    freeCell = cell
                    cell = next
                }
                blockHead[v] = -1
            }
            // Remove s; what is left splits into smaller components.
            mark[s] = -1
            guard meter.spend(members.count) else { break search }
            let rest = members.filter { $0 != s }
            let parts = tarjan.components(offsets: offsets, targets: targets, roots: rest, mark: mark, tag: tag)
            for part in parts.reversed() {
                let cyclic = part.count > 1 || targets[offsets[part[0]]..<offsets[part[0] + 1]].contains(part[0])
                for v in part { mark[v] = cyclic ? nextTag : -1 }
                if cyclic {
                    work.append(part)
                    nextTag += 1
                }
            }
        }
        let folded = Self.byPassage(listed, in: graph)
        self.listed = folded
        self.count = count - (listed.count - folded.count)
        self.isExact = !meter.exhausted && !stoppedAtLimit
        self.steps = meter.used
    }

    /// Loops told by passage: a loop through copies of a callee names the callee's
    /// passages (sorted, each once); loops with the same passages are one (escapable or
    /// reachable when one of them is), ordered by their first passage.
    ///
    /// - Complexity: O(V log V) over the loops' nodes.
    static func byPassage(_ loops: [Loop], in graph: StoryGraph) -> [Loop] {
        guard graph.count > graph.passageCount else { return loops }
        var result: [Loop] = []
        var index: [[Int]: Int] = [:]
        for loop in loops {
            let passages = Array(Set(loop.passages.map { graph.passageOf[$0] })).sorted()
            if let i = index[passages] {
                result[i].isEscapable = result[i].isEscapable || loop.isEscapable
                result[i].isReachable = result[i].isReachable || loop.isReachable
                continue
            }
            index[passages] = result.count
            result.append(Loop(passages: passages, isEscapable: loop.isEscapable, isReachable: loop.isReachable))
        }
        return result.sorted { $0.passages.lexicographicallyPrecedes($1.passages) }
    }

    /// Cycles told by passage, each started at its passage that comes first in the
    /// source; cycles that read the same are one (escapable when one of them is), in
    /// the order first found.
    ///
    /// - Complexity: O(total length of the cycles).
    static func byPassage(_ cycles: [Cycle], in graph: StoryGraph) -> [Cycle] {
        guard graph.count > graph.passageCount else { return cycles }
        var result: [Cycle] = []
        var index: [[Int]: Int] = [:]
        for cycle in cycles {
            var passages = cycle.passages.map { graph.passageOf[$0] }
            if let first = passages.indices.min(by: { passages[$0] < passages[$1] }) {
                passages = Array(passages[first...] + passages[..<first])
            }
            if let i = index[passages] {
                result[i].isEscapable = result[i].isEscapable || cycle.isEscapable
                continue
            }
            index[passages] = result.count
            result.append(Cycle(passages: passages, isEscapable: cycle.isEscapable))
        }
        return result
    }

    /// A shortest cycle through `v` inside its component, by breadth-first search from
    /// `v` back to itself; `nil` when `v` is on no cycle.
    ///
    /// - Complexity: O(V + E).
    package static func shortestCycle(through v: Int, in graph: StoryGraph, components: StronglyConnectedComponents)
        -> [Int]?
    {
        let c = components.componentOf[v]
        guard components.isCyclic[c] else { return nil }
        if graph.successors(of: v).contains(v) { return [v] }
        var parent: [Int: Int] = [v: v]
        var queue = [v]
        var head = 0
        while head < queue.count {
            let u = queue[head]
            head += 1
            for w in graph.successors(of: u) where components.componentOf[w] == c {
                if w == v {
                    var cycle = [u]
                    var x = u
                    while x != v {
                        x = parent[x]!
                        cycle.append(x)
                    }
                    return cycle.reversed()
                }
                if parent[w] == nil {
                    parent[w] = u
                    queue.append(w)
                }
            }
        }
        return nil
    }
}
