import Foundation
import Testing

@Suite struct TwineLayoutTests {
    /// `pos="x,y!"` of each passage node, by passage id.
    static func pinned(_ dot: String) -> [String: String] {
        var result: [String: String] = [:]
        for line in dot.split(separator: "\n") where line.contains("id=\"passage:") {
            guard let id = line.range(of: "id=\"passage:"),
                  let idEnd = line[id.upperBound...].firstIndex(of: "\""),
                  let pos = line.range(of: "pos=\"") else { continue }
            let value = line[pos.upperBound...].prefix { $0 != "\"" }
            result[String(line[id.upperBound..<idEnd])] = String(value)
        }
        return result
    }

    @Test func twineLayoutPinsEveryPositionedPassage() {
        let run = runCLI(["map", Repository.path("Examples/clockwork.html"), "--layout", "twine", "--format", "dot"])
        #expect(run.exitCode == 0)
        // The one thing said: the computed `<<goto $next>>` is not followed.
        #expect(run.stderr == "\(Repository.path("Examples/clockwork.html")):50:53: info: 'Let go of the key' in passage 'Mainspring' goes where the story computes when it runs ($next); it is drawn but not followed [dynamic-link]\n")
        let pinned = Self.pinned(run.stdout)
        #expect(pinned.count == 15)
        #expect(pinned.values.allSatisfy { $0.hasSuffix("!") })
        // Workshop's card is at 100,100 and 100 px wide: its centre, 150 px, is 300 pt; y
        // grows downwards in Twine and upwards in Graphviz.
        #expect(pinned["Workshop"] == "300,-300!")
        #expect(pinned["Rope Snaps"] == "1500,-1200!")
        #expect(run.stdout.contains("inputscale=\"72\""))
    }

    @Test func twineLayoutReadsTweeMetadataToo() {
        let run = runCLI(["map", Repository.path("Examples/tidepool-harlowe.twee"), "--layout", "twine", "--format", "dot"])
        #expect(run.exitCode == 0)
        #expect(Self.pinned(run.stdout).count == 12)
        #expect(Self.pinned(run.stdout)["Start"] == "300,-300!")
    }

    @Test func withoutTheOptionNothingIsPinned() {
        let run = runCLI(["map", Repository.path("Examples/clockwork.html"), "--format", "dot"])
        #expect(run.exitCode == 0)
        #expect(Self.pinned(run.stdout).isEmpty)
        #expect(!run.stdout.contains("inputscale"))
    }

    @Test func aStoryWithoutPositionsFallsBackWithAWarning() {
        let path = Repository.write(":: Start\n[[Next]]\n:: Next\nThe end.\n", name: "plain.twee")
        let run = runCLI(["map", path, "--layout", "twine", "--format", "dot"])
        #expect(run.exitCode == 0)
        #expect(run.stderr == "warning: --layout twine: no passage of this story has a Twine position; laying it out automatically\n")
        #expect(Self.pinned(run.stdout).isEmpty)
    }

    @Test func onlyPositionedPassagesArePinned() {
        let path = Repository.write(":: Start {\"position\":\"0,0\",\"size\":\"200,100\"}\n[[Next]]\n:: Next\nThe end.\n", name: "half.twee")
        let run = runCLI(["map", path, "--layout", "twine", "--format", "dot"])
        #expect(Self.pinned(run.stdout) == ["Start": "200,-100!"])
    }

    @Test func anUnknownLayoutIsAUsageError() {
        let run = runCLI(["map", Repository.path("Examples/clockwork.html"), "--layout", "grid", "--format", "dot"])
        #expect(run.exitCode == 64)
    }

    @Test func twineLayoutRendersWithNeato() {
        let run = runCLI(["map", Repository.path("Examples/clockwork.html"), "--layout", "twine", "--format", "svg"])
        #expect(run.exitCode == 0)
        #expect(run.stdout.contains("<svg"))
        #expect(run.stdout.components(separatedBy: "class=\"node passage").count - 1 == 15)
    }

    @Test func libxml2PrintsNothingOnBrokenHTML() throws {
        let path = Repository.write(
            "<tw-storydata name=\"X\" startnode=\"1\"><tw-passagedata pid=\"1\" name=\"A\">[[B]]</tw-passagedata><tw-passagedata pid=\"2\" name=\"B\"><<<&&&</junk></tw-storydata></div></p><?xml ?>",
            name: "broken.html")
        let run = try runBinary(["dot", path])
        #expect(run.exitCode == 0)
        #expect(run.stderr.isEmpty)
    }
}
