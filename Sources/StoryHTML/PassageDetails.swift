import StoryGraph

/// What the HTML report's side panel shows of each passage: the reader's text, the source
/// place, the choices with their targets, and what the analysis knows of the passage
/// (`PassageFacts`: the simple paths through it, the odds of each ending for a reader
/// starting there, its loop, the findings at its place), with the fuzz visits (with
/// `--heat`). `value()` is the one JSON object the page embeds.
package struct PassageDetails: Sendable {
    package struct Entry: Sendable {
        package var id: String
        package var text: String
        package var location: SourceLocation?
        package var tags: [String]
        package var ending: String?
        package var isEnding: Bool
        package var isStart: Bool
        package var isUnreachable: Bool
        package var isTrapped: Bool
        /// Index into the report's loops, when the passage is on one.
        package var loop: Int?
        package var choices: [Choice]
        /// Simple paths from the start to an ending through this passage.
        package var paths: Int
        /// `(ending id, probability)` for a reader who starts here, most likely first;
        /// `nil` when not solved (story too big).
        package var odds: [(String, Double)]?
        package var neverEnding: Double?
        /// The reader's chance of following a broken or a computed link from here.
        package var brokenLink: Double?
        package var dynamicLink: Double?
        /// Runs of the heat overlay's fuzz run that reached the passage.
        package var visits: Int?
        package var findings: [Report.Finding]
    }

    package let entries: [Entry]
    /// Whether every path was enumerated: else the path counts are lower bounds.
    package let pathsExact: Bool
    package let fuzz: (runs: Int, seed: UInt64, policy: String)?
    /// The passage each placed finding is on.
    private let findingPassage: [Report.Finding: String]

    /// - Complexity: `PassageFacts`' own, plus O(V + choices).
    package init(_ analysis: StoryAnalysis, fuzz report: FuzzReport? = nil) {
        let graph = analysis.graph
        let story = graph.story
        let facts = PassageFacts(analysis)
        pathsExact = facts.pathsExact
        let unreachable = Set(analysis.reachability.unreachable)
        let trapped = Set(analysis.reachability.trapped)

        entries = (0..<graph.passageCount).map { v in
            let passage = story.passages[v]
            let odds = facts.odds[v]
            return Entry(
                id: passage.id, text: passage.shownText, location: passage.location, tags: passage.tags,
                ending: passage.ending?.kind, isEnding: graph.isEnding[v], isStart: v == graph.start,
                isUnreachable: unreachable.contains(v), isTrapped: trapped.contains(v), loop: facts.loop[v],
                choices: passage.choices, paths: facts.pathsThrough[v],
                odds: odds?.endings.map { (graph.ids[$0.passage], $0.probability) },
                neverEnding: odds?.neverEnding, brokenLink: odds?.brokenLink, dynamicLink: odds?.dynamicLink,
                visits: report.map { $0.passageRuns[v] }, findings: facts.findings[v])
        }
        fuzz = report.map { ($0.runs, $0.seed, $0.policy.rawValue) }
        var findingPassage: [Report.Finding: String] = [:]
        for (v, list) in facts.findings.enumerated() {
            for finding in list where findingPassage[finding] == nil { findingPassage[finding] = graph.ids[v] }
        }
        self.findingPassage = findingPassage
    }

    /// The passage id a finding is placed on, for the findings list's links.
    package func passage(of finding: Report.Finding) -> String? { findingPassage[finding] }

    /// The embedded JSON object: `{"passages": [...], "paths_exact", "fuzz"}`.
    package func value(title: String, start: String) -> ReportValue {
        .object([
            ("title", .string(title)),
            ("start", .string(start)),
            ("paths_exact", .bool(pathsExact)),
            (
                "fuzz",
                fuzz.map {
                    .object([
                        ("runs", .int($0.runs)), ("seed", .string(String($0.seed))), ("policy", .string($0.policy)),
                    ])
                } ?? .null
            ),
            ("passages", .array(entries.map(Self.value))),
        ])
    }

    private static func value(_ e: Entry) -> ReportValue {
        .object([
            ("id", .string(e.id)),
            ("text", .string(e.text)),
            ("location", .location(e.location)),
            ("tags", .strings(e.tags)),
            ("ending", e.isEnding ? .string(e.ending ?? "") : .null),
            ("start", .bool(e.isStart)),
            ("unreachable", .bool(e.isUnreachable)),
            ("trapped", .bool(e.isTrapped)),
            ("loop", .optional(e.loop)),
            (
                "choices",
                .array(
                    e.choices.map { c in
                        .object([
                            ("text", .string(c.text)), ("target", .string(c.target)),
                            ("kind", .string(c.kind.rawValue)),
                            ("restart", .bool(c.isRestart)), ("condition", .optional(c.condition?.description)),
                            ("location", .location(c.location)),
                        ])
                    })
            ),
            ("paths", .int(e.paths)),
            (
                "odds",
                e.odds.map { list in
                    .array(list.map { .object([("ending", .string($0.0)), ("probability", .double($0.1))]) })
                } ?? .null
            ),
            ("never_ending", .optional(e.neverEnding)),
            ("broken_link", .optional(e.brokenLink)),
            ("dynamic_link", .optional(e.dynamicLink)),
            ("visits", .optional(e.visits)),
            ("findings", .array(e.findings.map(\.value))),
        ])
    }
}
