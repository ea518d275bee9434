import Foundation
// The library API the targets drive: loaders and analysis (StoryGraph; the loaders move
// to StoryFormats), DOT (StoryMap) and the Graphviz renderer.
import StoryGraph
import StoryFormats
import StoryMap
import StoryRender

/// One libFuzzer target: what it does with one input. Each target loads the input from
/// memory, as every command does, then runs analysis, report and DOT on what loads. A
/// thrown load error is a fine outcome; a crash, a runtime trap, a sanitizer report or a
/// hang is a finding.
public enum FuzzTarget: String, CaseIterable, Sendable {
    /// storygraph JSON and CYOA JSON.
    case json
    /// Twee and Twine HTML.
    case twine
    /// Destini-style Swift and AdventurePiece Objective-C.
    case source
    /// Any format picked by content, then DOT text rendered to SVG through Graphviz.
    case map

    /// The loaders the target feeds, each with the file name the input pretends to have.
    public var formats: [(format: String, path: String)] {
        switch self {
        case .json: [("story-json", "fuzz.json"), ("cyoa-json", "fuzz.json")]
        case .twine: [("twee", "fuzz.twee"), ("twine-html", "fuzz.html")]
        case .source: [("destini", "fuzz.swift"), ("adventure", "fuzz.m")]
        case .map: []
        }
    }

    /// The largest story the map target lays out: Graphviz's own time and memory on big
    /// layouts are not what it looks for (a 10-second timeout would report them).
    static let mapPassageLimit = 150
    static let mapChoiceLimit = 450

    public func run(_ data: Data) {
        switch self {
        case .map:
            renderMap(data)
        default:
            for (format, path) in formats { loadAndAnalyse(data, format: format, path: path) }
        }
    }

    private func loadAndAnalyse(_ data: Data, format: String, path: String) {
        guard let loader = StoryLoading.loader(named: format) else {
            fatalError("fuzz target \(rawValue): no loader named \(format); update FuzzTarget.formats")
        }
        guard let source = try? SourceText(path: path, data: data) else { return }
        _ = loader.confidence(for: source)
        guard let result = try? StoryLoading.load(sources: [source], format: format) else { return }
        let graph = StoryGraph(result.story)
        let analysis = StoryAnalysis(
            graph, loadDiagnostics: result.diagnostics,
            options: StoryAnalysis.Options(budget: AnalysisBudget(seconds: 0.05, steps: 20_000), maxCycles: 20))
        let report = Report(analysis)
        _ = report.text()
        _ = report.markdown()
        _ = report.json()
        var rng = SplitMix64(seed: 1)
        _ = Fuzzer(runs: 20, maxSteps: 200, jobs: 1).run(PlayGraph(graph), using: &rng)
        for style in DOTOptions.Style.allCases {
            _ = DOTExporter(graph, options: DOTOptions(style: style)).dot()
        }
    }

    private func renderMap(_ data: Data) {
        guard let source = try? SourceText(path: "fuzz", data: data),
            let result = try? StoryLoading.load(sources: [source])
        else { return }
        let graph = StoryGraph(result.story)
        let choices = result.story.passages.reduce(0) { $0 + $1.choices.count }
        guard graph.count <= Self.mapPassageLimit, choices <= Self.mapChoiceLimit else { return }
        // The drawing options come from the input's bytes, so the corpus explores them too.
        let hash = data.reduce(UInt64(14_695_981_039_346_656_037)) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }
        let options = DOTOptions(
            style: hash & 1 == 0 ? .chart : .compact,
            direction: hash & 2 == 0 ? .TB : .LR,
            maxText: [0, 1, 12, 120][Int(hash >> 2 & 3)],
            wrapWidth: [1, 8, 30, 200][Int(hash >> 4 & 3)],
            showRestarts: hash & 64 == 0)
        let dot = DOTExporter(graph, options: options).dot()
        let engine: LayoutEngine = hash >> 7 & 7 == 0 ? .neato : .dot
        _ = try? GraphvizRenderer.render(dot: dot, engine: engine, format: .svg)
    }
}
