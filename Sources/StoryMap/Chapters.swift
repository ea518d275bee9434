import Foundation
import StoryGraph

/// A story too big for one readable layout, cut into chapters that each lay out well:
/// the overview draws a box per chapter (its size and endings) and an edge per pair of
/// chapters a choice joins; each chapter gets its own detailed map.
///
/// How the chapters are chosen, per story:
/// - **by file** when the passages come from two or more files and no file is too big
///   for one readable map;
/// - **by first tag** likewise, when every passage has a tag;
/// - otherwise **by reading order**: the strongly connected components in topological
///   order (the start's side first), small components merged along that order until a
///   chapter holds `boxLimit` boxes, and a component bigger than that (a generated
///   gamebook's loops make most of it one component) cut in breadth-first order from the
///   start, so each chapter is a stretch of story a reader meets together.
package struct Chapters: Sendable {
    package enum Basis: String, Sendable {
        case file, tag
        case readingOrder = "reading order"
    }

    package struct Chapter: Sendable, Hashable {
        package var label: String
        /// Passage indices, in the order the chapter's map lists them.
        package var passages: [Int]
        package var endings: Int
    }

    /// Boxes (passages and choice boxes) from which the HTML report opens on the overview
    /// instead of one map: the size above which `EnginePlan` leaves `dot` with tuned
    /// limits for `sfdp`, whose whole-story layouts are hairballs (measured on generated
    /// gamebooks: 1,500 boxes are about 530 passages).
    package static let overviewLimit = EnginePlan.tunedDotLimit
    /// The most boxes a chapter holds: plain `dot`'s limit, so each chapter map is a
    /// readable layered chart.
    package static let boxLimit = EnginePlan.plainDotLimit

    package let basis: Basis
    package let chapters: [Chapter]
    /// The chapter of each passage.
    package let chapterOf: [Int]
    /// Choices between two chapters: (from, to) → how many.
    package let links: [(from: Int, to: Int, count: Int)]

    /// Whether a map of this story drawn with `options` is too big for one layout.
    package static func needed(_ graph: StoryGraph, options: DOTOptions) -> Bool {
        EnginePlan.boxes(graph, options) > overviewLimit
    }

    /// - Complexity: O(P + C) for P passages and C choices, plus sorting the links.
    package init(_ graph: StoryGraph, options: DOTOptions = DOTOptions(), boxLimit: Int = Chapters.boxLimit) {
        let n = graph.passageCount
        let story = graph.story
        func boxes(_ v: Int) -> Int {
            options.style == .chart ? 1 + story.passages[v].choices.count { !$0.isRestart && $0.kind == .choice } : 1
        }
        // Groups by a key (file or first tag), if every passage has one and each group fits.
        func grouped(_ key: (Passage) -> String?) -> [(String, [Int])]? {
            var order: [String] = []
            var groups: [String: [Int]] = [:]
            var size: [String: Int] = [:]
            for v in 0..<n {
                guard let k = key(story.passages[v]) else { return nil }
                if groups[k] == nil { order.append(k) }
                groups[k, default: []].append(v)
                size[k, default: 0] += boxes(v)
                if size[k]! > boxLimit { return nil }
            }
            return order.count >= 2 ? order.map { ($0, groups[$0]!) } : nil
        }
        var parts: [(String, [Int])]
        if let byFile = grouped({ $0.location.map { ($0.file as NSString).lastPathComponent } }) {
            basis = .file
            parts = byFile
        } else if let byTag = grouped({ $0.tags.first.map { "#" + $0 } }) {
            basis = .tag
            parts = byTag
        } else {
            basis = .readingOrder
            parts = Self.readingOrder(graph, boxes: boxes, limit: boxLimit).enumerated().map { k, members in
                ("Chapter \(k + 1): from \(graph.ids[members[0]])", members)
            }
        }
        var chapterOf = [Int](repeating: 0, count: n)
        var chapters: [Chapter] = []
        for (k, part) in parts.enumerated() {
            for v in part.1 { chapterOf[v] = k }
            chapters.append(Chapter(label: part.0, passages: part.1, endings: part.1.count { graph.isEnding[$0] }))
        }
        var counts: [Int: Int] = [:]
        for v in 0..<n {
            for choice in story.passages[v].choices where !choice.isRestart {
                guard let t = graph.indexByID[choice.target], chapterOf[t] != chapterOf[v] else { continue }
                counts[chapterOf[v] * chapters.count + chapterOf[t], default: 0] += 1
            }
        }
        self.chapters = chapters
        self.chapterOf = chapterOf
        self.links = counts.keys.sorted().map {
            (from: $0 / chapters.count, to: $0 % chapters.count, count: counts[$0]!)
        }
    }

    /// Components in topological order (sources first), each one's passages in
    /// breadth-first order from the start (then source order for passages the start does
    /// not reach), cut into runs of at most `limit` boxes.
    ///
    /// - Complexity: O(P + C); Tarjan 1972 for the components.
    static func readingOrder(_ graph: StoryGraph, boxes: (Int) -> Int, limit: Int) -> [[Int]] {
        let n = graph.passageCount
        // Breadth-first rank from the start over passages (copies map to their passage).
        var rank = [Int](repeating: Int.max, count: n)
        var queue = [graph.start]
        rank[graph.start] = 0
        var head = 0
        while head < queue.count {
            let v = queue[head]
            head += 1
            for w in graph.successors(of: v) {
                let p = graph.passageOf[w]
                if rank[p] == Int.max {
                    rank[p] = queue.count
                    queue.append(p)
                }
            }
        }
        let components = StronglyConnectedComponents(graph)
        // Components are numbered sinks first: walk them from the highest number down.
        var order: [Int] = []
        order.reserveCapacity(n)
        for c in stride(from: components.count - 1, through: 0, by: -1) {
            let members = components.members[c].filter { $0 < n }
            order += members.sorted { (rank[$0], $0) < (rank[$1], $1) }
        }
        var runs: [[Int]] = []
        var current: [Int] = []
        var size = 0
        for v in order {
            let b = boxes(v)
            if !current.isEmpty && size + b > limit {
                runs.append(current)
                current = []
                size = 0
            }
            current.append(v)
            size += b
        }
        if !current.isEmpty { runs.append(current) }
        return runs
    }

    /// The overview's DOT text: a box per chapter (label, passages, endings; the start's
    /// chapter bold), an edge per pair of chapters a choice joins (thicker for more
    /// choices; its tooltip says how many). Chapters sit in rows of `columns`, in order,
    /// left to right, so that many chapters fill a screen instead of one tall column; the
    /// edges do not constrain that grid. Node ids are `chapter:K` (1-based), so the page
    /// can open chapter K. No edge has a label: dot 2.42 frees an edge label's virtual
    /// node twice when the edge does not constrain ranks (see `DOTExporter`).
    ///
    /// - Complexity: O(K + L) for K chapters and L links.
    package func overviewDOT(_ graph: StoryGraph) -> String {
        var out = "digraph \(DOTEscaping.quoted(graph.story.title.isEmpty ? "story" : graph.story.title)) {\n"
        out +=
            "  graph [rankdir=\"TB\", fontname=\"Helvetica\", nodesep=\"0.3\", ranksep=\"0.6\", bgcolor=\"white\", newrank=\"true\"];\n"
        out +=
            "  node [fontname=\"Helvetica\", fontsize=\"11\", shape=\"box\", style=\"rounded,filled\", fillcolor=\"#eef3fb\", color=\"#4e79a7\", margin=\"0.15,0.08\"];\n"
        out += "  edge [fontname=\"Helvetica\", fontsize=\"9\", color=\"#777777\", arrowsize=\"0.6\"];\n"
        let startChapter = chapterOf[graph.start]
        let columns = Self.columns(chapters.count)
        for (k, chapter) in chapters.enumerated() {
            let size =
                "\(chapter.passages.count) \(chapter.passages.count == 1 ? "passage" : "passages") · \(chapter.endings) \(chapter.endings == 1 ? "ending" : "endings")"
            let label =
                "<B>\(DOTEscaping.html(Self.shortened(chapter.label, 48)))</B><BR/><FONT POINT-SIZE=\"10\" COLOR=\"#555555\">\(size)</FONT>"
            var attributes =
                "id=\"chapter:\(k + 1)\", class=\"chapter\", label=<\(label)>, tooltip=\(DOTEscaping.tooltip("\(chapter.label): \(size); click to open its map"))"
            if chapter.endings > 0 { attributes += ", fillcolor=\"#fbe3e3\"" }
            if k == startChapter { attributes += ", penwidth=\"3\"" }
            out += "  k\(k) [\(attributes)];\n"
        }
        // The grid: a row per `columns` chapters, held in order by invisible edges.
        for row in stride(from: 0, to: chapters.count, by: columns) {
            let members = (row..<min(row + columns, chapters.count)).map { "k\($0)" }
            out += "  { rank=\"same\"; \(members.joined(separator: "; ")); }\n"
            if members.count > 1 { out += "  \(members.joined(separator: " -> ")) [style=\"invis\"];\n" }
            if row + columns < chapters.count { out += "  k\(row) -> k\(row + columns) [style=\"invis\"];\n" }
        }
        for link in links {
            let tooltip =
                "\(link.count) \(link.count == 1 ? "choice" : "choices") from \(chapters[link.from].label) to \(chapters[link.to].label)"
            out +=
                "  k\(link.from) -> k\(link.to) [class=\"chapter-link\", constraint=\"false\", penwidth=\"\(DOTExporter.number(min(4, 1 + log2(Double(link.count)) / 2)))\", tooltip=\(DOTEscaping.tooltip(tooltip))];\n"
        }
        out += "}\n"
        return out
    }

    /// Columns of the overview's grid: a little fewer columns than rows, since a chapter box
    /// is about three times wider than tall and the gap between rows holds the edges (72
    /// chapters: 8 columns, 9 rows, which fit a 1,400 × 1,000 window); one row for up to 6.
    static func columns(_ count: Int) -> Int {
        count <= 6 ? max(1, count) : Int((Double(count) * 0.8).squareRoot().rounded(.up))
    }

    static func shortened(_ text: String, _ limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
    }
}
