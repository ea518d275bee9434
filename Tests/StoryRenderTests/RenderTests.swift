import Foundation
import FoundationXML
import StoryGraph
import Testing

@testable import StoryRender

@Suite struct RenderTests {
    static let dot = "digraph g { a [label=\"Ünïcødé 한국어 🚀\"]; a -> b; }"

    @Test func rendersSVGWithEveryNode() throws {
        let (data, warnings) = try GraphvizRenderer.render(dot: Self.dot, engine: .dot, format: .svg)
        let svg = String(decoding: data, as: UTF8.self)
        #expect(svg.hasPrefix("<?xml"))
        #expect(svg.contains("<title>a</title>"))
        #expect(svg.contains("<title>b</title>"))
        #expect(svg.contains("한국어 🚀"))
        #expect(warnings.isEmpty)
        _ = try XMLDocument(data: data)
    }

    /// Lines of passage and choice boxes are anchored at the box's centre, so a viewer
    /// that draws them in another font still centres them; other nodes keep Graphviz's
    /// placement.
    @Test func boxTextIsCentredOnTheBox() throws {
        let dot = """
            digraph g {
              p [class="node passage", shape=box, label=<one line<BR/>and a longer second line>];
              c [class="node choice", shape=box, label=<go>];
              legend [shape=plaintext, label=<<TABLE><TR><TD ALIGN="LEFT">key</TD></TR></TABLE>>];
              p -> c -> legend;
            }
            """
        let (data, _) = try GraphvizRenderer.render(dot: dot, format: .svg)
        let svg = String(decoding: data, as: UTF8.self)
        let texts = svg.split(separator: "\n").filter { $0.hasPrefix("<text ") }
        func line(_ words: String) -> Substring? { texts.first { $0.hasSuffix(">\(words)</text>") } }
        let boxes = ["one line", "and a longer second line", "go"].map(line)
        #expect(boxes.allSatisfy { $0?.contains("text-anchor=\"middle\"") == true })
        // Both lines of the passage share one x: the box's centre.
        let xs = boxes.prefix(2).map { $0.flatMap { $0.firstMatch(of: /x="([^"]+)"/).map { String($0.1) } } }
        #expect(xs[0] != nil && xs[0] == xs[1])
        #expect(line("key")?.contains("text-anchor=\"start\"") == true)
        _ = try XMLDocument(data: data)
    }

    @Test(arguments: [ImageFormat.png, .pdf])
    func rendersBinaryFormats(_ format: ImageFormat) throws {
        let (data, _) = try GraphvizRenderer.render(dot: Self.dot, format: format)
        let magic: [UInt8] = format == .png ? [0x89, 0x50, 0x4E, 0x47] : Array("%PDF".utf8)
        #expect(Array(data.prefix(4)) == magic)
    }

    @Test(arguments: LayoutEngine.allCases)
    func everyEngineLaysOut(_ engine: LayoutEngine) throws {
        let (data, _) = try GraphvizRenderer.render(dot: Self.dot, engine: engine, format: .svg)
        #expect(String(decoding: data, as: UTF8.self).contains("<title>b</title>"))
    }

    @Test func syntaxErrorIsATypedErrorAndDoesNotSpoilTheNextRender() throws {
        #expect {
            try GraphvizRenderer.render(dot: "digraph { a -> ; }")
        } throws: { error in
            let error = error as! RenderError
            return error.stage == .parse && error.messages.contains { $0.contains("syntax error") }
        }
        let (data, _) = try GraphvizRenderer.render(dot: Self.dot)
        #expect(String(decoding: data, as: UTF8.self).contains("<title>a</title>"))
    }
}
