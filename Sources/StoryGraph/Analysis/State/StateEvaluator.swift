/// What the state search does to one state: evaluates a condition or an effect on it,
/// interns the values it gives (a state holds their numbers per variable, -1 unknown), and
/// applies a choice's or a passage's effects, memoized (`StateMemo`) by the words they read.
///
/// One value held by the search, not a web of captured variables: its tables are reached
/// by plain field access, where local functions sharing captured variables paid a
/// reference count and a run-time exclusivity check on each access (a profile of the
/// search on a real ChoiceScript game: 17% of its time).
struct StateEvaluator {
    let graph: StoryGraph
    let model: StateModel
    /// The first visit-count word of a state (after the node and the variables).
    let counterBase: Int
    /// Visit counts stop here (`StateModel.visitCap`).
    let cap: Int32
    /// The states found: a variable's field widens when it gains a value (`intern`).
    var store: StateStore
    /// Per slot: the values interned, and their numbers.
    private(set) var values: [[StateValue]]
    private var valueIDs: [[StateValue: Int32]]
    /// The bytes of the values interned: a value in the array and the index (about 64),
    /// and a string's own bytes.
    private(set) var valueBytes = 0
    /// Per slot: the number of `.unset`.
    private var unsetID: [Int32]
    private var scratch: [StateValue?] = []
    /// The slot last read while unset by `evaluate` (-1: none); the caller resets it.
    var unsetRead = -1
    /// The conditions (owners 0..<choiceCount), effects (`choiceEffectBase`,
    /// `passageEffectBase`: one owner for each effect of each choice's and passage's list,
    /// shared runs included) and probes (`nextOwner`) memoized by the words they read.
    /// What is read is kept once per function, not per owner: entry `i` reads
    /// `readWords[readOffsets[i]..<readOffsets[i + 1]]` when `memoized[i]`; a condition's
    /// entry is its owner, effect `i` of `model.runEffects` is entry `choiceCount + i`, a
    /// probe's entry is its owner less `ownerShift`.
    var memo = StateMemo()
    private var readOffsets: [Int] = [0]
    private var readWords: [Int32] = []
    private(set) var memoized: [Bool] = []
    private(set) var choiceEffectBase: [Int] = []
    private(set) var passageEffectBase: [Int] = []
    /// Owners past the conditions and effects less their entries (effects counted once a
    /// run in entries, once a list in owners).
    private var ownerShift = 0
    private var conditionCount = 0
    /// Per effect owner (less `conditionCount`) whose value reads nothing (a constant, an
    /// unknown the story's JavaScript gives): the value's number once the memo holds it,
    /// else `Int32.min`. Such an owner's memo entry has one key, so this is what the memo
    /// would give, without the hashing (thousands of them on each passage of Degrees of
    /// Lewdity); the memo itself is filled as before, so its size is too.
    private var constantOfOwner: [Int32] = []
    /// Per entry: whether it is memoized and reads nothing.
    private var readsNothing: [Bool] = []

    init(graph: StoryGraph, model: StateModel, counterBase: Int, store: StateStore) {
        self.graph = graph
        self.model = model
        self.counterBase = counterBase
        self.cap = Int32(clamping: model.visitCap)
        self.store = store
        let slotCount = model.variables.count
        values = [[StateValue]](repeating: [], count: slotCount)
        valueIDs = [[StateValue: Int32]](repeating: [:], count: slotCount)
        unsetID = [Int32](repeating: -2, count: slotCount)
        scratch.reserveCapacity(16)
        for slot in 0..<slotCount { unsetID[slot] = intern(slot, .unset) }
        for condition in model.conditions { addReads(condition) }
        let choiceCount = model.choiceBase[graph.story.passages.count]
        for effect in model.runEffects { addReads(effect.value, target: effect.operation == nil ? nil : effect.slot) }
        // The owners: each effect of each list, in the order of the lists.
        var effectCount = 0
        for c in 0..<choiceCount {
            choiceEffectBase.append(choiceCount + effectCount)
            for r in model.runs(ofChoice: c) { effectCount += model.runs[Int(r)].count }
        }
        for p in 0..<graph.story.passages.count {
            passageEffectBase.append(choiceCount + effectCount)
            for r in model.runs(ofPassage: p) { effectCount += model.runs[Int(r)].count }
        }
        ownerShift = choiceCount + effectCount - memoized.count
        conditionCount = choiceCount
        constantOfOwner = [Int32](repeating: .min, count: effectCount)
        readsNothing = memoized.indices.map { memoized[$0] && readOffsets[$0] == readOffsets[$0 + 1] }
    }

    /// The owner the next `addReads` makes (a probe's).
    var nextOwner: Int { memoized.count + ownerShift }

    /// Makes the next owner of the memo: `program`'s reads (and `target`, the variable an
    /// update such as `x += 1` reads), memoized when they are few enough.
    ///
    /// The words are written straight into `readWords` (an array made per program was
    /// most of this init's time), and taken back when there are too many.
    mutating func addReads(_ program: ExpressionProgram?, target: Int? = nil) {
        let start = readWords.count
        var ok = program != nil
        func add(_ word: Int32) {
            guard ok, !readWords[start...].contains(word) else { return }
            if readWords.count - start == StateMemo.maxReads { ok = false } else { readWords.append(word) }
        }
        for operation in program?.operations ?? [] {
            switch operation {
            case .variable(let slot): add(Int32(1 + slot))
            case .visits(let counter): add(Int32(counterBase + counter))
            default: continue
            }
        }
        if let target { add(Int32(1 + target)) }
        if !ok { readWords.removeSubrange(start...) }
        memoized.append(ok)
        readOffsets.append(readWords.count)
    }

    /// The number of `value` in `slot` (-1 for unknown), interned if new.
    mutating func intern(_ slot: Int, _ value: StateValue?) -> Int32 {
        guard let value else { return -1 }
        // A slot holds few values: a scan beats hashing until it holds many.
        if values[slot].count <= 8 {
            for (k, known) in values[slot].enumerated() where known == value { return Int32(k) }
        } else if let id = valueIDs[slot][value] {
            return id
        }
        let id = Int32(values[slot].count)
        values[slot].append(value)
        // The index is made when the scan stops (a dictionary per slot made up front was a
        // tenth of a small story's set-up), then kept.
        if id == 8 {
            for (k, known) in values[slot].enumerated() { valueIDs[slot][known] = Int32(k) }
        } else if id > 8 {
            valueIDs[slot][value] = id
        }
        if !store.fits(1 + slot, id) { store.widen(1 + slot, toHold: id) }
        valueBytes += 64
        if case .string(let text) = value { valueBytes += text.utf8.count }
        return id
    }

    /// The value of `program` on `state`; sets `unsetRead` when it reads a variable unset.
    mutating func evaluate(_ program: ExpressionProgram, _ state: [Int32]) -> StateValue? {
        let values = self.values
        let unsetID = self.unsetID
        let counterBase = self.counterBase
        var read = -1
        let result = program.evaluate(
            &scratch,
            variable: { slot in
                let id = state[1 + slot]
                if id < 0 { return nil }
                if id == unsetID[slot] { read = slot }
                return values[slot][Int(id)]
            }, visits: { counter in Int(state[counterBase + counter]) })
        if read >= 0 { unsetRead = read }
        return result
    }

    /// The memo key of condition or probe owner `k` on `state`, or nil when it is not
    /// memoized.
    @inline(__always)
    func memoKey(_ k: Int, _ state: [Int32]) -> UInt64? {
        entryKey(k < conditionCount ? k : k - ownerShift, state)
    }

    /// The memo key of what entry `i` reads on `state`, or nil when it is not memoized.
    @inline(__always)
    func entryKey(_ i: Int, _ state: [Int32]) -> UInt64? {
        guard memoized[i] else { return nil }
        return StateMemo.pack(state, readWords[readOffsets[i]..<readOffsets[i + 1]])
    }

    /// Applies the effects of `runs` (memo owners from `base`) to `state`, in order.
    ///
    /// (The effects are reached through local copies of the model's flat arrays: a field
    /// reached through `self` in the loop, which the calls below change, is reloaded and
    /// its array retained on every effect.)
    mutating func apply(_ runs: ArraySlice<Int32>, owner base: Int, _ state: inout [Int32]) {
        let effects = model.runEffects
        let starts = model.runStarts
        var owner = base
        for r in runs {
            for i in Int(starts[Int(r)])..<Int(starts[Int(r) + 1]) {
                // (Run effects' entries follow the conditions', in the order of `runEffects`.)
                apply(effects[i], owner: owner, entry: conditionCount + i, &state)
                owner += 1
            }
        }
    }

    /// Applies `effect` (memo owner `owner`, reads entry `entry`) to `state`.
    @inline(__always)
    mutating func apply(
        _ effect: StateModel.CompiledEffect, owner: Int, entry: Int, _ state: inout [Int32]
    ) {
        let constant = readsNothing[entry]
        if constant, case let id = constantOfOwner[owner - conditionCount], id != .min {
            state[1 + effect.slot] = id
            if !model.computed.isEmpty { refresh(&state) }
            return
        }
        let key = entryKey(entry, state)
        if let key, let id = memo.find(owner, key) {
            state[1 + effect.slot] = Int32(id)
            if constant { constantOfOwner[owner - conditionCount] = Int32(id) }
            if !model.computed.isEmpty { refresh(&state) }
            return
        }
        let value = evaluate(effect.value, state)
        let result: StateValue?
        if let op = effect.operation {
            let id = state[1 + effect.slot]
            result = ExpressionProgram.apply(op, id < 0 ? nil : values[effect.slot][Int(id)], value)
        } else {
            result = value
        }
        if let cap = model.saturation[effect.slot], let n = result?.arithmeticValue, n > cap {
            let capped: StateValue = if case .integer? = result { .integer(Int(cap)) } else { .number(cap) }
            state[1 + effect.slot] = intern(effect.slot, capped)
        } else {
            state[1 + effect.slot] = intern(effect.slot, result)
        }
        if let key {
            memo.store(owner, key, Int64(state[1 + effect.slot]))
            if constant { constantOfOwner[owner - conditionCount] = state[1 + effect.slot] }
        }
        refresh(&state)
    }

    /// Computed variables take the value their expression has on the state, after every
    /// change: what reading them there gives.
    mutating func refresh(_ state: inout [Int32]) {
        for (slot, program) in model.computed { state[1 + slot] = intern(slot, evaluate(program, state)) }
    }

    /// Enters `node` on `state`: its visit counted, its passage's effects applied.
    mutating func enter(_ node: Int, _ state: inout [Int32]) {
        let p = graph.passageOf[node]
        state[0] = Int32(node)
        let counter = model.counterOf[p]
        if counter >= 0, state[counterBase + counter] < cap {
            state[counterBase + counter] += 1
            refresh(&state)
        }
        apply(model.runs(ofPassage: p), owner: passageEffectBase[p], &state)
    }

    /// Takes choice `flat` (its once-only bit set, its effects applied) on `state`.
    mutating func take(_ flat: Int, onceBase: Int, _ state: inout [Int32]) {
        let bit = model.onceBit[flat]
        if bit >= 0 { state[onceBase + bit >> 5] |= Int32(bitPattern: 1 << UInt32(bit & 31)) }
        apply(model.runs(ofChoice: flat), owner: choiceEffectBase[flat], &state)
    }
}
