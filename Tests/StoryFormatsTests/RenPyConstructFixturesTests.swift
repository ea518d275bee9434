import Foundation
import StoryGraph
import TestSupport
import Testing

@testable import StoryFormats

/// The Ren'Py games of ours under Tests/Fixtures/renpy-*: screens (`call screen`,
/// `show screen`), menus (`set`, a named menu, a caption, guards) and the flow (local
/// labels, `call … from`, `jump expression`, `renpy.jump`, init blocks, Ren'Py's own labels,
/// `extend`, `python:` with control flow, `[var]` interpolation), each with exact counts.
/// Ren'Py 8.0.3's lint (Tests/tools/renpy-lint.py) reports no error on any of them, and its
/// statistics are the ones asserted here.
@Suite struct RenPyConstructFixturesTests {
    static func load(_ name: String) throws -> LoadResult {
        try StoryLoading.load(paths: [Repository.path("Tests/Fixtures/\(name)/game")])
    }

    /// The facts every fixture is checked on.
    struct Figures: Equatable {
        var labels: Int
        var menus: Int
        var dialogue: Int
        var words: Int
        var passages: Int
        var choices: Int
        var endings: [String]
        var paths: Int
        var reachable: Int
    }

    static func figures(_ result: LoadResult) -> Figures {
        let story = result.story
        let analysis = Load.analysis(result, budget: .unlimited)
        let statistics = Dictionary(story.sourceStatistics.map { ($0.name, $0.value) }, uniquingKeysWith: { a, _ in a })
        return Figures(
            labels: statistics["labels"] ?? -1, menus: statistics["menus"] ?? -1,
            dialogue: statistics["dialogue_blocks"] ?? -1, words: statistics["words"] ?? -1,
            passages: story.passages.count, choices: story.passages.map(\.choices.count).reduce(0, +),
            endings: analysis.reachability.reachableEndings.map { analysis.graph.ids[$0] },
            paths: Int("\(analysis.paths.total)") ?? -1,
            reachable: analysis.reachability.reachable.filter { $0 }.count)
    }

    /// `text -> target [condition]` of a passage's choices (`~` a call, `?` a dynamic link).
    static func choices(_ passage: Passage?) -> [String] {
        (passage?.choices ?? []).map { choice in
            let mark =
                switch choice.kind {
                case .call: "~"
                case .dynamic: "?"
                case .return: "<-"
                default: ""
                }
            let condition = choice.condition.map { " [\($0.description)]" } ?? ""
            return (choice.text.isEmpty ? "" : choice.text + " ") + "-> \(mark)\(choice.target)\(condition)"
        }
    }

    /// `call screen`: one choice per button, under the screen's `if`/`elif`/`else`, an action
    /// list's `SetVariable` an effect of its choice, `Call` a call returning past the
    /// statement, `Return` a choice on past it, `Show` another screen's buttons too, a
    /// `Function` a dynamic link; `show screen`: its buttons offered at every passage that
    /// goes on while it is shown (not after `hide screen`, not at an ending), a condition over
    /// the screen's own `for` variable unknown.
    @Test func screensAreChoicesWhereTheyJump() throws {
        let result = try Self.load("renpy-screens")
        #expect(
            Self.figures(result)
                == Figures(
                    labels: 8, menus: 0, dialogue: 9, words: 39, passages: 11, choices: 27,
                    endings: ["gate", "curfew", "home"], paths: 18, reachable: 10))
        let story = result.story
        #expect(
            Self.choices(story.passage("start")) == [
                "Lanterns -> lanterns", "Fortune teller -> fortune [coins >= 3]",
                "Sweets -> ~sweets [not (coins >= 3) and coins > 0]",
                "Beg -> ?Function(beg) [not (coins >= 3) and not (coins > 0)]", "imagebutton -> river",
                "Leave -> start:43", "Late -> curfew [h > 2]", "Home -> home",
            ])
        #expect(story.passage("start")?.choices[0].effects.map(\.text) == ["lantern = True"])
        #expect(story.passage("start")?.choices[2].returnTo == "start:43")
        // The shown screen's buttons: at the passage that hides it (its text is said
        // first), at the labels reached while it is shown, not at the endings.
        #expect(Self.choices(story.passage("start:43")) == ["-> home", "Late -> curfew [h > 2]", "Home -> home"])
        #expect(Self.choices(story.passage("river")) == ["Wish -> ?wish_action", "Late -> curfew [h > 2]", "Home -> home"])
        #expect(Self.choices(story.passage("home")) == [])
        // A screen whose buttons only change variables is a passage of its own, which
        // they come back to; what an `If()` sets is unknown. Nothing returns from
        // `pockets`, so the line after it (fortune:55) is never reached.
        #expect(
            Self.choices(story.passage("fortune:54")) == [
                "imagebutton -> fortune:54 [not found_key]", "Lamp -> fortune:54", "Open the gate -> gate [found_key]",
                "Late -> curfew [h > 2]", "Home -> home",
            ])
        #expect(
            story.passage("fortune:54")?.choices.prefix(2).map { $0.effects.map { "\($0.variable) \(RenPyGame.isOpaque($0.value))" } }
                == [["found_key false"], ["lantern true", "lantern true"]])
        #expect(Self.choices(story.passage("sweets")) == ["-> <-"])
        #expect(
            result.diagnostics.map { "\($0.location?.line ?? 0) \($0.ruleID ?? "") \($0.message)" } == [
                "42 renpy-screen call screen stalls: 1 action (Function ×1) storygraph does not read; each is a dynamic link",
                "67 renpy-screen call screen unread: 1 action (expression ×1) storygraph does not read; each is a dynamic link",
            ])
    }

    /// `menu name:` is a label; `set`: a caption taken is not offered again, and a menu
    /// with no item left (each taken, or its `if` false) is skipped. The state search
    /// counts the orders a reader can ask in: 5 ways, 3 by the links alone.
    @Test func menuSetNamedMenuCaptionAndGuards() throws {
        let result = try Self.load("renpy-menus")
        #expect(
            Self.figures(result)
                == Figures(
                    labels: 5, menus: 2, dialogue: 8, words: 35, passages: 8, choices: 11,
                    endings: ["confess", "release"], paths: 3, reachable: 8))
        let story = result.story
        #expect(
            Self.choices(story.passage("questions")) == [
                #"Where were you last night? -> questions:13 ["Where were you last night?" not in asked]"#,
                #"Who saw you? -> questions:17 [nerve > 0 and "Who saw you?" not in asked]"#,
                #"Can I go? -> questions:21 ["Can I go?" not in asked]"#, "-> after_questions",
            ])
        #expect(story.passage("questions")?.choices.map(\.isFallback) == [false, false, false, true])
        #expect(story.passage("questions")?.choices.first?.effects.map(\.text) == [#"asked.add("Where were you last night?")"#])
        #expect(story.passage("questions")?.text == "Detective: What do you want to know first?")
        #expect(story.variables.first { $0.name == "asked" }?.initial == .string(""))
        let state = try #require(Report(Load.analysis(result, budget: .unlimited)).state)
        #expect(state.paths == 5)
        #expect(state.pathsExact == true)
        #expect(result.diagnostics.map(\.description) == [])
    }

    /// Local labels, `call … from`, a constant `jump expression` and `renpy.jump`, a
    /// computed one (a dynamic link), `init:` and `init python:`, Ren'Py's own labels kept
    /// aside (what `after_load` writes unknown wherever it is read), `extend`, a `python:`
    /// block with control flow, and `[var]` shown where its value is known. The label
    /// `crossing` itself is never entered (the game jumps to `crossing.middle`), but a
    /// computed `jump expression` may go anywhere: no passage is claimed unreachable.
    @Test func flowConstructsAndInterpolation() throws {
        let result = try Self.load("renpy-flow")
        #expect(
            Self.figures(result)
                == Figures(
                    labels: 9, menus: 0, dialogue: 8, words: 37, passages: 9, choices: 9,
                    endings: ["near_shore"], paths: 1, reachable: 8))
        let story = result.story
        #expect(story.specialPassages.map(\.id) == ["splashscreen", "before_main_menu", "after_load"])
        #expect(
            story.passages.map { "\($0.id):" + Self.choices($0).map { " " + $0 }.joined() } == [
                "start: -> ~pay", "start:30: -> crossing.middle", "crossing: -> crossing.middle",
                "crossing.middle: -> crossing:43 [crossed > 1] -> crossing:44 [not (crossed > 1)]",
                "crossing:43: -> far_shore", "crossing:44: -> near_shore", "pay: -> <-", "far_shore: -> ?tide",
                "near_shore:",
            ])
        #expect(story.passage("start")?.choices.first?.returnTo == "start:30")
        let start = try #require(story.passage("start"))
        #expect(start.text == "Ferryman: Welcome, [player_name!u]. The fare is [fare] coins, the toll [toll:.2f]. Cash only.")
        #expect(start.shownText == "Ferryman: Welcome, ANN. The fare is 3 coins, the toll 2.50. Cash only.")
        // Set in another passage: not known here.
        #expect(story.passage("crossing.middle")?.shownText == "Ferryman: Halfway, [player_name].")
        #expect(story.variables.map(\.name) == ["fare", "toll", "player_name", "crossed", "tide", "lamps"])
        // after_load may run at any point: `tide` is unknown wherever it is read.
        #expect(story.variables.first { $0.name == "tide" }?.isComputed == true)
        #expect(story.variables.first { $0.name == "tide" }?.initial == .unknown("after_load writes tide"))
        #expect(result.diagnostics.map(\.description) == [])
    }

    /// An empty action is no action; the calls of an action are read in order.
    @Test func screenActionsAreReadInOrder() {
        #expect(RenPyScreens.isQuietLiteral("[[]]") && RenPyScreens.isQuietLiteral("None"))
        #expect(!RenPyScreens.isQuietLiteral("no_action"))
        #expect(
            RenPyScreens.calls(in: #"[SetVariable("a", f(1)), Jump("x")] style "b""#).map(\.0) == [
                "SetVariable", "f", "Jump",
            ])
        #expect(RenPyScreens.arguments(#""a", (1, 2), "b,c""#) == [#""a""#, "(1, 2)", #""b,c""#])
    }

    @Test func interpolationFormatsAsRenPyDoes() {
        let known: [String: RenPyValue] = [
            "name": .string("ann lee"), "gold": .integer(7), "rate": .decimal(0.125), "ok": .boolean(true),
        ]
        #expect(
            RenPyInterpolation.interpolate(
                "[name!c] [name!u] [gold] [gold:.1f] [rate:.2f] [ok] [[name] [name!r] [other] [name.title]", known: known)
                == "Ann lee ANN LEE 7 7.0 0.12 True [[name] [name!r] [other] [name.title]")
    }
}
