import Foundation

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
    /// How much the search may explore, in five bounds; reported with the results, with
    /// the bound that stopped it. States, steps, evaluation steps and bytes are counted, so
    /// the same story and budget stop at the same state on any machine; the wall-clock
    /// deadline (twice `seconds` of the search thread's CPU time, so a busy machine does
    /// not cut it short) guards against a slow machine or a debug build, as
    /// `AnalysisBudget`'s deadline does.
    public struct Budget: Sendable, Hashable {
        public var maxStates: Int
        /// Choices followed or refused (one condition evaluated on one state).
        public var maxSteps: Int
        /// The time the search may take: converted to evaluation steps at
        /// `evaluationStepsPerSecond` (unless `maxEvaluationSteps` is given), with a
        /// deadline of twice this in CPU time.
        public var seconds: Double
        /// Evaluation steps (`StateAnalysis.evaluationSteps`); nil: `seconds` converted.
        public var maxEvaluationSteps: Int?
        /// The bytes of the search's own tables (`StateAnalysis.bytes`).
        public var maxBytes: Int

        /// Evaluation steps a release build takes per second, at the least: 100 to 170
        /// million on the 8 KB states of a story of 2,000 variables (their memory's page
        /// faults count in the CPU time), 35 million on `generate keys 20000` (narrow
        /// states, where the index costs more than the steps counted).
        public static let evaluationStepsPerSecond = 100_000_000
        /// 20,000,000 evaluation steps: 0.11 s of a release build on ETHERTALE (78,501
        /// states), where they stop it.
        public static let defaultSeconds = 0.2
        /// 100,000 states: 0.09 s of a release build on Snakeroot, where they stop it (its
        /// ending is 55,000 states from its start).
        public static let defaultMaxStates = 100_000
        public static let defaultMaxBytes = 1 << 30

        /// The default keeps `report` within about 0.3 s on real games (their states are
        /// wide: many variables and once-only choices), and within `seconds` (twice that
        /// at worst) and 1 GiB on any story.
        public init(
            maxStates: Int = Budget.defaultMaxStates, maxSteps: Int = Budget.defaultMaxStates * 20,
            seconds: Double = Budget.defaultSeconds,
            maxEvaluationSteps: Int? = nil, maxBytes: Int = Budget.defaultMaxBytes
        ) {
            self.maxStates = maxStates
            self.maxSteps = maxSteps
            self.seconds = seconds
            self.maxEvaluationSteps = maxEvaluationSteps
            self.maxBytes = maxBytes
        }

        /// The evaluation steps the search may take.
        public var evaluationSteps: Int {
            if let maxEvaluationSteps { return maxEvaluationSteps }
            return Int(min(max(0, seconds) * Double(Self.evaluationStepsPerSecond), Double(Int.max / 2)))
        }

        public static let unlimited = Budget(
            maxStates: Int(Int32.max) - 1, maxSteps: Int.max, seconds: .infinity, maxEvaluationSteps: Int.max / 2,
            maxBytes: Int.max)
    }

    /// The bound that stopped a search (`StateAnalysis.stoppedBy`), named as reports say it.
    package enum Bound: String, Sendable, Hashable, CaseIterable {
        case states, steps
        case evaluationSteps = "evaluation steps"
        case bytes, seconds

        /// The bound with its figure and the option that sets it, as the outputs name it:
        /// "its bound of 5 states, --max-states", "its bound of 4 seconds, twice
        /// --state-budget 2".
        package func describe(_ budget: Budget) -> String {
            func seconds(_ value: Double) -> String {
                value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(value)
            }
            switch self {
            case .states: return "its bound of \(NumberText.grouped(budget.maxStates)) states, --max-states"
            case .steps: return "its bound of \(NumberText.grouped(budget.maxSteps)) steps, 20 a state of --max-states"
            case .evaluationSteps:
                return
                    "its bound of \(NumberText.grouped(budget.evaluationSteps)) evaluation steps, --state-budget \(seconds(budget.seconds))"
            case .bytes: return "its bound of \(NumberText.grouped(budget.maxBytes >> 20)) MiB of states and values"
            case .seconds:
                return
                    "its bound of \(seconds(2 * budget.seconds)) seconds, twice --state-budget \(seconds(budget.seconds))"
            }
        }
    }

    /// What stopped the search, for the outputs: "stopped at its bound of …"; nil when it
    /// explored every state.
    package var stopDescription: String? { stoppedBy.map { "stopped at " + $0.describe(budget) } }

    /// An ending the search reached, with the shortest choice sequence that reaches it.
    package struct ReachedEnding: Sendable, Hashable {
        package let passage: Int
        /// The choices from the start, in order.
        package let witness: [ChoiceRef]
    }

    /// An ending reachable by the story's structure that no state reaches, with the
    /// choices whose conditions never held on the way to it: those the search met on a
    /// state but never followed, nearest the ending first. Only a search that proves
    /// absence (`provesAbsence`) names any.
    package struct BlockedEnding: Sendable, Hashable {
        package let passage: Int
        package let blocking: [ChoiceRef]
    }

    /// A variable the search found read while it had no value, where first.
    package struct ReadBeforeSet: Sendable, Hashable {
        package let variable: String
        package let choice: ChoiceRef
    }

    package let model: StateModel
    package let budget: Budget
    package let states: Int
    /// The seconds of CPU time the search's thread took (its model, the search and what it
    /// found on the way; not the claims made after), so that other work on a busy machine
    /// does not count: for `--timings`, never in a deterministic output.
    package let seconds: Double
    /// States explored a second of CPU time (`seconds`).
    package var statesPerSecond: Double { seconds > 0 ? Double(states) / seconds : 0 }
    /// Of `seconds`, those spent before the first state was expanded: the model compiled
    /// and the search's tables made (liveness, memo), a fixed cost that dominates the
    /// search of a small story.
    package let setupSeconds: Double
    /// States explored a second of the CPU time after the setup (`seconds - setupSeconds`).
    package var explorationStatesPerSecond: Double {
        seconds > setupSeconds ? Double(states) / (seconds - setupSeconds) : 0
    }
    /// "371 states in 1.2 ms, 308,912 states a second of CPU time (setup 0.6 ms; after it,
    /// 618,000 states a second); complete" (or "; stopped at …"), what `--timings` says of
    /// the search.
    package var rateDescription: String {
        func time(_ seconds: Double) -> String {
            seconds < 1 ? NumberText.fixed(seconds * 1000) + " ms" : NumberText.fixed(seconds) + " s"
        }
        return
            "\(NumberText.grouped(states)) states in \(time(seconds)), \(NumberText.grouped(Int(statesPerSecond))) states a second of CPU time "
            + "(setup \(time(setupSeconds)); after it, \(NumberText.grouped(Int(explorationStatesPerSecond))) states a second); "
            + (stopDescription ?? "complete")
    }
    package let steps: Int
    /// Evaluation steps taken: each operation of a condition or effect run on a state, and
    /// each variable, counter and once-only word of a state loaded, copied or hashed.
    package let evaluationSteps: Int
    /// The bytes of the search's tables when it stopped: the states, their hash index,
    /// parents and transitions, and the values interned (a string by its UTF-8 length).
    package let bytes: Int
    /// The bound that stopped the search before it explored every state; nil when it
    /// explored them all.
    package let stoppedBy: Bound?
    /// Whether the search explored every state (false: it stopped at `stoppedBy`, and
    /// what it did not reach may still be reachable).
    package var isComplete: Bool { stoppedBy == nil }
    /// The computed links (`previous()`, `(goto: $next)`) of passages a reader reaches:
    /// the search cannot follow them, so the states behind them are not explored.
    package let computedLinks: [ChoiceRef]
    /// The calls followed as plain steps (`StoryGraph.callsCut`: nested too deep, or past
    /// the copy budget) in passages a reader reaches: their returns lead nowhere in the
    /// node graph, so the states after them are not explored.
    package let callsCut: [ChoiceRef]
    /// Whether what no reader reaches is proven: every state was explored, and no reader
    /// meets a computed link or a call cut. Otherwise "never" may be wrong and is not
    /// claimed.
    package var provesAbsence: Bool { isComplete && computedLinks.isEmpty && callsCut.isEmpty }
    /// The endings some state reached, each with a witness: found whether or not the
    /// search explored every state.
    package let reachedEndings: [ReachedEnding]
    /// The claims about every state (endings and passages no state reaches, conditions
    /// that never or always hold) are made only when the search proves absence
    /// (`provesAbsence`); otherwise these four are empty: what the search did not explore
    /// may reach them, or make them hold.
    package let blockedEndings: [BlockedEnding]
    /// Passages (not endings) the structure reaches and no state does, in source order.
    package let onlyStructural: [Int]
    /// Conditional choices met on some state whose condition never held / always held
    /// (never unknown), in source order.
    package let neverTrue: [ChoiceRef]
    package let alwaysTrue: [ChoiceRef]
    /// Conditional choices whose condition was unknown on some state, in source order,
    /// and how many evaluations were unknown.
    package let unknownChoices: [ChoiceRef]
    package let unknownEvaluations: Int
    /// Variables set by an effect that no condition or value reads; read but never set by
    /// an effect (they keep their initial value, or none; declared constants aside); read
    /// by a condition on a state before they had any value.
    package let setNeverRead: [String]
    package let readNeverSet: [String]
    package let readBeforeSet: [ReadBeforeSet]

    /// The explored state graph: each state's node (passage, or a callee's copy), and for
    /// each of the first `expandedStates` states (those the search expanded: all of them
    /// when complete) the states its followed choices lead to, in the order of its edges,
    /// `transitionOffsets[i]..<transitionOffsets[i + 1]` in `transitionTargets` with the
    /// graph edge taken in `transitionEdges`. State 0 is the start.
    package let stateNodes: [Int32]
    package let expandedStates: Int
    package let transitionOffsets: [Int32]
    package let transitionTargets: [Int32]
    package let transitionEdges: [Int32]
    /// What each of the probes the search was given met, in their order.
    package let probes: [ProbeResult]

    /// Searches breadth-first, so each witness is a shortest one, evaluating each of
    /// `probes` on every state in its scope.
    ///
    /// - Complexity: O(S × (E + W + P)) time for S states, E choices per passage, W slots
    ///   per state and P probes, and O(S × W) space; S is at most `budget.maxStates`.
    package init(
        _ graph: StoryGraph, reachability: Reachability? = nil, budget: Budget = Budget(), probes: [StateProbe] = []
    ) {
        Self.searchCounter?.add()
        let began = Self.cpuNanoseconds()
        let model = StateModel(graph, observing: probes.compactMap(\.condition))
        self.model = model
        self.budget = budget
        let story = graph.story
        let slotCount = model.variables.count
        let counterBase = 1 + slotCount
        let onceBase = counterBase + model.countedPassages.count
        let width = onceBase + (model.onceOnlyChoices + 31) / 32
        // The states found, bit-packed (`StateStore`): the node, each variable's value (two
        // bits to begin with, widened as it gains values), each count up to the cap, the
        // once-only bits.
        let store = StateStore(
            bits: [StateStore.bits(graph.count - 1)] + Array(repeating: 2, count: slotCount)
                + Array(repeating: StateStore.bits(model.visitCap), count: model.countedPassages.count)
                + (0..<(width - onceBase)).map { min(32, model.onceOnlyChoices - 32 * $0) },
            isValue: (0..<width).map { $0 >= 1 && $0 < counterBase })
        var ev = StateEvaluator(graph: graph, model: model, counterBase: counterBase, store: store)
        let choiceCount = model.choiceBase[story.passages.count]

        // The parent state and edge of each state (for witnesses).
        var parent: [Int32] = []
        var parentEdge: [Int32] = []
        // Per state: whether its way from the start took a choice whose condition was
        // unknown (only kept when there are probes).
        var assumed: [Bool] = []
        var transitionOffsets: [Int32] = [0]
        var transitionTargets: [Int32] = []
        var transitionEdges: [Int32] = []
        var livenessBytes = 0
        var stop: Bound?
        /// The bytes of the search's tables (the states, their index, parents and
        /// transitions, the values interned), by count: the allocator's slack aside.
        func bytesUsed() -> Int {
            ev.store.bytes + parent.count * 8 + transitionTargets.count * 8 + transitionOffsets
                .count * 4 + ev.valueBytes + ev.memo.bytes + livenessBytes
        }
        /// Inserts `s` unless it is there already; its number either way, or nil when the
        /// budget is full.
        func insert(_ s: [Int32], parent p: Int32, edge: Int32, assuming: Bool = false) -> Int32? {
            let (found, h) = ev.store.find(s)
            if let found { return found }
            let index = ev.store.count
            guard index < budget.maxStates else {
                stop = .states
                return nil
            }
            _ = ev.store.append(hash: h)
            parent.append(p)
            parentEdge.append(edge)
            if !probes.isEmpty { assumed.append(assuming) }
            if ev.store.isHalfFull {
                // The index doubles: refused, before it is made, past the bytes bound.
                if bytesUsed() + ev.store.growthBytes > budget.maxBytes {
                    stop = .bytes
                    return nil
                }
                ev.store.grow()
            }
            return Int32(index)
        }

        // Each edge's choice in the per-choice arrays, and whether it is a fallback, looked
        // up once (a `Choice` copied in the loop costs its strings' reference counts).
        let edgeChoice = graph.edgeRefs.map { model.choiceBase[$0.passage] + $0.choice }
        let edgeIsFallback = graph.edgeRefs.map { story.passages[$0.passage].choices[$0.choice].isFallback }
        // Per choice: bit 1 true seen, 2 false seen, 4 unknown seen.
        var seen = [UInt8](repeating: 0, count: choiceCount)
        var firstUnsetRead = [ChoiceRef?](repeating: nil, count: slotCount)
        var unknownEvaluations = 0
        var endingState = [Int](repeating: -1, count: graph.passageCount)
        var nodeReached = [Bool](repeating: false, count: graph.count)

        // Evaluation steps: what each condition and each followed choice costs, counted
        // once per edge; the bounds that need a clock or a sum are checked every
        // `checkEvery` steps, off the hot path.
        let conditionCost = graph.edgeRefs.map { ref in
            model.conditions[model.choiceBase[ref.passage] + ref.choice]?.operationCount ?? 0
        }
        // Each effect list's cost summed once, not once per edge into it (a passage that shows
        // many others holds all their effects: Degrees of Lewdity's took seconds per edge sum).
        // A run shared by many lists is summed once too.
        let runCost = model.runs.map { run in run.reduce(0) { $0 + 1 + $1.value.operationCount } }
        let choiceEffectCost = (0..<choiceCount).map { c in model.runs(ofChoice: c).reduce(0) { $0 + runCost[Int($1)] } }
        let passageEffectCost = story.passages.indices.map { p in
            model.runs(ofPassage: p).reduce(0) { $0 + runCost[Int($1)] }
        }
        let followCost = (0..<graph.edgeRefs.count).map { e in
            let ref = graph.edgeRefs[e]
            return 2 * width + choiceEffectCost[model.choiceBase[ref.passage] + ref.choice]
                + passageEffectCost[graph.passageOf[graph.edgeTargets[e]]]
        }
        let evaluationLimit = budget.evaluationSteps
        let nanos = budget.seconds * 2e9
        let deadline = nanos.isFinite && nanos < 1e18 ? Self.cpuNanoseconds() + UInt64(max(0, nanos)) : UInt64.max
        let checkEvery = 1 << 16
        var evaluations = 0
        var nextCheck = min(evaluationLimit, checkEvery)
        /// The bound past which the search is, if any (evaluation steps, seconds, bytes).
        func spent() -> Bound? {
            if evaluations >= evaluationLimit { return .evaluationSteps }
            if deadline != .max, Self.cpuNanoseconds() >= deadline { return .seconds }
            if bytesUsed() > budget.maxBytes { return .bytes }
            nextCheck = min(evaluationLimit, evaluations + checkEvery)
            return nil
        }

        // The probes by where they look: at every state, at endings, at a node.
        var probesEverywhere: [Int] = []
        var probesAtEndings: [Int] = []
        var probesAtNode = [[Int]](repeating: [], count: probes.isEmpty ? 0 : graph.count)
        var probeProgram: [ExpressionProgram?] = []
        // Each probe's owner in the memo.
        var probeOwner: [Int] = []
        var observedIndex = 0
        for (k, probe) in probes.enumerated() {
            if probe.condition != nil {
                probeProgram.append(model.observed[observedIndex])
                observedIndex += 1
            } else {
                probeProgram.append(nil)
            }
            probeOwner.append(ev.nextOwner)
            ev.addReads(probeProgram[k])
            switch probe.scope {
            case .everyState: probesEverywhere.append(k)
            case .endings: probesAtEndings.append(k)
            case .passages(let passages):
                var wanted = [Bool](repeating: false, count: graph.passageCount)
                for p in passages { wanted[p] = true }
                for v in 0..<graph.count
                where wanted[graph.passageOf[v]] || graph.shown(in: v).contains(where: { wanted[$0] }) {
                    probesAtNode[v].append(k)
                }
            }
        }
        var probeFalse = [Int](repeating: -1, count: probes.count)
        var probeDoubtful = [Int](repeating: -1, count: probes.count)
        var probeChecked = [Int](repeating: 0, count: probes.count)
        /// Evaluates the probes in scope at state `i`, whose slots are `state`.
        func observe(_ i: Int, _ state: [Int32]) {
            let node = Int(state[0])
            func check(_ k: Int) {
                guard probeFalse[k] < 0 else { return }
                probeChecked[k] += 1
                var truth = Truth.no
                if let program = probeProgram[k] {
                    evaluations &+= program.operationCount
                    let owner = probeOwner[k]
                    let key = ev.memoKey(owner, state)
                    if let key, let known = ev.memo.find(owner, key) {
                        truth = known == 0 ? .no : known == 1 ? .yes : .unknown
                    } else {
                        truth = Truth(ev.evaluate(program, state))
                        if let key { ev.memo.store(owner, key, truth == .no ? 0 : truth == .yes ? 1 : 2) }
                    }
                }
                switch truth {
                case .yes: break
                case .no where !assumed[i]: probeFalse[k] = i
                case .no, .unknown: if probeDoubtful[k] < 0 { probeDoubtful[k] = i }
                }
            }
            for k in probesEverywhere { check(k) }
            if graph.isEnding[node] { for k in probesAtEndings { check(k) } }
            for k in probesAtNode[node] { check(k) }
        }

        var current = [Int32](repeating: 0, count: width)
        for slot in 0..<slotCount { current[1 + slot] = ev.intern(slot, model.initial[slot]) }
        ev.refresh(&current)
        // What no longer matters at a node is forgotten (`StateLiveness`): a dead variable
        // takes its initial value.
        let liveness = StateLiveness(
            graph, model, probes: zip(probes, probeProgram).map { (scope: $0.scope, program: $1) },
            canonical: Array(current[1..<(1 + slotCount)]), counterBase: counterBase, onceBase: onceBase)
        livenessBytes = liveness?.bytes ?? 0
        ev.enter(graph.start, &current)
        // The start as entered, before anything is forgotten: where witnesses are replayed from.
        let startState = current
        liveness?.reset(&current)
        _ = insert(current, parent: -1, edge: -1)
        let setupEnded = Self.cpuNanoseconds()
        var steps = 0
        var next = current
        var truths: [Truth] = []
        var index = 0
        search: while index < ev.store.count {
            evaluations &+= width
            ev.store.unpack(index, into: &current)
            let node = Int(current[0])
            nodeReached[node] = true
            let p = graph.passageOf[node]
            if graph.isEnding[node], endingState[p] < 0 { endingState[p] = index }
            if !probes.isEmpty { observe(index, current) }
            let edges = graph.edges(from: node)
            // Conditions first (a fallback needs the others' truths).
            truths.removeAll(keepingCapacity: true)
            var anySure = false
            for e in edges {
                let flat = edgeChoice[e]
                let bit = model.onceBit[flat]
                if bit >= 0, current[onceBase + bit >> 5] & Int32(bitPattern: 1 << UInt32(bit & 31)) != 0 {
                    truths.append(.no) // taken before: not offered, not a test of the condition
                    continue
                }
                guard let program = model.conditions[flat] else {
                    truths.append(.yes)
                    continue
                }
                evaluations &+= conditionCost[e]
                ev.unsetRead = -1
                let truth: Truth
                let key = ev.memoKey(flat, current)
                if let key, let known = ev.memo.find(flat, key) {
                    truth = known & 3 == 0 ? .no : known & 3 == 1 ? .yes : .unknown
                    ev.unsetRead = Int(known >> 2) - 1
                } else {
                    truth = Truth(ev.evaluate(program, current))
                    if let key {
                        ev.memo.store(flat, key, Int64(ev.unsetRead + 1) << 2 | (truth == .no ? 0 : truth == .yes ? 1 : 2))
                    }
                }
                let unsetRead = ev.unsetRead
                if unsetRead >= 0, firstUnsetRead[unsetRead] == nil { firstUnsetRead[unsetRead] = graph.edgeRefs[e] }
                truths.append(truth)
                switch truth {
                case .yes: seen[flat] |= 1
                case .no: seen[flat] |= 2
                case .unknown:
                    seen[flat] |= 4
                    unknownEvaluations += 1
                }
            }
            if model.isFallback[p] {
                for (k, e) in edges.enumerated() where !edgeIsFallback[e] && truths[k] == .yes {
                    anySure = true
                }
            }
            for (k, e) in edges.enumerated() {
                steps += 1
                if steps > budget.maxSteps {
                    stop = .steps
                    break search
                }
                if evaluations >= nextCheck, let bound = spent() {
                    stop = bound
                    break search
                }
                guard truths[k] != .no else { continue }
                if anySure, edgeIsFallback[e] { continue }
                evaluations &+= followCost[e]
                let flat = edgeChoice[e]
                for k in 0..<width { next[k] = current[k] } // in place: no copy made
                ev.take(flat, onceBase: onceBase, &next)
                ev.enter(graph.edgeTargets[e], &next)
                liveness?.reset(&next)
                // A step is assumed when its condition, or for a fallback another's, was unknown.
                let assuming =
                    !probes.isEmpty
                    && (assumed[index] || truths[k] == .unknown
                        || (edgeIsFallback[e] && truths.contains(.unknown)))
                guard let target = insert(next, parent: Int32(index), edge: Int32(e), assuming: assuming) else {
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
        let stateCount = ev.store.count
        for i in index..<stateCount {
            let node = Int(ev.store.first(i))
            nodeReached[node] = true
            let p = graph.passageOf[node]
            if graph.isEnding[node], endingState[p] < 0 { endingState[p] = i }
            // The state cut off mid-expansion was observed when its expansion began.
            if !probes.isEmpty, stop == nil || i > index {
                ev.store.unpack(i, into: &current)
                observe(i, current)
            }
        }
        self.states = stateCount
        self.seconds = Double(Self.cpuNanoseconds() &- began) / 1e9
        self.setupSeconds = Double(setupEnded &- began) / 1e9
        self.steps = min(steps, budget.maxSteps)
        self.evaluationSteps = evaluations
        self.bytes = bytesUsed()
        self.stoppedBy = stop
        self.expandedStates = index
        self.transitionOffsets = transitionOffsets
        self.transitionTargets = transitionTargets
        self.transitionEdges = transitionEdges
        self.stateNodes = (0..<stateCount).map { ev.store.first($0) }

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
        /// The way from the start to state `i`, with the tracked values at each step: the
        /// choices replayed from the start, so that a value the search forgot
        /// (`StateLiveness`) shows as the reader has it.
        func trace(_ i: Int) -> StateTrace? {
            guard i >= 0 else { return nil }
            var chain: [Int] = []
            var j = i
            while j >= 0 {
                chain.append(j)
                j = Int(parent[j])
            }
            var state = startState
            return StateTrace(
                steps: chain.reversed().map { j in
                    let edge = Int(parentEdge[j])
                    if edge >= 0 {
                        let flat = edgeChoice[edge]
                        ev.take(flat, onceBase: onceBase, &state)
                        ev.enter(graph.edgeTargets[edge], &state)
                    }
                    return StateTrace.Step(
                        choice: edge >= 0 ? graph.edgeRefs[edge] : nil,
                        passage: graph.passageOf[Int(ev.store.first(j))],
                        values: (0..<slotCount).map { slot in
                            let id = state[1 + slot]
                            return id < 0 ? nil : ev.values[slot][Int(id)]
                        })
                })
        }
        self.probes = probes.indices.map { k in
            ProbeResult(
                counterexample: trace(probeFalse[k]), doubtful: trace(probeDoubtful[k]),
                statesChecked: probeChecked[k])
        }

        var passageReached = [Bool](repeating: false, count: graph.passageCount)
        for v in 0..<graph.count where nodeReached[v] {
            passageReached[graph.passageOf[v]] = true
            for u in graph.shown(in: v) { passageReached[u] = true }
        }
        let computedLinks = graph.dynamicLinks.filter { passageReached[$0.passage] }
        self.computedLinks = computedLinks
        // A cut call is followed only where its passage is shown: unmet, it hides nothing.
        let callsCut = graph.callsCut.map(\.ref).filter { passageReached[$0.passage] }
        self.callsCut = callsCut
        // What no state reaches, and what held on every state met, is claimed only when
        // every state was explored: a search cut short says nothing of what it missed.
        let proven = stop == nil && computedLinks.isEmpty && callsCut.isEmpty
        var blocked: [BlockedEnding] = []
        var onlyStructural: [Int] = []
        if proven {
            let structure = reachability ?? Reachability(graph)
            let missed = structure.reachableEndings.filter { endingState[$0] < 0 }
            let blocking = Self.blocking(graph, endings: missed, reached: nodeReached, structure: structure)
            for (p, choices) in zip(missed, blocking) {
                blocked.append(BlockedEnding(passage: p, blocking: choices))
            }
            onlyStructural = (0..<graph.passageCount).filter {
                structure.reachable[$0] && !passageReached[$0] && !story.passages[$0].isEnding && !graph.isEnding[$0]
            }
        }
        self.blockedEndings = blocked
        self.onlyStructural = onlyStructural

        var neverTrue: [ChoiceRef] = []
        var alwaysTrue: [ChoiceRef] = []
        var unknown: [ChoiceRef] = []
        for p in story.passages.indices {
            for c in story.passages[p].choices.indices {
                let bits = seen[model.choiceBase[p] + c]
                let ref = ChoiceRef(passage: p, choice: c)
                if proven, bits == 2 { neverTrue.append(ref) }
                if proven, bits == 1 { alwaysTrue.append(ref) }
                if bits & 4 != 0 { unknown.append(ref) }
            }
        }
        self.neverTrue = neverTrue
        self.alwaysTrue = alwaysTrue
        self.unknownChoices = unknown
        self.unknownEvaluations = unknownEvaluations

        // Which variables are set, read, given a value.
        var setNames: [String] = []
        var readNames: [String] = []
        var isSet: Set<String> = []
        var isRead: Set<String> = []
        // (A run shared by many passages or choices is read once: its repeats add nothing.)
        var seenShared: Set<ObjectIdentifier> = []
        func note(_ list: EffectList) {
            list.forEachDistinct(seen: &seenShared) { effect in
                if isSet.insert(effect.variable).inserted { setNames.append(effect.variable) }
                for name in effect.value.variables where isRead.insert(name).inserted { readNames.append(name) }
            }
        }
        for passage in story.passages {
            note(passage.effectList)
            for choice in passage.choices {
                if let condition = choice.condition {
                    for name in StateModel.expression(condition).variables where isRead.insert(name).inserted {
                        readNames.append(name)
                    }
                }
                note(choice.effectList)
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
        let unread = setNames.filter { !isRead.contains($0) }
        let shown = unread.isEmpty ? [] : Self.words(of: story, among: Set(unread)).union(story.readElsewhere)
        // Code outside the passages (a screen, a function) may read any of them: no claim.
        self.setNeverRead =
            story.readsOutsidePassages == true ? [] : setNames.filter { !isRead.contains($0) && !shown.contains($0) }
        // A bare name that only names an item of a declared one (`calm` of ink's
        // `LIST mood = calm, …`, declared as `mood.calm`) is that item, not a variable.
        let items = Set(
            story.variables.compactMap { v in
                v.name.split(separator: ".").last.map(String.init).flatMap { $0 == v.name ? nil : $0 }
            })
        let fromRuntime = story.runtimeProvidesNames == true
        let neverSet = readNames.filter {
            !isSet.contains($0) && !constants.contains($0) && !(items.contains($0) && !declared.contains($0))
                && !(fromRuntime && !declared.contains($0))
        }
        self.readNeverSet = neverSet
        self.readBeforeSet = (0..<slotCount).compactMap { slot in
            guard let ref = firstUnsetRead[slot], !neverSet.contains(model.variables[slot]) else { return nil }
            return ReadBeforeSet(variable: model.variables[slot], choice: ref)
        }
    }

    /// The CPU time of the calling thread (the search runs on one), so that other work on
    /// a busy machine does not spend the search's seconds.
    static func cpuNanoseconds() -> UInt64 { AnalysisBudget.threadCPUNanoseconds() }

    /// The `candidates` that are a word (letters, digits, `_`) of the story's passage texts
    /// and choice labels, or of the conditions and values too deep to parse
    /// (`Expression.tooDeep`): a variable named there may be read, so it is never called
    /// unread.
    ///
    /// - Complexity: O(characters of text).
    static func words(of story: Story, among candidates: Set<String>) -> Set<String> {
        var words: Set<String> = []
        // Words are read as runs of the text's scalars, an ASCII one classified without the
        // Unicode property tables (most of this function's time on a large story), and only
        // a run that could be a candidate (no longer than the longest) is made a string.
        let longest = candidates.map(\.unicodeScalars.count).max() ?? 0
        func scan(_ text: String) {
            let scalars = text.unicodeScalars
            var start: String.UnicodeScalarView.Index?
            var length = 0
            var i = scalars.startIndex
            while i < scalars.endIndex {
                let c = scalars[i]
                let v = c.value
                let isWord =
                    v < 0x80
                    ? (v == 0x5F || (v >= 0x30 && v <= 0x39) || (v | 0x20 >= 0x61 && v | 0x20 <= 0x7A))
                    : c.properties.isAlphabetic
                if isWord {
                    if start == nil { start = i }
                    length += 1
                } else if let s = start {
                    if length <= longest, case let word = String(scalars[s..<i]), candidates.contains(word) {
                        words.insert(word)
                    }
                    start = nil
                    length = 0
                }
                scalars.formIndex(after: &i)
            }
            if let s = start, length <= longest, case let word = String(scalars[s...]), candidates.contains(word) {
                words.insert(word)
            }
        }
        var seenShared: Set<ObjectIdentifier> = []
        for passage in story.passages {
            scan(passage.text)
            passage.effectList.forEachDistinct(seen: &seenShared) { if $0.value.isTooDeep { scan($0.text) } }
            for choice in passage.choices {
                scan(choice.text)
                if let condition = choice.condition, condition.isTooDeep { scan(condition.description) }
                choice.effectList.forEachDistinct(seen: &seenShared) { if $0.value.isTooDeep { scan($0.text) } }
            }
        }
        return words
    }

    /// The choices that block each of `endings`: per ending, a search back from its nodes
    /// through nodes no state reached, stopping at edges that leave a reached node (whose
    /// condition, or the fallback rule, kept them from being followed), nearest first, each
    /// once.
    ///
    /// The searches share one mark array (a search's number marks what it visited) and
    /// one index of ending nodes by passage, so each costs only what it visits: a story
    /// with many blocked endings is not searched whole once per ending.
    ///
    /// - Complexity: O(V + E) to set up, then O(V' + E') per ending, where V' and E' are
    ///   the unreached nodes its search visits and the edges into them.
    static func blocking(_ graph: StoryGraph, endings: [Int], reached: [Bool], structure: Reachability)
        -> [[ChoiceRef]]
    {
        guard !endings.isEmpty else { return [] }
        // The ending nodes of each passage asked about (a passage and its copies).
        var slot = [Int32](repeating: -1, count: graph.passageCount)
        for (k, p) in endings.enumerated() { slot[p] = Int32(k) }
        var firstNode = [Int32](repeating: -1, count: endings.count)
        var nextNode = [Int32](repeating: -1, count: graph.count)
        for v in stride(from: graph.count - 1, through: 0, by: -1) {
            let k = slot[graph.passageOf[v]]
            guard k >= 0, graph.isEnding[v], structure.reachableNodes[v] else { continue }
            nextNode[v] = firstNode[Int(k)]
            firstNode[Int(k)] = Int32(v)
        }
        var mark = [Int32](repeating: -1, count: graph.count)
        var queue: [Int] = []
        var results: [[ChoiceRef]] = []
        results.reserveCapacity(endings.count)
        for k in endings.indices {
            let stamp = Int32(k)
            queue.removeAll(keepingCapacity: true)
            var v = Int(firstNode[k])
            while v >= 0 {
                mark[v] = stamp
                queue.append(v)
                v = Int(nextNode[v])
            }
            var result: [ChoiceRef] = []
            var seen: Set<ChoiceRef> = []
            var head = 0
            while head < queue.count {
                let w = queue[head]
                head += 1
                for i in graph.reverseOffsets[w]..<graph.reverseOffsets[w + 1] {
                    let u = graph.reverseSources[i]
                    if reached[u] {
                        let ref = graph.edgeRefs[graph.reverseEdges[i]]
                        if seen.insert(ref).inserted { result.append(ref) }
                    } else if mark[u] != stamp && structure.reachableNodes[u] {
                        mark[u] = stamp
                        queue.append(u)
                    }
                }
            }
            results.append(result)
        }
        return results
    }
}
