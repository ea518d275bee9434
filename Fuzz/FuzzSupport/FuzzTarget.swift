import Foundation
import StoryFormats
// The library API the targets drive: loaders and analysis (StoryGraph; the loaders move
// to StoryFormats), DOT (StoryMap) and the map call that reaches Graphviz (StoryHTML).
import StoryGraph
import StoryHTML
import StoryMap

/// One libFuzzer target: what it does with one input. Each target loads the input from
/// memory, as every command does, then runs analysis, report and DOT on what loads. A
/// thrown load error is a fine outcome; a crash, a runtime trap, a sanitizer report or a
/// hang is a finding.
package enum FuzzTarget: String, CaseIterable, Sendable {
    /// storygraph JSON and CYOA JSON.
    case json
    /// Twee and Twine HTML.
    case twine
    /// Destini-style Swift and AdventurePiece Objective-C.
    case source
    /// ink source.
    case ink
    /// Compiled ink (inklecate's JSON).
    case inkJSON = "ink-json"
    /// Yarn Spinner (`.yarn`, and the editor's JSON, told by content).
    case yarn
    /// A ChoiceScript game's `startup.txt` (its other scenes are not on disk: missing).
    case choicescript
    /// Gamebook data, read as JSON, as YAML and as a JS/TS object literal.
    case gamebook
    /// Any format picked by content; a story with state (variables, conditions, effects)
    /// then goes through the state search with a tiny budget, state playthroughs as
    /// `fuzz --policy state` and `--replay` play them, each witness replayed by `play`'s
    /// session, and the map under state.
    case state
    /// Any format picked by content, then DOT text rendered to SVG through Graphviz.
    case map

    /// The loaders the target feeds, each with the file name the input pretends to have.
    package var formats: [(format: String, path: String)] {
        switch self {
        case .json: [("story-json", "fuzz.json"), ("cyoa-json", "fuzz.json")]
        case .twine: [("twee", "fuzz.twee"), ("twine-html", "fuzz.html")]
        case .source: [("destini", "fuzz.swift"), ("adventure", "fuzz.m")]
        case .ink: [("ink", "fuzz.ink")]
        case .inkJSON: [("ink-json", "fuzz.json")]
        case .yarn: [("yarn", "fuzz.yarn")]
        case .choicescript: [("choicescript", "startup.txt")]
        case .gamebook: [("gamebook", "fuzz.json"), ("gamebook", "fuzz.yaml"), ("gamebook", "fuzz.js")]
        case .state, .map: []
        }
    }

    /// The largest story the map target lays out: Graphviz's own time and memory on big
    /// layouts are not what it looks for (a 10-second timeout would report them).
    static let mapPassageLimit = 150
    static let mapChoiceLimit = 450

    /// The budget of the analyses whose cost can explode (paths, cycles, odds, the paths
    /// and odds under state): small, so that an input takes milliseconds.
    static let analysisBudget = AnalysisBudget(seconds: 0.05, steps: 20_000)
    /// The state search's budget in the loader targets (`--max-states 1000`, 20 steps a
    /// state as the command line gives); the state target draws a smaller one per input.
    static let stateBudget = StateAnalysis.Budget(maxStates: 1_000, maxSteps: 20_000, seconds: 0.5, maxBytes: 64 << 20)
    /// Random readers per input, and the step cap of each.
    static let runs = 20
    static let maxSteps = 200

    package func run(_ data: Data) {
        switch self {
        case .map:
            renderMap(data)
        case .state:
            searchState(data)
        default:
            for (format, path) in formats {
                guard let loaded = Self.load(data, format: format, path: path) else { continue }
                Self.analyse(loaded, stateBudget: Self.stateBudget)
            }
        }
    }

    /// The input read by one loader (`format`), or by the loader that recognises it
    /// (`nil`); nil when it does not load.
    static func load(_ data: Data, format: String?, path: String) -> (result: LoadResult, graph: StoryGraph)? {
        guard let source = try? SourceText(path: path, data: data) else { return nil }
        if let format {
            guard let loader = StoryLoading.loader(named: format) else {
                fatalError("fuzz: no loader named \(format); update FuzzTarget.formats")
            }
            _ = loader.confidence(for: source)
        }
        guard let result = try? StoryLoading.load(sources: [source], format: format) else { return nil }
        return (result, StoryGraph(result.story))
    }

    /// What `report`, `fuzz` and `map` do with a story that loaded: every analysis, the
    /// report in text, Markdown and JSON, 20 playthroughs, DOT in both styles.
    @discardableResult
    static func analyse(_ loaded: (result: LoadResult, graph: StoryGraph), stateBudget: StateAnalysis.Budget)
        -> StoryAnalysis
    {
        let graph = loaded.graph
        let analysis = StoryAnalysis(
            graph, loadDiagnostics: loaded.result.diagnostics,
            options: StoryAnalysis.Options(budget: analysisBudget, maxCycles: 20, stateBudget: stateBudget))
        let report = Report(analysis)
        _ = report.text()
        _ = report.markdown()
        _ = report.json()
        var rng = SplitMix64(seed: 1)
        _ = Fuzzer(runs: runs, maxSteps: maxSteps, jobs: 1).run(PlayGraph(graph), using: &rng)
        for style in DOTOptions.Style.allCases {
            _ = DOTExporter(graph, options: DOTOptions(style: style)).dot()
        }
        return analysis
    }

    /// The state target: a story with state, searched within a budget drawn from the
    /// input's hash (1 to 1,000 states), then played as `fuzz --policy state` and
    /// `fuzz --replay` play it, each witness the search found replayed through `play`'s
    /// session (which must offer every step of it), and the map under state.
    private func searchState(_ data: Data) {
        guard let loaded = Self.load(data, format: nil, path: "fuzz"), StateModel.applies(to: loaded.result.story)
        else { return }
        let hash = Self.hash(data)
        let states = [1, 16, 200, 1_000][Int(hash & 3)]
        let budget = StateAnalysis.Budget(maxStates: states, maxSteps: states * 20, seconds: 0.5, maxBytes: 64 << 20)
        let analysis = Self.analyse(loaded, stateBudget: budget)
        let graph = loaded.graph
        let play = PlayGraph(graph)
        _ = Fuzzer(runs: Self.runs, seed: hash >> 2 & 0xFF, policy: .state, maxSteps: Self.maxSteps, jobs: 1).run(play)
        let replayed = Playthrough(
            play, seed: hash >> 2 & 0xFF, run: 1 + Int(hash >> 10 & 15), policy: .state, maxSteps: Self.maxSteps)
        let transcript = Transcript(replayed, of: play, seed: hash >> 2 & 0xFF, policy: .state)
        _ = transcript.text()
        _ = transcript.json()
        _ = transcript.stateChanges()
        Self.replay(replayed.steps.map(\.choice), play, what: "state run")
        for ending in analysis.state?.reachedEndings.prefix(8) ?? [] {
            Self.replay(ending.witness, play, what: "witness of \(graph.story.passages[ending.passage].id)")
        }
        // The map's state marks read the search above: it is not run again.
        let request = MapRequest(format: .dot, overlays: MapOverlays(analysisMarks: false, stateMarks: true))
        _ = try? MapDrawing.draw(MapAnalysis(analysis), request)
    }

    /// Plays `choices` in `play`'s session under state, as `play --witness` and `play
    /// --auto --policy state` do: every step must be offered (both walk the same
    /// `PlayGraph` by the same rules), or the search and the player disagree.
    private static func replay(_ choices: [ChoiceRef], _ play: PlayGraph, what: String) {
        var session = PlaySession(play, evaluatingConditions: true)
        _ = session.introduction()
        for (n, choice) in choices.enumerated() {
            guard let slot = session.offeredSlot(for: choice) else {
                fatalError("fuzz-state: step \(n + 1) of the \(what) is a choice play does not offer")
            }
            let automatic = session.goesOnByItself
            _ = session.passageText(session.node, passingThrough: automatic)
            if !automatic { _ = session.menuText() }
            session.take(slot, automatic: automatic)
        }
    }

    /// FNV-1a of the input: the options a target draws from it, so the corpus explores
    /// them too.
    static func hash(_ data: Data) -> UInt64 {
        data.reduce(UInt64(14_695_981_039_346_656_037)) { ($0 ^ UInt64($1)) &* 1_099_511_628_211 }
    }

    private func renderMap(_ data: Data) {
        guard let source = try? SourceText(path: "fuzz", data: data),
            let result = try? StoryLoading.load(sources: [source])
        else { return }
        let graph = StoryGraph(result.story)
        let choices = result.story.passages.reduce(0) { $0 + $1.choices.count }
        guard graph.count <= Self.mapPassageLimit, choices <= Self.mapChoiceLimit else { return }
        // The drawing options come from the input's bytes, so the corpus explores them too.
        let hash = Self.hash(data)
        let options = DOTOptions(
            style: hash & 1 == 0 ? .chart : .compact,
            direction: hash & 2 == 0 ? .TB : .LR,
            maxText: [0, 1, 12, 120][Int(hash >> 2 & 3)],
            wrapWidth: [1, 8, 30, 200][Int(hash >> 4 & 3)],
            showRestarts: hash & 64 == 0)
        let request = MapRequest(
            format: .svg, options: options, overlays: MapOverlays(analysisMarks: false),
            engine: hash >> 7 & 7 == 0 ? .neato : .dot,
            memoryCeilingMiB: 0)
        _ = try? MapDrawing.draw(MapAnalysis(graph), request)
    }
}
