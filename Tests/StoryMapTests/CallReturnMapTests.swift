import Testing

@testable import StoryGraph
@testable import StoryMap

/// The map draws each passage once, whatever copies calls make of it: a call as an edge
/// into the callee, a return as one dashed "return" edge per place it goes back to.
@Suite struct CallReturnMapTests {
    static let tunnel = Story(
        title: "tunnel", start: "start",
        passages: [
            Passage(id: "start", text: "s", choices: [Choice(text: "A", target: "a"), Choice(text: "B", target: "b")]),
            Passage(id: "a", text: "a", choices: [Choice(text: "", target: "t", kind: .call, returnTo: "a2")]),
            Passage(id: "b", text: "b", choices: [Choice(text: "", target: "t", kind: .call, returnTo: "b2")]),
            Passage(id: "t", text: "t", choices: [Choice(text: "", target: "", kind: .return)]),
            Passage(id: "a2", text: "a2", choices: [Choice(text: "on", target: "end")]),
            Passage(id: "b2", text: "b2", choices: [Choice(text: "on", target: "end")]),
            Passage(id: "end", text: "e"),
        ], format: "test")

    static func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    @Test func theMapDrawsTheCalleeOnceWithAReturnEdgePerReturnPoint() throws {
        let (story, findings) = try Self.tunnel.validated()
        #expect(findings.isEmpty)
        let graph = StoryGraph(story)
        #expect(graph.count == 9)
        let dot = DOTExporter(graph).dot()
        // Seven passages, each declared once, none of them grey (t is reached by calls).
        for v in 0..<7 { #expect(Self.count("\n  p\(v) [id=", in: dot) == 1) }
        #expect(Self.count(" [id=\"passage:", in: dot) == 7)
        #expect(!dot.contains("unreachable"))
        #expect(dot.contains("p1 -> p3 [id=\"choice:a:1\", class=\"choice call\", label=\"call\""))
        #expect(dot.contains("p2 -> p3 [id=\"choice:b:1\", class=\"choice call\", label=\"call\""))
        #expect(Self.count("class=\"choice return\"", in: dot) == 2)
        #expect(
            dot.contains("p3 -> p4 [id=\"return:t:1:a2\", class=\"choice return\", xlabel=\"return\", style=\"dashed\"")
        )
        #expect(
            dot.contains("p3 -> p5 [id=\"return:t:1:b2\", class=\"choice return\", xlabel=\"return\", style=\"dashed\"")
        )
        // Boxes per passage: 7 passages and the 4 clicked choices.
        #expect(EnginePlan.boxes(graph, DOTOptions()) == 11)
    }

    @Test func trapMarksAndBottlenecksNamePassages() throws {
        var decorations = MapDecorations()
        try AnalysisMarks.apply(marks: true, path: 1, analysis: MapAnalysis(StoryGraph(Self.tunnel)), to: &decorations)
        #expect(decorations.clusters.isEmpty)
        // start → a → t → a2 → end: t is a passage, not a copy.
        #expect(decorations.highlightedPassages == [0, 1, 3, 4, 6])
        #expect(decorations.markedPassages == [6])
    }
}
