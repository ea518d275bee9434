import Testing

@testable import StoryFormats
@testable import StoryGraph

/// Yarn expressions into the model's `Expression` (a file of its own: Foundation, which the
/// loader tests import, has an `Expression` type too).
@Suite struct YarnExpressionTests {
    typealias E = Expression

    /// An expression as written and what it must parse to.
    struct ExpressionCase: Sendable, CustomStringConvertible {
        var text: String
        var expected: E
        var description: String { text }
        init(_ text: String, _ expected: E) {
            self.text = text
            self.expected = expected
        }
    }

    static let expressions: [ExpressionCase] = {
        let visitedCave: E = .binary(.greater, .visits(passage: "Cave"), .integer(0))
        let goldTest: E = .binary(.greaterOrEqual, .variable("gold"), .integer(10))
        let aIsX: E = .binary(.equal, .variable("a"), .string("x"))
        let bNeq: E = .binary(.notEqual, .variable("b"), .decimal(2.5))
        let nGt: E = .binary(.greater, .variable("n"), .integer(1))
        let nLte: E = .binary(.lessOrEqual, .variable("n"), .integer(3))
        let nLt: E = .binary(.less, .variable("n"), .integer(1))
        let nGte: E = .binary(.greaterOrEqual, .variable("n"), .integer(3))
        let product: E = .binary(.multiply, .integer(1), .integer(2))
        let dice: E = .call("dice", [.integer(6)])
        let negated: E = .unary(.negate, .variable("x"))
        let aIsB: E = .binary(.equal, .variable("a"), .variable("b"))
        var cases: [ExpressionCase] = []
        cases.append(.init("$gold >= 10 and not visited(\"Cave\")", .binary(.and, goldTest, .unary(.not, visitedCave))))
        cases.append(.init("$a eq \"x\" or $b neq 2.5", .binary(.or, aIsX, bNeq)))
        cases.append(.init("$n gt 1 && $n lte 3", .binary(.and, nGt, nLte)))
        cases.append(.init("$n lt 1 || $n gte 3", .binary(.or, nLt, nGte)))
        cases.append(.init("visited_count(\"Hall\") + 1 * 2", .binary(.add, .visits(passage: "Hall"), product)))
        cases.append(.init("dice(6) == 6", .binary(.equal, dice, .integer(6))))
        cases.append(.init("-$x < 0", .binary(.less, negated, .integer(0))))
        cases.append(.init("!($a is $b)", .unary(.not, aIsB)))
        cases.append(.init("$a ==", .unknown("$a ==")))
        cases.append(.init("(1 + 2", .unknown("(1 + 2")))
        return cases
    }()

    @Test(arguments: expressions)
    func expressionsParseIntoTheModel(_ form: ExpressionCase) {
        #expect(YarnExpressionParser.parse(form.text) == form.expected)
    }

    /// The values of `<<set $a to 1>>`, `<<set $a += 2>>`, `<<set $b = $a * 3>>`.
    static let setValues: [E] = [.integer(1), .integer(2), .binary(.multiply, .variable("a"), .integer(3))]
}
