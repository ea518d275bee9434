import StoryGraph

/// A Graphviz layout engine a map can be planned for, or `auto` to pick by size.
public enum MapEngine: String, Sendable, CaseIterable {
    case auto, dot, neato, fdp, sfdp, circo, twopi
}

/// How a map will be laid out: which engine, with which graph attributes, and why.
/// Graphviz's `dot` grows steeply with the number of boxes (measured here on generated
/// gamebooks in chart style: 500 passages, about 1,400 boxes, take 14 s with plain
/// `dot`, 5 s with tuned `dot` and under 2 s with `sfdp`), so `auto` picks by size.
package struct EnginePlan: Sendable {
    /// Boxes (passages, plus choice boxes in the chart style) up to which plain `dot` is used.
    package static let plainDotLimit = 400
    /// Boxes up to which `dot` is used with tighter search limits and straight edges.
    package static let tunedDotLimit = 1_500
    /// Boxes up to which `sfdp` removes overlaps exactly (`prism`); above, it uses the
    /// fast quadtree, fewer iterations and scales the layout apart instead (measured on a
    /// 10,000-passage gamebook, about 28,000 boxes: over 2 minutes with `prism`, 17 s so).
    package static let exactOverlapLimit = 8_000

    /// The engine to run (never `auto`).
    package var engine: MapEngine
    package var attributes: [(String, String)] = []
    /// Why `auto` chose as it did; `nil` when the user named the engine or the story is small.
    package var reason: String?

    /// The number of boxes the map will draw.
    package static func boxes(_ graph: StoryGraph, _ options: DOTOptions) -> Int {
        // Per passage: the map draws each once, however many copies of it calls make.
        let passages = options.decorations.visiblePassages?.count ?? graph.passageCount
        guard options.style == .chart else { return passages }
        var choices = 0
        for v in 0..<graph.passageCount where options.decorations.visiblePassages?.contains(v) ?? true {
            choices += graph.story.passages[v].choices.count { !$0.isRestart && $0.kind == .choice }
        }
        return passages + choices
    }

    package init(_ choice: MapEngine, graph: StoryGraph, options: DOTOptions) {
        if choice != .auto {
            engine = choice
            return
        }
        if let suggested = options.suggestedEngine.flatMap(MapEngine.init(rawValue:)), suggested != .auto {
            engine = suggested
            return
        }
        let boxes = Self.boxes(graph, options)
        if boxes <= Self.plainDotLimit {
            engine = .dot
        } else if boxes <= Self.tunedDotLimit {
            engine = .dot
            attributes = [
                ("nslimit", "2"), ("nslimit1", "2"), ("mclimit", "0.3"), ("searchsize", "20"), ("splines", "line"),
            ]
            reason =
                "engine auto: dot with tuned limits (nslimit, mclimit, searchsize, straight edges) for \(boxes) boxes (plain dot above \(Self.plainDotLimit) is slow)"
        } else if boxes <= Self.exactOverlapLimit {
            engine = .sfdp
            attributes = [("overlap", "prism"), ("splines", "false"), ("outputorder", "edgesfirst")]
            reason =
                "engine auto: sfdp for \(boxes) boxes (dot above \(Self.tunedDotLimit) boxes takes minutes); use --engine dot to insist, or --focus/--ending to draw part of the story"
        } else {
            engine = .sfdp
            attributes = [
                ("overlap", "scale"), ("quadtree", "fast"), ("maxiter", "100"), ("splines", "false"),
                ("outputorder", "edgesfirst"),
            ]
            reason =
                "engine auto: sfdp with the fast quadtree and overlaps scaled apart for \(boxes) boxes (exact overlap removal above \(Self.exactOverlapLimit) boxes takes minutes); --focus/--ending draw part of the story"
        }
    }
}
