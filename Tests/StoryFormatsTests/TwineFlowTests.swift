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

    // MARK: What every passage shows (issue 26, trial findings 2, 6, 21)

    /// StoryCaption shows `[[Satchel]]` and, once `$met`, `[[Letters]]`; StoryMenu a
    /// `<<link>>` to Map; PassageDone's link is thrown away (its output is). The UI bar's
    /// links are side trips from every passage that goes on (and the start): Satchel,
    /// Letters and Map are reachable, while Ford (no way on) and Home (only "Play again")
    /// stay the story's two endings, and the side trips add no path.
    @Test func chromeSugarCube() throws {
        #expect(
            try Self.figures("chrome-sugarcube.twee")
                == Figures(
                    passages: 9, reachable: 9, endings: ["Ford", "Home"], paths: 2,
                    dynamicLeft: ["Satchel: <<return>>", "Letters: <<back>>", "Map: <<return>>"], flowFindings: []))
        #expect(
            try Self.targets("chrome-sugarcube.twee", "Mill") == [
                "choice Home → Home", "include StoryCaption → StoryCaption", "include StoryMenu → StoryMenu",
            ])
        #expect(try Self.targets("chrome-sugarcube.twee", "Ford") == [])
        #expect(try Self.targets("chrome-sugarcube.twee", "StoryCaption") == ["choice Satchel → Satchel", "choice Letters → Letters"])
        let loaded = try StoryLoading.load(paths: [Repository.path("Tests/Fixtures/twine-flow/chrome-sugarcube.twee")])
        #expect(loaded.story.specialPassages.map(\.id) == ["StoryData", "StoryInit", "PassageDone"])
    }

    /// Harlowe: the `footer` passage's link to Coins is live on every passage that goes on;
    /// the `debug-footer`'s is not shown to readers, so Gold is truly unreachable; an
    /// untagged StoryInit is an ordinary passage (Harlowe runs only `startup` passages),
    /// with a warning that says so.
    @Test func chromeHarlowe() throws {
        #expect(
            try Self.figures("chrome-harlowe.twee")
                == Figures(
                    passages: 6, reachable: 4, endings: ["Stall"], paths: 1,
                    dynamicLeft: ["Coins: (history:)'s last"], flowFindings: []))
        let loaded = try StoryLoading.load(paths: [Repository.path("Tests/Fixtures/twine-flow/chrome-harlowe.twee")])
        #expect(
            loaded.diagnostics.filter { $0.ruleID == FormatRules.twineSpecialName.id }.map(\.message) == [
                "passage 'StoryInit' has no special meaning in Harlowe (it is SugarCube's): Harlowe never runs it by itself, so what it sets is not set; tag it 'startup' to run it when the story starts"
            ])
    }

    /// `<<include [[Porch]]>>`, an include shown on a click, `<<link [img[…][Hall]]>>`,
    /// `<<link [[Thank <<print …>>|Thanks]]>>` (the macro inside the label does not end the
    /// `<<link`), `<<link [[Onward|$room]]>>` resolved, `<<link [[Anywhere|$nowhere]]>>` left
    /// dynamic (not broken), and the textbox's passage.
    @Test func linkFormsSugarCube() throws {
        #expect(
            try Self.figures("links-sugarcube.twee")
                == Figures(
                    passages: 6, reachable: 6, endings: ["Hall", "Thanks", "Named"], paths: 4,
                    dynamicLeft: ["Start: $nowhere"], flowFindings: []))
        #expect(
            try Self.targets("links-sugarcube.twee", "Start") == [
                "include Porch → Porch", "include Drawer → Drawer", "choice Hall → Hall",
                "choice Thank <<print \"the host\">> → Thanks", "choice Onward → Hall", "dynamic Anywhere → $nowhere",
                "choice Named → Named",
            ])
    }

    /// Snowman: `[[Follow-><%= s.guide %>/Dining]]` after `<% s.guide = "Cass" %>` goes to
    /// Cass/Dining; the guide is never Flora, so Flora/Dining is truly unreachable.
    @Test func templateTargetSnowman() throws {
        #expect(
            try Self.figures("template-snowman.twee")
                == Figures(
                    passages: 3, reachable: 2, endings: ["Cass/Dining"], paths: 1, dynamicLeft: [],
                    flowFindings: ["unreachable-ending: ending 'Flora/Dining' cannot be reached from the start 'Start'"]))
    }

    /// A Tweego project's folder: `.tw` and `.twee2` files are the story; a `.txt` file
    /// (notes, even with a line starting `::`) is not built by Tweego, so not read.
    @Test func textFilesInATweeFolderAreNotRead() throws {
        #expect(
            try Self.figures("notes-folder")
                == Figures(passages: 2, reachable: 2, endings: ["Boat"], paths: 1, dynamicLeft: [], flowFindings: []))
    }
}
