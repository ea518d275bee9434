import Foundation
import StoryGraph
import TestSupport
import Testing

@testable import StoryCLI

/// A story's strings reach the terminal with their control characters escaped visibly, in
/// every text output and every diagnostic, so a story can neither drive the terminal nor
/// forge a `file:line:col: error:` line.
@Suite("Terminal safety")
struct TerminalSafetyTests {
    /// An id with ESC[2J (clear screen), a title with BEL and a right-to-left override,
    /// a text that sets the window title, a C1 control (NEL) in an id, a tab in a label,
    /// and a broken link whose target starts a forged diagnostic line.
    static let story = """
        {"title": "Evil\\u0007 \\u202etitle", "start": "start\\u001b[2J",
         "passages": [
          {"id": "start\\u001b[2J", "text": "Hello\\u001b]0;owned\\u0007 there\\u2028x", "choices": [
            {"text": "Go\\ton", "to": "end\\u0085"},
            {"text": "Trick", "to": "\\nfake.json:1:1: error: forged"}]},
          {"id": "end\\u0085", "text": "The end.\\r\\nreally\\u007f", "ending": true}
         ]}
        """

    /// Every scalar a terminal would act on, other than the newlines between lines.
    static func rawControls(_ text: String) -> [String] {
        text.unicodeScalars.filter { $0 != "\n" && TerminalText.needsEscape($0) }.map {
            String(format: "U+%04X", $0.value)
        }
    }

    @Test(arguments: [
        ["report"], ["check"], ["paths"], ["fuzz", "--runs", "50"], ["fuzz", "--replay", "1"],
        ["map", "-o", "/dev/null"], ["dot"], ["report", "--format", "markdown"],
    ])
    func noRawControlAndNoForgedLine(arguments: [String]) {
        let path = Repository.write(Self.story, name: "evil.json")
        var command = arguments
        command.insert(path, at: 1)
        let run = runCLI(command + ["--color", "never"])
        let terminalText = arguments[0] == "dot" ? run.stderr : run.stdout + run.stderr
        #expect(Self.rawControls(terminalText) == [])
        let lines = terminalText.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(!lines.contains { $0.hasPrefix("fake.json") })
        // The finding itself is there, escaped (a diagnostic on stderr, or the report's list;
        // Markdown tables turn a newline into a space of their own accord).
        // Markdown also escapes its own markup (`[` as `\[`).
        let markdown = arguments.contains("markdown")
        let target = markdown ? " fake.json" : "\\nfake.json"
        let start = markdown ? "start\\e\\[2J" : "start\\e[2J"
        #expect(
            terminalText.contains(
                "choice 'Trick' of passage '\(start)' leads to '\(target):1:1: error: forged', which does not exist"))
    }

    @Test func pathsShowEscapedIdsAndLabels() {
        let path = Repository.write(Self.story, name: "evil.json")
        let run = runCLI(["paths", path])
        #expect(run.stdout == "start\\e[2J —[Go\\ton]→ end\\u{85}\n")
    }

    @Test(arguments: [
        ["report", "--format", "json"], ["check", "--format", "json"], ["paths", "--format", "json"],
        ["fuzz", "--format", "json", "--runs", "20"],
    ])
    func jsonEscapesEveryC0Control(arguments: [String]) {
        let path = Repository.write(Self.story, name: "evil.json")
        var command = arguments
        command.insert(path, at: 1)
        let run = runCLI(command)
        #expect(!run.stdoutData.isEmpty)
        #expect(!run.stdoutData.contains { $0 < 0x20 && $0 != 0x0A })
    }

    @Test(arguments: [
        ("\u{1B}[2J", "\\e[2J"), ("a\nb\rc\td", "a\\nb\\rc\\td"),
        ("\u{7F}\u{85}\u{9F}\u{0}", "\\u{7f}\\u{85}\\u{9f}\\u{00}"),
        ("\u{2028}\u{2029}\u{202A}\u{202E}\u{2066}\u{2069}", "\\u{2028}\\u{2029}\\u{202a}\\u{202e}\\u{2066}\\u{2069}"),
        ("plain é → \\n", "plain é → \\n"),
        ("\u{2027}\u{202F}\u{2065}\u{206A}\u{A0}", "\u{2027}\u{202F}\u{2065}\u{206A}\u{A0}"),
    ])
    func escapes(raw: String, shown: String) {
        #expect(TerminalText.escaped(raw) == shown)
    }
}
