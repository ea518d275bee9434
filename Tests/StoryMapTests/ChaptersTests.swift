import Foundation
import Testing

@testable import StoryGraph
@testable import StoryMap

/// How a story too big for one map is cut into chapters, exactly.
@Suite struct ChaptersTests {
    static func tagged(_ tags: [String?], files: [String]? = nil) -> StoryGraph {
        // s0 -> s1 -> … -> s(n-1), the last an ending.
        let passages = tags.enumerated().map { i, tag in
            Passage(
                id: "s\(i)", text: "Scene \(i).", tags: tag.map { [$0] } ?? [],
                choices: i + 1 < tags.count ? [Choice(text: "on", target: "s\(i + 1)")] : [],
                location: SourceLocation(file: files?[i] ?? "story.json", line: i + 1))
        }
        return StoryGraph(Story(title: "Tags", start: "s0", passages: passages, format: "test"))
    }

    @Test func aGeneratedGamebookIsCutInReadingOrderIntoChaptersOfAtMostPlainDotsSize() {
        let graph = StoryGraph(StoryGenerator.story(.gamebook(600)))
        #expect(EnginePlan.boxes(graph, DOTOptions()) == 1_699)
        #expect(Chapters.needed(graph, options: DOTOptions()))
        let chapters = Chapters(graph)
        #expect(chapters.basis == .readingOrder)
        #expect(chapters.chapters.map(\.passages.count) == [142, 141, 142, 137, 38])
        #expect(chapters.chapters.map(\.endings) == [11, 14, 16, 10, 6])
        #expect(
            chapters.chapters.map(\.label) == [
                "Chapter 1: from p0", "Chapter 2: from p108", "Chapter 3: from p290", "Chapter 4: from p357",
                "Chapter 5: from p498",
            ])
        // Every passage in exactly one chapter, the one `chapterOf` names; no chapter over 400 boxes.
        #expect(chapters.chapters.flatMap(\.passages).sorted() == Array(0..<600))
        for (k, chapter) in chapters.chapters.enumerated() {
            #expect(chapter.passages.allSatisfy { chapters.chapterOf[$0] == k })
            let boxes = chapter.passages.reduce(0) { $0 + 1 + graph.story.passages[$1].choices.count { !$0.isRestart } }
            #expect(boxes <= Chapters.boxLimit)
        }
        #expect(chapters.links.count == 8)
        #expect(chapters.links.reduce(0) { $0 + $1.count } == 227)
        #expect(chapters.links.first! == (from: 0, to: 1, count: 49))
    }

    @Test func aSmallerGamebookIsDrawnWhole() {
        let graph = StoryGraph(StoryGenerator.story(.gamebook(500)))
        #expect(EnginePlan.boxes(graph, DOTOptions()) == 1_409)
        #expect(!Chapters.needed(graph, options: DOTOptions()))
    }

    @Test func passagesFromSeveralFilesMakeAChapterPerFile() {
        let graph = Self.tagged(
            [nil, nil, nil, nil], files: ["/a/one.yarn", "/a/one.yarn", "/b/two.yarn", "/b/two.yarn"])
        let chapters = Chapters(graph)
        #expect(chapters.basis == .file)
        #expect(
            chapters.chapters == [
                .init(label: "one.yarn", passages: [0, 1], endings: 0),
                .init(label: "two.yarn", passages: [2, 3], endings: 1),
            ])
        #expect(chapters.links.map { [$0.from, $0.to, $0.count] } == [[0, 1, 1]])
    }

    @Test func tagsMakeChaptersWhenEveryPassageHasOne() {
        let chapters = Chapters(Self.tagged(["act1", "act1", "act2", "act3", "act2"]))
        #expect(chapters.basis == .tag)
        #expect(chapters.chapters.map(\.label) == ["#act1", "#act2", "#act3"])
        #expect(chapters.chapterOf == [0, 0, 1, 2, 1])
        #expect(chapters.links.map { [$0.from, $0.to, $0.count] } == [[0, 1, 1], [1, 2, 1], [2, 1, 1]])
        // One untagged passage: no tag basis; a group bigger than a chapter: none either.
        #expect(Chapters(Self.tagged(["act1", nil, "act2"])).basis == .readingOrder)
        #expect(Chapters(Self.tagged(["a", "a", "a", "b"]), boxLimit: 5).basis == .readingOrder)
    }

    @Test func readingOrderFollowsTheComponentsAndCutsABigOne() {
        // A loop s0 -> s1 -> s2 -> s0 with an exit s2 -> s3; boxes: a passage and its choices.
        let story = Story(
            title: "Loop", start: "s0",
            passages: [
                Passage(id: "s0", text: "", choices: [Choice(text: "a", target: "s1")]),
                Passage(id: "s1", text: "", choices: [Choice(text: "b", target: "s2")]),
                Passage(
                    id: "s2", text: "", choices: [Choice(text: "c", target: "s0"), Choice(text: "d", target: "s3")]),
                Passage(id: "s3", text: ""),
            ], format: "test")
        let chapters = Chapters(StoryGraph(story), boxLimit: 4)
        #expect(chapters.basis == .readingOrder)
        // The loop first (s0, s1, s2 in breadth-first order), cut at 4 boxes, then the exit.
        #expect(chapters.chapters.map(\.passages) == [[0, 1], [2, 3]])
        #expect(chapters.chapters.map(\.label) == ["Chapter 1: from s0", "Chapter 2: from s2"])
    }

    @Test func theOverviewIsAGridOfChapterBoxes() {
        let graph = Self.tagged(["act1", "act2", "act3"])
        #expect(
            Chapters(graph).overviewDOT(graph) == """
                digraph "Tags" {
                  graph [rankdir="TB", fontname="Helvetica", nodesep="0.3", ranksep="0.6", bgcolor="white", newrank="true"];
                  node [fontname="Helvetica", fontsize="11", shape="box", style="rounded,filled", fillcolor="#eef3fb", color="#4e79a7", margin="0.15,0.08"];
                  edge [fontname="Helvetica", fontsize="9", color="#777777", arrowsize="0.6"];
                  k0 [id="chapter:1", class="chapter", label=<<B>#act1</B><BR/><FONT POINT-SIZE="10" COLOR="#555555">1 passage · 0 endings</FONT>>, tooltip="#act1: 1 passage · 0 endings; click to open its map", penwidth="3"];
                  k1 [id="chapter:2", class="chapter", label=<<B>#act2</B><BR/><FONT POINT-SIZE="10" COLOR="#555555">1 passage · 0 endings</FONT>>, tooltip="#act2: 1 passage · 0 endings; click to open its map"];
                  k2 [id="chapter:3", class="chapter", label=<<B>#act3</B><BR/><FONT POINT-SIZE="10" COLOR="#555555">1 passage · 1 ending</FONT>>, tooltip="#act3: 1 passage · 1 ending; click to open its map", fillcolor="#fbe3e3"];
                  { rank="same"; k0; k1; k2; }
                  k0 -> k1 -> k2 [style="invis"];
                  k0 -> k1 [class="chapter-link", constraint="false", penwidth="1", tooltip="1 choice from #act1 to #act2"];
                  k1 -> k2 [class="chapter-link", constraint="false", penwidth="1", tooltip="1 choice from #act2 to #act3"];
                }

                """)
        #expect(Chapters.columns(3) == 3)
        #expect(Chapters.columns(72) == 8)
        #expect(Chapters.columns(7) == 3)
    }
}
