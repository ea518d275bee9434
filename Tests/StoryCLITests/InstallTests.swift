import Foundation
import TestSupport
import Testing

@testable import StoryCLI

/// The manual page and the shell completions are made from the command declarations: every
/// option of every command appears in each, each parses in its shell, and `make
/// install-files` (the steps of `make install` after the release build) puts them, and the
/// binary, under a prefix.
@Suite struct InstallTests {
    /// `make install-files PREFIX=prefix` with this build's binary: checks that it said and
    /// installed exactly the five files, and returns their paths (the binary first).
    static func installFiles(
        _ make: String, prefix: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws -> [String] {
        let installed = [
            "bin/storygraph", "share/man/man1/storygraph.1", "share/bash-completion/completions/storygraph",
            "share/zsh/site-functions/_storygraph", "share/fish/vendor_completions.d/storygraph.fish",
        ].map { prefix + "/" + $0 }
        let install = try Tool.run(make, ["-s", "install-files", "PREFIX=\(prefix)", "INSTALL_BIN=\(Binary.url.path)"])
        #expect(install.exitCode == 0, sourceLocation: sourceLocation)
        #expect(install.stderr == "", sourceLocation: sourceLocation)
        #expect(install.stdout == installed.map { "installed \($0)\n" }.joined(), sourceLocation: sourceLocation)
        for file in installed {
            #expect(FileManager.default.fileExists(atPath: file), "\(file)", sourceLocation: sourceLocation)
        }
        return installed
    }

    /// Every command a completion or the page tells about: the subcommands, then `help`.
    static let commands: [CommandConfiguration] =
        Commands.all.map { $0.configuration } + [StoryGraphCLI.helpConfiguration]
    static let names = commands.map(\.name)

    static func options(of name: String) -> [OptionSpec] {
        let configuration = commands.first { $0.name == name }!
        return configuration.options + configuration.sharedOptions
    }

    /// The lines of `text` from the first line equal to `first` to the next line for which
    /// `isEnd` holds (not included).
    static func block(_ text: String, from first: String, to isEnd: (String) -> Bool) -> String {
        let lines = text.components(separatedBy: "\n")
        guard let start = lines.firstIndex(of: first) else { return "" }
        let end = lines[(start + 1)...].firstIndex(where: isEnd) ?? lines.count
        return lines[start..<end].joined(separator: "\n")
    }

    @Test(arguments: names)
    func manualPageHasEveryOption(_ name: String) {
        let page = ManualPage.text()
        let section = Self.block(page, from: ".SS \(ManualPage.escaped(name))") {
            $0.hasPrefix(".SS ") || $0.hasPrefix(".SH ")
        }
        #expect(!section.isEmpty)
        for option in Self.options(of: name) {
            #expect(section.contains(".TP\n" + ManualPage.item(option) + "\n"), "--\(option.name) of \(name)")
        }
        #expect(section.contains("\n.B storygraph \(ManualPage.escaped(name))\n"))
    }

    @Test func manualPageHasTheToolsOptionsAndExitCodes() {
        let page = ManualPage.text()
        #expect(
            page.hasPrefix(
                ".TH STORYGRAPH 1 \"\" \"storygraph \(StoryGraphCLI.version)\" \"User Commands\"\n.SH NAME\n"))
        let options = Self.block(page, from: ".SH OPTIONS") { $0.hasPrefix(".SH COMMANDS") }
        #expect(
            options
                == ".SH OPTIONS\n.TP\n\\fB\\-V\\fR, \\fB\\-\\-version\\fR\nShow the version.\n.TP\n\\fB\\-h\\fR, \\fB\\-\\-help\\fR\nShow help for this command."
        )
        let codes = Self.block(page, from: ".SH EXIT STATUS") { $0.hasPrefix(".SH ENVIRONMENT") }
        #expect(
            codes.components(separatedBy: "\n").filter { $0.hasPrefix("\\fB") } == [
                "\\fB0\\fR", "\\fB1\\fR", "\\fB2\\fR", "\\fB64\\fR", "\\fB65\\fR", "\\fB70\\fR", "\\fB74\\fR",
            ])
        // Nothing outside ASCII, and no line a roff reader would take for a request by mistake.
        #expect(page.unicodeScalars.allSatisfy { $0.value < 0x7F })
    }

    @Test(arguments: names)
    func bashCompletesEveryOption(_ name: String) {
        let script = ShellCompletions.script(for: .bash)
        let branch = Self.block(script, from: "    \(name))") { $0 == "        ;;" }
        #expect(!branch.isEmpty)
        let words = Set(branch.split { " '|()".contains($0) }.map(String.init))
        for option in Self.options(of: name) {
            #expect(words.contains("--\(option.name)"), "--\(option.name) of \(name)")
            if let short = option.short { #expect(words.contains("-\(short)"), "-\(short) of \(name)") }
            if let allowed = option.allowedValues {
                #expect(
                    branch.contains("--\(option.name)")
                        && branch.contains(ShellCompletions.quotedShell(allowed.joined(separator: " "))))
            }
        }
    }

    @Test(arguments: names)
    func zshCompletesEveryOption(_ name: String) {
        let script = ShellCompletions.script(for: .zsh)
        let branch = Self.block(script, from: "        \(name))") { $0 == "            ;;" }
        #expect(!branch.isEmpty)
        for option in Self.options(of: name) {
            let spelled = option.short.map { "{-\($0),--\(option.name)}'[" } ?? "--\(option.name)["
            #expect(branch.contains(spelled), "--\(option.name) of \(name)")
            if let allowed = option.allowedValues { #expect(branch.contains(":(\(allowed.joined(separator: " ")))'")) }
        }
        #expect(script.contains("\n        '\(name):"))
    }

    @Test(arguments: names)
    func fishCompletesEveryOption(_ name: String) {
        let lines = ShellCompletions.script(for: .fish).components(separatedBy: "\n")
        let prefix = "complete -c storygraph -n '__fish_seen_subcommand_from \(name)' "
        for option in Self.options(of: name) {
            var spelled = prefix + "-l \(option.name) "
            if let short = option.short { spelled += "-s \(short) " }
            if let allowed = option.allowedValues {
                spelled += "-x -a \(ShellCompletions.quotedShell(allowed.joined(separator: " "))) "
            }
            #expect(lines.contains { $0.hasPrefix(spelled) }, "--\(option.name) of \(name)")
        }
        #expect(lines.contains { $0.hasPrefix("complete -c storygraph -n '__fish_use_subcommand' -a \(name) -d ") })
    }

    /// Each script parses in its shell, and bash completes a command, an option and its values.
    @Test(arguments: ShellCompletions.Shell.allCases)
    func scriptParses(_ shell: ShellCompletions.Shell) throws {
        guard let path = Tool.find(shell.rawValue) else { return }
        let file = Repository.write(ShellCompletions.script(for: shell), name: "storygraph.\(shell.rawValue)")
        let run = try Tool.run(path, ["-n", file])
        #expect(run.exitCode == 0)
        #expect(run.stderr == "")
    }

    @Test func bashCompletionCompletes() throws {
        guard let bash = Tool.find("bash") else { return }
        let file = Repository.write(ShellCompletions.script(for: .bash), name: "storygraph.bash")
        let probe = """
            source \(file)
            ask() { COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1)); _storygraph; echo "${COMPREPLY[*]}"; }
            ask storygraph pl
            ask storygraph play --pol
            ask storygraph play --policy ''
            ask storygraph completions ''
            ask storygraph help f
            ask storygraph map -q --form
            """
        let run = try Tool.run(bash, ["-c", probe])
        #expect(run.stdout == "play\n--policy\nuniform fresh state\nbash zsh fish\nfuzz formats\n--format\n")
        #expect(run.exitCode == 0)
    }

    /// The page renders in groff with no warning (when groff is there).
    @Test func manualPageRendersWithoutWarnings() throws {
        guard let groff = Tool.find("groff") else { return }
        let file = Repository.write(ManualPage.text() + "\n", name: "storygraph.1")
        let run = try Tool.run(groff, ["-man", "-Tutf8", "-ww", "-z", file])
        #expect(run.exitCode == 0)
        #expect(run.stderr == "")
    }

    /// `make install-files PREFIX=…` with this build's binary: the binary runs, `man` shows
    /// the page, and the completion files are the generated scripts; `make uninstall`
    /// removes them. (`make install` is `make release install-files`; a release build is
    /// left out of the test suite for its minutes.)
    @Test func makeInstallIntoAPrefix() throws {
        guard let make = Tool.find("make") else { return }
        let prefix = Repository.temporaryFolder().appendingPathComponent("prefix").path
        let installed = try InstallTests.installFiles(make, prefix: prefix)

        let version = try Tool.run(installed[0], ["--version"])
        #expect(version.stdout == "storygraph \(StoryGraphCLI.version)\n")
        #expect(FileManager.default.isExecutableFile(atPath: installed[0]))
        #expect(try String(contentsOfFile: installed[1], encoding: .utf8) == ManualPage.text() + "\n")
        #expect(try String(contentsOfFile: installed[2], encoding: .utf8) == ShellCompletions.script(for: .bash))
        #expect(try String(contentsOfFile: installed[3], encoding: .utf8) == ShellCompletions.script(for: .zsh))
        #expect(try String(contentsOfFile: installed[4], encoding: .utf8) == ShellCompletions.script(for: .fish))

        if let man = Tool.find("man") {
            let page = try Tool.run(
                man, ["storygraph"],
                environment: [
                    "MANPATH": prefix + "/share/man", "MANWIDTH": "80", "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
                ])
            #expect(page.exitCode == 0)
            #expect(page.stdout.hasPrefix("STORYGRAPH(1)"))
            #expect(page.stdout.contains("\n   play\n       storygraph play [options] STORY...\n"))
            #expect(page.stdout.contains("\n       --transcript FILE\n"))
        }

        let uninstall = try Tool.run(make, ["-s", "uninstall", "PREFIX=\(prefix)"])
        #expect(uninstall.exitCode == 0)
        for file in installed { #expect(!FileManager.default.fileExists(atPath: file), "\(file)") }
    }
}

/// Programs of the system a test runs (shells, make, man), found on `PATH`.
enum Tool {
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil) throws -> CLIRun
    {
        try runBinary(arguments, environment: environment, timeout: 120, input: Data(), executable: executable)
    }
}
