import Foundation
import StoryFormats
import StoryGraph
import TestSupport
import Testing

/// App projects whose story spans files (issue 26, item 5), each a tiny Xcode-like folder
/// of our own under `Tests/Fixtures/folders`: read as one story from the folder or from its
/// files given together, with every place found back in the file it was written in.
@Suite("SourceLoader: a story over several files")
struct AppSourceSplitProjectTests {
    static func figures(_ result: LoadResult) -> [String] {
        let analysis = Load.analysis(result, budget: .unlimited)
        return [
            "passages \(result.story.passages.count)",
            "reachable \(analysis.reachability.reachable.filter { $0 }.count)",
            "endings \(analysis.reachability.reachableEndings.map { analysis.graph.ids[$0] })",
            "paths \(analysis.paths.total)",
            "findings \((result.diagnostics + analysis.lint.findings).filter { $0.severity != .info }.count)",
        ]
    }

    static let destini = Repository.path("Tests/Fixtures/folders/destini-split")
    static let pieces = Repository.path("Tests/Fixtures/folders/pieces-split")

    /// `Story(title: StoryTexts.gateText, …, choice1Destination: Rooms.hall, …)` in
    /// StoryBrain.swift, its texts and destinations in StoryTexts.swift: 4 pages, 2
    /// endings, 3 paths, no finding.
    @Test(arguments: [
        [destini], [destini + "/Lantern"],
        [destini + "/Lantern/Model/StoryBrain.swift", destini + "/Lantern/Model/StoryTexts.swift"],
    ])
    func aDestiniAppWithItsTextsInAnotherFile(paths: [String]) throws {
        let result = try StoryLoading.load(paths: paths)
        #expect(
            Self.figures(result) == ["passages 4", "reachable 4", "endings [\"2\", \"3\"]", "paths 3", "findings 0"])
        #expect(shape(result.story) == ["0: 1 2", "1: 3 2", "2: ↺ ↺", "3: ↺ ↺"])
        let gate = result.story.passages[0]
        #expect(gate.text == "A lantern hangs by the gate of an old house.")
        #expect(gate.choices.map(\.text) == ["Go in", "Walk away"])
        #expect(gate.location?.file == Self.destini + "/Lantern/Model/StoryBrain.swift")
        #expect(gate.location?.line == 5)
    }

    /// Objective-C pieces made in Story+Pieces.m and linked in Story+Links.m: 4 pieces, 2
    /// endings, 2 paths; a link is located where it is written, in Story+Links.m.
    @Test(arguments: [
        [pieces], [pieces + "/Harbour/Story+Pieces.m", pieces + "/Harbour/Story+Links.m"],
    ])
    func linkedPiecesMadeInOneFileAndLinkedInAnother(paths: [String]) throws {
        let result = try StoryLoading.load(paths: paths)
        #expect(
            Self.figures(result) == [
                "passages 4", "reachable 4", "endings [\"ferry\", \"island\"]", "paths 2", "findings 0",
            ])
        #expect(shape(result.story) == ["dock: ferry swim", "ferry:", "swim: dock island", "island:"])
        let wait = result.story.passages[0].choices[0]
        #expect(wait.text == "Wait")
        #expect(wait.location?.file == Self.pieces + "/Harbour/Story+Links.m")
        #expect(wait.location?.line == 7)
    }

    /// Lines of the whole text go back to their own files, even after a file that ends
    /// without a line break or with a lone `\r`.
    @Test func placesInTheWholeGoBackToTheirFiles() {
        let files = [
            SourceText(path: "a.swift", text: "one\ntwo"), SourceText(path: "b.swift", text: "three\r"),
            SourceText(path: "c.swift", text: "four\nfive\n"),
        ]
        let whole = CombinedSource(files)
        let places = [0, 4, 8, 15, 20].map { whole.relocated(whole.source.location(at: $0)).description }
        #expect(places == ["a.swift:1:1", "a.swift:2:1", "b.swift:1:1", "c.swift:1:1", "c.swift:2:1"])
    }
}
