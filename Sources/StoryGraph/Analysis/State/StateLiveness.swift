/// Which words of a state still matter at each node, so that the state search can forget
/// the others: a variable, visit count or once-only bit that nothing reachable from a node
/// reads (no condition, no effect's value, no probe; an update of itself, `x += 1` or a
/// visit counted, is no read) never changes what a reader can do from there, so two states
/// that differ only in it have the same future. Setting it to one fixed value merges
/// them: a bisimulation, so every reachable node, ending, condition's truth, probe, path
/// count and odds is what the search without it finds, with fewer states (the classic
/// live-variable analysis of compilers, Kildall 1973, applied to explicit-state model
/// checking as in SPIN's dead-variable reduction).
///
/// The values a witness shows are not the forgotten ones: `StateAnalysis` replays the
/// witness's choices to give each step its real values.
struct StateLiveness {
    /// Per node `v`: the words to reset are `resetOffsets[v]..<resetOffsets[v + 1]` in
    /// `resetWords`, each kept as `state[w] & resetKeep[k] | resetValue[k]`.
    let resetOffsets: [Int32]
    let resetWords: [Int32]
    let resetKeep: [Int32]
    let resetValue: [Int32]

    /// The most bits of live sets (nodes × tracked items) and of reset entries it builds;
    /// past them the search runs without the reduction.
    static let maxBits = 1 << 28
    static let maxResets = 1 << 24

    /// The liveness of `model`'s words on `graph`, given the probes' reads (`probeReads`:
    /// per probe, its scope and the items it reads). Nil when the model has computed
    /// variables (read on every change, by any node), or when the tables would be too big.
    ///
    /// - Complexity: O((V + E) × I / 64) time per pass of a work-list fixpoint over the
    ///   reverse edges, for I items (variables, counters, once-only choices); O(V × I / 64)
    ///   space.
    init?(
        _ graph: StoryGraph, _ model: StateModel, probes: [(scope: StateProbe.Scope, program: ExpressionProgram?)],
        canonical: [Int32], counterBase: Int, onceBase: Int
    ) {
        guard model.computed.isEmpty else { return nil }
        let slotCount = model.variables.count
        let counterCount = model.countedPassages.count
        let items = slotCount + counterCount + model.onceOnlyChoices
        let n = graph.count
        guard items > 0 else { return nil }
        let stride = (items + 63) / 64
        guard n.multipliedReportingOverflow(by: stride * 64).overflow == false, n * stride * 64 <= Self.maxBits else {
            return nil
        }
        var live = [UInt64](repeating: 0, count: n * stride)
        func markItem(_ v: Int, _ item: Int) { live[v * stride + item >> 6] |= 1 << UInt64(item & 63) }
        func markReads(_ v: Int, _ program: ExpressionProgram?) {
            guard let program else { return }
            for operation in program.operations {
                switch operation {
                case .variable(let slot): markItem(v, slot)
                case .visits(let counter): markItem(v, slotCount + counter)
                default: continue
                }
            }
        }
        let story = graph.story
        var passageReads: [[Int]] = [] // per passage: items its own effects' values read
        for p in story.passages.indices {
            var reads: [Int] = []
            for effect in model.passageEffects[p] {
                for operation in effect.value.operations {
                    if case .variable(let slot) = operation { reads.append(slot) }
                    if case .visits(let counter) = operation { reads.append(slotCount + counter) }
                }
            }
            passageReads.append(reads)
        }
        var everywhere: [ExpressionProgram?] = []
        var atEndings: [ExpressionProgram?] = []
        var atPassages: [Int: [ExpressionProgram?]] = [:]
        for probe in probes {
            switch probe.scope {
            case .everyState: everywhere.append(probe.program)
            case .endings: atEndings.append(probe.program)
            case .passages(let passages): for p in passages { atPassages[p, default: []].append(probe.program) }
            }
        }
        for v in 0..<n {
            let p = graph.passageOf[v]
            for item in passageReads[p] { markItem(v, item) }
            for e in graph.edges(from: v) {
                let ref = graph.edgeRefs[e]
                let flat = model.choiceBase[ref.passage] + ref.choice
                markReads(v, model.conditions[flat])
                for effect in model.choiceEffects[flat] { markReads(v, effect.value) }
                let bit = model.onceBit[flat]
                if bit >= 0 { markItem(v, slotCount + counterCount + bit) }
            }
            for program in everywhere { markReads(v, program) }
            if graph.isEnding[v] { for program in atEndings { markReads(v, program) } }
            if !atPassages.isEmpty {
                for program in atPassages[p] ?? [] { markReads(v, program) }
                for u in graph.shown(in: v) { for program in atPassages[u] ?? [] { markReads(v, program) } }
            }
        }
        // live(u) = reads(u) ∪ live(w) for every successor w: to a fixpoint, backwards, a
        // node taken in the post-order of a depth-first walk (its successors before it, off
        // the cycles), so that most nodes are final the first time they are taken (in
        // numbering order it took ten passes on The Intercept).
        var work = Self.postOrder(graph)
        work.reverse()
        var queued = [Bool](repeating: true, count: n)
        live.withUnsafeMutableBufferPointer { live in
            queued.withUnsafeMutableBufferPointer { queued in
                graph.reverseOffsets.withUnsafeBufferPointer { offsets in
                    graph.reverseSources.withUnsafeBufferPointer { sources in
                        while let w = work.popLast() {
                            queued[w] = false
                            let from = w * stride
                            for i in offsets[w]..<offsets[w + 1] {
                                let u = sources[i]
                                let to = u * stride
                                var changed = false
                                for k in 0..<stride {
                                    let old = live[to + k]
                                    let merged = old | live[from + k]
                                    if merged != old {
                                        live[to + k] = merged
                                        changed = true
                                    }
                                }
                                if changed, !queued[u] {
                                    queued[u] = true
                                    work.append(u)
                                }
                            }
                        }
                    }
                }
            }
        }
        // The resets: a dead variable to its canonical value, a dead counter to 0, the dead
        // once-only bits of a word to 0. Counted first, then written into tables of that size
        // (an append each was a third of the liveness's time), the dead items found a word
        // of the live set at a time.
        let onceStart = slotCount + counterCount
        let onceWords = (model.onceOnlyChoices + 31) / 32
        /// The live bits of items `item..<item + 32` at row `row` (past the last item: 0).
        func liveBits32(_ row: Int, _ item: Int) -> UInt32 {
            let w = item >> 6
            let s = UInt64(item & 63)
            var bits = live[row + w] >> s
            if s > 32, w + 1 < stride { bits |= live[row + w + 1] << (64 - s) }
            return UInt32(truncatingIfNeeded: bits)
        }
        /// The once-only bits of word `word` that exist (past the last choice: none).
        func onceMask(_ word: Int) -> UInt32 {
            model.onceOnlyChoices - word * 32 >= 32 ? .max : (1 << UInt32(model.onceOnlyChoices - word * 32)) - 1
        }
        /// The dead items among `a..<b` at row `row`, in increasing order.
        func forEachDead(_ row: Int, _ a: Int, _ b: Int, _ body: (Int) -> Void) {
            guard a < b else { return }
            for w in (a >> 6)...((b - 1) >> 6) {
                var dead = ~live[row + w]
                let low = w * 64
                if a > low { dead &= ~0 << UInt64(a - low) }
                if b < low + 64 { dead &= (1 << UInt64(b - low)) - 1 }
                while dead != 0 {
                    body(low + dead.trailingZeroBitCount)
                    dead &= dead - 1
                }
            }
        }
        var offsets = [Int32](repeating: 0, count: n + 1)
        var total = 0
        for v in 0..<n {
            let row = v * stride
            var count = 0
            forEachDead(row, 0, onceStart) { _ in count += 1 }
            for word in 0..<onceWords {
                let all = onceMask(word)
                if liveBits32(row, onceStart + word * 32) & all != all { count += 1 }
            }
            total += count
            guard total <= Self.maxResets else { return nil }
            offsets[v + 1] = Int32(total)
        }
        var words = [Int32](repeating: 0, count: total)
        var keeps = [Int32](repeating: 0, count: total)
        var values = [Int32](repeating: 0, count: total)
        var k = 0
        for v in 0..<n {
            let row = v * stride
            forEachDead(row, 0, onceStart) { item in
                if item < slotCount {
                    words[k] = Int32(1 + item)
                    values[k] = canonical[item]
                } else {
                    words[k] = Int32(counterBase + item - slotCount)
                }
                k += 1
            }
            for word in 0..<onceWords {
                let all = onceMask(word)
                let keep = liveBits32(row, onceStart + word * 32) & all
                guard keep != all else { continue }
                words[k] = Int32(onceBase + word)
                keeps[k] = Int32(bitPattern: keep)
                k += 1
            }
        }
        resetOffsets = offsets
        resetWords = words
        resetKeep = keeps
        resetValue = values
    }

    /// The nodes of `graph` in the post-order of depth-first walks along its edges (from the
    /// start, then from each node not yet reached): each node after the nodes it leads to,
    /// but for the edges that close a cycle. Iterative.
    ///
    /// - Complexity: O(V + E).
    static func postOrder(_ graph: StoryGraph) -> [Int] {
        let n = graph.count
        var order: [Int] = []
        order.reserveCapacity(n)
        var seen = [Bool](repeating: false, count: n)
        // (node, the next of its edges to follow)
        var stack: [(Int, Int)] = []
        for root in [graph.start] + Array(0..<n) where root < n && !seen[root] {
            seen[root] = true
            stack.append((root, graph.edgeOffsets[root]))
            while let (v, e) = stack.last {
                if e == graph.edgeOffsets[v + 1] {
                    stack.removeLast()
                    order.append(v)
                    continue
                }
                stack[stack.count - 1].1 = e + 1
                let w = graph.edgeTargets[e]
                if !seen[w] {
                    seen[w] = true
                    stack.append((w, graph.edgeOffsets[w]))
                }
            }
        }
        return order
    }

    /// Forgets the words that no longer matter at `state`'s node.
    @inline(__always)
    func reset(_ state: inout [Int32]) {
        let v = Int(state[0])
        for k in Int(resetOffsets[v])..<Int(resetOffsets[v + 1]) {
            let w = Int(resetWords[k])
            state[w] = state[w] & resetKeep[k] | resetValue[k]
        }
    }

    /// The bytes of the tables.
    var bytes: Int { resetOffsets.count * 4 + resetWords.count * 12 }
}
