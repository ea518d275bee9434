import StoryGraph

/// Reads Yarn Spinner expressions (`$gold >= 10 and not visited("Cave")`) into the model's
/// `Expression`: variables, numbers, strings, `true`/`false`, `and or xor not` and their
/// symbol forms, comparisons with their word forms (`is`, `eq`, `neq`, `gt`, `lt`, `gte`,
/// `lte`), arithmetic, `visited("N")`, `visited_count("N")` and other function calls.
/// What it cannot read is `.unknown(text)` with the whole text, never dropped.
///
/// A precedence-climbing parser over the tokens of `YarnExpressionLexer`. Nesting (brackets,
/// `not`) and the depth of the tree it builds (a chain of 100,000 `and` is 100,000 deep)
/// are bounded by `Expression.maximumDepth`: past it the expression is `.tooDeep`, so
/// hostile input can exhaust neither the parser's stack nor the stack of code that frees
/// or walks the tree.
struct YarnExpressionParser: PrecedenceClimbing {
    private var tokens: [YarnExpressionLexer.Token]
    private var index = 0
    private var depth = 0
    /// The depth of the tree the last parsing function returned (a leaf is 1).
    private var built = 0
    private var failed = false
    private var tooDeep = false

    /// Parses `text`; `.unknown(text)` when it is not a whole Yarn expression, `.tooDeep`
    /// past `Expression.maximumDepth`.
    ///
    /// - Complexity: O(n) for n tokens.
    static func parse(_ text: String) -> Expression {
        let trimmed = text.trimmingYarnSpace()
        guard let tokens = YarnExpressionLexer.tokens(of: trimmed), !tokens.isEmpty else { return .unknown(trimmed) }
        var parser = YarnExpressionParser(tokens: tokens)
        let expression = parser.climb(above: 0)
        if parser.tooDeep { return .tooDeep(trimmed) }
        guard !parser.failed, parser.index == tokens.count, let expression else { return .unknown(trimmed) }
        return expression
    }

    /// Gives up on the whole expression: it nests past `Expression.maximumDepth`.
    mutating func givingUpTooDeep() {
        tooDeep = true
        failed = true
        index = tokens.count
    }

    private init(tokens: [YarnExpressionLexer.Token]) { self.tokens = tokens }

    private var current: YarnExpressionLexer.Token? { index < tokens.count ? tokens[index] : nil }

    /// Yarn's operators, loosest first (`xor` is `!=` of two booleans).
    static let operators = OperatorTable([
        .init(["or": .binary(.or), "||": .binary(.or), "xor": .binary(.notEqual), "^": .binary(.notEqual)]),
        .init(["and": .binary(.and), "&&": .binary(.and)]),
        .init([
            "==": .binary(.equal), "is": .binary(.equal), "eq": .binary(.equal), "!=": .binary(.notEqual),
            "neq": .binary(.notEqual),
        ]),
        .init([
            "<": .binary(.less), "lt": .binary(.less), ">": .binary(.greater), "gt": .binary(.greater),
            "<=": .binary(.lessOrEqual), "lte": .binary(.lessOrEqual), ">=": .binary(.greaterOrEqual),
            "gte": .binary(.greaterOrEqual),
        ]),
        .init(["+": .binary(.add), "-": .binary(.subtract)]),
        .init(["*": .binary(.multiply), "/": .binary(.divide), "%": .binary(.remainder)]),
    ])

    /// The binary operator at the cursor, moved past when `accepts` takes it.
    mutating func infixOperator(_: inout Void, accepting accepts: (InfixOperator) -> Bool) -> InfixOperator? {
        guard case .symbol(let s)? = current, let op = Self.operators[s], accepts(op) else { return nil }
        index += 1
        return op
    }

    mutating func operand(_: inout Void) -> Expression? { unary() }
    mutating func height(of operand: Expression) -> Int { built }
    mutating func record(height: Int) { built = height }

    private mutating func unary() -> Expression? {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Expression.maximumDepth else {
            givingUpTooDeep()
            return nil
        }
        if case .symbol(let s)? = current, s == "not" || s == "!" || s == "-" {
            index += 1
            guard let operand = unary() else { return nil }
            built += 1
            guard built <= Expression.maximumDepth else {
                givingUpTooDeep()
                return nil
            }
            return .unary(s == "-" ? .negate : .not, operand)
        }
        return primary()
    }

    private mutating func primary() -> Expression? {
        guard let token = current else {
            failed = true
            return nil
        }
        index += 1
        built = 1
        switch token {
        case .number(let text):
            if let value = Int(text) { return .integer(value) }
            if let value = Double(text) { return .decimal(value) }
            failed = true
            return nil
        case .string(let value): return .string(value)
        case .variable(let name): return .variable(name)
        case .identifier(let name):
            switch name {
            case "true": return .boolean(true)
            case "false": return .boolean(false)
            default: break
            }
            guard case .symbol("(")? = current else { return .unknown(name) }
            index += 1
            var arguments: [Expression] = []
            var deepest = 0
            if case .symbol(")")? = current {
                index += 1
            } else {
                while true {
                    guard let argument = climb(above: 0) else { return nil }
                    arguments.append(argument)
                    deepest = max(deepest, built)
                    if case .symbol(",")? = current {
                        index += 1
                        continue
                    }
                    guard case .symbol(")")? = current else {
                        failed = true
                        return nil
                    }
                    index += 1
                    break
                }
            }
            // `visited("N")` becomes `visits > 0`: two levels, as a call of a leaf is.
            built = deepest + 1
            guard built <= Expression.maximumDepth else {
                givingUpTooDeep()
                return nil
            }
            return Self.call(name, arguments)
        case .symbol("("):
            guard let inner = climb(above: 0), case .symbol(")")? = current else {
                failed = true
                return nil
            }
            index += 1
            return inner
        case .symbol:
            failed = true
            return nil
        }
    }

    /// `visited("N")` is a visit count above zero; `visited_count("N")` the count itself.
    private static func call(_ name: String, _ arguments: [Expression]) -> Expression {
        if arguments.count == 1, case .string(let node) = arguments[0] {
            if name == "visited" { return .binary(.greater, .visits(passage: node), .integer(0)) }
            if name == "visited_count" { return .visits(passage: node) }
        }
        return .call(name, arguments)
    }
}
