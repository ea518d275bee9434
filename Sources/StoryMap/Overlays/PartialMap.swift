import Foundation
import StoryGraph

/// Ways to read a story too big to read whole: a neighbourhood of one passage, the
/// passages on the paths to one ending, and passages grouped by tag or file.
public enum PartialMap {
    public enum ClusterBy: String, Sendable, CaseIterable { case tag, file }

    /// Soft outline colours for clusters, in order.
    package static let palette = [
        "#4e79a7", "#59a14f", "#9c755f", "#b07aa1", "#76b7b2", "#edc948", "#ff9da7", "#bab0ac",
    ]

    /// - Complexity: O(P + C).
    static func apply(_ overlays: MapOverlays, graph: StoryGraph, to decorations: inout MapDecorations) throws(MapError)
    {
        var visible: Set<Int>?
        if let focus = overlays.focus {
            let center = try index(of: focus, in: graph, option: "focus")
            visible = graph.passages(within: overlays.radius, of: center)
        }
        if let name = overlays.ending {
            let ending = try index(of: name, in: graph, option: "ending")
            guard graph.isEnding[ending] else {
                throw MapError(option: "ending", "'\(name)' is not an ending; endings: \(endingNames(graph))")
            }
            let onPaths = graph.passagesOnPaths(to: ending)
            visible = visible.map { $0.intersection(onPaths) } ?? onPaths
        }
        if let visible { decorations.visiblePassages = visible }
        if let by = overlays.cluster { cluster(by: by, graph: graph, into: &decorations) }
    }

    /// One outlined box per first tag or per file, in source order.
    static func cluster(by: ClusterBy, graph: StoryGraph, into decorations: inout MapDecorations) {
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
            decorations.clusters.append(
                .init(
                    label: by == .tag ? "#\(key)" : key, color: palette[k % palette.count],
                    passages: groups[key]!, style: "rounded,dashed"))
        }
    }

    /// The index of passage `id`, or an error that suggests the name it was likely meant
    /// to be (`Suggestion`).
    package static func index(of id: String, in graph: StoryGraph, option: String) throws(MapError) -> Int {
        guard let v = graph.indexByID[id] else {
            throw MapError(
                option: option, "--\(option): no passage named '\(id)'\(Suggestion.phrase(for: id, among: graph.ids))")
        }
        return v
    }

    static func endingNames(_ graph: StoryGraph) -> String {
        let names = (0..<graph.passageCount).filter { graph.isEnding[$0] }.map { graph.ids[$0] }
        return names.prefix(10).joined(separator: ", ") + (names.count > 10 ? ", …" : "")
    }
}
