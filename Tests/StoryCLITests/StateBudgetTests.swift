import Foundation
import TestSupport
import Testing

/// Issue 24, unbounded memory and time under state: the state search is bounded in states,
/// steps, evaluation steps, bytes and seconds, and names the bound that stopped it; a string
/// value past `StateValue.maxStringBytes` (4,096) is unknown. Each story runs as a child
/// process under a CPU and address-space limit, so a regression fails the test instead of
/// taking the runner (before the fix the doubling story aborted after 2 GB, and the story
/// of 2,000 variables ran for minutes).
@Suite struct StateBudgetTests {
    /// 1 GiB of address space, 30 s of CPU: far above what a bounded run needs (the debug
    /// binary runs these in 0.3 to 3 s and 60 MB).
    static let memory = 1 << 20
    static let cpu = 30

    /// `$s = $s + $s` on every visit of a loop whose way out tests the string: the value
    /// doubles from 4 bytes to 4,096 (11 states of the loop), then it is unknown: one more
    /// state, from which the unknown test lets the reader out (the 13th state, the end).
    static let doubling = """
        { "title": "Doubling", "start": "Loop",
          "variables": { "s": "ab" },
          "passages": [
            { "id": "Loop", "text": "Again.", "set": "$s = $s + $s",
              "choices": [
                { "text": "Again", "to": "Loop", "if": "$s != \\"x\\"" },
                { "text": "Stop", "to": "End", "if": "$s == \\"x\\"" } ] },
            { "id": "End", "text": "Done.", "ending": "good" }
          ] }
        """

    @Test func aStringDoubledInALoopBecomesUnknownPastTheCapAndEveryStateSearchEnds() throws {
        let story = Repository.write(Self.doubling, name: "doubling.json")
        let report = try runBinary(["report", story], timeout: 60, cpuSeconds: Self.cpu, memoryKiB: Self.memory)
        #expect(report.signal == nil)
        #expect(report.exitCode == 0)
        let lines = report.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.contains("  states explored    13 (complete)"))
        #expect(
            lines.contains(
                #"  conditions not understood      2: 'Again' in Loop ($s != "x"); 'Stop' in Loop ($s == "x") (2 evaluations taken both ways)"#
            ))
        // The ending is reached, by the shortest way: 11 doublings make the string unknown.
        #expect(
            lines.contains(
                "  End                  12      1  100%  "
                    + Array(repeating: "'Again'", count: 11).joined(separator: " → ") + " → 'Stop'"))

        let json = try runBinary(
            ["report", story, "--format", "json"], timeout: 60, cpuSeconds: Self.cpu, memoryKiB: Self.memory)
        let state = try #require(
            (try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])?["state"] as? [String: Any])
        #expect(state["complete"] as? Bool == true)
        #expect(state["max_string_bytes"] as? Int == 4_096)
        #expect(state["stopped_by"] == nil)

        // check, map --state and a state-policy reader: the same cap, the same end.
        let check = try runBinary(["check", story], timeout: 60, cpuSeconds: Self.cpu, memoryKiB: Self.memory)
        #expect(check.exitCode == 0)
        #expect(check.stdout == "checked 1 story: 0 errors, 1 warning, 0 info\n")
        let map = try runBinary(
            ["map", story, "--state", "--format", "dot", "-o", story + ".dot"], timeout: 60, cpuSeconds: Self.cpu,
            memoryKiB: Self.memory)
        #expect(map.exitCode == 0)
        // A reader at the step cap would hold a string of 2^1000 bytes; capped, every reader
        // gets out once the string is unknown (the 12th choice at the earliest).
        let fuzz = try runBinary(
            ["fuzz", story, "--policy", "state", "--runs", "50", "--seed", "1", "--format", "json"],
            timeout: 60, cpuSeconds: Self.cpu, memoryKiB: Self.memory)
        #expect(fuzz.signal == nil)
        #expect(fuzz.exitCode == 0)
        let runs = try #require(try JSONSerialization.jsonObject(with: fuzz.stdoutData) as? [String: Any])
        let lengths = try #require(runs["length"] as? [String: Any])
        #expect(lengths["min"] as? Int == 12)
    }

    /// A hub of 2,000 choices, each flipping a variable of its own: 2^2000 states, each
    /// 8 KB wide, and 2,000 choices a state. Before the fix the default budget (250,000
    /// states) let it run for minutes and allocate gigabytes; now it stops at its time.
    static func manyVariables(_ n: Int) -> String {
        var lines = ["{ \"title\": \"Switches\", \"start\": \"Hub\",", "  \"variables\": {"]
        lines += (0..<n).map { "    \"v\($0)\": 0\($0 == n - 1 ? "" : ",")" }
        lines += [
            "  },", "  \"passages\": [", "    { \"id\": \"Hub\", \"text\": \"A wall of switches.\", \"choices\": [",
        ]
        lines += (0..<n).map { "      { \"text\": \"Flip \($0)\", \"to\": \"P\($0)\", \"if\": \"$v\($0) == 0\" }," }
        lines += ["      { \"text\": \"Leave\", \"to\": \"End\" } ] },"]
        lines += (0..<n).map {
            "    { \"id\": \"P\($0)\", \"text\": \"Click.\", \"set\": \"$v\($0) = 1 - $v\($0)\", \"choices\": [ { \"text\": \"Back\", \"to\": \"Hub\" } ] },"
        }
        lines += ["    { \"id\": \"End\", \"text\": \"Done.\", \"ending\": \"good\" }", "  ] }"]
        return lines.joined(separator: "\n")
    }

    /// The bounds a search of `--state-budget 0.25` on the switches may meet first: in a
    /// release build the evaluation steps (0.25 s at a release build's rate); in a debug
    /// build those or the deadline (0.5 s of CPU), which it reaches at about the same time
    /// (the packed states made a debug build's search about as fast as the deadline allows).
    #if DEBUG
        static let bounds = [
            "seconds": "its bound of 0.5 seconds, twice --state-budget 0.25",
            "evaluation steps": "its bound of 25,000,000 evaluation steps, --state-budget 0.25",
        ]
    #else
        static let bounds = ["evaluation steps": "its bound of 25,000,000 evaluation steps, --state-budget 0.25"]
    #endif

    @Test func aStoryOfThousandsOfVariablesStopsAtItsTimeAndSaysWhich() throws {
        let story = Repository.write(Self.manyVariables(2_000), name: "switches.json")
        let started = Date()
        let report = try runBinary(
            ["report", story, "--state-budget", "0.25", "--format", "json"], timeout: 60, cpuSeconds: Self.cpu,
            memoryKiB: Self.memory)
        #expect(report.signal == nil)
        #expect(report.exitCode == 0)
        let state = try #require(
            (try JSONSerialization.jsonObject(with: report.stdoutData) as? [String: Any])?["state"] as? [String: Any])
        #expect(state["complete"] as? Bool == false)
        let stoppedBy = try #require(state["stopped_by"] as? String)
        _ = try #require(Self.bounds[stoppedBy])
        #expect(state["max_seconds"] as? Double == 0.25)
        #expect(state["max_evaluation_steps"] as? Int == 25_000_000)
        // The default bound of states (100,000) is not what stops it.
        #expect(state["max_states"] as? Int == 100_000)
        #expect((state["states"] as? Int ?? 0) < 100_000)
        #expect((state["bytes"] as? Int ?? .max) < 1 << 30)
        // An incomplete search claims no ending unreachable and no condition never true.
        #expect((state["never_true"] as? [Any])?.isEmpty == true)

        let check = try runBinary(
            ["check", story, "--state-budget", "0.25"], timeout: 60, cpuSeconds: Self.cpu, memoryKiB: Self.memory)
        #expect(check.exitCode == 0)
        #expect(check.stdout == "checked 1 story: 0 errors, 0 warnings, 1 info\n")
        let info = check.stderr.split(separator: "\n").map(String.init)
        #expect(info.count == 1)
        #expect(
            Self.bounds.values.contains { bound in
                info.first?.hasPrefix("\(story):2005:5: info: the state search stopped at \(bound) after ") == true
            })
        #expect(
            info.first?.hasSuffix(
                " states: what it did not reach may still be reachable, so no finding says 'never' [state-search-incomplete]"
            ) == true)
        // Two loads of 2,000 passages and two searches of a quarter of a second (half in CPU
        // at worst): seconds, not the minutes of an unbounded search.
        #expect(Date().timeIntervalSince(started) < 30)
    }
}
