import Foundation

/// An `Expression` compiled once into postfix operations over numbered variables and
/// visit counters, evaluated without recursion on a reusable value stack: what the state
/// search runs for every condition and effect on every state.
///
/// The semantics, one for every story language (the loaders map their syntax onto the
/// shared cases): numbers, strings and booleans; `and`/`or`/`not` in Kleene's
/// three-valued logic (false and unknown is false); comparison of numbers (a boolean is
/// 0 or 1) and of strings; `+` also joins strings; division and remainder are exact (a
/// decimal result stays a decimal), by zero unknown, except under `Arithmetic.integer`,
/// where an operation on two integers gives an integer (`7 / 2` is 3, rounded toward zero,
/// as ink's runtime does; past `Int`'s range unknown); fairmath as ChoiceScript's
/// `scene.js` does it: `x %+ y` is `x + y × ((100 − x) / 100)` rounded down and at most
/// 99, `x %- y` is `x − y × (x / 100)` rounded up and at least 1 (a negative `y` swaps
/// the two), unknown for an `x` outside 0…100; `contains` is substring membership. A variable never given a value (`unset`) is false and no
/// comparison with it holds. Calls, `.unknown` text and operations on unlike values
/// are unknown (`nil`), and so is a string longer than `StateValue.maxStringBytes` (a
/// literal, or a join that would make one): unknown, never a cut or wrong value, so a
/// loop that doubles a string cannot grow a state without bound.
package struct ExpressionProgram: Sendable, Hashable {
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
    package let variableSlots: [Int]
    /// Whether some part is not understood (a call, unparsed text, a name that resolves
    /// to nothing): the program may be unknown on any state.
    package let hasUnknown: Bool
    /// How whole numbers (literals, visit counts) behave.
    let arithmetic: Arithmetic

    /// Compiles `expression`; `variable` numbers each variable it reads (nil: one the state
    /// does not track, unknown) and `visits`
    /// each passage whose visits it counts (nil: a passage that does not exist, unknown).
    ///
    /// - Complexity: O(size of the expression), iterative.
    package init(
        _ expression: Expression, arithmetic: Arithmetic = .decimal, variable: (String) -> Int?,
        visits: (String) -> Int?
    ) {
        var operations: [Operation] = []
        var slots: [Int] = []
        var isSlot: Set<Int> = []
        var unknown = false
        // Post-order without recursion: a node is pushed twice, its operation emitted
        // on the second pop, after its operands.
        var stack: [(Expression, Bool)] = [(expression, false)]
        while let (e, expanded) = stack.popLast() {
            switch e {
            case .integer(let n):
                operations.append(.constant(arithmetic == .integer ? .integer(n) : .number(Double(n))))
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
                // A variable the state does not track (one no condition reads) is unknown here.
                guard let slot = variable(name) else {
                    unknown = true
                    operations.append(.unknown)
                    continue
                }
                if isSlot.insert(slot).inserted { slots.append(slot) }
                operations.append(.variable(slot))
            case .visits(let passage):
                if let counter = visits(passage) {
                    operations.append(.visits(counter))
                } else {
                    unknown = true
                    operations.append(.unknown)
                }
            case .unknown, .tooDeep:
                unknown = true
                operations.append(.unknown)
            case .unary(let op, let a):
                if expanded {
                    operations.append(.unary(op))
                } else {
                    stack.append((e, true))
                    stack.append((a, false))
                }
            case .binary(let op, let a, let b):
                if expanded {
                    operations.append(.binary(op))
                } else {
                    stack.append((e, true))
                    stack.append((b, false))
                    stack.append((a, false))
                }
            case .call(_, let arguments):
                if expanded {
                    operations.append(.call(arguments.count))
                } else {
                    unknown = true
                    stack.append((e, true))
                    for argument in arguments.reversed() { stack.append((argument, false)) }
                }
            }
        }
        self.operations = operations
        self.variableSlots = slots
        self.hasUnknown = unknown
        self.arithmetic = arithmetic
    }

    private init(operations: [Operation], variableSlots: [Int], hasUnknown: Bool, arithmetic: Arithmetic) {
        self.operations = operations
        self.variableSlots = variableSlots
        self.hasUnknown = hasUnknown
        self.arithmetic = arithmetic
    }

    /// This program compiled with each variable numbered by its name (`n`) and each visit
    /// count by its passage (`p`), renumbered: `slots[n]` (-1: not tracked) and
    /// `counters[p]` (-1: not counted), either unknown when absent. Exactly the program
    /// `init` gives with those numberings, without looking each name up again.
    ///
    /// - Complexity: O(operations).
    func renumbered(slots: [Int32], counters: [Int]) -> ExpressionProgram {
        var operations = operations
        var found: [Int] = []
        var isFound: Set<Int> = [] // once `found` is long enough that a scan would cost more
        var unknown = hasUnknown
        for k in operations.indices {
            switch operations[k] {
            case .variable(let name):
                let slot = Int(slots[name])
                if slot < 0 {
                    operations[k] = .unknown
                    unknown = true
                } else {
                    operations[k] = .variable(slot)
                    if found.count < 16 {
                        if !found.contains(slot) {
                            found.append(slot)
                            if found.count == 16 { isFound = Set(found) }
                        }
                    } else if isFound.insert(slot).inserted {
                        found.append(slot)
                    }
                }
            case .visits(let passage):
                let counter = counters[passage]
                if counter < 0 {
                    operations[k] = .unknown
                    unknown = true
                } else {
                    operations[k] = .visits(counter)
                }
            default: continue
            }
        }
        return ExpressionProgram(operations: operations, variableSlots: found, hasUnknown: unknown, arithmetic: arithmetic)
    }

    /// The operations run on each evaluation: the evaluation steps it costs the search.
    package var operationCount: Int { operations.count }

    /// The value on one state: `variable(slot)` reads a variable (nil: unknown),
    /// `visits(counter)` a visit count. `stack` is scratch space, kept between calls so
    /// that evaluating allocates nothing.
    ///
    /// - Complexity: O(operations).
    @inline(__always)
    package func evaluate(
        _ stack: inout [StateValue?], variable: (Int) -> StateValue?, visits: (Int) -> Int
    ) -> StateValue? {
        stack.removeAll(keepingCapacity: true)
        for operation in operations {
            switch operation {
            case .constant(let value): stack.append(value)
            case .variable(let slot): stack.append(variable(slot))
            case .visits(let counter):
                let count = visits(counter)
                stack.append(arithmetic == .integer ? .integer(count) : .number(Double(count)))
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
    package func evaluateConstant() -> StateValue? {
        var stack: [StateValue?] = []
        return evaluate(&stack, variable: { _ in nil }, visits: { _ in 0 })
    }

    static func apply(_ op: Expression.UnaryOperator, _ a: StateValue?) -> StateValue? {
        guard let a else { return nil }
        switch op {
        case .not: return .boolean(!a.isTruthy)
        case .negate:
            switch a {
            case .number(let n): return .number(-n)
            case .integer(let n): return n == .min ? nil : .integer(-n)
            default: return nil
            }
        }
    }

    static func apply(_ op: Expression.BinaryOperator, _ a: StateValue?, _ b: StateValue?) -> StateValue? {
        switch op {
        case .and:
            let x = Truth(a)
            let y = Truth(b)
            if x == .no || y == .no { return .boolean(false) }
            return x == .yes && y == .yes ? .boolean(true) : nil
        case .or:
            let x = Truth(a)
            let y = Truth(b)
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
        case .contains:
            guard case .string(let x) = a, case .string(let y) = b else { return nil }
            return .boolean(x.contains(y))
        default: break
        }
        if case .integer(let x) = a, case .integer(let y) = b, op != .fairAdd, op != .fairSubtract {
            return integer(op, x, y)
        }
        guard let x = a.arithmeticValue, let y = b.arithmeticValue else { return nil }
        switch op {
        case .add: return .number(x + y)
        case .subtract: return .number(x - y)
        case .multiply: return .number(x * y)
        case .divide: return y == 0 ? nil : .number(x / y)
        case .remainder: return y == 0 ? nil : .number(x.truncatingRemainder(dividingBy: y))
        case .fairAdd: return fairAdd(x, y)
        case .fairSubtract: return fairAdd(x, -y)
        default: return nil
        }
    }

    /// An operation on two integers under `Arithmetic.integer`: whole, as ink's runtime
    /// computes it (division rounds toward zero, the remainder takes the dividend's sign);
    /// by zero, or past `Int`'s range, unknown.
    static func integer(_ op: Expression.BinaryOperator, _ x: Int, _ y: Int) -> StateValue? {
        let (value, overflow): (Int, Bool)
        switch op {
        case .add: (value, overflow) = x.addingReportingOverflow(y)
        case .subtract: (value, overflow) = x.subtractingReportingOverflow(y)
        case .multiply: (value, overflow) = x.multipliedReportingOverflow(by: y)
        case .divide:
            guard y != 0 else { return nil }
            (value, overflow) = x.dividedReportingOverflow(by: y)
        case .remainder:
            guard y != 0 else { return nil }
            (value, overflow) = x.remainderReportingOverflow(dividingBy: y)
        default: return nil
        }
        return overflow ? nil : .integer(value)
    }

    /// ChoiceScript's fairmath, in `scene.js`'s order of operations (so that rounding
    /// agrees to the last bit): `x %+ y` for `y > 0` moves `x` toward 100 by `y` percent
    /// of the distance, rounded down and at most 99; otherwise toward 0 by `-y` percent of
    /// `x`, rounded up and at least 1 (`x %- y` is `x %+ -y`). `x` outside 0…100 stops
    /// ChoiceScript with an error: unknown.
    static func fairAdd(_ x: Double, _ y: Double) -> StateValue? {
        guard x >= 0, x <= 100 else { return nil }
        if y > 0 { return .number(min((x + y * ((100 - x) / 100)).rounded(.down), 99)) }
        return .number(max((x - (-y) * (x / 100)).rounded(.up), 1))
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
