import StoryGraph

/// What analysis adds to a map: trapping loops outlined in orange and bottleneck passages
/// drawn with a double border; on request, one path (in the order `paths` lists them)
/// highlighted.
package enum AnalysisMarks {
    package static let trapColor = "#ff8c00"

    /// - Complexity: O(P + C) for the marks (from the analyses given); the highlighted path
    ///   walks the lazy path enumeration up to path `path`.
    package static func apply(
        marks: Bool, path pathNumber: Int?, analysis: MapAnalysis, to decorations: inout MapDecorations
    ) throws(MapError) {
        guard marks || pathNumber != nil else { return }
        let graph = analysis.graph
        let reachability = analysis.reachability
        if marks {
            let components = analysis.components
            // Components are of nodes: a trap met in copies of a callee is outlined once,
            // by its passages.
            var outlined = Set<[Int]>()
            for (c, members) in components.members.enumerated() where components.isCyclic[c] {
                let v = members[0]
                guard reachability.reachableNodes[v], !reachability.mayEscape(v, in: graph) else { continue }
                let passages = Array(Set(members.map { graph.passageOf[$0] })).sorted()
                guard outlined.insert(passages).inserted else { continue }
                decorations.clusters.append(
                    .init(
                        label: "trap: no ending can be reached", color: trapColor, passages: passages))
            }
            let bottlenecks = analysis.bottlenecks.passages.filter { $0 != graph.start }
            decorations.markedPassages.formUnion(bottlenecks)
        }
        if let pathNumber {
            var found: StoryPath?
            var seen = 0
            for path in PathEnumerator(graph, reachability: reachability) {
                seen += 1
                if seen == pathNumber {
                    found = path
                    break
                }
            }
            guard let found else {
                throw MapError(
                    option: "path", "--path \(pathNumber): the story has only \(seen) path\(seen == 1 ? "" : "s")")
            }
            decorations.highlightedPassages.formUnion(found.passages)
            for (i, e) in found.edges.enumerated() {
                decorations.highlightedChoices.insert(graph.edgeRefs[e])
            }
        }
    }
}
