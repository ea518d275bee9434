import Foundation
import StoryGraph
import TestSupport
import Testing

/// Every command that draws a map goes through the one map call, so the state search runs
/// once per command (counted in-process), and the state budget (`--max-states`,
/// `--state-budget`) reaches every search: `map --state`, `map --format html --state`,
/// `report --format html` and `play --witness`.
@Suite struct MapCallTests {
    static let tollBridge = Repository.path("Examples/toll-bridge.json")
    static let bound = "stopped at its bound of 1 states, --max-states"

    /// The run, and how many state searches it started.
    static func counted(_ arguments: [String]) -> (run: CLIRun, searches: Int) {
        let counter = StateAnalysis.SearchCounter()
        let run = StateAnalysis.$searchCounter.withValue(counter) { runCLI(arguments) }
        return (run, counter.count)
    }

    @Test(arguments: [
        (["map", MapCallTests.tollBridge, "--format", "html", "--state", "--heat", "--runs", "50"], 1),
        (["map", MapCallTests.tollBridge, "--format", "html"], 1),
        (["map", MapCallTests.tollBridge, "--state", "--format", "dot"], 1),
        (["dot", MapCallTests.tollBridge, "--state"], 1),
        (["dot", MapCallTests.tollBridge], 0),
        (["report", MapCallTests.tollBridge, "--format", "html", "--heat", "--runs", "50"], 1),
    ])
    func eachCommandSearchesOnce(arguments: [String], searches: Int) {
        let (run, counted) = Self.counted(arguments + ["--quiet"])
        #expect(run.exitCode == 0)
        #expect(counted == searches)
    }

    @Test func mapStateSaysTheSearchStoppedAtMaxStates() {
        let run = runCLI(["map", Self.tollBridge, "--state", "--max-states", "1", "--format", "dot"])
        #expect(run.exitCode == 0)
        #expect(
            run.stderr
                == "warning: --state: the state search \(Self.bound) after 1 states; nothing is marked as no reader's\n"
        )
        // Nothing is marked as no reader's; with the whole search, the blocked ending is.
        #expect(!run.stdout.contains("no reader gets here"))
        #expect(runCLI(["map", Self.tollBridge, "--state", "--format", "dot"]).stdout.contains("no reader gets here"))
    }

    /// The page's report and its map read the same search, within the command's budget.
    @Test func mapHTMLStateHonoursMaxStatesInTheReportAndTheMap() {
        let run = runCLI(["map", Self.tollBridge, "--format", "html", "--state", "--max-states", "1"])
        #expect(run.exitCode == 0)
        #expect(
            run.stderr
                == "warning: --state: the state search \(Self.bound) after 1 states; nothing is marked as no reader's\n"
        )
        #expect(
            run.stdout.contains(
                "<th scope=\"row\">states explored</th><td>1 (\(Self.bound): what is not reached may still be reachable)"
            ))
        let report = runCLI(["report", Self.tollBridge, "--format", "html", "--max-states", "1"])
        #expect(
            report.stdout.contains(
                "<th scope=\"row\">states explored</th><td>1 (\(Self.bound): what is not reached may still be reachable)"
            ))
    }

    @Test func playWitnessSearchesWithinMaxStates() throws {
        let cut = try runBinary(["play", Self.tollBridge, "--witness", "Barn", "--max-states", "1", "-q"], timeout: 60)
        #expect(cut.exitCode == 1)
        #expect(cut.stdout == "")
        #expect(
            cut.stderr == "play: the state search \(Self.bound) after 1 states without reaching ending 'Barn':"
                + " it may still be reachable; a larger --max-states or --state-budget searches further\n")
        let whole = try runBinary(
            ["play", Self.tollBridge, "--witness", "Barn", "--max-states", "1000", "-q"], timeout: 60)
        #expect(whole.exitCode == 0)
        #expect(whole.stdout.hasSuffix("[Barn]\nYou sleep in the straw and forget the city.\n\n■ The end (neutral).\n"))
        let alone = runCLI(["play", Self.tollBridge, "--state-budget", "1"])
        #expect(alone.exitCode == 64)
        #expect(alone.stderr.hasPrefix("error: option '--state-budget' of play needs --witness\n"))
    }
}
