import Foundation
import StoryGraph
import TestSupport
import Testing

@testable import StoryFormats

@Suite struct StoryJSONLoaderTests: LoadsStoryText {
    static let fileName = "story.json"

    static func loadError(_ data: Data, path: String = "story.json", format: String? = "story-json") -> [Diagnostic] {
        Load.errors(data, path: path, format: format)
    }

    static func loadError(_ text: String) -> [Diagnostic] { loadError(Data(text.utf8)) }

    @Test func readsEveryField() throws {
        let result = try Self.load(
            """
            {
              "title": "Gate", "start": "gate",
              "passages": [
                { "id": "hall", "text": "A hall.", "ending": "good" },
                { "id": "gate", "text": "A gate.", "tags": ["act1", "outside"],
                  "choices": [ { "text": "Open it", "to": "hall" },
                               { "text": "Knock", "to": "hall", "if": "has_key" } ] },
                { "id": "end", "ending": true, "choices": [ { "text": "Again", "restart": true } ] }
              ]
            }
            """)
        let story = result.story
        #expect(story.title == "Gate")
        #expect(story.start == "gate")
        #expect(story.passages.map(\.id) == ["hall", "gate", "end"])
        #expect(story.passages[0].ending == Passage.Ending(kind: "good"))
        #expect(story.passages[2].ending == Passage.Ending(kind: nil))
        #expect(story.passages[1].tags == ["act1", "outside"])
        #expect(story.passages[1].location == SourceLocation(file: "story.json", line: 5, column: 5))
        #expect(story.passages[1].choices[1].condition?.description == "has_key")
        #expect(story.passages[1].choices[1].location == SourceLocation(file: "story.json", line: 7, column: 20))
        #expect(story.passages[2].choices[0].isRestart)
        #expect(story.passages[2].choices[0].target == "gate")
        #expect(result.diagnostics.isEmpty)
    }

    @Test func variablesConditionsAndEffectsAreData() throws {
        let result = try Self.load(
            #"""
            {"variables": {"gold": 0, "rate": 1.5, "name": "Ana", "key": false, "mood": null},
             "passages": [
              {"id": "a", "set": "$gold += 2", "choices": [
                {"text": "Buy", "to": "b", "if": "$gold >= 3 and not visited(\"b\")", "set": ["$key = true", "$gold -= 3"]},
                {"text": "Wish", "to": "b", "if": "$luck("}]},
              {"id": "b"}]}
            """#)
        let story = result.story
        #expect(story.variables.map(\.name) == ["gold", "rate", "name", "key", "mood"])
        #expect(story.variables.map(\.initial) == [.integer(0), .decimal(1.5), .string("Ana"), .boolean(false), nil])
        #expect(story.variables[0].location == SourceLocation(file: "story.json", line: 1, column: 16))
        #expect(story.passages[0].effects.map(\.operation) == [.add])
        #expect(story.passages[0].effects[0].value == .integer(2))
        let buy = story.passages[0].choices[0]
        #expect(
            buy.condition
                == .test(
                    "$gold >= 3 and not visited(\"b\")",
                    .binary(
                        .and,
                        .binary(.greaterOrEqual, .variable("gold"), .integer(3)),
                        .unary(.not, .binary(.greater, .visits(passage: "b"), .integer(0))))))
        #expect(buy.effects.map(\.description) == ["$key = true", "$gold -= 3"])
        #expect(buy.effects.map(\.variable) == ["key", "gold"])
        #expect(buy.effects[1].location == SourceLocation(file: "story.json", line: 4, column: 98))
        #expect(story.passages[0].choices[1].condition == .test("$luck(", .unknown("$luck(")))
        #expect(result.diagnostics.isEmpty)
    }

    @Test func startDefaultsToTheFirstPassageAndTitleToTheFileName() throws {
        let result = try Self.load(
            #"{"passages": [{"id": "a", "choices": [{"text": "x", "to": "b"}]}, {"id": "b"}]}"#,
            path: "dir/my-story.json")
        #expect(result.story.start == "a")
        #expect(result.story.title == "my-story")
    }

    @Test func syntaxErrorNamesItsLine() {
        var lines = (1...6).map { _ in "" }
        lines[0] = #"{"passages": ["#
        lines[1] = #"  {"id": "a","#
        lines[2] = #"   "text": "one","#
        lines[3] = #"   "choices": ["#
        lines[4] = #"     {"text": "go", "to": "b"}"#
        lines[5] = #"   ]},"#
        lines.append(#"  {"id": "b" "text": "two"}"#) // line 7: missing comma
        lines.append("]}")
        let diagnostics = Self.loadError(lines.joined(separator: "\n"))
        #expect(diagnostics.count == 1)
        #expect(diagnostics[0].location == SourceLocation(file: "story.json", line: 7, column: 14))
        #expect(
            diagnostics[0].description == "story.json:7:14: error: unexpected '\"': expected ',' or '}' [json-syntax]")
    }

    @Test(arguments: [
        (#"{"passages": "none"}"#, "story.json:1:14: error: 'passages' must be an array, found a string [json-shape]"),
        (#"{"passages": [{"text": "no id"}]}"#, "story.json:1:15: error: missing 'id' [json-shape]"),
        (#"{"passages": [{"id": 7}]}"#, "story.json:1:22: error: 'id' must be a string, found a number [json-shape]"),
        (
            #"{"passages": [{"id": "a", "ending": 3}]}"#,
            "story.json:1:37: error: 'ending' must be true, false or a kind such as \"good\", found a number [json-shape]"
        ),
        (
            #"{"passages": [{"id": "a", "choices": [{"text": "x"}]}]}"#,
            "story.json:1:39: error: missing 'to' [json-shape]"
        ),
        (
            #"{"passages": []}"#,
            "story.json:1:14: error: 'passages' is empty: a story needs at least one passage [json-shape]"
        ),
        (
            #"["a"]"#,
            "story.json:1:1: error: a story must be a JSON object with a \"passages\" array, found an array [json-shape]"
        ),
        (
            #"{"passages": [{"id": "a"}], "start": "zzz"}"#,
            "story.json:1:15: error: the start passage 'zzz' does not exist [unknown-start]"
        ),
        (
            "{\"passages\": [{\"id\": \"a\", \"text\": \"tab\there\"}]}",
            "story.json:1:39: error: control character U+9 in string: escape it [json-syntax]"
        ),
        (
            #"{"passages": [{"id": "a"}]"#,
            "story.json:1:27: error: unexpected end of file: expected ',' or '}' [json-syntax]"
        ),
        (
            #"{"passages": [{"id": "\u12"}]}"#,
            "story.json:1:27: error: invalid \\u escape: expected four hex digits [json-syntax]"
        ),
        (
            #"{"passages": [{"id": "a"}], "variables": [1]}"#,
            "story.json:1:42: error: 'variables' must be an object of names and initial values, found an array [json-shape]"
        ),
        (
            #"{"passages": [{"id": "a"}], "variables": {"k": [1]}}"#,
            "story.json:1:48: error: the initial value of 'k' must be a number, a string, a boolean or null, found an array [json-shape]"
        ),
        (
            #"{"passages": [{"id": "a", "set": 3}]}"#,
            "story.json:1:34: error: 'set' must be a string such as \"$gold += 1\" or an array of them, found a number [json-shape]"
        ),
        (
            #"{"passages": [{"id": "a", "set": ["gold = 1"]}]}"#,
            "story.json:1:35: error: 'gold = 1' is not an assignment such as \"$gold += 1\" or \"$key = true\" [json-shape]"
        ),
    ])
    func wrongInputGetsALocatedMessage(_ text: String, _ expected: String) {
        let diagnostics = Self.loadError(text)
        #expect(diagnostics.map(\.description) == [expected])
    }

    @Test func everyTypeErrorIsReportedNotJustTheFirst() {
        let diagnostics = Self.loadError(
            """
            {"passages": [
              {"id": 1},
              {"id": "b", "tags": "x"},
              {"id": "c", "choices": [{"text": 2, "to": "b"}]}
            ]}
            """)
        #expect(diagnostics.map { $0.location!.line } == [2, 3, 4])
    }

    @Test func aFileOfNoKnownShapeSaysWhatWasLookedFor() {
        #expect(
            Self.loadError(Data("[1, 2]".utf8), format: nil).map(\.description) == [
                "story.json:1:1: error: not a story storygraph can read; looked for: story-json (storygraph JSON: an object with a \"passages\" array); "
                    + "cyoa-json (CYOA JSON (Gophercises): an object of arcs with \"story\" paragraphs and \"options\" {\"text\", \"arc\"}); "
                    + "ink-json (compiled ink (.ink.json): {\"inkVersion\": …, \"root\": [containers]}); "
                    + "yarn (Yarn Spinner dialogue: .yarn (v1 to v3), .yarn.txt, .yarnproject, the Yarn editor's JSON); "
                    + "gamebook (gamebook data (JSON, YAML, or a JS/TS object literal): a map or list of sections whose options name other sections) [unknown-format]"
            ])
    }

    @Test func emptyFileIsAnError() {
        #expect(
            Self.loadError("  \n\n").map(\.description) == [
                "story.json:1:1: error: empty file: no story in it [empty-file]"
            ])
        #expect(
            Self.loadError(Data()).map(\.description) == [
                "story.json:1:1: error: empty file: no story in it [empty-file]"
            ])
    }

    @Test func invalidUTF8NamesItsPlace() {
        var data = Data("{\"passages\": [\n{\"id\": \"caf".utf8)
        data.append(contentsOf: [0xC3, 0x28])
        data.append(Data("\"}]}".utf8))
        #expect(
            Self.loadError(data).map(\.description) == ["story.json:2:12: error: invalid UTF-8 in file [invalid-utf8]"])
    }

    @Test func deepNestingIsBounded() {
        let text = String(repeating: "[", count: 100_000)
        let diagnostics = Self.loadError(text)
        #expect(
            diagnostics.map(\.description) == ["story.json:1:257: error: nesting deeper than 256 levels [json-syntax]"])
    }

    @Test func duplicateIDIsAnErrorNamingBothLines() throws {
        let result = try Self.load(
            """
            {"passages": [
              {"id": "a", "text": "first", "choices": [{"text": "x", "to": "b"}]},
              {"id": "b"},
              {"id": "a", "text": "second"}
            ]}
            """)
        #expect(result.hasErrors)
        #expect(result.story.passages.map(\.text) == ["first", ""])
        #expect(
            result.diagnostics.map(\.description) == [
                "story.json:4:3: error: duplicate passage id 'a' [duplicate-id]\nstory.json:2:3: note: 'a' is first defined here"
            ])
    }

    /// `broken-link` has one severity everywhere (issue 10): an error, which does not stop
    /// loading.
    @Test func brokenLinkIsAnErrorAndTheStoryStillLoads() throws {
        let result = try Self.load(
            """
            {"passages": [
              {"id": "a", "choices": [
                {"text": "fine", "to": "b"},
                {"text": "lost", "to": "nowhere"}
              ]},
              {"id": "b"}
            ]}
            """)
        #expect(result.hasErrors)
        #expect(
            result.diagnostics.map(\.description) == [
                "story.json:4:5: error: choice 'lost' of passage 'a' leads to 'nowhere', which does not exist [broken-link]"
            ])
        let graph = StoryGraph(result.story)
        #expect(graph.brokenLinks == [ChoiceRef(passage: 0, choice: 1)])
        #expect(graph.edgeTargets == [1])
    }

    @Test func unknownKeysAreWarned() throws {
        let result = try Self.load(#"{"passages": [{"id": "a", "txt": "typo"}]}"#)
        #expect(result.diagnostics.count == 1)
        #expect(result.diagnostics[0].ruleID == "unknown-key")
        #expect(result.diagnostics[0].location == SourceLocation(file: "story.json", line: 1, column: 27))
    }

    @Test func unicodeEscapesAndSurrogatePairsDecode() throws {
        let result = try Self.load(#"{"passages": [{"id": "a", "text": "caf\u00e9 \ud83d\ude80 \"q\" \\ \/"}]}"#)
        #expect(result.story.passages[0].text == "café 🚀 \"q\" \\ /")
    }
}
