import Foundation
import StoryFormats
import StoryGraph
import StoryHTML
import StoryMap
import Testing

/// The getting-started article of the `StoryGraph` documentation, run: its code is the
/// region between the markers below, word for word (the first test checks it), and the
/// second test runs that region and checks what it prints.
@Suite struct GettingStartedTests {
    static let root: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        fatalError("Package.swift not found above \(#filePath)")
    }()

    static let article = "Sources/StoryGraph/StoryGraph.docc/GettingStarted.md"

    /// The article's Swift block without its imports, and the region of this file.
    static func blocks() throws -> (article: [String], region: [String]) {
        let text = try String(contentsOf: root.appendingPathComponent(article), encoding: .utf8)
        let lines = text.components(separatedBy: "\n")
        let open = try #require(lines.firstIndex(of: "```swift"))
        let close = try #require(lines[(open + 1)...].firstIndex(of: "```"))
        let block = lines[(open + 1)..<close].filter { !$0.hasPrefix("import ") }
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8).components(
            separatedBy: "\n")
        let begin = try #require(source.firstIndex { $0.hasSuffix("// begin: the article's code") })
        let end = try #require(source.firstIndex { $0.hasSuffix("// end: the article's code") })
        let region = source[(begin + 1)..<end].map { $0.hasPrefix("        ") ? String($0.dropFirst(8)) : $0 }
        return (Array(block.drop { $0.isEmpty }), region)
    }

    @Test func theArticleShowsThisCode() throws {
        let (article, region) = try Self.blocks()
        #expect(article == region)
        #expect(region.count > 10)
    }

    @Test func theArticlesCodeRunsAndPrintsTheStorysFigures() throws {
        var printed: [String] = []
        func print(_ line: String) { printed.append(line) }
        let previous = FileManager.default.currentDirectoryPath
        #expect(previous == Self.root.path || FileManager.default.fileExists(atPath: "Examples/lighthouse.json"))
        // begin: the article's code
        // Load: one file, several files or a folder, in any format storygraph reads.
        let story = "Examples/lighthouse.json"
        let loaded = try StoryLoading.load(paths: [story])

        // Analyse: the graph, then every analysis at once.
        let graph = StoryGraph(loaded.story)
        let analysis = StoryAnalysis(graph, loadDiagnostics: loaded.diagnostics)
        print("\(analysis.paths.total) paths, exact: \(analysis.paths.isExact)")

        // Report: the document `storygraph report` prints, as text, JSON or Markdown.
        let report = Report(analysis)
        print(report.text())

        // Draw: one call writes the map as DOT, lays it out with Graphviz and renders it.
        let map = try MapDrawing.draw(MapAnalysis(analysis), MapRequest(format: .svg))
        print("map: \(map.data.count) bytes of SVG")
        // end: the article's code
        #expect(printed.count == 3)
        #expect(printed[0] == "5 paths, exact: true")
        #expect(printed[1].hasPrefix("The Lighthouse Keeper — story-json, starts at '0'\n"))
        #expect(printed[1].contains("  paths            5 (exact)\n"))
        #expect(printed[2].hasPrefix("map: ") && printed[2].hasSuffix(" bytes of SVG"))
        let svgText = try #require(String(data: map.data, encoding: .utf8))
        #expect(svgText.contains("<svg"))
        // A box per passage (`p0`…), per step choice (`c0_0`…) and per restart marker (`r3`…).
        let boxes = svgText.components(separatedBy: "<title>").dropFirst()
            .map { String($0.prefix { $0 != "<" }) }.filter { !$0.contains("&#45;") }
        #expect(
            boxes == [
                "The Lighthouse Keeper", "start", "p0", "c0_0", "c0_1", "p1", "c1_0", "c1_1",
                "p2", "c2_0", "c2_1", "p3", "r3", "p4", "r4", "p5", "r5",
            ])
    }
}
