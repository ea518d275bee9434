import StoryGraph

/// The memory a Graphviz layout of a map will take, estimated from the map's size before
/// Graphviz runs, and the ceiling above which `map` refuses to start it.
///
/// Fitted to the maximum resident set of the whole `storygraph map` process
/// (`/usr/bin/time -v`, SVG, Graphviz 2.42, `Benchmarks/map-memory-bench.sh`) on
/// generated gamebooks, lattices and dense stories, and rounded up so that the estimate
/// is 1–1.5× the peak on every one measured (issue 28: it had been 6.4× too high on the
/// 10,000-passage gamebook, refused as needing 6.3 GiB, which peaks at 1.0 GiB):
/// - everything: 38 MiB (storygraph, the story, Graphviz's context and plugins: 32 MiB with
///   the Swift runtime linked statically, as `make deb` builds it, 39 MiB linked dynamically);
/// - `dot` (plain or tuned, below `EnginePlan.tunedDotLimit` boxes): 10 KiB per box or
///   edge (gamebook 100: 33 MiB; lattice 10 × 20: 41 MiB; gamebook 400 and lattice
///   20 × 20, tuned: 44–45 MiB), and 110 KiB per labelled edge (each is a virtual node on
///   every rank it crosses: 201 passages with 4,000 labelled edges passed 590 MB);
/// - `sfdp` with exact overlap removal (`prism`): 5 KiB per box or edge and 2 KiB per
///   labelled edge (gamebook 2,000: 86 MiB in the chart style, 66 MiB compact);
/// - `sfdp` with overlaps scaled apart (above `EnginePlan.exactOverlapLimit` boxes; also
///   `neato`, `fdp`, `circo`, `twopi`): 10 KiB per box or edge, 5 KiB more per labelled
///   edge, plus Graphviz's list of overlapping pairs of boxes (16 bytes a pair), which the
///   fast layout leaves more tangled the bigger the story: the overlapping share of the
///   pairs grows with the boxes, so the list with their cube, about 3.7e-5 bytes per box
///   cubed (gamebook 5,000, 14,241 boxes: 402 MiB; 10,000, 28,479 boxes: 1.0 GiB, compact
///   340 MiB; lattice 50 × 100, 14,951 boxes: 479 MiB; lattice 100 × 200, 59,901 boxes:
///   8.4 GiB, 13 minutes), plus 8 bytes a pair times the share of passage pairs a choice
///   links (every box overlaps every other when every passage links to every other: 100
///   passages of 100 choices each, 10,100 boxes, 870 MiB). Overlaps depend on the label
///   sizes too, which are not counted: 1,000 passages of 10 choices with two-word labels
///   (11,000 boxes) took 194 MiB, 2× below the estimate.
@usableFromInline package struct LayoutMemoryEstimate: Sendable {
    /// The ceiling `storygraph map` applies unless `--max-memory` says otherwise.
    @usableFromInline package static let defaultCeilingMiB = 4_096

    /// storygraph itself and Graphviz's context.
    static let baseBytes = 38 << 20
    static let dotBytesPerItem = 10 << 10
    static let dotBytesPerLabelledEdge = 110 << 10
    static let exactBytesPerItem = 5 << 10
    static let exactBytesPerLabelledEdge = 2 << 10
    static let scaledBytesPerItem = 10 << 10
    static let scaledBytesPerLabelledEdge = 5 << 10
    /// Graphviz's list of overlapping boxes: bytes per box cubed (the share of the pairs
    /// that overlap grows with the boxes), plus per pair of boxes as many bytes as a pair
    /// takes (`everyPairBytes`) times the share of passage pairs a choice links; never
    /// more than every pair overlapping.
    static let overlapBytesPerCubedBox = 3.7e-5
    static let everyPairBytes = 8.0

    package let boxes: Int
    package let edges: Int
    /// Edges that carry a label (choice texts in the compact style).
    package let labelledEdges: Int
    /// The choices of the passages drawn (restarts aside).
    package let choices: Int
    /// The estimate, in bytes of resident memory for the whole process.
    package let bytes: Int

    /// - Complexity: O(V + E).
    package init(plan: EnginePlan, graph: StoryGraph, options: DOTOptions) {
        let boxes = EnginePlan.boxes(graph, options)
        var edges = 0
        var labelled = 0
        var choices = 0
        var passages = 0
        for v in 0..<graph.passageCount where options.decorations.visiblePassages?.contains(v) ?? true {
            passages += 1
            for choice in graph.story.passages[v].choices {
                if choice.isRestart {
                    edges += options.showRestarts ? 1 : 0
                    continue
                }
                choices += 1
                if options.style == .chart && choice.kind == .choice {
                    edges += 2
                } else {
                    edges += 1
                    labelled += options.style == .compact ? 1 : 0
                }
            }
        }
        self.init(
            engine: plan.engine, exactOverlaps: !plan.attributes.contains(where: { $0 == ("overlap", "scale") }),
            boxes: boxes, edges: edges, labelledEdges: labelled, passages: passages, choices: choices)
    }

    /// The estimate of a layout by `engine` of this many boxes and edges (`exactOverlaps`:
    /// `sfdp` with `prism`), `passages` of which have `choices` in all.
    ///
    /// - Complexity: O(1).
    package init(
        engine: MapEngine, exactOverlaps: Bool, boxes: Int, edges: Int, labelledEdges: Int, passages: Int, choices: Int
    ) {
        self.boxes = boxes
        self.edges = edges
        self.labelledEdges = labelledEdges
        self.choices = choices
        let items = boxes + edges
        let layout: Int
        switch engine {
        case .dot:
            layout = Self.dotBytesPerItem * items + Self.dotBytesPerLabelledEdge * labelledEdges
        case .sfdp where exactOverlaps:
            layout = Self.exactBytesPerItem * items + Self.exactBytesPerLabelledEdge * labelledEdges
        default:
            // The share of all passage pairs that a choice links.
            let n = Double(max(passages, 1))
            let density = min(1, Double(choices) / (n * n))
            let b = Double(boxes)
            let overlaps = min(
                Self.overlapBytesPerCubedBox * b * b * b + Self.everyPairBytes * density * b * b,
                Self.everyPairBytes * b * b)
            // Past 2^62 bytes the ceiling refuses it anyway.
            layout =
                Self.scaledBytesPerItem * items + Self.scaledBytesPerLabelledEdge * labelledEdges
                + Int(min(overlaps.rounded(.up), Double(1 << 62)))
        }
        bytes = Self.baseBytes + layout
    }

    /// `1.2 GiB`, `350 MiB`.
    package static func describe(_ bytes: Int) -> String {
        let mib = Double(bytes) / Double(1 << 20)
        if mib < 1_024 { return "\(Int(mib.rounded(.up))) MiB" }
        return "\((mib / 1_024 * 10).rounded(.up) / 10) GiB"
    }

    /// The refusal of the layout `plan` makes of `graph` when its estimate is above
    /// `ceilingMiB` (0: never); in the chart style it offers the compact style when that
    /// fits (planned with the same engine `choice`). Checked only when Graphviz is about
    /// to lay the map out.
    package static func refusal(
        ceilingMiB: Int, choice: MapEngine, plan: EnginePlan, graph: StoryGraph, options: DOTOptions
    ) -> MemoryRefusal? {
        let estimate = LayoutMemoryEstimate(plan: plan, graph: graph, options: options)
        guard ceilingMiB > 0, estimate.bytes > ceilingMiB << 20 else { return nil }
        var compact: LayoutMemoryEstimate?
        if options.style == .chart {
            var compactOptions = options
            compactOptions.style = .compact
            compact = LayoutMemoryEstimate(
                plan: EnginePlan(choice, graph: graph, options: compactOptions), graph: graph, options: compactOptions)
        }
        return MemoryRefusal(estimate: estimate, ceilingMiB: ceilingMiB, engine: plan.engine, compact: compact)
    }
}

/// A layout refused before Graphviz runs: its estimate is above the memory ceiling. Its
/// description names the estimate, the ceiling and what to do instead.
public struct MemoryRefusal: Error, Sendable, CustomStringConvertible {
    package let estimate: LayoutMemoryEstimate
    /// The ceiling, in MiB.
    package let ceilingMiB: Int
    /// The engine planned (never `auto`).
    package let engine: MapEngine
    /// The estimate of the same map in the compact style, offered when it fits.
    package let compact: LayoutMemoryEstimate?

    public var description: String {
        let ceiling = ceilingMiB % 1_024 == 0 ? "\(ceilingMiB / 1_024) GiB" : "\(ceilingMiB) MiB"
        var ways: [String] = []
        if let compact, compact.bytes <= ceilingMiB << 20 {
            ways.append("--style compact (about \(LayoutMemoryEstimate.describe(compact.bytes)))")
        }
        ways += [
            "--focus PASSAGE or --ending ENDING to draw part of the story",
            "--format dot to write the DOT text without a layout",
            "--max-memory 0 to lift the ceiling",
        ]
        return
            "the map's \(engine.rawValue) layout would need about \(LayoutMemoryEstimate.describe(estimate.bytes)) (estimated from \(estimate.boxes) boxes and \(estimate.edges) edges), "
            + "above the ceiling of \(ceiling); use " + ways.joined(separator: "; ")
    }
}
