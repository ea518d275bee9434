import Foundation
import Testing

@testable import StoryGraph

/// Words per playthrough on small stories whose figures are worked out by hand.
@Suite struct PlaythroughLengthTests {
    static func length(_ passages: [Passage], start: String = "s") -> PlaythroughLength {
        StoryAnalysis(StoryGraph(Story(title: "", start: start, passages: passages, format: "story-json"))).length
    }

    static func words(_ count: Int) -> String { (0..<count).map { "w\($0)" }.joined(separator: " ") }

    /// s (3 words) offers a, b and e2; a (4 words of reader text, a macro left out)
    /// offers e1, e2 and b; b (2 words and a 2-word fragment it includes) goes to e1;
    /// e1 has 5 words, e2 2.
    ///
    /// Visits: s 1, a 1/3, b 1/3 + 1/9 = 4/9, e1 1/9 + 4/9 = 5/9, e2 1/3 + 1/9 = 4/9.
    /// Expected words: 3 + 4·1/3 + 4·4/9 + 5·5/9 + 2·4/9 = 3 + 61/9 = 88/9.
    /// The story's words: 3 + 4 + 2 + 5 + 2 + 2 = 18, so the share is 88/162 = 44/81.
    /// Paths to e1: s-a-e1 12, s-b-e1 12, s-a-b-e1 16; to e2: s-e2 5, s-a-e2 9.
    static let acyclic: [Passage] = {
        var a = Passage(
            id: "a", text: "<<set $lamp to true>>Four words are here",
            choices: [
                Choice(text: "On", target: "e1"), Choice(text: "Off", target: "e2"), Choice(text: "Aside", target: "b"),
            ])
        a.readerText = "Four words are here"
        return [
            Passage(
                id: "s", text: words(3),
                choices: [
                    Choice(text: "A", target: "a"), Choice(text: "B", target: "b"), Choice(text: "Out", target: "e2"),
                ]),
            a,
            Passage(
                id: "b", text: words(2),
                choices: [Choice(text: "", target: "f", kind: .include), Choice(text: "Go", target: "e1")]),
            Passage(id: "f", text: "tiny aside"),
            Passage(id: "e1", text: words(5), ending: .init()),
            Passage(id: "e2", text: words(2), ending: .init()),
        ]
    }()

    @Test func anAcyclicStoryHasItsExactExpectedWordsAndPerEndingBounds() throws {
        let length = Self.length(Self.acyclic)
        #expect(length.passageWords == [3, 4, 4, 2, 5, 2])
        #expect(length.totalWords == 18)
        let expected = try #require(length.expected.words)
        #expect(abs(expected - 88.0 / 9) < 1e-12, "\(expected)")
        #expect(abs(length.share! - 44.0 / 81) < 1e-12)
        #expect(length.expectedUnderState == nil)
        #expect(
            length.endings == [
                .init(passage: 4, fewest: 12, most: 16), .init(passage: 5, fewest: 5, most: 9),
            ])
    }

    /// s (2 words) → loop → m (3 words) → back to s, or s → end → e (1 word). Visits of s:
    /// x = 1 + x/2, so 2; m 1, e 1: expected 2·2 + 3 + 1 = 8. The loop has words: the
    /// most words to e are unbounded.
    @Test func aLoopWithWordsMakesTheMostUnboundedAndTheExpectationFinite() throws {
        let length = Self.length([
            Passage(
                id: "s", text: Self.words(2),
                choices: [Choice(text: "loop", target: "m"), Choice(text: "end", target: "e")]),
            Passage(id: "m", text: Self.words(3), choices: [Choice(text: "back", target: "s")]),
            Passage(id: "e", text: Self.words(1), ending: .init()),
        ])
        let expected = try #require(length.expected.words)
        #expect(abs(expected - 8) < 1e-12, "\(expected)")
        #expect(length.endings == [.init(passage: 2, fewest: 3, most: nil)])
    }

    /// s (2 words) → h (no words) ⇄ z (no words), h → e (1 word). h: x = 1 + x/2, so 2;
    /// z 1. A loop without words adds none: the most words are 3, as the fewest.
    @Test func aLoopWithoutWordsLeavesTheMostBounded() throws {
        let length = Self.length([
            Passage(id: "s", text: Self.words(2), choices: [Choice(text: "in", target: "h")]),
            Passage(
                id: "h", text: "", choices: [Choice(text: "round", target: "z"), Choice(text: "out", target: "e")]),
            Passage(id: "z", text: " ", choices: [Choice(text: "back", target: "h")]),
            Passage(id: "e", text: Self.words(1), ending: .init()),
        ])
        #expect(abs(try #require(length.expected.words) - 3) < 1e-12)
        #expect(length.endings == [.init(passage: 3, fewest: 3, most: 3)])
    }

    /// Half the readers fall into a trap they never leave: no expected words, and why.
    @Test func aTrapLeavesTheExpectationUndefinedAndSaysWhy() {
        let length = Self.length([
            Passage(
                id: "s", text: Self.words(2),
                choices: [Choice(text: "end", target: "e"), Choice(text: "fall", target: "t")]),
            Passage(id: "t", text: Self.words(1), choices: [Choice(text: "on", target: "u")]),
            Passage(id: "u", text: Self.words(1), choices: [Choice(text: "on", target: "t")]),
            Passage(id: "e", text: Self.words(1), ending: .init()),
        ])
        #expect(length.expected == .neverEnds(0.5))
        #expect(length.share == nil)
        #expect(length.endings == [.init(passage: 3, fewest: 3, most: 3)])
        let report = Report(
            StoryAnalysis(
                StoryGraph(
                    Story(
                        title: "", start: "s",
                        passages: [
                            Passage(
                                id: "s", text: Self.words(2),
                                choices: [Choice(text: "end", target: "e"), Choice(text: "fall", target: "t")]),
                            Passage(id: "t", text: Self.words(1), choices: [Choice(text: "on", target: "t")]),
                            Passage(id: "e", text: Self.words(1), ending: .init()),
                        ], format: "story-json"))))
        #expect(report.length.expectedWords == nil)
        #expect(
            report.length.expectedWordsNote
                == "a reader never stops with probability 50% (a trap): a playthrough may not end")
    }
}
