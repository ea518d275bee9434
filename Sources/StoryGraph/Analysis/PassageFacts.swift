/// What the analysis knows of each passage beside the story's own figures: the simple paths
/// from the start to an ending through it, the odds of each ending for a reader who starts
/// there, the loop it is on, and the findings at its place. Worked out on demand (one odds
/// solve per passage), once, from a `StoryAnalysis`, so every output can show them; the
/// HTML report's side panel (`StoryHTML.PassageDetails`) reads them.
package struct PassageFacts: Sendable {
    /// Odds from each passage are solved for stories up to this many passages (one solve
    /// per passage); above it `odds` are nil.
    package static let oddsPassageLimit = 2_000
    /// Paths through each passage are counted by enumerating at most this many paths.
    package static let pathLimit = 20_000

    /// The odds for a reader who starts at a passage and picks at random.
    package struct Odds: Sendable {
        /// `(ending, probability)` for every ending with a chance above 0, most likely
        /// first (ties by id).
        package var endings: [(passage: Int, probability: Double)]
        package var neverEnding: Double
        /// The chance of following a broken or a computed link.
        package var brokenLink: Double
        package var dynamicLink: Double
    }

    /// Simple paths from the start to an ending through each passage (at most `pathLimit`
    /// enumerated: lower bounds unless `pathsExact`).
    package let pathsThrough: [Int]
    /// Whether every path was enumerated: else `pathsThrough` are lower bounds.
    package let pathsExact: Bool
    /// Each passage's odds; nil for an unreachable passage, or every passage of a story
    /// over `oddsPassageLimit`.
    package let odds: [Odds?]
    /// Index into the analysis' loops (`Cycles.loops`) of the loop each passage is on.
    package let loop: [Int?]
    /// The findings at each passage's place (`place(_:in:)`), in the lint's order.
    package let findings: [[Report.Finding]]

    /// - Complexity: O(min(paths, `pathLimit`) · path length) for the path counts, plus
    ///   one odds solve per passage (O(V + E) each on acyclic stories) up to
    ///   `oddsPassageLimit` passages, plus O(F log V) to place F findings.
    package init(_ analysis: StoryAnalysis) {
        let graph = analysis.graph
        let p = graph.passageCount

        var through = [Int](repeating: 0, count: p)
        var enumerated = 0
        var complete = true
        var seen = [Int](repeating: -1, count: p)
        for path in PathEnumerator(graph, reachability: analysis.reachability) {
            if enumerated == Self.pathLimit {
                complete = false
                break
            }
            for node in path.passages {
                let v = graph.passageOf[node]
                if seen[v] != enumerated {
                    seen[v] = enumerated
                    through[v] += 1
                }
            }
            enumerated += 1
        }
        pathsThrough = through
        pathsExact = complete && analysis.paths.isExact

        var loopOf = [Int?](repeating: nil, count: p)
        for (k, loop) in analysis.cycles.loops.enumerated() {
            for node in loop.passages where loopOf[graph.passageOf[node]] == nil { loopOf[graph.passageOf[node]] = k }
        }
        loop = loopOf

        let unreachable = Set(analysis.reachability.unreachable)
        let solve = p <= Self.oddsPassageLimit
        let budget = analysis.options.budget.share(max(1, p))
        odds = (0..<p).map { v in
            guard solve, !unreachable.contains(v) else { return nil }
            let solved =
                v == graph.start
                ? analysis.odds : EndingOdds(graph, components: analysis.components, budget: budget, from: v)
            let endings = solved.endingProbability.enumerated().filter { $0.element > 0 }
                .map { (passage: $0.offset, probability: $0.element) }
                .sorted {
                    $0.probability != $1.probability
                        ? $0.probability > $1.probability : graph.ids[$0.passage] < graph.ids[$1.passage]
                }
            return Odds(
                endings: endings, neverEnding: solved.neverEnding, brokenLink: solved.brokenLink,
                dynamicLink: solved.dynamicLink)
        }

        let placed = Self.place(analysis.lint.findings.map(Report.Finding.init), in: graph.story)
        findings = (0..<p).map { placed[$0] ?? [] }
    }

    /// The passage each finding is about: the one in the finding's file that starts last at
    /// or before the finding's place (a passage's own findings sit on its lines). A finding
    /// with no place, or before every passage of its file, is on none.
    ///
    /// - Complexity: O(V log V + F log V).
    package static func place(_ findings: [Report.Finding], in story: Story) -> [Int: [Report.Finding]] {
        var starts: [String: [(line: Int, column: Int, passage: Int)]] = [:]
        for (v, passage) in story.passages.enumerated() {
            guard let location = passage.location else { continue }
            starts[location.file, default: []].append((location.line, location.column, v))
        }
        for key in starts.keys {
            starts[key]!.sort { ($0.line, $0.column, $0.passage) < ($1.line, $1.column, $1.passage) }
        }
        var placed: [Int: [Report.Finding]] = [:]
        for finding in findings {
            guard let location = finding.location, let list = starts[location.file] else { continue }
            // The last start at or before the finding: binary search.
            var low = 0
            var high = list.count
            while low < high {
                let mid = (low + high) / 2
                if (list[mid].line, list[mid].column) <= (location.line, location.column) {
                    low = mid + 1
                } else {
                    high = mid
                }
            }
            guard low > 0 else { continue }
            placed[list[low - 1].passage, default: []].append(finding)
        }
        return placed
    }
}
