import Foundation
import StoryGraph
import TestSupport
import Testing

@testable import StoryFormats

/// Ren'Py games written for these tests: each construct of the loader with its exact
/// passages, choices, state, findings and lint's figures.
@Suite struct RenPyLoaderTests {
    static func load(_ files: [(String, String)]) throws(StoryLoadError) -> LoadResult {
        try Load.files(files.map { ("/fixture/game/\($0.0)", $0.1) })
    }

    static func load(_ text: String) throws(StoryLoadError) -> LoadResult { try load([("script.rpy", text)]) }

    /// `id: target target…` of each passage (`~` before a call's target, `<-` a return).
    static func shape(_ story: Story) -> [String] {
        story.passages.map { passage in
            "\(passage.id):" + passage.choices.map { choice in
                switch choice.kind {
                case .call: " ~\(choice.target)>\(choice.returnTo ?? "")"
                case .return: " <-"
                case .dynamic: " ?\(choice.target)"
                default: " \(choice.target)"
                }
            }.joined()
        }
    }

    /// `file:line:column rule` of each finding.
    static func findings(_ result: LoadResult) -> [String] {
        result.diagnostics.map {
            "\(($0.location?.file as NSString?)?.lastPathComponent ?? ""):\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.ruleID ?? "")"
        }
    }

    static func statistics(_ story: Story) -> [String] { story.sourceStatistics.map { "\($0.name) \($0.value)" } }

    static let keeper = """
        # The keeper's night.
        define k = Character("Keeper", color="#c8ffc8")
        define config.name = _("The Keeper's Night")
        default oil = 2
        default met_ghost = False
        define max_oil = 5

        label start:
            "The lamp gutters at the top of the tower."
            k "Another storm. [oil] cans of oil left."
            extend " Maybe enough."
            menu:
                "What do you do?"
                "Climb to the lamp" if oil > 0:
                    $ oil -= 1
                    jump lamp
                "Wait below":
                    jump below
                "Call the mainland":
                    call radio
                    "Static, then nothing."
                    jump below

        label lamp:
            if oil >= 2:
                "The flame steadies."
            elif met_ghost:
                "A cold hand steadies yours."
            else:
                "The flame dies."
                return
            jump .top

        label .top:
            k "From up here I can see the whole bay."

        label below:
            "Water seeps under the door."
            $ met_ghost = True
            python:
                oil = oil + 1
                seen = 1
            jump expression "ending_" + "calm"

        label radio:
            k "Mainland, do you read?"
            return

        label ending_calm:
            "Morning comes."

        """

    @Test func labelsMenusJumpsCallsAndFallThroughArePassagesAndChoices() throws {
        let result = try Self.load(Self.keeper)
        let story = result.story
        #expect(story.title == "The Keeper's Night")
        #expect(story.start == "start")
        #expect(
            Self.shape(story) == [
                "start: start:15 below start:20", "start:15: lamp", "start:20: ~radio>start:21", "start:21: below",
                "lamp: lamp:26 lamp:28 lamp:30", "lamp:26: lamp:32", "lamp:28: lamp:32", "lamp:30:",
                // The branches join after the `if`, at the `jump .top`.
                "lamp:32: lamp.top", "lamp.top: below", "below: ending_calm", "radio: <-", "ending_calm:",
            ])
        #expect(
            story.passages[0].text
                == "The lamp gutters at the top of the tower.\nKeeper: Another storm. [oil] cans of oil left. Maybe enough.\nWhat do you do?"
        )
        let menu = story.passages[0].choices
        #expect(menu.map(\.text) == ["Climb to the lamp", "Wait below", "Call the mainland"])
        #expect(menu.map { $0.condition?.description } == ["oil > 0", nil, nil])
        // A body that only jumps leads to the label, at the jump's line (lint's place).
        #expect(menu.map { $0.location?.line } == [14, 18, 19])
        #expect(
            story.passages[4].choices.map { $0.condition?.description ?? "" } == [
                "oil >= 2", "not (oil >= 2) and met_ghost", "not (oil >= 2) and not (met_ghost)",
            ])
        #expect(result.diagnostics.isEmpty)
        let graph = StoryGraph(story)
        #expect(story.passages.filter { graph.isEnding[graph.indexByID[$0.id]!] }.map(\.id) == ["lamp:30", "ending_calm"])
    }

    @Test func defaultDefineAndPythonGiveTheStateAndTheSearchProvesIt() throws {
        let result = try Self.load(Self.keeper)
        let story = result.story
        #expect(story.variables.map(\.name) == ["oil", "met_ghost", "max_oil"])
        #expect(story.variables.map(\.isConstant) == [false, false, true])
        #expect(
            story.passages.flatMap { $0.effects.map { "\($0.variable) \($0.operation.rawValue) \($0.text)" } } == [
                "oil subtract oil -= 1", "met_ghost set met_ghost = True", "oil set oil = oil + 1", "seen set seen = 1",
            ])
        let analysis = Load.analysis(result, budget: .unlimited)
        let state = try #require(analysis.state)
        #expect(state.provesAbsence)
        #expect(state.onlyStructural.map { story.passages[$0].id } == ["lamp:26", "lamp:28", "lamp:32", "lamp.top"])
        #expect(state.setNeverRead == ["seen"])
    }

    /// A variable set by the script and read by nothing the loader reads is claimed never
    /// read only when the game has no screen or function that could read it.
    @Test func aVariableIsClaimedNeverReadOnlyWhenNoScreenOrFunctionCouldReadIt() throws {
        let script = """
            default seen = 0

            label start:
                $ seen = 1
                "The end."
                return

            """
        let screen = """
            screen tally():
                text "[seen]"

            """
        for (files, claimed) in [([("script.rpy", script)], ["seen"]), ([("script.rpy", script), ("screens.rpy", screen)], [])] {
            let result = try Self.load(files)
            #expect(result.story.readsOutsidePassages == (claimed.isEmpty ? true : false))
            let state = try #require(Load.analysis(result, budget: .unlimited).state)
            #expect(state.setNeverRead == claimed)
        }
    }

    /// Ren'Py's store gives values to names a game never declares (its transitions such as
    /// `fade`, Python's builtins), and a keyword argument is no read: neither is claimed
    /// "read but nothing sets it". A declared name that nothing sets still is.
    @Test func aNameTheGameNeverDeclaresIsNotClaimedNeverSet() throws {
        let result = try Self.load(
            """
            default lamp = False

            label start:
                $ renpy.transition(fade)
                $ shown = ui.interact(suppress_overlay=True)
                if lamp:
                    "Light."
                if shown:
                    "Shown."
                "The end."
                return

            """)
        #expect(result.story.runtimeProvidesNames == true)
        let state = try #require(Load.analysis(result, budget: .unlimited).state)
        #expect(state.readNeverSet == ["lamp"])
    }

    static let harbour = #"""
        init python:
            def spend(n):
                global coins
                coins -= n

        default coins = 3
        default route = "harbour"

        label splashscreen:
            "A gull cries."
            return

        label start:
            e """
            First paragraph of the letter.

            Second paragraph, \"quoted\".
            """
            $ spend(1)
            if coins > 2:
                jump rich
            $ renpy.jump("market")

        label market:
            $ target = ("harbour"
                if coins else "hill")
            jump expression route

        menu crossroads:
            "Harbour":
                jump harbour
            "Hill" if coins > 0:
                jump hill

        label harbour:
            call screen signpost
            jump nowhere

        screen signpost():
            vbox:
                textbutton "North" action Jump("hill")
                textbutton "Stay" action Return()

        label hill:
            "The wind.\nThe end."
            call missing_label

        """#

    @Test func screensDynamicJumpsPythonAndRenPysOwnLabels() throws {
        let result = try Self.load(Self.harbour)
        let story = result.story
        #expect(
            Self.shape(story) == [
                "start: rich start:22", "start:22: market", "market: ?route", "crossroads: harbour hill",
                "harbour: hill harbour:37", "harbour:37: nowhere", "hill: ~missing_label>hill:end", "hill:end:",
            ])
        // Ren'Py's own label runs before the main menu: kept aside.
        #expect(story.specialPassages.map(\.id) == ["splashscreen"])
        // A triple-quoted say is one line per paragraph; escapes are applied.
        #expect(story.passages[0].text == "e: First paragraph of the letter.\ne: Second paragraph, \"quoted\".")
        #expect(story.passages[6].text == "The wind.\nThe end.")
        // The screen's buttons are the choices of `call screen`, each by its text.
        #expect(story.passages[4].choices.map(\.text) == ["North", "Stay"])
        // `spend` writes `coins` through `global`: calling it makes coins unknown.
        #expect(story.passages[0].effects.map { "\($0.variable) \($0.value)" } == [#"coins call("python", [])"#])
        // lint's flow errors, at lint's lines: jumps and calls to labels that do not exist.
        #expect(
            Self.findings(result).filter { $0.hasSuffix("broken-link") } == [
                "script.rpy:21:9 broken-link", "script.rpy:37:5 broken-link", "script.rpy:46:5 broken-link",
            ])
        #expect(
            Self.statistics(story) == [
                "labels 6", "menus 1", "dialogue_blocks 4", "words 15", "characters 88", "screens 1", "images 0",
            ])
    }

    @Test func renPysParseErrorsAreFindingsAtItsLines() throws {
        let tabs = try Self.load("label start:\n    \"One.\"\n\tjump start\n    $ x = (\"open\n")
        #expect(
            tabs.diagnostics.filter { $0.ruleID == "renpy-syntax" }.map { "\($0.location!.line) \($0.message)" } == [
                "3 Tab characters are not allowed in Ren'Py scripts.",
                "4 is not terminated with a newline. (Check strings and parenthesis.)",
            ])
        let twice = try Self.load(
            "label start:\n    if True:\n        \"A.\"\n      \"B.\"\n    jump start\nlabel start:\n    return\n")
        #expect(
            Self.findings(twice).filter { !$0.hasSuffix("trap") && !$0.hasSuffix("no-ending") }
                == ["script.rpy:4:1 renpy-syntax", "script.rpy:6:1 duplicate-id"])
        #expect(twice.diagnostics.first { $0.ruleID == "duplicate-id" }?.notes.first?.location?.line == 1)
    }

    /// The statement errors Ren'Py 8.0.3's lint reports on a game of ours
    /// (Tests/Fixtures/renpy-statement-errors), line for line (run
    /// with Tests/tools/renpy-lint.py): an `if` with no condition and no colon, a `"` that
    /// closes a string early, a menu choice with an empty block, a `'''` string at the left
    /// margin holding a lone `'`; a statement in error is skipped with its block, and the
    /// first error of a menu skips the rest of it.
    @Test func renPysStatementErrorsAreFindingsAtItsLines() throws {
        let script = try String(
            contentsOfFile: Repository.path("Tests/Fixtures/renpy-statement-errors/game/script.rpy"), encoding: .utf8)
        let result = try Self.load([("script.rpy", script)])
        #expect(
            result.diagnostics.filter { $0.ruleID == "renpy-syntax" }.map { "\($0.location!.line) \($0.message)" } == [
                "6 end of line expected.",
                "7 reached end of line when expecting ':'.",
                "11 reached end of line when expecting ':'.",
                "13 reached end of line when expecting ':'.",
                "15 expected 'simple_expression' not found.",
                "19 choice menuitem expects a non-empty block.",
                "22 end of line expected.",
                "26 end of line expected.",
            ])
        // A statement the game registers reads its own line; a file Ren'Py's lexer stops
        // at is not parsed further.
        let registered = try Self.load([
            ("script.rpy", "init python:\n    renpy.register_statement(\"achieve\", parse=f)\nlabel start:\n    achieve \"x\" now\n    return\n"),
            ("open.rpy", "label other:\n    if\n        \"x\"\n    $ y = (\n"),
        ])
        #expect(
            registered.diagnostics.filter { $0.ruleID == "renpy-syntax" }.map { "\($0.location!.line) \($0.message)" } == [
                "4 is not terminated with a newline. (Check strings and parenthesis.)"
            ])
        // An indented first line: Ren'Py's one error, and the rest read at its depth.
        let indented = try Self.load("    label start:\n        \"A.\"\n    label next:\n        return\n")
        #expect(Self.findings(indented).filter { $0.hasSuffix("renpy-syntax") } == ["script.rpy:1:1 renpy-syntax"])
    }

    @Test func aGameIsEveryFileAndLocalLabelsBelongToTheirGlobalLabel() throws {
        let result = try Self.load([
            ("a.rpy", "label start:\n    call b.inner\n    jump .after\nlabel .after:\n    \"Done.\"\n"),
            ("b.rpy", "label b:\n    return\nlabel .inner:\n    \"Inside.\"\n    return\n"),
        ])
        #expect(
            Self.shape(result.story) == [
                "start: ~b.inner>start:3", "start:3: start.after", "start.after:", "b:", "b.inner: <-",
            ])
        #expect(result.diagnostics.map(\.description) == [])
    }

    /// lint checks every `jump` and `call`, reached or not; a global label inside a block
    /// names the local labels of that block only; a jump into Ren'Py's library is no error.
    @Test func deadCodeNestedGlobalLabelsAndRenPysOwnLabels() throws {
        let result = try Self.load(
            """
            jump prologue_missing
            label te:
                "Part one."
                label .game:
                    label inner:
                        "Inner."
                    jump te.part1
            label .part1:
                return
                call nowhere
            label leave:
                jump _return

            """)
        #expect(
            result.diagnostics.map { "\($0.location!.line) \($0.ruleID!) \($0.message)" } == [
                "1 renpy-missing-label The jump is to nonexistent label 'prologue_missing'.",
                "2 start-fallback the game has no 'start' label; reading from 'te'",
                "10 renpy-missing-label The call is to nonexistent label 'nowhere'.",
            ])
        #expect(result.story.passages.map(\.id) == ["te", "te.game", "inner", "inner:7", "te.part1", "leave"])
        #expect(result.story.passage("leave")?.ending != nil)
    }

    /// A project folder is read as Ren'Py reads it: the scripts under `game/` only.
    @Test func aProjectFolderIsItsGameFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("renpy-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for (path, text) in [
            ("game/script.rpy", "label start:\n    jump cave\n"), ("game/sub/cave.rpy", "label cave:\n    return\n"),
            (".history/game/script_1.rpy", "label start:\n    return\n"), ("LICENSE.txt", "*title Not a story\n"),
        ] {
            let full = (folder as NSString).appendingPathComponent(path)
            try FileManager.default.createDirectory(
                atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }
        let whole = try StoryLoading.load(paths: [folder])
        let one = try StoryLoading.load(paths: [(folder as NSString).appendingPathComponent("game/script.rpy")])
        #expect(whole.story.passages.map(\.id) == ["start", "cave"])
        #expect(whole.diagnostics.map(\.description) == [])
        #expect(one.story == whole.story)
    }
}

