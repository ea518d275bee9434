/// The writer's expectations checked against every reader, with one state search
/// (`StateAnalysis`) that watches all of them at once (`StateProbe`). Each expectation
/// *holds* (proven over every state a reader can be in: the search explored them all and
/// met no computed link or call cut), *fails* (a reader breaks it: the shortest playthrough that does,
/// or, for what no reader reaches, the proof that none does), or is *unknown* (the search
/// stopped at its budget, met a computed link or a call cut, or had to assume a condition it cannot
/// decide: what it found is kept as evidence). A claim is made only when proven.
package struct ExpectationCheck: Sendable {
    package enum Verdict: String, Sendable, Hashable {
        case holds, fails, unknown
    }

    /// One expectation's verdict, why, and the playthrough behind it.
    package struct Result: Sendable, Hashable {
        package var expectation: StoryExpectation
        package var verdict: Verdict
        /// One sentence: why this verdict.
        package var reason: String
        /// The playthrough: a counterexample when it fails, the way to the passage when
        /// `reachable` holds, the best evidence when unknown; nil when there is none.
        package var trace: StateTrace?
        /// For `every_ending_reachable` and `reachable`: the endings (passages) no reader
        /// reaches, with the choices whose conditions block each.
        package var unreached: [StateAnalysis.BlockedEnding]
    }

    package let graph: StoryGraph
    package let analysis: StateAnalysis
    package let results: [Result]

    /// The verdict of the whole: fails when one fails, else unknown when one is, else holds.
    package var verdict: Verdict {
        if results.contains(where: { $0.verdict == .fails }) { return .fails }
        if results.contains(where: { $0.verdict == .unknown }) { return .unknown }
        return .holds
    }

    /// Checks `expectations` on `graph` with one search within `budget`.
    ///
    /// - Complexity: that of `StateAnalysis` with one probe per expectation (one per
    ///   ending for `every_ending_reachable`).
    package init(_ graph: StoryGraph, _ expectations: [StoryExpectation], budget: StateAnalysis.Budget) {
        self.graph = graph
        let structure = Reachability(graph)
        let endings = structure.reachableEndings
        var probes: [StateProbe] = []
        var first: [Int] = []
        for expectation in expectations {
            first.append(probes.count)
            switch expectation.kind {
            case .reachable(let p), .unreachable(let p): probes.append(StateProbe(.passages([p])))
            case .always(let c): probes.append(StateProbe(.everyState, StateModel.expression(c)))
            case .atEndings(let c): probes.append(StateProbe(.endings, StateModel.expression(c)))
            case .before(let a, let b):
                probes.append(
                    StateProbe(.passages([b]), .binary(.greater, .visits(passage: graph.ids[a]), .integer(0))))
            case .everyEndingReachable: probes += endings.map { StateProbe(.passages([$0])) }
            case .wordsPerPlaythrough: break
            }
        }
        let analysis = StateAnalysis(graph, reachability: structure, budget: budget, probes: probes)
        self.analysis = analysis
        let words =
            expectations.contains { if case .wordsPerPlaythrough = $0.kind { true } else { false } }
            ? Self.expectedWords(graph, analysis) : .unknown("not computed")
        results = expectations.enumerated().map { k, expectation in
            if case .wordsPerPlaythrough(let low, let high) = expectation.kind {
                return Self.lengthVerdict(expectation, min: low, max: high, words)
            }
            return Self.verdict(expectation, analysis.probes[first[k]...], analysis, endings: endings, graph)
        }
    }

    /// The expected words a playthrough shows, as the story plays: among the choices shown
    /// in each state when the story has state (the search's own states), else as the map
    /// has them.
    private static func expectedWords(_ graph: StoryGraph, _ analysis: StateAnalysis) -> PlaythroughLength.Expectation {
        let components = StronglyConnectedComponents(graph)
        let odds = EndingOdds(graph, components: components)
        guard StateModel.applies(to: graph.story) else {
            return PlaythroughLength.expectedWords(graph, odds: odds, components: components, state: nil).structural
        }
        if let incomplete = incomplete(analysis, graph) {
            return .unknown("\(incomplete), so the words under state are not known")
        }
        let state = StateOutcomes(analysis, graph: graph)
        return PlaythroughLength.expectedWords(graph, odds: odds, components: components, state: state).underState
            ?? .unknown("not computed: the state search did not prove it saw every state")
    }

    /// `words_per_playthrough`: holds when the expected words lie within the bounds, fails
    /// when they do not, unknown when they are not known (a trap, a budget, a computed link).
    private static func lengthVerdict(
        _ expectation: StoryExpectation, min low: Double?, max high: Double?, _ words: PlaythroughLength.Expectation
    ) -> Result {
        func result(_ verdict: Verdict, _ reason: String) -> Result {
            Result(expectation: expectation, verdict: verdict, reason: reason, trace: nil, unreached: [])
        }
        func bound(_ value: Double) -> String {
            value == value.rounded() && abs(value) < 1e15 ? NumberText.grouped(Int(value)) : NumberText.fixed(value)
        }
        let range = [low.map { "at least \(bound($0))" }, high.map { "at most \(bound($0))" }]
            .compactMap { $0 }.joined(separator: " and ")
        switch words {
        case .words(let w):
            let shown = "a playthrough shows \(NumberText.fixed(w)) words on average (a reader picking at random)"
            if let low, w < low { return result(.fails, "\(shown), fewer than \(bound(low))") }
            if let high, w > high { return result(.fails, "\(shown), more than \(bound(high))") }
            return result(.holds, "\(shown): \(range)")
        case .neverEnds(let p):
            return result(
                .unknown,
                "a reader never stops with probability \(NumberText.percent(p)) (a trap): the expected words of a playthrough are not defined"
            )
        case .unknown(let why):
            return result(.unknown, "the expected words are not known: \(why)")
        }
    }

    /// Why a search that found nothing cannot say more: its budget, a computed link, or a
    /// call cut (`StateAnalysis.callsCut`).
    private static func incomplete(_ analysis: StateAnalysis, _ graph: StoryGraph) -> String? {
        if let stop = analysis.stopDescription {
            return "after \(NumberText.grouped(analysis.states)) states the search \(stop)"
        }
        if let link = analysis.computedLinks.first {
            return "a reader meets a computed link in '\(graph.ids[link.passage])' the search cannot follow"
        }
        if let call = analysis.callsCut.first {
            return
                "a reader meets a call in '\(graph.ids[call.passage])' nested more than \(CallExpansion.depthLimit) deep or past the copy budget, whose return the search cannot follow"
        }
        return nil
    }

    private static let assumedWay = "a way that takes a choice whose condition storygraph cannot decide"

    private static func verdict(
        _ expectation: StoryExpectation, _ probes: ArraySlice<ProbeResult>, _ analysis: StateAnalysis,
        endings: [Int], _ graph: StoryGraph
    ) -> Result {
        func result(_ verdict: Verdict, _ reason: String, _ trace: StateTrace? = nil) -> Result {
            Result(expectation: expectation, verdict: verdict, reason: reason, trace: trace, unreached: [])
        }
        let probe = probes[probes.startIndex]
        let incomplete = incomplete(analysis, graph)
        let checked = NumberText.grouped(analysis.states)
        func steps(_ trace: StateTrace) -> String {
            let n = trace.choices.count
            return "\(n) choice\(n == 1 ? "" : "s")"
        }
        switch expectation.kind {
        case .reachable(let p):
            let name = graph.ids[p]
            if let way = probe.counterexample {
                return result(.holds, "a reader reaches '\(name)' in \(steps(way))", way)
            }
            if let way = probe.doubtful {
                return result(.unknown, "'\(name)' is reached only on \(assumedWay)", way)
            }
            if let incomplete { return result(.unknown, "\(incomplete), none at '\(name)'") }
            var failed = result(.fails, "no reader reaches '\(name)' given the story's variables (\(checked) states)")
            failed.unreached = analysis.blockedEndings.filter { $0.passage == p }
            return failed
        case .unreachable(let p):
            let name = graph.ids[p]
            if let way = probe.counterexample {
                return result(.fails, "a reader reaches '\(name)' in \(steps(way))", way)
            }
            if let way = probe.doubtful {
                return result(.unknown, "'\(name)' is reached on \(assumedWay)", way)
            }
            if let incomplete { return result(.unknown, "\(incomplete), none at '\(name)'") }
            return result(.holds, "no reader reaches '\(name)' (\(checked) states)")
        case .always(let condition), .atEndings(let condition):
            let text = condition.description
            let at = if case .always = expectation.kind { "" } else { " at an ending" }
            if let way = probe.counterexample {
                let place = graph.ids[way.steps[way.steps.count - 1].passage]
                return result(.fails, "'\(text)' is false\(at) in '\(place)' after \(steps(way))", way)
            }
            if let way = probe.doubtful {
                let place = graph.ids[way.steps[way.steps.count - 1].passage]
                return result(
                    .unknown, "'\(text)' cannot be decided\(at) in '\(place)', or is false there only on \(assumedWay)",
                    way)
            }
            let on = NumberText.grouped(probe.statesChecked)
            let states = "\(on) state\(probe.statesChecked == 1 ? "" : "s")\(at.isEmpty ? "" : " at endings")"
            if let incomplete { return result(.unknown, "\(incomplete); '\(text)' held on the \(states) checked") }
            return result(.holds, "'\(text)' holds on all \(states)")
        case .before(let a, let b):
            let (first, then) = (graph.ids[a], graph.ids[b])
            if let way = probe.counterexample {
                return result(.fails, "a reader reaches '\(then)' without '\(first)' in \(steps(way))", way)
            }
            if let way = probe.doubtful {
                return result(.unknown, "'\(then)' is reached without '\(first)' only on \(assumedWay)", way)
            }
            if let incomplete { return result(.unknown, "\(incomplete); none reached '\(then)' without '\(first)'") }
            let on = probe.statesChecked
            return result(
                .holds, "every reader who reaches '\(then)' has seen '\(first)' (\(NumberText.grouped(on)) states)")
        case .everyEndingReachable:
            let sure = zip(endings, probes).filter { $0.1.counterexample != nil }.map(\.0)
            let doubtful = zip(endings, probes).filter { $0.1.counterexample == nil && $0.1.doubtful != nil }
            let count = "\(endings.count) ending\(endings.count == 1 ? "" : "s")"
            if sure.count == endings.count {
                return result(
                    .holds,
                    endings.count == 1 ? "a reader reaches the one ending" : "a reader reaches each of the \(count)")
            }
            let missing = endings.filter { !sure.contains($0) }.map { "'\(graph.ids[$0])'" }
            if !doubtful.isEmpty || incomplete != nil {
                let why = incomplete ?? "some are reached only on \(assumedWay)"
                return result(
                    .unknown, "\(why); not reached for sure: \(missing.joined(separator: ", "))",
                    doubtful.first?.1.doubtful)
            }
            var failed = result(.fails, "no reader reaches \(missing.joined(separator: ", ")) (of the \(count))")
            failed.unreached = analysis.blockedEndings
            return failed
        case .wordsPerPlaythrough(let low, let high):
            return lengthVerdict(expectation, min: low, max: high, .unknown("not computed"))
        }
    }
}
