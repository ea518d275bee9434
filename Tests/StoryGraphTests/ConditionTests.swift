import Testing

@testable import StoryGraph

/// Conditions and expressions as data: the text view is made from them.
@Suite struct ConditionTests {
    static let key = Condition.test("$key", .variable("key"))
    static let gold = Condition.test("$gold gte 10", .binary(.greaterOrEqual, .variable("gold"), .integer(10)))

    @Test func theTextIsMadeFromTheData() {
        #expect(Self.key.description == "$key")
        #expect(Condition.not(Self.key).description == "not ($key)")
        #expect(Condition.joined(Self.key, .not(Self.gold))?.description == "$key and not ($gold gte 10)")
        #expect(
            Condition.joined(.all([Self.key, Self.gold]), Condition("visited(\"Hall\")"))?.description
                == "$key and $gold gte 10 and visited(\"Hall\")")
        #expect(Condition.joined(nil, nil) == nil)
        #expect(Condition.joined(nil, Self.key) == Self.key)
    }

    @Test func theExpressionCombinesParsedTestsAndIsNilWhenOneIsNot() {
        #expect(
            Condition.joined(Self.key, .not(Self.gold))?.expression
                == .binary(
                    .and, .variable("key"), .unary(.not, .binary(.greaterOrEqual, .variable("gold"), .integer(10)))))
        #expect(Condition.joined(Self.key, Condition("custom()"))?.expression == nil)
    }

    @Test func variablesAreListedInFirstUseOrderOnce() {
        let e = Expression.binary(
            .or, .binary(.less, .variable("a"), .variable("b")), .call("f", [.variable("a"), .variable("c")]))
        #expect(e.variables == ["a", "b", "c"])
        #expect(!e.hasUnknown)
        #expect(Expression.unary(.not, .unknown("$x.y()")).hasUnknown)
    }

    @Test func aChoiceMadeWithConditionTextKeepsItAsAnUnparsedTest() {
        let choice = Choice(text: "Open", target: "Vault", condition: "$key")
        #expect(choice.condition == .test("$key", nil))
        #expect(choice.effects.isEmpty)
    }
}
