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
        withMachine { $0.refresh() }
    }

    /// Back to the story's initial values, then enters `node` (the start, or `--from`).
    package mutating func begin(at node: Int) {
        withMachine { $0.begin(at: node) }
    }

    /// The truth of a slot's condition here: `.no` for a once-only choice taken before,
    /// `.yes` for a slot with no condition.
    ///
    /// - Complexity: O(size of the condition).
    package mutating func truth(_ slot: Int) -> Truth {
        withMachine { $0.truth(slot) }
    }

    /// The truth of a slot's own condition here, once-only aside (nil: it has none).
    package mutating func conditionTruth(_ slot: Int) -> Truth? {
        let condition = program.slots[slot].condition
        guard condition >= 0 else { return nil }
        return withMachine { $0.evaluate(Int(condition)).truth }
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
            if t == .yes, !program.slots[s].fallback { anySure = true }
        }
        for s in lo..<hi where truths[s - lo] != .no && !(anySure && program.slots[s].fallback) { offered.append(s) }
    }

    /// Takes `slot`: marks a once-only choice taken, applies the choice's effects, then
    /// enters its target (a broken or computed link enters nothing).
    ///
    /// - Complexity: O(size of the effects).
    package mutating func take(_ slot: Int) {
        withMachine { $0.take(slot) }
    }

    /// The tracked variables whose values differ between `self` and `earlier`, in slot
    /// order: (name, before, after).
    package func changes(since earlier: ReaderState) -> [(variable: String, before: StateValue?, after: StateValue?)] {
        let now = values
        let then = earlier.values
        return now.indices.compactMap { i in now[i] == then[i] ? nil : (model.variables[i], then[i], now[i]) }
    }

    /// `body` on a machine over this reader's memory (borrowed for the call: no copy).
    private mutating func withMachine<T>(_ body: (ReaderMachine) -> T) -> T {
        let program = program
        return current.withUnsafeMutableBufferPointer { values in
            visits.withUnsafeMutableBufferPointer { visits in
                taken.withUnsafeMutableBufferPointer { taken in
                    stack.withUnsafeMutableBufferPointer { stack in
                        body(ReaderMachine(program: program, values: values, visits: visits, taken: taken, stack: stack))
                    }
                }
            }
        }
    }
}

/// The rules of `ReaderState` on its memory, borrowed for one call or one whole run: the
/// values, visits, once-only bits and stack written in place, the program's tables read.
private struct ReaderMachine {
    let program: ReaderProgram
    let values: UnsafeMutableBufferPointer<ReaderValue>
    let visits: UnsafeMutableBufferPointer<Int>
    let taken: UnsafeMutableBufferPointer<Bool>
    let stack: UnsafeMutableBufferPointer<ReaderValue>

    /// The value of program `code` here.
    @inline(__always) func evaluate(_ code: Int) -> ReaderValue {
        program.evaluate(code, values: values, visits: visits, stack: stack)
    }

    /// `ReaderState.truth(_:)`.
    @inline(__always) func truth(_ slot: Int) -> Truth {
        let info = program.slots[slot]
        if info.onceBit >= 0, taken[Int(info.onceBit)] { return .no }
        guard info.condition >= 0 else { return .yes }
        return evaluate(Int(info.condition)).truth
    }

    /// `ReaderState.begin(at:)`.
    func begin(at node: Int) {
        let initial = program.initial
        for i in values.indices { values[i] = initial[i] }
        visits.update(repeating: 0)
        taken.update(repeating: false)
        refresh()
        enter(node)
    }

    /// `ReaderState.take(_:)`.
    @inline(__always) func take(_ slot: Int) {
        let info = program.slots[slot]
        if info.onceBit >= 0 { taken[Int(info.onceBit)] = true }
        apply(Int(info.effectsFrom)..<Int(info.effectsTo))
        if info.target >= 0 { enter(Int(info.target)) }
    }

    /// Enters `node`: counts its passage's visit, applies its passage's effects.
    @inline(__always) func enter(_ node: Int) {
        let info = program.nodes[node]
        if info.counter >= 0 {
            visits[Int(info.counter)] &+= 1
            refresh()
        }
        apply(Int(info.effectsFrom)..<Int(info.effectsTo))
    }

    /// Each computed variable takes the value its expression has here (what reading it
    /// gives), in `StateModel.computed`'s order.
    @inline(__always) func refresh() {
        for (slot, code) in program.computed { values[Int(slot)] = evaluate(Int(code)) }
    }

    /// Applies effects `range` of `program.effects`, in order, each followed by `refresh()`.
    @inline(__always) func apply(_ range: Range<Int>) {
        for i in range {
            let effect = program.effects[i]
            let value = effect.code < 0 ? effect.constant : evaluate(Int(effect.code))
            let slot = Int(effect.slot)
            if let op = effect.operation {
                values[slot] = program.binary(op, values[slot], value)
            } else {
                values[slot] = value
            }
            refresh()
        }
    }

    /// `ReaderState.run`, on this memory.
    func run<R: RandomNumberGenerator, O: RunObserver>(
        start: Int, maxSteps: Int, rng: inout R, observer: inout O, unknown: (Int) -> Void
    ) -> RawOutcome {
        let nodes = program.nodes
        let slots = program.slots
        var v = start
        var steps = 0
        begin(at: v)
        observer.visit(v)
        // The offered slots and whether each is offered on an unknown condition, in a
        // buffer as long as the longest node.
        let capacity = max(program.maxSlots, 1)
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: capacity) { offered in
            withUnsafeTemporaryAllocation(of: Bool.self, capacity: capacity) { unsure in
                while true {
                    let node = nodes[v]
                    let lo = Int(node.from)
                    let hi = Int(node.to)
                    if lo == hi { return RawOutcome(.ending, v, steps) }
                    if steps == maxSteps { return RawOutcome(.stuck, v, steps) }
                    let slot: Int
                    if node.plain {
                        // Every slot offered, surely: the same draw as below.
                        slot = lo + Int(truncatingIfNeeded: rng.bounded(UInt64(hi - lo)))
                    } else {
                        var count = 0
                        var anySure = false
                        var anyFallback = false
                        for s in lo..<hi {
                            let t = truth(s)
                            if t == .no { continue }
                            if slots[s].fallback {
                                anyFallback = true
                            } else if t == .yes {
                                anySure = true
                            }
                            offered[count] = Int32(truncatingIfNeeded: s)
                            unsure[count] = t == .unknown
                            count += 1
                        }
                        if anySure && anyFallback {
                            // A fallback is offered only when no other slot surely holds.
                            var kept = 0
                            for k in 0..<count where !slots[Int(offered[k])].fallback {
                                offered[kept] = offered[k]
                                unsure[kept] = unsure[k]
                                kept += 1
                            }
                            count = kept
                        }
                        if count == 0 { return RawOutcome(.blocked, v, steps) }
                        for k in 0..<count where unsure[k] { unknown(Int(offered[k])) }
                        slot = Int(offered[Int(truncatingIfNeeded: rng.bounded(UInt64(count)))])
                    }
                    observer.take(slot)
                    take(slot)
                    steps += 1
                    let target = slots[slot].target
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

extension ReaderState {
    /// Plays one run under state: from `start`, the policy picks uniformly among the
    /// offered slots (one draw of `rng` per choice), and the run stops at an ending (a
    /// node with no slots), at a broken or computed link, after `maxSteps` choices
    /// (stuck), or at a node that offers nothing (`blocked`: stuck under state).
    /// `unknown` is told of each slot offered on an unknown condition. (`offered` and
    /// `truths` are not used: the run keeps its offers in a buffer of its own.)
    ///
    /// - Complexity: O(steps × (slots per node × size of conditions + effects)).
    mutating func run<R: RandomNumberGenerator, O: RunObserver>(
        start: Int, maxSteps: Int, rng: inout R, observer: inout O, offered: inout [Int], truths: inout [Truth],
        unknown: (Int) -> Void
    ) -> RawOutcome {
        withMachine { $0.run(start: start, maxSteps: maxSteps, rng: &rng, observer: &observer, unknown: unknown) }
    }
}
