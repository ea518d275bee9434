import StoryGraph

/// The memory a Graphviz layout of a map will take, estimated from the map's size before
/// Graphviz runs, and the ceiling above which `map` refuses to start it.
///
/// Measured with `/usr/bin/time -v storygraph map` (maximum resident set) on generated
/// dense stories (N passages of C choices to random passages), Graphviz 2.42–9:
/// - `sfdp` as the plan runs it above `EnginePlan.exactOverlapLimit` boxes (fast
///   quadtree, overlaps scaled apart) grows with the square of the boxes: 100 × 100
///   (10,102 boxes, 20,101 edges) 0.89 GB, 150 × 150 (22,652 boxes, 45,151 edges) 4.2 GB,
///   about 8 bytes per pair of boxes; 300 × 300 (90,302 boxes) would need about 65 GB and
///   Graphviz segfaulted at 7.5 GB. `neato`, `fdp`, `circo` and `twopi` are counted the
///   same way (their distance matrices are quadratic too).
/// - `sfdp` with exact overlap removal (`prism`): 4,202 boxes and 8,001 edges 69 MB;
///   6,062 boxes and 12,001 edges 83 MB: linear, about 2.5 KB per box or edge.
/// - `dot`: 551 boxes and 1,001 edges (chart, tuned) 85 MB; labelled edges cost more (each
///   is a virtual node on every rank it crosses): 201 passages with 4,000 labelled edges
///   (compact) passed 590 MB before it was stopped at two minutes.
/// The estimate is rounded up from these figures; label text is not counted (its share
/// was below the noise of the measurements).
@usableFromInline package struct LayoutMemoryEstimate: Sendable {
    /// The ceiling `storygraph map` applies unless `--max-memory` says otherwise.
    @usableFromInline package static let defaultCeilingMiB = 4_096

    /// storygraph itself and Graphviz's context.
    static let baseBytes = 48 << 20
    static let quadraticBytesPerBoxPair = 8
    static let linearBytesPerItem = 2_560
    static let dotBytesPerItem = 40 << 10
    static let dotBytesPerLabelledEdge = 110 << 10

    package let boxes: Int
    package let edges: Int
    /// Edges that carry a label (choice texts in the compact style).
    package let labelledEdges: Int
    /// The estimate, in bytes of resident memory for the whole process.
    package let bytes: Int

    /// - Complexity: O(V + E).
    package init(plan: EnginePlan, graph: StoryGraph, options: DOTOptions) {
        boxes = EnginePlan.boxes(graph, options)
        var edges = 0
        var labelled = 0
        for v in 0..<graph.passageCount where options.decorations.visiblePassages?.contains(v) ?? true {
            for choice in graph.story.passages[v].choices {
                if choice.isRestart {
                    edges += options.showRestarts ? 1 : 0
                } else if options.style == .chart && choice.kind == .choice {
                    edges += 2
                } else {
                    edges += 1
                    labelled += options.style == .compact ? 1 : 0
                }
            }
        }
        self.edges = edges
        labelledEdges = labelled
        let items = boxes + edges
        let layout: Int
        switch plan.engine {
        case .dot:
            layout = Self.dotBytesPerItem * items + Self.dotBytesPerLabelledEdge * labelled
        case .sfdp where !plan.attributes.contains(where: { $0 == ("overlap", "scale") }):
            layout = Self.linearBytesPerItem * items
        default:
            layout = Self.quadraticBytesPerBoxPair * boxes * boxes + Self.linearBytesPerItem * items
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
