import Foundation
import StoryGraph
import TestSupport
import Testing

@testable import StoryFormats

/// Gamebook data in schemas of their own (JSON, YAML, JS/TS object literals): the schema
/// inferred and reported, `--schema` overriding it, and located errors for broken input.
@Suite struct GamebookLoaderTests {
    /// Loads `text` as if it were the file `name`, and analyses it.
    static func load(_ name: String, _ text: String, schema: GamebookSchema? = nil) throws -> (
        LoadResult, StoryAnalysis
    ) {
        let result = try Load.text(text, path: name, options: LoadOptions.with(\.gamebookSchema, schema))
        return (result, Load.analysis(result))
    }

    static func inferred(_ result: LoadResult) -> String? {
        result.diagnostics.first { $0.ruleID == "gamebook-schema" && $0.severity == .info }?.message
    }

    /// A map of sections keyed by id, options as records with "label"/"goto", a restart
    /// from the bad ending.
    static let yamlMap = """
        title: Lanterns
        sections:
          dock:
            text: The ferry is late.
            options:
              - label: Wait
                goto: ferry
              - label: Swim
                goto: sea
          sea:
            text: Too cold.
            options:
              - label: Start again
                goto: dock
          ferry:
            text: It comes at last.
            options:
              - {label: Board, goto: home}
              - {label: Stay, goto: dock}
          home:
            text: Home.
        """

    @Test func yamlMapOfSections() throws {
        let (result, analysis) = try Self.load("lanterns.yaml", Self.yamlMap)
        let story = result.story
        #expect(story.title == "Lanterns")
        #expect(story.start == "dock")
        #expect(story.passages.map(\.id) == ["dock", "sea", "ferry", "home"])
        #expect(story.passages.map(\.choices.count) == [2, 1, 2, 0])
        #expect(story.passages[1].choices[0].isRestart)
        #expect(story.passages[0].location == SourceLocation(file: "lanterns.yaml", line: 3, column: 3))
        #expect(story.passages[2].choices[1].location == SourceLocation(file: "lanterns.yaml", line: 19, column: 9))
        #expect(analysis.paths.total.description == "2")
        #expect(analysis.endings.entries.map { story.passages[$0.passage].id } == ["sea", "home"])
        #expect(
            Self.inferred(result)
                == "inferred: sections = \"sections\" map, id = key, text = \"text\", options = \"options\"[].{\"label\",\"goto\"}"
        )
    }

    /// An array of records with a numeric id, options as a map of label → number.
    static let jsonList = """
        [
          {"page": 1, "body": ["You wake.", "The door is open."], "next": {"Leave": 2, "Sleep": 3}},
          {"page": 2, "body": "Sunlight.", "next": {"Run": 4, "Walk": 4}},
          {"page": 3, "body": "You dream.", "next": {}},
          {"page": 4, "body": "The end."}
        ]
        """

    @Test func jsonArrayWithNumericIdsAndLabelMaps() throws {
        let (result, analysis) = try Self.load("pages.json", Self.jsonList)
        let story = result.story
        #expect(story.format == "gamebook")
        #expect(story.start == "1")
        #expect(story.passages.map(\.id) == ["1", "2", "3", "4"])
        #expect(story.passages[0].text == "You wake.\n\nThe door is open.")
        #expect(story.passages[1].choices.map(\.text) == ["Run", "Walk"])
        #expect(analysis.paths.total.description == "3")
        #expect(analysis.endings.entries.count == 2)
        #expect(
            Self.inferred(result)
                == "inferred: sections = top-level list, id = \"page\", text = \"body\", options = \"next\"{label: target}"
        )
    }

    /// `export default` with unquoted keys, all three quote kinds, comments, trailing commas,
    /// and targets as positions in the list (0-based).
    static let jsModule = """
        // The story of the bridge.
        import { Story } from "./types";
        /* positions are ids */
        export default {
          title: 'Bridge',
          scenes: [
            { say: "A troll guards the bridge.", answers: [ { reply: `Pay`, to: 1 }, { reply: 'Fight', to: 2, }, ] },
            { say: 'You cross.', answers: [] },
            { say: "The troll wins.", answers: [ { reply: "Retry", to: 0 } ] },
          ],
        } as const;
        """

    @Test func jsModuleWithPositionsAsIds() throws {
        let (result, analysis) = try Self.load("bridge.ts", Self.jsModule)
        let story = result.story
        #expect(story.title == "Bridge")
        #expect(story.passages.map(\.id) == ["0", "1", "2"])
        #expect(story.passages[0].text == "A troll guards the bridge.")
        #expect(story.passages[0].choices.map(\.text) == ["Pay", "Fight"])
        #expect(story.passages[2].choices[0].isRestart)
        #expect(story.passages[0].location == SourceLocation(file: "bridge.ts", line: 7, column: 5))
        #expect(analysis.paths.total.description == "2")
        #expect(analysis.endings.entries.count == 2)
        #expect(
            Self.inferred(result)
                == "inferred: sections = \"scenes\" list, id = position from 0, text = \"say\", options = \"answers\"[].{\"reply\",\"to\"}"
        )
    }

    @Test func moduleExportsAndConstDeclarations() throws {
        let exports = "const x = 1;\nmodule.exports = { a: { t: 'A', go: ['b'] }, b: { t: 'B', go: [] } };\n"
        let (one, _) = try Self.load("a.cjs", exports)
        #expect(one.story.passages.map(\.id) == ["a", "b"])
        #expect(one.story.passages[0].choices.map(\.target) == ["b"])
        let declared =
            "function helper() { return { z: 1 } }\nconst story: Record<string, Page> = {\n  a: { t: \"A\", go: [\"b\"] },\n  b: { t: \"B\", go: [] },\n};\n"
        let (two, _) = try Self.load("a.ts", declared)
        #expect(two.story.passages.map(\.id) == ["a", "b"])
    }

    /// Targets into a map beside the sections (`endings:` beside `nodes:`) are endings.
    @Test func endingsKeptInAMapBesideTheSections() throws {
        let text = """
            start_node: gate
            nodes:
              gate:
                narrative: A gate.
                choice:
                  options:
                    - {text: Enter, next_node: yard}
                    - {text: Leave, next_node: fled}
              yard:
                narrative: A yard.
                choice:
                  options:
                    - {text: Dig, next_node: gold}
            endings:
              fled: {narrative: You ran., type: death}
              gold: {narrative: Rich!, type: victory}
              unused: {narrative: Never named.}
            """
        let (result, analysis) = try Self.load("quest.yaml", text)
        #expect(result.story.start == "gate")
        #expect(result.story.passages.map(\.id) == ["gate", "yard", "fled", "gold"])
        #expect(result.story.passages.map { $0.ending?.kind } == [nil, nil, "death", "victory"])
        #expect(result.story.passages[2].location == SourceLocation(file: "quest.yaml", line: 15, column: 3))
        #expect(analysis.paths.total.description == "2")
        #expect(analysis.endings.entries.count == 2)
    }

    @Test func aSchemaFileOverridesTheInference() throws {
        // Both "next" and "alt" name sections equally often: ambiguous without a schema.
        let text = """
            {"rooms": {
              "a": {"next": "b", "alt": "c"},
              "b": {"next": "c", "alt": "a"},
              "c": {}
            }}
            """
        #expect {
            _ = try Self.load("rooms.json", text)
        } throws: { error in
            let message = (error as? StoryLoadError)?.diagnostics.first?.message ?? ""
            return message.hasPrefix("ambiguous gamebook schema: 2 targets fit both [")
                && message.hasSuffix("give --schema FILE naming the sections, options and target fields")
        }
        let schemaFile = #"{"sections": "rooms", "options": "alt"}"#
        let schema = try GamebookSchema(file: SourceText(path: "schema.json", text: schemaFile))
        #expect(schema == GamebookSchema(sections: ["rooms"], options: "alt"))
        let (result, analysis) = try Self.load("rooms.json", text, schema: schema)
        #expect(result.story.passages.map { $0.choices.map(\.target) } == [["c"], ["a"], []])
        #expect(analysis.paths.total.description == "1")
        #expect(
            Self.inferred(result)
                == "schema: sections = \"rooms\" map, id = key, text = none, options = \"alt\" (one target)")
    }

    @Test func aSchemaFileWithAnUnknownKeyIsRefusedAtTheKey() {
        #expect {
            _ = try GamebookSchema(
                file: SourceText(path: "s.json", text: "{\n  \"options\": \"o\",\n  \"goto\": \"g\"\n}"))
        } throws: { error in
            let d = (error as? StoryLoadError)?.diagnostics.first
            return d?.location == SourceLocation(file: "s.json", line: 3, column: 3)
                && d?.message
                    == "unknown schema key 'goto'; a schema names: sections, id, idBase, text, options, label, target"
        }
    }

    static func refusal(_ name: String, _ text: String) -> Diagnostic? {
        do {
            _ = try load(name, text)
            return nil
        } catch {
            return (error as? StoryLoadError)?.diagnostics.first
        }
    }

    @Test func badYAMLNamesItsLineAndWhatToDo() throws {
        let text = "sections:\n  a:\n    text: one\n   options: [b]\n  b:\n    text: two\n"
        let d = try #require(Self.refusal("bad.yaml", text))
        #expect(d.location?.line == 4)
        #expect(d.ruleID == "yaml-syntax")
        #expect(d.message.hasPrefix("YAML syntax error: "))
        #expect(d.message.contains("check this line's indentation"))
    }

    @Test func aJSLiteralSyntaxErrorIsLocated() throws {
        let text = "export default {\n  a: { text: 'A', go: ['b'] },\n  b: { text: 'B' go: [] },\n};\n"
        let d = try #require(Self.refusal("bad.js", text))
        #expect(d.location == SourceLocation(file: "bad.js", line: 3, column: 18))
        #expect(d.message == "expected ',' or '}' after a value, found 'g'")
        #expect(
            Self.refusal("open.js", "export default {\n  a: { text: 'A', go: ['b'] },\n  b: { text: 'B\n")?.message
                == "a line break inside a quoted string: write it as \\n, or use a `template string`")
    }

    /// Code inside the literal (a condition as a function, a variable, a `${…}`) is read as
    /// nothing, with one warning; a later literal can hold the story (`let state = {}` first).
    @Test func codeInsideTheLiteralIsReadAsNothingWithOneWarning() throws {
        let text = """
            let state = {}
            const pages = [
              { id: 1, text: `Hello ${player}`, options: [ { text: 'On', nextText: 2, needs: (s) => s.key }, { text: 'Restart', nextText: -1 } ] },
              { id: 2, text: 'End.', options: [ { text: 'Again', nextText: -1, set: helper(1, [2]) } ] },
            ]
            """
        let (result, analysis) = try Self.load("pages.js", text)
        #expect(result.story.passages.map(\.id) == ["1", "2"])
        #expect(result.story.passages[0].text == "Hello ${player}")
        #expect(result.story.passages.map { $0.choices.map(\.isRestart) } == [[false, true], [true]])
        #expect(result.story.passages[1].choices[0].target == "1")
        #expect(analysis.paths.total.description == "1")
        #expect(analysis.endings.entries.count == 1)
        let warning = try #require(result.diagnostics.first { $0.severity == .warning && $0.ruleID == "js-code" })
        #expect(warning.location == SourceLocation(file: "pages.js", line: 3, column: 25))
        #expect(warning.message.hasPrefix("3 values are code, not literal data"))
        #expect(
            Self.inferred(result)
                == "inferred: sections = \"pages\" list, id = \"id\", text = \"text\", options = \"options\"[].{\"text\",\"nextText\"}"
        )
    }

    /// Options as a map keyed by target, and options one level down (`choice.options`).
    @Test func optionsKeyedByTargetAndNestedOptions() throws {
        let keyed =
            "export default {\n  yard: { text: 'Yard', options: { path: 'Take the path', shed: 'Open the shed' } },\n  path: { text: 'Path' },\n  shed: { text: 'Shed', options: { yard: 'Back' } },\n}\n"
        let (one, a1) = try Self.load("yard.js", keyed)
        #expect(one.story.passages[0].choices.map(\.text) == ["Take the path", "Open the shed"])
        #expect(one.story.passages[0].choices.map(\.target) == ["path", "shed"])
        #expect(a1.paths.total.description == "1")
        #expect(
            Self.inferred(one)
                == "inferred: sections = top-level map, id = key, text = \"text\", options = \"options\"{target: label}"
        )
        let nested =
            "nodes:\n  a:\n    narrative: A\n    choice:\n      prompt: Which?\n      options:\n        - {text: Left, next_node: b}\n        - {text: Right, next_node: c}\n  b: {narrative: B}\n  c: {narrative: C}\n"
        let (two, a2) = try Self.load("nested.yaml", nested)
        #expect(two.story.passages.map(\.choices.count) == [2, 0, 0])
        #expect(a2.paths.total.description == "2")
        #expect(
            Self.inferred(two)
                == "inferred: sections = \"nodes\" map, id = key, text = \"narrative\", options = \"choice.options\"[].{\"text\",\"next_node\"}"
        )
    }

    @Test func aFileThatIsNoGamebookSaysWhatWasLookedFor() throws {
        let d = try #require(Self.refusal("config.yaml", "name: tool\nversion: 3\nsettings:\n  colour: red\n"))
        #expect(
            d.message
                == "not a gamebook: looked for a map or list of sections (records) with an options field whose targets name other sections, and found none in a map of 3 entries; give --schema FILE to say which fields are which"
        )
        #expect(d.location == SourceLocation(file: "config.yaml", line: 1, column: 1))
    }

    @Test func yamlAnchorsExpandWithinABudget() throws {
        let text = "sections:\n  a: &common\n    text: same\n    options: [b]\n  b:\n    text: end\n  c: *common\n"
        let (result, _) = try Self.load("anchors.yaml", text)
        #expect(result.story.passages.map { $0.choices.map(\.target) } == [["b"], [], ["b"]])
        var laughs = "a: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for k in 1...7 {
            laughs += "a\(k): &a\(k) [" + Array(repeating: "*a\(k - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        #expect(
            Self.refusal("laughs.yaml", laughs)?.message
                == "YAML aliases expand to more than 1000000 nodes; storygraph reads no more")
    }

    @Test func aRawLineBreakInAJSONStringSaysToWriteBackslashN() throws {
        let d = try #require(Self.refusal("raw.json", "{\"passages\": [{\"id\": \"a\", \"text\": \"one\ntwo\"}]}"))
        #expect(d.message == "a line break inside a string must be written \\n (JSON strings cannot span lines)")
        #expect(d.location == SourceLocation(file: "raw.json", line: 1, column: 39))
    }

    @Test func storygraphsOwnJSONStaysWithItsLoader() throws {
        let text =
            #"{"title": "T", "start": "a", "passages": [{"id": "a", "text": "A", "choices": [{"text": "Go", "to": "b"}]}, {"id": "b", "text": "B"}]}"#
        let result = try StoryLoading.load(sources: [SourceText(path: "t.json", text: text)])
        #expect(result.story.format == "story-json")
    }
}
