import Foundation
import TestSupport
import Testing

/// A call the graph follows as a plain step (`StoryGraph.callsCut`: nested more than
/// `CallExpansion.depthLimit` deep, or past the copy budget) has returns that lead nowhere
/// in the node graph, so the state search never explores what follows them: its "never",
/// "always" and "only the links" claims, and `storygraph test`'s verdicts that rest on
/// them, are unproven and not made, and every output says why.
///
/// The well: a reader climbs down (a tunnel into itself, `depth` counted up to 20) and
/// back up. Past 16 levels the call is cut, so in the node graph no reader comes back up
/// from deeper than 16; in ink a reader who climbs down 17 times and back up boasts. A
/// search that claimed absence here would call 'Boast of the depth' never true and the
/// ending `boast` blocked, both false.
@Suite struct CallsCutClaimsTests {
    static let well = """
        VAR depth = 0
        -> well -> top

        === well ===
        + {depth < 20} [Climb down]
            ~ depth = depth + 1
            -> well -> ledge
        + [Climb up] ->->

        === ledge ===
        ->->

        === top ===
        + {depth > 16} [Boast of the depth] -> boast
        + [Rest] -> rest

        === boast ===
        You went deeper than anyone.
        -> END

        === rest ===
        You rest.
        -> END
        """

    static let why =
        "a reader meets a call nested more than 16 deep or past the copy budget, whose return the search cannot follow"

    @Test func reportClaimsNothingOfEveryStateAndSaysWhy() {
        let story = Repository.write(Self.well, name: "well.ink")
        let run = runCLI(["report", story])
        #expect(run.exitCode == 0)
        let state = IncompleteSearchClaimsTests.state(of: run.stdout)
        #expect(
            state == """
                what a reader can reach, given the story's variables)
                  states explored    344 (complete, but a reader meets a call whose return the search cannot follow: what is not reached may still be reachable)
                  variables tracked  depth
                  reachable ending  steps  paths  odds  witness (the reader's choices)
                  ----------------  -----  -----  ----  ------------------------------
                  rest                  5    16+     -  'Climb up' → 'Rest'
                  paths under state                 16+ (at least: calls cut are not followed to their returns; 32+ by the links alone)
                  loops under state                 none found (\(Self.why))
                  odds under state (choices shown)  not computed: \(Self.why)
                  endings the search did not reach: not claimed (\(Self.why))
                  never, always, only the links  not claimed: \(Self.why)
                  calls cut a reader meets       1: the step to well in well.c-0
                  conditions not understood      0
                  variables set, never read      none
                  variables read, never set      none
                  variables read before set      none found (\(Self.why))
                """)
        let json = runCLI(["report", story, "--format", "json"])
        let object = try? JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let section = object?["state"] as? [String: Any]
        #expect(section?["complete"] as? Bool == true)
        #expect((section?["never_true"] as? [Any])?.count == 0)
        #expect((section?["unreachable_endings"] as? [Any])?.count == 0)
        let cut = section?["calls_cut"] as? [[String: Any]]
        #expect(cut?.count == 1)
        #expect(cut?.first?["passage"] as? String == "well.c-0")
        #expect(cut?.first?["to"] as? String == "well")
        #expect((cut?.first?["location"] as? [String: Any])?["line"] as? Int == 7)
    }

    /// The odds of a reader who picks at random: one in 2^16 climbs down past the cut,
    /// whose return the graph does not follow. That mass is told apart (unknown), not as
    /// a reader who never ends (a trap): the well has none. Every passage is proven
    /// reachable, so the report adds no `reach` figures.
    @Test func oddsPastTheCutAreUnknownNotATrap() {
        let story = Repository.write(Self.well, name: "well.ink")
        let run = runCLI(["report", story, "--format", "json"])
        let object = try? JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any]
        let odds = object?["odds"] as? [String: Any]
        #expect(odds?["never_ending"] as? Double == 0)
        #expect(odds?["past_cut_call"] as? Double == 1.0 / 65_536)
        #expect(odds?["expected_choices"] == nil)
        #expect(object?["reach"] == nil)
        #expect(object?["trapped"] as? [String] == [])
        let text = runCLI(["report", story]).stdout
        #expect(text.contains("  past a cut call         0.001526% (a return the graph does not follow: where the reader goes then is unknown)\n"))
        #expect(text.contains("  expected choices        - (unknown past a cut call)\n"))
        #expect(!text.contains("never stops"))
    }

    @Test func checkAndPlayMakeNoClaimOfNever() throws {
        let story = Repository.write(Self.well, name: "well.ink")
        let check = runCLI(["check", story])
        #expect(check.exitCode == 0)
        for rule in IncompleteSearchClaimsTests.stateRules { #expect(!check.stderr.contains("[\(rule)]"), "\(rule)") }
        #expect(check.stderr.contains("[call-depth]"))
        let play = try runBinary(["play", story, "--witness", "boast", "-q"], timeout: 60)
        #expect(play.exitCode == 1)
        #expect(
            play.stderr
                == "play: the state search did not reach ending 'boast', but a reader meets calls whose returns it cannot follow (nested too deep, or past the copy budget): it may still be reachable\n"
        )
    }

    @Test func testVerdictsThatRestOnAbsenceAreUnknown() {
        let story = Repository.write(Self.well, name: "well.ink")
        let expect = Repository.write(
            """
            {"expect": [
              {"name": "no reader boasts", "unreachable": "boast"},
              {"name": "never deeper than 16 at an ending", "at_endings": "depth <= 16"},
              {"name": "a reader can rest", "reachable": "rest"}
            ]}
            """, name: "well-expect.json")
        let run = runCLI(["test", story, "--expect", expect, "--quiet"])
        #expect(run.exitCode == 2)
        let cut =
            "a reader meets a call in 'well.c-0' nested more than 16 deep or past the copy budget, whose return the search cannot follow"
        #expect(
            run.stdout.contains(
                """
                unknown  no reader boasts  [\(expect):2]
                         \(cut), none at 'boast'
                unknown  never deeper than 16 at an ending  [\(expect):3]
                         \(cut); 'depth <= 16' held on the 16 states at endings checked
                holds    a reader can rest  [\(expect):4]
                         a reader reaches 'rest' in 5 choices

                """))
        #expect(run.stdout.hasSuffix("\n1 held, 0 failed, 2 unknown\n"))
    }
}
