import Foundation
import TestSupport
import Testing

/// Calls cut (nested more than 16 deep) keep the two approximations apart: what the node
/// graph reaches (cut calls as plain steps, their returns leading nowhere) is proven
/// reachable; what not even the over-approximation reaches (each cut call entering one
/// shared copy of its callee, whose returns go back to every call cut into it) is proven
/// unreachable; the rest is unknown, with the fewest cut calls on a way to it.
///
/// The mine, written twice (Ren'Py and ink): the old shaft goes down 17 levels, each
/// calling the next, and comes back up: the call from level 16 to 17 is cut, so what
/// follows the returns (each level's way up, the climb out, daylight) is unknown, not
/// unreachable. The new shaft digs by recursion and never returns (its only way out caves
/// in and ends the game), so the climb out of it is proven unreachable, past a cut call
/// too. The vault is never entered.
@Suite struct CallsCutReachTests {
    static let levels = 17

    static var renpy: String {
        var text = """
            label start:
                "Two shafts go down."
                menu:
                    "The old shaft":
                        call level_1
                        "You climb out of the old shaft."
                        jump daylight
                    "The new shaft":
                        call dig
                        "You climb out of the new shaft."
                        jump daylight

            label daylight:
                "Daylight."
                return

            label dig:
                menu:
                    "Dig on":
                        call dig
                        return
                    "Dig sideways":
                        jump cave_in

            label vault:
                "Nobody comes here."
                return

            """
        for k in 1..<levels {
            text += "label level_\(k):\n    \"Level \(k).\"\n    call level_\(k + 1)\n    \"Up from level \(k + 1).\"\n    return\n\n"
        }
        text += "label level_\(levels):\n    \"The bottom.\"\n    return\n\n"
        text += "label cave_in:\n    \"The roof falls.\"\n    $ renpy.quit()\n"
        return text
    }

    static var ink: String {
        var text = """
            Two shafts go down.
            + [The old shaft] -> level_1 -> climbed_old
            + [The new shaft] -> dig -> climbed_new

            === climbed_old ===
            You climb out of the old shaft.
            -> daylight

            === climbed_new ===
            You climb out of the new shaft.
            -> daylight

            === daylight ===
            Daylight.
            -> END

            === dig ===
            + [Dig on] -> dig -> dug
            + [Dig sideways] -> cave_in

            === dug ===
            ->->

            === cave_in ===
            The roof falls.
            -> END

            === vault ===
            Nobody comes here.
            -> END

            """
        for k in 1..<levels {
            text += "=== level_\(k) ===\nLevel \(k).\n-> level_\(k + 1) -> up_\(k)\n\n=== up_\(k) ===\nUp from level \(k + 1).\n->->\n\n"
        }
        text += "=== level_\(levels) ===\nThe bottom.\n->->\n"
        return text
    }

    static func reach(_ path: String) -> [String: Any]? {
        let run = runCLI(["report", path, "--format", "json"])
        let object = try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        return object
    }

    static func unknown(_ report: [String: Any]?) -> [String] {
        ((report?["reach"] as? [String: Any])?["unknown"] as? [[String: Any]] ?? []).map {
            "\($0["id"] as? String ?? "") \($0["why"] as? String ?? "") \($0["cut_calls"] as? Int ?? 0)"
        }
    }

    /// The passage a Ren'Py statement starts: its label, and its line after the first.
    static func line(of statement: String, in text: String) -> Int {
        text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(statement) }! + 1
    }

    @Test func renPyPastACutCallIsUnknownAndANeverReturningCallProvenUnreachable() throws {
        let text = Self.renpy
        let story = Repository.write(text, name: "mine.rpy")
        let report = Self.reach(story)
        let reach = report?["reach"] as? [String: Any]
        let ups = (1..<Self.levels).map { "level_\($0):\(Self.line(of: "Up from level \($0 + 1).", in: text))" }
        // 44 passages: start, its menu's two ways (each a call) and their continuations,
        // daylight, dig, its "Dig on" (a call) and that call's continuation, vault, 17
        // levels and the continuations of 16 calls, cave_in. Proven reachable: start, the
        // two ways, dig, "Dig on", the 17 levels (the node graph enters level 17 by the
        // cut call), cave_in.
        #expect(report?["structure"].flatMap { ($0 as? [String: Any])?["passages"] as? Int } == 44)
        #expect(reach?["reachable"] as? Int == 23)
        #expect(reach?["unreachable"] as? Int == 3)
        #expect(Self.unknown(report) == ["start:6 past_cut_calls 1", "daylight past_cut_calls 1"] + ups.map { "\($0) past_cut_calls 1" })
        // The new shaft's climb out and the continuation of dig's own call (dig never
        // returns), and the vault: proven.
        #expect(report?["unreachable"] as? [String] == ["start:10", "dig:21", "vault"])
        // Nothing is a trap: level 17 returns, in the story, to level 16's way up.
        #expect(report?["trapped"] as? [String] == [])
        // The one loop is real: a reader may dig on as long as they like, then cave in.
        let loops = report?["loops"] as? [[String: Any]]
        #expect(loops?.map { $0["passages"] as? [String] ?? [] } == [["dig", "dig:20"]])
        #expect(loops?.map { $0["escapable"] as? Bool } == [true])
        let findings = (report?["findings"] as? [[String: Any]] ?? []).compactMap { $0["rule"] as? String }
        #expect(
            findings.filter { ["trap", "no-ending", "unreachable", "unreachable-ending"].contains($0) }
                == ["unreachable", "unreachable", "unreachable-ending"])
        #expect(findings.filter { $0 == "call-depth" }.count == 2)
    }

    @Test func inkPastACutTunnelIsUnknownAndANeverReturningTunnelProvenUnreachable() throws {
        let story = Repository.write(Self.ink, name: "mine.ink")
        let report = Self.reach(story)
        let reach = report?["reach"] as? [String: Any]
        #expect(reach?["reachable"] as? Int == 23)
        #expect(reach?["unreachable"] as? Int == 5)
        // ink's continuation of each tunnel (`level_k.r-0`) and the knot it diverts to.
        #expect(
            Self.unknown(report)
                == ["(root).r-0 past_cut_calls 1", "climbed_old past_cut_calls 1", "daylight past_cut_calls 1"]
                + (1..<Self.levels).flatMap { ["level_\($0).r-0 past_cut_calls 1", "up_\($0) past_cut_calls 1"] })
        #expect(report?["unreachable"] as? [String] == ["(root).r-1", "climbed_new", "dig.r-0", "dug", "vault"])
        #expect(report?["trapped"] as? [String] == [])
        let loops = report?["loops"] as? [[String: Any]]
        #expect(loops?.map { $0["escapable"] as? Bool } == [true])
    }

    @Test func theTextReportCountsEachKindAndSaysWhy() {
        let text = Self.renpy
        let story = Repository.write(text, name: "mine.rpy")
        let run = runCLI(["report", story])
        #expect(run.exitCode == 0)
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let problems = lines.drop { !$0.hasPrefix("PROBLEMS") }.prefix(5).map(String.init)
        let ups = (1...8).map { "level_\($0):\(Self.line(of: "Up from level \($0 + 1).", in: text))" }
        #expect(
            problems == [
                "PROBLEMS",
                "  reachable    23 of 44 passages (proven: the start reaches them without a cut call's return)",
                "  unknown      18 (start:6, daylight, \(ups.joined(separator: ", ")), … 8 more in the JSON report): neither reached nor proven unreachable (18 past 1 cut call; see the call-depth findings)",
                "  unreachable  3 (start:10, dig:21, vault)",
                "  trapped      0",
            ])
    }
}
