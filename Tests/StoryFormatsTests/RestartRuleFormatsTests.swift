import StoryFormats
import StoryGraph
import TestSupport
import Testing

/// The one restart rule (`RestartRule`) on the same shapes written in every format: an
/// ending whose text says so ("THE END") and whose only way on is the start under any
/// label ("Wake up", "Next"), a self-loop beside "(Start Over)", a hub named "Start" that
/// side passages return to, a Yarn shop loop, and a "Wake up" passage whose text does not
/// say the story is over (a loop, as in an endless carousel).
@Suite struct RestartRuleFormatsTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var files: [(path: String, text: String)]
        var endings: [String]
        var paths: Int
        var restarts: Int
        var testDescription: String { name }
    }

    static let wakeTwee = """
        :: StoryTitle
        Wake

        :: Start
        You fall asleep. [[Dream]] [[Nap]]

        :: Dream
        A long dream of the sea.

        THE END
        [[Wake up->Start]]

        :: Nap
        A short nap.
        The End.
        [[Next->Start]]
        """

    static let wakeInk = """
        -> sleep
        === sleep ===
        You fall asleep.
        * [Dream] -> dream
        * [Nap] -> nap
        === dream ===
        A long dream of the sea.
        THE END
        * [Wake up] -> sleep
        === nap ===
        A short nap.
        The End.
        -> sleep
        """

    static let wakeYarn = """
        title: Start
        ---
        You fall asleep.
        -> Dream
            <<jump Dream>>
        -> Nap
            <<jump Nap>>
        ===
        title: Dream
        ---
        A long dream of the sea.
        THE END
        -> Wake up
            <<jump Start>>
        ===
        title: Nap
        ---
        A short nap.
        The End.
        <<jump Start>>
        ===
        """

    static let wakeChoiceScript = """
        *title Wake
        *scene_list
          startup
        *label top
        You fall asleep.
        *choice
          #Dream
            *goto dream
          #Nap
            *goto nap
        *label dream
        A long dream of the sea.

        THE END
        *choice
          #Wake up
            *goto top
        *label nap
        A short nap.

        The End.
        *goto top
        """

    static let wakeDestini = """
        struct StoryBrain {
            let stories = [
                Story(title: "You fall asleep.", choice1: "Dream", choice1Destination: 1, choice2: "Nap", choice2Destination: 2),
                Story(title: "A long dream of the sea.", choice1: "Wake up", choice1Destination: 0, choice2: "", choice2Destination: 0),
                Story(title: "A short nap.", choice1: "Next", choice1Destination: 0, choice2: "", choice2Destination: 0),
            ]
        }
        """

    static let wakeGamebook = """
        {
          "intro": {"title": "Sleep", "story": ["You fall asleep."], "options": [{"text": "Dream", "arc": "dream"}, {"text": "Nap", "arc": "nap"}]},
          "dream": {"title": "Dream", "story": ["A long dream of the sea.", "THE END"], "options": [{"text": "Wake up", "arc": "intro"}]},
          "nap": {"title": "Nap", "story": ["A short nap.", "The End."], "options": [{"text": "Next", "arc": "intro"}]}
        }
        """

    static let wakeJSON = """
        {"start": "sleep", "passages": [
          {"id": "sleep", "text": "You fall asleep.", "choices": [{"text": "Dream", "to": "dream"}, {"text": "Nap", "to": "nap"}]},
          {"id": "dream", "text": "A long dream of the sea.\\n\\nTHE END", "choices": [{"text": "Wake up", "to": "sleep"}]},
          {"id": "nap", "text": "A short nap.\\nThe End.", "choices": [{"text": "Next", "to": "sleep"}]}
        ]}
        """

    static let selfLoopTwee = """
        :: Start
        A gate. [[Go->Gate]]

        :: Gate
        The gate is shut for good.
        [[Look again->Gate]]
        [[(Start Over)->Start]]
        """

    static let hubTwee = """
        :: Start
        The square. [[Market]] [[Well]] [[Leave]]

        :: Market
        Stalls and shouting.
        [[Start]]

        :: Well
        A dry well.
        [[Back->Start]]

        :: Leave
        You leave the town behind.
        """

    static let sideRoomTwee = """
        :: Start
        The square. [[Well]] [[Leave]]

        :: Well
        A dry well.
        [[Wait->Well]]
        [[Back->Start]]

        :: Leave
        You leave the town behind.
        """

    static let shopYarn = """
        title: Start
        ---
        Shopkeeper: What will it be?
        -> Bread
            Shopkeeper: Fresh today.
        -> Milk
            Shopkeeper: From the hill farm.
        -> Nothing
            <<jump Leave>>
        Shopkeeper: Anything else?
        <<jump Start>>
        ===
        title: Leave
        ---
        You step back into the street.
        ===
        """

    static let mixedTwee = """
        :: Start
        You fall asleep. [[Dream]] [[Get up]]

        :: Dream
        A long dream of the sea.
        [[Wake up->Start]]

        :: Get up
        You get up and go to work.
        """

    static let cases: [Case] = [
        Case(name: "twee wake", files: [("wake.twee", wakeTwee)], endings: ["Dream", "Nap"], paths: 2, restarts: 2),
        Case(name: "ink wake", files: [("wake.ink", wakeInk)], endings: ["dream", "nap"], paths: 2, restarts: 2),
        Case(name: "yarn wake", files: [("wake.yarn", wakeYarn)], endings: ["Dream", "Nap"], paths: 2, restarts: 2),
        Case(
            name: "choicescript wake", files: [("game/startup.txt", wakeChoiceScript)],
            endings: ["startup:dream", "startup:nap"], paths: 2, restarts: 2),
        Case(name: "destini wake", files: [("StoryBrain.swift", wakeDestini)], endings: ["1", "2"], paths: 2, restarts: 2),
        Case(name: "gamebook wake", files: [("wake.json", wakeGamebook)], endings: ["dream", "nap"], paths: 2, restarts: 2),
        Case(name: "json wake", files: [("wake.json", wakeJSON)], endings: ["dream", "nap"], paths: 2, restarts: 2),
        Case(name: "twee self-loop", files: [("gate.twee", selfLoopTwee)], endings: ["Gate"], paths: 1, restarts: 1),
        Case(name: "twee hub named Start", files: [("hub.twee", hubTwee)], endings: ["Leave"], paths: 1, restarts: 0),
        Case(name: "twee side room with a self-loop", files: [("room.twee", sideRoomTwee)], endings: ["Leave"], paths: 1, restarts: 0),
        Case(name: "yarn shop loop", files: [("shop.yarn", shopYarn)], endings: ["Leave"], paths: 1, restarts: 0),
        Case(name: "twee wake beside an ending", files: [("mixed.twee", mixedTwee)], endings: ["Get up"], paths: 1, restarts: 0),
    ]

    @Test(arguments: cases)
    func theRuleGivesTheEndings(_ c: Case) throws {
        let analysis = Load.analysis(try Load.files(c.files))
        let graph = analysis.graph
        let endings = (0..<graph.passageCount).filter { graph.isEnding[$0] }.map { graph.story.passages[$0].id }
        #expect(endings == c.endings)
        #expect(analysis.paths.total == BigUInt(UInt64(c.paths)))
        #expect(graph.restarts.count == c.restarts)
        #expect(analysis.reachability.trapped == [])
        #expect(analysis.lint.errors == 0)
    }

    /// The start's name never decides: `[[Start]]` from a side passage is a hub return
    /// under every mode, and a label that only repeats the start's name says nothing.
    @Test func theStartsNameNeverDecides() throws {
        for rule in RestartRule.allCases {
            let result = try Load.text(Self.hubTwee, path: "hub.twee", options: LoadOptions(restartRule: rule))
            #expect(StoryGraph(result.story).restarts == [])
        }
    }

    /// A passage whose only way on is the start and whose text does not say the story is
    /// over is a loop back, not an ending: an endless carousel stays all trap.
    @Test func aWayBackWhoseTextSaysNothingIsALoop() throws {
        let carousel = """
            :: Start
            A carousel. [[Ride the horse->Horse]]

            :: Horse
            The horse rises and falls.
            [[Hand over your ticket->Start]]
            """
        let analysis = Load.analysis(try Load.text(carousel, path: "carousel.twee"))
        #expect(analysis.graph.restarts == [])
        #expect(analysis.structure.endings == 0)
        #expect(analysis.reachability.trapped == [0, 1])
    }

    /// `off` keeps only what the format marks: the "Wake up" story has no ending then.
    @Test func offReadsNoShape() throws {
        let result = try Load.text(Self.wakeTwee, path: "wake.twee", options: LoadOptions(restartRule: .off))
        let analysis = Load.analysis(result)
        #expect(analysis.structure.endings == 0)
        #expect(analysis.graph.restarts == [])
    }
}
