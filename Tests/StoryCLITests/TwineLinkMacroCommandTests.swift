import Foundation
import TestSupport
import Testing

@testable import StoryCLI

/// `--link-macro`, the `storygraph.json` beside a story, and what the map draws for a
/// link that leaves the story.
@Suite struct TwineLinkMacroCommandTests {
    static let story = ":: Start\n<<fade \"Cellar\">> [[Mail us|mailto:desk@example.org]]\n:: Cellar\nDamp.\n"

    @Test func aMailtoLinkDrawsNoMissingNodeAndIsNoBrokenLink() {
        let path = Repository.write(Self.story, name: "mail.twee")
        let map = runCLI(["map", path, "--format", "dot", "--link-macro", "fade"])
        #expect(map.exitCode == 0)
        // The passage keeps the link's label; no edge and no red "missing" node for it:
        // one choice box (the declared macro's), to Cellar.
        #expect(!map.stdout.contains("id=\"missing:"))
        #expect(map.stdout.contains("label=<→ Mail us<BR/>"))
        #expect(map.stdout.components(separatedBy: " -> ").count - 1 == 3)
        #expect(map.stdout.contains("c0_0 -> p1 "))
        let check = runCLI(["check", path, "--link-macro", "fade"])
        #expect(check.exitCode == 0)
        #expect(!check.stdout.contains("broken-link") && !check.stderr.contains("broken-link"))
    }

    @Test func theOptionAndTheConfigurationFileBothDeclareAMacro() throws {
        let path = Repository.write(Self.story, name: "widget.twee")
        let without = runCLI(["report", path, "--format", "json"])
        let with = runCLI(["report", path, "--format", "json", "--link-macro", "fade"])
        let folder = (path as NSString).deletingLastPathComponent
        try Data(#"{"link_macros": ["fade"]}"#.utf8).write(to: URL(fileURLWithPath: folder + "/storygraph.json"))
        let configured = runCLI(["report", path, "--format", "json"])
        #expect([without.exitCode, with.exitCode, configured.exitCode] == [0, 0, 0])
        #expect(
            without.stdout.contains("\"unreachable\" : [\n      \"Cellar\"")
                || without.stdout.contains("twine-unknown-macro"))
        #expect(with.stdout == configured.stdout)
        #expect(with.stdout != without.stdout)
    }
}
