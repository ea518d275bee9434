import Foundation
import TestSupport
import Testing

/// The JSON output contract: every command's JSON validates against its committed schema
/// (`Schemas/*.schema.json`), carries `schema_version`, uses snake_case keys, and writes
/// every location as `{"file", "line", "column"}`.
@Suite struct JSONContractTests {
    static let outputs = ["report", "check", "paths", "fuzz", "replay"]

    static func schema(_ name: String) throws -> JSONSchema {
        try JSONSchema(Data(contentsOf: URL(fileURLWithPath: Repository.path("Schemas/\(name).schema.json"))))
    }

    static func arguments(_ output: String, _ story: String) -> [String] {
        switch output {
        case "fuzz": ["fuzz", story, "--runs", "300", "--seed", "5", "--format", "json", "--quiet"]
        case "replay": ["fuzz", story, "--replay", "2", "--seed", "5", "--format", "json", "--quiet"]
        default: [output, story, "--format", "json", "--quiet"]
        }
    }

    /// Every key of every object in the value.
    static func keys(_ value: JSONValue) -> [String] {
        var keys: [String] = []
        var stack = [value]
        while let value = stack.popLast() {
            switch value {
            case .object(let fields):
                keys += fields.keys
                stack += fields.values
            case .array(let items): stack += items
            default: break
            }
        }
        return keys
    }

    static func validate(_ output: String, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation)
        throws -> JSONValue
    {
        let run = runCLI(arguments)
        let value = try JSONValue.parse(run.stdoutData)
        let errors = try schema(output).errors(in: value)
        #expect(errors == [], "\(arguments.joined(separator: " "))", sourceLocation: sourceLocation)
        let notSnake = keys(value).filter { $0.contains(where: { !($0.isLowercase || $0.isNumber || $0 == "_") }) }
        #expect(notSnake == [], sourceLocation: sourceLocation)
        return value
    }

    @Test(arguments: ExamplesTests.examples)
    func everyOutputOfEveryExampleValidates(_ example: ExamplesTests.Example) throws {
        for output in Self.outputs {
            let value = try Self.validate(output, Self.arguments(output, Repository.path(example.file)))
            guard case .object(let fields) = value else {
                Issue.record("not an object")
                continue
            }
            #expect(fields["schema_version"] == .integer(2))
        }
    }

    @Test func failuresUnreadableFilesAndLowerBoundsValidateToo() throws {
        let broken = Repository.write(
            """
            {"title": "Broken", "start": "a", "passages": [
              {"id": "a", "text": "Go on?", "choices": [{"text": "ok", "to": "end"}, {"text": "oops", "to": "nowhere"}]},
              {"id": "end", "ending": true}
            ]}
            """, name: "broken.json")
        let fuzz = try Self.validate("fuzz", ["fuzz", broken, "--runs", "200", "--seed", "3", "--format", "json"])
        guard case .object(let top) = fuzz, case .object(let failed)? = top["failed"],
            case .array(let links)? = failed["links"],
            case .object(let link)? = links.first, case .object(let choice)? = link["choice"]
        else {
            Issue.record("no failed link in \(fuzz)")
            return
        }
        #expect(choice["location"] == .object(["file": .string(broken), "line": .integer(2), "column": .integer(74)]))
        // Run 1 of seed 3 takes the broken link (the text test above reads the same run).
        let replay = try Self.validate(
            "replay", ["fuzz", broken, "--replay", "\(Self.firstFailedRun(link))", "--seed", "3", "--format", "json"])
        guard case .object(let transcript) = replay, case .object(let outcome)? = transcript["outcome"] else { return }
        #expect(outcome["kind"] == .string("broken_link"))
        #expect(outcome["location"] == .object(["file": .string(broken), "line": .integer(2), "column": .integer(74)]))

        let unreadable = Repository.write("{ not json", name: "bad.json")
        let check = try Self.validate("check", ["check", unreadable, broken, "--format", "json"])
        guard case .object(let document) = check, case .array(let files)? = document["files"],
            case .object(let first)? = files.first
        else { return }
        #expect(first["readable"] == .bool(false))
        #expect(document["errors"] == .integer(2))

        var passages: [String] = []
        for v in 0..<12 {
            let choices = ((0..<12).filter { $0 != v }.map { "p\($0)" } + ["end"]).map {
                #"{"text": "go", "to": "\#($0)"}"#
            }
            passages.append(#"{"id": "p\#(v)", "text": "t", "choices": [\#(choices.joined(separator: ", "))]}"#)
        }
        passages.append(#"{"id": "end", "text": "t", "ending": true}"#)
        let dense = Repository.write(
            #"{"start": "p0", "passages": [\#(passages.joined(separator: ",\n"))]}"#, name: "dense.json")
        let report = try Self.validate("report", ["report", dense, "--format", "json", "--budget", "0.01"])
        guard case .object(let fields) = report, case .object(let paths)? = fields["paths"] else { return }
        #expect(paths["exact"] == .bool(false))
        _ = try Self.validate("paths", ["paths", dense, "--format", "json", "--limit", "3", "--budget", "0.01"])
    }

    static func firstFailedRun(_ link: [String: JSONValue]) -> Int64 {
        if case .integer(let run)? = link["first_run"] { return run }
        return 0
    }

    @Test func aRenamedOrMissingKeyFails() throws {
        let schema = try Self.schema("report")
        let run = runCLI(["report", Repository.path("Examples/lighthouse.json"), "--format", "json"])
        guard case .object(var fields) = try JSONValue.parse(run.stdoutData), case .object(var paths)? = fields["paths"]
        else {
            Issue.record("no paths object")
            return
        }
        #expect(schema.errors(in: .object(fields)) == [])
        paths["unboundedWalks"] = paths.removeValue(forKey: "unbounded_walks")
        fields["paths"] = .object(paths)
        #expect(
            schema.errors(in: .object(fields)) == [
                "$.paths: missing 'unbounded_walks'", "$.paths: unexpected key 'unboundedWalks'",
            ])
        fields["schema_version"] = .integer(1)
        fields["budget_seconds"] = .string("1")
        #expect(
            schema.errors(in: .object(fields)).sorted() == [
                "$.budget_seconds: expected number, found string", "$.paths: missing 'unbounded_walks'",
                "$.paths: unexpected key 'unboundedWalks'", "$.schema_version: expected the constant integer(2)",
            ])
    }

    @Test func theValidatorChecksEachKeywordItUses() throws {
        let schema = try JSONSchema(
            Data(
                #"""
                {"type": "object", "additionalProperties": false, "required": ["n"],
                 "properties": {"n": {"type": "integer", "minimum": 1}, "k": {"enum": ["a", "b"]},
                                "list": {"type": "array", "items": {"$ref": "#/$defs/flag"}}},
                 "$defs": {"flag": {"type": "boolean"}}}
                """#.utf8))
        func errors(_ json: String) throws -> [String] { schema.errors(in: try JSONValue.parse(Data(json.utf8))) }
        #expect(try errors(#"{"n": 1, "k": "a", "list": [true, false]}"#) == [])
        #expect(try errors(#"{"n": 1.5}"#) == ["$.n: expected integer, found number"])
        #expect(try errors(#"{"n": true}"#) == ["$.n: expected integer, found boolean"])
        #expect(try errors(#"{"n": 0}"#) == ["$.n: 0.0 is below the minimum 1.0"])
        #expect(try errors(#"{"n": 1, "k": "c"}"#) == [#"$.k: string("c") is not one of the allowed values"#])
        #expect(try errors(#"{"n": 1, "list": [true, 1]}"#) == ["$.list[1]: expected boolean, found integer"])
        #expect(try errors(#"{"n": 1, "extra": null}"#) == ["$: unexpected key 'extra'"])
        #expect(try errors(#"[]"#) == ["$: expected object, found array"])
        let loose = try JSONSchema(Data(#"{"type": "string", "maxLength": 2}"#.utf8))
        #expect(loose.errors(in: .string("a")) == ["$: unsupported keyword 'maxLength'"])
    }

    @Test func theSchemasUseOnlyCheckedKeywordsAndShareTheirDefinitions() throws {
        var definitions: [String: [String: JSONValue]] = [:]
        for output in Self.outputs + ["diff"] {
            let root = try Self.schema(output).root
            #expect(JSONSchema.unsupportedKeywords(in: root) == [], "\(output)")
            guard case .object(let top) = root else { continue }
            #expect(top["$schema"] == .string("https://json-schema.org/draft/2020-12/schema"))
            #expect(top["additionalProperties"] == .bool(false))
            guard case .object(let defs)? = top["$defs"] else { continue }
            for (name, definition) in defs { definitions[name, default: [:]][output] = definition }
        }
        // A definition written in several schemas (location, finding) is the same in each.
        #expect(definitions["location"]?.count == 5)
        #expect(definitions["finding"]?.count == 3)
        for (name, byOutput) in definitions {
            let first = byOutput.values.first
            #expect(byOutput.values.allSatisfy { $0 == first }, "\(name) differs between \(byOutput.keys.sorted())")
        }
    }
}
