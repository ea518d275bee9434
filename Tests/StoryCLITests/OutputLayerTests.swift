import Foundation
import StoryFormats
import StoryGraph
import TestSupport
import Testing

@testable import StoryCLI

/// Every document a command prints is rendered by the library (issue 32 item 3): what the
/// library renders from a document built here, without the command, is byte for byte what
/// the command prints.
@Suite struct OutputLayerTests {
    /// A story read as the command reads it, named as the command was given it.
    static func load(_ path: String) throws -> LoadResult {
        let data = try Data(contentsOf: URL(fileURLWithPath: Repository.path(path)))
        return try StoryLoading.load(sources: [SourceText(path: path, data: data)])
    }

    /// The findings `check` gives one story file.
    static func checked(_ path: String) throws -> CheckReport.File {
        let loaded = try load(path)
        let graph = StoryGraph(loaded.story)
        let reachability = Reachability(graph)
        let state = StateModel.applies(to: graph.story) ? StateAnalysis(graph, reachability: reachability) : nil
        let findings = Lint(
            graph, loadDiagnostics: loaded.diagnostics, reachability: reachability,
            components: StronglyConnectedComponents(graph), state: state
        ).findings
        return CheckReport.File(path: path, readable: true, diagnostics: findings)
    }

    @Test(arguments: CheckReport.Format.allCases)
    func checkRenderedFromItsReportIsWhatCheckPrints(_ format: CheckReport.Format) throws {
        let stories = ["Examples/harbour.json", "Examples/carousel.json"]
        let report = CheckReport(files: try stories.map(Self.checked), strict: false)
        let rendered = report.rendered(
            format, rules: StoryLoading.rules, tool: CheckCommand.tool, currentFolder: Repository.root.path,
            standardInput: StandardInput.name)
        let run = try runBinary(["check"] + stories + ["--format", format.rawValue])
        #expect(run.exitCode == 1)
        #expect(rendered == run.stdout)
        #expect(report.summary == "checked 2 stories: 3 errors, 2 warnings, 1 info")
    }

    @Test func sarifFromTheLibraryIsTheLogCheckWrites() throws {
        let report = CheckReport(files: [try Self.checked("Examples/carousel.json")], strict: false)
        let sarif = report.rendered(
            .sarif, rules: RuleRegistry([Rule("trap", .error, "A loop no reader leaves.")]),
            tool: .init(name: "storygraph", version: "9.9.9"), currentFolder: "/elsewhere", standardInput: "<stdin>")
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["version"] as? String == "9.9.9")
        #expect((driver["rules"] as? [[String: Any]])?.map { $0["id"] as? String } == ["trap"])
        let results = try #require(run["results"] as? [[String: Any]])
        #expect(results.map { $0["ruleId"] as? String } == ["no-ending", "trap", "false-choice"])
        // Only the rule the registry knows has an index; a relative path is relative to the folder given.
        #expect(results.map { $0["ruleIndex"] as? Int } == [nil, 0, nil])
        let location = try #require(
            (results[1]["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
        let artifact = location["artifactLocation"] as? [String: Any]
        #expect(artifact?["uri"] as? String == "Examples/carousel.json")
        #expect(artifact?["uriBaseId"] as? String == "%SRCROOT%")
        // SARIF's keys stay camelCase, sorted, pretty-printed as every JSON output.
        #expect(sarif.hasPrefix("{\n  \"$schema\" : \"\(CheckCIOutput.sarifSchema)\",\n  \"runs\" : [\n"))
        #expect(sarif.contains("\"columnKind\" : \"unicodeCodePoints\""))
    }

    @Test(arguments: PathListing.Format.allCases)
    func pathsListedByTheLibraryAreWhatPathsPrints(_ format: PathListing.Format) throws {
        for limit in [nil, 3] as [Int?] {
            let graph = StoryGraph(try Self.load("Examples/lighthouse.json").story)
            var out = ""
            let total = PathListing.list(graph, limit: limit, format: format) { out += $0 }
            let run = try runBinary(
                ["paths", "Examples/lighthouse.json", "--format", format.rawValue]
                    + (limit.map { ["--limit", "\($0)"] } ?? []))
            #expect(run.exitCode == 0)
            #expect(out == run.stdout)
            #expect(run.stderr == (format == .json ? "" : PathListing.summary(total) + "\n"))
        }
    }

    @Test(arguments: FuzzReport.Format.allCases)
    func fuzzRenderedFromItsReportIsWhatFuzzPrints(_ format: FuzzReport.Format) throws {
        // The carousel traps every reader: every run is stuck, and the text says how to replay one.
        let graph = StoryGraph(try Self.load("Examples/carousel.json").story)
        let report = Fuzzer(runs: 300, seed: 5, policy: .fresh, maxSteps: 40).run(PlayGraph(graph))
        let replay = FuzzReport.Replay(command: "storygraph fuzz Examples/carousel.json", maxSteps: 40)
        let rendered = report.rendered(format, odds: nil, replay: replay)
        let run = try runBinary([
            "fuzz", "Examples/carousel.json", "--runs", "300", "--seed", "5", "--policy", "fresh", "--max-steps", "40",
            "--format", format.rawValue, "-q",
        ])
        #expect(run.exitCode == 1)
        #expect(rendered == run.stdout)
        #expect(
            report.replayLine(replay)
                == "Replay one: storygraph fuzz Examples/carousel.json --replay 1 --seed 5 --policy fresh --max-steps 40"
        )
        #expect(rendered.hasSuffix(format == .text ? report.replayLine(replay)! + "\n" : "}\n"))
    }

    @Test(arguments: FuzzReport.Format.allCases)
    func aTranscriptRenderedByTheLibraryIsWhatReplayPrints(_ format: FuzzReport.Format) throws {
        let play = PlayGraph(StoryGraph(try Self.load("Examples/lighthouse.json").story))
        let transcript = Transcript(
            Playthrough(play, seed: 3, run: 2, policy: .uniform, maxSteps: nil), of: play, seed: 3, policy: .uniform)
        let run = try runBinary([
            "fuzz", "Examples/lighthouse.json", "--replay", "2", "--seed", "3", "--format", format.rawValue, "-q",
        ])
        #expect(run.exitCode == 0)
        #expect(transcript.rendered(format) == run.stdout)
    }

    @Test(arguments: StoryDiff.Format.allCases)
    func aDiffRenderedByTheLibraryIsWhatDiffPrints(_ format: StoryDiff.Format) throws {
        let (v1, v2) = ("Examples/diff/tide-mill-v1.json", "Examples/diff/tide-mill-v2.json")
        let analyses = try [v1, v2].map { path in
            let loaded = try Self.load(path)
            return StoryAnalysis(
                StoryGraph(loaded.story), loadDiagnostics: loaded.diagnostics, options: .init(maxCycles: 0))
        }
        let diff = StoryDiff(old: analyses[0], oldName: v1, new: analyses[1], newName: v2)
        let run = try runBinary([
            "diff", v1, v2, "--format", format.rawValue, "--fail-on", "new-errors", "--fail-on", "lost-endings",
        ])
        #expect(diff.rendered(format) == run.stdout)
        let failures = diff.failures([.newErrors, .lostEndings])
        #expect(run.exitCode == (failures.isEmpty ? 0 : 1))
        #expect(run.stderr == (failures.isEmpty ? "" : "diff fails: \(failures.joined(separator: ", "))\n"))
    }
}
