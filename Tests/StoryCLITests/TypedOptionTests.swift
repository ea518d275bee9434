import Foundation
import TestSupport
import Testing

@testable import StoryCLI

/// One declaration per option: parsing, defaults, validation and help all come from it.
@Suite struct TypedOptionTests {
    static let lighthouse = Repository.path("Examples/lighthouse.json")

    static let count = Option<Int>.integer("count", short: "c", help: "How many.", default: 7, in: 1...9)
    static let mode = Option<GlobalOptions.ColorMode>.choice("mode", help: "A mode.")
    static let name = Option.text("name", value: "NAME", help: "A name.", repeating: true)
    static let loud = Option.flag("loud", short: "l", help: "Be loud.")
    static let configuration = CommandConfiguration(
        name: "try", abstract: "A test command.", arguments: [ArgumentSpec("FILE", help: "A file.", optional: true)],
        options: [count.spec, mode.spec, name.spec, loud.spec], sharedOptions: [])

    @Test func typedValuesAndDefaults() throws {
        let given = try ParsedArguments(
            ["-lc3", "--mode=never", "--name", "a", "--name=b", "f"], for: Self.configuration, command: "try")
        #expect(given[Self.count] == 3)
        #expect(given.value(Self.mode) == .never)
        #expect(given.values(Self.name) == ["a", "b"])
        #expect(given[Self.loud])
        #expect(given.positional == ["f"])
        let defaults = try ParsedArguments([], for: Self.configuration, command: "try")
        #expect(defaults[Self.count] == 7)
        #expect(!defaults.has(Self.count))
        #expect(defaults.value(Self.mode) == nil)
        #expect(defaults.values(Self.name) == [])
        #expect(!defaults[Self.loud])
    }

    @Test(arguments: [
        (["--count", "10"], "invalid value '10' for '--count'; expected a whole number from 1 to 9"),
        (["-c", "x"], "invalid value 'x' for '--count'; expected a whole number from 1 to 9"),
        (["--count"], "option '--count' expects a value (N)"),
        (["--count=3", "--count=4"], "option '--count' given more than once"),
        (["--loud=yes"], "option '--loud' takes no value"),
        (
            ["--mode", "nevr"],
            "invalid value 'nevr' for '--mode'; expected one of: auto, always, never; did you mean 'never'?"
        ),
        (["a", "b"], "unexpected argument 'b'"),
    ])
    func badValuesAreUsageErrors(_ arguments: [String], _ message: String) {
        #expect(throws: CLIError.self) { try ParsedArguments(arguments, for: Self.configuration, command: "try") }
        do {
            _ = try ParsedArguments(arguments, for: Self.configuration, command: "try")
        } catch {
            guard case .usage(let text, let command) = error else {
                Issue.record("not a usage error: \(error)")
                return
            }
            #expect(text == message)
            #expect(command == "try")
        }
    }

    @Test func helpShowsEachDefaultAndTheAllowedValues() {
        #expect(
            Self.configuration.helpText(path: "storygraph try") == """
                OVERVIEW: A test command.

                USAGE: storygraph try [options] [FILE]

                ARGUMENTS:
                  FILE  A file.

                OPTIONS:
                  -c, --count <N>  How many. (default: 7)
                  --mode <MODE>    A mode. (values: auto, always, never)
                  --name <NAME>    A name.
                  -l, --loud       Be loud.
                """)
        // Each option's line with its padding folded to one space.
        // Each option on one line: help at a width no option wraps at (HelpWidthTests wrap it).
        let fuzz = runCLI(["help", "fuzz"], helpWidth: 100_000).stdout.split(separator: "\n").map {
            $0.split(separator: " ").joined(separator: " ")
        }
        #expect(fuzz.contains("-n, --runs <N> How many runs to play. (default: 10000)"))
        #expect(fuzz.contains("-j, --jobs <J> Worker threads. (default: one per core)"))
        #expect(
            fuzz.contains(
                "--policy <POLICY> uniform: every choice equally likely; fresh: prefer choices not taken yet; state: only the choices whose condition holds, effects applied. (values: uniform, fresh, state) (default: uniform)"
            ))
    }

    @Test func eachCommandListsOnlyTheOptionsItUses() {
        let options = { (command: String) -> [String] in
            runCLI(["help", command]).stdout.split(separator: "\n").filter { $0.hasPrefix("  -") }.compactMap { line in
                line.split(separator: " ").first { $0.hasPrefix("--") }.map(String.init)
            }
        }
        #expect(!options("paths").contains("--max-cycles"))
        #expect(
            options("paths") == [
                "--limit", "--to", "--format", "--budget", "--input-format", "--start", "--story", "--restart-rule",
                "--disable", "--link-macro", "--schema",
                "--quiet", "--color",
                "--help",
            ])
        #expect(options("report").contains("--max-cycles"))
        #expect(options("generate") == ["--seed", "--output", "--quiet", "--color", "--help"])
        #expect(!options("dot").contains("--output"))
    }

    /// A bad value is refused before the story is read: a missing story with a bad option
    /// is a usage error (64), not an unreadable input (65).
    @Test(arguments: [
        ["map", "no/such.json", "--radius", "3"],
        ["map", "no/such.json", "--runs", "5"],
        ["dot", "no/such.json", "--max-text", "-1"],
        ["fuzz", "no/such.json", "--runs", "0"],
        ["fuzz", "no/such.json", "--seed", "-1"],
        ["report", "no/such.json", "--budget", "90000"],
        ["paths", "no/such.json", "--limit", "many"],
        ["check", "no/such.json", "--disable", "no-such-rule"],
    ])
    func validationComesBeforeTheStoryIsRead(_ arguments: [String]) {
        let run = runCLI(arguments)
        #expect(run.exitCode == 64)
        #expect(run.stderr.hasPrefix("error: "))
        #expect(!run.stderr.contains("no such file"))
    }

    @Test func fuzzRefusesZeroRuns() {
        let run = runCLI(["fuzz", Self.lighthouse, "--runs", "0"])
        #expect(run.exitCode == 64)
        #expect(
            run.stderr
                == "error: invalid value '0' for '--runs'; expected a whole number from 1 to \(Int(Int32.max) * 1024)\nSee 'storygraph help fuzz'.\n"
        )
    }

    @Test func focusedMapSaysHowManyPassagesItDrew() throws {
        let story = Repository.write(
            """
            {"passages": [
              {"id": "a", "choices": [{"text": "on", "to": "b"}]},
              {"id": "b", "choices": [{"text": "on", "to": "c"}]},
              {"id": "c", "choices": [{"text": "on", "to": "d"}]},
              {"id": "d", "choices": [{"text": "on", "to": "e"}]},
              {"id": "e", "ending": true}
            ]}
            """, name: "line.json")
        let out = Repository.temporaryFolder().appendingPathComponent("focus.dot").path
        let focused = runCLI(["map", story, "--focus", "c", "--radius", "1", "-o", out])
        #expect(focused.exitCode == 0)
        #expect(
            focused.stderr
                == "wrote \(out) (dot, 3 passages, \(try Data(contentsOf: URL(fileURLWithPath: out)).count) bytes)\n")
        let whole = runCLI(["map", story, "-o", out])
        #expect(
            whole.stderr
                == "wrote \(out) (dot, 5 passages, \(try Data(contentsOf: URL(fileURLWithPath: out)).count) bytes)\n")
    }

    /// The benchmark reads its command line with the same parser and declarations.
    @Test func benchmarkUsesTheSameParser() throws {
        func runBench(_ arguments: [String]) throws -> CLIRun {
            // Help as wide as it likes, so each option's text is one line.
            try runBinary(
                arguments, environment: ProcessInfo.processInfo.environment.merging(["COLUMNS": "100000"]) { $1 },
                product: "storygraph-bench")
        }
        let zero = try runBench([Self.lighthouse, "--reps", "0"])
        #expect(zero.exitCode == 64)
        #expect(
            zero.stderr
                == "storygraph-bench: error: invalid value '0' for '--reps'; expected a whole number at least 1\n")
        let typo = try runBench([Self.lighthouse, "--rpes=2"])
        #expect(typo.exitCode == 64)
        #expect(typo.stderr == "storygraph-bench: error: unknown option '--rpes'; did you mean '--reps'?\n")
        let engine = try runBench([Self.lighthouse, "--engine", "ddot"])
        #expect(engine.stderr.hasSuffix("; did you mean 'dot'?\n"))
        let ops = try runBench([Self.lighthouse, "--ops", "scc,nope"])
        #expect(ops.exitCode == 64)
        #expect(
            ops.stderr.hasPrefix(
                "storygraph-bench: error: invalid value 'scc,nope' for '--ops'; expected a comma-separated list of: load, scc, "
            ))
        let run = try runBench([Self.lighthouse, "--ops=scc,paths", "--reps=1"])
        #expect(run.exitCode == 0)
        #expect(
            run.stdout.split(separator: "\n").map {
                $0.hasPrefix("{\"op\":\"scc\"") || $0.hasPrefix("{\"op\":\"paths\"")
            } == [true, true])
        let help = try runBench(["-h"])
        #expect(help.exitCode == 0)
        #expect(help.stdout.hasPrefix("OVERVIEW: Time storygraph's operations"))
        #expect(
            help.stdout.contains(
                "\n  --reps <K>                Runs of each operation (the median is reported). (default: 5)\n"))
    }
}
