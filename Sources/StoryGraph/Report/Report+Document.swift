import Foundation

extension Report {
    /// Endings shown to people; the JSON has them all.
    static let endingRows = 40
    /// Elementary cycles shown to people; the JSON lists `--max-cycles` of them.
    static let cycleRows = 10
    /// Findings shown to people; `storygraph check` lists them all.
    static let findingRows = 20

    /// The report as one document: what every renderer (text, Markdown, JSON) shows.
    ///
    /// - Complexity: O(V + findings + listed cycles).
    public func document() -> ReportDocument {
        ReportDocument(
            heading: .init(title: title, format: format, start: start),
            sections: [
                structureSection(), pathsSection(), endingsSection(), oddsSection(), lengthSection(),
                loopsSection(),
                bottlenecksSection(),
            ] + (state.map { [stateSection($0)] } ?? []) + [problemsSection()],
            fields: [.init("budget_seconds", .double(budgetSeconds))])
    }

    private func structureSection() -> ReportDocument.Section {
        let s = structure
        let lower = paths.exact ? "" : "+"
        return .init(
            "Structure", key: "structure",
            [
                .figures(
                    [
                        .init("passages", "\(NumberText.grouped(s.passages))", [.init("passages", .int(s.passages))]),
                        .init("choices", "\(NumberText.grouped(s.choices))", [.init("choices", .int(s.choices))]),
                        .init("words", "\(NumberText.grouped(s.words))", [.init("words", .int(s.words))]),
                        .init("endings", "\(NumberText.grouped(s.endings))", [.init("endings", .int(s.endings))]),
                        .init(
                            "mean choices per passage", "\(NumberText.fixed(s.meanChoices))",
                            [.init("mean_choices", .double(s.meanChoices))]),
                        .init(
                            "passages where paths merge", "\(NumberText.grouped(s.merges))",
                            [.init("merges", .int(s.merges))]),
                        .init(
                            "false choices", Self.count(s.falseChoices, limit: 5),
                            [.init("false_choices", .strings(s.falseChoices))]),
                        .init(
                            "shortest path",
                            "\(s.shortestPath.map { "\(NumberText.grouped($0)) choice\($0 == 1 ? "" : "s")" } ?? "-")",
                            [.init("shortest_path", .optional(s.shortestPath))]),
                        .init(
                            "longest path",
                            "\(s.longestPath.map { "\(NumberText.grouped($0))\(lower) choice\($0 == 1 && paths.exact ? "" : "s")" } ?? "-")",
                            [.init("longest_path", .optional(s.longestPath))]),
                    ] + sourceFigures())
            ])
    }

    /// The source language's own figures on one line (`in the yarn source  nodes 12, …`),
    /// one `structure.source` object in JSON; none when the format counts none.
    private func sourceFigures() -> [ReportDocument.Figure] {
        guard let figures = structure.source?.figures, !figures.isEmpty else { return [] }
        let text = figures.map { "\($0.name.replacingOccurrences(of: "_", with: " ")) \(NumberText.grouped($0.value))" }
            .joined(separator: ", ")
        return [
            .init(
                "in the \(format) source", "\(text)",
                [.init("source", .object(figures.map { ($0.name, .int($0.value)) }))])
        ]
    }

    private func pathsSection() -> ReportDocument.Section {
        .init(
            "Paths", key: "paths",
            [
                .figures([
                    .init(
                        "paths",
                        "\(paths.total.formatted() + (paths.exact ? " (exact)" : paths.callsCut ? " (not exact: calls are cut, see the call-depth findings)" : " (at least: \(budgetNote))"))",
                        [.init("total", .big(paths.total)), .init("exact", .bool(paths.exact))]),
                    .init(
                        "unbounded walks",
                        "\(paths.unboundedWalks ? "yes (the reader can loop and still reach an ending)" : "no")",
                        [.init("unbounded_walks", .bool(paths.unboundedWalks))]),
                    .init(nil, "", [.init("search_steps", .int(paths.searchSteps))]),
                ])
            ])
    }

    private func endingsSection() -> ReportDocument.Section {
        let lower = paths.exact ? "" : "+"
        let rows = endings.map { e in
            ReportDocument.Row(
                [
                    .code(e.id), "\(e.kind ?? (e.tags.isEmpty ? "-" : e.tags.joined(separator: " ")))",
                    "\(e.paths.formatted() + lower)",
                    "\(e.shortest < 0 ? "-" : NumberText.grouped(e.shortest))",
                    "\(e.longest < 0 ? "-" : NumberText.grouped(e.longest) + lower)",
                    "\(NumberText.percent(e.probability))",
                ],
                .object([
                    ("id", .string(e.id)), ("kind", .optional(e.kind)), ("tags", .strings(e.tags)),
                    ("paths", .big(e.paths)),
                    ("shortest", .int(e.shortest)), ("longest", .int(e.longest)),
                    ("probability", .double(e.probability)),
                ]))
        }
        let table = ReportDocument.Table(
            key: "endings",
            columns: [
                .init("ending"), .init("kind"), .init("paths", rightAligned: true),
                .init("shortest", rightAligned: true),
                .init("longest", rightAligned: true), .init("odds", rightAligned: true),
            ],
            rows: rows, empty: "none reachable",
            cut: .init(limit: Self.endingRows, noun: "endings", hint: "the JSON report lists them all"))
        return .init("Endings", [.table(table), .data([.init("unreachable_endings", .strings(unreachableEndings))])])
    }

    private func oddsSection() -> ReportDocument.Section {
        .init(
            "Odds", note: "a reader who picks at random", key: "odds",
            [
                .figures([
                    .init(
                        "never ending (trapped)", "\(NumberText.percent(odds.neverEnding))",
                        [.init("never_ending", .double(odds.neverEnding))]),
                    .init(
                        odds.brokenLink > 0 ? "broken link" : nil, "\(NumberText.percent(odds.brokenLink))",
                        [.init("broken_link", .double(odds.brokenLink))]),
                    .init(
                        odds.dynamicLink > 0 ? "dynamic link" : nil, "\(NumberText.percent(odds.dynamicLink))",
                        [.init("dynamic_link", .double(odds.dynamicLink))]),
                ] + pastCutCallFigure() + [
                    .init(
                        "expected choices",
                        "\(odds.expectedChoices.map { NumberText.fixed($0) } ?? (odds.pastCutCall != nil ? "- (unknown past a cut call)" : odds.converged || odds.neverEnding > 0 ? "- (a reader may never stop)" : "- (not solved within the budget)"))",
                        [.init("expected_choices", .optional(odds.expectedChoices))]),
                    .init(odds.converged ? nil : "note", "\(oddsNote)", [.init("converged", .bool(odds.converged))]),
                    .init(nil, "", [.init("unresolved", .double(odds.unresolved))]),
                ])
            ])
    }

    /// The odds of a return past a cut call, when some: unknown where the reader goes then.
    private func pastCutCallFigure() -> [ReportDocument.Figure] {
        guard let mass = odds.pastCutCall else { return [] }
        return [
            .init(
                "past a cut call",
                "\(NumberText.percent(mass)) (a return the graph does not follow: where the reader goes then is unknown)",
                [.init("past_cut_call", .double(mass))])
        ]
    }

    private func lengthSection() -> ReportDocument.Section {
        let l = length
        let expected: ReportText =
            l.expectedWords.map { w in
                "\(NumberText.fixed(w))" + (l.share.map { " (\(NumberText.percent($0)) of the story's words)" } ?? "")
            } ?? "- (\(l.expectedWordsNote ?? "unknown"))"
        let underState: ReportText? =
            l.expectedWordsUnderState.map { "\(NumberText.fixed($0))" }
            ?? l.underStateNote.map { "- (\($0))" }
        let rows = l.endings.map { e in
            ReportDocument.Row(
                [
                    .code(e.id), "\(NumberText.grouped(e.fewestWords))",
                    "\(e.mostWords.map(NumberText.grouped) ?? "unbounded")",
                ],
                .object([
                    ("id", .string(e.id)), ("fewest_words", .int(e.fewestWords)),
                    ("most_words", .optional(e.mostWords)),
                ]))
        }
        let table = ReportDocument.Table(
            key: "endings",
            columns: [
                .init("ending"), .init("fewest words", rightAligned: true), .init("most words", rightAligned: true),
            ],
            rows: rows, empty: "none reachable",
            cut: .init(limit: Self.endingRows, noun: "endings", hint: "the JSON report lists them all"))
        return .init(
            "Length", note: "words the reader is shown", key: "length",
            [
                .figures([
                    .init("words in the story", "\(NumberText.grouped(l.words))", [.init("words", .int(l.words))]),
                    .init(
                        "expected words per playthrough", expected,
                        [
                            .init("expected_words", .optional(l.expectedWords)),
                            .init("expected_words_note", .optional(l.expectedWordsNote)),
                            .init("share", .optional(l.share)),
                        ]),
                    .init(
                        underState == nil ? nil : "under state", underState ?? "",
                        [
                            .init("expected_words_under_state", .optional(l.expectedWordsUnderState)),
                            .init("under_state_note", .optional(l.underStateNote)),
                        ]),
                ]),
                .table(table),
            ])
    }

    private func loopsSection() -> ReportDocument.Section {
        let trapping = loops.filter { !$0.escapable }.count
        let loopValues = loops.map { loop in
            ReportValue.object([
                ("passages", .strings(loop.passages)), ("escapable", .bool(loop.escapable)),
                ("reachable", .bool(loop.reachable)),
            ])
        }
        let items = cycles.listed.map { cycle in
            ReportDocument.Item(
                .joined((cycle.passages + [cycle.passages[0]]).map(ReportText.code), separator: " → ")
                    + (cycle.escapable ? "" : "  (trapping)"),
                .object([("passages", .strings(cycle.passages)), ("escapable", .bool(cycle.escapable))]))
        }
        // People see 10; the JSON lists --max-cycles; the search counts them all.
        let hint =
            cycles.listed.count > Self.cycleRows
            ? "the JSON report lists \(NumberText.grouped(cycles.listed.count))"
                + (cycles.count > cycles.listed.count ? "; --max-cycles N lists more" : "")
            : "--max-cycles N lists more in the JSON report"
        return .init(
            "Loops",
            [
                .figures([
                    .init(
                        "loops (cyclic components)",
                        "\(NumberText.grouped(loops.count)) (\(NumberText.grouped(loops.count - trapping)) escapable, \(NumberText.grouped(trapping)) trapping)",
                        [.init("loops", .array(loopValues))]),
                    .init(
                        "elementary cycles",
                        "\(NumberText.grouped(cycles.count) + (cycles.exact ? "" : "+ (at least: \(budgetNote))"))",
                        [.init("cycles.count", .int(cycles.count)), .init("cycles.exact", .bool(cycles.exact))]),
                    .init(nil, "", [.init("cycles.search_steps", .int(cycles.searchSteps))]),
                ]),
                .list(
                    .init(
                        key: "cycles.listed", style: .lines, items: items, empty: nil,
                        cut: .init(limit: Self.cycleRows, noun: "cycles", hint: hint, total: cycles.count))),
            ])
    }

    private func bottlenecksSection() -> ReportDocument.Section {
        let items = bottlenecks.map { id in
            ReportDocument.Item(.code(id) + (id == start ? " (the start)" : ""), .string(id))
        }
        return .init(
            "Bottlenecks", note: "every path to an ending goes through them",
            [
                .list(
                    .init(
                        key: "bottlenecks", style: .inline, items: items, empty: "none",
                        cut: .init(limit: 20, noun: "bottlenecks", hint: "the JSON report lists them all")))
            ])
    }

    private func problemsSection() -> ReportDocument.Section {
        let errors = findings.filter { $0.severity == "error" }.count
        let warnings = findings.filter { $0.severity == "warning" }.count
        let infos = findings.filter { $0.severity == "info" }.count
        return .init(
            "Problems",
            [
                .figures(
                    reachFigures() + [
                    .init(
                        "unreachable", Self.count(unreachable, limit: 10), [.init("unreachable", .strings(unreachable))]
                    ),
                    .init("trapped", Self.count(trapped, limit: 10), [.init("trapped", .strings(trapped))]),
                ]),
                .paragraph(
                    "findings: \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s"), \(infos) info"
                ),
                .findings(
                    .init(
                        key: "findings", findings: findings,
                        cut: .init(limit: Self.findingRows, noun: "findings", hint: "storygraph check lists them all"))),
            ])
    }

    /// With passages neither proven reachable nor unreachable: how many are proven each
    /// way, and the others with why (the fewest cut calls on a way to them, or a computed
    /// link); nothing when there are none (`reach` nil).
    private func reachFigures() -> [ReportDocument.Figure] {
        guard let reach else { return [] }
        let total = reach.reachable + reach.unreachable + reach.unknown.count
        var byCalls: [Int: Int] = [:]
        for u in reach.unknown { if let calls = u.cutCalls { byCalls[calls, default: 0] += 1 } }
        var why: [String] = byCalls.keys.sorted().map { calls in
            "\(NumberText.grouped(byCalls[calls]!)) past \(calls) cut call\(calls == 1 ? "" : "s")"
        }
        let computed = reach.unknown.filter { $0.why == "computed_link" }.count
        if computed > 0 { why.append("\(NumberText.grouped(computed)) after a computed link") }
        let own = reach.unknown.filter { $0.why == "own_links" }.count
        if own > 0 { why.append("\(NumberText.grouped(own)) by the passages' own links, any return to any call") }
        let unknown = reach.unknown.map { u in
            ReportValue.object([("id", .string(u.id)), ("why", .string(u.why)), ("cut_calls", .optional(u.cutCalls))])
        }
        return [
            .init(
                "reachable",
                "\(NumberText.grouped(reach.reachable)) of \(NumberText.grouped(total)) passages (proven: the start reaches them without a cut call's return)",
                [.init("reach.reachable", .int(reach.reachable)), .init("reach.unreachable", .int(reach.unreachable))]),
            .init(
                "unknown",
                Self.count(reach.unknown.map(\.id), limit: 10)
                    + ": neither reached nor proven unreachable (\(why.joined(separator: ", "))\(byCalls.isEmpty ? "" : "; see the call-depth findings"))",
                [.init("reach.unknown", .array(unknown))]),
        ]
    }

    /// "3 (a, b, c)", at most `limit` names and "… N more in the JSON report".
    static func count(_ names: [String], limit: Int) -> ReportText {
        guard !names.isEmpty else { return "0" }
        var items = names.prefix(limit).map(ReportText.code)
        if names.count > limit { items.append("… \(NumberText.grouped(names.count - limit)) more in the JSON report") }
        return "\(NumberText.grouped(names.count)) (" + .joined(items, separator: ", ") + ")"
    }

    /// How a search cut by the budget says so: the limit and the option that lifts it.
    var budgetNote: String {
        "search stopped at its budget of \(String(format: "%g", budgetSeconds)) s; a larger --budget lifts it"
    }

    /// What odds cut by the budget are worth.
    private var oddsNote: String {
        odds.unresolved > 0
            ? "odds \(budgetNote): every probability is a lower bound, at most \(NumberText.percent(odds.unresolved)) below the exact one"
            : "odds exact (every unsolved loop has one way out); expected choices unknown: \(budgetNote)"
    }
}
