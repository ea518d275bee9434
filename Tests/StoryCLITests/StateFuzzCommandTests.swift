import Foundation
import StoryGraph
import TestSupport
import Testing

/// `fuzz --policy state` and its `--replay` on the toll bridge: five coins are never
/// earned (the mill pays two a shift, twice at most) and the pass is never given, so no
/// reader under state reaches the city, which a structural reader reaches most often.
@Suite struct StateFuzzCommandTests {
    static let tollBridge = Repository.path("Examples/toll-bridge.json")

    @Test func noReaderUnderStateCrossesTheBridge() {
        let run = runCLI(["fuzz", Self.tollBridge, "--policy", "state", "--runs", "2000", "--seed", "9", "--quiet"])
        #expect(run.exitCode == 0)
        #expect(run.stderr == "")
        #expect(
            run.stdout == """
                Fuzz of 'The Toll Bridge': 2,000 runs, seed 9, state policy, step cap 1,000

                Outcome            runs   share
                  Barn (neutral)    637  31.85%
                  Home (bad)      1,363  68.15%

                Run length in choices: min 1, mean 3.39, median 3, p90 7, p99 13, max 21

                Coverage
                  passages  5 of 7 (71.43%)
                  choices   6 of 9 (66.67%)
                  passages never visited (2):
                    Bridge (\(Self.tollBridge):19:5)
                    City (\(Self.tollBridge):21:5)
                  choices never taken (3):
                    Gate → 'Pay the toll' → Bridge (\(Self.tollBridge):10:9)
                    Gate → 'Show the pass' → Bridge (\(Self.tollBridge):11:9)
                    Bridge → 'Into the city' → City (\(Self.tollBridge):20:20)

                Stuck runs: none
                Stuck under state: none
                Offered on an unknown condition: none
                Broken-link runs: none

                Every run reached an ending.

                """)
        let structural = runCLI(["fuzz", Self.tollBridge, "--runs", "2000", "--seed", "9", "--quiet"])
        #expect(structural.stdout.contains("  City (good)   "))
    }

    @Test(arguments: ["text", "json"])
    func outputIsTheSameForAnyNumberOfJobs(format: String) {
        let one = runCLI([
            "fuzz", Self.tollBridge, "--policy", "state", "--runs", "20000", "--seed", "4", "--jobs", "1", "--format",
            format, "--quiet",
        ])
        let two = runCLI([
            "fuzz", Self.tollBridge, "--policy", "state", "--runs", "20000", "--seed", "4", "--jobs", "2", "--format",
            format, "--quiet",
        ])
        #expect(one.exitCode == 0 && two.exitCode == 0)
        #expect(one.stdoutData == two.stdoutData)
        #expect(one.stdout.contains("state"))
    }

    @Test func theReplayShowsTheVariablesEachStepChanges() {
        let run = runCLI(["fuzz", Self.tollBridge, "--policy", "state", "--replay", "1", "--seed", "1"])
        #expect(run.exitCode == 0)
        #expect(
            run.stdout == """
                Run 1 of seed 1 (state policy), 'The Toll Bridge'

                Variables at the start: coins = 0, pass = false

                1. [Gate] The toll-keeper wants five coins, or the ferryman's pass, before you may cross.
                   → Work a shift at the mill
                     coins: 0 → 2
                2. [Mill] The miller pays two coins a shift.
                   → Back to the gate
                3. [Gate] The toll-keeper wants five coins, or the ferryman's pass, before you may cross.
                   → Ask the ferryman
                4. [Ferry] The ferryman has lost his pass, and says so twice.
                   → Back to the gate
                5. [Gate] The toll-keeper wants five coins, or the ferryman's pass, before you may cross.
                   → Ask the ferryman
                6. [Ferry] The ferryman has lost his pass, and says so twice.
                   → Back to the gate
                7. [Gate] The toll-keeper wants five coins, or the ferryman's pass, before you may cross.
                   → Work a shift at the mill
                     coins: 2 → 4
                8. [Mill] The miller pays two coins a shift.
                   → Sleep in the barn
                9. [Barn] You sleep in the straw and forget the city.
                   ■ ending (neutral) after 8 choices

                """)
    }

    @Test func aRunStuckUnderStateFailsAndNamesTheReplay() throws {
        let path = Repository.write(
            """
            {"title": "Locked", "start": "Hall", "variables": {"key": false}, "passages": [
              {"id": "Hall", "text": "A hall.", "choices": [{"text": "Door", "to": "Door"}, {"text": "Out", "to": "Out"}]},
              {"id": "Door", "text": "Locked.", "choices": [{"text": "Unlock", "to": "Out", "if": "$key"}]},
              {"id": "Out", "ending": true}
            ]}
            """, name: "locked.json")
        let run = runCLI(["fuzz", path, "--policy", "state", "--runs", "100", "--seed", "2", "--quiet"])
        #expect(run.exitCode == 1)
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("  stuck under state    52  52.00%"))
        #expect(lines.contains("  Out                  48  48.00%"))
        #expect(lines.contains("Stuck runs: none"))
        #expect(
            lines.contains(
                "Stuck under state (a passage that is not an ending, where no choice's condition held): 52; runs 1, 2, 5, 6, 7, 9, 10, 13, 15, 18, …"
            ))
        #expect(lines.last == "Replay one: storygraph fuzz \(path) --replay 1 --seed 2 --policy state")
        let json = runCLI([
            "fuzz", path, "--policy", "state", "--runs", "100", "--seed", "2", "--format", "json", "--quiet",
        ])
        #expect(json.stdout.contains("\"under_state\" : {"))
        #expect(json.stdout.contains("\"unknown_offers\" : 0"))
        _ = try JSONContractTests.validate(
            "fuzz", ["fuzz", path, "--policy", "state", "--runs", "100", "--seed", "2", "--format", "json"])
        _ = try JSONContractTests.validate(
            "replay", ["fuzz", path, "--policy", "state", "--replay", "1", "--seed", "2", "--format", "json"])
    }

    /// The JSON replay under state: the variables at the start and each step's changes,
    /// typed; a run stuck under state says so in its outcome.
    @Test func theJSONReplayCarriesTheChanges() throws {
        let args = ["fuzz", Self.tollBridge, "--policy", "state", "--replay", "3", "--seed", "9", "--format", "json"]
        _ = try JSONContractTests.validate("replay", args)
        let run = runCLI(args)
        let top = try #require(try JSONSerialization.jsonObject(with: run.stdoutData) as? [String: Any])
        let variables = try #require(top["variables"] as? [[String: Any]])
        #expect(variables.map { $0["variable"] as? String } == ["coins", "pass"])
        #expect(variables[0]["value"] as? Int == 0 && variables[1]["value"] as? Bool == false)
        let steps = try #require(top["steps"] as? [[String: Any]])
        let changes = steps.map {
            ($0["changes"] as? [[String: Any]] ?? []).map { "\($0["variable"]!) \($0["before"]!) \($0["after"]!)" }
        }
        #expect(changes == [["coins 0 2"], []])
        let structural = runCLI(["fuzz", Self.tollBridge, "--replay", "3", "--seed", "9", "--format", "json"])
        #expect(!structural.stdout.contains("\"changes\"") && !structural.stdout.contains("\"variables\""))
        let path = Repository.write(
            """
            {"title": "Locked", "start": "Hall", "variables": {"key": false}, "passages": [
              {"id": "Hall", "text": "A hall.", "choices": [{"text": "Door", "to": "Door"}]},
              {"id": "Door", "text": "Locked.", "choices": [{"text": "Unlock", "to": "Out", "if": "$key"}]},
              {"id": "Out", "ending": true}
            ]}
            """, name: "door.json")
        let stuck = try JSONContractTests.validate(
            "replay", ["fuzz", path, "--policy", "state", "--replay", "1", "--format", "json"])
        guard case .object(let object) = stuck, case .object(let outcome)? = object["outcome"] else {
            Issue.record("no outcome in \(stuck)")
            return
        }
        #expect(outcome["kind"].map { "\($0)" }?.contains("stuck_under_state") == true)
    }
}
