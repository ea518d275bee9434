/// Everything `storygraph report` says about a story, as a plain value; `document()` makes
/// the report document every output is rendered from. Passages are named by id; big counts
/// are `BigUInt` (decimal strings in JSON). JSON keys are the snake_case forms of the
/// property names, so `Report(json:)` reads the JSON output back.
public struct Report: Sendable, Codable, Hashable {
    package struct Structure: Sendable, Codable, Hashable {
        package var passages: Int
        package var choices: Int
        package var words: Int
        package var endings: Int
        package var meanChoices: Double
        package var merges: Int
        package var falseChoices: [String]
        package var shortestPath: Int?
        package var longestPath: Int?
        /// The source language's own figures (ChoiceScript's scenes and labels…), nil when
        /// the format counts none.
        package var source: ReportSourceFigures?
    }

    package struct Paths: Sendable, Codable, Hashable {
        package var total: BigUInt
        /// False when the search ran out of budget: counts and longest paths are lower bounds.
        package var exact: Bool
        package var unboundedWalks: Bool
        package var searchSteps: Int
        /// Calls were cut (the `call-depth` findings): not exact, and no bound either.
        package var callsCut = false

        private enum CodingKeys: String, CodingKey {
            case total, exact, unboundedWalks, searchSteps
        }
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

    package struct Odds: Sendable, Codable, Hashable {
        package var neverEnding: Double
        package var brokenLink: Double
        package var dynamicLink: Double
        /// Reaching a return past a cut call, where the node graph does not follow the
        /// reader (`EndingOdds.pastCutCall`); nil when none.
        package var pastCutCall: Double?
        /// Absent when a reader may never stop.
        package var expectedChoices: Double?
        package var converged: Bool
        /// The mass the odds solve left unresolved at its budget: every probability is a
        /// lower bound, at most this much below the exact one (0 when `converged`).
        package var unresolved: Double
    }

    /// Words: in the story, per playthrough, per ending (`PlaythroughLength`).
    package struct Length: Sendable, Codable, Hashable {
        package struct Ending: Sendable, Codable, Hashable {
            package var id: String
            package var fewestWords: Int
            /// nil: a loop with words can be repeated on the way (unbounded).
            package var mostWords: Int?
        }

        /// The words of every passage's reader text.
        package var words: Int
        /// For a reader who picks uniformly at random; nil with `expectedWordsNote` saying why.
        package var expectedWords: Double?
        package var expectedWordsNote: String?
        /// `expectedWords / words`.
        package var share: Double?
        /// The same among the choices shown in each state; nil without a state search
        /// (both nil) or with `underStateNote` saying why.
        package var expectedWordsUnderState: Double?
        package var underStateNote: String?
        package var endings: [Ending]
    }

    /// Passages proven reachable (the node graph reaches them), proven unreachable (the
    /// over-approximation does not) and neither, each with why.
    package struct Reach: Sendable, Codable, Hashable {
        package struct Unknown: Sendable, Codable, Hashable {
            package var id: String
            /// `past_cut_calls`, `computed_link` or `own_links` (`Reachability.Unknown`).
            package var why: String
            /// The fewest cut calls on a way to it, for `past_cut_calls`.
            package var cutCalls: Int?
        }

        package var reachable: Int
        package var unreachable: Int
        package var unknown: [Unknown]
    }

    package struct Loop: Sendable, Codable, Hashable {
        package var passages: [String]
        package var escapable: Bool
        package var reachable: Bool
    }

    package struct Cycle: Sendable, Codable, Hashable {
        package var passages: [String]
        package var escapable: Bool
    }

    package struct Cycles: Sendable, Codable, Hashable {
        package var count: Int
        package var exact: Bool
        package var searchSteps: Int
        package var listed: [Cycle]
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
    package var structure: Structure
    package var paths: Paths
    public var endings: [Ending]
    package var unreachableEndings: [String]
    package var odds: Odds
    package var length: Length
    public var unreachable: [String]
    /// What is proven reached, proven unreachable and neither; nil when every passage is
    /// one of the first two (`Reachability.unknown` empty).
    package var reach: Reach?
    public var trapped: [String]
    package var loops: [Loop]
    package var cycles: Cycles
    package var bottlenecks: [String]
    public var findings: [Finding]
    package var budgetSeconds: Double
    /// The state search; nil when the story has no state to search.
    package var state: State?
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
            unboundedWalks: analysis.paths.unboundedWalks, searchSteps: analysis.paths.steps,
            callsCut: analysis.paths.callsCut)
        endings = analysis.endings.entries.map {
            Ending(
                id: ids[$0.passage], kind: $0.kind, tags: $0.tags, paths: $0.paths,
                shortest: $0.shortest, longest: $0.longest, probability: $0.probability)
        }
        unreachableEndings = names(analysis.endings.unreachable)
        let o = analysis.odds
        odds = Odds(
            neverEnding: o.neverEnding, brokenLink: o.brokenLink, dynamicLink: o.dynamicLink,
            pastCutCall: o.pastCutCall > 0 ? o.pastCutCall : nil,
            expectedChoices: o.expectedChoices, converged: o.converged, unresolved: o.unresolved)
        length = Length(analysis.length, ids: ids)
        unreachable = names(analysis.reachability.unreachable)
        trapped = names(analysis.reachability.trapped)
        let r = analysis.reachability
        reach =
            r.unknown.isEmpty
            ? nil
            : Reach(
                reachable: r.reachable.filter { $0 }.count, unreachable: r.unreachable.count,
                unknown: r.unknown.map { u in
                    switch u {
                    case .pastCutCalls(let v, let calls): .init(id: ids[v], why: "past_cut_calls", cutCalls: calls)
                    case .computedLink(let v): .init(id: ids[v], why: "computed_link", cutCalls: nil)
                    case .ownLinks(let v): .init(id: ids[v], why: "own_links", cutCalls: nil)
                    }
                })
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

extension Report.Length {
    init(_ length: PlaythroughLength, ids: [String]) {
        func note(_ expectation: PlaythroughLength.Expectation) -> String? {
            switch expectation {
            case .words: nil
            case .neverEnds(let p):
                "a reader never stops with probability \(NumberText.percent(p)) (a trap): a playthrough may not end"
            case .unknown(let why): why
            }
        }
        words = length.totalWords
        expectedWords = length.expected.words
        expectedWordsNote = note(length.expected)
        share = length.share
        expectedWordsUnderState = length.expectedUnderState?.words
        underStateNote = length.expectedUnderState.flatMap(note)
        endings = length.endings.map { Ending(id: ids[$0.passage], fewestWords: $0.fewest, mostWords: $0.most) }
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
