import Foundation
import TestSupport
import Testing

/// The GitHub Action's logic (`action/storygraph-check.sh`, which `action.yml` runs) run the
/// way a runner runs it: in a fixture git repository of our own stories as
/// `GITHUB_WORKSPACE`, with `GITHUB_OUTPUT` and `GITHUB_STEP_SUMMARY` files and this
/// build's `storygraph` on `PATH`: its exit code, its SARIF log (valid against OASIS's
/// schema), its outputs and its step summary (issue 31 item 3).
@Suite struct ActionScriptTests {
    /// A story with no finding.
    static let good = """
        {"title": "Good", "start": "quay", "passages": [
          {"id": "quay", "text": "The ferry waits.", "choices": [{"text": "board", "to": "deck"}]},
          {"id": "deck", "text": "You cross.", "ending": "good"}
        ]}
        """
    /// A story whose one choice leads nowhere: an error.
    static let broken = """
        {"title": "Broken", "start": "gate", "passages": [
          {"id": "gate", "text": "A gate.", "choices": [{"text": "in", "to": "yard"}, {"text": "on", "to": "crypt"}]},
          {"id": "yard", "text": "A yard.", "ending": "good"}
        ]}
        """
    /// A story with a passage no choice reaches: a warning.
    static let stray = """
        {"title": "Stray", "start": "a", "passages": [
          {"id": "a", "text": "Start.", "choices": [{"text": "go", "to": "b"}]},
          {"id": "b", "text": "End.", "ending": "good"},
          {"id": "c", "text": "Nobody comes here.", "ending": "bad"}
        ]}
        """

    struct Run {
        var exitCode: Int32
        var log: String
        var outputs: [String: String]
        var summary: String
        var workspace: URL
    }

    /// A fixture repository (the stories committed with git), then the script run in it with
    /// `inputs` as the environment action.yml gives it.
    static func run(_ inputs: [String: String], files: [String: String] = [:]) throws -> Run {
        let folder = Repository.temporaryFolder()
        let workspace = folder.appendingPathComponent("repo")
        let stories = ["good.json": good, "stories/broken.json": broken, "stray.json": stray]
        for (name, text) in stories.merging(files, uniquingKeysWith: { $1 }) {
            let url = workspace.appendingPathComponent(name)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        var environment = [
            "PATH": Binary.url.deletingLastPathComponent().path + ":/usr/bin:/bin",
            "HOME": folder.path,
            "GIT_CONFIG_NOSYSTEM": "1",
            "GITHUB_WORKSPACE": workspace.path,
            "GITHUB_OUTPUT": folder.appendingPathComponent("output").path,
            "GITHUB_STEP_SUMMARY": folder.appendingPathComponent("summary").path,
        ]
        for (name, value) in inputs { environment[name] = value }
        let git = try runBinary(
            [
                "-c",
                "git init -q && git add -A && git -c user.name=test -c user.email=test@example.invalid commit -q -m stories",
            ], environment: environment, directory: workspace, executable: "/bin/sh", mergingStandardError: true)
        #expect(git.exitCode == 0, "\(git.stdout)")
        // The runner starts the step elsewhere; the script goes to the workspace itself.
        let run = try runBinary(
            [Repository.path("action/storygraph-check.sh")], environment: environment, directory: folder,
            executable: "/bin/bash", mergingStandardError: true)
        var outputs: [String: String] = [:]
        let written = (try? String(contentsOf: folder.appendingPathComponent("output"), encoding: .utf8)) ?? ""
        for line in written.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            outputs[String(parts[0])] = parts.count == 2 ? String(parts[1]) : nil
        }
        let summary = (try? String(contentsOf: folder.appendingPathComponent("summary"), encoding: .utf8)) ?? ""
        return Run(exitCode: run.exitCode, log: run.stdout, outputs: outputs, summary: summary, workspace: workspace)
    }

    static func outputs(
        sarif: String = "storygraph.sarif", errors: Int, warnings: Int, infos: Int, check: Int, exit: Int
    ) -> [String: String] {
        [
            "sarif": sarif, "errors": "\(errors)", "warnings": "\(warnings)", "infos": "\(infos)",
            "check-exit-code": "\(check)", "tested": "false", "test-exit-code": "0", "exit-code": "\(exit)",
        ]
    }

    /// The SARIF log the run wrote, validated against the schema, as flattened results.
    static func sarif(_ run: Run, _ path: String = "storygraph.sarif") throws -> [String] {
        let data = try Data(contentsOf: run.workspace.appendingPathComponent(path))
        let log = try JSONValue.parse(data)
        #expect(CheckCIOutputTests.schema.errors(in: log) == [])
        guard case .object(let top) = log, case .array(let runs)? = top["runs"], runs.count == 1,
            case .object(let first) = runs[0], case .array(let results)? = first["results"]
        else {
            Issue.record("no run in the SARIF log")
            return []
        }
        return results.map { CheckCIOutputTests.flatten($0).description }
    }

    static let brokenLink =
        "stories/broken.json:2:79: error: choice 'on' of passage 'gate' leads to 'crypt', which does not exist [broken-link]"
    static let strayEnding =
        "stray.json:4:3: warning: ending 'c' cannot be reached from the start 'a' [unreachable-ending]"

    @Test(CheckCIOutputTests.schemaFound) func goodStoryPasses() throws {
        let run = try Self.run(["STORYGRAPH_STORIES": "good.json"])
        #expect(run.exitCode == 0, "\(run.log)")
        #expect(run.log == "storygraph 0.1.0\nchecked 1 story: 0 errors, 0 warnings, 0 info\n")
        #expect(run.outputs == Self.outputs(errors: 0, warnings: 0, infos: 0, check: 0, exit: 0))
        #expect(try Self.sarif(run) == [])
        #expect(
            run.summary == """
                ## storygraph check

                checked 1 story: 0 errors, 0 warnings, 0 info: exit code 0; SARIF log: `storygraph.sarif`

                ~~~ text
                checked 1 story: 0 errors, 0 warnings, 0 info
                ~~~

                """)
    }

    /// Three stories, one per line (blank lines and spaces around a path left out): the broken
    /// link fails the step, and both findings are in the SARIF log, the log and the summary.
    @Test(CheckCIOutputTests.schemaFound) func brokenLinkFailsTheCheck() throws {
        let run = try Self.run(["STORYGRAPH_STORIES": "good.json\n  stories/broken.json  \n\nstray.json\n"])
        #expect(run.exitCode == 1, "\(run.log)")
        let findings = """
            good.json: 0 errors, 0 warnings, 0 info
            \(Self.brokenLink)
            stories/broken.json: 1 error, 0 warnings, 0 info
            \(Self.strayEnding)
            stray.json: 0 errors, 1 warning, 0 info
            checked 3 stories: 1 error, 1 warning, 0 info

            """
        #expect(run.log == "storygraph 0.1.0\n" + findings)
        #expect(run.outputs == Self.outputs(errors: 1, warnings: 1, infos: 0, check: 1, exit: 1))
        #expect(
            try Self.sarif(run) == [
                "broken-link#\(CheckCIOutputTests.index("broken-link")) error stories/broken.json@%SRCROOT%:2:79 [] choice 'on' of passage 'gate' leads to 'crypt', which does not exist",
                "unreachable-ending#\(CheckCIOutputTests.index("unreachable-ending")) warning stray.json@%SRCROOT%:4:3 [] ending 'c' cannot be reached from the start 'a'",
            ])
        #expect(
            run.summary == """
                ## storygraph check

                checked 3 stories: 1 error, 1 warning, 0 info: exit code 1; SARIF log: `storygraph.sarif`

                ~~~ text
                \(findings)~~~

                """)
    }

    /// A warning passes, and fails under `strict`; the SARIF log goes where `sarif` says.
    @Test(CheckCIOutputTests.schemaFound, arguments: [("false", 0), ("true", 1)])
    func strictFailsOnAWarning(_ strict: String, _ exitCode: Int) throws {
        let run = try Self.run([
            "STORYGRAPH_STORIES": "stray.json", "STORYGRAPH_STRICT": strict, "STORYGRAPH_SARIF": "out/check.sarif",
        ])
        #expect(run.exitCode == Int32(exitCode), "\(run.log)")
        #expect(
            run.outputs
                == Self.outputs(
                    sarif: "out/check.sarif", errors: 0, warnings: 1, infos: 0, check: exitCode, exit: exitCode))
        #expect(
            try Self.sarif(run, "out/check.sarif") == [
                "unreachable-ending#\(CheckCIOutputTests.index("unreachable-ending")) warning stray.json@%SRCROOT%:4:3 [] ending 'c' cannot be reached from the start 'a'"
            ])
    }

    /// A story that cannot be read: check's exit code 65 is the step's, its error counted.
    @Test(CheckCIOutputTests.schemaFound) func unreadableStory() throws {
        let run = try Self.run(["STORYGRAPH_STORIES": "bad.json"], files: ["bad.json": "{\"title\": \"x\", \n"])
        #expect(run.exitCode == 65, "\(run.log)")
        #expect(run.outputs == Self.outputs(errors: 1, warnings: 0, infos: 0, check: 65, exit: 65))
        #expect(
            try Self.sarif(run) == [
                "json-syntax#\(CheckCIOutputTests.index("json-syntax")) error bad.json@%SRCROOT%:2:1 [] unexpected end of file: expected a string key"
            ])
        #expect(
            run.summary.hasPrefix(
                "## storygraph check\n\nchecked 1 story: 1 error, 0 warnings, 0 info (1 could not be read): exit code 65;"
            ))
    }

    /// Inputs the script refuses before running anything: exit 64, an error annotation, no outputs.
    @Test(arguments: [
        (
            ["STORYGRAPH_STORIES": " \n "],
            "::error::no story to check: set the 'stories' input to one or more story files or folders"
        ),
        (
            ["STORYGRAPH_STORIES": "good.json", "STORYGRAPH_STRICT": "yes"],
            "::error::the 'strict' input must be true or false, not 'yes'"
        ),
        (
            ["STORYGRAPH_STORIES": "good.json", "STORYGRAPH_EXPECT": "expect.json"],
            "::error::the 'expect' input names 'expect.json', which is not a file"
        ),
    ])
    func refusedInputs(_ inputs: [String: String], _ message: String) throws {
        let run = try Self.run(inputs)
        #expect(run.exitCode == 64)
        #expect(run.log == message + "\n")
        #expect(run.outputs == [:])
        #expect(run.summary == "")
    }

    /// `storygraph test` runs only for a story with expectations (every test above has none):
    /// a `storygraph.json` beside it without an "expect" key (the word only inside a string,
    /// beside each story in turn) is no expectation.
    @Test func noExpectationsNoTest() throws {
        let config = #"{"link_macros": ["fade"], "note": "no \"expect\": here"}"#
        for files in [["storygraph.json": config], ["stories/storygraph.json": config]] {
            let run = try Self.run(["STORYGRAPH_STORIES": "good.json\nstories/broken.json"], files: files)
            #expect(run.exitCode == 1)
            #expect(run.outputs["tested"] == "false")
            #expect(run.outputs["test-exit-code"] == "0")
            #expect(!run.log.contains("storygraph test"))
            #expect(!run.summary.contains("## storygraph test"))
        }
    }

    /// Stories with expectations beside them are tested, each on its own: `good.json`'s hold,
    /// `stray.json`'s one fails, so the test exit code (and the step's) is 1 while the check
    /// passed; the summary carries both.
    @Test func storiesWithExpectationsAreTestedEachOnItsOwn() throws {
        let holds = #"{"expect": [{"name": "the end is near", "reachable": "b"}]}"#
        let fails = #"{"expect": [{"name": "nobody strays", "reachable": "c"}]}"#
        let run = try Self.run(
            ["STORYGRAPH_STORIES": "good/good.json\nstray/stray.json"],
            files: [
                "good/good.json": Self.stray, "good/storygraph.json": holds, "stray/stray.json": Self.stray,
                "stray/storygraph.json": fails,
            ])
        #expect(run.exitCode == 1, "\(run.log)")
        #expect(run.outputs["check-exit-code"] == "0")
        #expect(run.outputs["tested"] == "true")
        #expect(run.outputs["test-exit-code"] == "1")
        #expect(run.outputs["exit-code"] == "1")
        let tests = run.log.components(separatedBy: "\n").filter {
            $0.hasPrefix("storygraph test ") || $0.hasSuffix(" unknown")
        }
        #expect(tests == [
            "storygraph test good/good.json", "1 held, 0 failed, 0 unknown",
            "storygraph test stray/stray.json", "0 held, 1 failed, 0 unknown",
        ])
        #expect(run.summary.contains("## storygraph test\n\nexit code 1\n"))
    }
}
