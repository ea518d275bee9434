import Foundation

/// What `storygraph paths` writes, a path at a time as `PathEnumerator` finds them, so no
/// listing ever holds its paths together: in text a line per path, and the count for
/// people last; in prose (Markdown) the reader's text of each path under its id, passage
/// by passage with the choice taken between; in JSON one document (`Schemas/paths.schema.json`) whose paths are written
/// before their total is known, so its bytes are written here by hand, as `JSONOutput`
/// writes them (`paths`, then `printed`, `total`, `exact`, `unbounded_walks`).
package struct PathListing {
    package enum Format: String, Sendable, CaseIterable { case text, json, prose }

    /// How many paths there are, once the listing is done.
    package struct Total: Sendable, Hashable {
        package var printed: Int
        /// The paths there are (to the ending asked for): exact, or a lower bound.
        package var total: BigUInt
        package var exact: Bool
        package var unboundedWalks: Bool
        /// Whether the listing stopped at its limit with paths left.
        package var reachedLimit: Bool

        /// The total after `printed` paths: the count's, or the paths printed when the
        /// count stopped at its budget but the listing ran to its end (then it is exact).
        package init(_ counts: PathCounts, to ending: Int?, printed: Int, reachedLimit: Bool) {
            let total = ending.map { counts.perEnding[$0] } ?? counts.total
            let exact = counts.isExact || (!reachedLimit && BigUInt(UInt64(printed)) >= total)
            self.printed = printed
            self.total = exact && !counts.isExact ? BigUInt(UInt64(printed)) : total
            self.exact = exact
            self.unboundedWalks = counts.unboundedWalks
            self.reachedLimit = reachedLimit
        }
    }

    private let graph: StoryGraph
    private let format: Format
    /// The paths written so far.
    private var printed = 0

    private init(_ graph: StoryGraph, format: Format) {
        self.graph = graph
        self.format = format
    }

    /// Lists the paths of `graph` to `ending` (nil: every ending) in `format`, handing each
    /// piece to `write` as soon as it is ready: at most `limit` paths, then the total,
    /// counted within `budget` once the listing is done (the stream never waits for it).
    ///
    /// - Complexity: O(listed paths · path length) for the listing, plus `PathCounts`.
    package static func list(
        _ graph: StoryGraph, to ending: Int? = nil, limit: Int? = nil, budget: AnalysisBudget = AnalysisBudget(),
        format: Format, write: (String) -> Void
    ) -> Total {
        let reachability = Reachability(graph)
        var listing = PathListing(graph, format: format)
        var reachedLimit = false
        write(listing.opening())
        for path in PathEnumerator(graph, to: ending, reachability: reachability) {
            if let limit, listing.printed >= limit {
                reachedLimit = true
                break
            }
            write(listing.next(path))
        }
        let counts = PathCounts(
            graph, components: StronglyConnectedComponents(graph), reachability: reachability, budget: budget)
        let total = Total(counts, to: ending, printed: listing.printed, reachedLimit: reachedLimit)
        write(listing.closing(total))
        return total
    }

    /// What comes before the first path.
    private func opening() -> String {
        switch format {
        case .text: ""
        case .prose: "# " + Self.markdownLine(graph.story.title.isEmpty ? "Paths" : graph.story.title) + "\n"
        case .json: "{\n  \"schema_version\": \(ReportDocument.schemaVersion),\n  \"paths\": ["
        }
    }

    /// One path: `start —[choice]→ passage …` on a line of its own (escaped for the
    /// terminal), or `{"passages": […], "choices": […]}`.
    ///
    /// - Complexity: O(path length).
    private mutating func next(_ path: StoryPath) -> String {
        defer { printed += 1 }
        switch format {
        case .text:
            return TerminalText.escaped(path.description(in: graph)) + "\n"
        case .prose:
            return prose(path)
        case .json:
            let passages = path.passages.map { Self.quoted(graph.ids[$0]) }.joined(separator: ", ")
            let choices = path.passages.indices.dropLast().map { i in
                Self.quoted(graph.choice(ofEdge: path.edges[i], from: path.passages[i]).text)
            }.joined(separator: ", ")
            return (printed == 0 ? "\n" : ",\n")
                + "    {\"id\": \"\(path.id(in: graph))\", \"passages\": [\(passages)], \"choices\": [\(choices)]}"
        }
    }

    /// What comes after the last path: the end of the JSON document with the total; nothing
    /// in text, whose total is for people (`summary`).
    private func closing(_ total: Total) -> String {
        switch format {
        case .text, .prose: ""
        case .json:
            (printed == 0 ? "" : "\n  ")
                + "],\n  \"printed\": \(printed),\n  \"total\": \"\(total.total)\",\n  \"exact\": \(total.exact),"
                + "\n  \"unbounded_walks\": \(total.unboundedWalks)\n}\n"
        }
    }

    /// One path to read: a heading with its id and its passages, then each passage's
    /// reader's text (and the text of the passages it shows by inclusion), with the choice
    /// taken after it in bold, every line escaped for the terminal.
    ///
    /// - Complexity: O(path length + the text on it).
    private func prose(_ path: StoryPath) -> String {
        let names = path.passages.map { graph.ids[$0] }.joined(separator: " → ")
        var out = "\n## Path `\(path.id(in: graph))`: \(Self.markdownLine(names))\n"
        for step in path.reading(in: graph) {
            out +=
                "\n"
                + (step.text.isEmpty
                    ? "*(\(Self.markdownLine(step.passage)): no text)*" : Self.markdownBlock(step.text))
            out += "\n"
            if let label = step.choice {
                out += "\n**→ \(Self.markdownLine(label.isEmpty ? "(continue)" : label))**\n"
            } else {
                out += "\n*The end: \(Self.markdownLine(step.passage)).*\n"
            }
        }
        return out
    }

    /// Story text on one Markdown line: line breaks as spaces, controls escaped.
    static func markdownLine(_ text: String) -> String {
        TerminalText.escaped(text.split(whereSeparator: \.isNewline).joined(separator: " "))
    }

    /// Story text as Markdown paragraphs, each line escaped for the terminal.
    static func markdownBlock(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { TerminalText.escaped(String($0)) }
            .joined(separator: "\n")
    }

    /// The count for people: `12 paths`, `at least 40 paths`, `printed 10 of 1,024 paths`.
    package static func summary(_ total: Total) -> String {
        let of = total.exact ? total.total.formatted() : "at least \(total.total.formatted())"
        let noun = total.total == 1 ? "path" : "paths"
        return total.reachedLimit ? "printed \(total.printed) of \(of) \(noun)" : "\(of) \(noun)"
    }

    /// A JSON string, as `JSONOutput` writes it.
    static func quoted(_ text: String) -> String {
        String(decoding: JSONOutput.encode(text), as: UTF8.self)
    }
}
