import Foundation
import FoundationXML
import TestSupport
import Testing

/// `storygraph test` end to end on the lamplighter example and its storygraph.json: the
/// verdicts, the exit codes (0, 1, 2, 64), a counterexample that `play` replays, and the
/// JSON, JUnit and SARIF outputs.
@Suite struct TestCommandTests {
    static let game = Repository.path("Examples/lamplighter")

    @Test func theExampleHasOneFailingExpectationWithAReplayableCounterexample() throws {
        let run = runCLI(["test", Self.game, "--quiet"])
        #expect(run.exitCode == 1)
        let lines = run.stdout.components(separatedBy: "\n")
        #expect(lines.filter { $0.hasPrefix("holds") || $0.hasPrefix("FAILS") || $0.hasPrefix("unknown") }.count == 6)
        #expect(lines.contains("FAILS    the town thinks well of the lamplighter  [\(Self.game)/storygraph.json:7]"))
        #expect(lines.contains("         'kindness > 50' is false at an ending in 'hill@8' after 6 choices"))
        #expect(
            lines.contains("           4. square:children: 'Tell them it is too dangerous.' -> hill; kindness = 45"))
        #expect(lines.contains("           5. hill: (goes on) -> hill@5"))
        #expect(lines.contains("         replay: printf '2\\n1\\n2\\n2\\n' | storygraph play \(Self.game)"))
        #expect(
            lines.contains("         a playthrough shows 84.08 words on average (a reader picking at random): at least 80"))
        #expect(lines.suffix(2) == ["5 held, 1 failed, 0 unknown", ""])
        // The keys replay the counterexample in play, to the ending it names.
        let play = try runBinary(["play", Self.game, "-q"], timeout: 60, input: Data("2\n1\n2\n2\n".utf8))
        #expect(play.exitCode == 0)
        #expect(play.stdout.contains("[hill@8]\nYou light it yourself"))
        // The last choice leaves the reader at the ending: the story goes on by itself
        // (its condition holds), with no menu of "goes on" to pick from.
        #expect(play.stdout.hasSuffix("■ The end. r restarts, b goes back, q quits.\n> \n"))
    }

    static func expectFile(_ items: String) -> String {
        Repository.write("{\"expect\": [\n\(items)\n]}", name: "expect.json")
    }

    @Test func exitCodesZeroWhenAllHoldAndTwoWhenOneIsUnknown() {
        let holds = Self.expectFile(#"{"name": "dark never", "unreachable": "hill@3"}"#)
        let all = runCLI(["test", Self.game, "--expect", holds, "--quiet"])
        #expect(all.exitCode == 0)
        #expect(
            all.stdout.hasSuffix("         no reader reaches 'hill@3' (29 states)\n\n1 held, 0 failed, 0 unknown\n"))
        let tiny = runCLI(["test", Self.game, "--expect", holds, "--max-states", "5", "--quiet"])
        #expect(tiny.exitCode == 2)
        #expect(
            tiny.stdout.contains(
                "unknown  dark never  [\(holds):2]\n         after 5 states the search stopped at its bound of 5 states, --max-states, none at 'hill@3'\n"
            ))
    }

    /// Compiled ink's expectations are written in ink, as its source's are: a knot's name
    /// is its read count (was a usage error: "cannot read … as an expression of the
    /// ink-json format").
    @Test func compiledInkExpectationsAreWrittenInInk() {
        let story = Repository.path("Tests/Fixtures/ink-flow/divert-variables.ink.json")
        let file = Self.expectFile(
            #"{"name": "the attic can be reached", "reachable": "attic"},"# + "\n"
                + #"{"name": "the hall is seen at most once", "always": "hall <= 1"}"#)
        let run = runCLI(["test", story, "--expect", file, "--quiet"])
        #expect(run.exitCode == 2)
        #expect(run.stdout.contains("holds    the attic can be reached  [\(file):2]\n"))
        #expect(run.stdout.contains("         replay: printf '2\\n' | storygraph play \(story)\n"))
        #expect(
            run.stdout.contains(
                "unknown  the hall is seen at most once  [\(file):3]\n         a reader meets a computed link in 'hall.c-4' the search cannot follow; 'hall <= 1' held on the 18 states checked\n"
            ))
    }

    @Test func anExpectationThatCannotBeReadIsAUsageErrorAtItsLine() {
        let file = Self.expectFile(
            #"  {"name": "fine", "reachable": "hill@6"},"# + "\n" + #"  {"name": "typo", "reachable": "hil"}"#)
        let run = runCLI(["test", Self.game, "--expect", file, "--quiet"])
        #expect(run.exitCode == 64)
        #expect(
            run.stderr
                == "error: \(file):3: expectation 'typo': no passage named 'hil'; did you mean 'hill'?\nSee 'storygraph help test'.\n"
        )
        let bad = Self.expectFile(#"  {"name": "cs", "always": "oil >= "}"#)
        #expect(
            runCLI(["test", Self.game, "--expect", bad, "--quiet"]).stderr
                == "error: \(bad):2: expectation 'cs': cannot read 'oil >= ' as an expression of the choicescript format\nSee 'storygraph help test'.\n"
        )
        let none = runCLI(["test", Repository.path("Examples/lighthouse.json"), "--quiet"])
        #expect(none.exitCode == 64)
    }

    @Test func theJSONValidatesAgainstItsSchema() throws {
        let schema = try JSONSchema(Data(contentsOf: URL(fileURLWithPath: Repository.path("Schemas/test.schema.json"))))
        #expect(JSONSchema.unsupportedKeywords(in: schema.root) == [])
        let run = runCLI(["test", Self.game, "--format", "json", "--quiet"])
        #expect(run.exitCode == 1)
        let value = try JSONValue.parse(run.stdoutData)
        #expect(schema.errors(in: value) == [])
        guard case .object(let fields) = value, case .array(let items)? = fields["expectations"],
            case .object(let failing) = items[4], case .object(let trace)? = failing["trace"]
        else {
            Issue.record("no trace")
            return
        }
        #expect(failing["verdict"] == .string("fails"))
        #expect(trace["play_keys"] == .array([2, 1, 2, 2].map { .integer($0) }))
    }

    @Test func junitIsWellFormedWithOneFailure() throws {
        let run = runCLI(["test", Self.game, "--format", "junit", "--quiet"])
        #expect(run.exitCode == 1)
        final class Counter: NSObject, XMLParserDelegate {
            var elements: [String: Int] = [:]
            func parser(
                _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]
            ) { elements[name, default: 0] += 1 }
        }
        let parser = XMLParser(data: run.stdoutData)
        let counter = Counter()
        parser.delegate = counter
        #expect(parser.parse())
        #expect(counter.elements == ["testsuites": 1, "testsuite": 1, "testcase": 6, "failure": 1])
        #expect(run.stdout.contains(#"<failure message="&apos;kindness &gt; 50&apos; is false at an ending"#))
    }

    @Test(CheckCIOutputTests.schemaFound) func sarifLocatesTheFailureAtItsLine() throws {
        let run = runCLI(["test", Self.game, "--format", "sarif", "--quiet"])
        #expect(run.exitCode == 1)
        let value = try JSONValue.parse(run.stdoutData)
        #expect(CheckCIOutputTests.schema.errors(in: value) == [])
        #expect(run.stdout.contains(#""startLine" : 7"#))
        #expect(run.stdout.contains(#""ruleId" : "expect-at-endings""#))
        #expect(run.stdout.components(separatedBy: #""level" : "error""#).count == 2)
    }
}
