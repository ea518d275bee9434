import StoryGraph

/// What the HTML report's side panel shows of each passage, worked out once from the
/// analysis: the reader's text, the source place, the choices with their targets, the
/// simple paths through it, the odds of each ending for a reader starting there, the fuzz
/// visits (with `--heat`) and the findings at its place. `value()` is the one JSON object
/// the page embeds.
public struct PassageDetails: Sendable {
    /// Odds from each passage are solved for stories up to this many passages (one solve
    /// per passage); above it the panel says so. The big-story overview (issue 15 item 2)
    /// will draw chapters instead of one map and can lift it per chapter.
    public static let oddsPassageLimit = 2_000
    /// Paths through each passage are counted by enumerating at most this many paths.
    public static let pathLimit = 20_000

    public struct Entry: Sendable {
        public var id: String
        public var text: String
        public var location: SourceLocation?
        public var tags: [String]
        public var ending: String?
        public var isEnding: Bool
        public var isStart: Bool
        public var isUnreachable: Bool
        public var isTrapped: Bool
        /// Index into the report's loops, when the passage is on one.
        public var loop: Int?
        public var choices: [Choice]
        /// Simple paths from the start to an ending through this passage.
        public var paths: Int
        /// `(ending id, probability)` for a reader who starts here, most likely first;
        /// `nil` when not solved (story too big).
        public var odds: [(String, Double)]?
        public var neverEnding: Double?
        /// The reader's chance of following a broken or a computed link from here.
        public var brokenLink: Double?
        public var dynamicLink: Double?
        /// Runs of the heat overlay's fuzz run that reached the passage.
        public var visits: Int?
        public var findings: [Report.Finding]
    }

    public let entries: [Entry]
    /// Whether every path was enumerated: else the path counts are lower bounds.
    public let pathsExact: Bool
    public let fuzz: (runs: Int, seed: UInt64, policy: String)?
    /// The passage each placed finding is on.
    private let findingPassage: [Report.Finding: String]

    /// - Complexity: O(min(paths, `pathLimit`) · path length) for the path counts, plus
    ///   one odds solve per passage (O(V + E) each on acyclic stories) up to
    ///   `oddsPassageLimit` passages, plus O(F log V) to place F findings.
    public init(_ analysis: StoryAnalysis, fuzz report: FuzzReport? = nil) {
        let graph = analysis.graph
        let story = graph.story
        let p = graph.passageCount

        var through = [Int](repeating: 0, count: p)
        var enumerated = 0
        var complete = true
        var seen = [Int](repeating: -1, count: p)
        for path in PathEnumerator(graph, reachability: analysis.reachability) {
            if enumerated == Self.pathLimit { complete = false; break }
            for node in path.passages {
                let v = graph.passageOf[node]
                if seen[v] != enumerated { seen[v] = enumerated; through[v] += 1 }
            }
            enumerated += 1
        }
        pathsExact = complete && analysis.paths.isExact

        var loopOf = [Int?](repeating: nil, count: p)
        for (k, loop) in analysis.cycles.loops.enumerated() {
            for node in loop.passages where loopOf[graph.passageOf[node]] == nil { loopOf[graph.passageOf[node]] = k }
        }
        let unreachable = Set(analysis.reachability.unreachable)
        let trapped = Set(analysis.reachability.trapped)
        let findings = analysis.lint.findings.map(Report.Finding.init)
        let placed = Self.place(findings, in: story)
        let solveOdds = p <= Self.oddsPassageLimit
        let oddsBudget = analysis.options.budget.share(max(1, p))

        entries = (0..<p).map { v in
            let passage = story.passages[v]
            var odds: [(String, Double)]?
            var never: Double?, broken: Double?, dynamic: Double?
            if solveOdds, !unreachable.contains(v) {
                let solved = v == graph.start ? analysis.odds : EndingOdds(graph, components: analysis.components, budget: oddsBudget, from: v)
                odds = solved.endingProbability.enumerated().filter { $0.element > 0 }
                    .map { (graph.ids[$0.offset], $0.element) }
                    .sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }
                never = solved.neverEnding
                broken = solved.brokenLink
                dynamic = solved.dynamicLink
            }
            return Entry(
                id: passage.id, text: passage.shownText, location: passage.location, tags: passage.tags,
                ending: passage.ending?.kind, isEnding: graph.isEnding[v], isStart: v == graph.start,
                isUnreachable: unreachable.contains(v), isTrapped: trapped.contains(v), loop: loopOf[v],
                choices: passage.choices, paths: through[v], odds: odds, neverEnding: never, brokenLink: broken, dynamicLink: dynamic,
                visits: report.map { $0.passageRuns[v] }, findings: placed[v] ?? [])
        }
        fuzz = report.map { ($0.runs, $0.seed, $0.policy.rawValue) }
        var findingPassage: [Report.Finding: String] = [:]
        for (v, list) in placed { for finding in list where findingPassage[finding] == nil { findingPassage[finding] = graph.ids[v] } }
        self.findingPassage = findingPassage
    }

    /// The passage a finding is about: the one in the finding's file that starts last at
    /// or before the finding's place (a passage's own findings sit on its lines).
    static func place(_ findings: [Report.Finding], in story: Story) -> [Int: [Report.Finding]] {
        var starts: [String: [(line: Int, column: Int, passage: Int)]] = [:]
        for (v, passage) in story.passages.enumerated() {
            guard let location = passage.location else { continue }
            starts[location.file, default: []].append((location.line, location.column, v))
        }
        for key in starts.keys { starts[key]!.sort { ($0.line, $0.column, $0.passage) < ($1.line, $1.column, $1.passage) } }
        var placed: [Int: [Report.Finding]] = [:]
        for finding in findings {
            guard let location = finding.location, let list = starts[location.file] else { continue }
            // The last start at or before the finding: binary search.
            var low = 0, high = list.count
            while low < high {
                let mid = (low + high) / 2
                if (list[mid].line, list[mid].column) <= (location.line, location.column) { low = mid + 1 } else { high = mid }
            }
            guard low > 0 else { continue }
            placed[list[low - 1].passage, default: []].append(finding)
        }
        return placed
    }

    /// The passage id a finding is placed on, for the findings list's links.
    public func passage(of finding: Report.Finding) -> String? { findingPassage[finding] }

    /// The embedded JSON object: `{"passages": [...], "paths_exact", "fuzz"}`.
    public func value(title: String, start: String) -> ReportValue {
        .object([
            ("title", .string(title)),
            ("start", .string(start)),
            ("paths_exact", .bool(pathsExact)),
            ("fuzz", fuzz.map { .object([("runs", .int($0.runs)), ("seed", .string(String($0.seed))), ("policy", .string($0.policy))]) } ?? .null),
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
            ("choices", .array(e.choices.map { c in
                .object([
                    ("text", .string(c.text)), ("target", .string(c.target)), ("kind", .string(c.kind.rawValue)),
                    ("restart", .bool(c.isRestart)), ("condition", .optional(c.condition?.description)),
                    ("location", .location(c.location)),
                ])
            })),
            ("paths", .int(e.paths)),
            ("odds", e.odds.map { list in .array(list.map { .object([("ending", .string($0.0)), ("probability", .double($0.1))]) }) } ?? .null),
            ("never_ending", .optional(e.neverEnding)),
            ("broken_link", .optional(e.brokenLink)),
            ("dynamic_link", .optional(e.dynamicLink)),
            ("visits", .optional(e.visits)),
            ("findings", .array(e.findings.map(\.value))),
        ])
    }
}
