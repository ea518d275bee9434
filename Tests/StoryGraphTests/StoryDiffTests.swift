import Testing

@testable import StoryGraph

/// The comparison itself, on stories written for each rule: ids first, then words; the
/// most alike pair first, ties by source order; links by label and translated target;
/// findings alike by severity, rule and message.
@Suite struct StoryDiffTests {
    static func story(_ passages: [Passage], start: String = "a") -> Story {
        Story(title: "t", start: start, passages: passages, format: "story-json")
    }

    static func diff(_ old: Story, _ new: Story) -> StoryDiff {
        StoryDiff(
            old: StoryAnalysis(StoryGraph(old)), oldName: "old", new: StoryAnalysis(StoryGraph(new)), newName: "new")
    }

    @Test func wordSimilarityIsTheDiceCoefficient() {
        #expect(PassageMatching.similarity("the red door", "The door, red!") == 1)
        #expect(PassageMatching.similarity("a b c d", "a b x y") == 0.5)
        #expect(PassageMatching.similarity("", "") == 0)
        #expect(PassageMatching.similarity("a a b", "a b b") == 4.0 / 6.0)
    }

    @Test func theMostAlikePairWinsAndTiesGoBySourceOrder() {
        let text = "the keeper climbs the stair with a lamp"
        let old = Self.story([
            Passage(
                id: "a",
                choices: [
                    Choice(text: "x", target: "one"), Choice(text: "y", target: "two"),
                    Choice(text: "z", target: "far"),
                ]),
            Passage(id: "one", text: text, ending: .init()),
            Passage(id: "two", text: text, ending: .init()),
            Passage(id: "far", text: "nothing like the others at all", ending: .init()),
        ])
        let new = Self.story([
            Passage(id: "a", choices: [Choice(text: "x", target: "uno"), Choice(text: "z", target: "lejos")]),
            Passage(id: "uno", text: text, ending: .init()),
            Passage(id: "lejos", text: "the keeper climbs the stair", ending: .init()),
        ])
        let diff = Self.diff(old, new)
        // "one" and "two" tie for "uno": the first in source order takes it; "two" is left
        // for "lejos" (10/13 of words alike), over the threshold, and more alike than "far".
        #expect(
            diff.matching.renames == [
                .init(old: "one", new: "uno", similarity: 1),
                .init(old: "two", new: "lejos", similarity: 10.0 / 13.0),
            ])
        #expect(diff.added == [])
        #expect(diff.removed == ["far"])
        #expect(
            diff.links == [
                .init(passage: "a", label: "z", kind: .retargeted, oldTarget: "far", newTarget: "lejos"),
                .init(passage: "a", label: "y", kind: .removed, oldTarget: "lejos", newTarget: nil),
            ])
        #expect(diff.endings.map(\.kind) == [.kept, .kept, .lost])
        #expect(diff.endings.map(\.oldID) == ["one", "two", nil])
        #expect(diff.matching.candidatePairs == 6)
    }

    @Test func aFindingAboutARenamedPassageIsNeitherNewNorFixed() {
        let text = "a room with no way out and nothing in it"
        let old = Self.story([
            Passage(id: "a", choices: [Choice(text: "in", target: "room"), Choice(text: "on", target: "end")]),
            Passage(id: "room", text: text, choices: [Choice(text: "up", target: "nowhere")]),
            Passage(id: "end", ending: .init()),
        ])
        var new = old
        new.passages[0].choices[0].target = "chamber"
        new.passages[1].id = "chamber"
        let diff = Self.diff(old, new)
        #expect(diff.matching.renames.map(\.new) == ["chamber"])
        // The trap in 'room' is the same finding as the trap in 'chamber'.
        #expect(diff.old.report.findings.map(\.rule) == ["empty-passage", "empty-passage", "trap"])
        #expect(diff.old.report.findings[2].message.contains("'room'"))
        #expect(diff.newFindings == [])
        #expect(diff.fixedFindings == [])
        #expect(
            StoryDiff.translated("passage 'room' (the miller's 'room') leads to 'x'", ["room": "chamber"])
                == "passage 'chamber' (the miller's 'chamber') leads to 'x'")
    }

    @Test func findingsAreAlikeWhateverTheirPlace() {
        let old = Self.story([
            Passage(id: "a", choices: [Choice(text: "go", target: "gone"), Choice(text: "on", target: "end")]),
            Passage(id: "end", ending: .init()),
        ])
        var new = old
        new.passages.insert(Passage(id: "pad", text: "unreached", choices: [Choice(text: "on", target: "end")]), at: 0)
        new.passages[1].location = SourceLocation(file: "new", line: 9)
        let diff = Self.diff(old, new)
        #expect(diff.newFindings.map(\.rule) == ["unreachable"])
        #expect(diff.fixedFindings == [])
        #expect(diff.newErrors == [])
    }
}
