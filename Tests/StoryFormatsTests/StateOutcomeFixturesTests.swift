import Foundation
import StoryGraph
import Testing

@testable import StoryFormats

/// Paths and odds under state on stories of our own in four formats: a door a reader
/// may knock on as often as they like, that opens after two knocks (a loop under state:
/// the count of knocks stops mattering at three), and the toll bridge of the Examples.
@Suite struct StateOutcomeFixturesTests {
    static let json = """
        {
          "title": "Door",
          "start": "Door",
          "variables": {"knocks": 0},
          "passages": [
            {"id": "Door", "text": "A shut door.", "choices": [
              {"text": "Knock", "to": "Knock"},
              {"text": "Enter", "to": "Hall", "if": "$knocks >= 2"},
              {"text": "Leave", "to": "Street"}]},
            {"id": "Knock", "text": "You knock.", "set": "$knocks += 1", "choices": [
              {"text": "Wait", "to": "Door"}]},
            {"id": "Hall", "text": "Inside.", "ending": true},
            {"id": "Street", "text": "Outside.", "ending": true}
          ]
        }
        """

    static let ink = """
        VAR knocks = 0
        -> door
        === door ===
        A shut door.
        + [Knock] -> knock
        + {knocks >= 2} [Enter] -> hall
        + [Leave] -> street
        === knock ===
        ~ knocks += 1
        You knock.
        + [Wait] -> door
        === hall ===
        Inside.
        -> END
        === street ===
        Outside.
        -> END
        """

    static let choiceScript = """
        *title Door
        *scene_list
          startup

        *create knocks 0
        *label door
        A shut door.
        *choice
          #Knock
            *set knocks +1
            You knock.
            *choice
              #Wait
                *goto door
          *if (knocks >= 2) #Enter
            Inside.
            *ending
          #Leave
            Outside.
            *ending
        """

    static let yarn = """
        title: Start
        ---
        <<declare $knocks = 0>>
        You come to a door.
        <<jump Door>>
        ===
        title: Door
        ---
        A shut door.
        -> Knock
            <<jump Knock>>
        -> Enter <<if $knocks >= 2>>
            <<jump Hall>>
        -> Leave
            <<jump Street>>
        ===
        title: Knock
        ---
        <<set $knocks += 1>>
        You knock.
        -> Wait
            <<jump Door>>
        ===
        title: Hall
        ---
        Inside.
        ===
        title: Street
        ---
        Outside.
        ===
        """

    struct Case: Sendable, CustomStringConvertible {
        let name: String
        let file: (String, String)
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "json", file: ("door.json", json)), Case(name: "ink", file: ("door.ink", ink)),
        Case(name: "choicescript", file: ("startup.txt", choiceScript)), Case(name: "yarn", file: ("door.yarn", yarn)),
    ]

    @Test(arguments: cases) func aLoopUnderStateIsCountedAndNamedInEveryFormat(_ c: Case) throws {
        let result = try StoryLoading.load(sources: [SourceText(path: "/fixture/\(c.name)/\(c.file.0)", text: c.file.1)]
        )
        let graph = StoryGraph(result.story)
        let s = StateAnalysis(graph)
        #expect(s.isComplete)
        let o = StateOutcomes(s, graph: graph, budget: .unlimited)
        // The endings: the street (leave at once), then the hall (after two knocks).
        let endings = ["Outside", "Inside"].compactMap { text in
            s.reachedEndings.map(\.passage).first { graph.story.passages[$0].text.contains(text) }
        }
        #expect(endings.count == 2)
        #expect(s.reachedEndings.count == 2)
        // Leave after 0, 1, 2 or 3+ knocks (3 and more are one state); enter after 2 or 3+.
        #expect(endings.map { o.perEnding[$0] } == [4, 2])
        #expect(o.total == 6)
        #expect(o.isExact)
        // Structurally: leave, or enter, from the door.
        #expect(
            PathCounts(graph, components: StronglyConnectedComponents(graph), reachability: Reachability(graph)).total
                == 2)
        // The loop: once the knocks saturate (at 3), knocking comes back to the same
        // state. The first state on it the search met is the third knock's; the witness
        // goes there and once around.
        #expect(o.unboundedWalks)
        #expect(o.cycle.count == 3)
        #expect(o.cycle.first == o.cycle.last)
        #expect(o.cycle.map { graph.story.passages[$0].text.hasPrefix("You knock") } == [true, false, true])
        let clicks = o.cycleWitness.filter { graph.choice($0).kind == .choice }.map { graph.choice($0).text }
        #expect(clicks == ["Knock", "Wait", "Knock", "Wait", "Knock", "Wait", "Knock"])
        // Leave: 1/2 + 1/4 + 1/4·1/3 + 1/4·1/3·1/2 = 7/8; enter: 1/12 + 1/24 = 1/8.
        let p = try #require(o.endingProbability)
        #expect(abs(p[endings[0]] - 0.875) < 1e-12)
        #expect(abs(p[endings[1]] - 0.125) < 1e-12)
        #expect(o.stuck == 0)
        #expect(o.neverEnding == 0)
        #expect(o.oddsConverged)
    }

    @Test func theTollBridgeHasMorePathsUnderStateThanByItsLinks() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../Examples/toll-bridge.json"
        ).standardized
        let text = try String(contentsOf: url, encoding: .utf8)
        let result = try StoryLoading.load(sources: [SourceText(path: "toll-bridge.json", text: text)])
        let graph = StoryGraph(result.story)
        let s = StateAnalysis(graph)
        // An ending reads nothing: its states are one each (`StateLiveness`).
        #expect(s.states == 10)
        let o = StateOutcomes(s, graph: graph, budget: .unlimited)
        let id = { (name: String) in graph.indexByID[name]! }
        // Home from the gate with 0, 2 or 4 coins; the barn after one or two shifts; the
        // city never (the toll is five coins, two shifts pay four; no one gives the pass).
        #expect(o.perEnding[id("Home")] == 3)
        #expect(o.perEnding[id("Barn")] == 2)
        #expect(o.perEnding[id("City")] == 0)
        #expect(o.total == 5)
        #expect(o.isExact)
        #expect(o.unboundedWalks)
        #expect(o.cycle.map { graph.ids[$0] } == ["Gate", "Ferry", "Gate"])
        #expect(o.cycleWitness.map { graph.choice($0).text } == ["Ask the ferryman", "Back to the gate"])
        // At each gate the ferry comes back: the mill or home, half each, until the mill
        // is shut after two shifts. Home 1/2 + 1/8 + 1/16 = 11/16, the barn 5/16.
        let p = try #require(o.endingProbability)
        #expect(p[id("Home")] == 0.6875)
        #expect(p[id("Barn")] == 0.3125)
        #expect(p[id("City")] == 0)
        #expect(o.stuck == 0)
        #expect(o.endingStates == 2)
    }
}

extension StateOutcomeFixturesTests {
    @Test func theReportShowsPathsAndOddsUnderStateBesideTheLinks() throws {
        let result = try StoryLoading.load(sources: [SourceText(path: "door.json", text: Self.json)])
        let report = Report(StoryAnalysis(StoryGraph(result.story)))
        let lines = report.text().split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let from = try #require(lines.firstIndex { $0.hasPrefix("  reachable ending") })
        #expect(
            Array(lines[from..<(from + 7)]) == [
                "  reachable ending  steps  paths   odds  witness (the reader's choices)",
                "  ----------------  -----  -----  -----  ---------------------------------------------",
                "  Hall                  5      2  12.5%  'Knock' → 'Wait' → 'Knock' → 'Wait' → 'Enter'",
                "  Street                1      4  87.5%  'Leave'",
                "  paths under state                 6 (exact; 2 by the links alone)",
                "  loops under state                 yes: Knock → Door → Knock (the reader's choices 'Knock' → 'Wait' → 'Knock' → 'Wait' → 'Knock' → 'Wait' → 'Knock')",
                "  odds under state (choices shown)  stuck 0%, never ending 0%",
            ])
        // The JSON holds the same, and reads back.
        let json = report.json()
        let back = try Report(json: Data(json.utf8))
        #expect(back.state == report.state)
        let state = try #require(back.state)
        #expect(state.paths == 6)
        #expect(state.pathsExact == true)
        #expect(state.cycle == ["Knock", "Door", "Knock"])
        #expect(state.reachableEndings.map(\.paths) == [2, 4])
        #expect(state.reachableEndings.map(\.probability) == [0.125, 0.875])
        #expect(state.stuck == 0)
        // Cut by its budget: lower bounds, and no odds.
        var options = StoryAnalysis.Options()
        options.stateBudget = .init(maxStates: 4)
        let cut = try #require(Report(StoryAnalysis(StoryGraph(result.story), options: options)).state)
        #expect(cut.complete == false)
        #expect(cut.paths == 1)
        #expect(cut.pathsExact == false)
        #expect(cut.stuck == nil)
        #expect(cut.reachableEndings.map(\.probability) == [nil])
    }
}
