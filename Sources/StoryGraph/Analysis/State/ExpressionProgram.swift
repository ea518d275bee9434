import Foundation

/// An `Expression` compiled once into postfix operations over numbered variables and
/// visit counters, evaluated without recursion on a reusable value stack: what the state
/// search runs for every condition and effect on every state.
///
/// The semantics, one for every story language (the loaders map their syntax onto the
/// shared cases): numbers, strings and booleans; `and`/`or`/`not` in Kleene's
/// three-valued logic (false and unknown is false); comparison of numbers (a boolean is
/// 0 or 1) and of strings; `+` also joins strings; division and remainder are exact (a
/// decimal result stays a decimal), by zero unknown; fairmath `x %+ y` is
/// `x + (100 − x) × y / 100` and `x %- y` is `x − x × y / 100`, rounded down; `contains` is
/// substring membership. A variable never given a value (`unset`) is false and no
/// comparison with it holds. Calls, `.unknown` text and operations on unlike values
/// are unknown (`nil`), and so is a string longer than `StateValue.maxStringBytes` (a
/// literal, or a join that would make one): unknown, never a cut or wrong value, so a
/// loop that doubles a string cannot grow a state without bound.
public struct ExpressionProgram: Sendable, Hashable {
    enum Operation: Sendable, Hashable {
        case constant(StateValue)
        case variable(Int)
        case visits(Int)
        case unknown
        case unary(Expression.UnaryOperator)
        case binary(Expression.BinaryOperator)
        /// A call with this many arguments: pops them, pushes unknown.
        case call(Int)
    }

    let operations: [Operation]
    /// The variable slots the program reads, in first-use order.
    public let variableSlots: [Int]
    /// Whether some part is not understood (a call, unparsed text, a name that resolves
    /// to nothing): the program may be unknown on any state.
    public let hasUnknown: Bool

    /// Compiles `expression`; `variable` numbers each variable it reads and `visits`
    /// each passage whose visits it counts (nil: a passage that does not exist, unknown).
    ///
    /// - Complexity: O(size of the expression), iterative.
    public init(_ expression: Expression, variable: (String) -> Int, visits: (String) -> Int?) {
        var operations: [Operation] = []
        var slots: [Int] = []
        var unknown = false
        // Post-order without recursion: a node is pushed twice, its operation emitted
        // on the second pop, after its operands.
        var stack: [(Expression, Bool)] = [(expression, false)]
        while let (e, expanded) = stack.popLast() {
            switch e {
            case .integer(let n): operations.append(.constant(.number(Double(n))))
            case .decimal(let d): operations.append(.constant(.number(d)))
            case .string(let s):
                if s.utf8.count > StateValue.maxStringBytes {
                    unknown = true
                    operations.append(.unknown)
                } else {
                    operations.append(.constant(.string(s)))
                }
            case .boolean(let b): operations.append(.constant(.boolean(b)))
            case .variable(let name):
                let slot = variable(name)
                if !slots.contains(slot) { slots.append(slot) }
                operations.append(.variable(slot))
            case .visits(let passage):
                if let counter = visits(passage) { operations.append(.visits(counter)) } else {
                    unknown = true
                    operations.append(.unknown)
                }
            case .unknown:
                unknown = true
                operations.append(.unknown)
            case .unary(let op, let a):
                if expanded { operations.append(.unary(op)) } else { stack.append((e, true)); stack.append((a, false)) }
            case .binary(let op, let a, let b):
                if expanded { operations.append(.binary(op)) } else {
                    stack.append((e, true)); stack.append((b, false)); stack.append((a, false))
                }
            case .call(_, let arguments):
                if expanded { operations.append(.call(arguments.count)) } else {
                    unknown = true
                    stack.append((e, true))
                    for argument in arguments.reversed() { stack.append((argument, false)) }
                }
            }
        }
        self.operations = operations
        self.variableSlots = slots
        self.hasUnknown = unknown
    }

    /// The operations run on each evaluation: the evaluation steps it costs the search.
    public var operationCount: Int { operations.count }

    /// The value on one state: `variable(slot)` reads a variable (nil: unknown),
    /// `visits(counter)` a visit count. `stack` is scratch space, kept between calls so
    /// that evaluating allocates nothing.
    ///
    /// - Complexity: O(operations).
    @inline(__always)
    public func evaluate(
        _ stack: inout [StateValue?], variable: (Int) -> StateValue?, visits: (Int) -> Int
    ) -> StateValue? {
        stack.removeAll(keepingCapacity: true)
        for operation in operations {
            switch operation {
            case .constant(let value): stack.append(value)
            case .variable(let slot): stack.append(variable(slot))
            case .visits(let counter): stack.append(.number(Double(visits(counter))))
            case .unknown: stack.append(nil)
            case .unary(let op):
                let a = stack.removeLast()
                stack.append(Self.apply(op, a))
            case .binary(let op):
                let b = stack.removeLast()
                let a = stack.removeLast()
                stack.append(Self.apply(op, a, b))
            case .call(let count):
                stack.removeLast(count)
                stack.append(nil)
            }
        }
        return stack.last ?? nil
    }

    /// The value with no state: constants only (a variable or visit count is unknown).
    public func evaluateConstant() -> StateValue? {
        var stack: [StateValue?] = []
        return evaluate(&stack, variable: { _ in nil }, visits: { _ in 0 })
    }

    static func apply(_ op: Expression.UnaryOperator, _ a: StateValue?) -> StateValue? {
        guard let a else { return nil }
        switch op {
        case .not: return .boolean(!a.isTruthy)
        case .negate:
            guard case .number(let n) = a else { return nil }
            return .number(-n)
        }
    }

    static func apply(_ op: Expression.BinaryOperator, _ a: StateValue?, _ b: StateValue?) -> StateValue? {
        switch op {
        case .and:
            let x = Truth(a), y = Truth(b)
            if x == .no || y == .no { return .boolean(false) }
            return x == .yes && y == .yes ? .boolean(true) : nil
        case .or:
            let x = Truth(a), y = Truth(b)
            if x == .yes || y == .yes { return .boolean(true) }
            return x == .no && y == .no ? .boolean(false) : nil
        default: break
        }
        guard let a, let b else { return nil }
        switch op {
        case .equal, .notEqual:
            let same: Bool
            if let x = a.number, let y = b.number { same = x == y } else { same = a == b }
            return .boolean(op == .equal ? same : !same)
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            if a == .unset || b == .unset { return .boolean(false) }
            let order: ComparisonResult
            if let x = a.number, let y = b.number {
                order = x < y ? .orderedAscending : x > y ? .orderedDescending : .orderedSame
            } else if case .string(let x) = a, case .string(let y) = b {
                order = x < y ? .orderedAscending : x > y ? .orderedDescending : .orderedSame
            } else {
                return nil
            }
            switch op {
            case .less: return .boolean(order == .orderedAscending)
            case .lessOrEqual: return .boolean(order != .orderedDescending)
            case .greater: return .boolean(order == .orderedDescending)
            default: return .boolean(order != .orderedAscending)
            }
        case .add:
            if case .string(let x) = a, case .string(let y) = b {
                return x.utf8.count + y.utf8.count > StateValue.maxStringBytes ? nil : .string(x + y)
            }
            guard case .number(let x) = a, case .number(let y) = b else { return nil }
            return .number(x + y)
        case .contains:
            guard case .string(let x) = a, case .string(let y) = b else { return nil }
            return .boolean(x.contains(y))
        default: break
        }
        guard case .number(let x) = a, case .number(let y) = b else { return nil }
        switch op {
        case .subtract: return .number(x - y)
        case .multiply: return .number(x * y)
        case .divide: return y == 0 ? nil : .number(x / y)
        case .remainder: return y == 0 ? nil : .number(x.truncatingRemainder(dividingBy: y))
        case .fairAdd: return .number((x + (100 - x) * y / 100).rounded(.down))
        case .fairSubtract: return .number((x - x * y / 100).rounded(.down))
        default: return nil
        }
    }
}

extension Effect.Operation {
    /// The operator that combines a variable's value with the effect's (nil for `set`).
    var binaryOperator: Expression.BinaryOperator? {
        switch self {
        case .set: return nil
        case .add: return .add
        case .subtract: return .subtract
        case .multiply: return .multiply
        case .divide: return .divide
        case .fairAdd: return .fairAdd
        case .fairSubtract: return .fairSubtract
        }
    }
}
