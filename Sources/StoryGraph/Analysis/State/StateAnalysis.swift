/// What a reader can really reach once the story's variables are taken into account: an
/// explicit-state search over (passage, valuation of the variables that matter, visit
/// counts) from the start with the story's initial values.
///
/// Each state's passage effects (its own and those of the passages it shows) are applied
/// on entering it; a choice whose condition can hold on the state is followed, its
/// effects applied, then the target's. A fallback choice is followed when no other
/// choice of its passage surely holds. A condition that is unknown on a state (a call,
/// unparsed text) is taken both ways: followed, and counted as unknown. A state keeps a
/// bit per once-only choice: once taken, it is not offered again (and a fallback may
/// then be).
public struct StateAnalysis: Sendable {
    /// How much the search may explore; reported with the results.
    public struct Budget: Sendable, Hashable {
        public var maxStates: Int
        /// Choices followed or refused (one condition evaluated on one state).
        public var maxSteps: Int

        /// The default keeps `report` within about a second on real games (their states
        /// are wide: many variables and once-only choices).
        public init(maxStates: Int = 250_000, maxSteps: Int = 5_000_000) {
            self.maxStates = maxStates
            self.maxSteps = maxSteps
        }

        public static let unlimited = Budget(maxStates: Int(Int32.max) - 1, maxSteps: Int.max)
    }

    /// An ending the search reached, with the shortest choice sequence that reaches it.
    public struct ReachedEnding: Sendable, Hashable {
        public let passage: Int
        /// The choices from the start, in order.
        public let witness: [ChoiceRef]
    }

    /// An ending reachable by the story's structure that no state reaches, with the
    /// choices whose conditions never held on the way to it: those the search met on a
    /// state but never followed, nearest the ending first.
    public struct BlockedEnding: Sendable, Hashable {
        public let passage: Int
        public let blocking: [ChoiceRef]
    }

    /// A variable the search found read while it had no value, where first.
    public struct ReadBeforeSet: Sendable, Hashable {
        public let variable: String
        public let choice: ChoiceRef
    }

    public let model: StateModel
    public let budget: Budget
    public let states: Int
    public let steps: Int
    /// Whether the search explored every state (false: it stopped at the budget, and
    /// what it did not reach may still be reachable).
    public let isComplete: Bool
    /// The computed links (`previous()`, `(goto: $next)`) of passages a reader reaches:
    /// the search cannot follow them, so the states behind them are not explored.
    public let computedLinks: [ChoiceRef]
    /// Whether what no reader reaches is proven: every state was explored and no reader
    /// meets a computed link. Otherwise "never" may be wrong and is not claimed.
    public var provesAbsence: Bool { isComplete && computedLinks.isEmpty }
    public let reachedEndings: [ReachedEnding]
    public let blockedEndings: [BlockedEnding]
    /// Passages (not endings) the structure reaches and no state does, in source order.
    public let onlyStructural: [Int]
    /// Conditional choices met on some state whose condition never held / always held
    /// (never unknown), in source order.
    public let neverTrue: [ChoiceRef]
    public let alwaysTrue: [ChoiceRef]
    /// Conditional choices whose condition was unknown on some state, in source order,
    /// and how many evaluations were unknown.
    public let unknownChoices: [ChoiceRef]
    public let unknownEvaluations: Int
    /// Variables set by an effect that no condition or value reads; read but never set by
    /// an effect (they keep their initial value, or none; declared constants aside); read
    /// by a condition on a state before they had any value.
    public let setNeverRead: [String]
    public let readNeverSet: [String]
    public let readBeforeSet: [ReadBeforeSet]

    /// The explored state graph: each state's node (passage, or a callee's copy), and for
    /// each of the first `expandedStates` states (those the search expanded: all of them
    /// when complete) the states its followed choices lead to, in the order of its edges,
    /// `transitionOffsets[i]..<transitionOffsets[i + 1]` in `transitionTargets` with the
    /// graph edge taken in `transitionEdges`. State 0 is the start.
    public let stateNodes: [Int32]
    public let expandedStates: Int
    public let transitionOffsets: [Int32]
    public let transitionTargets: [Int32]
    public let transitionEdges: [Int32]

    /// Searches breadth-first, so each witness is a shortest one.
    ///
    /// - Complexity: O(S × (E + W)) time for S states, E choices per passage and W slots per
    ///   state, and O(S × W) space; S is at most `budget.maxStates`.
    public init(_ graph: StoryGraph, reachability: Reachability? = nil, budget: Budget = Budget()) {
        let model = StateModel(graph)
        self.model = model
        self.budget = budget
        let story = graph.story
        let slotCount = model.variables.count
        let counterBase = 1 + slotCount
        let onceBase = counterBase + model.countedPassages.count
        let width = onceBase + (model.onceOnlyChoices + 31) / 32
        let cap = Int32(clamping: model.visitCap)

        // Values interned per slot; a state holds their numbers (-1: unknown).
        var values = [[StateValue]](repeating: [], count: slotCount)
        var valueIDs = [[StateValue: Int32]](repeating: [:], count: slotCount)
        func intern(_ slot: Int, _ value: StateValue?) -> Int32 {
            guard let value else { return -1 }
            // A slot holds few values: a scan beats hashing until it holds many.
            if values[slot].count <= 8 {
                for (k, known) in values[slot].enumerated() where known == value { return Int32(k) }
            } else if let id = valueIDs[slot][value] {
                return id
            }
            let id = Int32(values[slot].count)
            values[slot].append(value)
            valueIDs[slot][value] = id
            return id
        }
        var unsetID = [Int32](repeating: -2, count: slotCount)
        for slot in 0..<slotCount { unsetID[slot] = intern(slot, .unset) }

        var scratch: [StateValue?] = []
        scratch.reserveCapacity(16)
        var unsetRead = -1
        func evaluate(_ program: ExpressionProgram, _ state: [Int32]) -> StateValue? {
            program.evaluate(&scratch, variable: { slot in
                let id = state[1 + slot]
                if id < 0 { return nil }
                if id == unsetID[slot] { unsetRead = slot }
                return values[slot][Int(id)]
            }, visits: { counter in Int(state[counterBase + counter]) })
        }
        func apply(_ effects: [StateModel.CompiledEffect], _ state: inout [Int32]) {
            for effect in effects {
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
                refresh(&state)
            }
        }
        // Computed variables take the value their expression has on the state, after
        // every change: what reading them there gives.
        func refresh(_ state: inout [Int32]) {
            for (slot, program) in model.computed { state[1 + slot] = intern(slot, evaluate(program, state)) }
        }
        func enter(_ node: Int, _ state: inout [Int32]) {
            let p = graph.passageOf[node]
            state[0] = Int32(node)
            let counter = model.counterOf[p]
            if counter >= 0, state[counterBase + counter] < cap {
                state[counterBase + counter] += 1
                refresh(&state)
            }
            apply(model.passageEffects[p], &state)
        }

        // States: `width` Int32 each in one array; an open-addressing table (linear
        // probing) whose entries hold a state's number + 1 in the low 32 bits and its hash
        // in the high 32, so that a probe compares states only when the hashes agree and
        // growing never reads the states again; the parent state and edge of each (for
        // witnesses).
        var storage: [Int32] = []
        var parent: [Int32] = []
        var parentEdge: [Int32] = []
        var table = [UInt64](repeating: 0, count: 1 << 12)
        var mask = table.count - 1
        func hash(_ s: [Int32]) -> UInt64 {
            var h: UInt64 = 0xcbf2_9ce4_8422_2325
            for x in s { h = (h ^ UInt64(UInt32(bitPattern: x))) &* 0x0000_0100_0000_01b3 }
            return (h &* 0x9e37_79b9_7f4a_7c15) >> 32
        }
        func equal(_ i: Int, _ s: [Int32]) -> Bool {
            let base = i * width
            for k in 0..<width where storage[base + k] != s[k] { return false }
            return true
        }
        /// Inserts `s` unless it is there already; its number either way, or nil when the
        /// budget is full.
        func insert(_ s: [Int32], parent p: Int32, edge: Int32) -> Int32? {
            let h = hash(s)
            var slot = Int(truncatingIfNeeded: h) & mask
            while table[slot] != 0 {
                let entry = table[slot]
                if entry >> 32 == h, equal(Int(entry & 0xffff_ffff) - 1, s) { return Int32(entry & 0xffff_ffff) - 1 }
                slot = (slot + 1) & mask
            }
            let index = storage.count / width
            guard index < budget.maxStates else { return nil }
            table[slot] = h << 32 | UInt64(index + 1)
            storage.append(contentsOf: s)
            parent.append(p)
            parentEdge.append(edge)
            if (index + 1) * 2 > table.count {
                var bigger = [UInt64](repeating: 0, count: table.count * 2)
                let m = bigger.count - 1
                for entry in table where entry != 0 {
                    var k = Int(truncatingIfNeeded: entry >> 32) & m
                    while bigger[k] != 0 { k = (k + 1) & m }
                    bigger[k] = entry
                }
                table = bigger
                mask = m
            }
            return Int32(index)
        }

        let choiceCount = model.choiceBase[story.passages.count]
        // Each edge's choice in the per-choice arrays, looked up once.
        let edgeChoice = graph.edgeRefs.map { model.choiceBase[$0.passage] + $0.choice }
        // Per choice: bit 1 true seen, 2 false seen, 4 unknown seen.
        var seen = [UInt8](repeating: 0, count: choiceCount)
        var firstUnsetRead = [ChoiceRef?](repeating: nil, count: slotCount)
        var unknownEvaluations = 0
        var endingState = [Int](repeating: -1, count: graph.passageCount)
        var nodeReached = [Bool](repeating: false, count: graph.count)

        var current = [Int32](repeating: 0, count: width)
        for slot in 0..<slotCount { current[1 + slot] = intern(slot, model.initial[slot]) }
        refresh(&current)
        enter(graph.start, &current)
        _ = insert(current, parent: -1, edge: -1)
        var steps = 0
        var complete = true
        var next = current
        var truths: [Truth] = []
        var index = 0
        var transitionOffsets: [Int32] = [0]
        var transitionTargets: [Int32] = []
        var transitionEdges: [Int32] = []
        search: while index * width < storage.count {
            for k in 0..<width { current[k] = storage[index * width + k] }
            let node = Int(current[0])
            nodeReached[node] = true
            let p = graph.passageOf[node]
            if graph.isEnding[node], endingState[p] < 0 { endingState[p] = index }
            let edges = graph.edges(from: node)
            // Conditions first (a fallback needs the others' truths).
            truths.removeAll(keepingCapacity: true)
            var anySure = false
            for e in edges {
                let flat = edgeChoice[e]
                let bit = model.onceBit[flat]
                if bit >= 0, current[onceBase + bit >> 5] & Int32(bitPattern: 1 << UInt32(bit & 31)) != 0 {
                    truths.append(.no)  // taken before: not offered, not a test of the condition
                    continue
                }
                guard let program = model.conditions[flat] else { truths.append(.yes); continue }
                unsetRead = -1
                let truth = Truth(evaluate(program, current))
                if unsetRead >= 0, firstUnsetRead[unsetRead] == nil { firstUnsetRead[unsetRead] = graph.edgeRefs[e] }
                truths.append(truth)
                switch truth {
                case .yes: seen[flat] |= 1
                case .no: seen[flat] |= 2
                case .unknown: seen[flat] |= 4; unknownEvaluations += 1
                }
            }
            if model.isFallback[p] {
                for (k, e) in edges.enumerated() where !graph.choice(graph.edgeRefs[e]).isFallback && truths[k] == .yes {
                    anySure = true
                }
            }
            for (k, e) in edges.enumerated() {
                steps += 1
                if steps > budget.maxSteps { complete = false; break search }
                guard truths[k] != .no else { continue }
                if anySure, graph.choice(graph.edgeRefs[e]).isFallback { continue }
                let flat = edgeChoice[e]
                for k in 0..<width { next[k] = current[k] }  // in place: no copy made
                let bit = model.onceBit[flat]
                if bit >= 0 { next[onceBase + bit >> 5] |= Int32(bitPattern: 1 << UInt32(bit & 31)) }
                apply(model.choiceEffects[flat], &next)
                enter(graph.edgeTargets[e], &next)
                guard let target = insert(next, parent: Int32(index), edge: Int32(e)) else {
                    complete = false
                    break search
                }
                transitionTargets.append(target)
                transitionEdges.append(Int32(e))
            }
            transitionOffsets.append(Int32(transitionTargets.count))
            index += 1
        }
        // A state cut off while being expanded keeps none of its transitions.
        transitionTargets.removeSubrange(Int(transitionOffsets[index])...)
        transitionEdges.removeSubrange(Int(transitionOffsets[index])...)
        // States inserted but not expanded when the budget ran out still count as reached.
        let stateCount = storage.count / width
        for i in index..<stateCount {
            let node = Int(storage[i * width])
            nodeReached[node] = true
            let p = graph.passageOf[node]
            if graph.isEnding[node], endingState[p] < 0 { endingState[p] = i }
        }
        self.states = stateCount
        self.steps = min(steps, budget.maxSteps)
        self.isComplete = complete
        self.expandedStates = index
        self.transitionOffsets = transitionOffsets
        self.transitionTargets = transitionTargets
        self.transitionEdges = transitionEdges
        self.stateNodes = (0..<stateCount).map { storage[$0 * width] }

        var reached: [ReachedEnding] = []
        for p in 0..<graph.passageCount where endingState[p] >= 0 {
            var witness: [ChoiceRef] = []
            var i = endingState[p]
            while parent[i] >= 0 {
                witness.append(graph.edgeRefs[Int(parentEdge[i])])
                i = Int(parent[i])
            }
            reached.append(ReachedEnding(passage: p, witness: witness.reversed()))
        }
        self.reachedEndings = reached

        var passageReached = [Bool](repeating: false, count: graph.passageCount)
        for v in 0..<graph.count where nodeReached[v] {
            passageReached[graph.passageOf[v]] = true
            for u in graph.shown(in: v) { passageReached[u] = true }
        }
        self.computedLinks = graph.dynamicLinks.filter { passageReached[$0.passage] }
        let structure = reachability ?? Reachability(graph)
        var blocked: [BlockedEnding] = []
        for p in structure.reachableEndings where endingState[p] < 0 {
            blocked.append(BlockedEnding(passage: p, blocking: Self.blocking(graph, ending: p, reached: nodeReached, structure: structure)))
        }
        self.blockedEndings = blocked
        self.onlyStructural = (0..<graph.passageCount).filter {
            structure.reachable[$0] && !passageReached[$0] && !story.passages[$0].isEnding && !graph.isEnding[$0]
        }

        var neverTrue: [ChoiceRef] = [], alwaysTrue: [ChoiceRef] = [], unknown: [ChoiceRef] = []
        for p in story.passages.indices {
            for c in story.passages[p].choices.indices {
                let bits = seen[model.choiceBase[p] + c]
                let ref = ChoiceRef(passage: p, choice: c)
                if bits == 2 { neverTrue.append(ref) }
                if bits == 1 { alwaysTrue.append(ref) }
                if bits & 4 != 0 { unknown.append(ref) }
            }
        }
        self.neverTrue = neverTrue
        self.alwaysTrue = alwaysTrue
        self.unknownChoices = unknown
        self.unknownEvaluations = unknownEvaluations

        // Which variables are set, read, given a value.
        var setNames: [String] = [], readNames: [String] = []
        var isSet: Set<String> = [], isRead: Set<String> = []
        for passage in story.passages {
            for effect in passage.effects {
                if isSet.insert(effect.variable).inserted { setNames.append(effect.variable) }
                for name in effect.value.variables where isRead.insert(name).inserted { readNames.append(name) }
            }
            for choice in passage.choices {
                if let condition = choice.condition {
                    for name in StateModel.expression(condition).variables where isRead.insert(name).inserted { readNames.append(name) }
                }
                for effect in choice.effects {
                    if isSet.insert(effect.variable).inserted { setNames.append(effect.variable) }
                    for name in effect.value.variables where isRead.insert(name).inserted { readNames.append(name) }
                }
            }
        }
        // A computed variable always has the value of its expression, which reads its
        // variables.
        for v in story.variables where v.isComputed {
            if isSet.insert(v.name).inserted { setNames.append(v.name) }
            for name in v.initial?.variables ?? [] where isRead.insert(name).inserted { readNames.append(name) }
        }
        let constants = Set(story.variables.filter(\.isConstant).map(\.name))
        let declared = Set(story.variables.map(\.name))
        // A variable shown in the text (`${name}`, `{$apples}`) is read by the reader's
        // eyes: any word of a passage's or label's text that is a variable's name counts.
        let shown = setNames.contains { !isRead.contains($0) } ? Self.words(of: story) : []
        self.setNeverRead = setNames.filter { !isRead.contains($0) && !shown.contains($0) }
        // A bare name that only names an item of a declared one (`calm` of ink's
        // `LIST mood = calm, …`, declared as `mood.calm`) is that item, not a variable.
        let items = Set(story.variables.compactMap { v in v.name.split(separator: ".").last.map(String.init).flatMap { $0 == v.name ? nil : $0 } })
        let neverSet = readNames.filter { !isSet.contains($0) && !constants.contains($0) && !(items.contains($0) && !declared.contains($0)) }
        self.readNeverSet = neverSet
        self.readBeforeSet = (0..<slotCount).compactMap { slot in
            guard let ref = firstUnsetRead[slot], !neverSet.contains(model.variables[slot]) else { return nil }
            return ReadBeforeSet(variable: model.variables[slot], choice: ref)
        }
    }

    /// Every word (letters, digits, `_`) of the story's passage texts and choice labels,
    /// and of the conditions and values too deep to parse (`Expression.tooDeep`): a
    /// variable named there may be read, so it is never called unread.
    ///
    /// - Complexity: O(characters of text).
    static func words(of story: Story) -> Set<String> {
        var words: Set<String> = []
        func scan(_ text: String) {
            var word = String.UnicodeScalarView()
            for c in text.unicodeScalars {
                if c == "_" || c.properties.isAlphabetic || ("0"..."9").contains(c) { word.append(c); continue }
                if !word.isEmpty { words.insert(String(word)); word = String.UnicodeScalarView() }
            }
            if !word.isEmpty { words.insert(String(word)) }
        }
        for passage in story.passages {
            scan(passage.text)
            for effect in passage.effects where effect.value.isTooDeep { scan(effect.text) }
            for choice in passage.choices {
                scan(choice.text)
                if let condition = choice.condition, condition.isTooDeep { scan(condition.description) }
                for effect in choice.effects where effect.value.isTooDeep { scan(effect.text) }
            }
        }
        return words
    }

    /// The choices that block `ending`: a search back from its nodes through nodes no
    /// state reached, stopping at edges that leave a reached node (whose condition, or
    /// the fallback rule, kept them from being followed), nearest first, each once.
    ///
    /// - Complexity: O(V + E).
    static func blocking(_ graph: StoryGraph, ending p: Int, reached: [Bool], structure: Reachability) -> [ChoiceRef] {
        var visited = [Bool](repeating: false, count: graph.count)
        var queue: [Int] = []
        for v in 0..<graph.count where graph.passageOf[v] == p && graph.isEnding[v] && structure.reachableNodes[v] {
            visited[v] = true
            queue.append(v)
        }
        var result: [ChoiceRef] = []
        var head = 0
        while head < queue.count {
            let w = queue[head]
            head += 1
            for i in graph.reverseOffsets[w]..<graph.reverseOffsets[w + 1] {
                let u = graph.reverseSources[i]
                if reached[u] {
                    let ref = graph.edgeRefs[graph.reverseEdges[i]]
                    if !result.contains(ref) { result.append(ref) }
                } else if !visited[u] && structure.reachableNodes[u] {
                    visited[u] = true
                    queue.append(u)
                }
            }
        }
        return result
    }
}
