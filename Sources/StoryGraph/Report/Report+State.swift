extension Report {
    /// What the state search found (`StateAnalysis`), with passages and choices by name.
    package struct State: Sendable, Codable, Hashable {
        /// One step of a witness: the choice taken in a passage (`auto`: the story went
        /// on by itself).
        package struct Step: Sendable, Codable, Hashable {
            package var passage: String
            package var choice: String
            package var auto: Bool
        }

        package struct Ending: Sendable, Codable, Hashable {
            public var id: String
            /// The shortest way a reader gets there, from the start.
            package var witness: [Step]
            /// Paths under state to it (a lower bound unless `pathsExact`), and the odds of
            /// a reader who picks among the choices shown (nil: not computed).
            package var paths: BigUInt?
            package var probability: Double?
        }

        /// A choice and its condition as written.
        package struct ChoiceAt: Sendable, Codable, Hashable {
            package var passage: String
            package var choice: String
            /// The passage it leads to.
            package var to: String
            package var condition: String?
            package var location: SourceLocation?
        }

        package struct Blocked: Sendable, Codable, Hashable {
            public var id: String
            /// The choices on the way whose condition never let a reader through.
            package var blocking: [ChoiceAt]
        }

        package struct ReadBeforeSet: Sendable, Codable, Hashable {
            package var variable: String
            package var choice: ChoiceAt
        }

        package var states: Int
        package var steps: Int
        /// False when the budget ran out: what was not reached may still be reachable.
        package var complete: Bool
        package var maxStates: Int
        package var maxSteps: Int
        /// The bound that stopped the search (`StateAnalysis.Bound`'s name: states, steps,
        /// evaluation steps, bytes, seconds); nil when it explored every state.
        package var stoppedBy: String? = nil
        package var evaluationSteps: Int = 0
        package var maxEvaluationSteps: Int = 0
        package var bytes: Int = 0
        package var maxBytes: Int = 0
        /// The time budget (`--state-budget`); the deadline is twice this.
        package var maxSeconds: Double = 0
        package var variables: [String]
        package var abstracted: [String]
        package var visitCounters: [String]
        package var reachableEndings: [Ending]
        package var unreachableEndings: [Blocked]
        package var onlyStructural: [String]
        package var neverTrue: [ChoiceAt]
        package var alwaysTrue: [ChoiceAt]
        package var unknown: [ChoiceAt]
        package var unknownEvaluations: Int
        /// Computed links a reader meets: the search cannot follow them, so what it did
        /// not reach may still be reachable.
        package var computedLinks: [ChoiceAt] = []
        /// Calls a reader meets that were followed as plain steps (nested too deep, or past
        /// the copy budget): the search cannot follow their returns, so likewise.
        package var callsCut: [ChoiceAt] = []
        package var setNeverRead: [String]
        package var readNeverSet: [String]
        package var readBeforeSet: [ReadBeforeSet]
        /// Paths under state (`StateOutcomes`): in all, whether exact, whether a reader
        /// can loop for ever and still end (nil when no such cycle was found and the
        /// search does not prove there is none), one such cycle's passages and a witness.
        package var paths: BigUInt?
        package var pathsExact: Bool?
        package var unboundedWalks: Bool?
        package var cycle: [String]?
        package var cycleWitness: [Step]?
        /// Odds under state (nil: not computed, the search stopped at its budget): of
        /// reaching a state that is no ending and shows no choice, of looping for ever.
        package var stuck: Double?
        package var neverEnding: Double?
        package var oddsConverged: Bool?
        /// How fast the search went, only when asked for (`report --timings`): CPU time is
        /// not deterministic, so no output has it unless asked.
        package var timing: Timing? = nil

        /// The search's CPU time and rate (`StateAnalysis.seconds`, `statesPerSecond`).
        package struct Timing: Sendable, Codable, Hashable {
            package var seconds: Double
            package var statesPerSecond: Double
            package var setupSeconds: Double
            package var explorationStatesPerSecond: Double

            package init(_ s: StateAnalysis) {
                seconds = s.seconds
                statesPerSecond = s.statesPerSecond
                setupSeconds = s.setupSeconds
                explorationStatesPerSecond = s.explorationStatesPerSecond
            }
        }

        /// Whether what no reader reaches is proven (`StateAnalysis.provesAbsence`): every
        /// state explored and no computed link or call cut met. Otherwise the lists of what
        /// no state reaches, and of conditions never or always true, are empty: nothing is
        /// claimed.
        package var provesAbsence: Bool { complete && computedLinks.isEmpty && callsCut.isEmpty }

        /// Why the claims about every state are not made (`provesAbsence` false), as the
        /// outputs say it; nil when they are proven. `budget` names the bound that stopped
        /// the search (`Report.stateBound`).
        package func unproven(budget: String) -> String? {
            if !complete { return "the search stopped at \(budget)" }
            if !computedLinks.isEmpty { return "a reader meets a computed link the search cannot follow" }
            if !callsCut.isEmpty { return Self.callCutReason }
            return nil
        }

        /// Why a call cut withholds the claims (`StateAnalysis.callsCut`).
        package static let callCutReason =
            "a reader meets a call nested more than \(CallExpansion.depthLimit) deep or past the copy budget, whose return the search cannot follow"
    }
}

extension Report.State {
    /// The state search's results by name.
    ///
    /// - Complexity: O(results × witness length).
    package init(_ s: StateAnalysis, outcomes: StateOutcomes? = nil, graph: StoryGraph) {
        let ids = graph.ids
        func at(_ ref: ChoiceRef) -> ChoiceAt {
            let choice = graph.choice(ref)
            return ChoiceAt(
                passage: ids[ref.passage], choice: choice.text, to: choice.target,
                condition: choice.condition?.description,
                location: choice.location)
        }
        states = s.states
        steps = s.steps
        complete = s.isComplete
        maxStates = s.budget.maxStates
        maxSteps = s.budget.maxSteps
        stoppedBy = s.stoppedBy?.rawValue
        evaluationSteps = s.evaluationSteps
        maxEvaluationSteps = s.budget.evaluationSteps
        bytes = s.bytes
        maxBytes = s.budget.maxBytes
        maxSeconds = s.budget.seconds
        variables = s.model.variables
        abstracted = s.model.abstracted
        visitCounters = s.model.countedPassages.map { ids[$0] }
        func step(_ ref: ChoiceRef) -> Step {
            let choice = graph.choice(ref)
            return Step(passage: ids[ref.passage], choice: choice.text, auto: choice.kind != .choice)
        }
        reachableEndings = s.reachedEndings.map { e in
            Ending(
                id: ids[e.passage], witness: e.witness.map(step), paths: outcomes?.perEnding[e.passage],
                probability: outcomes?.endingProbability?[e.passage])
        }
        if let outcomes {
            paths = outcomes.total
            pathsExact = outcomes.isExact
            // No cycle found is no proof of none when the search did not explore them all.
            unboundedWalks = outcomes.unboundedWalks || s.provesAbsence ? outcomes.unboundedWalks : nil
            cycle = outcomes.cycle.map { ids[$0] }
            cycleWitness = outcomes.cycleWitness.map(step)
            stuck = outcomes.stuck
            neverEnding = outcomes.neverEnding
            oddsConverged = outcomes.endingProbability == nil ? nil : outcomes.oddsConverged
        }
        unreachableEndings = s.blockedEndings.map { Blocked(id: ids[$0.passage], blocking: $0.blocking.map(at)) }
        onlyStructural = s.onlyStructural.map { ids[$0] }
        neverTrue = s.neverTrue.map(at)
        alwaysTrue = s.alwaysTrue.map(at)
        unknown = s.unknownChoices.map(at)
        unknownEvaluations = s.unknownEvaluations
        computedLinks = s.computedLinks.map(at)
        callsCut = s.callsCut.map(at)
        setNeverRead = s.setNeverRead
        readNeverSet = s.readNeverSet
        readBeforeSet = s.readBeforeSet.map { ReadBeforeSet(variable: $0.variable, choice: at($0.choice)) }
    }
}

extension Report {
    /// Rows of the state section's lists shown to people; the JSON has them all.
    static let stateRows = 20

    /// The STATE section: what a reader can really reach given the story's variables.
    func stateSection(_ s: State) -> ReportDocument.Section {
        let budget = Self.stateBound(s)
        let explored: String
        if !s.complete {
            explored =
                "\(NumberText.grouped(s.states)) (stopped at \(budget): what is not reached may still be reachable)"
        } else if !s.computedLinks.isEmpty {
            let links =
                s.computedLinks.count == 1
                ? "a computed link" : "\(NumberText.grouped(s.computedLinks.count)) computed links"
            explored =
                "\(NumberText.grouped(s.states)) (complete, but a reader meets \(links) the search cannot follow: what is not reached may still be reachable)"
        } else if !s.callsCut.isEmpty {
            let calls =
                s.callsCut.count == 1 ? "a call" : "\(NumberText.grouped(s.callsCut.count)) calls"
            explored =
                "\(NumberText.grouped(s.states)) (complete, but a reader meets \(calls) whose return the search cannot follow: what is not reached may still be reachable)"
        } else {
            explored = "\(NumberText.grouped(s.states)) (complete)"
        }
        // Why the claims about every state are not made; nil when they are proven.
        let unproven = s.unproven(budget: budget)
        func choices(_ list: [State.ChoiceAt]) -> ReportText {
            guard !list.isEmpty else { return "0" }
            var items = list.prefix(10).map(Self.text)
            if list.count > 10 { items.append("… \(NumberText.grouped(list.count - 10)) more in the JSON report") }
            return "\(NumberText.grouped(list.count)): " + .joined(items, separator: "; ")
        }
        func choiceValues(_ list: [State.ChoiceAt]) -> ReportValue { .array(list.map(Self.value)) }
        func names(_ list: [String]) -> ReportText {
            list.isEmpty ? "none" : .joined(list.map(ReportText.code), separator: ", ")
        }
        func steps(_ witness: [State.Step]) -> ReportValue {
            .array(
                witness.map { step in
                    .object([
                        ("passage", .string(step.passage)), ("choice", .string(step.choice)),
                        ("auto", .bool(step.auto)),
                    ])
                })
        }
        func clicks(_ witness: [State.Step]) -> ReportText {
            let clicks = witness.filter { !$0.auto }.map { ReportText("'\($0.choice)'") }
            return clicks.isEmpty ? "(the start)" : .joined(clicks, separator: " → ")
        }
        let counted = s.paths != nil
        let lower = s.pathsExact == false ? "+" : ""
        let reached = s.reachableEndings.map { e in
            var cells: [ReportText] = [.code(e.id), "\(NumberText.grouped(e.witness.count))"]
            var fields: [(String, ReportValue)] = [("id", .string(e.id)), ("witness", steps(e.witness))]
            if counted {
                cells += [
                    "\((e.paths ?? BigUInt()).formatted() + lower)", "\(e.probability.map(NumberText.percent) ?? "-")",
                ]
                fields += [("paths", .big(e.paths ?? BigUInt())), ("probability", .optional(e.probability))]
            }
            return ReportDocument.Row(cells + [clicks(e.witness)], .object(fields))
        }
        var endingColumns: [ReportDocument.Column] = [.init("reachable ending"), .init("steps", rightAligned: true)]
        if counted { endingColumns += [.init("paths", rightAligned: true), .init("odds", rightAligned: true)] }
        endingColumns.append(.init("witness (the reader's choices)"))
        let blocked = s.unreachableEndings.map { b in
            let by = b.blocking.map(Self.text)
            return ReportDocument.Row(
                [.code(b.id), by.isEmpty ? "-" : .joined(by, separator: "; ")],
                .object([("id", .string(b.id)), ("blocking", .array(b.blocking.map(Self.value)))]))
        }
        let cut = { (noun: String) in
            ReportDocument.Cut(limit: Self.stateRows, noun: noun, hint: "the JSON report lists them all")
        }
        return .init(
            "State", note: "what a reader can reach, given the story's variables", key: "state",
            [
                .figures([
                    .init(
                        "states explored", "\(explored)",
                        [
                            .init("states", .int(s.states)), .init("complete", .bool(s.complete)),
                            .init("max_states", .int(s.maxStates)), .init("max_steps", .int(s.maxSteps)),
                            .init("stopped_by", .optional(s.stoppedBy)),
                        ]),
                    .init(
                        nil, "",
                        [
                            .init("steps", .int(s.steps)), .init("evaluation_steps", .int(s.evaluationSteps)),
                            .init("max_evaluation_steps", .int(s.maxEvaluationSteps)), .init("bytes", .int(s.bytes)),
                            .init("max_bytes", .int(s.maxBytes)), .init("max_seconds", .double(s.maxSeconds)),
                            .init("max_string_bytes", .int(StateValue.maxStringBytes)),
                        ]
                            + (s.timing.map { t in
                                [
                                    .init("seconds", .double(t.seconds)),
                                    .init("states_per_second", .double(t.statesPerSecond)),
                                    .init("setup_seconds", .double(t.setupSeconds)),
                                    .init("exploration_states_per_second", .double(t.explorationStatesPerSecond)),
                                ]
                            } ?? [])),
                    .init("variables tracked", names(s.variables), [.init("variables", .strings(s.variables))]),
                    .init(
                        s.abstracted.isEmpty ? nil : "abstracted away (no condition reads them)", names(s.abstracted),
                        [.init("abstracted", .strings(s.abstracted))]),
                    .init(
                        s.visitCounters.isEmpty ? nil : "visits counted", names(s.visitCounters),
                        [.init("visit_counters", .strings(s.visitCounters))]),
                ]),
                .table(
                    .init(
                        key: "reachable_endings", columns: endingColumns,
                        rows: reached,
                        empty: unproven.map { "no ending reached (\($0))" } ?? "no ending is reachable under state",
                        cut: cut("endings"))),
                .figures(outcomeFigures(s, budget: budget, unproven: unproven, steps: steps, clicks: clicks)),
                .table(
                    .init(
                        key: "unreachable_endings",
                        columns: [.init("ending only the links reach"), .init("blocked by")],
                        rows: blocked, empty: unreachedEndings(s, unproven: unproven), cut: cut("endings"))),
                .figures([
                    // Unproven, the three claims about every state are one line, and the JSON
                    // keeps their keys, empty.
                    .init(unproven == nil ? nil : "never, always, only the links", "not claimed: \(unproven ?? "")"),
                    .init(
                        unproven == nil ? "passages only the links reach" : nil,
                        Self.count(s.onlyStructural, limit: 10),
                        [.init("only_structural", .strings(s.onlyStructural))]),
                    .init(
                        unproven == nil ? "conditions never true" : nil, choices(s.neverTrue),
                        [.init("never_true", choiceValues(s.neverTrue))]),
                    .init(
                        unproven == nil ? "conditions always true" : nil, choices(s.alwaysTrue),
                        [.init("always_true", choiceValues(s.alwaysTrue))]),
                    .init(
                        s.computedLinks.isEmpty ? nil : "computed links a reader meets", choices(s.computedLinks),
                        [.init("computed_links", choiceValues(s.computedLinks))]),
                    .init(
                        s.callsCut.isEmpty ? nil : "calls cut a reader meets", choices(s.callsCut),
                        [.init("calls_cut", choiceValues(s.callsCut))]),
                    .init(
                        "conditions not understood",
                        s.unknown.isEmpty
                            ? "0"
                            : choices(s.unknown)
                                + " (\(NumberText.grouped(s.unknownEvaluations)) evaluations taken both ways)",
                        [
                            .init("unknown", choiceValues(s.unknown)),
                            .init("unknown_evaluations", .int(s.unknownEvaluations)),
                        ]),
                    .init(
                        "variables set, never read", names(s.setNeverRead),
                        [.init("set_never_read", .strings(s.setNeverRead))]),
                    .init(
                        "variables read, never set", names(s.readNeverSet),
                        [.init("read_never_set", .strings(s.readNeverSet))]),
                    // Each one found is read unset on a state reached; none found proves none
                    // only when every state was explored.
                    .init(
                        "variables read before set",
                        s.readBeforeSet.isEmpty && unproven != nil
                            ? "none found (\(unproven ?? ""))" : names(s.readBeforeSet.map(\.variable)),
                        [
                            .init(
                                "read_before_set",
                                .array(
                                    s.readBeforeSet.map {
                                        .object([("variable", .string($0.variable)), ("choice", Self.value($0.choice))])
                                    }))
                        ]),
                ]),
            ])
    }

    /// What the table of endings no reader reaches says when it has no row: that every
    /// ending the links reach was reached, when so; that nothing is claimed of the others
    /// when the search did not prove their absence (`unproven` says why).
    private func unreachedEndings(_ s: State, unproven: String?) -> ReportText {
        guard let unproven else { return "every ending the links reach is reachable under state" }
        let reached = Set(s.reachableEndings.map(\.id))
        if endings.allSatisfy({ reached.contains($0.id) }) {
            return "every ending the links reach is reachable under state"
        }
        return "endings the search did not reach: not claimed (\(unproven))"
    }

    /// Paths and odds under state beside the structural ones; none without them.
    private func outcomeFigures(
        _ s: State, budget: String, unproven: String?, steps: ([State.Step]) -> ReportValue,
        clicks: ([State.Step]) -> ReportText
    ) -> [ReportDocument.Figure] {
        guard let total = s.paths, let exact = s.pathsExact else { return [] }
        let structural = paths.total.formatted() + (paths.exact ? "" : "+")
        let count =
            exact
            ? "\(total.formatted()) (exact; \(structural) by the links alone)"
            : "\(total.formatted())+ (at least: \(!s.complete ? "the search stopped at \(budget)" : !s.computedLinks.isEmpty ? "computed links are not followed" : !s.callsCut.isEmpty ? "calls cut are not followed to their returns" : budgetNote); \(structural) by the links alone)"
        let cycle = s.cycle ?? []
        let loops: ReportText =
            s.unboundedWalks == true && !cycle.isEmpty
            ? "yes: " + .joined(cycle.map(ReportText.code), separator: " → ") + " (the reader's choices "
                + clicks(s.cycleWitness ?? []) + ")"
            : unproven.map { "none found (\($0))" } ?? "no"
        let odds: ReportText
        if let stuck = s.stuck, let never = s.neverEnding {
            odds =
                "stuck \(NumberText.percent(stuck)), never ending \(NumberText.percent(never))"
                + (s.oddsConverged == false ? " (lower bounds: \(budgetNote))" : "")
        } else {
            odds =
                !s.complete || s.computedLinks.isEmpty
                ? ReportText("not computed: " + (unproven ?? budgetNote))
                : "not computed: a reader meets a computed link"
        }
        return [
            .init("paths under state", "\(count)", [.init("paths", .big(total)), .init("paths_exact", .bool(exact))]),
            .init(
                "loops under state", loops,
                [
                    .init("unbounded_walks", s.unboundedWalks.map(ReportValue.bool) ?? .null),
                    .init("cycle", .strings(cycle)),
                    .init("cycle_witness", steps(s.cycleWitness ?? [])),
                ]),
            .init(
                "odds under state (choices shown)", odds,
                [
                    .init("stuck", .optional(s.stuck)), .init("never_ending", .optional(s.neverEnding)),
                    .init("odds_converged", s.oddsConverged.map(ReportValue.bool) ?? .null),
                ]),
        ]
    }

    /// The bound that stopped the search, named (`StateAnalysis.Bound.describe`).
    static func stateBound(_ s: State) -> String {
        guard let bound = s.stoppedBy.flatMap(StateAnalysis.Bound.init(rawValue:)) else { return "its budget" }
        return bound.describe(
            StateAnalysis.Budget(
                maxStates: s.maxStates, maxSteps: s.maxSteps, seconds: s.maxSeconds,
                maxEvaluationSteps: s.maxEvaluationSteps, maxBytes: s.maxBytes))
    }

    /// "'Pay the toll' in Gate ($coins >= 5)"; a step without a label is named by where it goes.
    static func text(_ c: State.ChoiceAt) -> ReportText {
        let label: ReportText = c.choice.isEmpty ? "the step to " + .code(c.to) : "'\(c.choice)'"
        return label + " in " + .code(c.passage) + ReportText(c.condition.map { " (\($0))" } ?? "")
    }

    static func value(_ c: State.ChoiceAt) -> ReportValue {
        .object([
            ("passage", .string(c.passage)), ("choice", .string(c.choice)), ("to", .string(c.to)),
            ("condition", .optional(c.condition)),
            ("location", .location(c.location)),
        ])
    }
}
