import Foundation
import FoundationXML
import Testing
import StoryGraph
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
