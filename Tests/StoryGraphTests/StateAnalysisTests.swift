import Testing

@testable import StoryGraph

/// The expression evaluator and the state search, on stories built here.
@Suite struct StateAnalysisTests {
    static func value(_ e: Expression, _ env: [String: StateValue] = [:], visits: [String: Int] = [:]) -> StateValue? {
        let names = Array(env.keys.sorted())
        let passages = Array(visits.keys.sorted())
        var extra: [String] = []
        let program = ExpressionProgram(
            e,
            variable: { name in
                if let i = names.firstIndex(of: name) { return i }
                if let i = extra.firstIndex(of: name) { return names.count + i }
                extra.append(name)
                return names.count + extra.count - 1
            }, visits: { passages.firstIndex(of: $0) })
        var stack: [StateValue?] = []
        return program.evaluate(
            &stack, variable: { $0 < names.count ? env[names[$0]] : .unset },
            visits: { visits[passages[$0]]! })
    }

    @Test func numbersStringsAndBooleansCompute() {
        #expect(Self.value(.binary(.add, .integer(2), .binary(.multiply, .integer(3), .integer(4)))) == .number(14))
        #expect(Self.value(.binary(.divide, .integer(7), .integer(2))) == .number(3.5))
        #expect(Self.value(.binary(.remainder, .integer(7), .integer(3))) == .number(1))
        #expect(Self.value(.binary(.divide, .integer(1), .integer(0))) == nil)
        #expect(Self.value(.unary(.negate, .decimal(2.5))) == .number(-2.5))
        #expect(Self.value(.binary(.add, .string("gold"), .string("en"))) == .string("golden"))
        #expect(Self.value(.binary(.contains, .string("golden key"), .string("key"))) == .boolean(true))
        #expect(Self.value(.binary(.add, .string("a"), .integer(1))) == nil)
        #expect(Self.value(.binary(.less, .string("apple"), .string("pear"))) == .boolean(true))
        #expect(Self.value(.binary(.equal, .boolean(true), .integer(1))) == .boolean(true))
        #expect(Self.value(.binary(.notEqual, .string("1"), .integer(1))) == .boolean(true))
    }

    @Test func variablesComparisonsAndVisitsReadTheState() {
        let env: [String: StateValue] = ["gold": .number(12), "key": .boolean(false), "name": .string("Ana")]
        #expect(Self.value(.binary(.greaterOrEqual, .variable("gold"), .integer(10)), env) == .boolean(true))
        #expect(Self.value(.binary(.lessOrEqual, .variable("gold"), .integer(11)), env) == .boolean(false))
        #expect(Self.value(.binary(.equal, .variable("name"), .string("Ana")), env) == .boolean(true))
        #expect(Self.value(.unary(.not, .variable("key")), env) == .boolean(true))
        #expect(
            Self.value(.binary(.greater, .visits(passage: "Hall"), .integer(1)), visits: ["Hall": 2]) == .boolean(true))
        #expect(Self.value(.visits(passage: "Nowhere"), visits: ["Hall": 2]) == nil)
    }

    @Test func anUnsetVariableIsFalseAndNoComparisonWithItHolds() {
        #expect(Self.value(.variable("x")) == .unset)
        #expect(Truth(Self.value(.variable("x"))) == .no)
        #expect(Self.value(.binary(.greaterOrEqual, .variable("x"), .integer(0))) == .boolean(false))
        #expect(Self.value(.binary(.less, .variable("x"), .integer(0))) == .boolean(false))
        #expect(Self.value(.binary(.equal, .variable("x"), .integer(0))) == .boolean(false))
        #expect(Self.value(.binary(.add, .variable("x"), .integer(1))) == nil)
    }

    /// As ChoiceScript's `scene.js`: `%+` rounds down, `%-` rounds up.
    @Test func fairmathMovesTowardsTheBoundsRoundedAsChoiceScriptDoes() {
        #expect(Self.value(.binary(.fairAdd, .integer(50), .integer(20))) == .number(60))
        #expect(Self.value(.binary(.fairAdd, .integer(55), .integer(25))) == .number(66)) // 66.25
        #expect(Self.value(.binary(.fairSubtract, .integer(50), .integer(20))) == .number(40))
        #expect(Self.value(.binary(.fairSubtract, .integer(33), .integer(50))) == .number(17)) // 16.5
    }

    @Test func andOrNotAreThreeValued() {
        let unknown = Expression.call("random", [.integer(1), .integer(6)])
        #expect(Self.value(unknown) == nil)
        #expect(Self.value(.binary(.and, .boolean(false), unknown)) == .boolean(false))
        #expect(Self.value(.binary(.and, .boolean(true), unknown)) == nil)
        #expect(Self.value(.binary(.or, unknown, .boolean(true))) == .boolean(true))
        #expect(Self.value(.binary(.or, .boolean(false), .unknown("$x.y()"))) == nil)
        #expect(Self.value(.unary(.not, unknown)) == nil)
        #expect(Self.value(.binary(.and, .integer(1), .string("x"))) == .boolean(true))
        #expect(ExpressionProgram(unknown, variable: { _ in 0 }, visits: { _ in nil }).hasUnknown)
    }

    @Test func aDeeplyNestedExpressionEvaluatesWithoutRecursion() {
        var e = Expression.integer(0)
        // Far deeper than any loader nests (64); deeper still, the enum's own release recurses.
        for _ in 0..<5_000 { e = .binary(.add, e, .integer(1)) }
        #expect(Self.value(e) == .number(5_000))
    }

    @Test func aConditionBecomesOneExpressionWithUnparsedTestsUnknown() {
        let c = Condition.all([.test("$a", .variable("a")), .not(.test("f()", nil))])
        #expect(StateModel.expression(c) == .binary(.and, .variable("a"), .unary(.not, .unknown("f()"))))
    }

    // MARK: the search

    /// Start offers a sword (sets `armed`) or a coin (adds 1 to `gold`, up to a loop of
    /// two visits of Market); the Vault needs a `key` nobody gives; the Duel needs `armed`;
    /// the Treasury needs 3 gold, and a reader can earn at most 2.
    static let keyStory = Story(
        title: "Keys", start: "Start",
        passages: [
            Passage(
                id: "Start",
                choices: [
                    Choice(text: "Sword", target: "Road", effects: [effect("armed", .boolean(true))]),
                    Choice(text: "Market", target: "Market"),
                ]),
            Passage(
                id: "Market", effects: [effect("gold", .integer(1), .add)],
                choices: [
                    Choice(
                        text: "Again", target: "Market",
                        condition: when(.binary(.less, .visits(passage: "Market"), .integer(2)))),
                    Choice(text: "Road", target: "Road"),
                ]),
            Passage(
                id: "Road",
                choices: [
                    Choice(text: "Vault", target: "Vault", condition: when(.variable("key"))),
                    Choice(text: "Duel", target: "Duel", condition: when(.variable("armed"))),
                    Choice(
                        text: "Treasury", target: "Treasury",
                        condition: when(.binary(.greaterOrEqual, .variable("gold"), .integer(3)))),
                    Choice(
                        text: "Home", target: "Home",
                        condition: when(.binary(.greaterOrEqual, .variable("gold"), .integer(0)))),
                ]),
            Passage(id: "Vault", choices: [Choice(text: "Open", target: "Riches")]),
            Passage(id: "Riches", ending: .init(kind: "good")),
            Passage(id: "Duel", ending: .init()),
            Passage(id: "Treasury", ending: .init()),
            Passage(id: "Home", effects: [effect("tired", .boolean(true))], ending: .init()),
        ], format: "test",
        variables: [Variable(name: "gold", initial: .integer(0)), Variable(name: "armed", initial: .boolean(false))])

    @Test func aKeyNeverGivenAndACounterShortOfItsThresholdBlockTheirEndings() {
        let graph = StoryGraph(Self.keyStory)
        let s = StateAnalysis(graph)
        #expect(s.isComplete)
        #expect(s.model.variables == ["gold", "armed", "key"])
        #expect(s.model.abstracted == ["tired"])
        #expect(s.model.countedPassages == [1])
        #expect(s.model.visitCap == 4)
        // Start; Road armed; Market ×1, ×2 (count 1 and 2, gold 1 and 2); Road gold 1, 2;
        // Duel; Home once (nothing is read at an ending: `StateLiveness` forgets the rest).
        #expect(s.states == 8)
        #expect(s.reachedEndings.map { graph.ids[$0.passage] } == ["Duel", "Home"])
        #expect(s.reachedEndings[0].witness == [ChoiceRef(passage: 0, choice: 0), ChoiceRef(passage: 2, choice: 1)])
        #expect(s.reachedEndings[1].witness == [ChoiceRef(passage: 0, choice: 0), ChoiceRef(passage: 2, choice: 3)])
        #expect(s.blockedEndings.map { graph.ids[$0.passage] } == ["Riches", "Treasury"])
        #expect(s.blockedEndings[0].blocking == [ChoiceRef(passage: 2, choice: 0)])
        #expect(s.blockedEndings[1].blocking == [ChoiceRef(passage: 2, choice: 2)])
        #expect(s.onlyStructural.map { graph.ids[$0] } == ["Vault"])
        #expect(s.neverTrue == [ChoiceRef(passage: 2, choice: 0), ChoiceRef(passage: 2, choice: 2)])
        #expect(s.alwaysTrue == [ChoiceRef(passage: 2, choice: 3)])
        #expect(s.unknownChoices.isEmpty)
        #expect(s.setNeverRead == ["tired"])
        #expect(s.readNeverSet == ["key"])
        #expect(s.readBeforeSet.isEmpty)
    }

    @Test func theStateRulesTellWhatTheSearchFound() {
        // The story has no locations, so findings sort by rule.
        let graph = StoryGraph(Self.keyStory)
        let reachability = Reachability(graph)
        let lint = Lint(
            graph, reachability: reachability, components: StronglyConnectedComponents(graph),
            state: StateAnalysis(graph, reachability: reachability),
            disabled: ["condition-always-true", "empty-passage", "self-loop"])
        #expect(
            lint.findings.map { "\($0.ruleID!): \($0.message)" } == [
                "condition-never-true: the condition of choice 'Vault' (t) in passage 'Road' never holds when a reader gets there",
                "condition-never-true: the condition of choice 'Treasury' (t) in passage 'Road' never holds when a reader gets there",
                "unreachable-under-state: ending 'Riches' is reached by the story's links but by no reader, given its variables: choice 'Vault' (t) never leads on",
                "unreachable-under-state: ending 'Treasury' is reached by the story's links but by no reader, given its variables: choice 'Treasury' (t) never leads on",
                "unreachable-under-state: passage 'Vault' is reached by the story's links but by no reader, given its variables",
                "variable-never-read: variable 'tired' is set but nothing reads it",
                "variable-never-set: variable 'key' is read but nothing sets it: it never has a value",
            ])
        // A search cut by its budget proves no "never": only the variable rules remain, and
        // an info names the bound that cut it.
        let cut = Lint(
            graph, reachability: reachability, components: StronglyConnectedComponents(graph),
            state: StateAnalysis(graph, reachability: reachability, budget: .init(maxStates: 3)),
            disabled: ["empty-passage", "self-loop"])
        #expect(
            cut.findings.map { $0.ruleID! } == ["state-search-incomplete", "variable-never-read", "variable-never-set"])
        #expect(
            cut.findings.first?.message
                == "the state search stopped at its bound of 3 states, --max-states after 3 states: what it did not reach may still be reachable, so no finding says 'never'"
        )
    }

    @Test func aVariableShownInTheTextIsRead() {
        let story = Story(
            title: "Purse", start: "A",
            passages: [
                Passage(
                    id: "A", text: "You have ${gold} coins.",
                    choices: [
                        Choice(
                            text: "Count {$silver}", target: "B",
                            effects: [
                                effect("gold", .integer(1)), effect("silver", .integer(2)),
                                effect("copper", .integer(3)),
                            ])
                    ]),
                Passage(id: "B", ending: .init()),
            ], format: "test")
        #expect(StateAnalysis(StoryGraph(story)).setNeverRead == ["copper"])
    }

    @Test func anUnknownConditionIsFollowedAndCounted() {
        let story = Story(
            title: "Dice", start: "A",
            passages: [
                Passage(
                    id: "A",
                    choices: [
                        Choice(
                            text: "Roll", target: "Six",
                            condition: when(.binary(.equal, .call("random", [.integer(1), .integer(6)]), .integer(6)))),
                        Choice(text: "Walk", target: "B", condition: .test("$mood is happy", nil)),
                    ]),
                Passage(
                    id: "B", effects: [effect("seen", .boolean(true))],
                    choices: [Choice(text: "On", target: "C", condition: when(.variable("seen")))]),
                Passage(id: "Six", ending: .init()),
                Passage(id: "C", ending: .init()),
            ], format: "test")
        let s = StateAnalysis(StoryGraph(story))
        #expect(s.states == 4)
        #expect(s.unknownChoices == [ChoiceRef(passage: 0, choice: 0), ChoiceRef(passage: 0, choice: 1)])
        #expect(s.unknownEvaluations == 2)
        #expect(s.reachedEndings.map { $0.passage } == [2, 3])
        #expect(s.alwaysTrue == [ChoiceRef(passage: 1, choice: 0)])
        #expect(s.readBeforeSet.isEmpty)
        #expect(s.readNeverSet.isEmpty)
    }

    @Test func aVariableReadBeforeItIsSetIsFound() {
        let story = Story(
            title: "Early", start: "A",
            passages: [
                Passage(
                    id: "A",
                    choices: [
                        Choice(text: "Peek", target: "B", condition: when(.unary(.not, .variable("met"))))
                    ]),
                Passage(
                    id: "B", effects: [effect("met", .boolean(true))],
                    choices: [Choice(text: "Back", target: "A", condition: when(.variable("met")))]),
            ], format: "test")
        let s = StateAnalysis(StoryGraph(story))
        // A (met unset), B (met true), A (met true): Peek is then false.
        #expect(s.states == 3)
        #expect(
            s.readBeforeSet == [StateAnalysis.ReadBeforeSet(variable: "met", choice: ChoiceRef(passage: 0, choice: 0))])
        #expect(s.neverTrue.isEmpty && s.alwaysTrue == [ChoiceRef(passage: 1, choice: 0)])
        #expect(s.onlyStructural.isEmpty && s.reachedEndings.isEmpty)
    }

    @Test func aFallbackIsTakenOnlyWhenNoOtherChoiceSurelyHolds() {
        var fallback = Choice(text: "", target: "Out")
        fallback.isFallback = true
        let story = Story(
            title: "Fallback", start: "A",
            passages: [
                Passage(
                    id: "A",
                    choices: [Choice(text: "Gate", target: "In", condition: when(.variable("open"))), fallback]),
                Passage(id: "In", ending: .init()),
                Passage(id: "Out", ending: .init()),
            ], format: "test", variables: [Variable(name: "open", initial: .boolean(true))])
        let s = StateAnalysis(StoryGraph(story))
        #expect(s.reachedEndings.map { $0.passage } == [1])
        #expect(
            s.blockedEndings == [StateAnalysis.BlockedEnding(passage: 2, blocking: [ChoiceRef(passage: 0, choice: 1)])])
        #expect(s.alwaysTrue == [ChoiceRef(passage: 0, choice: 0)])
    }

    @Test func aCounterInALoopSaturatesAboveTheLargestNumberItIsComparedWith() {
        // Each lap adds 1 (`n = n + 1` and `n += 2` alike); the gate opens at 3. Without
        // saturation the laps would make states without end.
        let story = Story(
            title: "Laps", start: "Track",
            passages: [
                Passage(
                    id: "Track",
                    effects: [effect("n", .binary(.add, .variable("n"), .integer(1))), effect("m", .integer(2), .add)],
                    choices: [
                        Choice(text: "Lap", target: "Track"),
                        Choice(
                            text: "Gate", target: "Prize",
                            condition: when(.binary(.greaterOrEqual, .variable("n"), .integer(3)))),
                        Choice(text: "Flag", target: "Prize", condition: when(.variable("m"))),
                    ]),
                Passage(id: "Prize", ending: .init()),
            ], format: "test",
            variables: [Variable(name: "n", initial: .integer(0)), Variable(name: "m", initial: .integer(0))])
        let s = StateAnalysis(StoryGraph(story))
        #expect(s.model.saturation == [4, 1])
        #expect(s.isComplete)
        // Track with (n, m) = (1, 1), (2, 1), (3, 1), (4, 1); Prize once (an ending reads
        // nothing: its four are one state).
        #expect(s.states == 5)
        #expect(s.reachedEndings.map { $0.witness.count } == [1])
        #expect(s.alwaysTrue == [ChoiceRef(passage: 0, choice: 2)])
        // Read by another variable's value, or decreased: not a counter.
        #expect(
            StateModel.counterCap("n", effects: [.integer(0)], initial: nil, conditions: [], values: [.variable("n")])
                == nil)
        #expect(
            StateModel.counterCap("n", effects: [.unknown("n -= 1")], initial: nil, conditions: [], values: []) == nil)
        #expect(
            StateModel.counterCap(
                "n", effects: [], initial: nil, conditions: [.binary(.less, .variable("n"), .variable("k"))], values: []
            ) == nil)
        #expect(
            StateModel.counterCap(
                "n", effects: [], initial: .integer(2), conditions: [.binary(.equal, .integer(7), .variable("n"))],
                values: []) == 8)
    }

    @Test func aOnceOnlyChoiceIsNotOfferedAgainAndTheFallbackThenIs() {
        var loot = Choice(text: "Loot", target: "Hall", effects: [effect("gold", .integer(1), .add)])
        loot.isOnceOnly = true
        var out = Choice(text: "", target: "Street")
        out.isFallback = true
        let story = Story(
            title: "Once", start: "Hall",
            passages: [
                Passage(
                    id: "Hall",
                    choices: [
                        loot,
                        Choice(
                            text: "Buy", target: "Shop",
                            condition: when(.binary(.greaterOrEqual, .variable("gold"), .integer(2)))), out,
                    ]),
                Passage(id: "Shop", ending: .init()),
                Passage(id: "Street", ending: .init()),
            ], format: "test", variables: [Variable(name: "gold", initial: .integer(0))])
        let s = StateAnalysis(StoryGraph(story))
        #expect(s.model.onceOnlyChoices == 1)
        // Hall (gold 0), Hall (gold 1, looted), Street: the loot is taken once, so Buy never holds.
        #expect(s.states == 3)
        #expect(s.reachedEndings.map { $0.passage } == [2])
        #expect(s.reachedEndings[0].witness == [ChoiceRef(passage: 0, choice: 0), ChoiceRef(passage: 0, choice: 2)])
        #expect(s.neverTrue == [ChoiceRef(passage: 0, choice: 1)])
    }

    @Test func theBudgetStopsTheSearchAndSaysSo() {
        // A counter that falls without bound (not one that saturates): one state per value.
        let story = Story(
            title: "Count", start: "A",
            passages: [
                Passage(
                    id: "A", effects: [effect("n", .integer(1), .subtract)],
                    choices: [
                        Choice(
                            text: "More", target: "A",
                            condition: when(.binary(.lessOrEqual, .variable("n"), .integer(0)))),
                        Choice(
                            text: "Stop", target: "End", condition: when(.binary(.equal, .variable("n"), .integer(1)))),
                    ]),
                Passage(id: "End", ending: .init()),
            ], format: "test", variables: [Variable(name: "n", initial: .integer(0))])
        let s = StateAnalysis(StoryGraph(story), budget: .init(maxStates: 500, maxSteps: 1_000_000))
        #expect(!s.isComplete)
        #expect(s.states == 500)
        #expect(s.steps == 999)
        #expect(s.stoppedBy == .states)
        let t = StateAnalysis(StoryGraph(story), budget: .init(maxStates: 1_000_000, maxSteps: 40))
        #expect(!t.isComplete)
        #expect(t.steps == 40)
        #expect(t.states == 21)
        #expect(t.stoppedBy == .steps)
        // Evaluation steps: the first choice past the bound stops the search (here 2 steps
        // past it, with 12 states found).
        let u = StateAnalysis(
            StoryGraph(story), budget: .init(maxStates: 1_000_000, seconds: .infinity, maxEvaluationSteps: 160))
        #expect(u.stoppedBy == .evaluationSteps)
        #expect(u.evaluationSteps == 162)
        #expect(u.states == 12)
        // Bytes are summed every 65,536 evaluation steps (and before the index doubles):
        // past 50,000 at the first sum.
        let v = StateAnalysis(
            StoryGraph(story), budget: .init(maxStates: 1_000_000, seconds: .infinity, maxBytes: 50_000))
        #expect(v.stoppedBy == .bytes)
        #expect(v.bytes == 549_088)
        #expect(v.isComplete == false)
        #expect(
            StateAnalysis(StoryGraph(story), budget: .init(maxStates: 1_000_000, seconds: 0)).stoppedBy
                == .evaluationSteps)
    }
}

private func effect(_ name: String, _ value: Expression, _ op: Effect.Operation = .set) -> Effect {
    Effect(variable: name, operation: op, value: value, text: "\(name) \(op.rawValue) …")
}

private func when(_ e: Expression) -> Condition { .test("t", e) }

extension Passage {
    /// A passage whose effects come first, as the tests read best.
    fileprivate init(id: String, effects: [Effect], ending: Ending? = nil, choices: [Choice] = []) {
        self.init(id: id, ending: ending, choices: choices, effects: effects)
    }
}
