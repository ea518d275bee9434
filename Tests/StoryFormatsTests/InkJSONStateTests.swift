import Foundation
import StoryFormats
import StoryGraph
import TestSupport
import Testing

/// Compiled ink's conditions and assignments (issue 26): read from the evaluation stack,
/// so `test` and the state search decide a `.ink.json` as they decide its `.ink`. The
/// fixtures in `Tests/Fixtures/ink-state/` are ours, compiled by inkjs 2.x's compiler
/// (inkVersion 21, as inklecate writes): a market whose guard is met only by a rich reader,
/// with gold earned by `~ gold = gold + 2` (`market-plain`) or by a function taking
/// `ref` (`market`), a knot entered again from inside it (`loop`), a switch (`switch`),
/// and a die (`luck`) that nothing can decide.
@Suite struct InkJSONStateTests {
    static func load(_ name: String) throws -> LoadResult {
        try StoryLoading.load(sources: [try InkComputedFlowTests.fixture(name, in: "ink-state")])
    }

    /// rich_end reachable (holds), pass_end unreachable (holds: meeting the guard needs
    /// two visits back to the market, which leave the reader rich, and a rich reader is
    /// sent to rich_end), gold never negative, market before gate, every ending (fails).
    static func verdicts(_ result: LoadResult) throws -> [ExpectationCheck.Verdict] {
        let graph = StoryGraph(result.story)
        let file = Repository.write(
            """
            {"expect": [
              {"name": "rich", "reachable": "rich_end"},
              {"name": "no pass", "unreachable": "pass_end"},
              {"name": "never negative", "always": "gold >= 0"},
              {"name": "market first", "before": {"first": "market", "then": "gate"}},
              {"name": "every ending", "every_ending_reachable": true}
            ]}
            """, name: "storygraph.json")
        return ExpectationCheck(graph, try ExpectationFile.read(file, graph: graph), budget: .init()).results.map(
            \.verdict)
    }

    /// What `report` claims from the state search.
    static func claims(_ result: LoadResult) throws -> [String] {
        let analysis = Load.analysis(result, budget: .unlimited)
        let state = try #require(analysis.state)
        let ids = analysis.graph.ids
        return [
            "complete \(state.isComplete)",
            "endings \(state.reachedEndings.map { ids[$0.passage] })",
            "blocked \(state.blockedEndings.map { ids[$0.passage] })",
            "never true \(state.neverTrue.map { analysis.graph.choice($0).text })",
            "always true \(state.alwaysTrue.count)",
            "not understood \(state.unknownChoices.count)",
            "read never set \(state.readNeverSet)",
            "paths \(analysis.paths.total)",
        ]
    }

    @Test func sourceAndCompiledGiveTheSameVerdictsAndClaims() throws {
        let source = try Self.load("market-plain.ink")
        let compiled = try Self.load("market-plain.ink.json")
        #expect(compiled.story.format == "ink-json")
        #expect(try Self.verdicts(source) == [.holds, .holds, .holds, .holds, .fails])
        #expect(try Self.verdicts(compiled) == [.holds, .holds, .holds, .holds, .fails])
        let expected = [
            "complete true", "endings [\"rich_end\", \"home_end\"]", "blocked [\"pass_end\"]",
            "never true [\"Pass with the guard\\'s nod\"]", "always true 0", "not understood 0", "read never set []",
            "paths 6",
        ]
        #expect(try Self.claims(source) == expected)
        #expect(try Self.claims(compiled) == expected)
    }

    /// The conditions and effects as the evaluation stack gives them, in ink's syntax.
    @Test func conditionsAndEffectsAreReadFromTheStack() throws {
        let story = try Self.load("market-plain.ink.json").story
        let market = try #require(story.passage("market"))
        #expect(
            market.choices.map { $0.condition?.description ?? "" } == ["", "gold >= 2", "(market > 2) and (not met)", ""])
        #expect(story.passage("work")?.effects.map(\.text) == ["gold = gold + 2"])
        #expect(story.passage("market.c-1")?.effects.map(\.text) == ["mood = \"brave\""])
        // `{ gold >= 4: -> rich_end - else: -> gate_choice }`: the else is taken only when
        // the test fails.
        let gate = try #require(story.passage("gate"))
        #expect(gate.choices.map { $0.condition?.description ?? "" } == ["gold >= 4", "not (gold >= 4)"])
        #expect(story.variables.map { "\($0.name) \($0.initial.map { "\($0)" } ?? "")" }.count == 3)
        #expect(story.readElsewhere == ["gold", "met", "mood"])
    }

    /// `~ earn(gold, 2)` with `=== function earn(ref purse, amount)` / `~ purse = purse +
    /// amount`: the function's assignment is read in place, on the variable passed.
    @Test func aRefFunctionOfStraightLineLogicIsReadInPlace() throws {
        let compiled = try Self.load("market.ink.json")
        #expect(compiled.story.passage("work")?.effects.map(\.text) == ["gold = gold + 2"])
        #expect(try Self.verdicts(compiled) == [.holds, .holds, .holds, .holds, .fails])
        // The source reads the call the same way.
        let source = try Self.load("market.ink")
        #expect(source.story.passage("work")?.effects.map(\.text) == ["earn(gold, 2): purse = purse + amount"])
        #expect(source.story.passage("work")?.effects.map(\.variable) == ["gold"])
        #expect(try Self.verdicts(source) == [.holds, .holds, .holds, .holds, .fails])
        #expect(try Self.claims(source) == Self.claims(compiled))
    }

    /// `-> hall` from hall's own choice: ink's runtime does not count that visit (inkjs
    /// shows `{hall}` 1 however often the reader waits), the passage's visits would; so
    /// `{hall > 2}` is not decided, in the source as compiled, rather than wrongly true.
    @Test func aKnotEnteredAgainFromInsideItHasNoKnownReadCount() throws {
        for name in ["loop.ink", "loop.ink.json"] {
            let claims = try Self.claims(try Self.load(name))
            #expect(claims.contains("not understood 1"), "\(name)")
            #expect(claims.contains("blocked []"), "\(name)")
            #expect(claims.contains("never true []"), "\(name)")
        }
    }

    /// `{ n: - 1: … - 2: … - else: … }` after `~ n = 2` (ink's `du`, `==` and `pop` on the
    /// stack, each branch taken only when the earlier did not hold), and `~ lit = true`
    /// before `{lit and n * 3 - 1 == 5}`: the same claims from source and compiled.
    @Test func aSwitchAndArithmeticDecideAlike() throws {
        for name in ["switch.ink", "switch.ink.json"] {
            let result = try Self.load(name)
            let analysis = Load.analysis(result, budget: .unlimited)
            let state = try #require(analysis.state)
            #expect(state.reachedEndings.map { analysis.graph.ids[$0.passage] } == ["lamp"], "\(name)")
            #expect(state.neverTrue.count == 3, "\(name)")
            #expect(state.alwaysTrue.count == 2, "\(name)")
            #expect(state.unknownChoices.isEmpty, "\(name)")
        }
        let compiled = try Self.load("switch.ink.json").story
        #expect(
            compiled.passage("two")?.choices.map { $0.condition?.description ?? "" } == [
                "lit and (((n * 3) - 1) == 5)", "not lit",
            ])
    }

    /// A hostile file: `du` and `+` 200 times double the value each time (a tree of 2^200
    /// nodes shared, a text as long) and `exArgs` says -5 and 99,999,999,999: read at once,
    /// the value past the bounds is unknown, never walked or printed whole.
    @Test func aValueThatDoublesAtEachOperatorIsCutShort() throws {
        let body = (["\"ev\"", "1"] + Array(repeating: "\"du\", \"+\"", count: 200)).joined(separator: ", ")
        let text =
            "{\"inkVersion\": 21, \"root\": [[\"ev\", {\"x()\": \"f\", \"exArgs\": -5},"
            + " {\"x()\": \"g\", \"exArgs\": 99999999999}, \"pop\", \"pop\", \"/ev\", " + body + ", \"/ev\","
            + " {\"VAR=\": \"x\", \"re\": true}, \"ev\", {\"VAR?\": \"x\"}, 1, \">\", \"/ev\","
            + " {\"*\": \".^.c-0\", \"flg\": 1}, \"done\", {\"c-0\": [\"end\", null]}], \"done\","
            + " {\"global decl\": [\"ev\", 0, {\"VAR=\": \"x\"}, \"/ev\", \"end\", null]}]}"
        let result = try StoryLoading.load(sources: [SourceText(path: "doubling.ink.json", text: text)])
        let effect = try #require(result.story.passages.first?.effects.first)
        #expect(effect.variable == "x")
        guard case .tooDeep(let kept) = effect.value else {
            Issue.record("the value is \(effect.value)")
            return
        }
        // 1,000 characters and "…".
        #expect(kept.count <= 1_001)
        #expect(try Self.claims(result).contains("not understood 1"))
    }

    /// `~ luck = RANDOM(1, 6)`: the value is unknown, so is `{luck > 3}`, and no claim
    /// rests on it (Win's ending is reached only through an undecided condition).
    @Test func whatCannotBeReadStaysUnknown() throws {
        let result = try Self.load("luck.ink.json")
        #expect(result.story.passages.first?.effects.map(\.text) == ["luck = rnd()"])
        let claims = try Self.claims(result)
        #expect(claims.contains("not understood 1"))
        #expect(claims.contains("never true []"))
    }
}
