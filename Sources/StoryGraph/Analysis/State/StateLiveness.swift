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
    /// - Complexity: O((V + E) × I / 64) time and O(V × I / 64) space, for I items
    ///   (variables, counters, once-only choices).
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
        // Per run of effects (`StateModel.runs`, each once however many lists share it): the
        // items its effects' values read, each once.
        var runReads: [[Int]] = []
        var isRead = [Bool](repeating: false, count: items)
        for run in model.runs {
            var reads: [Int] = []
            func add(_ item: Int) {
                guard !isRead[item] else { return }
                isRead[item] = true
                reads.append(item)
            }
            for effect in run {
                for operation in effect.value.operations {
                    if case .variable(let slot) = operation { add(slot) }
                    if case .visits(let counter) = operation { add(slotCount + counter) }
                }
            }
            for item in reads { isRead[item] = false }
            runReads.append(reads)
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
            for r in model.runs(ofPassage: p) { for item in runReads[Int(r)] { markItem(v, item) } }
            for e in graph.edges(from: v) {
                let ref = graph.edgeRefs[e]
                let flat = model.choiceBase[ref.passage] + ref.choice
                markReads(v, model.conditions[flat])
                for r in model.runs(ofChoice: flat) { for item in runReads[Int(r)] { markItem(v, item) } }
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
        // live(u) = reads(u) ∪ live(w) for every successor w, whose least solution is the
        // union of the reads of every node u reaches: the same for every node of a strongly
        // connected component. So one pass over the components, sinks first (Tarjan's
        // order), each the union of its nodes' reads and of the components its edges leave
        // to (already final). A work-list fixpoint, even in a depth-first post-order, took
        // many passes over large cycles: seconds on Degrees of Lewdity.
        let components = StronglyConnectedComponents(graph)
        var union = [UInt64](repeating: 0, count: stride)
        live.withUnsafeMutableBufferPointer { live in
            union.withUnsafeMutableBufferPointer { union in
                graph.edgeOffsets.withUnsafeBufferPointer { offsets in
                    graph.edgeTargets.withUnsafeBufferPointer { targets in
                        for c in 0..<components.count {
                            let members = components.members[c]
                            if members.count == 1 {
                                let v = members[0]
                                let to = v * stride
                                for e in offsets[v]..<offsets[v + 1] where targets[e] != v {
                                    let from = targets[e] * stride
                                    for k in 0..<stride { live[to + k] |= live[from + k] }
                                }
                                continue
                            }
                            for k in 0..<stride { union[k] = 0 }
                            for v in members {
                                let row = v * stride
                                for k in 0..<stride { union[k] |= live[row + k] }
                                for e in offsets[v]..<offsets[v + 1] where components.componentOf[targets[e]] != c {
                                    let from = targets[e] * stride
                                    for k in 0..<stride { union[k] |= live[from + k] }
                                }
                            }
                            for v in members {
                                let row = v * stride
                                for k in 0..<stride { live[row + k] = union[k] }
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
