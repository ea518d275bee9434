import StoryGraph
import StoryMap

/// What analysis adds to `storygraph map`: trapping loops outlined in orange and
/// bottleneck passages drawn with a double border (unless `--no-analysis`); with
/// `--path N`, the N-th path (in the order `storygraph paths` lists them) highlighted.
enum AnalysisOverlay: MapOverlay {
    static let trapColor = "#ff8c00"

    static let specs: [OptionSpec] = [
        OptionSpec("no-analysis", help: "Leave out the analysis marks: trapping loops outlined in orange, bottleneck passages with a double border."),
        OptionSpec("path", value: "N", help: "Highlight the N-th path (numbered as 'storygraph paths' lists them, from 1)."),
    ]

    static func apply(_ arguments: ParsedArguments, graph: StoryGraph, to options: inout DOTOptions, terminal: Terminal) throws(CLIError) {
        let pathNumber = try arguments.int("path", in: 1...Int.max)
        let marks = !arguments.flag("no-analysis")
        guard marks || pathNumber != nil else { return }
        let reachability = Reachability(graph)
        if marks {
            let components = StronglyConnectedComponents(graph)
            for (c, members) in components.members.enumerated() where components.isCyclic[c] {
                let v = members[0]
                guard reachability.reachable[v], !reachability.reachesEnding[v] else { continue }
                options.decorations.clusters.append(.init(
                    label: "trap: no ending can be reached", color: trapColor, passages: members.sorted()))
            }
            let bottlenecks = Bottlenecks(graph, reachability: reachability).passages.filter { $0 != graph.start }
            options.decorations.markedPassages.formUnion(bottlenecks)
        }
        if let pathNumber {
            var found: StoryPath?
            var seen = 0
            for path in PathEnumerator(graph, reachability: reachability) {
                seen += 1
                if seen == pathNumber { found = path; break }
            }
            guard let found else {
                throw .usage("--path \(pathNumber): the story has only \(seen) path\(seen == 1 ? "" : "s")", command: "map")
            }
            options.decorations.highlightedPassages.formUnion(found.passages)
            for (i, e) in found.edges.enumerated() {
                options.decorations.highlightedChoices.insert(ChoiceRef(passage: found.passages[i], choice: graph.edgeChoices[e]))
            }
        }
    }
}
