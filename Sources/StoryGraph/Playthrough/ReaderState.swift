/// One reader's state while playing a story under its conditions (`PlayPolicy.state`,
/// `storygraph play`): the tracked variables' values, the visit counts conditions read
/// and the once-only choices taken, from the story's initial values.
///
/// The rules are `StateAnalysis`'s, so a reader goes only where the search says a reader
/// can: entering a node counts its passage's visit and applies its effects (its own and
/// those of the passages it shows); a slot is offered when its condition holds or is
/// unknown (a once-only choice taken before is not); a fallback is offered when no other
/// slot of the node surely holds; taking a slot applies the choice's effects, then
/// enters its target. Values are exact here (no saturation: the search's caps keep
/// every condition's truth, so both tell the same).
package struct ReaderState: Sendable {
    package let play: PlayGraph
    package let model: StateModel
    /// Each tracked variable's value (`model.variables` order); nil: unknown.
    package private(set) var values: [StateValue?]
    /// Visits of each counted passage (`model.countedPassages` order).
    package private(set) var visits: [Int]
    /// Per once-only choice (`StateModel.onceBit`): taken on this way.
    private var taken: [Bool]
    /// Per slot: its choice's index in the model's per-choice arrays.
    private let slotChoice: [Int]
    /// Per slot: whether its choice is a fallback.
    private let slotFallback: [Bool]
    private var scratch: [StateValue?] = []

    /// A reader at the start of `play`'s story, before `begin(at:)`.
    ///
    /// - Complexity: O(slots) and `StateModel`'s compilation (unless `model` is given).
    package init(_ play: PlayGraph, model: StateModel? = nil) {
        self.play = play
        let model = model ?? StateModel(play.graph)
        self.model = model
        slotChoice = play.refs.map { model.choiceBase[$0.passage] + $0.choice }
        slotFallback = play.refs.map { play.graph.choice($0).isFallback }
        values = model.initial
        visits = [Int](repeating: 0, count: model.countedPassages.count)
        taken = [Bool](repeating: false, count: model.onceOnlyChoices)
        scratch.reserveCapacity(16)
        refresh()
    }

    /// Back to the story's initial values, then enters `node` (the start, or `--from`).
    package mutating func begin(at node: Int) {
        for i in values.indices { values[i] = model.initial[i] }
        for i in visits.indices { visits[i] = 0 }
        for i in taken.indices { taken[i] = false }
        refresh()
        enter(node)
    }

    /// The truth of a slot's condition here: `.no` for a once-only choice taken before,
    /// `.yes` for a slot with no condition.
    ///
    /// - Complexity: O(size of the condition).
    package mutating func truth(_ slot: Int) -> Truth {
        let flat = slotChoice[slot]
        let bit = model.onceBit[flat]
        if bit >= 0, taken[bit] { return .no }
        guard let program = model.conditions[flat] else { return .yes }
        return Truth(evaluate(program))
    }

    /// The truth of a slot's own condition here, once-only aside (nil: it has none).
    package mutating func conditionTruth(_ slot: Int) -> Truth? {
        model.conditions[slotChoice[slot]].map { Truth(evaluate($0)) }
    }

    /// The slots of `node` a reader may take here, in order, into `offered`; `truths`
    /// gets each slot's truth (`offered` slots are `.yes` or `.unknown`).
    ///
    /// - Complexity: O(slots of the node × size of their conditions).
    package mutating func offer(at node: Int, into offered: inout [Int], truths: inout [Truth]) {
        offered.removeAll(keepingCapacity: true)
        truths.removeAll(keepingCapacity: true)
        let lo = Int(play.offsets[node])
        let hi = Int(play.offsets[node + 1])
        var anySure = false
        for s in lo..<hi {
            let t = truth(s)
            truths.append(t)
            if t == .yes, !isFallback(s) { anySure = true }
        }
        for s in lo..<hi where truths[s - lo] != .no && !(anySure && isFallback(s)) { offered.append(s) }
    }

    /// Takes `slot`: marks a once-only choice taken, applies the choice's effects, then
    /// enters its target (a broken or computed link enters nothing).
    ///
    /// - Complexity: O(size of the effects).
    package mutating func take(_ slot: Int) {
        let flat = slotChoice[slot]
        let bit = model.onceBit[flat]
        if bit >= 0 { taken[bit] = true }
        apply(model.choiceEffects[flat])
        let target = play.targets[slot]
        if target >= 0 { enter(Int(target)) }
    }

    /// The tracked variables whose values differ between `self` and `earlier`, in slot
    /// order: (name, before, after).
    package func changes(since earlier: ReaderState) -> [(variable: String, before: StateValue?, after: StateValue?)] {
        values.indices.compactMap { i in
            values[i] == earlier.values[i] ? nil : (model.variables[i], earlier.values[i], values[i])
        }
    }

    private func isFallback(_ slot: Int) -> Bool { slotFallback[slot] }

    private mutating func enter(_ node: Int) {
        let p = Int(play.passageOf[node])
        let counter = model.counterOf[p]
        if counter >= 0 {
            visits[counter] += 1
            refresh()
        }
        apply(model.passageEffects[p])
    }

    /// Each computed variable takes the value its expression has here (what reading it
    /// gives), in `StateModel.computed`'s order.
    private mutating func refresh() {
        for (slot, program) in model.computed { values[slot] = evaluate(program) }
    }

    private mutating func evaluate(_ program: ExpressionProgram) -> StateValue? {
        let values = values
        let visits = visits
        return program.evaluate(&scratch, variable: { values[$0] }, visits: { visits[$0] })
    }

    private mutating func apply(_ effects: [StateModel.CompiledEffect]) {
        for effect in effects {
            let value = evaluate(effect.value)
            if let op = effect.operation {
                values[effect.slot] = ExpressionProgram.apply(op, values[effect.slot], value)
            } else {
                values[effect.slot] = value
            }
            refresh()
        }
    }
}

extension ReaderState {
    /// Plays one run under state: from `start`, the policy picks uniformly among the
    /// offered slots (one draw of `rng` per choice), and the run stops at an ending (a
    /// node with no slots), at a broken or computed link, after `maxSteps` choices
    /// (stuck), or at a node that offers nothing (`blocked`: stuck under state).
    /// `unknown` is told of each slot offered on an unknown condition.
    ///
    /// - Complexity: O(steps × (slots per node × size of conditions + effects)).
    mutating func run<R: RandomNumberGenerator, O: RunObserver>(
        start: Int, maxSteps: Int, rng: inout R, observer: inout O, offered: inout [Int], truths: inout [Truth],
        unknown: (Int) -> Void
    ) -> RawOutcome {
        var v = start
        var steps = 0
        begin(at: v)
        observer.visit(v)
        while true {
            let lo = Int(play.offsets[v])
            if lo == Int(play.offsets[v + 1]) { return RawOutcome(.ending, v, steps) }
            if steps == maxSteps { return RawOutcome(.stuck, v, steps) }
            offer(at: v, into: &offered, truths: &truths)
            if offered.isEmpty { return RawOutcome(.blocked, v, steps) }
            for s in offered where truths[s - lo] == .unknown { unknown(s) }
            let slot = offered[Int(truncatingIfNeeded: rng.bounded(UInt64(offered.count)))]
            observer.take(slot)
            take(slot)
            steps += 1
            let target = play.targets[slot]
            if target < 0 {
                return RawOutcome(target == PlayGraph.brokenTarget ? .brokenLink : .dynamicLink, slot, steps)
            }
            v = Int(target)
            observer.visit(v)
        }
    }
}
