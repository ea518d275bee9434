import Foundation
import StoryGraph
import TestSupport
import Testing

@testable import StoryFormats

/// ChoiceScript games written for these tests: scenes as in-memory files of one folder.
@Suite struct ChoiceScriptLoaderTests {
    static func load(_ scenes: [(String, String)]) throws(StoryLoadError) -> LoadResult {
        try Load.files(scenes.map { ("/fixture/game/\($0.0).txt", $0.1) })
    }

    static func analysis(_ result: LoadResult) -> StoryAnalysis { Load.analysis(result, budget: .unlimited) }

    /// `path:line: message [rule]` of each finding, for exact comparison.
    static func findings(_ result: LoadResult, rulePrefix: String = "choicescript-") -> [String] {
        result.diagnostics.filter { $0.ruleID?.hasPrefix(rulePrefix) ?? false }.map {
            "\(($0.location?.file as NSString?)?.lastPathComponent ?? ""):\($0.location?.line ?? 0) \($0.ruleID ?? "")"
        }
    }

    // MARK: - Graph

    static let lanterns = """
        *title Lanterns
        *scene_list
          startup

        *create courage 50
        The lantern-maker's stall has two shelves.
        *choice colour size
          #Red
            #Small
              You take the small red one.
              *goto street
            #Large
              *set courage %+ 10
              *goto street
          #Blue
            #Small
              *goto street
            #Large
              The large blue one is too heavy to carry far.
              *ending
        *label street
        You walk out into the evening street.
        *ending
        """

    @Test func nestedOptionsAreFlattenedIntoOneChoiceEachWithTheirTextPath() throws {
        let result = try Self.load([("startup", Self.lanterns)])
        let story = result.story
        #expect(story.format == "choicescript")
        #expect(story.title == "Lanterns")
        #expect(story.passages.map(\.id) == ["startup", "startup@10", "startup@19", "startup:street"])
        let start = try #require(story.passage("startup"))
        #expect(start.text == "The lantern-maker's stall has two shelves.")
        #expect(start.choices.map(\.text) == ["Red / Small", "Red / Large", "Blue / Small", "Blue / Large"])
        #expect(start.choices.map(\.target) == ["startup@10", "startup:street", "startup:street", "startup@19"])
        #expect(start.choices.map(\.kind) == [.choice, .choice, .choice, .choice])
        // A choice is where its target is written: the option line, or the `*goto` of a
        // body that only jumps.
        #expect(start.choices.map { $0.location?.line } == [9, 14, 17, 18])
        // The option that only sets and jumps goes straight on, carrying its effect.
        let large = start.choices[1]
        #expect(large.effects.map(\.variable) == ["courage"])
        #expect(large.effects.map(\.operation) == [.fairAdd])
        #expect(large.effects.map(\.value) == [.integer(10)])
        #expect(story.variables.map(\.name) == ["courage"])
        #expect(story.variables.map(\.initial) == [.integer(50)])

        let analysis = Self.analysis(result)
        #expect(analysis.paths.total == 4)
        #expect(analysis.paths.isExact)
        let ids = analysis.graph.ids
        #expect(analysis.endings.entries.map { ids[$0.passage] } == ["startup@19", "startup:street"])
        #expect(analysis.endings.entries.map(\.paths) == [1, 3])
        #expect(Self.findings(result) == [])
    }

    static let rain = """
        *scene_list
          startup
        *create drops 0
        Rain taps the window.
        *fake_choice
          #Listen.
            It sounds almost like a song.
          #Sleep.
          #Count the drops.
            *set drops 3
        The storm passes by morning.
        *ending
        """

    @Test func fakeChoiceOptionsRejoinAfterTheBlock() throws {
        let result = try Self.load([("startup", Self.rain)])
        let story = result.story
        #expect(story.passages.map(\.id) == ["startup", "startup@7", "startup@11"])
        let start = try #require(story.passage("startup"))
        #expect(start.choices.map(\.text) == ["Listen.", "Sleep.", "Count the drops."])
        #expect(start.choices.map(\.target) == ["startup@7", "startup@11", "startup@11"])
        #expect(start.choices[2].effects.map(\.text) == ["*set drops 3"])
        #expect(story.passage("startup@7")?.choices.map(\.target) == ["startup@11"])
        #expect(story.passage("startup@7")?.choices.map(\.kind) == [.auto])
        #expect(story.passage("startup@11")?.text == "The storm passes by morning.")
        #expect(story.passage("startup@11")?.ending != nil)
        let analysis = Self.analysis(result)
        #expect(analysis.paths.total == 3)
        #expect(analysis.endings.entries.count == 1)
        #expect(Self.findings(result) == [])
    }

    static let ferry: [(String, String)] = [
        (
            "startup",
            """
            *title Ferry
            *scene_list
              startup
              crossing
              harbour
            *create fare 2
            You buy a ticket at the kiosk.
            *finish
            """
        ),
        (
            "crossing",
            """
            The ferry sways on the grey water.
            *gosub seasick
            Gulls circle the mast.
            *choice
              #Stay on deck.
                *finish
              #Go below.
                *set fare +1
                You pay for a seat by the window.
                *finish Land
            *label seasick
            You feel queasy for a while.
            *return
            """
        ),
        (
            "harbour",
            """
            The harbour lights welcome you home.
            *ending
            """
        ),
    ]

    @Test func finishLeadsToTheNextListedSceneAndGosubIsACallWithItsReturn() throws {
        let result = try Self.load(Self.ferry)
        let story = result.story
        #expect(
            story.passages.map(\.id) == [
                "startup", "crossing", "crossing@3", "crossing@8", "crossing:seasick", "harbour",
            ])
        #expect(story.passage("startup")?.choices.map(\.text) == ["Next Chapter"])
        #expect(story.passage("startup")?.choices.map(\.target) == ["crossing"])
        let call = try #require(story.passage("crossing")?.choices.first)
        #expect(call.kind == .call)
        #expect(call.target == "crossing:seasick")
        #expect(call.returnTo == "crossing@3")
        #expect(story.passage("crossing:seasick")?.choices.map(\.kind) == [.return])
        let deck = try #require(story.passage("crossing@3"))
        #expect(deck.text == "Gulls circle the mast.")
        // "Stay on deck" has nothing to show: it goes straight on to the next scene.
        #expect(deck.choices.map(\.target) == ["harbour", "crossing@8"])
        #expect(story.passage("crossing@8")?.choices.map(\.text) == ["Land"])
        #expect(story.passage("crossing@8")?.effects.map(\.operation) == [.add])
        #expect(story.passage("harbour")?.ending != nil)
        #expect(
            story.sourceStatistics.map(\.name) == [
                "scenes", "labels", "choices", "options", "gotos", "gosubs", "finishes", "endings", "lines", "words",
            ])
        #expect(story.sourceStatistics.map(\.value) == [3, 1, 1, 2, 0, 1, 3, 1, 23, 43])
        #expect(Self.findings(result) == [])
    }

    @Test func everyPassageButASceneStartCarriesTheFlow() throws {
        let story = try Self.load(Self.ferry).story
        // Scene starts are the author's; a return point, an option's body and a label
        // are where the flow goes on.
        #expect(story.passages.filter(\.isFlowPoint).map(\.id) == ["crossing@3", "crossing@8", "crossing:seasick"])
    }

    static let lantern = """
        *scene_list
          startup
        *choice
          #Light the lantern.
            The wick catches.
            *page_break
            *choice
              #Walk on.
                *goto road
              #Wait.
                *goto road
          #Leave it.
            *goto road
        *label road
        *choice
          #North.
            Snow.
            *ending
          #South.
            Sand.
            *ending
        """

    /// `empty-passage` asks only a scene's start for text: a page break's page and a
    /// label can begin with the options under text shown before them.
    @Test func onlyAnEmptySceneStartIsAnEmptyPassage() throws {
        let result = try Self.load([("startup", Self.lantern)])
        let story = result.story
        #expect(
            story.passages.map(\.id) == [
                "startup", "startup@5", "startup@7", "startup:road", "startup@17", "startup@20",
            ])
        #expect(story.passages.map(\.isFlowPoint) == [false, true, true, true, true, true])
        #expect(story.passage("startup@7")?.text == "")
        #expect(story.passage("startup:road")?.text == "")
        let empty = Self.analysis(result).lint.findings.filter { $0.ruleID == "empty-passage" }
        #expect(empty.map(\.message) == ["passage 'startup' has no text"])
        #expect(empty.map { $0.location?.line } == [1])
    }

    @Test func aGosubContinuesAfterItsReturn() throws {
        let result = try Self.load(Self.ferry)
        let analysis = Self.analysis(result)
        #expect(analysis.paths.total == 2)
        #expect(analysis.endings.entries.map { analysis.graph.ids[$0.passage] } == ["harbour"])
        #expect(analysis.reachability.unreachable.isEmpty)
        #expect(analysis.reachability.trapped.isEmpty)
    }

    // MARK: - Conditions and state

    static let bridge = """
        *scene_list
          startup
        *create strength 40
        *create has_rope false
        *disable_reuse
        The rope bridge creaks.
        *choice
          *if (strength > 50) #Leap the gap.
            *goto far
          *selectable_if (has_rope) #Tie yourself on.
            *set has_rope false
            *goto far
          *allow_reuse #Turn back.
            *set strength %- 5
            *goto home
          *if has_rope
            #Swing across.
              *goto far
          *else
            #Look for a rope.
              *set has_rope true
              *goto home
        *label far
        *if (strength >= 50) and has_rope
          You cross with ease.
          *ending
        *elseif strength > 30
          You cross, shaking.
          *ending
        *else
          You fall.
          *ending
        *label home
        Home again.
        *ending
        """

    @Test func conditionsReuseAndEffectsAreKeptAsData() throws {
        let result = try Self.load([("startup", Self.bridge)])
        let story = result.story
        let start = try #require(story.passage("startup"))
        #expect(
            start.choices.map(\.text) == [
                "Leap the gap.", "Tie yourself on.", "Turn back.", "Swing across.", "Look for a rope.",
            ])
        #expect(
            start.choices.map { $0.condition?.description ?? "-" } == [
                "strength > 50", "has_rope", "-", "has_rope", "not (has_rope)",
            ])
        #expect(start.choices[0].condition?.expression == .binary(.greater, .variable("strength"), .integer(50)))
        #expect(start.choices.map(\.isOnceOnly) == [true, true, false, true, true])
        #expect(start.choices[2].effects.map(\.operation) == [.fairSubtract])
        #expect(start.choices[2].effects.map(\.value) == [.integer(5)])
        #expect(story.variables.map(\.initial) == [.integer(40), .boolean(false)])

        let far = try #require(story.passage("startup:far"))
        #expect(far.choices.map(\.kind) == [.auto, .auto, .auto])
        #expect(
            far.choices.map { $0.condition?.description ?? "-" } == [
                "(strength >= 50) and has_rope",
                "not ((strength >= 50) and has_rope) and strength > 30",
                "not ((strength >= 50) and has_rope) and not (strength > 30)",
            ])
        #expect(
            far.choices[0].condition?.expression
                == .binary(
                    .and, .binary(.greaterOrEqual, .variable("strength"), .integer(50)), .variable("has_rope")))
        let analysis = Self.analysis(result)
        // 3 ways to the far side × 3 branches there, and 2 ways home.
        #expect(analysis.paths.total == 11)
        #expect(analysis.endings.entries.count == 4)
        #expect(Self.findings(result) == [])
    }

    @Test func tabsIndentLikeSpaces() throws {
        let text =
            "*scene_list\n\tstartup\nA fork.\n*choice\n\t#Left.\n\t\tLeft it is.\n\t\t*ending\n\t#Right.\n\t\t*ending\n"
        let result = try Self.load([("startup", text)])
        #expect(result.story.passages.map(\.id) == ["startup", "startup@6", "startup@9"])
        #expect(result.story.passage("startup")?.choices.map(\.text) == ["Left.", "Right."])
        #expect(Self.findings(result) == [])
    }

    // MARK: - quicktest's checks, at quicktest's file and line

    @Test func fallingOutOfAnOptionIsReportedOnTheNextOptionsLine() throws {
        let text =
            "*scene_list\n  startup\nHello.\n*choice\n  #One\n    one\n    *goto a\n  #Two\n    two\n  #Three\n    *goto a\n*label a\n*ending\n"
        let result = try Self.load([("startup", text)])
        #expect(Self.findings(result) == ["startup.txt:10 choicescript-fall-out"])
        #expect(
            result.diagnostics.first { $0.ruleID == "choicescript-fall-out" }?.message
                == "It is illegal to fall out of a *choice statement; you must *goto or *finish before the end of the indented block."
        )
    }

    @Test func missingLabelsScenesAndBodiesAreErrorsWhereQuicktestSaysSo() throws {
        let startup = """
            *title T
            *scene_list
              startup
              second
              absent

            Hello.
            *goto nowhere
            """
        let second = "*choice\n  #a\n    *goto_scene Third\n  #b\n"
        let third = "Three.\n*ending\n"
        let result = try Self.load([("startup", startup), ("second", second), ("third", third)])
        #expect(
            Self.findings(result) == [
                "second.txt:3 choicescript-missing-scene",
                "second.txt:6 choicescript-no-option-body",
                "startup.txt:6 choicescript-missing-scene",
                "third.txt:1 choicescript-unused-scene",
            ])
        let messages = result.diagnostics.filter { $0.ruleID?.hasPrefix("choicescript-") ?? false }.map(\.message)
        #expect(
            messages == [
                "Incorrect capitalization/canonicalization; the file is called third.txt but you requested Third.txt",
                "Expected choice body",
                "File does not exist: absent.txt",
                "scene file third.txt is in no *scene_list and no *goto_scene reaches it",
            ])
        #expect(result.diagnostics.first { $0.ruleID == "choicescript-missing-scene" }?.severity == .error)
        // quicktest's "bad label nowhere" is the broken link at the *goto.
        // ("#b", with no body, runs off the end of the scene: on to the missing scene.)
        // `*goto_scene Third` is an error, and third.txt is read for it: no broken link.
        #expect(
            Self.findings(result, rulePrefix: "broken-link") == ["second.txt:5 broken-link", "startup.txt:8 broken-link"])
    }

    @Test func fallingIntoAnElseNeedsImplicitControlFlow() throws {
        let body = "*if x = 1\n  yes\n*else\n  no\n*ending\n"
        let strict = try Self.load([("startup", "*scene_list\n  startup\n*create x 1\n" + body)])
        #expect(Self.findings(strict) == ["startup.txt:6 choicescript-fall-in-else"])
        let relaxed = try Self.load([
            ("startup", "*scene_list\n  startup\n*create implicit_control_flow true\n*create x 1\n" + body)
        ])
        #expect(Self.findings(relaxed) == [])
    }

    @Test func finishWithNoNextSceneAndUnlistedScenesAreWarnings() throws {
        let result = try Self.load([
            ("startup", "*scene_list\n  startup\nThe end.\n*finish\n"), ("attic", "Dust.\n*ending\n"),
        ])
        #expect(
            Self.findings(result) == [
                "attic.txt:1 choicescript-unused-scene", "startup.txt:4 choicescript-finish-no-next",
            ])
        #expect(
            result.diagnostics.filter { $0.ruleID?.hasPrefix("choicescript-") ?? false }.map(\.severity) == [
                .warning, .warning,
            ])
        #expect(result.story.passage("startup")?.ending != nil)
    }

    @Test func aListedStatsScreenThatNoFlowEntersIsKeptAside() throws {
        let startup =
            "*scene_list\n  startup\n  choicescript_stats\n  road\n*create gold 1\nA coin.\n*goto_scene road\n"
        let stats = "Gold: ${gold}\n*choice\n  #Back.\n    *finish\n"
        let road = "The road.\n*ending\n"
        let result = try Self.load([("startup", startup), ("choicescript_stats", stats), ("road", road)])
        #expect(result.story.passages.map(\.id) == ["startup", "road"])
        #expect(result.story.specialPassages.map(\.id) == ["choicescript_stats"])
        #expect(Self.analysis(result).lint.findings.filter { $0.ruleID == "unreachable" }.isEmpty)
        // Played into by *finish, the same scene is an ordinary one.
        let finished = startup.replacingOccurrences(of: "*goto_scene road", with: "*finish")
        let played = try Self.load([("startup", finished), ("choicescript_stats", stats), ("road", road)])
        #expect(played.story.passages.map(\.id) == ["startup", "choicescript_stats", "road"])
        #expect(played.story.specialPassages.isEmpty)
    }

    @Test func aLabelWrittenTwiceIsADuplicateIDAndTheFirstWins() throws {
        let text =
            "*scene_list\n  startup\nStart.\n*goto well\n*label well\nA well.\n*ending\n*label well\nAnother well.\n*ending\n"
        let result = try Self.load([("startup", text)])
        #expect(result.story.passages.map(\.id) == ["startup", "startup:well"])
        #expect(result.story.passage("startup:well")?.text == "A well.")
        #expect(result.diagnostics.map { "\($0.location?.line ?? 0) \($0.ruleID ?? "")" } == ["8 duplicate-id"])
        #expect(result.diagnostics.first?.notes.first?.location?.line == 5)
    }

    @Test func aSceneFileIsChoiceScriptNotABrokenTweeFile() {
        let scene = SourceText(path: "chapter.txt", text: "Some text.\n*choice\n  #Go\n    *finish\n")
        #expect(ChoiceScriptLoader.confidence(for: scene) == 20)
        #expect(TweeLoader.confidence(for: scene) == 0)
        let notes = SourceText(path: "notes.txt", text: "Shopping list\n* milk\n")
        #expect(ChoiceScriptLoader.confidence(for: notes) == 0)
    }
}
