import StoryGraph

/// SugarCube's TwineScript, as far as the state analysis reads it: the tests of `<<if>>`
/// and `<<elseif>>` and the assignments of `<<set>>`, `<<unset>>` and setter links.
///
/// Read: numbers, strings, `true`/`false`, `$variables`, `_temporaries` (unknown: they
/// do not outlive their passage), `visited("P")` / `visited()`, the TwineScript words
/// `is`, `isnot`, `eq`, `neq`, `gt`, `gte`, `lt`, `lte`, `and`, `or`, `not`, and the
/// JavaScript operators `== === != !== < <= > >= && || ! + - * / %` with parentheses,
/// in JavaScript's precedence. Anything else that is well formed (another call,
/// `turns()`, `previous()`, a property `$a.b`, an index `$a[0]`, an array or object) is
/// kept as a call or as unknown text; an expression the parser cannot read at all is nil
/// and the caller keeps its text.
///
/// - Complexity: O(n) for n tokens; nesting is bounded by `TwineExpressionReader.maximumDepth`.
enum SugarCubeExpression {
    /// `text` as an expression, or nil when it does not read as one.
    static func parse(_ text: String, passage: String? = nil) -> Expression? {
        guard var reader = TwineExpressionReader(text), !reader.isAtEnd else { return nil }
        var parser = Parser(reader: reader, passage: passage)
        let e = parser.expression()
        reader = parser.reader
        if reader.tooDeep { return .tooDeep(text) }
        guard let e, !reader.failed, reader.isAtEnd else { return nil }
        return e
    }

    /// The assignments of a `<<set>>` (`$a to 1, $b += 2; $c++`), or nil when one of them
    /// does not read. An assignment to a temporary is left out; one to a property or an
    /// index of a variable (`$bag.key to true`) gives the variable an unknown value.
    static func assignments(_ text: String, passage: String? = nil) -> [(
        variable: String, operation: Effect.Operation, value: Expression, text: String
    )]? {
        guard let reader = TwineExpressionReader(text), !reader.isAtEnd else { return nil }
        var parser = Parser(reader: reader, passage: passage)
        var result: [(String, Effect.Operation, Expression, String)] = []
        while !parser.reader.isAtEnd {
            let first = parser.reader.position
            guard let one = parser.assignment() else { return nil }
            let written = parser.reader.text(first, parser.reader.position)
            if let (name, operation, value) = one { result.append((name, operation, value, written)) }
            guard !parser.reader.isAtEnd else { break }
            guard parser.reader.take(",") || parser.reader.take(";") else { return nil }
        }
        return parser.reader.failed ? nil : result
    }

    /// The variables an `<<unset>>` names (`$a, $b`), without sigils; nil if one is not
    /// a story variable.
    static func unsetNames(_ text: String) -> [String]? {
        let parts = text.split(separator: ",").map { $0.trimmingTwineSpace() }
        var names: [String] = []
        for part in parts {
            guard part.hasPrefix("$"), part.count > 1,
                part.dropFirst().unicodeScalars.allSatisfy(TwineExpressionLexer.isWordPart)
            else {
                if part.hasPrefix("_") { continue }
                return nil
            }
            names.append(String(part.dropFirst()))
        }
        return names
    }

    struct Parser: TwineExpressionGrammar {
        var reader: TwineExpressionReader
        let passage: String?

        /// One assignment: `$x to e`, `$x = e`, `$x op= e`, `$x++`, `++$x`; the inner nil
        /// for one that changes nothing the analysis tracks (a temporary).
        mutating func assignment() -> (String, Effect.Operation, Expression)?? {
            var prefix: Effect.Operation?
            if reader.take("++") { prefix = .add } else if reader.take("--") { prefix = .subtract }
            guard case .word(let word)? = reader.peekKind(), word.hasPrefix("$") || word.hasPrefix("_") else {
                return nil
            }
            let start = reader.position
            reader.position += 1
            // `$a.b`, `$a[0]`, `$a["k"]`: the variable's value changes unknowably.
            var isMember = false
            while reader.at(".") || reader.at("[") {
                isMember = true
                if reader.take(".") {
                    guard case .word? = reader.peekKind() else { return nil }
                    reader.position += 1
                } else {
                    guard reader.skipGroup() else { return nil }
                }
            }
            let name = String(word.dropFirst())
            let isTemporary = word.hasPrefix("_")
            let target = reader.text(start, reader.position)
            func result(_ op: Effect.Operation, _ value: Expression) -> (String, Effect.Operation, Expression)?? {
                if isTemporary { return .some(nil) }
                if isMember { return .some((name, .set, .unknown(target))) }
                return .some((name, op, value))
            }
            if let prefix { return result(prefix, .integer(1)) }
            if reader.take("++") { return result(.add, .integer(1)) }
            if reader.take("--") { return result(.subtract, .integer(1)) }
            let operations: [(String, Effect.Operation?)] = [
                ("to", .set), ("=", .set), ("+=", .add), ("-=", .subtract), ("*=", .multiply), ("/=", .divide),
                ("%=", nil),
            ]
            guard let (_, op) = operations.first(where: { reader.at($0.0) }) else { return nil }
            reader.position += 1
            guard let value = expression() else { return nil }
            guard let op else {
                // `%=` has no operation of its own: the value is the remainder.
                return result(.set, .binary(.remainder, .variable(name), value))
            }
            return result(op, value)
        }

        mutating func expression() -> Expression? {
            guard reader.descend() else { return nil }
            defer { reader.ascend() }
            return climb(above: 0)
        }

        /// JavaScript's precedence over TwineScript's words, loosest first.
        static let operators = OperatorTable([
            .init(["or": .binary(.or), "||": .binary(.or)]),
            .init(["and": .binary(.and), "&&": .binary(.and)]),
            .init([
                "is": .binary(.equal), "eq": .binary(.equal), "==": .binary(.equal), "===": .binary(.equal),
                "isnot": .binary(.notEqual), "neq": .binary(.notEqual), "!=": .binary(.notEqual),
                "!==": .binary(.notEqual),
            ]),
            .init([
                "<": .binary(.less), "lt": .binary(.less), "<=": .binary(.lessOrEqual), "lte": .binary(.lessOrEqual),
                ">": .binary(.greater), "gt": .binary(.greater), ">=": .binary(.greaterOrEqual),
                "gte": .binary(.greaterOrEqual),
            ]),
            .init(["+": .binary(.add), "-": .binary(.subtract)]),
            .init(["*": .binary(.multiply), "/": .binary(.divide), "%": .binary(.remainder)]),
        ])

        mutating func operand(_: inout Void) -> Expression? { unary() }

        /// Prefix operators (read in a loop, each a level of nesting), then a primary.
        mutating func unary() -> Expression? {
            var prefixes: [String] = []
            while true {
                if reader.take("not") || reader.take("!") {
                    prefixes.append("not")
                } else if reader.take("-") {
                    prefixes.append("-")
                } else if reader.take("+") {
                    continue
                }
                // `def $x`, `ndef $x`: whether it is defined, which the analysis does not
                // tell apart from a value.
                else if let word = ["def", "ndef", "typeof"].first(where: { reader.at($0) }) {
                    reader.position += 1
                    prefixes.append(word)
                } else {
                    break
                }
            }
            return prefixed(prefixes) { $0.postfix() }
        }

        /// A primary, and what follows it: a property, an index or a call makes the whole
        /// unknown text (a method call, `$a.b`), except the calls read below.
        mutating func postfix() -> Expression? {
            let start = reader.position
            guard let e = primary() else { return nil }
            var member = false
            while reader.at(".") || reader.at("[") || reader.at("(") {
                member = true
                if reader.take(".") {
                    guard case .word? = reader.peekKind() else { return nil }
                    reader.position += 1
                } else {
                    guard reader.skipGroup() else { return nil }
                }
            }
            return member ? .unknown(reader.text(start, reader.position)) : e
        }

        mutating func primary() -> Expression? {
            if let e = literal() { return e }
            if case .word(let w)? = reader.peekKind() {
                reader.position += 1
                if w.hasPrefix("$") && w.count > 1 { return .variable(String(w.dropFirst())) }
                if w.hasPrefix("_") && w.count > 1 { return .unknown(w) }
                if reader.at("(") { return call(w, from: reader.position - 1) }
                // A bare name (`setup`, `State`, `Math`): JavaScript the analysis does
                // not follow.
                return .unknown(w)
            }
            if reader.at("(") { return parenthesised() }
            guard reader.at("[") || reader.at("{") else { return nil }
            let start = reader.position
            guard reader.skipGroup() else { return nil }
            return .unknown(reader.text(start, reader.position))
        }

        /// `name(arguments)`: `visited` is a visit count, `hasVisited` whether there were
        /// any; any other call is kept as a call
        /// of unknown value with its arguments read where they read.
        mutating func call(_ name: String, from start: Int) -> Expression? {
            _ = reader.take("(")
            guard let arguments = arguments() else { return nil }
            if name == "visited" {
                if arguments.isEmpty, let passage { return .visits(passage: passage) }
                if arguments.count == 1, case .string(let target) = arguments[0] { return .visits(passage: target) }
            }
            // `hasVisited("A", "B")`: every one of them seen.
            if name == "hasVisited", !arguments.isEmpty {
                var seen: [Expression] = []
                for argument in arguments {
                    guard case .string(let target) = argument else { return .call(name, arguments) }
                    seen.append(.binary(.greater, .visits(passage: target), .integer(0)))
                }
                return Expression.conjunction(seen)!
            }
            return .call(name, arguments)
        }
    }
}
