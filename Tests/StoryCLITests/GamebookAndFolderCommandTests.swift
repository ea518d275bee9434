import Foundation
import TestSupport
import Testing

/// Gamebook data and folders through the binary: the inferred schema on stderr in one
/// line, `--schema`, located refusals with exit code 65, and folders checked story by story.
@Suite struct GamebookAndFolderCommandTests {
    static func fixture(_ name: String) -> String { Repository.path("Tests/Fixtures/\(name)") }

    static func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }

    @Test func theYAMLExampleReportsItsInferredSchemaInOneLine() {
        let path = Repository.path("Examples/salt-road.yaml")
        let run = runCLI(["paths", path])
        #expect(run.exitCode == 0)
        #expect(Self.lines(run.stdout).count == 5)
        #expect(
            Self.lines(run.stderr) == [
                "\(path):6:3: info: inferred: sections = \"sections\" map, id = key, text = \"text\", options = \"options\"[].{\"label\",\"goto\"} [gamebook-schema]",
                "5 paths",
            ])
    }

    @Test func badYAMLIsRefusedAtItsLine() {
        let path = Self.fixture("gamebook/broken.yaml")
        let run = runCLI(["report", path])
        #expect(run.exitCode == 65)
        #expect(
            run.stderr.hasPrefix(
                "error: \(path):5:4: error: YAML syntax error: did not find expected key (while parsing a block mapping); check this line's indentation"
            )
                || run.stderr.contains(
                    "\(path):5:4: error: YAML syntax error: did not find expected key (while parsing a block mapping); check this line's indentation"
                ))
        #expect(run.stderr.contains("[yaml-syntax]"))
    }

    @Test func aJSLiteralWithASyntaxErrorIsRefusedAtItsColumn() {
        let path = Self.fixture("gamebook/broken.js")
        let run = runCLI(["check", path])
        #expect(run.exitCode == 65)
        #expect(run.stderr.contains("\(path):4:3: error: expected ',' or '}' after a value, found 'h' [js-syntax]"))
        #expect(run.stdout == "checked 1 story: 1 error, 0 warnings, 0 info (1 could not be read)\n")
    }

    @Test func anAmbiguousSchemaIsRefusedAndASchemaFileSettlesIt() throws {
        let path = Self.fixture("gamebook/ambiguous.json")
        let refused = runCLI(["check", path])
        #expect(refused.exitCode == 65)
        #expect(
            refused.stderr.contains(
                "\(path):1:1: error: ambiguous gamebook schema: 3 targets fit both [sections = \"rooms\" map, id = key, text = \"text\", options = \"up\"] and [sections = \"rooms\" map, id = key, text = \"text\", options = \"down\"]; give --schema FILE"
            ))

        let schema = Self.fixture("gamebook/ambiguous.schema.json")
        let report = runCLI(["report", path, "--schema", schema, "--format", "json", "--quiet"])
        #expect(report.exitCode == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: report.stdoutData) as? [String: Any])
        let structure = try #require(object["structure"] as? [String: Any])
        #expect(structure["passages"] as? Int == 4)
        #expect(structure["choices"] as? Int == 3)
        #expect((object["paths"] as? [String: Any])?["total"] as? String == "1")
        #expect((object["endings"] as? [Any])?.count == 1)

        let missing = runCLI(["check", path, "--schema", Self.fixture("gamebook/no-such.schema.json")])
        #expect(missing.exitCode == 65)
        #expect(missing.stderr.contains("no-such.schema.json:1:1: error: cannot read file: no such file"))
    }

    @Test func checkOnExamplesChecksEveryExampleSeparately() {
        let run = runCLI(["check", Repository.path("Examples")])
        #expect(run.exitCode == 1)
        #expect(run.stdout == "checked 21 stories: 4 errors, 15 warnings, 12 info\n")
        let blocks = Self.lines(run.stderr).filter { $0.hasSuffix(" info") && !$0.contains(": info: ") }
        #expect(blocks.count == 21)
        // A ChoiceScript game is one story, and an ink file another INCLUDEs is part of it.
        // Their findings are the state search's (Documentation/choicescript.md, Documentation/analysis.md):
        // the lamplighter's out-of-oil ending no reader reaches. The ferry's divert to a
        // variable (`-> next_stop`) only ever holds `-> far_shore`, so the search follows
        // it, and finds 'Pay double' (coins > 2, with 2 coins) never offered.
        #expect(blocks.contains("\(Repository.path("Examples/lamplighter/startup.txt")): 0 errors, 2 warnings, 1 info"))
        #expect(blocks.contains("\(Repository.path("Examples/ferry.ink")): 0 errors, 2 warnings, 3 info"))
        #expect(blocks.contains("\(Repository.path("Examples/toll-bridge.json")): 0 errors, 5 warnings, 1 info"))
        #expect(!blocks.contains { $0.contains("crossing.ink") })
        #expect(blocks.contains("\(Repository.path("Examples/harbour.json")): 1 error, 2 warnings, 0 info"))
        #expect(blocks.contains("\(Repository.path("Examples/salt-road.yaml")): 0 errors, 0 warnings, 1 info"))
        // The clockwork's mainspring sends the reader on with `<<goto $next>>`, which the
        // search cannot follow: no "never" is claimed, the same in Twee and in HTML.
        #expect(
            blocks.contains("\(Repository.path("Examples/clockwork-sugarcube.twee")): 0 errors, 0 warnings, 1 info"))
        #expect(blocks.contains("\(Repository.path("Examples/clockwork.html")): 0 errors, 0 warnings, 1 info"))
        #expect(blocks.contains("\(Repository.path("Examples/tidepool-harlowe.twee")): 0 errors, 0 warnings, 1 info"))
    }

    @Test func aFolderOfTwoTweeStoriesIsNeverMerged() {
        let folder = Self.fixture("folders/two-twee")
        let check = runCLI(["check", folder])
        #expect(check.exitCode == 0)
        #expect(check.stdout == "checked 2 stories: 0 errors, 0 warnings, 0 info\n")
        #expect(
            Self.lines(check.stderr) == [
                "\(folder)/harbour.twee: 0 errors, 0 warnings, 0 info",
                "\(folder)/orchard.twee: 0 errors, 0 warnings, 0 info",
            ])
        let report = runCLI(["report", folder])
        #expect(report.exitCode == 65)
        #expect(
            report.stderr
                == "error: folder \(folder) holds 2 separate stories: harbour.twee, orchard.twee; give one of them, or run `storygraph check \(folder)` to check each [unknown-format]\n"
        )
    }

    @Test func aTweeProjectInTwoFilesIsOneStory() throws {
        let folder = Self.fixture("folders/twee-project")
        let check = runCLI(["check", folder])
        #expect(check.exitCode == 0)
        #expect(check.stdout == "checked 1 story: 0 errors, 0 warnings, 0 info\n")
        let report = runCLI(["report", folder, "--format", "json", "--quiet"])
        #expect(report.exitCode == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: report.stdoutData) as? [String: Any])
        #expect((object["structure"] as? [String: Any])?["passages"] as? Int == 4)
        #expect((object["paths"] as? [String: Any])?["total"] as? String == "2")
        #expect((object["endings"] as? [Any])?.count == 2)
    }

    @Test func aMixedFolderChecksEachStoryAndLeavesOutWhatIsNoStory() {
        let folder = Self.fixture("folders/mixed")
        let check = runCLI(["check", folder, "--quiet"])
        #expect(check.exitCode == 0)
        #expect(check.stdout == "checked 2 stories: 0 errors, 0 warnings, 1 info\n")
        let map = runCLI(["map", folder])
        #expect(map.exitCode == 65)
        #expect(map.stderr.contains("holds 2 separate stories: pages.yaml, rooms.json"))
        let one = runCLI(["paths", folder + "/pages.yaml", "--quiet"])
        #expect(one.exitCode == 0)
        #expect(Self.lines(one.stdout) == ["p1 —[p2]→ p2", "p1 —[p3]→ p3"])
    }
}
