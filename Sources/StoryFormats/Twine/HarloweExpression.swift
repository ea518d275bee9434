import StoryGraph

/// Harlowe 3's expressions, as far as the state analysis reads them: the tests of
/// `(if:)`, `(else-if:)` and `(unless:)`, and the assignments of `(set:)`, `(put:)` and
/// `(move:)`.
///
/// Read: numbers, strings, `true`/`false`, `$variables`, `_temporaries` (unknown),
/// `is`, `is not`, `<`, `>`, `<=`, `>=`, `and`, `or`, `not`, `+ - * / %`, parentheses,
/// `it` (the left side of the comparison before it, or the variable being set), elided
/// comparisons (`$a > 2 and < 5`, `$a is 3 or 4`), `visits` / `visit` (of the current
/// passage), `(visited: "P")` and `(history:) contains "P"` / `"P" is in (history:)` as
/// visits. `contains` and `is in` are membership only between two literals; otherwise,
/// and for every other macro call (`(random:)`, `(a:)`), a possessive (`$a's b`) or a
/// hook name, the part is unknown; an expression the parser cannot read is nil, one
/// nested past `Expression.maximumDepth` `.tooDeep`.
///
/// - Complexity: O(n) for n tokens; nesting is bounded by `TwineExpressionReader.maximumDepth`.
enum HarloweExpression {
    /// `text` as an expression, or nil when it does not read as one.
    static func parse(_ text: String, passage: String? = nil) -> Expression? {
        guard let reader = TwineExpressionReader(text), !reader.isAtEnd else { return nil }
        var parser = Parser(reader: reader, passage: passage)
        let e = parser.expression()
        if parser.reader.tooDeep { return .tooDeep(text) }
        guard let e, !parser.reader.failed, parser.reader.isAtEnd else { return nil }
        return e
    }

    /// One argument of `(set:)` (`$x to e`), `(put:)` (`e into $x`) or, with `move`,
    /// `(move:)` (`$a into $b`, the target's value unknown). Nil when it does not read;
    /// the inner nil for one that changes nothing tracked (a temporary).
    static func assignment(_ text: String, macro: String, passage: String? = nil) -> (
        variable: String, value: Expression
    )?? {
        guard let reader = TwineExpressionReader(text), !reader.isAtEnd else { return nil }
        var parser = Parser(reader: reader, passage: passage)
        let result: (String, Expression)??
        if macro == "set" {
            guard let target = parser.target(), parser.reader.take("to") else { return nil }
            switch target {
            case .variable(let name):
                parser.it = .variable(name)
                guard let value = parser.expression() else { return nil }
                result = .some((name, value))
            case .member(let name, let written):
                guard parser.expression() != nil else { return nil }
                result = .some((name, .unknown(written)))
            case .temporary:
                guard parser.expression() != nil else { return nil }
                result = .some(nil)
            }
        } else {
            let valueStart = parser.reader.position
            guard let value = parser.expression(), parser.reader.take("into"), let target = parser.target() else {
                return nil
            }
            let written = parser.reader.text(valueStart, parser.reader.position)
            switch target {
            case .variable(let name): result = .some((name, macro == "move" ? .unknown(written) : value))
            case .member(let name, let written): result = .some((name, .unknown(written)))
            case .temporary: result = .some(nil)
            }
        }
        guard parser.reader.isAtEnd, !parser.reader.failed else { return nil }
        return result
    }

    enum Target {
        case variable(String)
        case member(String, written: String)
        case temporary
    }

    struct Parser: TwineExpressionGrammar {
        var reader: TwineExpressionReader
        let passage: String?
        /// What `it` stands for: the left side of the last comparison, or the variable
        /// being set.
        var it: Expression?
        /// The last comparison's operator and left side, for an elided one after `and`/`or`.
        var lastComparison: (Comparison, Expression)?

        /// `$x`, `$x's y` / `y of $x` is not read as a target (its text is a member),
        /// `_t` a temporary.
        mutating func target() -> Target? {
            guard case .word(let word)? = reader.peekKind() else { return nil }
            let start = reader.position
            reader.position += 1
            if word.hasPrefix("_") && word.count > 1 { return .temporary }
            guard word.hasPrefix("$"), word.count > 1 else { return nil }
            let name = String(word.dropFirst())
            if reader.at("[") {
                guard reader.skipGroup() else { return nil }
                return .member(name, written: reader.text(start, reader.position))
            }
            return .variable(name)
        }

        mutating func expression() -> Expression? {
            guard reader.descend() else { return nil }
            defer { reader.ascend() }
            return or()
        }

        mutating func or() -> Expression? {
            guard var left = and() else { return nil }
            while reader.take("or") {
                guard let right = elided({ $0.and() }) else { return nil }
                left = .binary(.or, left, right)
            }
            return left
        }

        mutating func and() -> Expression? {
            guard var left = unaryNot() else { return nil }
            while reader.take("and") {
                guard let right = elided({ $0.unaryNot() }) else { return nil }
                left = .binary(.and, left, right)
            }
            return left
        }

        /// The right side of `and`/`or`: `< 5` after `$a > 2` is `$a < 5`; a lone value
        /// after `$a is 3` is `$a is` that value (Harlowe infers the comparison).
        mutating func elided(_ operand: (inout Parser) -> Expression?) -> Expression? {
            if let (_, left) = lastComparison, let found = comparisonOperator() {
                reader.position += found.width
                guard let right = additive() else { return nil }
                return compare(found, left, right)
            }
            let before = lastComparison
            guard let right = operand(&self) else { return nil }
            if let (found, left) = before, found.op == .equal || found.op == .notEqual, Self.isLiteral(right) {
                return .binary(found.op, left, right)
            }
            return right
        }

        static func isLiteral(_ e: Expression) -> Bool {
            switch e {
            case .integer, .decimal, .string: true
            default: false
            }
        }

        mutating func unaryNot() -> Expression? {
            var prefixes: [String] = []
            while reader.take("not") { prefixes.append("not") }
            return prefixed(prefixes) { $0.comparison() }
        }

        /// A comparison operator at the cursor: how many tokens it takes, and for
        /// membership whether its sides are the other way round (`is in`) or negated.
        struct Comparison {
            var op: Expression.BinaryOperator
            var width: Int
            var reversed = false
            var negated = false
        }

        func comparisonOperator() -> Comparison? {
            if reader.at("is") && reader.at("not", 1) && reader.at("in", 2) {
                return Comparison(op: .contains, width: 3, reversed: true, negated: true)
            }
            if reader.at("is") && reader.at("in", 1) { return Comparison(op: .contains, width: 2, reversed: true) }
            if reader.at("is") && reader.at("not", 1) { return Comparison(op: .notEqual, width: 2) }
            if reader.at("does") && reader.at("not", 1) && reader.at("contain", 2) {
                return Comparison(op: .contains, width: 3, negated: true)
            }
            if reader.at("is") { return Comparison(op: .equal, width: 1) }
            if reader.at("contains") { return Comparison(op: .contains, width: 1) }
            for (symbol, op) in [
                ("<=", Expression.BinaryOperator.lessOrEqual), (">=", .greaterOrEqual), ("<", .less), (">", .greater),
            ] where reader.at(symbol) {
                return Comparison(op: op, width: 1)
            }
            return nil
        }

        mutating func comparison() -> Expression? {
            guard var left = additive() else { return nil }
            while let found = comparisonOperator() {
                reader.position += found.width
                it = left
                guard let right = additive() else { return nil }
                left = compare(found, left, right)
            }
            return left
        }

        mutating func compare(_ found: Comparison, _ left: Expression, _ right: Expression) -> Expression {
            lastComparison = (found, left)
            guard found.op == .contains else { return .binary(found.op, left, right) }
            let e = found.reversed ? membership(right, left) : membership(left, right)
            return found.negated ? .unary(.not, e) : e
        }

        /// `container contains item`: a visit for `(history:) contains "P"`, membership
        /// of two literals, else unknown.
        func membership(_ container: Expression, _ item: Expression) -> Expression {
            if case .call("history", let arguments) = container, arguments.isEmpty, case .string(let p) = item {
                return .binary(.greater, .visits(passage: p), .integer(0))
            }
            if case .string = container, case .string = item { return .binary(.contains, container, item) }
            return .call("contains", [container, item])
        }

        /// `a + b - c` over `a * b / c % d` over negations.
        static let operators = OperatorTable([
            .init(["+": .binary(.add), "-": .binary(.subtract)]),
            .init(["*": .binary(.multiply), "/": .binary(.divide), "%": .binary(.remainder)]),
        ])

        mutating func operand(_: inout Void) -> Expression? { negation() }

        mutating func additive() -> Expression? { climb(above: 0) }

        mutating func negation() -> Expression? {
            var prefixes: [String] = []
            while reader.take("-") { prefixes.append("-") }
            return prefixed(prefixes) { $0.primary() }
        }

        mutating func primary() -> Expression? {
            if let e = literal() { return e }
            if case .word(let w)? = reader.peekKind() {
                reader.position += 1
                switch w {
                case "it": return it ?? .unknown("it")
                case "visits", "visit": return passage.map { .visits(passage: $0) } ?? .unknown(w)
                default: return w.hasPrefix("$") && w.count > 1 ? .variable(String(w.dropFirst())) : .unknown(w)
                }
            }
            if reader.at("(") {
                if case .word(let name)? = reader.peekKind(1), reader.at(":", 2) { return macroCall(name) }
                return parenthesised()
            }
            // A hook name (`?door`): what it holds, unknown.
            guard reader.at("?"), case .word(let name)? = reader.peekKind(1) else { return nil }
            reader.position += 2
            return .unknown("?" + name)
        }

        /// `(name: arguments)`: `(visited: "P")` is a visit; any other macro is a call of
        /// unknown value.
        mutating func macroCall(_ written: String) -> Expression? {
            reader.position += 3
            let name = written.lowercased().replacingOccurrences(of: "-", with: "").replacingOccurrences(
                of: "_", with: "")
            let saved = (it, lastComparison)
            defer { (it, lastComparison) = saved }
            guard let arguments = arguments() else { return nil }
            if name == "visited", arguments.count == 1, case .string(let p) = arguments[0] {
                return .binary(.greater, .visits(passage: p), .integer(0))
            }
            return .call(name, arguments)
        }
    }
}
