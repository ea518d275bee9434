import Foundation
import TestSupport
import Testing

/// The benchmark harness checks each case before it times it: a story that is not what its
/// name says stops the run (Benchmarks/compare.py `--check-case`, exit 3).
@Suite struct BenchmarkCaseTests {
    static func checkCase(_ story: String, name: String) throws -> (code: Int32, stdout: String, stderr: String) {
        try python(["Benchmarks/compare.py", "--check-case", Binary.url.path, story, name])
    }

    static func python(_ arguments: [String]) throws -> (code: Int32, stdout: String, stderr: String) {
        let run = try runBinary(
            ["python3", Repository.path(arguments[0])] + arguments.dropFirst(), executable: "/usr/bin/env")
        return (run.exitCode, run.stdout, run.stderr)
    }

    @Test func aGamebookWhoseStartReachesAlmostNothingStopsTheRun() throws {
        // The shape of the old seed-1 gamebook: the start leads straight to endings and the
        // other 96 sections are out of reach.
        var passages = [
            #"{"id": "p0", "text": "Start.", "choices": [{"text": "a", "to": "p1"}, {"text": "b", "to": "p2"}]}"#,
            #"{"id": "p1", "text": "End.", "ending": true}"#, #"{"id": "p2", "text": "End.", "ending": true}"#,
        ]
        for i in 3..<100 {
            passages.append(
                #"{"id": "p\#(i)", "text": "Lost.", "choices": [{"text": "on", "to": "p\#((i + 1) % 100)"}]}"#)
        }
        let story = Repository.write(
            #"{"start": "p0", "passages": [\#(passages.joined(separator: ",\n"))]}"#, name: "gamebook-100.json")
        let run = try Self.checkCase(story, name: "gamebook-100.json")
        #expect(run.code == 3)
        #expect(
            run.stderr
                == "case gamebook-100.json is not what it claims: the start reaches 3.0% of the passages (claimed at least 95%); 2.0% of the passages are endings (claimed 4% to 15%); 0 loops (claimed at least 1)\n"
        )
    }

    @Test func aGeneratedGamebookIsWhatItSays() throws {
        let folder = Repository.temporaryFolder()
        let story = folder.appendingPathComponent("gamebook-2000.json").path
        let generate = try runBinary(["generate", "gamebook", "2000", "--seed", "1", "-o", story, "--quiet"])
        #expect(generate.exitCode == 0)
        let run = try Self.checkCase(story, name: "gamebook-2000.json")
        #expect(run.code == 0)
        #expect(
            run.stdout
                == "case gamebook-2000.json: ok (2,000 passages, start reaches 100.0%, 8.8% endings, 17 loops, more paths than the budget counts)\n"
        )
    }

    @Test func aChainWithTheWrongLengthIsRefused() throws {
        let folder = Repository.temporaryFolder()
        let story = folder.appendingPathComponent("chain-50.json").path
        _ = try runBinary(["generate", "chain", "40", "-o", story, "--quiet"])
        let run = try Self.checkCase(story, name: "chain-50.json")
        #expect(run.code == 3)
        #expect(run.stderr == "case chain-50.json is not what it claims: 40 passages, not 50\n")
    }

    /// A real story is checked too (Benchmarks/realworld/bench-real.py): our own ink example
    /// given as the real ink project is refused with what differs.
    @Test func aRealStoryThatIsNotWhatItClaimsIsNotTimed() throws {
        let run = try Self.python([
            "Benchmarks/realworld/bench-real.py", "--check-story", Binary.url.path, "ink",
            Repository.path("Examples/ferry.ink"),
        ])
        #expect(run.code == 3)
        #expect(
            run.stderr
                == "real story ink is not what it claims: passages 21, not 425; choices 29, not 643; endings 2, not 4; reached 21, not 422\n"
        )
    }
}
