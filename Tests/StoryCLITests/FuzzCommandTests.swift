import Foundation
import StoryFormats
import StoryGraph
import TestSupport
import Testing

@testable import StoryCLI

@Suite struct FuzzCommandTests {
    static let lighthouse = Repository.path("Examples/lighthouse.json")

    @Test func destiniExampleMatchesTheExactOdds() throws {
        let run = runCLI(["fuzz", Self.lighthouse, "--runs", "100000", "--seed", "42"])
        #expect(run.exitCode == 0)
        #expect(
            run.stdout.hasPrefix(
                "Fuzz of 'The Lighthouse Keeper': 100,000 runs, seed 42, uniform policy, step cap 1,000\n"))
        // Each ending row: label, runs, share, exact; shares within 0.01 of the exact odds.
        let exact = ["3 (good)": 25.0, "4 (neutral)": 37.5, "5 (good)": 37.5]
        for (label, odds) in exact {
            let line = try #require(run.stdout.split(separator: "\n").first { $0.hasPrefix("  \(label) ") })
            let fields = line.split(separator: " ")
            let share = try #require(Double(fields[fields.count - 2].dropLast()))
            #expect(fields.last == "\(String(format: "%.2f", odds))%")
            #expect(abs(share - odds) < 1, "\(label): \(share)%")
            #expect(!line.hasSuffix("!"))
        }
        #expect(run.stdout.contains("  passages  6 of 6 (100.00%)\n  choices   6 of 6 (100.00%)\n"))
        #expect(run.stdout.contains("Stuck runs: none\nBroken-link runs: none\n"))
        #expect(run.stdout.hasSuffix("Every run reached an ending.\n"))
        #expect(run.stderr.hasPrefix("fuzz: 100,000 runs, "))
    }

    @Test(arguments: ["text", "json"])
    func outputIsTheSameForAnyNumberOfJobs(format: String) {
        let one = runCLI([
            "fuzz", Self.lighthouse, "--runs", "100000", "--seed", "42", "--jobs", "1", "--format", format,
        ])
        let two = runCLI([
            "fuzz", Self.lighthouse, "--runs", "100000", "--seed", "42", "--jobs", "2", "--format", format,
        ])
        #expect(one.exitCode == 0 && two.exitCode == 0)
        #expect(one.stdoutData == two.stdoutData)
        #expect(!one.stdoutData.isEmpty)
    }

    /// `--timings` writes each step to stderr, in order, and changes nothing on stdout.
    @Test func timingsNameEachStepOnStderrOnly() {
        let plain = runCLI(["fuzz", Self.lighthouse, "--runs", "3000", "--jobs", "2"])
        let timed = runCLI(["fuzz", Self.lighthouse, "--runs", "3000", "--jobs", "2", "--timings"])
        #expect(plain.exitCode == 0 && timed.exitCode == 0)
        #expect(timed.stdoutData == plain.stdoutData)
        let steps = timed.stderr.split(separator: "\n").filter { $0.contains(" ms  cpu ") }.map {
            $0.prefix(20).trimmingCharacters(in: .whitespaces)
        }
        #expect(
            steps == [
                "load", "graph", "play graph", "fuzz set-up", "fuzz runs", "fuzz merge", "fuzz result", "odds",
                "render",
            ])
    }

    @Test func neverEndingStoryFailsAndNamesTheRuns() {
        let run = runCLI(["fuzz", Repository.path("Examples/carousel.json"), "--runs", "500", "--max-steps", "40"])
        #expect(run.exitCode == 1)
        #expect(run.stdout.contains("  stuck (no ending)   500  100.00%  100.00%\n"))
        #expect(
            run.stdout.contains(
                "Stuck runs (no ending within 40 choices, or no choice left to take): 500; runs 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, …\n"
            ))
        #expect(run.stdout.contains("500 of 500 runs did not reach an ending.\n"))
        #expect(
            run.stdout.hasSuffix(
                "Replay one: storygraph fuzz \(Repository.path("Examples/carousel.json")) --replay 1 --seed 1 --max-steps 40\n"
            ))
    }

    @Test func brokenLinkRunsAreReportedWithTheLinksLocation() throws {
        let path = Repository.write(
            """
            {"title": "Broken", "start": "a", "passages": [
              {"id": "a", "text": "Go on?", "choices": [{"text": "ok", "to": "end"}, {"text": "oops", "to": "nowhere"}]},
              {"id": "end", "ending": true}
            ]}
            """, name: "broken.json")
        let run = runCLI(["fuzz", path, "--runs", "1000", "--seed", "3", "--quiet"])
        #expect(run.exitCode == 1)
        #expect(
            run.stderr
                == "\(path):2:74: error: choice 'oops' of passage 'a' leads to 'nowhere', which does not exist [broken-link]\n"
        )
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false)
        let summary = try #require(lines.first { $0.hasPrefix("Broken-link runs: ") })
        let link = try #require(lines.first { $0.hasPrefix("  broken link a → 'oops' → nowhere (\(path):2:74): ") })
        // The reported first run is a run that takes the link, and replays as one.
        let firstRun = try #require(Int(link.split(separator: " ").last!))
        #expect(summary.contains("runs \(firstRun),"))
        let replay = runCLI(["fuzz", path, "--replay", "\(firstRun)", "--seed", "3"])
        #expect(replay.exitCode == 1)
        #expect(replay.stdout.contains("✗ broken link after 1 choice: no passage named 'nowhere' (\(path):2:74)\n"))
        let json = runCLI(["fuzz", path, "--runs", "1000", "--seed", "3", "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: json.stdoutData) as? [String: Any])
        let failed = try #require(object["failed"] as? [String: Any])
        let links = try #require(failed["links"] as? [[String: Any]])
        #expect(links.count == 1)
        let location = try #require((links[0]["choice"] as? [String: Any])?["location"] as? [String: Any])
        #expect(location["file"] as? String == path)
        #expect(location["line"] as? Int == 2)
        #expect(location["column"] as? Int == 74)
        #expect(links[0]["first_run"] as? Int == firstRun)
    }

    @Test func replayPrintsTheRunOfTheFuzz() throws {
        let run = runCLI(["fuzz", Self.lighthouse, "--replay", "17", "--seed", "42"])
        #expect(run.exitCode == 0)
        let graph = StoryGraph(try StoryLoading.load(paths: [Self.lighthouse]).story)
        let play = PlayGraph(graph)
        let expected = Transcript(Playthrough(play, seed: 42, run: 17), of: play, seed: 42).text()
        #expect(run.stdout == expected)
        #expect(run.stdout.hasPrefix("Run 17 of seed 42 (uniform policy), 'The Lighthouse Keeper'\n\n1. [0] A storm"))
        // Run 17 of the full fuzz: its ending is the one the 17-run fuzz adds to the 16-run one.
        let with17 = Fuzzer(runs: 17, seed: 42).run(play).endingRuns
        let with16 = Fuzzer(runs: 16, seed: 42).run(play).endingRuns
        let ending = try #require((0..<graph.count).first { with17[$0] != with16[$0] })
        #expect(run.stdout.contains("[\(graph.ids[ending])] "))
        #expect(run.stdout.hasSuffix(" after \(Playthrough(play, seed: 42, run: 17).choiceCount) choices\n"))
    }

    @Test func usageErrors() {
        #expect(runCLI(["fuzz", Self.lighthouse, "--policy", "greedy"]).exitCode == 64)
        #expect(runCLI(["fuzz", Self.lighthouse, "--seed", "-1"]).exitCode == 64)
        #expect(runCLI(["fuzz", Self.lighthouse, "--max-steps", "0"]).exitCode == 64)
        #expect(runCLI(["fuzz", Self.lighthouse, "--replay", "0"]).exitCode == 64)
        #expect(runCLI(["map", Self.lighthouse, "--runs", "5"]).exitCode == 64)
    }

    @Test func noProgressBarWhenStderrIsNotATerminal() {
        let run = runCLI(["fuzz", Self.lighthouse, "--runs", "2000000", "--quiet"])
        #expect(run.stderr.isEmpty)
        #expect(
            ProgressBar.line(done: 50, total: 100, elapsed: .seconds(1), unit: "runs")
                == "[############············]  50%  50 runs/s  1 s left")
    }

    @Test func heatMapColoursByShareAndMarksNeverVisited() throws {
        let path = Repository.write(
            """
            {"title": "Heat", "start": "a", "passages": [
              {"id": "a", "choices": [{"text": "x", "to": "b"}, {"text": "y", "to": "c"}]},
              {"id": "b", "choices": [{"text": "on", "to": "c"}]},
              {"id": "c", "ending": true},
              {"id": "lost", "choices": [{"text": "back", "to": "a"}]}
            ]}
            """, name: "heat.json")
        let run = runCLI(["map", path, "--heat", "--runs", "1000", "--seed", "2", "--format", "dot"])
        #expect(run.exitCode == 0)
        let dot = run.stdout
        #expect(dot.contains("Share of 1,000 random runs (seed 2, uniform)"))
        // The start and the ending are reached by every run: the darkest fill.
        #expect(dot.contains("p0 [id=\"passage:a\"") && dot.contains("<I>100% of runs</I>"))
        let line = { (id: String) in
            dot.split(separator: "\n").first { $0.contains("[id=\"passage:\(id)\"") }.map(String.init) ?? ""
        }
        #expect(line("a").contains("fillcolor=\"#fc4e2a\""))
        #expect(line("c").contains("fillcolor=\"#fc4e2a\""))
        #expect(line("b").contains("fillcolor=\"#fd8d3c\"") || line("b").contains("fillcolor=\"#fc4e2a\""))
        #expect(line("lost").contains("fillcolor=\"#c6dbef\"") && line("lost").contains("never visited"))
        #expect(dot.contains("never taken"))
        #expect(dot.contains("legend [id=\"legend\""))
        let same = runCLI(["map", path, "--heat", "--runs", "1000", "--seed", "2", "--format", "dot"])
        #expect(same.stdout == dot)
    }
}
