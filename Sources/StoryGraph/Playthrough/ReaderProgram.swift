import Synchronization

/// A value as a `ReaderState` holds it: the kind and 64 bits (a boolean 0 or 1, an
/// integer's or a decimal's bit pattern, a string's number in the reader's
/// `ReaderStrings`), with no reference to count. `.unknown` is `ExpressionProgram`'s nil.
struct ReaderValue: Sendable, Equatable {
    enum Kind: UInt8, Sendable { case unknown, unset, boolean, integer, number, string }
    var kind: Kind
    var bits: UInt64

    static let unknown = ReaderValue(kind: .unknown, bits: 0)
    static let unset = ReaderValue(kind: .unset, bits: 0)
    static func boolean(_ b: Bool) -> ReaderValue { ReaderValue(kind: .boolean, bits: b ? 1 : 0) }
    static func number(_ d: Double) -> ReaderValue { ReaderValue(kind: .number, bits: d.bitPattern) }
    static func integer(_ n: Int) -> ReaderValue { ReaderValue(kind: .integer, bits: UInt64(bitPattern: Int64(n))) }

    /// `StateValue.number`: a number, an integer or a boolean (0 or 1) as a decimal.
    @inline(__always) var numeric: Double? {
        switch kind {
        case .number: return Double(bitPattern: bits)
        case .integer: return Double(Int64(bitPattern: bits))
        case .boolean: return bits != 0 ? 1 : 0
        case .unknown, .unset, .string: return nil
        }
    }

    /// `Truth(StateValue?)`; the empty string is number 0 of every `ReaderStrings`.
    @inline(__always) var truth: Truth {
        switch kind {
        case .unknown: return .unknown
        case .unset: return .no
        case .number: return Double(bitPattern: bits) != 0 ? .yes : .no
        case .integer, .boolean, .string: return bits != 0 ? .yes : .no
        }
    }

}

/// The strings a reader's values hold, each numbered once (equal strings, as `String`
/// compares them, share a number; the empty string is 0). Append-only, so copies of a
/// reader may share it; locked, since it is touched only off the fast path.
final class ReaderStrings: Sendable {
    private struct Table {
        var strings: [String] = [""]
        var ids: [String: UInt64] = ["": 0]
    }
    private let table = Mutex(Table())

    func value(_ s: String) -> ReaderValue {
        let id = table.withLock { table in
            if let id = table.ids[s] { return id }
            let id = UInt64(table.strings.count)
            table.strings.append(s)
            table.ids[s] = id
            return id
        }
        return ReaderValue(kind: .string, bits: id)
    }

    func value(_ value: StateValue?) -> ReaderValue {
        guard let value else { return .unknown }
        switch value {
        case .number(let d): return .number(d)
        case .integer(let n): return .integer(n)
        case .boolean(let b): return .boolean(b)
        case .unset: return .unset
        case .string(let s): return self.value(s)
        }
    }

    func stateValue(_ value: ReaderValue) -> StateValue? {
        switch value.kind {
        case .unknown: return nil
        case .unset: return .unset
        case .boolean: return .boolean(value.bits != 0)
        case .integer: return .integer(Int(Int64(bitPattern: value.bits)))
        case .number: return .number(Double(bitPattern: value.bits))
        case .string: return .string(table.withLock { $0.strings[Int(value.bits)] })
        }
    }
}

/// A `StateModel`'s conditions, effects and computed variables compiled for one reader
/// (`ReaderState`): flat tables of operations over `ReaderValue`s, indexed by node and
/// slot of the `PlayGraph`, so that a step looks nothing up by passage and choice.
///
/// The tables are plain memory this program owns (allocated and filled in `init`, never
/// written after, freed in `deinit`), hence `@unchecked Sendable`: a reader's step reads
/// them with no bounds check, no reference counted and no copy. The common shapes of a
/// program are fused into one operation each: `variable op constant` (a condition such as
/// `strength > 50`), `… op constant` and `… op variable`, and an effect that sets or
/// changes a variable by a constant needs no program at all.
final class ReaderProgram: @unchecked Sendable {
    enum Operation: Sendable {
        case constant(ReaderValue)
        case variable(Int32)
        /// A visit count, as an integer (`Arithmetic.integer`) or a decimal.
        case visitsInteger(Int32)
        case visitsNumber(Int32)
        case unknown
        case not, negate
        case binary(Expression.BinaryOperator)
        case call(Int32)
        /// `variable(slot)`, `constant(value)`, `binary(op)`: pushes `slot op value`.
        case variableConstant(Int32, Expression.BinaryOperator, ReaderValue)
        /// `constant(value)`, `binary(op)`: the top becomes `top op value`.
        case withConstant(Expression.BinaryOperator, ReaderValue)
        /// `variable(slot)`, `binary(op)`: the top becomes `top op slot`.
        case withVariable(Expression.BinaryOperator, Int32)
    }

    struct Effect: Sendable {
        var slot: Int32
        var operation: Expression.BinaryOperator?
        /// The program of the value, or -1: the value is `constant`.
        var code: Int32
        var constant: ReaderValue
    }

    /// A `PlayGraph` slot: its choice's condition program (-1: none), once-only bit
    /// (-1: none), effects (`effects[effectsFrom..<effectsTo]`), target, and whether it
    /// is a fallback.
    struct Slot: Sendable {
        var condition: Int32
        var onceBit: Int32
        var effectsFrom: Int32
        var effectsTo: Int32
        var target: Int32
        var fallback: Bool
    }

    /// A `PlayGraph` node: its slots (`from..<to`), its passage's visit counter (-1:
    /// none) and effects, and whether every slot is offered whatever the state (no
    /// condition, no once-only bit, no fallback).
    struct Node: Sendable {
        var from: Int32
        var to: Int32
        var counter: Int32
        var effectsFrom: Int32
        var effectsTo: Int32
        var plain: Bool
    }

    /// Every program's operations, one after another; program `i` is `ranges[i]`.
    let operations: UnsafeBufferPointer<Operation>
    let ranges: UnsafeBufferPointer<Range<Int32>>
    let effects: UnsafeBufferPointer<Effect>
    let slots: UnsafeBufferPointer<Slot>
    let nodes: UnsafeBufferPointer<Node>
    /// The computed variables: slot and program, in `StateModel.computed`'s order.
    let computed: UnsafeBufferPointer<(slot: Int32, code: Int32)>
    /// The deepest stack any program needs.
    let maxDepth: Int
    let strings: ReaderStrings
    let initial: [ReaderValue]
    /// The most slots of one node.
    let maxSlots: Int

    /// - Complexity: O(size of the model's programs + nodes + slots).
    init(_ model: StateModel, play: PlayGraph) {
        let strings = ReaderStrings()
        var operations: [Operation] = []
        var ranges: [Range<Int32>] = []
        var maxDepth = 1
        func compile(_ program: ExpressionProgram) -> Int32 {
            let start = operations.count
            var depth = 0
            for operation in program.operations {
                switch operation {
                case .constant(let value):
                    operations.append(.constant(strings.value(value)))
                    depth += 1
                case .variable(let slot):
                    operations.append(.variable(Int32(slot)))
                    depth += 1
                case .visits(let counter):
                    operations.append(
                        program.arithmetic == .integer ? .visitsInteger(Int32(counter)) : .visitsNumber(Int32(counter)))
                    depth += 1
                case .unknown:
                    operations.append(.unknown)
                    depth += 1
                case .unary(let op): operations.append(op == .not ? .not : .negate)
                case .binary(let op):
                    operations.append(Self.fused(op, after: &operations, from: start))
                    depth -= 1
                case .call(let count):
                    operations.append(.call(Int32(count)))
                    depth += 1 - count
                }
                maxDepth = max(maxDepth, depth)
            }
            ranges.append(Int32(start)..<Int32(operations.count))
            return Int32(ranges.count - 1)
        }
        var effects: [Effect] = []
        func compile(_ list: [StateModel.CompiledEffect]) -> (Int32, Int32) {
            let start = Int32(effects.count)
            for effect in list {
                // A constant value is kept in the effect itself, with no program to run.
                if effect.value.operations.count == 1, case .constant(let value) = effect.value.operations[0] {
                    effects.append(
                        Effect(
                            slot: Int32(effect.slot), operation: effect.operation, code: -1,
                            constant: strings.value(value)))
                } else {
                    effects.append(
                        Effect(
                            slot: Int32(effect.slot), operation: effect.operation, code: compile(effect.value),
                            constant: .unknown))
                }
            }
            return (start, Int32(effects.count))
        }
        let conditionOf = model.conditions.map { $0.map(compile) ?? -1 }
        let effectsOf = model.choiceEffects.map(compile)
        let passageEffects = model.passageEffects.map(compile)
        let computed = model.computed.map { (slot: Int32($0.slot), code: compile($0.value)) }
        var slots: [Slot] = []
        slots.reserveCapacity(play.refs.count)
        for (s, ref) in play.refs.enumerated() {
            let flat = model.choiceBase[ref.passage] + ref.choice
            let (from, to) = effectsOf[flat]
            slots.append(
                Slot(
                    condition: conditionOf[flat], onceBit: Int32(model.onceBit[flat]), effectsFrom: from,
                    effectsTo: to, target: play.targets[s], fallback: play.graph.choice(ref).isFallback))
        }
        var nodes: [Node] = []
        var maxSlots = 0
        for v in 0..<max(play.offsets.count - 1, 0) {
            let from = play.offsets[v]
            let to = play.offsets[v + 1]
            maxSlots = max(maxSlots, Int(to - from))
            let p = Int(play.passageOf[v])
            let (effectsFrom, effectsTo) = passageEffects[p]
            let plain = slots[Int(from)..<Int(to)].allSatisfy { $0.condition < 0 && $0.onceBit < 0 && !$0.fallback }
            nodes.append(
                Node(
                    from: from, to: to, counter: Int32(model.counterOf[p]), effectsFrom: effectsFrom,
                    effectsTo: effectsTo, plain: plain))
        }
        self.maxSlots = maxSlots
        initial = model.initial.map { strings.value($0) }
        self.operations = Self.owned(operations)
        self.ranges = Self.owned(ranges)
        self.effects = Self.owned(effects)
        self.slots = Self.owned(slots)
        self.nodes = Self.owned(nodes)
        self.computed = Self.owned(computed)
        self.maxDepth = maxDepth
        self.strings = strings
    }

    deinit {
        operations.deallocate()
        ranges.deallocate()
        effects.deallocate()
        slots.deallocate()
        nodes.deallocate()
        computed.deallocate()
    }

    /// A copy of `array` in memory of its own (freed by `deinit`).
    private static func owned<T>(_ array: [T]) -> UnsafeBufferPointer<T> {
        let memory = UnsafeMutableBufferPointer<T>.allocate(capacity: array.count)
        _ = memory.initialize(from: array)
        return UnsafeBufferPointer(memory)
    }

    /// The operation for `binary(op)` at the end of `operations` (the program so far
    /// from `start`): its operands pushed just before by a variable or a constant are
    /// removed and fused into it. Same values, fewer dispatches.
    private static func fused(
        _ op: Expression.BinaryOperator, after operations: inout [Operation], from start: Int
    ) -> Operation {
        let n = operations.count
        guard n > start else { return .binary(op) }
        switch operations[n - 1] {
        case .constant(let value):
            if n - 1 > start, case .variable(let slot) = operations[n - 2] {
                operations.removeLast(2)
                return .variableConstant(slot, op, value)
            }
            operations.removeLast()
            return .withConstant(op, value)
        case .variable(let slot):
            operations.removeLast()
            return .withVariable(op, slot)
        default:
            return .binary(op)
        }
    }

    /// The value of program `code` on these values, visits and stack
    /// (`program.maxDepth` deep): `ExpressionProgram.evaluate`.
    ///
    /// - Complexity: O(operations of the program); no allocation.
    @inline(__always)
    func evaluate(
        _ code: Int, values: UnsafeMutableBufferPointer<ReaderValue>, visits: UnsafeMutableBufferPointer<Int>,
        stack: UnsafeMutableBufferPointer<ReaderValue>
    ) -> ReaderValue {
        let range = ranges[code]
        let lo = Int(range.lowerBound)
        let hi = Int(range.upperBound)
        if hi &- lo == 1 {
            // Most conditions are one operation: no stack.
            switch operations[lo] {
            case .variableConstant(let slot, let op, let value): return binary(op, values[Int(slot)], value)
            case .variable(let slot): return values[Int(slot)]
            case .constant(let value): return value
            default: break
            }
        }
        var top = 0
        for i in lo..<hi {
            switch operations[i] {
            case .constant(let value):
                stack[top] = value
                top &+= 1
            case .variable(let slot):
                stack[top] = values[Int(slot)]
                top &+= 1
            case .visitsInteger(let counter):
                stack[top] = .integer(visits[Int(counter)])
                top &+= 1
            case .visitsNumber(let counter):
                stack[top] = .number(Double(visits[Int(counter)]))
                top &+= 1
            case .unknown:
                stack[top] = .unknown
                top &+= 1
            case .not:
                let a = stack[top &- 1]
                stack[top &- 1] = a.kind == .unknown ? .unknown : .boolean(a.truth != .yes)
            case .negate:
                let a = stack[top &- 1]
                stack[top &- 1] = a.kind == .number ? .number(-Double(bitPattern: a.bits)) : slow(unary: .negate, a)
            case .binary(let op):
                top &-= 1
                stack[top &- 1] = binary(op, stack[top &- 1], stack[top])
            case .call(let count):
                top &-= Int(count)
                stack[top] = .unknown
                top &+= 1
            case .variableConstant(let slot, let op, let value):
                stack[top] = binary(op, values[Int(slot)], value)
                top &+= 1
            case .withConstant(let op, let value):
                stack[top &- 1] = binary(op, stack[top &- 1], value)
            case .withVariable(let op, let slot):
                stack[top &- 1] = binary(op, stack[top &- 1], values[Int(slot)])
            }
        }
        return top > 0 ? stack[top &- 1] : .unknown
    }

    /// `ExpressionProgram.apply(op, a, b)`: numbers and booleans here, the rest by it.
    @inline(__always)
    func binary(_ op: Expression.BinaryOperator, _ a: ReaderValue, _ b: ReaderValue) -> ReaderValue {
        switch op {
        case .and:
            let x = a.truth
            let y = b.truth
            if x == .no || y == .no { return .boolean(false) }
            return x == .yes && y == .yes ? .boolean(true) : .unknown
        case .or:
            let x = a.truth
            let y = b.truth
            if x == .yes || y == .yes { return .boolean(true) }
            return x == .no && y == .no ? .boolean(false) : .unknown
        default: break
        }
        if a.kind == .unknown || b.kind == .unknown { return .unknown }
        switch op {
        case .equal, .notEqual:
            let same: Bool
            if let x = a.numeric, let y = b.numeric {
                same = x == y
            } else {
                // Strings by number (equal strings share one), `unset` equal to itself.
                same = a.kind == b.kind && a.bits == b.bits
            }
            return .boolean(op == .equal ? same : !same)
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            if a.kind == .unset || b.kind == .unset { return .boolean(false) }
            guard let x = a.numeric, let y = b.numeric else { return slow(op, a, b) }
            // As `ExpressionProgram` orders them (NaN compares as the same).
            let ascending = x < y
            let descending = !ascending && x > y
            switch op {
            case .less: return .boolean(ascending)
            case .lessOrEqual: return .boolean(!descending)
            case .greater: return .boolean(descending)
            default: return .boolean(!ascending)
            }
        case .add, .subtract, .multiply, .divide, .remainder:
            let numbers =
                (a.kind == .number || a.kind == .integer) && (b.kind == .number || b.kind == .integer)
                && !(a.kind == .integer && b.kind == .integer)
            guard numbers, let x = a.numeric, let y = b.numeric else { return slow(op, a, b) }
            switch op {
            case .add: return .number(x + y)
            case .subtract: return .number(x - y)
            case .multiply: return .number(x * y)
            case .divide: return y == 0 ? .unknown : .number(x / y)
            default: return y == 0 ? .unknown : .number(x.truncatingRemainder(dividingBy: y))
            }
        default:
            return slow(op, a, b)
        }
    }

    /// The operations on strings, integers and fairmath: `ExpressionProgram`'s own.
    @inline(never)
    private func slow(_ op: Expression.BinaryOperator, _ a: ReaderValue, _ b: ReaderValue) -> ReaderValue {
        strings.value(ExpressionProgram.apply(op, strings.stateValue(a), strings.stateValue(b)))
    }

    @inline(never)
    private func slow(unary op: Expression.UnaryOperator, _ a: ReaderValue) -> ReaderValue {
        strings.value(ExpressionProgram.apply(op, strings.stateValue(a)))
    }
}
