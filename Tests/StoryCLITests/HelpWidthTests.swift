import Foundation
import StoryFormats
import Testing

@testable import StoryCLI

#if canImport(Glibc)
    import Glibc
    import TestSupport
#endif

/// Runs the command line in-process as `runCLI` does, with help wrapped to `width` columns.
func runCLI(_ arguments: [String], helpWidth width: Int) -> CLIRun {
    final class Box: @unchecked Sendable {
        var out = Data()
        var err = Data()
    }
    let box = Box()
    let code = StoryGraphCLI.main(arguments, helpWidth: width) { globals in
        Terminal(
            quiet: globals.quiet, color: .never, environment: [:],
            out: { box.out.append($0) }, err: { box.err.append($0) }, stderrIsTerminal: false)
    }
    return CLIRun(
        exitCode: code, stdout: String(decoding: box.out, as: UTF8.self),
        stderr: String(decoding: box.err, as: UTF8.self), stdoutData: box.out)
}

/// Help wrapped to the terminal's width (issue 32): `COLUMNS`, else the terminal's own width,
/// else 80; lines broken only between words; rule ids listed by `help rules` alone.
@Suite struct HelpWidthTests {
    /// Every help text: the tool's, each command's, and each topic's.
    static let helps: [[String]] =
        [["--help"], ["help", "help"], ["help", "formats"], ["help", "rules"]]
        + Commands.all.map { ["help", $0.configuration.name] }

    /// The commands that read a story and take `--disable`.
    static let storyCommands = ["map", "dot", "report", "paths", "check", "diff", "fuzz", "play"]

    static func width(_ line: Substring) -> Int { line.count }

    @Test(arguments: helps)
    func helpAtWidth60HasNoLineOver60Columns(_ arguments: [String]) throws {
        let run = try runBinary(arguments, environment: ["COLUMNS": "60", "PATH": "/usr/bin:/bin"])
        #expect(run.exitCode == 0)
        let long = run.stdout.split(separator: "\n").filter { Self.width($0) > 60 }
        #expect(long == [], "\(arguments): \(long.count) lines over 60 columns")
        // At 80 (no COLUMNS, not a terminal), none over 80.
        let plain = try runBinary(arguments, environment: ["PATH": "/usr/bin:/bin"])
        #expect(plain.stdout.split(separator: "\n").allSatisfy { Self.width($0) <= 80 }, "\(arguments) at 80")
        #expect(plain.stdout == runCLI(arguments, helpWidth: 80).stdout)
    }

    /// Wrapping only moves line breaks: the words are the ones of the unwrapped text, in order.
    @Test(arguments: helps)
    func wrappingNeverBreaksAWord(_ arguments: [String]) {
        let wide = runCLI(arguments, helpWidth: 100_000).stdout
        for width in [40, 60, 80, 100] {
            let wrapped = runCLI(arguments, helpWidth: width).stdout
            #expect(
                wrapped.split(whereSeparator: \.isWhitespace) == wide.split(whereSeparator: \.isWhitespace),
                "\(arguments) at \(width)")
        }
    }

    @Test func theWidthIsColumnsElseTheTerminalsElse80() {
        #expect(HelpLayout.width(environment: ["COLUMNS": "60"], stdoutIsTerminal: false) == 60)
        #expect(HelpLayout.width(environment: ["COLUMNS": " 132 "], stdoutIsTerminal: true) == 132)
        #expect(HelpLayout.width(environment: [:], stdoutIsTerminal: false) == 80)
        #expect(HelpLayout.width(environment: ["COLUMNS": "wide"], stdoutIsTerminal: false) == 80)
        #expect(HelpLayout.width(environment: ["COLUMNS": "0"], stdoutIsTerminal: false) == 80)
        #expect(HelpLayout.width(environment: ["COLUMNS": "5"], stdoutIsTerminal: false) == HelpLayout.minimumWidth)
    }

    @Test func aTableRowContinuesUnderItsHelpColumn() {
        let row = "  --name <V>    " + Array(repeating: "word", count: 20).joined(separator: " ")
        let lines = HelpLayout.wrap(line: row, width: 40)
        #expect(lines.first == "  --name <V>    word word word word word")
        #expect(
            lines.dropFirst().allSatisfy { $0.hasPrefix(String(repeating: " ", count: 16) + "word") && $0.count <= 40 })
        #expect(lines.joined(separator: " ").split(separator: " ").filter { $0 == "word" }.count == 20)
        // A word longer than the line stands alone, whole.
        let long = String(repeating: "x", count: 50)
        #expect(HelpLayout.wrap(line: "a b " + long + " c", width: 30) == ["a b", long, "c"])
    }

    /// On a terminal with no COLUMNS, the terminal's own width (TIOCGWINSZ) decides.
    @Test func onATerminalTheTerminalsWidthDecides() throws {
        var master: Int32 = -1
        var slave: Int32 = -1
        var size = winsize(ws_row: 24, ws_col: 50, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else { throw POSIXError(.EIO) }
        defer { close(master) }
        let process = Process()
        process.executableURL = Binary.url
        process.arguments = ["help", "check"]
        process.environment = ["PATH": "/usr/bin:/bin"]
        process.standardOutput = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        process.standardError = FileHandle.nullDevice
        try process.run()
        close(slave)
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(master, &buffer, buffer.count)
            if count <= 0 { break } // EIO once the program has closed its side
            output += buffer[0..<count]
        }
        process.waitUntilExit()
        let screen = String(decoding: output, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        #expect(process.terminationStatus == 0)
        #expect(screen.hasPrefix("OVERVIEW: "))
        let lines = screen.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 50 })
        #expect(lines.contains { $0.count > 40 })
        #expect(screen == runCLI(["help", "check"], helpWidth: 50).stdout)
    }

    /// The rows of `help rules`: a row starts with two spaces and its id; a longer meaning
    /// continues on lines indented further.
    static func ruleRows(_ text: String) -> [(id: String, severity: String)] {
        text.split(separator: "\n").dropFirst().compactMap { line -> (String, String)? in
            guard line.hasPrefix("  "), !line.hasPrefix("   ") else { return nil }
            let words = line.split(separator: " ")
            return (String(words[0]), words.count > 1 ? String(words[1]) : "")
        }
    }

    @Test(arguments: [40, 60, 80, 100, 100_000])
    func helpRulesListsEveryRegisteredRuleExactlyOnce(_ width: Int) {
        let run = runCLI(["help", "rules"], helpWidth: width)
        #expect(run.exitCode == 0)
        #expect(run.stdout.hasPrefix("RULES (--disable RULE):\n"))
        let rows = Self.ruleRows(run.stdout)
        #expect(rows.map(\.id) == StoryLoading.rules.ids)
        #expect(Set(rows.map(\.id)).count == rows.count)
        #expect(rows.count == StoryLoading.rules.rules.count)
        // A narrow row puts the severity on the line after its id.
        let lines = run.stdout.split(separator: "\n").map(String.init)
        for (rule, row) in zip(StoryLoading.rules.rules, rows) {
            let severity =
                row.severity.isEmpty
                ? lines[lines.firstIndex { $0 == "  \(rule.id)" || $0.hasPrefix("  \(rule.id) ") }! + 1].split(
                    separator: " "
                ).first.map(String.init)
                : row.severity
            #expect(severity == rule.severity.rawValue, "\(rule.id)")
        }
        // Each rule's one-line summary, whole, once its lines are joined.
        let folded = run.stdout.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        for rule in StoryLoading.rules.rules {
            #expect(
                folded.contains(
                    "\(rule.id) \(rule.severity.rawValue) \(rule.meaning.split(whereSeparator: \.isWhitespace).joined(separator: " "))"
                ))
        }
    }

    /// A story command's help names `help rules` in one line and lists no rule id.
    @Test(arguments: storyCommands)
    func storyCommandsPointToHelpRulesInsteadOfListingThem(_ command: String) {
        let help = runCLI(["help", command], helpWidth: 100_000).stdout
        let lines = help.split(separator: "\n")
        let disable = lines.filter { $0.hasPrefix("  --disable <RULE>") }
        #expect(disable.count == 1)
        #expect(
            disable.first?.hasSuffix(
                "Leave out the findings of a rule (repeat for several); 'storygraph help rules' lists them.") == true)
        #expect(!help.contains("(values: \(StoryLoading.rules.ids.prefix(3).joined(separator: ", "))"))
        let words = Set(help.split { !($0.isLetter || $0.isNumber || $0 == "-") }.map(String.init))
        // Only rule ids that are also format names or plain words.
        let named = StoryLoading.rules.ids.filter(words.contains)
        #expect(Set(named).isSubset(of: ["ink-json", "twine-html", "unreachable"]), "\(command) names rules \(named)")
        #expect(help.count < 6_000, "\(command): \(help.count) characters")
    }

    @Test func checkHelpNoLongerContainsTheRuleList() {
        let help = runCLI(["check", "--help"], helpWidth: 80).stdout
        let ids = StoryLoading.rules.ids
        #expect(!help.contains(ids.joined(separator: ", ")))
        #expect(!help.contains("broken-link, "))
        #expect(!help.contains("unreachable-under-state"))
        #expect(help.contains("'storygraph help rules'"))
        // The manual page does the same.
        let page = ManualPage.text()
        #expect(!page.contains(ManualPage.escaped(ids.prefix(4).joined(separator: ", "))))
    }
}
