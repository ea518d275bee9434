import Foundation
import TestSupport
import Testing

/// A SugarCube story under state, end to end: a setter link that lights torches, a
/// `<<link>>` whose `<<set>>` is its choice's effect, a flag set after the link it
/// guards, a bell nobody rings. `report` and `check` say exactly what a reader can reach.
@Suite struct TwineStateCommandTests {
    static let gatehouse = """
        :: StoryData
        {"format": "SugarCube", "start": "Yard"}

        :: StoryInit
        <<set $torches to 0, $bell to false>>

        :: Yard
        A yard before the gatehouse.
        <<if not $looked>>[[Look at the well|Well]]<</if>>
        [[Light a torch|Yard][$torches += 1]]
        <<if $torches gte 2>>[[Enter the dark hall|Hall]]<</if>>
        <<link "Knock on the gate" "Gate">><<set $knocked to true>><</link>>
        <<set $looked to true>>

        :: Well
        Dry stones.
        [[Back|Yard]]

        :: Hall
        <<if $torches lt 5>>[[Walk through|Court]]<</if>>
        <<if $bell>>[[Ring for the warden|Warden]]<</if>>

        :: Gate
        <<if $knocked>>[[Wait|Court]]<<else>>[[Leave|Court]]<</if>>

        :: Court
        The court, at last.

        :: Warden
        The warden lets you in.
        """

    @Test func reportAndCheckTellWhatAReaderOfASugarCubeStoryCanReach() {
        let story = Repository.write(Self.gatehouse, name: "gatehouse.twee")
        let report = runCLI(["report", story])
        #expect(report.exitCode == 0)
        let state = report.stdout.components(separatedBy: "STATE (")[1].components(separatedBy: "\n\nPROBLEMS")[0]
        #expect(
            state == """
                what a reader can reach, given the story's variables)
                  states explored    31 (complete)
                  variables tracked  torches, bell, looked, knocked
                  reachable ending  steps  paths    odds  witness (the reader's choices)
                  ----------------  -----  -----  ------  ------------------------------
                  Court                 2     20  99.54%  'Knock on the gate' → 'Wait'
                  paths under state                 20 (exact; 4 by the links alone)
                  loops under state                 yes: Yard → Yard (the reader's choices 'Light a torch' → 'Light a torch' → 'Light a torch' → 'Light a torch' → 'Light a torch' → 'Light a torch' → 'Light a torch')
                  odds under state (choices shown)  stuck 0.463%, never ending 0%
                  ending only the links reach  blocked by
                  ---------------------------  -------------------------------------
                  Warden                       'Ring for the warden' in Hall ($bell)
                  passages only the links reach  0
                  conditions never true          2: 'Ring for the warden' in Hall ($bell); 'Leave' in Gate (not ($knocked))
                  conditions always true         1: 'Wait' in Gate ($knocked)
                  conditions not understood      0
                  variables set, never read      none
                  variables read, never set      bell
                  variables read before set      looked
                """)
        let check = runCLI(["check", story])
        #expect(check.exitCode == 0)
        #expect(check.stdout == "checked 1 story: 0 errors, 6 warnings, 2 info\n")
        #expect(
            check.stderr.components(separatedBy: "\n").filter { !$0.isEmpty }.map {
                $0.replacingOccurrences(of: story, with: "gatehouse.twee")
            } == [
                "gatehouse.twee:9:19: warning: variable 'looked' is read by choice 'Look at the well' (not $looked) in passage 'Yard' before the story gives it a value [variable-read-before-set]",
                "gatehouse.twee:10:1: warning: choice 'Light a torch' of passage 'Yard' leads back to the same passage [self-loop]",
                "gatehouse.twee:21:13: warning: the condition of choice 'Ring for the warden' ($bell) in passage 'Hall' never holds when a reader gets there [condition-never-true]",
                "gatehouse.twee:21:13: warning: variable 'bell' is read but nothing sets it: it keeps its initial value false [variable-never-set]",
                "gatehouse.twee:23:1: info: every choice of passage 'Gate' leads to 'Court': the choice makes no difference [false-choice]",
                "gatehouse.twee:24:16: info: the condition of choice 'Wait' ($knocked) in passage 'Gate' always holds when a reader gets there [condition-always-true]",
                "gatehouse.twee:24:38: warning: the condition of choice 'Leave' (not ($knocked)) in passage 'Gate' never holds when a reader gets there [condition-never-true]",
                "gatehouse.twee:29:1: warning: ending 'Warden' is reached by the story's links but by no reader, given its variables: choice 'Ring for the warden' ($bell) never leads on [unreachable-under-state]",
                "gatehouse.twee:21:13: note: choice 'Ring for the warden' ($bell) of passage 'Hall' is never followed",
            ])
    }

    /// A key in a shed whose only way back is `previous()`: the search cannot follow the
    /// computed link, so it never sees the reader return with the key. It must not claim
    /// the door never opens: the STATE section says why, and `check` claims nothing.
    static let shed = """
        :: StoryData
        {"format": "SugarCube", "start": "Hall"}

        :: StoryInit
        <<set $key to false>>

        :: Hall
        A locked door, and a shed across the yard.
        [[Go to the shed|Shed]]
        <<if $key>>[[Open the door|Vault]]<</if>>

        :: Shed
        <<set $key to true>>
        A key hangs on a nail.
        [[Back|previous()]]

        :: Vault
        Gold, at last.
        """

    @Test func aComputedLinkTheSearchCannotFollowWithholdsEveryNever() throws {
        let story = Repository.write(Self.shed, name: "shed.twee")
        let report = runCLI(["report", story])
        #expect(report.exitCode == 0)
        let state = report.stdout.components(separatedBy: "STATE (")[1].components(separatedBy: "\n\nPROBLEMS")[0]
        let lines = state.components(separatedBy: "\n")
        #expect(
            lines[1]
                == "  states explored    2 (complete, but a reader meets a computed link the search cannot follow: what is not reached may still be reachable)"
        )
        #expect(
            lines.contains(
                "  paths under state                 0+ (at least: computed links are not followed; 1 by the links alone)"
            ))
        #expect(lines.contains("  odds under state (choices shown)  not computed: a reader meets a computed link"))
        #expect(lines.contains("  computed links a reader meets  1: 'Back' in Shed"))
        let check = runCLI(["check", story])
        // The shed's only way on is `previous()`, which may go anywhere: no trap is claimed.
        #expect(check.stdout == "checked 1 story: 0 errors, 0 warnings, 1 info\n")
        let rules = check.stderr.components(separatedBy: "\n").filter { !$0.isEmpty }.compactMap {
            $0.split(separator: "[").last.map { String($0.dropLast()) }
        }
        #expect(rules == ["dynamic-link"])
        let json = runCLI(["report", story, "--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let links = try #require((document["state"] as? [String: Any])?["computed_links"] as? [[String: Any]])
        #expect(links.count == 1)
        #expect(
            links.first?["passage"] as? String == "Shed" && links.first?["choice"] as? String == "Back"
                && links.first?["to"] as? String == "previous()")
        #expect((links.first?["location"] as? [String: Any])?["line"] as? Int == 15)
    }
}
