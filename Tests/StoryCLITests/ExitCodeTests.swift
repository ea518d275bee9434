import Foundation
import TestSupport
import Testing

/// End-to-end: the built binary, its output streams and exit codes.
@Suite struct ExitCodeTests {
    @Test func versionAndHelp() throws {
        let version = try runBinary(["--version"])
        #expect(version.exitCode == 0)
        #expect(version.stdout == "storygraph 0.1.0\n")
        let help = try runBinary(["--help"])
        #expect(help.exitCode == 0)
        for section in ["OVERVIEW:", "USAGE: storygraph <subcommand>", "SUBCOMMANDS:", "  map", "  dot"] {
            #expect(help.stdout.contains(section))
        }
        // Help as wide as it likes, so each option's text is one line (HelpWidthTests wrap it).
        let wide = ProcessInfo.processInfo.environment.merging(["COLUMNS": "100000"]) { $1 }
        let mapHelp = try runBinary(["help", "map"], environment: wide)
        #expect(mapHelp.exitCode == 0)
        for section in [
            "OVERVIEW: Draw the story map", "USAGE: storygraph map [options] STORY...", "ARGUMENTS:", "OPTIONS:",
            "--engine <ENGINE>", "(values: auto, dot, neato, fdp, sfdp, circo, twopi)",
        ] {
            #expect(mapHelp.stdout.contains(section))
        }
        #expect(try runBinary(["map", "--help"], environment: wide).stdout == mapHelp.stdout)
    }

    @Test(arguments: [
        (["frobnicate"], "error: unknown command 'frobnicate'; commands: "),
        (["map"], "error: missing argument STORY\nSee 'storygraph help map'.\n"),
        (
            ["map", "Examples/lighthouse.json", "--bogus"],
            "error: unknown option '--bogus'\nSee 'storygraph help map'.\n"
        ),
        (
            ["map", "Examples/lighthouse.json", "--engine", "spring"],
            "error: invalid value 'spring' for '--engine'; expected one of: auto, dot, neato, fdp, sfdp, circo, twopi\n"
        ),
        (
            ["map", "Examples/lighthouse.json", "-o", "/tmp/x.gif"],
            "error: cannot tell the format of '/tmp/x.gif' from its extension"
        ),
        (
            ["map", "Examples/lighthouse.json", "--max-text", "-3"],
            "error: invalid value '-3' for '--max-text'; expected a whole number from 0 to 100000"
        ),
        (["dot", "Examples/lighthouse.json", "--style"], "error: option '--style' expects a value (STYLE)"),
        (["help", "nothing"], "error: no help for unknown command 'nothing'"),
    ])
    func usageErrorsExit64(_ arguments: [String], _ message: String) throws {
        let run = try runBinary(arguments)
        #expect(run.exitCode == 64)
        #expect(run.stdout == "")
        #expect(run.stderr.hasPrefix(message))
    }

    @Test func noArgumentsPrintsHelpAndExits64() throws {
        let run = try runBinary([])
        #expect(run.exitCode == 64)
        #expect(run.stderr.hasPrefix("OVERVIEW:"))
    }

    @Test func syntaxErrorExits65NamingTheLine() throws {
        let path = Repository.write(
            """
            {
              "title": "Broken",
              "passages": [
                { "id": "a", "text": "one",
                  "choices": [ { "text": "go", "to": "b" } ] },
                { "id": "b", "text": "two",
                  "ending": true,,
                }
              ]
            }
            """, name: "broken.json")
        let run = try runBinary(["map", path])
        #expect(run.exitCode == 65)
        #expect(run.stdout == "")
        #expect(run.stderr == "\(path):7:22: error: unexpected ',': expected a string key [json-syntax]\n")
    }

    @Test func missingFileExits65() throws {
        let run = try runBinary(["dot", "no/such/story.json"])
        #expect(run.exitCode == 65)
        #expect(run.stderr == "error: no such file or folder: no/such/story.json [unreadable-file]\n")
    }

    /// One error policy for every command (issue 10): a duplicate id is a finding of the
    /// story as read (the first definition wins), printed by every command; only `check`
    /// exits 1 for it.
    @Test func duplicateIDIsReportedWithBothLinesAndTheMapStillDrawn() throws {
        let path = Repository.write(
            """
            {"passages": [
              {"id": "a", "choices": [{"text": "x", "to": "b"}]},
              {"id": "b"},
              {"id": "b"}
            ]}
            """, name: "dup.json")
        let run = try runBinary(["dot", path])
        #expect(run.exitCode == 0)
        #expect(run.stdout.hasPrefix("digraph"))
        #expect(try runBinary(["check", path]).exitCode == 1)
        #expect(
            run.stderr
                == "\(path):4:3: error: duplicate passage id 'b' [duplicate-id]\n\(path):3:3: note: 'b' is first defined here\n"
        )
    }

    /// `broken-link` is an error in every command (issue 10), and the map is still drawn.
    @Test func brokenLinkIsAnErrorAndStillRenders() throws {
        let path = Repository.write(
            """
            {"passages": [
              {"id": "a", "choices": [
                {"text": "x", "to": "b"},
                {"text": "y", "to": "ghost"}
              ]},
              {"id": "b"}
            ]}
            """, name: "broken-link.json")
        let run = try runBinary(["map", path])
        #expect(run.exitCode == 0)
        #expect(
            run.stderr
                == "\(path):4:5: error: choice 'y' of passage 'a' leads to 'ghost', which does not exist [broken-link]\n"
        )
        #expect(run.stdout.contains("missing: ghost"))
        let quiet = try runBinary(["map", path, "--quiet"])
        #expect(quiet.stderr == run.stderr)
        let disabled = try runBinary(["map", path, "--disable", "broken-link"])
        #expect(disabled.exitCode == 0)
        #expect(disabled.stderr == "")
    }

    @Test func colourOnlyWhenAsked() throws {
        let path = Repository.write(
            #"{"passages": [{"id": "a", "choices": [{"text": "y", "to": "ghost"}]}]}"#, name: "c.json")
        let plain = try runBinary(["dot", path])
        #expect(!plain.stderr.contains("\u{1B}["))
        let coloured = try runBinary(["dot", path, "--color", "always"])
        #expect(coloured.stderr.contains("\u{1B}[1;31merror:\u{1B}[0m"))
    }
}
