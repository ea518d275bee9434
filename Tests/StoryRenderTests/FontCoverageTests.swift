import Foundation
import StoryFormats
import StoryGraph
import StoryMap
import TestSupport
import Testing

@testable import StoryRender

/// The fonts `make deps` installs cover Hangul, CJK and emoji, and fontconfig tells which
/// characters nothing covers.
@Suite struct FontCoverageTests {
    static let root = Repository.root

    @Test func hangulCJKAndEmojiAreCoveredAPrivateUseCharacterIsNot() {
        for scalar: Unicode.Scalar in ["숲", "日", "本", "🌲", "🦊", "é", "A"] {
            #expect(FontCoverage.covers(scalar), "\(scalar)")
        }
        // U+E000 (private use) and U+1FACD (an emoji of Unicode 15, after Noto Color Emoji 2.042).
        #expect(!FontCoverage.covers("\u{E000}"))
        #expect(FontCoverage.uncovered(in: "숲 \u{E000} 日本 \u{1FACD} \u{E000} e\u{301}") == ["\u{E000}", "\u{1FACD}"])
        #expect(FontCoverage.uncovered(in: "plain ASCII") == [])
    }

    /// The "Done when": the Korean Destini example's every label character has a
    /// font, so its PNG draws the text and no box.
    @Test func theKoreanDestiniExampleHasAFontForEveryCharacterOfItsLabels() throws {
        let path = Self.root.appendingPathComponent("Examples/ForestBrain.swift").path
        let story = try StoryLoading.load(paths: [path]).story
        let graph = StoryGraph(story)
        let dot = DOTExporter(graph, options: DOTOptions()).dot()
        let labels = story.passages.map(\.text) + story.passages.flatMap { $0.choices.map(\.text) }
        let hangul = labels.joined().unicodeScalars.filter { (0xAC00...0xD7A3).contains($0.value) }
        #expect(Set(hangul).count == 96)
        // Every Hangul syllable the story has reaches the map's labels, and every one has a font.
        #expect(hangul.allSatisfy { dot.unicodeScalars.contains($0) })
        #expect(FontCoverage.uncovered(in: labels.joined()) == [])
        #expect(FontCoverage.uncovered(in: dot) == [])
        let png = try GraphvizRenderer.render(dot: dot, format: .png)
        #expect(png.warnings == [])
        #expect(png.data.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }
}
