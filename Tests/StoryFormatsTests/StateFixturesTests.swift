import Foundation
import StoryGraph
import TestSupport
import Testing

@testable import StoryFormats

/// One small story with variables, written here in six formats: a key nobody gives, a
/// purse of coins that can never reach the boat's price, an always-true guard, a lamp
/// that is only ever read, and a flag that is set and never read. The state search
/// must tell the same things of each.
@Suite struct StateFixturesTests {
    static let json = """
        {
          "title": "Lighthouse",
          "start": "Shore",
          "variables": {"coins": 0, "key": false},
          "passages": [
            {"id": "Shore", "text": "You stand on the shore.", "choices": [
              {"text": "Beach", "to": "Beach"},
              {"text": "Village", "to": "Village"}]},
            {"id": "Beach", "text": "A coin in the sand.", "set": ["$coins += 1", "$beach_seen = true"], "choices": [
              {"text": "Walk to the village", "to": "Village"}]},
            {"id": "Village", "text": "A fisher pays you a coin.", "set": "$coins += 1", "choices": [
              {"text": "Unlock the tower", "to": "Tower", "if": "$key"},
              {"text": "Buy a boat", "to": "Boat", "if": "$coins >= 3"},
              {"text": "Rest at the inn", "to": "Inn", "if": "$coins >= 0"},
              {"text": "Walk home in the dark", "to": "Dark", "if": "not $lamp_lit"}]},
            {"id": "Tower", "text": "Stairs.", "choices": [{"text": "Climb", "to": "Top"}]},
            {"id": "Top", "text": "The light.", "ending": "good"},
            {"id": "Boat", "text": "You sail away.", "ending": true},
            {"id": "Inn", "text": "You sleep.", "ending": true},
            {"id": "Dark", "text": "You stumble home.", "ending": true}
          ]
        }
        """

    static let ink = """
        VAR coins = 0
        VAR key = false
        VAR lamp_lit = false
        VAR beach_seen = false
        -> shore
        === shore ===
        You stand on the shore.
        * [Beach] -> beach
        * [Village] -> village
        === beach ===
        ~ coins += 1
        ~ beach_seen = true
        A coin in the sand.
        * [Walk to the village] -> village
        === village ===
        ~ coins += 1
        A fisher pays you a coin.
        * {key} [Unlock the tower] -> tower
        * {coins >= 3} [Buy a boat] -> boat
        * {coins >= 0} [Rest at the inn] -> inn
        * {not lamp_lit} [Walk home in the dark] -> dark
        === tower ===
        Stairs.
        * [Climb] -> top
        === top ===
        The light.
        -> END
        === boat ===
        You sail away.
        -> END
        === inn ===
        You sleep.
        -> END
        === dark ===
        You stumble home.
        -> END
        """

    static let choiceScript = """
        *title Lighthouse
        *scene_list
          startup

        *create coins 0
        *create key false
        *create lamp_lit false
        *create beach_seen false
        You stand on the shore.
        *choice
          #Beach
            *goto beach
          #Village
            *goto village
        *label beach
        *set coins +1
        *set beach_seen true
        A coin in the sand.
        *choice
          #Walk to the village
            *goto village
        *label village
        *set coins +1
        A fisher pays you a coin.
        *choice
          *if (key) #Unlock the tower
            *goto tower
          *if (coins >= 3) #Buy a boat
            You sail away.
            *ending
          *if (coins >= 0) #Rest at the inn
            You sleep.
            *ending
          *if (not(lamp_lit)) #Walk home in the dark
            You stumble home.
            *ending
        *label tower
        Stairs.
        *choice
          #Climb
            The light.
            *ending
        """

    static let yarn = """
        title: Shore
        ---
        <<declare $coins = 0>>
        You stand on the shore.
        -> Beach
            <<jump Beach>>
        -> Village
            <<jump Village>>
        ===
        title: Beach
        ---
        <<set $coins += 1>>
        <<set $beach_seen to true>>
        A coin in the sand.
        -> Walk to the village
            <<jump Village>>
        ===
        title: Village
        ---
        <<set $coins += 1>>
        A fisher pays you a coin.
        -> Unlock the tower <<if $key>>
            <<jump Tower>>
        -> Buy a boat <<if $coins >= 3>>
            <<jump Boat>>
        -> Rest at the inn <<if $coins >= 0>>
            <<jump Inn>>
        -> Walk home in the dark <<if not $lamp_lit>>
            <<jump Dark>>
        ===
        title: Tower
        ---
        Stairs.
        -> Climb
            <<jump Top>>
        ===
        title: Top
        ---
        The light.
        ===
        title: Boat
        ---
        You sail away.
        ===
        title: Inn
        ---
        You sleep.
        ===
        title: Dark
        ---
        You stumble home.
        ===
        """

    /// The Twee passages the two Twine dialects write alike.
    static let twineEndings = """
        :: Top
        The light.

        :: Boat
        You sail away.

        :: Inn
        You sleep.

        :: Dark
        You stumble home.
        """

    static let sugarCube = """
        :: StoryTitle
        Lighthouse

        :: StoryData
        {"ifid": "0B7C3D1E-5A2F-4E6B-9C8D-1F2E3A4B5C6D", "format": "SugarCube", "format-version": "2.36.1", "start": "Shore"}

        :: StoryInit
        <<set $coins to 0, $key to false>>

        :: Shore
        You stand on the shore.
        [[Beach]]
        [[Village]]

        :: Beach
        <<set $coins += 1>><<set $beach_seen to true>>A coin in the sand.
        [[Walk to the village|Village]]

        :: Village
        <<set $coins++>>A fisher pays you a coin.
        <<if $key>>[[Unlock the tower|Tower]]<</if>>
        <<if $coins gte 3>>[[Buy a boat|Boat]]<</if>>
        <<if $coins >= 0>>[[Rest at the inn|Inn]]<</if>>
        <<if not $lamp_lit>>[[Walk home in the dark|Dark]]<</if>>

        :: Tower
        Stairs.
        [[Climb|Top]]
        \(twineEndings)
        """

    static let harlowe = """
        :: StoryTitle
        Lighthouse

        :: StoryData
        {"ifid": "1C8D4E2F-6B3A-4F7C-8D9E-2A3B4C5D6E7F", "format": "Harlowe", "format-version": "3.3.8", "start": "Shore"}

        :: Setup [startup]
        (set: $coins to 0, $key to false)

        :: Shore
        You stand on the shore.
        [[Beach]]
        [[Village]]

        :: Beach
        (set: $coins to it + 1)(set: $beach_seen to true)A coin in the sand.
        [[Walk to the village->Village]]

        :: Village
        (put: $coins + 1 into $coins)A fisher pays you a coin.
        (if: $key)[ [[Unlock the tower->Tower]] ]
        (if: $coins >= 3)[ [[Buy a boat->Boat]] ]
        (if: $coins >= 0)[ [[Rest at the inn->Inn]] ]
        (unless: $lamp_lit)[ [[Walk home in the dark->Dark]] ]

        :: Tower
        Stairs.
        [[Climb->Top]]
        \(twineEndings)
        """

    struct Case: Sendable, CustomStringConvertible {
        let name: String
        let files: [(String, String)]
        /// Per format: the states explored (ink's story starts one passage before the
        /// first knot), the blocked endings in source order (ChoiceScript writes the boat's
        /// ending inside its option, before the tower), the variables tracked.
        let states: Int
        var blocked = [["Unlock the tower"], ["Buy a boat"]]
        let tracked: [String]
        let readNeverSet: [String]
        /// Twine's passage text is its source, macros and all, so a variable set by a
        /// `<<set>>` is named in the text, and a name shown in the text counts as read.
        var setNeverRead = ["beach_seen"]
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "json", files: [("lighthouse.json", json)], states: 6,
            tracked: ["coins", "key", "lamp_lit"], readNeverSet: ["key", "lamp_lit"]),
        Case(
            name: "ink", files: [("lighthouse.ink", ink)], states: 7,
            tracked: ["coins", "key", "lamp_lit"], readNeverSet: ["key", "lamp_lit"]),
        Case(
            name: "choicescript", files: [("startup.txt", choiceScript)], states: 6,
            blocked: [["Buy a boat"], ["Unlock the tower"]], tracked: ["coins", "key", "lamp_lit"],
            readNeverSet: ["key", "lamp_lit"]),
        Case(
            name: "yarn", files: [("lighthouse.yarn", yarn)], states: 6,
            tracked: ["coins", "key", "lamp_lit"], readNeverSet: ["key", "lamp_lit"]),
        Case(
            name: "sugarcube", files: [("lighthouse.twee", sugarCube)], states: 6,
            tracked: ["coins", "key", "lamp_lit"], readNeverSet: ["key", "lamp_lit"], setNeverRead: []),
        Case(
            name: "harlowe", files: [("lighthouse.twee", harlowe)], states: 6,
            tracked: ["coins", "key", "lamp_lit"], readNeverSet: ["key", "lamp_lit"], setNeverRead: []),
    ]

    static func label(_ graph: StoryGraph, _ ref: ChoiceRef) -> String { graph.choice(ref).text }

    @Test(arguments: cases) func theSearchTellsTheSameInEveryFormat(_ c: Case) throws {
        let result = try Load.files(c.files.map { ("/fixture/\(c.name)/\($0.0)", $0.1) })
        let graph = StoryGraph(result.story)
        let s = StateAnalysis(graph)
        #expect(s.isComplete)
        #expect(s.states == c.states)
        #expect(s.model.variables == c.tracked)
        #expect(s.model.abstracted.contains("beach_seen"))
        #expect(s.setNeverRead == c.setNeverRead)
        #expect(s.readNeverSet == c.readNeverSet)
        // The endings: the inn and the dark road are reached, by the shortest way (the
        // reader's clicks; ink's first divert is a step the story takes by itself).
        #expect(
            s.reachedEndings.map {
                $0.witness.filter { graph.choice($0).kind == .choice }.map { Self.label(graph, $0) }
            }
                == [["Village", "Rest at the inn"], ["Village", "Walk home in the dark"]])
        // The tower's top and the boat are only structurally reachable.
        #expect(s.blockedEndings.map { $0.blocking.map { Self.label(graph, $0) } } == c.blocked)
        #expect(s.neverTrue.map { Self.label(graph, $0) } == ["Unlock the tower", "Buy a boat"])
        #expect(s.alwaysTrue.map { Self.label(graph, $0) } == ["Rest at the inn", "Walk home in the dark"])
        #expect(s.onlyStructural.map { graph.story.passages[$0].text.hasPrefix("Stairs") } == [true])
        #expect(s.unknownChoices.isEmpty)
        #expect(s.readBeforeSet.isEmpty)
    }
}
