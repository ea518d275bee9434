import Foundation
import TestSupport
import Testing

@testable import StoryCLI

@Suite struct AnalysisCommandTests {
    static let lighthouse = Repository.path("Examples/lighthouse.json")
    static let defusal = Repository.path("Examples/defusal.json")
    static let carousel = Repository.path("Examples/carousel.json")
    static let examples = [lighthouse, defusal, carousel]

    static func json(_ run: CLIRun) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: run.stdoutData) as? [String: Any])
    }

    @Test func reportOfTheDestiniExampleInEveryFormat() throws {
        let text = runCLI(["report", Self.lighthouse])
        #expect(text.exitCode == 0)
        #expect(text.stdout.contains("paths            5 (exact)"))
        #expect(text.stdout.contains("  4       neutral      2         2        3  37.5%"))
        let json = runCLI(["report", Self.lighthouse, "--format", "json"])
        let object = try Self.json(json)
        let paths = try #require(object["paths"] as? [String: Any])
        #expect(paths["total"] as? String == "5")
        let endings = try #require(object["endings"] as? [[String: Any]])
        #expect(endings.map { $0["paths"] as? String } == ["1", "2", "2"])
        #expect(endings.map { $0["probability"] as? Double } == [0.25, 0.375, 0.375])
        #expect(object["bottlenecks"] as? [String] == ["0"])
        let markdown = runCLI(["report", Self.lighthouse, "--format", "markdown"])
        #expect(markdown.stdout.hasPrefix("## The Lighthouse Keeper\n"))
        #expect(markdown.stdout.contains("| `4` | neutral | 2 | 2 | 3 | 37.5% |"))
    }

    @Test(arguments: ["text", "json", "markdown"])
    func reportSnapshotsOfTheExamples(format: String) throws {
        for example in Self.examples {
            let run = runCLI(["report", example, "--format", format])
            #expect(run.exitCode == 0)
            let name = (example as NSString).lastPathComponent.replacingOccurrences(of: ".json", with: "")
            let ext = format == "markdown" ? "md" : format == "json" ? "json" : "txt"
            try Snapshot.check(
                run.stdout.replacingOccurrences(of: Repository.root.path + "/", with: ""),
                named: "report-\(name).\(ext)")
            if format == "json" { _ = try Self.json(run) }
        }
    }

    @Test func checkFailsOnTheNeverEndingStoryNamingTheLoop() {
        let run = runCLI(["check", Self.carousel])
        #expect(run.exitCode == 1)
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(
            lines.contains {
                $0.hasSuffix(": error: no ending can be reached from the start 'ticket' [no-ending]")
                    && $0.contains("carousel.json:5:5")
            })
        #expect(
            lines.contains {
                $0.contains("error: the loop 'ticket' → 'white' → 'ticket' never reaches an ending")
                    && $0.hasSuffix("[trap]")
            })
        #expect(run.stdout == "checked 1 story: 2 errors, 0 warnings, 1 info\n")
    }

    @Test func checkPassesCleanStoriesAndChecksEachFile() {
        let run = runCLI(["check", Self.lighthouse, Self.defusal])
        #expect(run.exitCode == 0)
        #expect(run.stdout == "checked 2 stories: 0 errors, 0 warnings, 1 info\n")
        #expect(run.stderr.contains("defusal.json:13:5: info: every choice of passage 'beach' leads to 'retired'"))
        let all = runCLI(["check", Self.lighthouse, Self.carousel])
        #expect(all.exitCode == 1)
    }

    @Test func strictFailsOnWarningsAndDisableLeavesRulesOut() {
        let story = Repository.write(
            """
            {"passages": [
              {"id": "a", "text": "t", "choices": [{"text": "x", "to": "end"}]},
              {"id": "lost", "text": "t", "choices": [{"text": "x", "to": "end"}]},
              {"id": "end", "text": "t", "ending": true}
            ]}
            """, name: "lost.json")
        #expect(runCLI(["check", story]).exitCode == 0)
        let strict = runCLI(["check", story, "--strict"])
        #expect(strict.exitCode == 1)
        #expect(
            strict.stderr.contains(
                "lost.json:3:3: warning: passage 'lost' cannot be reached from the start 'a' [unreachable]"))
        let disabled = runCLI(["check", story, "--strict", "--disable", "unreachable", "--disable", "empty-passage"])
        #expect(disabled.exitCode == 0)
        #expect(disabled.stderr.isEmpty)
        let wrong = runCLI(["check", story, "--disable", "nonsense"])
        #expect(wrong.exitCode == 64)
        #expect(
            wrong.stderr.contains(
                "expected one of: branch-not-evaluated, broken-link, call-depth, choicescript-all-conditional, choicescript-expected-option"
            ))
        #expect(
            wrong.stderr.contains(
                "choicescript-unused-scene, condition-always-true, condition-never-true, duplicate-choice-text, duplicate-id, dynamic-link, empty-file"
            ))
    }

    @Test func maxStatesBoundsTheStateSearchAndCheckThenProvesNoNever() {
        let story = Repository.path("Examples/toll-bridge.json")
        let full = runCLI(["check", story])
        #expect(full.stdout == "checked 1 story: 0 errors, 5 warnings, 1 info\n")
        let cut = runCLI(["check", story, "--max-states", "5"])
        #expect(cut.exitCode == 0)
        #expect(cut.stdout == "checked 1 story: 0 errors, 1 warning, 2 info\n")
        #expect(
            cut.stderr.contains(
                "toll-bridge.json:6:5: info: the state search stopped at its bound of 5 states, --max-states after 5 states: what it did not reach may still be reachable, so no finding says 'never' [state-search-incomplete]\n"
            ))
        #expect(
            runCLI(["report", story, "--max-states", "5"]).stdout.contains(
                "  states explored                            5 (stopped at its bound of 5 states, --max-states: what is not reached may still be reachable)\n"
            ))
        let wrong = runCLI(["report", story, "--max-states", "0"])
        #expect(wrong.exitCode == 64)
        #expect(
            wrong.stderr.hasPrefix(
                "error: invalid value '0' for '--max-states'; expected a whole number from 1 to 100000000"))
    }

    @Test func checkReRaisesLoadFindingsAsErrors() throws {
        let story = Repository.write(
            """
            {"passages": [
              {"id": "a", "text": "t", "choices": [{"text": "x", "to": "end"}, {"text": "y", "to": "gone"}]},
              {"id": "end", "text": "t", "ending": true},
              {"id": "end", "text": "t", "ending": true}
            ]}
            """, name: "broken.json")
        let run = runCLI(["check", story, "--format", "json"])
        #expect(run.exitCode == 1)
        let object = try Self.json(run)
        let files = try #require(object["files"] as? [[String: Any]])
        let findings = try #require(files.first?["findings"] as? [[String: Any]])
        #expect(findings.map { $0["rule"] as? String } == ["broken-link", "duplicate-id"])
        #expect(findings.map { $0["severity"] as? String } == ["error", "error"])
        #expect(findings.map { ($0["location"] as? [String: Any])?["line"] as? Int } == [2, 4])
        #expect(findings.map { ($0["location"] as? [String: Any])?["file"] as? String } == [story, story])
        #expect(object["errors"] as? Int == 2)
    }

    @Test func checkReportsUnreadableFilesAndGoesOn() {
        let bad = Repository.write("{ not json", name: "bad.json")
        let run = runCLI(["check", bad, Self.lighthouse])
        #expect(run.exitCode == 65)
        #expect(run.stdout.contains("(1 could not be read)"))
    }

    @Test func pathsStreamsAndStopsAtTheLimit() throws {
        let all = runCLI(["paths", Self.lighthouse])
        #expect(all.exitCode == 0)
        #expect(all.stdout.split(separator: "\n").count == 5)
        #expect(all.stdout.hasPrefix("0 —[Climb the tower]→ 2 —[Fit the spare bulb]→ 5\n"))
        #expect(all.stderr == "5 paths\n")
        let limited = runCLI(["paths", Self.lighthouse, "--limit", "2"])
        #expect(limited.stdout.split(separator: "\n").count == 2)
        #expect(limited.stderr == "printed 2 of 5 paths\n")
        let toFour = runCLI(["paths", Self.lighthouse, "--to", "4"])
        #expect(toFour.stdout.split(separator: "\n").allSatisfy { $0.hasSuffix("→ 4") })
        #expect(toFour.stderr == "2 paths\n")
        #expect(runCLI(["paths", Self.lighthouse, "--to", "2"]).exitCode == 64)
        #expect(runCLI(["paths", Self.lighthouse, "--to", "nowhere"]).exitCode == 64)
    }

    @Test func pathsJSONParsesWithTheTotal() throws {
        let run = runCLI(["paths", Self.defusal, "--format", "json", "--limit", "3"])
        let object = try Self.json(run)
        let paths = try #require(object["paths"] as? [[String: Any]])
        #expect(paths.count == 3)
        #expect(paths[0]["passages"] as? [String] == ["briefing", "tower", "saved"])
        #expect(paths[0]["choices"] as? [String] == ["Accept the mission", "Cut the red wire"])
        // FNV-1a of "briefing␞briefing␟Accept the mission␟tower␞tower␟Cut the red wire␟saved".
        #expect(paths[0]["id"] as? String == "cd37346ccc07")
        #expect(object["printed"] as? Int == 3)
        #expect(object["total"] as? String == "4")
        let none = try Self.json(runCLI(["paths", Self.carousel, "--format", "json"]))
        #expect((none["paths"] as? [Any])?.isEmpty == true)
        #expect(none["total"] as? String == "0")
    }

    @Test func pathsOnAStoryWithMoreThanAnIntCanHold() throws {
        // 70 diamonds: 2^70 paths; --limit prints the first and the exact total.
        var passages: [String] = []
        for i in 0..<70 {
            passages.append(
                #"{"id": "p\#(i)", "text": "t", "choices": [{"text": "a", "to": "a\#(i)"}, {"text": "b", "to": "b\#(i)"}]}"#
            )
            passages.append(#"{"id": "a\#(i)", "text": "t", "choices": [{"text": "on", "to": "p\#(i + 1)"}]}"#)
            passages.append(#"{"id": "b\#(i)", "text": "t", "choices": [{"text": "on", "to": "p\#(i + 1)"}]}"#)
        }
        passages.append(#"{"id": "p70", "text": "t", "ending": true}"#)
        let story = Repository.write(
            #"{"start": "p0", "passages": [\#(passages.joined(separator: ",\n"))]}"#, name: "diamonds.json")
        let run = runCLI(["paths", story, "--limit", "1"])
        #expect(run.stderr == "printed 1 of 1,180,591,620,717,411,303,424 paths\n")
    }

    @Test func mapShowsTrapsBottlenecksAndAPath() {
        let carousel = runCLI(["map", Self.carousel, "--format", "dot"])
        #expect(carousel.exitCode == 0)
        #expect(carousel.stdout.contains("subgraph cluster_0"))
        #expect(carousel.stdout.contains("label=\"trap: no ending can be reached\"; color=\"#ff8c00\""))
        let plain = runCLI(["map", Self.carousel, "--format", "dot", "--no-analysis"])
        #expect(!plain.stdout.contains("#ff8c00"))
        let path = runCLI(["map", Self.lighthouse, "--format", "dot", "--path", "3"])
        #expect(path.exitCode == 0)
        // Path 3: 0 → 1 → 2 → 5: four passage borders, and for each of the three
        // choices its box border and its two edges, drawn in blue.
        #expect(path.stdout.components(separatedBy: "#1f5fbf").count - 1 == 4 + 3 * 3)
        let tooFar = runCLI(["map", Self.lighthouse, "--format", "dot", "--path", "6"])
        #expect(tooFar.exitCode == 64)
        #expect(tooFar.stderr.contains("the story has only 5 paths"))
    }

    @Test func reportAndCheckRunEndToEnd() throws {
        let report = try runBinary(["report", "Examples/carousel.json", "--format", "json"])
        #expect(report.exitCode == 0)
        let object = try Self.json(report)
        #expect((object["odds"] as? [String: Any])?["never_ending"] as? Double == 1)
        let check = try runBinary(["check", "Examples/carousel.json"])
        #expect(check.exitCode == 1)
        #expect(check.stderr.contains("Examples/carousel.json:5:5: error: no ending can be reached"))
    }
}
