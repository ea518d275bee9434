import Foundation
import StoryFormats
import StoryGraph
import TestSupport
import Testing

@testable import StoryCLI

/// `check --format sarif` (validated against OASIS's SARIF 2.1.0 schema, read from the
/// workplace's shared data files beside the repository, `../shared/schemas/`) and
/// `check --format github` (workflow command lines), issue 17 item 4.
@Suite struct CheckCIOutputTests {
    /// OASIS's schema is not ours, so it is not in the repository: it sits, unmodified, in the
    /// shared data files beside the checkout.
    static let sarifSchemaPath = Repository.root.deletingLastPathComponent()
        .appendingPathComponent("shared/schemas/sarif-schema-2.1.0.json").path
    static let sarifSchema: JSONSchema? =
        FileManager.default.fileExists(atPath: sarifSchemaPath)
        ? try! JSONSchema(Data(contentsOf: URL(fileURLWithPath: sarifSchemaPath))) : nil
    /// The tests that validate against the schema skip, saying why, where it is absent.
    static let schemaFound = Testing.ConditionTrait.enabled(
        if: sarifSchema != nil,
        "OASIS's SARIF 2.1.0 schema is not at ../shared/schemas/sarif-schema-2.1.0.json beside the repository")
    static var schema: JSONSchema { sarifSchema! }

    /// A story with a passage id used twice (a note: where it is first defined), a trap and
    /// a broken link whose column follows two astral scalars (🌊 is one scalar, two UTF-16
    /// units, four bytes).
    static let twice = """
        {"title": "Twice", "start": "a", "passages": [
          {"id": "a", "text": "Which door?", "choices": [{"text": "left", "to": "b"}, {"text": "right", "to": "c"}]},
          {"id": "b", "text": "The first b.", "ending": true},
          {"id": "b", "text": "The second b.", "ending": true},
          {"id": "c", "text": "🌊🌊 é", "choices": [{"text": "swim", "to": "sea"}]}
        ]}
        """

    /// One SARIF result, flattened for exact comparison.
    struct Result: Equatable, CustomStringConvertible {
        var rule: String?
        var index: Int?
        var level: String
        var uri: String?
        var base: String?
        var line: Int?
        var column: Int?
        var related: [String]
        var message: String

        var description: String {
            "\(rule ?? "-")#\(index.map(String.init) ?? "-") \(level) \(uri ?? "-")@\(base ?? "-"):\(line ?? 0):\(column ?? 0) [\(related.joined(separator: " | "))] \(message)"
        }
    }

    /// Runs `check … --format sarif`, validates the log against the schema and returns its
    /// results and its run.
    static func sarif(_ arguments: [String], exitCode: Int32, sourceLocation: Testing.SourceLocation = #_sourceLocation)
        throws
        -> (results: [Result], run: [String: JSONValue])
    {
        let run = try runBinary(["check"] + arguments + ["--format", "sarif"])
        #expect(run.exitCode == exitCode, "\(run.stderr)", sourceLocation: sourceLocation)
        let log = try JSONValue.parse(run.stdoutData)
        #expect(schema.errors(in: log) == [], sourceLocation: sourceLocation)
        guard case .object(let top) = log, case .array(let runs)? = top["runs"], runs.count == 1,
            case .object(let first) = runs[0],
            case .array(let results)? = first["results"]
        else {
            Issue.record("no run in \(run.stdout)", sourceLocation: sourceLocation)
            return ([], [:])
        }
        #expect(top["version"] == .string("2.1.0"), sourceLocation: sourceLocation)
        #expect(first["columnKind"] == .string("unicodeCodePoints"), sourceLocation: sourceLocation)
        return (results.map(flatten), first)
    }

    static func flatten(_ value: JSONValue) -> Result {
        func string(_ value: JSONValue?) -> String? { if case .string(let s)? = value { s } else { nil } }
        func int(_ value: JSONValue?) -> Int? { if case .integer(let n)? = value { Int(n) } else { nil } }
        func place(_ location: JSONValue?) -> (uri: String?, base: String?, line: Int?, column: Int?) {
            guard case .object(let location)? = location, case .object(let physical)? = location["physicalLocation"],
                case .object(let artifact)? = physical["artifactLocation"],
                case .object(let region)? = physical["region"]
            else { return (nil, nil, nil, nil) }
            return (
                string(artifact["uri"]), string(artifact["uriBaseId"]), int(region["startLine"]),
                int(region["startColumn"])
            )
        }
        guard case .object(let result) = value, case .object(let message)? = result["message"] else {
            return Result(level: "?", related: [], message: "?")
        }
        var locations: [JSONValue] = []
        if case .array(let list)? = result["locations"] { locations = list }
        var related: [String] = []
        if case .array(let list)? = result["relatedLocations"] {
            related = list.map { note in
                let at = place(note)
                guard case .object(let fields) = note, case .object(let text)? = fields["message"] else { return "?" }
                return
                    "\(int(fields["id"]) ?? -1) \(at.uri ?? "-"):\(at.line ?? 0):\(at.column ?? 0) \(string(text["text"]) ?? "")"
            }
        }
        let at = place(locations.first)
        return Result(
            rule: string(result["ruleId"]), index: int(result["ruleIndex"]), level: string(result["level"]) ?? "?",
            uri: at.uri,
            base: at.base, line: at.line, column: at.column, related: related, message: string(message["text"]) ?? "?")
    }

    static func index(_ rule: String) -> Int { StoryLoading.rules.ids.firstIndex(of: rule)! }

    // MARK: SARIF

    @Test(schemaFound) func theSARIFSchemaUsesOnlyKeywordsTheValidatorChecks() {
        #expect(JSONSchema.unsupportedKeywords(in: Self.schema.root) == [])
        guard case .object(let top) = Self.schema.root, case .object(let definitions)? = top["definitions"] else {
            Issue.record("no definitions")
            return
        }
        #expect(top["id"] == .string(CheckCIOutput.sarifSchema))
        #expect(definitions.count == 52)
    }

    @Test(schemaFound) func aBrokenLinkAndUnreachablePassagesInSARIF() throws {
        let (results, run) = try Self.sarif(["Examples/harbour.json"], exitCode: 1)
        #expect(
            results.map(\.description) == [
                "broken-link#\(Self.index("broken-link")) error Examples/harbour.json@%SRCROOT%:388:9 [] choice 'Go down to the crypt' of passage 'chapel' leads to 'crypt', which does not exist",
                "unreachable#\(Self.index("unreachable")) warning Examples/harbour.json@%SRCROOT%:710:5 [] passage 'chart-room' cannot be reached from the start 'arrival'",
                "unreachable#\(Self.index("unreachable")) warning Examples/harbour.json@%SRCROOT%:728:5 [] passage 'boathouse' cannot be reached from the start 'arrival'",
            ])
        // The driver: the tool's name and version, and every registered rule in id order.
        guard case .object(let tool)? = run["tool"], case .object(let driver)? = tool["driver"],
            case .array(let rules)? = driver["rules"], case .object(let brokenLink) = rules[Self.index("broken-link")],
            case .object(let falseChoice) = rules[Self.index("false-choice")]
        else {
            Issue.record("no driver rules")
            return
        }
        #expect(driver["name"] == .string("storygraph"))
        #expect(driver["version"] == .string(StoryGraphCLI.version))
        #expect(rules.count == StoryLoading.rules.rules.count)
        #expect(brokenLink["id"] == .string("broken-link"))
        #expect(
            brokenLink["shortDescription"]
                == .object(["text": .string("A choice leads to a passage that does not exist.")]))
        #expect(brokenLink["defaultConfiguration"] == .object(["level": .string("error")]))
        #expect(falseChoice["defaultConfiguration"] == .object(["level": .string("note")]))
    }

    @Test(schemaFound) func aDuplicateIDsNoteIsARelatedLocationAndColumnsAreCodePoints() throws {
        let path = Repository.write(Self.twice, name: "twice.json")
        let uri = "file://" + path
        let (results, _) = try Self.sarif([path], exitCode: 1)
        #expect(
            results.map(\.description) == [
                "duplicate-id#\(Self.index("duplicate-id")) error \(uri)@-:4:3 [0 \(uri):3:3 'b' is first defined here] duplicate passage id 'b'",
                "trap#\(Self.index("trap")) error \(uri)@-:5:3 [] passage 'c' has no way on but broken or dynamic links; it traps 1 passage: 'c'",
                // Column 43 in scalars; it would be 45 in UTF-16 units and 50 in bytes.
                "broken-link#\(Self.index("broken-link")) error \(uri)@-:5:43 [] choice 'swim' of passage 'c' leads to 'sea', which does not exist",
            ])
    }

    @Test(schemaFound) func aCleanStoryALoopWithANoteAndSeveralStoriesInCheckOrder() throws {
        let clean = try Self.sarif(["Examples/lighthouse.json"], exitCode: 0)
        #expect(clean.results == [])
        let (results, _) = try Self.sarif(["Examples/carousel.json", "Examples/defusal.json", "--strict"], exitCode: 1)
        #expect(
            results.map(\.description) == [
                "no-ending#\(Self.index("no-ending")) error Examples/carousel.json@%SRCROOT%:5:5 [] no ending can be reached from the start 'ticket'",
                "trap#\(Self.index("trap")) error Examples/carousel.json@%SRCROOT%:5:5 [0 Examples/carousel.json:8:5 'white' is on the loop] the loop 'ticket' → 'white' → 'ticket' never reaches an ending; it traps 3 passages: 'ticket', 'white', 'swan'",
                "false-choice#\(Self.index("false-choice")) note Examples/carousel.json@%SRCROOT%:8:5 [] every choice of passage 'white' leads to 'ticket': the choice makes no difference",
                "false-choice#\(Self.index("false-choice")) note Examples/defusal.json@%SRCROOT%:13:5 [] every choice of passage 'beach' leads to 'retired': the choice makes no difference",
            ])
    }

    @Test(schemaFound) func disabledRulesUnreadableFilesAndByteIdenticalReruns() throws {
        let (results, run) = try Self.sarif(["Examples/harbour.json", "--disable", "unreachable"], exitCode: 1)
        #expect(results.map(\.rule) == ["broken-link"])
        guard case .object(let tool)? = run["tool"], case .object(let driver)? = tool["driver"],
            case .array(let rules)? = driver["rules"]
        else {
            Issue.record("no rules")
            return
        }
        #expect(rules.count == StoryLoading.rules.rules.count)
        // A file that is not there: a result without a location (exit code 65, as for text).
        let missing = try Self.sarif(["Examples/no-such-story.json"], exitCode: 65)
        #expect(
            missing.results.map(\.description) == [
                "unreadable-file#\(Self.index("unreadable-file")) error -@-:0:0 [] no such file or folder: Examples/no-such-story.json"
            ])
        let first = try runBinary(["check", "Examples/harbour.json", "Examples/carousel.json", "--format", "sarif"])
        let second = try runBinary(["check", "Examples/harbour.json", "Examples/carousel.json", "--format", "sarif"])
        #expect(first.stdoutData == second.stdoutData)
        #expect(first.stderr == "checked 2 stories: 3 errors, 2 warnings, 1 info\n")
    }

    /// The schema catches what a wrong log would get wrong: a level SARIF does not name (in a
    /// rule and a result), a message without its text, a column below 1.
    @Test(schemaFound) func theSchemaRejectsAWrongLog() throws {
        let output = CheckCIOutput(
            findings: [
                Diagnostic(
                    .info, "x", at: SourceLocation(file: "/work/story/a.json", line: 1, column: 1), rule: "false-choice"
                )
            ],
            rules: RuleRegistry([Rule("false-choice", .info, "Every choice leads to one passage.")]),
            tool: CheckCommand.tool,
            currentFolder: "/work/story", standardInput: StandardInput.name)
        let text = output.sarif().replacingOccurrences(of: #""level" : "note""#, with: #""level" : "info""#)
            .replacingOccurrences(of: #""startColumn" : 1"#, with: #""startColumn" : 0"#)
            .replacingOccurrences(of: #""text" : "x""#, with: #""words" : "x""#)
        let errors = Self.schema.errors(in: try JSONValue.parse(Data(text.utf8)))
        #expect(
            errors == [
                #"$.runs[0].tool.driver.rules[0].defaultConfiguration.level: string("info") is not one of the allowed values"#,
                "$.runs[0].results[0].message: 0 of the 2 anyOf branches match, not at least one",
                "$.runs[0].results[0].message: unexpected key 'words'",
                "$.runs[0].results[0].locations[0].physicalLocation.region.startColumn: 0.0 is below the minimum 1.0",
                #"$.runs[0].results[0].level: string("info") is not one of the allowed values"#,
            ], "\(errors)")
    }

    @Test(schemaFound) func aFindingWithoutALocationOrARuleIsAResultWithoutThem() throws {
        let output = CheckCIOutput(
            findings: [
                Diagnostic(.warning, "a finding of no place", at: nil, rule: "no-such-rule"),
                Diagnostic(
                    .error, "a plain syntax error", at: SourceLocation(file: "/elsewhere/s p.json", line: 2, column: 7)),
            ],
            rules: StoryLoading.rules, tool: CheckCommand.tool, currentFolder: "/work/story",
            standardInput: StandardInput.name)
        let log = try JSONValue.parse(Data(output.sarif().utf8))
        #expect(Self.schema.errors(in: log) == [])
        guard case .object(let top) = log, case .array(let runs)? = top["runs"], case .object(let run) = runs[0],
            case .array(let results)? = run["results"]
        else {
            Issue.record("no results")
            return
        }
        #expect(
            results.map(Self.flatten).map(\.description) == [
                "no-such-rule#- warning -@-:0:0 [] a finding of no place",
                "-#- error file:///elsewhere/s%20p.json@-:2:7 [] a plain syntax error",
            ])
    }

    @Test func pathsBecomeRelativeURIsUnderTheCurrentFolderAndFileURIsElsewhere() {
        let output = CheckCIOutput(
            findings: [], rules: StoryLoading.rules, tool: CheckCommand.tool, currentFolder: "/work/story",
            standardInput: StandardInput.name)
        #expect(output.artifactLocation("Examples/a b.json") == ("Examples/a%20b.json", "%SRCROOT%"))
        #expect(output.artifactLocation("/work/story/./x/../café.ink") == ("caf%C3%A9.ink", "%SRCROOT%"))
        #expect(output.artifactLocation("../other/50%.json") == ("file:///work/other/50%25.json", nil))
        #expect(output.artifactLocation("/work/story-two/a.json") == ("file:///work/story-two/a.json", nil))
    }

    @Test(schemaFound) func standardInputIsADescribedArtifactAndItsPlaceIsInTheAnnotation() throws {
        let story = try Data(contentsOf: URL(fileURLWithPath: Repository.path("Examples/harbour.json")))
        let sarif = try runBinary(["check", "-", "--format", "sarif", "--disable", "unreachable"], input: story)
        #expect(sarif.exitCode == 1)
        let log = try JSONValue.parse(sarif.stdoutData)
        #expect(Self.schema.errors(in: log) == [])
        guard case .object(let top) = log, case .array(let runs)? = top["runs"], case .object(let run) = runs[0],
            case .array(let results)? = run["results"], case .object(let result) = results[0],
            case .array(let locations)? = result["locations"], case .object(let location) = locations[0]
        else {
            Issue.record("no location in \(sarif.stdout)")
            return
        }
        #expect(results.count == 1)
        #expect(
            location["physicalLocation"]
                == .object([
                    "artifactLocation": .object(["description": .object(["text": .string("<stdin>")])]),
                    "region": .object(["startLine": .integer(388), "startColumn": .integer(9)]),
                ]))
        let github = try runBinary(["check", "-", "--format", "github", "--disable", "unreachable"], input: story)
        #expect(github.exitCode == 1)
        #expect(
            github.stdout
                == "::error title=broken-link::<stdin>:388:9: choice 'Go down to the crypt' of passage 'chapel' leads to 'crypt', which does not exist\n"
        )
    }

    // MARK: GitHub

    @Test func githubAnnotationsOnePerFindingWithNotesAsFurtherLines() throws {
        let run = try runBinary(["check", "Examples/harbour.json", "Examples/carousel.json", "--format", "github"])
        #expect(run.exitCode == 1)
        #expect(
            run.stdout == """
                ::error file=Examples/harbour.json,line=388,col=9,title=broken-link::choice 'Go down to the crypt' of passage 'chapel' leads to 'crypt', which does not exist
                ::warning file=Examples/harbour.json,line=710,col=5,title=unreachable::passage 'chart-room' cannot be reached from the start 'arrival'
                ::warning file=Examples/harbour.json,line=728,col=5,title=unreachable::passage 'boathouse' cannot be reached from the start 'arrival'
                ::error file=Examples/carousel.json,line=5,col=5,title=no-ending::no ending can be reached from the start 'ticket'
                ::error file=Examples/carousel.json,line=5,col=5,title=trap::the loop 'ticket' → 'white' → 'ticket' never reaches an ending; it traps 3 passages: 'ticket', 'white', 'swan'%0AExamples/carousel.json:8:5: note: 'white' is on the loop
                ::notice file=Examples/carousel.json,line=8,col=5,title=false-choice::every choice of passage 'white' leads to 'ticket': the choice makes no difference

                """)
        #expect(run.stderr == "checked 2 stories: 3 errors, 2 warnings, 1 info\n")
        let clean = try runBinary(["check", "Examples/lighthouse.json", "--format", "github"])
        #expect(clean.exitCode == 0)
        #expect(clean.stdout == "")
        let strict = try runBinary(["check", "Examples/orchard.yarn", "--format", "github", "--strict", "--quiet"])
        #expect(strict.exitCode == 1)
        #expect(
            strict.stdout
                == "::warning file=Examples/orchard.yarn,line=27,col=1,title=self-loop::choice 'Pick an apple' of passage 'Rows' leads back to the same passage\n"
        )
        #expect(strict.stderr == "")
        let missing = try runBinary(["check", "Examples/no-such-story.json", "--format", "github"])
        #expect(missing.exitCode == 65)
        #expect(
            missing.stdout == "::error title=unreadable-file::no such file or folder: Examples/no-such-story.json\n")
        #expect(missing.stderr == "checked 1 story: 1 error, 0 warnings, 0 info (1 could not be read)\n")
    }

    @Test func githubEscapesPropertiesAndData() {
        #expect(CheckCIOutput.data("50% done\r\nnext: a, b") == "50%25 done%0D%0Anext: a, b")
        #expect(CheckCIOutput.property("odd, name: 50%.json") == "odd%2C name%3A 50%25.json")
        let output = CheckCIOutput(
            findings: [
                Diagnostic(
                    .error, "bad \u{1B}[31mred\u{1B}[0m, 100%",
                    at: SourceLocation(file: "/work/story/a,b:c.json", line: 3, column: 2),
                    rule: "json-syntax", notes: [Diagnostic.Note("no place")]),
                Diagnostic(.info, "plain", at: nil),
            ],
            rules: StoryLoading.rules, tool: CheckCommand.tool, currentFolder: "/work/story",
            standardInput: StandardInput.name)
        #expect(
            output.github() == """
                ::error file=a%2Cb%3Ac.json,line=3,col=2,title=json-syntax::bad \\e[31mred\\e[0m, 100%25%0Anote: no place
                ::notice::plain

                """)
    }

    // MARK: The validator's keywords for SARIF

    static func errors(_ schema: String, _ json: String) throws -> [String] {
        try JSONSchema(Data(schema.utf8)).errors(in: JSONValue.parse(Data(json.utf8)))
    }

    @Test func theValidatorFollowsDefinitionsAndTypeLists() throws {
        let schema =
            ##"{"properties": {"a": {"$ref": "#/definitions/n"}, "b": {"type": ["array", "null"]}}, "definitions": {"n": {"type": "integer"}}, "id": "x", "default": {}}"##
        #expect(try Self.errors(schema, #"{"a": 1, "b": null}"#) == [])
        #expect(
            try Self.errors(schema, #"{"a": "1", "b": 2}"#) == [
                "$.b: expected array or null, found integer", "$.a: expected integer, found string",
            ])
    }

    @Test func theValidatorChecksMaximumMinItemsAndUniqueItems() throws {
        let schema = #"{"type": "array", "minItems": 2, "uniqueItems": true, "items": {"maximum": 3}}"#
        #expect(try Self.errors(schema, "[1, 3]") == [])
        #expect(try Self.errors(schema, "[4]") == ["$: 1 items, fewer than 2", "$[0]: 4.0 is above the maximum 3.0"])
        #expect(
            try Self.errors(schema, #"[1, {"a": 1}, 1.0, {"a": 1}]"#) == [
                "$: items 0 and 2 are the same", "$: items 1 and 3 are the same",
            ])
    }

    @Test func theValidatorChecksPatternsAndFormats() throws {
        let schema =
            #"{"properties": {"v": {"pattern": "[0-9]+(\\.[0-9]+){3}"}, "u": {"format": "uri"}, "r": {"format": "uri-reference"}, "t": {"format": "date-time"}}}"#
        #expect(
            try Self.errors(
                schema, #"{"v": "v1.2.3.4", "u": "file:///a%20b", "r": "a/b%C3%A9.json", "t": "2026-12-01T14:30:00Z"}"#)
                == [])
        #expect(
            try Self.errors(schema, #"{"v": "1.2.3", "u": "a/b", "r": "a b", "t": "2026-12-01 14:30"}"#) == [
                "$.v: '1.2.3' does not match [0-9]+(\\.[0-9]+){3}", "$.u: 'a/b' is not a valid uri",
                "$.t: '2026-12-01 14:30' is not a valid date-time", "$.r: 'a b' is not a valid uri-reference",
            ])
        #expect(try Self.errors(#"{"format": "email"}"#, #""a@b""#) == ["$: 'a@b' is not a valid email"])
        #expect(
            JSONSchema.unsupportedKeywords(
                in: try JSONValue.parse(Data(#"{"anyOf": [{"format": "email"}, {"maxLength": 2}]}"#.utf8)))
                == ["format 'email'", "maxLength"])
    }

    @Test func theValidatorChecksAnyOfAndOneOf() throws {
        let any = #"{"anyOf": [{"required": ["text"]}, {"required": ["id"]}]}"#
        #expect(try Self.errors(any, #"{"id": "x"}"#) == [])
        #expect(try Self.errors(any, #"{"other": 1}"#) == ["$: 0 of the 2 anyOf branches match, not at least one"])
        let one = #"{"oneOf": [{"required": ["a"]}, {"required": ["b"]}]}"#
        #expect(try Self.errors(one, #"{"a": 1}"#) == [])
        #expect(try Self.errors(one, #"{"a": 1, "b": 2}"#) == ["$: 2 of the 2 oneOf branches match, not exactly one"])
    }
}
