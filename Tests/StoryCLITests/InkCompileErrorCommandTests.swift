import Foundation
import TestSupport
import Testing

/// `check` refuses ink that inklecate refuses, as it refuses any story it cannot read:
/// exit 65, the error at inklecate's line.
@Suite struct InkCompileErrorCommandTests {
    static let stories: [(text: String, line: String)] = [
        ("Hello.\n* [Stay\n    You stay.\n    -> END\n* [Go] -> END\n", ":2:1: error: this choice's '['"),
        ("VAR x = true\nHello {x\n-> END\n", ":2:7: error: '{x' is never closed"),
        ("VAR x = 1\n~ x =\nHello {x}.\n-> END\n", ":2:1: error: '~ x =' assigns no value"),
        ("Hello.\n->\n", ":2:1: error: '->' with no target"),
        ("VAR\nHello.\n-> END\n", ":1:1: error: VAR with no name"),
    ]

    @Test func checkExits65AtInklecatesLine() {
        for (n, story) in Self.stories.enumerated() {
            let path = Repository.write(story.text, name: "broken\(n).ink")
            let run = runCLI(["check", path])
            #expect(run.exitCode == 65, "\(story.line)")
            #expect(run.stderr.hasPrefix(path + story.line), "\(run.stderr)")
            #expect(!run.stderr.contains("never holds"))
        }
    }
}
