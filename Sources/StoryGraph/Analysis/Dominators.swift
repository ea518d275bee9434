/// Bottlenecks: the passages that every path from the start to an ending goes through.
package struct Bottlenecks: Sendable {
    /// The bottleneck passages in the order a reader meets them; the start comes first
    /// (trivially one) whenever an ending can be reached, and the list is empty when
    /// none can.
    package let passages: [Int]
    /// The immediate post-dominator of each passage that can reach an ending: the first
    /// passage every path from it to an ending goes through (`graph.count` stands for
    /// "the end of the story"; `-1` where undefined).
    package let immediatePostDominator: [Int]

    /// Post-dominators as the dominators of the reverse graph rooted at a virtual sink
    /// that every reachable ending leads to, by the iterative algorithm of Cooper,
    /// Harvey and Kennedy ("A Simple, Fast Dominance Algorithm", 2001), over the passages
    /// both reachable from the start and able to reach an ending. The bottlenecks are the
    /// start's post-dominator chain.
    ///
    /// - Complexity: O((V + E) · d) for d passes (d is small on story graphs: 2 or 3 on
    ///   acyclic ones); O(V + E) space. Iterative throughout.
    package init(_ graph: StoryGraph, reachability: Reachability) {
        let n = graph.count
        let sink = n
        let offsets = graph.edgeOffsets
        let targets = graph.edgeTargets
        let rOffsets = graph.reverseOffsets
        let rSources = graph.reverseSources
        var relevant = [Bool](repeating: false, count: n + 1)
        for v in 0..<n { relevant[v] = reachability.reachableNodes[v] && reachability.nodesReachingEnding[v] }
        relevant[sink] = true
        let endings = (0..<n).filter { graph.isEnding[$0] && reachability.reachableNodes[$0] }

        // Postorder of a depth-first search of the reverse graph from the sink.
        var postorder = [Int](repeating: -1, count: n + 1)
        var order: [Int] = [] // passages by postorder number
        var seen = [Bool](repeating: false, count: n + 1)
        var frames: [(v: Int, next: Int)] = [(sink, 0)]
        seen[sink] = true
        while !frames.isEmpty {
            let top = frames.count - 1
            let v = frames[top].v
            let i = frames[top].next
            let w: Int?
            if v == sink {
                w = i < endings.count ? endings[i] : nil
            } else {
                w = rOffsets[v] + i < rOffsets[v + 1] ? rSources[rOffsets[v] + i] : nil
            }
            guard let w else {
                postorder[v] = order.count
                order.append(v)
                frames.removeLast()
                continue
            }
            frames[top].next = i + 1
            if relevant[w] && !seen[w] {
                seen[w] = true
                frames.append((w, 0))
            }
        }

        var idom = [Int](repeating: -1, count: n + 1)
        idom[sink] = sink
        var changed = true
        while changed {
            changed = false
            for v in order.reversed() where v != sink {
                // Predecessors in the reverse graph: the passage's successors, or the sink.
                var candidate = -1
                if graph.isEnding[v] {
                    candidate = sink
                } else {
                    for e in offsets[v]..<offsets[v + 1] {
                        let p = targets[e]
                        guard seen[p], idom[p] >= 0 else { continue }
                        if candidate < 0 {
                            candidate = p
                            continue
                        }
                        var a = p
                        var b = candidate
                        while a != b {
                            while postorder[a] < postorder[b] { a = idom[a] }
                            while postorder[b] < postorder[a] { b = idom[b] }
                        }
                        candidate = a
                    }
                }
                if candidate >= 0, idom[v] != candidate {
                    idom[v] = candidate
                    changed = true
                }
            }
        }
        // Told by passage: a copy's passage once, where the reader first meets it.
        var passages: [Int] = []
        var listed = Set<Int>()
        if seen[graph.start] {
            var v = graph.start
            while v != sink {
                if listed.insert(graph.passageOf[v]).inserted { passages.append(graph.passageOf[v]) }
                v = idom[v]
            }
        }
        self.passages = passages
        idom.removeLast()
        self.immediatePostDominator = idom
    }
}
