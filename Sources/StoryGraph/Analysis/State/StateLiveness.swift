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
        // live(u) = reads(u) ∪ live(w) for every successor w: to a fixpoint, backwards.
        var queued = [Bool](repeating: true, count: n)
        var work = Array((0..<n).reversed())
        while let w = work.popLast() {
            queued[w] = false
            for i in graph.reverseOffsets[w]..<graph.reverseOffsets[w + 1] {
                let u = graph.reverseSources[i]
                var changed = false
                for k in 0..<stride {
                    let merged = live[u * stride + k] | live[w * stride + k]
                    if merged != live[u * stride + k] {
                        live[u * stride + k] = merged
                        changed = true
                    }
                }
                if changed, !queued[u] {
                    queued[u] = true
                    work.append(u)
                }
            }
        }
        // The resets: a dead variable to its canonical value, a dead counter to 0, the dead
        // once-only bits of a word to 0.
        var offsets: [Int32] = [0]
        var words: [Int32] = []
        var keeps: [Int32] = []
        var values: [Int32] = []
        func isLive(_ v: Int, _ item: Int) -> Bool { live[v * stride + item >> 6] & (1 << UInt64(item & 63)) != 0 }
        /// The live bits of items `item..<item + 32` at `v` (past the last item: 0).
        func liveBits32(_ v: Int, _ item: Int) -> UInt32 {
            let w = item >> 6
            let s = UInt64(item & 63)
            var bits = live[v * stride + w] >> s
            if s > 32, w + 1 < stride { bits |= live[v * stride + w + 1] << (64 - s) }
            return UInt32(truncatingIfNeeded: bits)
        }
        let onceWords = (model.onceOnlyChoices + 31) / 32
        for v in 0..<n {
            for slot in 0..<slotCount where !isLive(v, slot) {
                words.append(Int32(1 + slot))
                keeps.append(0)
                values.append(canonical[slot])
            }
            for counter in 0..<counterCount where !isLive(v, slotCount + counter) {
                words.append(Int32(counterBase + counter))
                keeps.append(0)
                values.append(0)
            }
            for word in 0..<onceWords {
                let all: UInt32 =
                    model.onceOnlyChoices - word * 32 >= 32
                    ? .max : (1 << UInt32(model.onceOnlyChoices - word * 32)) - 1
                // The 32 live bits of this word's choices, read a word of the set at a time
                // (bit by bit, this loop was a third of a small story's search).
                let keep = liveBits32(v, slotCount + counterCount + word * 32) & all
                guard keep != all else { continue }
                words.append(Int32(onceBase + word))
                keeps.append(Int32(bitPattern: keep))
                values.append(0)
            }
            guard words.count <= Self.maxResets else { return nil }
            offsets.append(Int32(words.count))
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
