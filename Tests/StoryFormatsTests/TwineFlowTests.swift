import StoryGraph
import Testing
import TestSupport

@testable import StoryFormats

/// Flow as the story's runtime runs it (issue 26, items 1–3, Twine): computed targets
/// resolved to the passage names they can hold, SugarCube widgets and `Macro.add` macros
/// credited to their callers, Snowman's `story.render`, Harlowe storylets. Each fixture
/// in Tests/Fixtures/twine-flow is ours; the counts were worked out by hand from its text.
@Suite struct TwineFlowTests {
    struct Figures: Equatable, CustomStringConvertible {
        var passages: Int
        var reachable: Int
        var endings: [String]
        var paths: Int
        var dynamicLeft: [String]
        var flowFindings: [String]

        var description: String {
            "passages \(passages), reachable \(reachable), endings \(endings), paths \(paths), dynamic \(dynamicLeft), findings \(flowFindings)"
        }
    }

    static func figures(_ name: String) throws -> Figures {
        let loaded = try StoryLoading.load(paths: [Repository.path("Tests/Fixtures/twine-flow/\(name)")])
        let graph = StoryGraph(loaded.story)
        let analysis = StoryAnalysis(graph)
        let flow: Set<String?> = ["trap", "unreachable", "unreachable-ending", "no-ending", "broken-link"]
        return Figures(
            passages: graph.passageCount,
            reachable: analysis.reachability.reachable.filter { $0 }.count,
            endings: analysis.reachability.reachableEndings.map { graph.ids[$0] },
            paths: Int(analysis.paths.total.description) ?? -1,
            dynamicLeft: loaded.story.passages.flatMap { passage in
                passage.choices.filter { $0.kind == .dynamic }.map { "\(passage.id): \($0.target)" }
            },
            flowFindings: analysis.lint.findings.filter { flow.contains($0.ruleID) }.map {
                "\($0.ruleID ?? ""): \($0.message)"
            })
    }

    static func targets(_ name: String, _ passage: String) throws -> [String] {
        let loaded = try StoryLoading.load(paths: [Repository.path("Tests/Fixtures/twine-flow/\(name)")])
        return loaded.story.passages.first { $0.id == passage }!.choices.map { "\($0.kind.rawValue) \($0.text) → \($0.target)" }
    }

    /// `<<goto $next>>` after `<<set $next to "Cellar">>`/`"Attic"`, `[[Climb|$exit]]` with
    /// `$exit` set by a ternary, `[[Leave|_way]]` through `clone($exit)`: all resolved;
    /// `[[Back up|$back]]` (never set) stays the one dynamic link, so nothing is claimed
    /// unreachable or trapped.
    @Test func computedTargetsSugarCube() throws {
        #expect(
            try Self.figures("computed-sugarcube.twee")
                == Figures(
                    passages: 6, reachable: 6, endings: ["Roof", "Window"], paths: 4, dynamicLeft: ["Cellar: $back"],
                    flowFindings: []))
        #expect(
            try Self.targets("computed-sugarcube.twee", "Decide") == [
                "auto $next (Attic) → Attic", "auto $next (Cellar) → Cellar",
            ])
        #expect(
            try Self.targets("computed-sugarcube.twee", "Attic") == [
                "choice Climb (Roof) → Roof", "choice Climb (Window) → Window",
            ])
    }

    /// `<<hallway>>` shows `[[Hall]]` and `<<exitto "Garden">>`, whose body goes to its
    /// argument; `<<passthrough "Study">>` hands its argument on to `<<exitto>>`.
    @Test func widgetsSugarCube() throws {
        #expect(
            try Self.figures("widgets-sugarcube.twee")
                == Figures(
                    passages: 7, reachable: 7, endings: ["Garden", "Study"], paths: 2, dynamicLeft: [],
                    flowFindings: []))
        #expect(
            try Self.targets("widgets-sugarcube.twee", "Hall") == [
                "include <<passthrough>> → <<passthrough>>", "choice Leave → Study",
            ])
        #expect(
            try Self.targets("widgets-sugarcube.twee", "<<passthrough>>") == [
                "include <<exitto>> → <<exitto>>"
            ])
        #expect(
            try Self.targets("widgets-sugarcube.twee", "<<hallway>>") == [
                "choice Hall → Hall", "include <<exitto>> → <<exitto>>", "choice Leave → Garden",
            ])
    }

    /// `Macro.add("travel")` whose click handler plays its second argument (through a
    /// local), and `Macro.add(["show", "embed"])` that shows its first.
    @Test func macroAddSugarCube() throws {
        #expect(
            try Self.figures("macro-add-sugarcube.twee")
                == Figures(
                    passages: 4, reachable: 4, endings: ["Coast", "City"], paths: 2, dynamicLeft: ["Start: $road"],
                    flowFindings: []))
        #expect(
            try Self.targets("macro-add-sugarcube.twee", "Start") == [
                "choice Take the train → Coast", "dynamic travel → $road", "include Timetable → Timetable",
            ])
    }

    /// `story.render("Directory")` shows Directory's links inside Start; `story.show(s.floor)`
    /// stays dynamic, and Stairs, whose only way on it is, is not called a trap.
    @Test func renderSnowman() throws {
        #expect(
            try Self.figures("render-snowman.twee")
                == Figures(
                    passages: 4, reachable: 4, endings: ["Lift"], paths: 1,
                    dynamicLeft: ["Stairs: story.show(s.floor)"], flowFindings: []))
    }

    /// The square lists the open storylets (`(open-storylets:)` in a `(for:)`), the lane
    /// links one (`(link-storylet:)`): each a link to every storylet, guarded by its
    /// `(storylet: when …)`. Nothing is left dynamic, so the passage no link reaches is
    /// still claimed unreachable.
    @Test func storyletsHarlowe() throws {
        let figures = try Self.figures("storylets-harlowe.twee")
        #expect(
            figures
                == Figures(
                    passages: 6, reachable: 5, endings: ["Bakery", "Jeweller"], paths: 4, dynamicLeft: [],
                    flowFindings: ["unreachable: passage 'Render' cannot be reached from the start 'Start'"]))
        let loaded = try StoryLoading.load(paths: [Repository.path("Tests/Fixtures/twine-flow/storylets-harlowe.twee")])
        let square = loaded.story.passages.first { $0.id == "Square" }!
        let lane = loaded.story.passages.first { $0.id == "Lane" }!
        for passage in [square, lane] {
            #expect(passage.choices.map(\.target) == ["Bakery", "Jeweller"])
            #expect(passage.choices.map { $0.condition?.description } == ["$coins > 2", "$coins > 100"])
        }
    }

    /// `<<textbox "$name" "" "Next">>`: pressing Enter goes to Next (a trial's Start had no
    /// other way on); the box's variable is the reader's, so a target read from it stays dynamic.
    @Test func textboxWithAPassageGoesThere() {
        let found = TwineLinkScanner.scan(
            "Name: <<textbox \"$name\" \"\" \"Next\">> <<textbox \"$pick\" \"\" autofocus>> [[Go|$name]]",
            dialect: .sugarcube)
        #expect(found.choices.map { "\($0.kind.rawValue) \($0.target)" } == ["choice Next", "dynamic $name"])
        #expect(found.havocked == ["$name", "$pick"])
    }

    @Test func targetValues() {
        var values = TwineTargetValues()
        values.record(.init(text: "$a to \"X\", $b = $a; _t to clone($b)", macro: "set", offset: 0), passage: "P")
        values.record(.init(text: "$c to $flag ? \"Y\" : $a", macro: "set", offset: 0), passage: "P")
        values.record(.init(text: "$d to passage()", macro: "set", offset: 0), passage: "Here")
        values.record(.init(text: "\"Z\" into $e", macro: "put", offset: 0), passage: nil)
        values.record(.init(text: "$f to \"W\"", macro: "set", offset: 0), passage: nil)
        values.record(.init(text: "$f += \"V\"", macro: "set", offset: 0), passage: nil)
        #expect(values.values(of: "_t", passage: nil) == .strings(["X"]))
        #expect(values.values(of: "$c", passage: nil) == .strings(["X", "Y"]))
        #expect(values.values(of: "$d", passage: nil) == .strings(["Here"]))
        #expect(values.values(of: "$e", passage: nil) == .strings(["Z"]))
        #expect(values.values(of: "$f", passage: nil) == .anything)
        #expect(values.values(of: "$never", passage: nil) == .strings([]))
        values.havoc("$a")
        #expect(values.values(of: "$c", passage: nil) == .anything)
    }
}
