import Foundation
import StoryRender
import Testing

/// A PNG past cairo's 32,767-pixel side is refused before Graphviz shrinks it (and prints
/// its own line on stderr); one pixel inside the limit renders at full size.
@Suite struct BitmapLimitTests {
    /// One empty box `inches` wide and 1 inch high: its bitmap is the box plus 4 points of
    /// pad each side, at 96 dpi.
    static func box(_ inches: String) -> String {
        "digraph { n [shape=box, width=\(inches), height=1, fixedsize=true, label=\"\"] }"
    }

    /// The width and height in a PNG's IHDR chunk.
    static func pngSize(_ data: Data) -> [Int] {
        let bytes = [UInt8](data.prefix(24))
        func word(_ at: Int) -> Int { bytes[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } }
        return [word(16), word(20)]
    }

    @Test func theLargestBitmapCairoDrawsRendersAtFullSize() throws {
        // 341.2 in = 24,566.4 pt; + 8 pt of pad = 24,574.4 pt = 32,765.9 px, drawn as 32,765.
        let rendered = try GraphvizRenderer.render(dot: Self.box("341.2"), format: .png)
        #expect(Self.pngSize(rendered.data) == [32_765, 107])
        #expect(rendered.warnings == [])
    }

    @Test func oneStepPastTheLimitIsRefusedWithItsSize() {
        // 341.21 in: 24,575.1 pt with the pad, 32,766.8 px: Graphviz would scale it down.
        #expect {
            try GraphvizRenderer.render(dot: Self.box("341.21"), format: .png)
        } throws: { error in
            guard let error = error as? RenderError else { return false }
            return error.stage == .size && error.bitmap == BitmapSize(width: 32_767, height: 107)
                && error.description
                    == "the map is 32,767 × 107 px, past the 32,766 px a side Graphviz's bitmap renderer can draw"
        }
        // SVG has no such limit, and the refusal leaves the next render unspoilt.
        #expect((try? GraphvizRenderer.render(dot: Self.box("341.21"), format: .svg)) != nil)
        #expect(
            (try? GraphvizRenderer.render(dot: Self.box("1"), format: .png)).map { Self.pngSize($0.data) } == [
                107, 107,
            ])
    }

    @Test func padAndDPIAreCounted() {
        // pad=1 (inch) each side and dpi=72: 200 in + 2 in = 14,544 px; at dpi=300, 60,600 px.
        let wide = "digraph { graph [pad=1, dpi=300]; n [shape=box, width=200, height=1, fixedsize=true, label=\"\"] }"
        #expect {
            try GraphvizRenderer.render(dot: wide, format: .png)
        } throws: { error in
            (error as? RenderError)?.bitmap == BitmapSize(width: 60_600, height: 900)
        }
        let small = "digraph { graph [pad=1, dpi=72]; n [shape=box, width=200, height=1, fixedsize=true, label=\"\"] }"
        #expect(
            (try? GraphvizRenderer.render(dot: small, format: .png)).map { Self.pngSize($0.data) } == [14_544, 216])
    }
}
