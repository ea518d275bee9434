import Foundation
import StoryFormats
import StoryGraph
import TestSupport
import Testing

/// `storygraph test`'s expectations on one small story written in every format with
/// variables: gold starts at 5, Shop and Broke each take 3, Secret needs more than 100.
/// Each kind holds, fails with its exact counterexample, and is unknown under a tiny
/// budget; expressions are read by each format's own reader.
@Suite struct ExpectationTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var files: [(path: String, text: String)]
        /// `gold >= 0` and `gold > 0` in the format's syntax.
        var nonNegative: String
        var positive: String
        /// The passage ids of Start, Shop, Broke, Home, Secret.
        var ids: [String]
        var testDescription: String { files[0].path }
    }

    static let cases: [Case] = [
        Case(
            files: [
                (
                    "gold.ink",
                    """
                    VAR gold = 5
                    -> start
                    === start ===
                    + [Spend] -> shop
                    + [Save] -> vault
                    + {gold > 100} [Bribe] -> secret
                    === shop ===
                    ~ gold = gold - 3
                    + [Spend again] -> broke
                    + [Leave] -> home
                    === vault ===
                    Safe. -> END
                    === home ===
                    Home. -> END
                    === broke ===
                    ~ gold = gold - 3
                    Broke. -> END
                    === secret ===
                    Secret. -> END

                    """
                )
            ], nonNegative: "gold >= 0", positive: "gold > 0", ids: ["start", "shop", "broke", "home", "secret"]),
        Case(
            files: [
                (
                    "game/startup.txt",
                    """
                    *create gold 5
                    *choice
                      #Spend
                        *goto shop
                      #Save
                        *goto vault
                      *if (gold > 100) #Bribe
                        *goto secret
                    *label shop
                    *set gold -3
                    *choice
                      #Spend again
                        *goto broke
                      #Leave
                        *goto home
                    *label vault
                    Safe.
                    *ending
                    *label home
                    Home.
                    *ending
                    *label broke
                    *set gold -3
                    Broke.
                    *ending
                    *label secret
                    Secret.
                    *ending

                    """
                )
            ], nonNegative: "gold >= 0", positive: "gold > 0",
            ids: ["startup", "startup:shop", "startup:broke", "startup:home", "startup:secret"]),
        Case(
            files: [
                (
                    "sugar.twee",
                    """
                    :: StoryData
                    {"ifid": "D674C58C-DEFA-4F70-B7A2-27742230C0FC", "format": "SugarCube", "format-version": "2.36.1", "start": "Start"}

                    :: StoryInit
                    <<set $gold to 5>>

                    :: Start
                    [[Spend->Shop]]
                    [[Save->Vault]]
                    <<if $gold gt 100>>[[Bribe->Secret]]<</if>>

                    :: Shop
                    <<set $gold to $gold - 3>>
                    [[Spend again->Broke]]
                    [[Leave->Home]]

                    :: Vault
                    Safe.

                    :: Home
                    Home.

                    :: Broke
                    <<set $gold to $gold - 3>>Broke.

                    :: Secret
                    Secret.

                    """
                )
            ], nonNegative: "$gold gte 0", positive: "$gold gt 0", ids: ["Start", "Shop", "Broke", "Home", "Secret"]),
        Case(
            files: [
                (
                    "harlowe.twee",
                    """
                    :: StoryData
                    {"ifid": "0B6F2E54-3B8C-4B55-9C1D-6A1C6C5A9E11", "format": "Harlowe", "format-version": "3.3.8", "start": "Start"}

                    :: Setup [startup]
                    (set: $gold to 5)

                    :: Start
                    [[Spend->Shop]]
                    [[Save->Vault]]
                    (if: $gold > 100)[ [[Bribe->Secret]] ]

                    :: Shop
                    (set: $gold to $gold - 3)
                    [[Spend again->Broke]]
                    [[Leave->Home]]

                    :: Vault
                    Safe.

                    :: Home
                    Home.

                    :: Broke
                    (set: $gold to $gold - 3)Broke.

                    :: Secret
                    Secret.

                    """
                )
            ], nonNegative: "$gold >= 0", positive: "$gold > 0", ids: ["Start", "Shop", "Broke", "Home", "Secret"]),
        Case(
            files: [
                (
                    "gold.yarn",
                    """
                    title: Start
                    ---
                    <<declare $gold = 5>>
                    -> Spend
                        <<jump Shop>>
                    -> Save
                        <<jump Vault>>
                    -> Bribe <<if $gold > 100>>
                        <<jump Secret>>
                    ===
                    title: Shop
                    ---
                    <<set $gold to $gold - 3>>
                    -> Spend again
                        <<jump Broke>>
                    -> Leave
                        <<jump Home>>
                    ===
                    title: Vault
                    ---
                    Safe.
                    ===
                    title: Home
                    ---
                    Home.
                    ===
                    title: Broke
                    ---
                    <<set $gold to $gold - 3>>
                    Broke.
                    ===
                    title: Secret
                    ---
                    Secret.
                    ===

                    """
                )
            ], nonNegative: "$gold >= 0", positive: "$gold > 0", ids: ["Start", "Shop", "Broke", "Home", "Secret"]),
        Case(
            files: [
                (
                    "gold.json",
                    """
                    {"title": "Gold", "start": "Start", "variables": {"gold": 5}, "passages": [
                      {"id": "Start", "text": "Go.", "choices": [
                        {"text": "Spend", "to": "Shop"}, {"text": "Save", "to": "Vault"},
                        {"text": "Bribe", "to": "Secret", "if": "$gold > 100"}]},
                      {"id": "Shop", "text": "Buy.", "set": "$gold -= 3", "choices": [
                        {"text": "Spend again", "to": "Broke"}, {"text": "Leave", "to": "Home"}]},
                      {"id": "Vault", "text": "Safe.", "ending": true},
                      {"id": "Home", "text": "Home.", "ending": true},
                      {"id": "Broke", "text": "Broke.", "set": "$gold -= 3", "ending": true},
                      {"id": "Secret", "text": "Secret.", "ending": true}]}
                    """
                )
            ], nonNegative: "$gold >= 0", positive: "$gold > 0", ids: ["Start", "Shop", "Broke", "Home", "Secret"]),
    ]

    static func graph(_ c: Case) throws -> StoryGraph {
        StoryGraph(try Load.files(c.files).story)
    }

    static func expectations(_ c: Case, _ graph: StoryGraph) throws -> [StoryExpectation] {
        let (start, shop, broke, home, secret) = (c.ids[0], c.ids[1], c.ids[2], c.ids[3], c.ids[4])
        _ = start
        let file = Repository.write(
            """
            {"expect": [
              {"name": "home", "reachable": "\(home)"},
              {"name": "no secret", "unreachable": "\(secret)"},
              {"name": "never negative", "always": "\(c.nonNegative)"},
              {"name": "rich at the end", "at_endings": "\(c.positive)"},
              {"name": "shop first", "before": {"first": "\(shop)", "then": "\(broke)"}},
              {"name": "every ending", "every_ending_reachable": true},
              {"name": "secret", "reachable": "\(secret)"},
              {"name": "broke", "unreachable": "\(broke)"}
            ]}
            """, name: "storygraph.json")
        return try ExpectationFile.read(file, graph: graph)
    }

    @Test(arguments: cases)
    func eachKindHoldsOrFailsWithItsCounterexample(_ c: Case) throws {
        let graph = try Self.graph(c)
        let expectations = try Self.expectations(c, graph)
        #expect(expectations.map(\.location.line) == [2, 3, 4, 5, 6, 7, 8, 9])
        let check = ExpectationCheck(graph, expectations, budget: .init())
        #expect(check.analysis.isComplete)
        #expect(
            check.results.map(\.verdict) == [.holds, .holds, .fails, .fails, .holds, .fails, .fails, .fails])
        // The counterexample of "never negative": Spend, Spend again, gold 5 → 2 → -1.
        let never = try #require(check.results[2].trace)
        // (ink's first step is the root's divert to its first knot.)
        #expect(never.choices.map { graph.choice($0).text }.suffix(2) == ["Spend", "Spend again"])
        #expect(never.steps.map { graph.ids[$0.passage] }.suffix(2) == [c.ids[1], c.ids[2]])
        let gold = try #require(check.analysis.model.variables.firstIndex(of: "gold"))
        #expect(never.steps.map { $0.values[gold]?.description }.suffix(3) == ["5", "2", "-1"])
        #expect(check.typedKeys(never) == [1, 1])
        // At the endings: the same way; Vault (5) and Home (2) are rich.
        #expect(check.results[3].trace?.choices == never.choices)
        // Reachable Home: Spend, Leave.
        #expect(check.results[0].trace?.choices.map { graph.choice($0).text }.suffix(2) == ["Spend", "Leave"])
        // Every ending but Secret; Secret blocked by Bribe's condition.
        #expect(check.results[5].reason.hasSuffix("no reader reaches '\(c.ids[4])' (of the 4 endings)"))
        #expect(check.results[5].unreached.map { graph.ids[$0.passage] } == [c.ids[4]])
        #expect(check.results[5].unreached[0].blocking.map { graph.choice($0).text } == ["Bribe"])
        #expect(check.results[6].reason.hasPrefix("no reader reaches '\(c.ids[4])'"))
        #expect(check.results[7].trace?.choices == never.choices)
        #expect(check.verdict == .fails)
    }

    @Test(arguments: cases)
    func aTinyBudgetLeavesWhatItDidNotProveUnknown(_ c: Case) throws {
        let graph = try Self.graph(c)
        let check = ExpectationCheck(graph, try Self.expectations(c, graph), budget: .init(maxStates: 3))
        #expect(!check.analysis.isComplete)
        #expect(check.analysis.stoppedBy == .states)
        #expect(
            check.results.map(\.verdict) == [
                .unknown, .unknown, .unknown, .unknown, .unknown, .unknown, .unknown,
                .unknown,
            ])
        #expect(
            check.results[1].reason
                == "after 3 states the search stopped at its bound of 3 states, --max-states, none at '\(c.ids[4])'")
        #expect(check.verdict == .unknown)
    }

    @Test func whatCannotBeReadIsAnErrorNamingTheExpectationAndItsLine() throws {
        let graph = try Self.graph(Self.cases[0])
        func error(_ item: String) -> String? {
            let file = Repository.write(
                "{\"expect\": [\n  {\"name\": \"a\", \"reachable\": \"home\"},\n  \(item)\n]}", name: "storygraph.json")
            do {
                _ = try ExpectationFile.read(file, graph: graph)
                return nil
            } catch {
                return error.message.replacingOccurrences(of: file, with: "F")
            }
        }
        #expect(
            error(#"{"name": "b", "reachable": "hom"}"#)
                == "F:3: expectation 'b': no passage named 'hom'; did you mean 'home'?")
        #expect(
            error(#"{"name": "b", "always": "gold >=="}"#)
                == "F:3: expectation 'b': cannot read 'gold >==' as an expression of the ink format")
        #expect(
            error(#"{"name": "b", "always": "glod >= 0"}"#)
                == "F:3: expectation 'b': 'glod >= 0' reads 'glod', which is no variable of the story; did you mean 'gold'?"
        )
        #expect(
            error(#"{"name": "b", "reachabel": "home"}"#)
                == "F:3: expectation 'b': unknown kind 'reachabel'; did you mean 'reachable'? (the kinds: reachable, unreachable, always, at_endings, before, every_ending_reachable, words_per_playthrough)"
        )
        #expect(
            error(#"{"name": "b", "words_per_playthrough": {"least": 2}}"#)
                == "F:3: expectation 'b': \"words_per_playthrough\" must be {\"min\": WORDS, \"max\": WORDS} (one or both)")
        #expect(
            error(#"{"name": "b", "words_per_playthrough": {"min": "many"}}"#)
                == "F:3: expectation 'b': \"min\" must be a number of words (0 or more)")
        #expect(
            error(#"{"name": "b", "words_per_playthrough": {"min": 9, "max": 3}}"#)
                == "F:3: expectation 'b': \"min\" is more than \"max\"")
        #expect(error(#"{"reachable": "home"}"#) == "F:3: expectation 2 has no \"name\" (a non-empty string)")
        #expect(
            error(#"{"name": "b", "every_ending_reachable": false}"#)
                == "F:3: expectation 'b': \"every_ending_reachable\" must be true")
    }

    /// `words_per_playthrough` on a story whose third way is closed by a condition: as the
    /// story plays (gold 5, the gate shut), a playthrough shows 4 + (4 + 10) / 2 = 11 words
    /// on average; the map alone would say 4 + (4 + 10 + 20) / 3.
    @Test func wordsPerPlaythroughIsTheExpectedWordsAsTheStoryPlays() throws {
        let graph = StoryGraph(
            try Load.files([
                (
                    "road.ink",
                    """
                    VAR gold = 5
                    -> start
                    === start ===
                    The road forks here.
                    + [Left] -> left
                    + [Right] -> right
                    + {gold > 100} [Gate] -> gate
                    === left ===
                    A short way home. -> END
                    === right ===
                    A long and winding way that goes on and on. -> END
                    === gate ===
                    One two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty. -> END

                    """
                )
            ]).story)
        let file = Repository.write(
            """
            {"expect": [
              {"name": "eleven", "words_per_playthrough": {"min": 11, "max": 11}},
              {"name": "long", "words_per_playthrough": {"min": 12}},
              {"name": "short", "words_per_playthrough": {"max": 10.5}}
            ]}
            """, name: "storygraph.json")
        let expectations = try ExpectationFile.read(file, graph: graph)
        #expect(expectations.map(\.kind) == [
            .wordsPerPlaythrough(min: 11, max: 11), .wordsPerPlaythrough(min: 12, max: nil),
            .wordsPerPlaythrough(min: nil, max: 10.5),
        ])
        let check = ExpectationCheck(graph, expectations, budget: .init())
        #expect(check.results.map(\.verdict) == [.holds, .fails, .fails])
        let shown = "a playthrough shows 11.00 words on average (a reader picking at random)"
        #expect(check.results.map(\.reason) == [
            "\(shown): at least 11 and at most 11", "\(shown), fewer than 12", "\(shown), more than 10.50",
        ])
        #expect(check.results.allSatisfy { $0.trace == nil })
        let tiny = ExpectationCheck(graph, expectations, budget: .init(maxStates: 2))
        #expect(tiny.results.map(\.verdict) == [.unknown, .unknown, .unknown])
        #expect(
            tiny.results[0].reason
                == "the expected words are not known: after 2 states the search stopped at its bound of 2 states, --max-states, so the words under state are not known"
        )
    }
}
