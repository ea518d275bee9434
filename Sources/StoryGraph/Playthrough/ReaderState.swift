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
///
/// The model's programs are compiled once more, for the reader, into `ReaderProgram`s
/// over `ReaderValue`s (plain bits, strings interned): a step of `fuzz --policy state`
/// copies no string and counts no reference. The semantics are `ExpressionProgram`'s:
/// the operations on numbers and booleans are done here as it does them, every other one
/// (strings joined, compared in order or searched, integers of `Arithmetic.integer`,
/// fairmath) by `ExpressionProgram.apply` itself on the values converted.
package struct ReaderState: Sendable {
    package let play: PlayGraph
    package let model: StateModel
    /// The compiled conditions, effects and computed variables (shared by copies).
    private let program: ReaderProgram
    /// Each tracked variable's value (`model.variables` order).
    private var current: [ReaderValue]
    /// Visits of each counted passage (`model.countedPassages` order).
    package private(set) var visits: [Int]
    /// Per once-only choice (`StateModel.onceBit`): taken on this way.
    private var taken: [Bool]
    /// The evaluation stack, kept between evaluations (`program.maxDepth` deep).
    private var stack: [ReaderValue]

    /// Each tracked variable's value (`model.variables` order); nil: unknown.
    package var values: [StateValue?] { current.map { program.strings.stateValue($0) } }

    /// A reader at the start of `play`'s story, before `begin(at:)`.
    ///
    /// - Complexity: O(slots) and `StateModel`'s compilation (unless `model` is given).
    package init(_ play: PlayGraph, model: StateModel? = nil) {
        self.play = play
        let model = model ?? StateModel(play.graph)
        self.model = model
        program = ReaderProgram(model, play: play)
        current = program.initial
        visits = [Int](repeating: 0, count: model.countedPassages.count)
        taken = [Bool](repeating: false, count: model.onceOnlyChoices)
        stack = [ReaderValue](repeating: .unknown, count: max(program.maxDepth, 1))
        refresh()
    }

    /// Back to the story's initial values, then enters `node` (the start, or `--from`).
    package mutating func begin(at node: Int) {
        let initial = program.initial
        current.withUnsafeMutableBufferPointer { values in
            for i in values.indices { values[i] = initial[i] }
        }
        visits.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
        taken.withUnsafeMutableBufferPointer { $0.update(repeating: false) }
        refresh()
        enter(node)
    }

    /// The truth of a slot's condition here: `.no` for a once-only choice taken before,
    /// `.yes` for a slot with no condition.
    ///
    /// - Complexity: O(size of the condition).
    package mutating func truth(_ slot: Int) -> Truth {
        let bit = program.slotOnceBit[slot]
        if bit >= 0, taken[Int(bit)] { return .no }
        let condition = program.slotCondition[slot]
        guard condition >= 0 else { return .yes }
        return evaluate(Int(condition)).truth
    }

    /// The truth of a slot's own condition here, once-only aside (nil: it has none).
    package mutating func conditionTruth(_ slot: Int) -> Truth? {
        let condition = program.slotCondition[slot]
        guard condition >= 0 else { return nil }
        return evaluate(Int(condition)).truth
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
            if t == .yes, !program.slotFallback[s] { anySure = true }
        }
        for s in lo..<hi where truths[s - lo] != .no && !(anySure && program.slotFallback[s]) { offered.append(s) }
    }

    /// Takes `slot`: marks a once-only choice taken, applies the choice's effects, then
    /// enters its target (a broken or computed link enters nothing).
    ///
    /// - Complexity: O(size of the effects).
    package mutating func take(_ slot: Int) {
        let bit = program.slotOnceBit[slot]
        if bit >= 0 { taken[Int(bit)] = true }
        let effects = program.slotEffects[slot]
        apply(Int(effects.lowerBound)..<Int(effects.upperBound))
        let target = play.targets[slot]
        if target >= 0 { enter(Int(target)) }
    }

    /// The tracked variables whose values differ between `self` and `earlier`, in slot
    /// order: (name, before, after).
    package func changes(since earlier: ReaderState) -> [(variable: String, before: StateValue?, after: StateValue?)] {
        let now = values
        let then = earlier.values
        return now.indices.compactMap { i in now[i] == then[i] ? nil : (model.variables[i], then[i], now[i]) }
    }

    private mutating func enter(_ node: Int) {
        let p = Int(play.passageOf[node])
        let counter = program.counterOf[p]
        if counter >= 0 {
            visits[Int(counter)] += 1
            refresh()
        }
        let effects = program.passageEffects[p]
        apply(Int(effects.lowerBound)..<Int(effects.upperBound))
    }

    /// Each computed variable takes the value its expression has here (what reading it
    /// gives), in `StateModel.computed`'s order.
    private mutating func refresh() {
        for (slot, code) in program.computed { current[slot] = evaluate(code) }
    }

    /// The value of program `code` here.
    ///
    /// - Complexity: O(operations of the program); no allocation.
    private mutating func evaluate(_ code: Int) -> ReaderValue {
        let program = program
        let range = program.ranges[code]
        // The stack moves out of `self` while it is written (no copy, no allocation).
        var stack: [ReaderValue] = []
        swap(&stack, &self.stack)
        defer { swap(&stack, &self.stack) }
        return current.withUnsafeBufferPointer { values in
            visits.withUnsafeBufferPointer { visits in
                stack.withUnsafeMutableBufferPointer { stack in
                    program.operations.withUnsafeBufferPointer { operations in
                        program.run(
                            operations, Int(range.lowerBound), Int(range.upperBound), values: values, visits: visits,
                            stack: stack)
                    }
                }
            }
        }
    }

    /// Applies effects `range` of `program.effects`, in order, each followed by `refresh()`.
    private mutating func apply(_ range: Range<Int>) {
        for i in range {
            let effect = program.effects[i]
            let value = evaluate(Int(effect.value))
            let slot = Int(effect.slot)
            if let op = effect.operation {
                current[slot] = program.binary(op, current[slot], value)
            } else {
                current[slot] = value
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
        // `offer(at:into:truths:)` without the arrays: the offered slots and whether each
        // is offered on an unknown condition, in a buffer as long as the longest node.
        let capacity = max(program.maxSlots, 1)
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: capacity) { slots in
            withUnsafeTemporaryAllocation(of: Bool.self, capacity: capacity) { unsure in
                while true {
                    let lo = Int(play.offsets[v])
                    let hi = Int(play.offsets[v + 1])
                    if lo == hi { return RawOutcome(.ending, v, steps) }
                    if steps == maxSteps { return RawOutcome(.stuck, v, steps) }
                    var count = 0
                    var anySure = false
                    var anyFallback = false
                    for s in lo..<hi {
                        let t = truth(s)
                        if t == .no { continue }
                        if program.slotFallback[s] {
                            anyFallback = true
                        } else if t == .yes {
                            anySure = true
                        }
                        slots[count] = Int32(truncatingIfNeeded: s)
                        unsure[count] = t == .unknown
                        count += 1
                    }
                    if anySure && anyFallback {
                        // A fallback is offered only when no other slot surely holds.
                        var kept = 0
                        for k in 0..<count where !program.slotFallback[Int(slots[k])] {
                            slots[kept] = slots[k]
                            unsure[kept] = unsure[k]
                            kept += 1
                        }
                        count = kept
                    }
                    if count == 0 { return RawOutcome(.blocked, v, steps) }
                    for k in 0..<count where unsure[k] { unknown(Int(slots[k])) }
                    let slot = Int(slots[Int(truncatingIfNeeded: rng.bounded(UInt64(count)))])
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
    }
}
