import Foundation
import TestSupport
import Testing

@testable import StoryFormats
@testable import StoryGraph

/// `fuzz --policy state`: readers who see only the choices whose condition holds. The
/// lighthouse of `StateFixturesTests` in six formats: the tower's top and the boat are
/// endings structural readers reach and no reader under state ever does.
@Suite struct StateFuzzTests {
    static func graph(_ c: StateFixturesTests.Case) throws -> PlayGraph {
        let result = try Load.files(c.files.map { ("/fixture/\(c.name)/\($0.0)", $0.1) })
        return PlayGraph(StoryGraph(result.story))
    }

    /// Runs ending at each ending, by the ending passage's text.
    static func endings(_ report: FuzzReport) -> [String: Int] {
        var out: [String: Int] = [:]
        for v in report.endingRuns.indices where report.endingRuns[v] > 0 {
            out[
                report.graph.graph.story.passages[v].text.trimmingCharacters(in: .whitespacesAndNewlines), default: 0] +=
                report.endingRuns[v]
        }
        return out
    }

    /// Seed 7, 2,000 runs: structurally four endings, under state the inn and the dark road
    /// only (the draws differ by format: ink begins with a divert, ChoiceScript's endings
    /// are its options' own).
    static let expected: [String: (structural: [String: Int], state: [String: Int])] = [
        "json": sameDraws, "choicescript": sameDraws, "yarn": sameDraws, "sugarcube": sameDraws, "harlowe": sameDraws,
        "ink": (
            ["The light.": 438, "You sail away.": 522, "You sleep.": 516, "You stumble home.": 524],
            ["You sleep.": 960, "You stumble home.": 1040]
        ),
    ]
    /// The formats whose lighthouse is drawn choice for choice as the JSON's.
    static let sameDraws = (
        structural: ["The light.": 535, "You sail away.": 500, "You sleep.": 463, "You stumble home.": 502],
        state: ["You sleep.": 1035, "You stumble home.": 965]
    )

    @Test(arguments: StateFixturesTests.cases) func stateReadersNeverReachTheBlockedEndings(
        _ c: StateFixturesTests.Case
    ) throws {
        let play = try Self.graph(c)
        let structural = Fuzzer(runs: 2_000, seed: 7, policy: .uniform, jobs: 1).run(play)
        let state = Fuzzer(runs: 2_000, seed: 7, policy: .state, jobs: 1).run(play)
        let e = try #require(Self.expected[c.name])
        #expect(Self.endings(structural) == e.structural)
        #expect(Self.endings(state) == e.state)
        #expect(state.allEnded && state.blockedRuns == 0 && state.unknownOffers == 0)
        let never = state.neverTakenChoices.map { play.graph.choice($0).text }
        #expect(never.contains("Unlock the tower") && never.contains("Buy a boat") && never.contains("Climb"))
    }

    /// A cellar door that opens only with a candle nobody lights, and a dice roll storygraph
    /// cannot decide (a call): offered, and counted.
    static let cellar = """
        {
          "title": "The Cellar",
          "start": "Stairs",
          "variables": { "candle": false, "luck": 0 },
          "passages": [
            { "id": "Stairs", "text": "Stone steps lead down.",
              "choices": [
                { "text": "Go down in the dark", "to": "Door" },
                { "text": "Try your luck", "to": "Dice", "if": "roll(6) > 3" },
                { "text": "Leave", "to": "Street" } ] },
            { "id": "Dice", "text": "The dice fall.", "set": "$luck += 1",
              "choices": [ { "text": "Back up", "to": "Street" } ] },
            { "id": "Door", "text": "A door you cannot see to open.",
              "choices": [ { "text": "Light the candle and open it", "to": "Vault", "if": "$candle" } ] },
            { "id": "Vault", "text": "Gold.", "ending": "good" },
            { "id": "Street", "text": "Back in the street.", "ending": "neutral" }
          ]
        }
        """

    static func cellarGraph() throws -> PlayGraph {
        let result = try Load.text(cellar, path: "/fixture/cellar.json")
        return PlayGraph(StoryGraph(result.story))
    }

    @Test func aDoorNoConditionOpensIsStuckUnderStateNotATrap() throws {
        let play = try Self.cellarGraph()
        let structural = Fuzzer(runs: 1_000, seed: 3, policy: .uniform, jobs: 1).run(play)
        #expect(structural.allEnded)
        #expect(structural.endingRuns[play.graph.indexByID["Vault"]!] == 354)
        // The same draws: the runs that reached the vault stop at its door under state.
        let state = Fuzzer(runs: 1_000, seed: 3, policy: .state, jobs: 1).run(play)
        #expect(state.stuckRuns == 0)
        #expect(state.blockedRuns == 354)
        #expect(state.firstBlockedRuns == [8, 16, 18, 26, 29, 40, 44, 46, 53, 55])
        #expect(state.endingRuns[play.graph.indexByID["Street"]!] == 646)
        #expect(state.endingRuns[play.graph.indexByID["Vault"]!] == 0)
        // Every run is offered the dice at the stairs on an unknown condition.
        #expect(state.unknownOffers == 1_000)
        #expect(state.unknownChoices.map { play.graph.choice($0).text } == ["Try your luck"])
        #expect(state.neverTakenChoices.map { play.graph.choice($0).text } == ["Light the candle and open it"])
        #expect(!state.allEnded)
    }

    @Test func aReplayedRunIsTheFuzzsRun() throws {
        let play = try Self.cellarGraph()
        let report = Fuzzer(runs: 300, seed: 11, policy: .state, jobs: 2).run(play)
        var blocked: [Int] = []
        var street = 0
        for run in 1...300 {
            let p = Playthrough(play, seed: 11, run: run, policy: .state)
            switch p.outcome {
            case .stuck(let v):
                #expect(play.graph.ids[v] == "Door")
                #expect(p.isOutOfChoices)
                blocked.append(run)
            case .ending(let v):
                #expect(play.graph.ids[v] == "Street")
                street += 1
            default: Issue.record("run \(run): \(p.outcome)")
            }
        }
        #expect(report.blockedRuns == blocked.count)
        #expect(report.firstBlockedRuns == Array(blocked.prefix(Fuzzer.keptRunNumbers)))
        #expect(report.endingRuns[play.graph.indexByID["Street"]!] == street)
    }

    @Test func theReportIsTheSameForOneJobOrTwo() throws {
        let play = try Self.cellarGraph()
        let one = Fuzzer(runs: 5_000, seed: 5, policy: .state, jobs: 1).run(play)
        let two = Fuzzer(runs: 5_000, seed: 5, policy: .state, jobs: 2).run(play)
        #expect(one.text(odds: nil) == two.text(odds: nil))
        #expect(one.json(odds: nil) == two.json(odds: nil))
        #expect(one.blockedRuns == 1_632)
    }

    @Test func theTranscriptOfARunStuckUnderStateSaysSo() throws {
        let play = try Self.cellarGraph()
        let p = Playthrough(play, seed: 3, run: 8, policy: .state)
        #expect(
            Transcript(p, of: play, seed: 3, policy: .state).text() == """
                Run 8 of seed 3 (state policy), 'The Cellar'

                Variables at the start: candle = false

                1. [Stairs] Stone steps lead down.
                   → Go down in the dark
                2. [Door] A door you cannot see to open.
                   ✗ stuck under state after 1 choice: no choice's condition holds here (and no once-only one is left)

                """)
    }
}
