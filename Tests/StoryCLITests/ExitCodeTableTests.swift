import Foundation
import TestSupport
import Testing

@testable import StoryCLI

/// One exit-code table for every command: the same input gives the same code in each.
@Suite struct ExitCodeTableTests {
    /// Every command that reads a story, with what it needs besides the story.
    static let storyCommands: [(name: String, extra: [String])] = [
        ("report", []), ("check", []), ("paths", []), ("map", ["--format", "dot"]), ("dot", []),
        ("fuzz", ["--runs", "10"]), ("play", ["--auto"]),
    ]
    static let commandNames = storyCommands.map(\.name)

    static func extra(_ command: String) -> [String] { storyCommands.first { $0.name == command }!.extra }

    @Test(arguments: commandNames)
    func missingFileIs65(_ command: String) {
        let run = runCLI([command, "no/such/story.json"] + Self.extra(command))
        #expect(run.exitCode == 65)
        #expect(run.stderr.contains("no such file or folder: no/such/story.json"))
    }

    @Test(arguments: commandNames + ["generate"])
    func badOptionIs64(_ command: String) {
        let story = command == "generate" ? ["chain", "3"] : [Repository.path("Examples/lighthouse.json")]
        let run = runCLI([command] + story + ["--bogus"])
        #expect(run.exitCode == 64)
        #expect(run.stderr == "error: unknown option '--bogus'\nSee 'storygraph help \(command)'.\n")
    }

    @Test(arguments: [
        ["map", Repository.path("Examples/lighthouse.json"), "-o", "/no/such/folder/map.svg"],
        ["generate", "chain", "3", "-o", "/no/such/folder/story.json"],
    ])
    func missingOutputFolderIs65(_ arguments: [String]) {
        let run = runCLI(arguments)
        #expect(run.exitCode == 65)
        #expect(run.stderr == "error: cannot write \(arguments.last!): no such folder: /no/such/folder\n")
    }

    /// A duplicate passage id is an error finding that does not stop loading (the first
    /// definition wins): `check` exits 1; every other command prints the finding, makes its
    /// output and exits 0 (StoryLoading's one error policy).
    @Test(arguments: commandNames)
    func duplicateIDIsAFindingThatOnlyCheckFailsOn(_ command: String) {
        let path = Repository.write(
            """
            {"passages": [
              {"id": "a", "choices": [{"text": "x", "to": "b"}]},
              {"id": "b", "ending": true},
              {"id": "b", "text": "second"}
            ]}
            """, name: "dup.json")
        let run = runCLI([command, path] + Self.extra(command))
        #expect((run.stderr + run.stdout).contains("duplicate passage id 'b'"))
        #expect(run.exitCode == (command == "check" ? 1 : 0))
        if command != "check" { #expect(!run.stdout.isEmpty) }
    }

    @Test func theTableIsInTheHelpAndTheDocumentation() throws {
        let help = runCLI(["--help"], helpWidth: 100_000).stdout
        #expect(help.contains(ExitCode.table + "\n"))
        #expect(runCLI(["--help"]).stdout.contains(HelpLayout.wrapped(ExitCode.table, width: 80) + "\n"))
        #expect(
            ExitCode.table == """
                EXIT CODES:
                  0   success
                  1   check found errors (or warnings under --strict), diff found what --fail-on names, test found an expectation that fails, or a fuzz run (or play --auto) got stuck; the other commands print a story's findings and exit 0 once their output is made
                  2   test: no expectation fails, but one is unknown (the search stopped at its budget, met a computed link, or assumed a condition it cannot decide)
                  64  usage error: a wrong command, option or value
                  65  input that cannot be read or parsed, an output file that cannot be created (a missing folder), a map too big to lay out under --max-memory, or a PNG past the bitmap renderer's 32,766 pixels a side
                  70  internal failure (storygraph or Graphviz)
                  74  output that cannot be written (a full disk, a closed pipe)
                """)
        let readme = try String(contentsOfFile: Repository.path("Documentation/command-line.md"), encoding: .utf8)
        for (code, meaning) in ExitCode.meanings {
            #expect(
                readme.contains("| \(code.rawValue) | \(meaning) |"),
                "Documentation/command-line.md lacks exit code \(code.rawValue)")
        }
    }
}
