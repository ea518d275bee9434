import Foundation
import StoryGraph
import Testing
import TestSupport

@testable import StoryFormats

/// The largest public Twine story, Degrees of Lewdity (issue 26's Done-when): at least 80%
/// of its story passages (widget fragments and StoryCaption-like chrome apart) reachable in storygraph's reading, and
/// the dynamic links left named by kind. Runs when the story is there
/// (Tests/tools/fetch-dol.sh; `STORYGRAPH_DOL` names another folder), in the long suite.
@Suite(.long) struct TwineLargestStoryTests {
    static let folder = ProcessInfo.processInfo.environment["STORYGRAPH_DOL"] ?? "/work/trials/dol/game"

    @Test(.enabled(if: FileManager.default.fileExists(atPath: folder), "no story at \(folder)"))
    func degreesOfLewdityIsMostlyReachable() throws {
        let loaded = try StoryLoading.load(paths: [Self.folder])
        let graph = StoryGraph(loaded.story)
        let reachability = Reachability(graph)
        // Story passages: not the widget fragments, nor what every passage shows (StoryCaption…).
        let story = loaded.story.passages.indices.filter {
            !loaded.story.passages[$0].tags.contains("widget")
                && !TwineChrome.sugarCubeNames.contains(loaded.story.passages[$0].id)
        }
        let reached = story.filter { reachability.reachable[$0] }.count
        let summary = loaded.diagnostics.first { $0.ruleID == "dynamic-link" && $0.message.contains("not followed:") }
        print("degrees of lewdity: \(reached) of \(story.count) story passages reachable; \(summary?.message ?? "")")
        #expect(Double(reached) >= 0.8 * Double(story.count))
        #expect(summary != nil)
    }
}
