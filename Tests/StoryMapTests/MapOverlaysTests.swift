import StoryGraph
import Testing

@testable import StoryMap

/// The overlays as library API: what the CLI, the benchmark and the HTML report share.
@Suite struct MapOverlaysTests {
    /// start → a | b; a → end; b → loop ⇄ b (a trap); positions on start and end only.
    static let graph: StoryGraph = {
        func passage(_ id: String, _ targets: [String], position: Passage.Position? = nil) -> Passage {
            Passage(id: id, text: id, choices: targets.map { Choice(text: "to \($0)", target: $0) }, position: position)
        }
        return StoryGraph(
            Story(
                title: "t", start: "start",
                passages: [
                    passage("start", ["a", "b"], position: .init(x: 100, y: 200)),
                    passage("a", ["end"]),
                    passage("b", ["loop"]),
                    passage("loop", ["b"]),
                    passage("end", [], position: .init(x: 0, y: 0)),
                ], format: "test"))
    }()
    static let analysis = MapAnalysis(graph)

    @Test func analysisMarksOutlineTheTrapAndMarkNoBottleneckButTheEndingPath() throws {
        var options = DOTOptions()
        let warnings = try MapOverlays().apply(to: &options, analysis: Self.analysis)
        #expect(warnings.isEmpty)
        #expect(options.decorations.clusters.map(\.passages) == [[2, 3]])
        #expect(options.decorations.clusters.map(\.color) == [AnalysisMarks.trapColor])
        #expect(options.decorations.markedPassages == [1, 4])
    }

    @Test func noAnalysisLeavesTheMapPlain() throws {
        var options = DOTOptions()
        _ = try MapOverlays(analysisMarks: false).apply(to: &options, analysis: Self.analysis)
        #expect(options.decorations.clusters.isEmpty)
        #expect(options.decorations.markedPassages.isEmpty)
    }

    @Test func aPathBeyondTheLastIsAnErrorNamingTheCount() {
        var options = DOTOptions()
        #expect(throws: MapError(option: "path", "--path 2: the story has only 1 path")) {
            _ = try MapOverlays(highlightedPath: 2).apply(to: &options, analysis: Self.analysis)
        }
    }

    @Test func theFirstPathIsHighlighted() throws {
        var options = DOTOptions()
        _ = try MapOverlays(analysisMarks: false, highlightedPath: 1).apply(to: &options, analysis: Self.analysis)
        #expect(options.decorations.highlightedPassages == [0, 1, 4])
        #expect(options.decorations.highlightedChoices.count == 2)
    }

    @Test func focusOnAnUnknownPassageSuggestsCloseNames() {
        var options = DOTOptions()
        #expect(throws: MapError(option: "focus", "--focus: no passage named 'LOO'; did you mean 'loop'?")) {
            _ = try MapOverlays(focus: "LOO").apply(to: &options, analysis: Self.analysis)
        }
    }

    @Test func focusAndEndingIntersect() throws {
        var options = DOTOptions()
        _ = try MapOverlays(analysisMarks: false, focus: "start", radius: 1, ending: "end").apply(
            to: &options, analysis: Self.analysis)
        #expect(options.decorations.visiblePassages == [0, 1])
    }

    @Test func aPassageThatIsNotAnEndingIsRefusedAsOne() {
        var options = DOTOptions()
        #expect(throws: MapError(option: "ending", "'a' is not an ending; endings: end")) {
            _ = try MapOverlays(ending: "a").apply(to: &options, analysis: Self.analysis)
        }
    }

    @Test func pinnedLayoutPinsOnlyPositionedPassagesAtTheCardCentre() throws {
        var options = DOTOptions()
        let warnings = try MapOverlays(analysisMarks: false, pinnedLayout: true).apply(
            to: &options, analysis: Self.analysis)
        #expect(warnings.isEmpty)
        #expect(options.decorations.positions.keys.sorted() == [0, 4])
        #expect(options.decorations.positions[0]! == (x: 300, y: 500))
        #expect(options.suggestedEngine == "neato")
        #expect(EnginePlan(.auto, graph: Self.graph, options: options).engine == .neato)
    }

    @Test func heatColoursEveryPassageFromOneSeededRun() throws {
        var first = DOTOptions()
        var second = DOTOptions()
        let heat = MapOverlays(analysisMarks: false, heat: .init(runs: 200, seed: 7))
        _ = try heat.apply(to: &first, analysis: Self.analysis)
        _ = try heat.apply(to: &second, analysis: Self.analysis)
        #expect(first.decorations.passageFill.count == 5)
        #expect(first.decorations.passageNotes[0] == "100% of runs")
        #expect(first.decorations.passageNotes == second.decorations.passageNotes)
        #expect(first.decorations.legendTitle == "Share of 200 random runs (seed 7, uniform)")
    }
}
