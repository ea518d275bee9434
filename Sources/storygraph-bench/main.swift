// storygraph-bench: times storygraph's operations in-process on one story file and
// prints one JSON line per operation (median of K runs, in milliseconds). It is what
// Benchmarks/run calls for the storygraph column; see Benchmarks/README.md.
//
//   storygraph-bench STORY [--ops load,scc,…] [--reps K] [--budget-ms MS] [--engine dot|sfdp|…]
//                    [--style chart|compact] [--graph-attr KEY=VALUE]… [--list]
//
// The command line is read by StoryCLI's parser from the declarations in `BenchOptions`,
// so it takes what `storygraph` takes (`--reps=3`, `--`, did-you-mean) and `--help` is
// made from them.
//
// Operations are the rows of `operations` below: adding one is one entry there.

import Foundation
import StoryCLI
import StoryFormats
import StoryGraph
import StoryHTML
import StoryMap

/// What one operation produced: a short summary (to check against the peers' answers)
/// and, for throughput figures, how much work one run did (steps of playthroughs).
/// The summary is made after the clock stops, so checking an answer (counting the
/// passages in an SVG) is never part of the figure.
struct Measured {
    private let makeSummary: () -> String
    var work: Double?

    init(summary: @autoclosure @escaping () -> String, work: Double? = nil) {
        self.makeSummary = summary
        self.work = work
    }

    var summary: String { makeSummary() }
}

/// The story an operation works on, loaded once before any timing; `load` itself reads
/// the file again on every run.
final class Fixture {
    let path: String
    let graph: StoryGraph
    /// The map as `storygraph map` plans it (no overlays, no memory ceiling): its options
    /// time `dot`, its DOT text and engine `render`.
    let map: MapPlan
    /// The playthroughs' compressed arrays, made once on first use: like the C ceiling's
    /// arrays, they are part of loading, not of playing.
    lazy var play: PlayGraph = PlayGraph(graph)

    init(path: String, graph: StoryGraph, map: MapPlan) {
        self.path = path
        self.graph = graph
        self.map = map
    }
}

struct Operation {
    var name: String
    var about: String
    var run: (Fixture) throws -> Measured

    init(_ name: String, _ about: String, run: @escaping (Fixture) throws -> Measured) {
        self.name = name
        self.about = about
        self.run = run
    }
}

/// Every operation storygraph can be timed on, by the name Benchmarks/compare.py knows.
/// Still to come from the analysis and fuzzing work, one entry each: `paths` (exact DP
/// path count), `simple_paths` (first 1,000,000 paths), `cycles` (elementary cycles up
/// to the budget), `playthroughs` (`Measured.work` = steps), `report`.
let operations: [Operation] = [
    Operation("load", "read, parse, validate the file and build the StoryGraph") { fixture in
        let graph = StoryGraph(try StoryLoading.load(paths: [fixture.path]).story)
        return Measured(summary: "\(graph.passageCount) passages, \(graph.edgeCount) steps")
    },
    Operation("scc", "strongly connected components (iterative Tarjan)") { fixture in
        let components = StronglyConnectedComponents(fixture.graph)
        return Measured(summary: "\(components.count) components, \(components.isCyclic.filter { $0 }.count) cyclic")
    },
    Operation("paths", "exact path count: DP over the components, arbitrary precision") { fixture in
        let graph = fixture.graph
        let counts = PathCounts(
            graph, components: StronglyConnectedComponents(graph), reachability: Reachability(graph))
        return Measured(summary: "\(counts.total) paths\(counts.isExact ? "" : " (at least)")")
    },
    Operation("simple_paths", "the first 1,000,000 paths, streamed by the lazy enumerator (counted, not built)") {
        fixture in
        var n = 0
        var paths = PathEnumerator(fixture.graph).makeIterator()
        while n < 1_000_000, paths.advance() { n += 1 }
        return Measured(summary: "\(n) paths")
    },
    Operation("cycles", "elementary cycles (Johnson 1975), the first 100,000") { fixture in
        let graph = fixture.graph
        let cycles = Cycles(
            graph, components: StronglyConnectedComponents(graph), reachability: Reachability(graph),
            maxCycles: 0, budget: AnalysisBudget(seconds: 600), countLimit: 100_000)
        return Measured(summary: "\(cycles.count) cycles")
    },
    Operation("playthroughs", "100,000 random readers (uniform, step cap 1,000), all cores") { fixture in
        let report = Fuzzer(runs: 100_000, seed: 1, maxSteps: 1_000).run(fixture.play)
        return Measured(summary: "100000 runs, \(report.totalChoices) steps", work: Double(report.totalChoices))
    },
    Operation("playthroughs_1", "100,000 random readers (uniform, step cap 1,000), one core") { fixture in
        let report = Fuzzer(runs: 100_000, seed: 1, maxSteps: 1_000, jobs: 1).run(fixture.play)
        return Measured(summary: "100000 runs, \(report.totalChoices) steps", work: Double(report.totalChoices))
    },
    Operation("report", "every analysis and the text report, default budget") { fixture in
        let text = Report(StoryAnalysis(fixture.graph)).text()
        return Measured(summary: "\(text.utf8.count) bytes of report")
    },
    Operation("state", "the condition-aware state search from the start, budget 10,000,000 states, one core") {
        fixture in
        let state = StateAnalysis(
            fixture.graph,
            budget: .init(
                maxStates: 10_000_000, maxSteps: 200_000_000, seconds: .infinity, maxEvaluationSteps: Int.max / 2,
                maxBytes: Int.max))
        return Measured(
            summary:
                "\(state.states) states\(state.isComplete ? "" : " (budget)"), \(state.reachedEndings.count) endings reached, \(state.blockedEndings.count) blocked",
            work: Double(state.states))
    },
    Operation("dot", "the map as DOT text") { fixture in
        // Made inside the clock: the summary is only counted after it stops.
        let dot = DOTExporter(fixture.graph, options: fixture.map.options).dot()
        return Measured(summary: "\(dot.utf8.count) bytes")
    },
    Operation("render", "the map as SVG through Graphviz, in-process, from DOT text made beforehand") { fixture in
        let svg = try fixture.map.render().data
        return Measured(
            summary: "\(svg.count) bytes, \(svg.occurrences(of: Data("class=\"node passage".utf8))) passages drawn")
    },
]

extension Data {
    func occurrences(of needle: Data) -> Int {
        var count = 0
        var start = startIndex
        while let found = self[start...].firstRange(of: needle) {
            count += 1
            start = found.upperBound
        }
        return count
    }
}

// MARK: - Command line (the same parser and option declarations as `storygraph`)

@MainActor
enum BenchOptions {
    static let operationNames = operations.map(\.name)
    static let ops = Option<[String]>(
        "ops", value: "OPS", help: "Comma-separated operations to time.", default: operationNames,
        shownDefault: "all", expected: "a comma-separated list of: \(operationNames.joined(separator: ", "))"
    ) { [operationNames] text in
        let names = text.split(separator: ",").map(String.init)
        return !names.isEmpty && names.allSatisfy(operationNames.contains) ? names : nil
    }
    static let reps = Option<Int>.integer(
        "reps", value: "K", help: "Runs of each operation (the median is reported).", default: 5, in: 1...Int.max)
    static let budget = Option<Double>.number(
        "budget-ms", value: "MS",
        help: "Stop repeating an operation once its runs add up to MS milliseconds (at least one run).",
        in: Double.leastNonzeroMagnitude...Double.greatestFiniteMagnitude, expected: "a positive number")
    static let engine = Option<MapEngine>.choice(
        "engine", help: "Graphviz layout engine of 'render', planned as 'storygraph map' plans it.", default: .dot)
    static let style = Option<DOTOptions.Style>.choice(
        "style", help: "Map style of 'dot' and 'render'.", default: .chart)
    static let graphAttribute = Option<GraphAttribute>(
        "graph-attr", value: "KEY=VALUE",
        help: "A Graphviz graph attribute added after the engine plan (repeat for several).",
        repeating: true, expected: "KEY=VALUE"
    ) { text in
        let pair = text.split(separator: "=", maxSplits: 1).map(String.init)
        return pair.count == 2 ? GraphAttribute(key: pair[0], value: pair[1]) : nil
    }
    static let list = Option.flag("list", help: "List the operations and exit.")
    static let help = Option.flag("help", short: "h", help: "Show this help.")

    static let configuration = CommandConfiguration(
        name: "storygraph-bench",
        abstract: "Time storygraph's operations in-process on one story file, one JSON line per operation.",
        arguments: [ArgumentSpec("STORY", help: "The story file (not needed with --list).", optional: true)],
        options: [
            ops.spec, reps.spec, budget.spec, engine.spec, style.spec, graphAttribute.spec, list.spec, help.spec,
        ],
        sharedOptions: [])
}

struct GraphAttribute: Sendable {
    var key: String
    var value: String
}

func fail(_ message: String, code: Int32 = 64) -> Never {
    FileHandle.standardError.write(Data("storygraph-bench: \(message)\n".utf8))
    exit(code)
}

@MainActor
func parse(_ argv: [String]) -> ParsedArguments {
    do {
        return try ParsedArguments(argv, for: BenchOptions.configuration, command: "storygraph-bench")
    } catch {
        if case .usage(let message, _) = error { fail("error: \(message)") }
        fail("error: \(error)")
    }
}

/// One JSON line, written at once and unbuffered, so a run cut short by a timeout
/// still leaves every operation it finished.
func emit(_ fields: [(String, Any)]) {
    var line = "{"
    for (k, (key, value)) in fields.enumerated() {
        if k > 0 { line += "," }
        StoryJSONWriter.appendString(key, to: &line)
        line += ":"
        switch value {
        case let text as String: StoryJSONWriter.appendString(text, to: &line)
        case let number as Double: line += number.isFinite ? String(format: "%.6g", number) : "null"
        case let numbers as [Double]:
            line += "[" + numbers.map { String(format: "%.6g", $0) }.joined(separator: ",") + "]"
        default: line += "\(value)"
        }
    }
    line += "}\n"
    FileHandle.standardOutput.write(Data(line.utf8))
}

func milliseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1e3 + Double(attoseconds) * 1e-15
}

/// The CPU time of the whole process so far (every thread), in milliseconds.
func processCPUMilliseconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
    return Double(t.tv_sec) * 1e3 + Double(t.tv_nsec) / 1e6
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

let arguments = parse(Array(CommandLine.arguments.dropFirst()))
if arguments[BenchOptions.help] {
    print(BenchOptions.configuration.helpText(path: "storygraph-bench"))
    exit(0)
}
if arguments[BenchOptions.list] {
    for operation in operations { print("\(operation.name)\t\(operation.about)") }
    exit(0)
}
guard let path = arguments.positional.first else { fail("no story file given (see --help)") }
let ops = arguments[BenchOptions.ops]
let reps = arguments[BenchOptions.reps]
let budgetMilliseconds = arguments.value(BenchOptions.budget) ?? .infinity

let loaded: LoadResult
do {
    loaded = try StoryLoading.load(paths: [path])
} catch {
    fail("cannot load \(path):\n\(error)", code: 65)
}
let graph = StoryGraph(loaded.story)
// The same map call as `storygraph map --engine …` (its engine plan), then any --graph-attr.
let request = MapRequest(
    options: DOTOptions(style: arguments[BenchOptions.style]), overlays: MapOverlays(analysisMarks: false),
    engine: arguments[BenchOptions.engine], memoryCeilingMiB: 0,
    graphAttributes: arguments.values(BenchOptions.graphAttribute).map { ($0.key, $0.value) })
let fixture: Fixture
do {
    fixture = Fixture(path: path, graph: graph, map: try MapDrawing.plan(MapAnalysis(graph), request))
} catch {
    fail("cannot plan the map of \(path): \(error.message)", code: 65)
}
let clock = ContinuousClock()

for name in ops {
    let operation = operations.first { $0.name == name }!
    // A case is what it claims before it is timed (as Benchmarks/compare.py checks the
    // others): the state search needs a story with state (`generate keys N`).
    if name == "state" && !StateModel.applies(to: fixture.graph.story) {
        fail(
            "\(path) has no conditions or effects to search: the state case needs a story with variables (storygraph generate keys N)",
            code: 3)
    }
    if name == "playthroughs" { _ = fixture.play }
    var samples: [Double] = []
    // The process's CPU time of each run: on a machine other jobs load, the wall clock
    // counts their time too.
    var cpuSamples: [Double] = []
    var measured = Measured(summary: "")
    do {
        for _ in 0..<reps {
            var result: Measured?
            let cpuBefore = processCPUMilliseconds()
            let elapsed = try clock.measure { result = try operation.run(fixture) }
            cpuSamples.append(processCPUMilliseconds() - cpuBefore)
            measured = result!
            samples.append(milliseconds(elapsed))
            if samples.reduce(0, +) >= budgetMilliseconds { break }
        }
    } catch {
        emit([("op", name), ("passages", fixture.graph.passageCount), ("error", "\(error)")])
        continue
    }
    var fields: [(String, Any)] = [
        ("op", name), ("passages", fixture.graph.passageCount), ("reps", samples.count),
        ("median_ms", median(samples)), ("samples_ms", samples), ("result", measured.summary),
        ("cpu_median_ms", median(cpuSamples)),
    ]
    if let work = measured.work { fields.append(("per_second", work / (median(samples) / 1e3))) }
    if name == "render" { fields.append(("engine", fixture.map.engine.engine.rawValue)) }
    emit(fields)
}
