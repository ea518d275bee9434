/// Everything `storygraph report` says about a story, as a plain value; `document()` makes
/// the report document every output is rendered from. Passages are named by id; big counts
/// are `BigUInt` (decimal strings in JSON). JSON keys are the snake_case forms of the
/// property names, so `Report(json:)` reads the JSON output back.
public struct Report: Sendable, Codable, Hashable {
    public struct Structure: Sendable, Codable, Hashable {
        public var passages: Int
        public var choices: Int
        public var words: Int
        public var endings: Int
        public var meanChoices: Double
        public var merges: Int
        public var falseChoices: [String]
        public var shortestPath: Int?
        public var longestPath: Int?
        /// The source language's own figures (ChoiceScript's scenes and labels…), nil when
        /// the format counts none.
        public var source: ReportSourceFigures?
    }

    public struct Paths: Sendable, Codable, Hashable {
        public var total: BigUInt
        /// False when the search ran out of budget: counts and longest paths are lower bounds.
        public var exact: Bool
        public var unboundedWalks: Bool
        public var searchSteps: Int
    }

    public struct Ending: Sendable, Codable, Hashable {
        public var id: String
        public var kind: String?
        public var tags: [String]
        public var paths: BigUInt
        public var shortest: Int
        public var longest: Int
        public var probability: Double
    }

    public struct Odds: Sendable, Codable, Hashable {
        public var neverEnding: Double
        public var brokenLink: Double
        public var dynamicLink: Double
        /// Absent when a reader may never stop.
        public var expectedChoices: Double?
        public var converged: Bool
        /// The mass the odds solve left unresolved at its budget: every probability is a
        /// lower bound, at most this much below the exact one (0 when `converged`).
        public var unresolved: Double
    }

    public struct Loop: Sendable, Codable, Hashable {
        public var passages: [String]
        public var escapable: Bool
        public var reachable: Bool
    }

    public struct Cycle: Sendable, Codable, Hashable {
        public var passages: [String]
        public var escapable: Bool
    }

    public struct Cycles: Sendable, Codable, Hashable {
        public var count: Int
        public var exact: Bool
        public var searchSteps: Int
        public var listed: [Cycle]
    }

    public struct Finding: Sendable, Codable, Hashable {
        public var severity: String
        public var rule: String?
        public var message: String
        /// `{"file", "line", "column"}` in JSON, as every location in every output.
        public var location: SourceLocation?
    }

    public var title: String
    public var format: String
    public var start: String
    public var structure: Structure
    public var paths: Paths
    public var endings: [Ending]
    public var unreachableEndings: [String]
    public var odds: Odds
    public var unreachable: [String]
    public var trapped: [String]
    public var loops: [Loop]
    public var cycles: Cycles
    public var bottlenecks: [String]
    public var findings: [Finding]
    public var budgetSeconds: Double
    /// The state search; nil when the story has no state to search.
    public var state: State?
}

extension Report {
    /// The report of an analysis.
    ///
    /// - Complexity: O(V + findings + listed cycles).
    public init(_ analysis: StoryAnalysis) {
        let graph = analysis.graph
        let ids = graph.ids
        let names = { (list: [Int]) in list.map { ids[$0] } }
        title = graph.story.title
        format = graph.story.format
        start = ids[graph.start]
        let s = analysis.structure
        structure = Structure(
            passages: s.passages, choices: s.choices, words: s.words, endings: s.endings,
            meanChoices: s.meanChoices, merges: s.merges, falseChoices: names(s.falseChoices),
            shortestPath: s.shortestPath, longestPath: s.longestPath,
            source: graph.story.sourceStatistics.isEmpty ? nil : ReportSourceFigures(graph.story.sourceStatistics))
        paths = Paths(
            total: analysis.paths.total, exact: analysis.paths.isExact,
            unboundedWalks: analysis.paths.unboundedWalks, searchSteps: analysis.paths.steps)
        endings = analysis.endings.entries.map {
            Ending(id: ids[$0.passage], kind: $0.kind, tags: $0.tags, paths: $0.paths,
                   shortest: $0.shortest, longest: $0.longest, probability: $0.probability)
        }
        unreachableEndings = names(analysis.endings.unreachable)
        let o = analysis.odds
        odds = Odds(neverEnding: o.neverEnding, brokenLink: o.brokenLink, dynamicLink: o.dynamicLink,
                    expectedChoices: o.expectedChoices, converged: o.converged, unresolved: o.unresolved)
        unreachable = names(analysis.reachability.unreachable)
        trapped = names(analysis.reachability.trapped)
        loops = analysis.cycles.loops.map {
            Loop(passages: names($0.passages), escapable: $0.isEscapable, reachable: $0.isReachable)
        }
        cycles = Cycles(
            count: analysis.cycles.count, exact: analysis.cycles.isExact, searchSteps: analysis.cycles.steps,
            listed: analysis.cycles.listed.map { Cycle(passages: names($0.passages), escapable: $0.isEscapable) })
        bottlenecks = names(analysis.bottlenecks.passages)
        findings = analysis.lint.findings.map(Finding.init)
        budgetSeconds = analysis.options.budget.seconds
        state = analysis.state.map { State($0, outcomes: analysis.stateOutcomes, graph: graph) }
    }
}

extension Report.Finding {
    public init(_ diagnostic: Diagnostic) {
        severity = diagnostic.severity.rawValue
        rule = diagnostic.ruleID
        message = diagnostic.message
        location = diagnostic.location
    }
}
