import Foundation
import StoryGraph
import TestSupport
import Testing

@testable import StoryCLI

/// The habits of mature command lines, each on the real parser: short options combined
/// and attached, `--opt=value`, `--`, `-` for standard input, did-you-mean, `-V`,
/// `help help`, and `NO_COLOR` only when set and not empty.
@Suite struct CLIHabitTests {
    static let lighthouse = Repository.path("Examples/lighthouse.json")

    @Test func combinedAndAttachedShortOptionsMeanTheLongOnes() {
        let long = runCLI(["fuzz", Self.lighthouse, "--quiet", "--runs", "5", "--seed", "3"])
        #expect(long.exitCode == 0)
        #expect(long.stdout.hasPrefix("Fuzz of 'The Lighthouse Keeper': 5 runs, seed 3, uniform policy"))
        #expect(long.stderr == "")
        for spelling in [
            ["-qn", "5", "-s3"], ["-qn5", "-s", "3"], ["-q", "-n5", "-s3"], ["--quiet", "--runs=5", "--seed=3"],
        ] {
            let run = runCLI(["fuzz", Self.lighthouse] + spelling)
            #expect(run.exitCode == 0, "\(spelling)")
            #expect(run.stdout == long.stdout, "\(spelling)")
            #expect(run.stderr == "", "\(spelling)")
        }
    }

    @Test func attachedOutputPath() throws {
        let folder = Repository.temporaryFolder()
        let path = folder.appendingPathComponent("map.dot").path
        let run = runCLI(["map", Self.lighthouse, "-o\(path)"])
        #expect(run.exitCode == 0)
        #expect(run.stdout == "")
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written == runCLI(["dot", Self.lighthouse]).stdout)
    }

    @Test func unknownShortOptionInACluster() {
        let run = runCLI(["fuzz", Self.lighthouse, "-qx"])
        #expect(run.exitCode == 64)
        #expect(run.stderr == "error: unknown option '-x' in '-qx'\nSee 'storygraph help fuzz'.\n")
    }

    @Test func doubleDashEndsOptions() {
        let run = runCLI(["dot", "--", "--quiet"])
        #expect(run.exitCode == 65)
        #expect(run.stderr == "error: no such file or folder: --quiet [unreadable-file]\n")
        // `--help` after `--` is a file name, not a request for help.
        #expect(runCLI(["dot", "--", "--help"]).exitCode == 65)
    }

    @Test(arguments: [
        (["mpa", "x.json"], "error: unknown command 'mpa'; did you mean 'map'?\nSee 'storygraph --help'.\n"),
        (["chekc", "x.json"], "error: unknown command 'chekc'; did you mean 'check'?\nSee 'storygraph --help'.\n"),
        (
            ["help", "fuz"],
            "error: no help for unknown command 'fuz'; did you mean 'fuzz'?\nSee 'storygraph --help'.\n"
        ),
        (
            ["map", "x.json", "--fromat", "svg"],
            "error: unknown option '--fromat'; did you mean '--format'?\nSee 'storygraph help map'.\n"
        ),
        (
            ["fuzz", "x.json", "--polcy", "fresh"],
            "error: unknown option '--polcy'; did you mean '--policy'?\nSee 'storygraph help fuzz'.\n"
        ),
        (
            ["dot", "x.json", "--style", "chrat"],
            "error: invalid value 'chrat' for '--style'; expected one of: chart, compact; did you mean 'chart'?\nSee 'storygraph help dot'.\n"
        ),
        (
            ["fuzz", "x.json", "--policy=uniferm"],
            "error: invalid value 'uniferm' for '--policy'; expected one of: uniform, fresh, state; did you mean 'uniform'?\nSee 'storygraph help fuzz'.\n"
        ),
        (
            ["frobnicate"],
            "error: unknown command 'frobnicate'; commands: map, dot, report, paths, check, test, diff, fuzz, play, mcp, lsp, generate, completions\nSee 'storygraph --help'.\n"
        ),
        (["map", "x.json", "--bogus"], "error: unknown option '--bogus'\nSee 'storygraph help map'.\n"),
    ])
    func didYouMean(_ arguments: [String], _ stderr: String) {
        let run = runCLI(arguments)
        #expect(run.exitCode == 64)
        #expect(run.stdout == "")
        #expect(run.stderr == stderr)
    }

    @Test func editDistanceCountsASwapAsOneEdit() {
        #expect(Suggestion.editDistance("fromat", "format") == 1)
        #expect(Suggestion.editDistance("mpa", "map") == 1)
        #expect(Suggestion.editDistance("chrat", "chart") == 1)
        #expect(Suggestion.editDistance("kitten", "sitting") == 3)
        #expect(Suggestion.editDistance("", "abc") == 3)
        #expect(Suggestion.closest(to: "xyz", among: ["map", "dot"]) == nil)
        #expect(Suggestion.closest(to: "dto", among: ["map", "dot"]) == "dot")
        #expect(Suggestion.closest(to: "max", among: ["max-text", "map"]) == "map")
        #expect(Suggestion.closest(to: "max-t", among: ["max-text", "map"]) == "max-text")
    }

    @Test func shortVersionBesideTheLongOne() throws {
        let long = try runBinary(["--version"])
        let short = try runBinary(["-V"])
        #expect(short.exitCode == 0)
        #expect(short.stdout == "storygraph 0.1.0\n")
        #expect(short.stdout == long.stdout)
        #expect(try runBinary(["--help"]).stdout.contains("  -V, --version  Show the version.\n"))
    }

    @Test func helpInAnyPositionAndSpelling() {
        let help = runCLI(["help", "fuzz"])
        #expect(help.stdout.hasPrefix("OVERVIEW: Play the story many times at random"))
        for arguments in [
            ["fuzz", "--help"], ["fuzz", "-h"], ["fuzz", "-qh"], ["fuzz", Self.lighthouse, "--runs", "5", "--help"],
        ] {
            let run = runCLI(arguments)
            #expect(run.exitCode == 0, "\(arguments)")
            #expect(run.stdout == help.stdout, "\(arguments)")
        }
    }

    @Test func helpHelp() {
        let run = runCLI(["help", "help"])
        #expect(run.exitCode == 0)
        #expect(
            run.stdout == """
                OVERVIEW: Show help for a subcommand or a topic.

                Topics besides the subcommands: 'formats', 'rules'.

                USAGE: storygraph help [options] [TOPIC]

                ARGUMENTS:
                  TOPIC  A subcommand, 'help', or a topic.

                OPTIONS:
                  --man  Print the manual page storygraph.1 (roff; 'man -l' shows it) instead.

                """)
        #expect(runCLI(["help", "map", "dot"]).exitCode == 64)
        let man = runCLI(["help", "--man", "map"])
        #expect(man.exitCode == 64)
        #expect(man.stderr == "error: --man takes no topic; got 'map'\nSee 'storygraph help help'.\n")
    }

    @Test func noColorOnlyWhenSetAndNotEmpty() {
        func colours(_ environment: [String: String], _ mode: GlobalOptions.ColorMode = .auto) -> Bool {
            Terminal(color: mode, environment: environment, out: { _ in }, err: { _ in }, stderrIsTerminal: true)
                .colorsDiagnostics
        }
        #expect(colours([:]))
        #expect(colours(["NO_COLOR": ""]))
        #expect(!colours(["NO_COLOR": "1"]))
        #expect(!colours(["NO_COLOR": "0"]))
        #expect(colours(["NO_COLOR": "1"], .always))
        #expect(!colours([:], .never))
        // Not a terminal: no colour under auto, whatever NO_COLOR says.
        #expect(!Terminal(environment: [:], out: { _ in }, err: { _ in }, stderrIsTerminal: false).colorsDiagnostics)
    }

    @Test func colorOptionAlwaysAndNever() throws {
        let path = Repository.write(
            #"{"passages": [{"id": "a", "choices": [{"text": "y", "to": "ghost"}]}]}"#, name: "c.json")
        let always = try runBinary(["dot", path, "--color=always"], environment: ["NO_COLOR": "1"])
        #expect(always.stderr.contains("\u{1B}[1;31merror:\u{1B}[0m"))
        let never = try runBinary(["dot", path, "--color", "never"])
        #expect(
            never.stderr
                == "\(path):1:39: error: choice 'y' of passage 'a' leads to 'ghost', which does not exist [broken-link]\n"
        )
    }

    @Test func dashReadsTheStoryFromStandardInput() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.lighthouse))
        let fromFile = try runBinary(["paths", Self.lighthouse])
        for arguments in [
            ["paths", "-"], ["paths", "-", "--input-format", "story-json"],
            ["paths", "--input-format=story-json", "--", "-"],
        ] {
            let fromStdin = try runBinary(arguments, input: data)
            #expect(fromStdin.exitCode == 0, "\(arguments)")
            #expect(fromStdin.stdout == fromFile.stdout, "\(arguments)")
            #expect(fromStdin.stderr == "5 paths\n", "\(arguments)")
        }
        let twee = try Data(contentsOf: URL(fileURLWithPath: Repository.path("Examples/tidepool-harlowe.twee")))
        let sniffed = try runBinary(["report", "-", "--format", "json"], input: twee)
        #expect(sniffed.exitCode == 0)
        #expect(
            sniffed.stdout
                == (try runBinary(["report", "Examples/tidepool-harlowe.twee", "--format", "json"])).stdout
                .replacingOccurrences(of: "Examples/tidepool-harlowe.twee", with: "<stdin>"))
    }

    @Test func standardInputDiagnosticsNameStdin() throws {
        let broken = try runBinary(["check", "-"], input: Data("{\"passages\": [\n  {\"id\": \"a\",,}\n]}".utf8))
        #expect(broken.exitCode == 65)
        #expect(broken.stderr == "<stdin>:2:14: error: unexpected ',': expected a string key [json-syntax]\n")
        let empty = try runBinary(["dot", "-"], input: Data())
        #expect(empty.exitCode == 65)
        #expect(empty.stderr == "<stdin>:1:1: error: empty file: no story in it [empty-file]\n")
    }
}
