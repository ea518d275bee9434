import Foundation
import FoundationXML
import StoryGraph
import StoryMap
import Testing

@testable import StoryRender

/// Story text that once came out wrong in the SVG: XML-illegal scalars and Graphviz's own
/// escapes (`\N`, `\G`, `\L`, `\E`, `\T`, `\H`).
@Suite struct HostileTextRenderTests {
    static let story = Story(
        title: "T\\G", start: "a\\N",
        passages: [
            Passage(
                id: "a\\N", text: "see \\N \\G \\L \\E \\T \\H x\u{FFFE}y\u{FFFF}z\u{1}",
                choices: [
                    Choice(text: "go \\N", target: "b\u{FFFE}")
                ]),
            Passage(id: "b\u{FFFE}", text: "end \\E", ending: .init()),
        ], format: "story-json")

    func svg() throws -> (String, Data) {
        let dot = DOTExporter(StoryGraph(Self.story)).dot()
        let (data, _) = try GraphvizRenderer.render(dot: dot, engine: .dot, format: .svg)
        return (String(decoding: data, as: UTF8.self), data)
    }

    @Test func theSVGParsesAsXML() throws {
        let (text, data) = try svg()
        let document = try XMLDocument(data: data)
        #expect(document.rootElement()?.name == "svg")
        #expect(text.contains("<title>p0</title>") && text.contains("<title>p1</title>"))
    }

    @Test func graphvizEscapesInTheStoryShowLiterally() throws {
        let (text, data) = try svg()
        let document = try XMLDocument(data: data)
        let shown = try document.nodes(forXPath: "//*[local-name()='text']").compactMap(\.stringValue)
        #expect(shown.contains("see \\N \\G \\L \\E \\T \\H xyz"))
        #expect(shown.contains("go \\N"))
        #expect(shown.contains("end \\E"))
        let tooltips = try document.nodes(forXPath: "//@*[local-name()='title']").compactMap(\.stringValue)
        #expect(tooltips.contains { $0.hasPrefix("a\\N: see \\N \\G \\L \\E \\T \\H x\u{FFFD}y\u{FFFD}z") })
        #expect(!text.contains("\u{FFFE}") && !text.contains("\u{FFFF}"))
    }
}
