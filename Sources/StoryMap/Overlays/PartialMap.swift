import Foundation
import StoryGraph
import StoryMap

/// `map --focus P --radius K`, `map --ending E` and `map --cluster tag|file`: ways to
/// read a story too big to read whole.
enum PartialMapOverlay: MapOverlay {
    enum ClusterBy: String, CaseIterable { case tag, file }

    static let specs: [OptionSpec] = [
        OptionSpec("focus", value: "PASSAGE", help: "Draw only the passages within --radius choices of this passage (either way)."),
        OptionSpec("radius", value: "K", help: "How many choices away from --focus to draw.", default: "2"),
        OptionSpec("ending", value: "ENDING", help: "Draw only the passages on paths from the start to this ending."),
        OptionSpec.choice("cluster", ClusterBy.self, help: "Group passages in boxes by their first tag or by the file they come from."),
    ]

    /// Soft outline colours for clusters, in order.
    static let palette = ["#4e79a7", "#59a14f", "#9c755f", "#b07aa1", "#76b7b2", "#edc948", "#ff9da7", "#bab0ac"]

    static func apply(_ arguments: ParsedArguments, graph: StoryGraph, to options: inout DOTOptions, terminal: Terminal) throws(CLIError) {
        if arguments.has("radius") && !arguments.has("focus") {
            throw .usage("--radius needs --focus PASSAGE", command: "map")
        }
        var visible: Set<Int>?
        if let focus = arguments.value("focus") {
            let center = try index(of: focus, in: graph, option: "focus")
            let radius = try arguments.int("radius", in: 0...1_000_000) ?? 2
            visible = graph.passages(within: radius, of: center)
        }
        if let name = arguments.value("ending") {
            let ending = try index(of: name, in: graph, option: "ending")
            guard graph.isEnding[ending] else {
                throw .usage("'\(name)' is not an ending; endings: \(endingNames(graph))", command: "map")
            }
            let onPaths = graph.passagesOnPaths(to: ending)
            visible = visible.map { $0.intersection(onPaths) } ?? onPaths
        }
        if let visible { options.decorations.visiblePassages = visible }

        if let by = arguments.choice("cluster", as: ClusterBy.self) {
            var groups: [String: [Int]] = [:]
            var order: [String] = []
            for (v, passage) in graph.story.passages.enumerated() {
                let key: String?
                switch by {
                case .tag: key = passage.tags.first
                case .file: key = passage.location.map { ($0.file as NSString).lastPathComponent }
                }
                guard let key else { continue }
                if groups[key] == nil { order.append(key) }
                groups[key, default: []].append(v)
            }
            for (k, key) in order.enumerated() {
                options.decorations.clusters.append(.init(
                    label: by == .tag ? "#\(key)" : key, color: palette[k % palette.count],
                    passages: groups[key]!, style: "rounded,dashed"))
            }
        }
    }

    static func index(of id: String, in graph: StoryGraph, option: String) throws(CLIError) -> Int {
        guard let v = graph.indexByID[id] else {
            let close = graph.ids.filter { $0.lowercased().contains(id.lowercased()) }.prefix(5)
            let hint = close.isEmpty ? "" : "; did you mean \(close.map { "'\($0)'" }.joined(separator: ", "))?"
            throw .usage("--\(option): no passage named '\(id)'\(hint)", command: "map")
        }
        return v
    }

    static func endingNames(_ graph: StoryGraph) -> String {
        let names = (0..<graph.count).filter { graph.isEnding[$0] }.map { graph.ids[$0] }
        return names.prefix(10).joined(separator: ", ") + (names.count > 10 ? ", …" : "")
    }
}
