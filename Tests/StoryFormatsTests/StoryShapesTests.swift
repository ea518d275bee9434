import Foundation
import StoryFormats
import StoryGraph
import TestSupport
import Testing

/// Shapes real stories come in (issue 26, item 6), each in a fixture of our own with its
/// exact counts: capitalised gamebook keys, an edge list whose endings are named only as
/// targets, Twison JSON, a ChoiceScript game whose startup scene is capitalised otherwise.
@Suite struct StoryShapesTests {
    static func figures(_ result: LoadResult) -> (ids: [String], endings: [String], paths: BigUInt, errors: [String]) {
        let analysis = Load.analysis(result, budget: .unlimited)
        let graph = analysis.graph
        let ids = result.story.passages.map(\.id)
        let endings = (0..<graph.passageCount).filter { graph.isEnding[$0] }.map { ids[$0] }
        let errors = result.diagnostics.filter { $0.severity == .error }.map { $0.ruleID ?? "" }
        return (ids, endings, analysis.paths.total, errors)
    }

    /// CYOA arcs with capitalised keys (`Story`, `Options`, `Arc`), and arcs kept under an
    /// `Arcs` key: both are gamebooks of 3 pages, 2 endings, 2 paths.
    @Test(arguments: [
        """
        {
          "intro": {"Title": "Sleep", "Story": ["You fall asleep."], "Options": [{"Text": "Dream", "Arc": "dream"}, {"Text": "Get up", "Arc": "up"}]},
          "dream": {"Title": "Dream", "Story": ["A long dream."], "Options": []},
          "up": {"Title": "Up", "Story": ["You get up."], "Options": []}
        }
        """,
        """
        {"Arcs": {
          "intro": {"title": "Sleep", "story": ["You fall asleep."], "options": [{"text": "Dream", "arc": "dream"}, {"text": "Get up", "arc": "up"}]},
          "dream": {"title": "Dream", "story": ["A long dream."], "options": []},
          "up": {"title": "Up", "story": ["You get up."], "options": []}
        }}
        """,
    ])
    func arcsAndOptionsKeys(text: String) throws {
        let result = try Load.text(text, path: "arcs.json")
        let f = Self.figures(result)
        #expect(f.ids == ["intro", "dream", "up"])
        #expect(f.endings == ["dream", "up"])
        #expect(f.paths == BigUInt(2))
        #expect(result.story.passages[0].choices.map(\.text) == ["Dream", "Get up"])
        #expect(f.errors == [])
    }

    /// An edge list: 4 links among 4 pages, two of them ("road", "cellar") named only as
    /// targets: endings.
    static let edges = """
        [
          {"from": "gate", "to": "hall", "text": "Open the gate"},
          {"from": "gate", "to": "road", "text": "Walk on"},
          {"from": "hall", "to": "cellar", "text": "Go down"},
          {"from": "hall", "to": "road", "text": "Leave"}
        ]
        """

    @Test func anEdgeListsPagesNamedOnlyAsTargetsAreEndings() throws {
        let result = try Load.text(Self.edges, path: "edges.json")
        #expect(result.story.format == "gamebook")
        let f = Self.figures(result)
        #expect(f.ids == ["gate", "hall", "road", "cellar"])
        #expect(f.endings == ["road", "cellar"])
        #expect(f.paths == BigUInt(3))
        #expect(result.story.start == "gate")
        #expect(result.story.passages[1].choices.map(\.text) == ["Go down", "Leave"])
        #expect(f.errors == [])
        #expect(
            result.diagnostics.first?.message
                == "inferred: an edge list (top-level list): pages = the \"from\" and \"to\" values, each record a link labelled \"text\""
        )
    }

    /// A list of records with fields of no edge's name is no edge list.
    @Test func recordsOfOtherNamesAreNoEdgeList() {
        let text = #"[{"name": "a", "parent": "b"}, {"name": "b", "parent": "a"}]"#
        #expect(throws: StoryLoadError.self) { try Load.text(text, path: "people.json") }
    }

    /// A target field named as one (`nextText`) wins over a field whose numbers only happen
    /// to name sections (`numberOfPoints`: 1s and 2s): no false loop, no false trap.
    @Test func aNamedTargetFieldWinsOverNumbersThatHappenToHit() throws {
        let text = """
            const textNodes=[{id:1,text:"Q",options:[{text:"A",numberOfPoints:2,nextText:-1},{text:"B",numberOfPoints:1,nextText:2}]},{id:2,text:"R",options:[{text:"C",numberOfPoints:1,nextText:-1}]}]
            """
        let result = try Load.text(text, path: "data.js")
        let f = Self.figures(result)
        #expect(result.diagnostics.first?.message.hasSuffix("options = \"options\"[].{\"text\",\"nextText\"}") == true)
        #expect(f.endings == ["2"])
        #expect(f.paths == BigUInt(1))
        #expect(Load.analysis(result).lint.errors == 0)
    }

    /// A module of `const stepN = {…}` objects gathered by name in an exported list, whose
    /// options name the next step by its place in the list: one story of 3 steps (the
    /// objects are the list's, not stories of their own), 1 ending, 2 paths.
    @Test func aListOfNamedObjectsIsOneStoryIndexedByPlace() throws {
        let text = """
            const step0 = {
              texts: ["The cellar door is open."],
              options: [{ text: "Go down", nextStep: 1 }, { text: "Walk away", nextStep: 2 }]
            };
            const step1 = { texts: ["Dust, and a way back up."], options: [{ text: "Climb out", nextStep: 2 }] };
            const step2 = { texts: ["The night air."], options: [] };
            export const stepsData = [step0, step1, step2];
            """
        let result = try Load.text(text, path: "stepsData.js")
        let f = Self.figures(result)
        #expect(f.ids == ["0", "1", "2"])
        #expect(f.endings == ["2"])
        #expect(f.paths == BigUInt(2))
        #expect(result.story.passages[0].choices.map(\.text) == ["Go down", "Walk away"])
        #expect(f.errors == [])
        #expect(!result.diagnostics.contains { $0.ruleID == GamebookRules.jsCode.id })
    }

    /// Twison (Twine 2 exported as JSON): `name`/`link` and `pid`/`pid` read the same
    /// links, so the story is read (by name), not refused as ambiguous.
    static let twison = """
        {"passages":[
         {"text":"A gate. [[Open it->Hall]] [[Leave]]","links":[{"name":"Open it","link":"Hall","pid":"2"},{"name":"Leave","link":"Leave","pid":"3"}],"name":"Gate","pid":"1"},
         {"text":"A hall. [[Back->Gate]] [[Stairs]]","links":[{"name":"Back","link":"Gate","pid":"1"},{"name":"Stairs","link":"Stairs","pid":"4"}],"name":"Hall","pid":"2"},
         {"text":"You walk away.","name":"Leave","pid":"3"},
         {"text":"The top of the stairs.","name":"Stairs","pid":"4"}
        ],"name":"Gate","startnode":"1","creator":"Twine","creator-version":"2.3.14"}
        """

    @Test func twisonIsReadWhenItsReadingsAgree() throws {
        let result = try Load.text(Self.twison, path: "gate.json")
        let f = Self.figures(result)
        #expect(f.ids == ["Gate", "Hall", "Leave", "Stairs"])
        #expect(f.endings == ["Leave", "Stairs"])
        #expect(f.paths == BigUInt(2))
        #expect(f.errors == [])
        #expect(result.story.passages[0].choices.map(\.text) == ["Open it", "Leave"])
    }

    /// A scene list naming `Startup` for startup.txt (and `Hill` for hill.txt): quicktest's
    /// errors at the list, and the game analysed from startup.txt through hill.txt.
    @Test func aStartupSceneCapitalisedOtherwiseIsReadWithTheError() throws {
        let result = try Load.files([
            ("/fixture/game/startup.txt", "*title T\n*scene_list\n  Startup\n  Hill\n\nHello.\n*finish\n"),
            ("/fixture/game/hill.txt", "On the hill.\n*choice\n  #Stay\n    *ending\n  #Go\n    *ending\n"),
        ])
        let messages = result.diagnostics.filter { $0.severity == .error }.map { "\($0.location!.line): \($0.message)" }
        #expect(
            messages == [
                "5: Incorrect capitalization/canonicalization; the file is called startup.txt but you requested Startup.txt",
                "5: Incorrect capitalization/canonicalization; the file is called hill.txt but you requested Hill.txt",
            ])
        let f = Self.figures(result)
        #expect(f.paths == BigUInt(2))
        #expect(f.endings.count == 2)
    }

    /// A scene file that is not UTF-8 (a Windows-1252 apostrophe, byte 0x92): its error,
    /// and the game analysed through it, the scene not called unused.
    @Test func aSceneThatIsNotUTF8IsReadWithItsError() throws {
        let root = Repository.temporaryFolder()
        try Data("*title T\n*scene_list\n  startup\n  two\n\nHello.\n*finish\n".utf8)
            .write(to: root.appendingPathComponent("startup.txt"))
        try Data([0x49, 0x92, 0x6D, 0x20, 0x68, 0x65, 0x72, 0x65, 0x2E, 0x0A] + Array("*ending\n".utf8))
            .write(to: root.appendingPathComponent("two.txt"))
        let result = try StoryLoading.load(paths: [root.path])
        let findings = result.diagnostics.filter { $0.severity != .info }.map { "\($0.location?.line ?? 0) \($0.ruleID ?? "")" }
        #expect(findings == ["1 choicescript-invalid-utf8"])
        #expect(StoryLoading.refusal(of: result) == nil)
        #expect(Self.figures(result).paths == BigUInt(1))
        #expect(result.story.passages.contains { $0.text.contains("I\u{FFFD}m here.") })
    }

    /// A game whose startup file is `Startup.txt` while the list says `startup`.
    @Test func aStartupFileCapitalisedOtherwiseIsReadWithTheError() throws {
        let result = try Load.files([
            ("/fixture/game/Startup.txt", "*title T\n*scene_list\n  startup\n\nHello.\n*choice\n  #A\n    *ending\n  #B\n    *ending\n")
        ])
        let messages = result.diagnostics.filter { $0.severity == .error }.map(\.message)
        #expect(
            messages == [
                "Incorrect capitalization/canonicalization; the file is called Startup.txt but you requested startup.txt"
            ])
        #expect(Self.figures(result).paths == BigUInt(2))
    }

    /// A gamebook of one YAML file per node (the id is the file's name): one story, read
    /// from the folder or from its files given one by one.
    @Test func aGamebookOfOneYAMLFilePerNodeIsOneStory() throws {
        let root = Repository.temporaryFolder()
        let nodes = [
            "intro.yaml": "text: You wake in a cellar.\noptions:\n  - label: Climb the stairs\n    goto: hall\n  - label: Sleep again\n    goto: dream\n",
            "hall.yaml": "text: A hall full of light.\n",
            "dream.yaml": "text: You dream of the sea.\noptions:\n  - label: Wake\n    goto: hall\n",
        ]
        for (name, text) in nodes { try Data(text.utf8).write(to: root.appendingPathComponent(name)) }
        let files = ["dream.yaml", "hall.yaml", "intro.yaml"].map { root.appendingPathComponent($0).path }
        for paths in [[root.path], files] {
            let result = try StoryLoading.load(paths: paths)
            #expect(result.story.format == "gamebook")
            #expect(result.story.start == "intro")
            let f = Self.figures(result)
            #expect(f.ids == ["dream", "hall", "intro"])
            #expect(f.endings == ["hall"])
            #expect(f.paths == BigUInt(2))
            #expect(f.errors == [])
            #expect(
                result.diagnostics.first?.message
                    == "inferred: one node per file (3 files), id = its \"id\" or the file's name, text = \"text\", options = \"options\"[].{\"label\",\"goto\"}"
            )
        }
    }

    /// A build tool's YAML beside a Twee story (`build.yml` with a title, a description and
    /// lists of paths, no options) is no node of a gamebook: the folder is the Twee story.
    @Test func aBuildFileBesideATweeStoryIsNoGamebookNode() throws {
        let root = Repository.temporaryFolder()
        let files = [
            "build.yml": "id: \"trip\"\ntitle: \"Trip\"\ndescription: \"A short trip by sea.\"\ndeps:\n  - \"games/trip\"\n  - \"shared/js\"\n",
            "story.tw": ":: StoryTitle\nTrip\n\n:: Start\nThe harbour. [[Sail]]\n\n:: Sail\nThe sea. The end.\n",
        ]
        for (name, text) in files { try Data(text.utf8).write(to: root.appendingPathComponent(name)) }
        let result = try StoryLoading.load(paths: [root.path])
        #expect(result.story.format == "twee")
        #expect(Self.figures(result).ids == ["Start", "Sail"])
        #expect(Self.figures(result).paths == BigUInt(1))
    }
}
