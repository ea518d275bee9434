import Foundation

extension FuzzReport {
    /// How far (in standard errors of the share) a share may stray from the exact odds
    /// before the report marks it.
    package static let outlierStandardErrors = 4.0

    /// One row of the outcome table: an ending, or a way of failing.
    package struct OutcomeRow: Sendable, Hashable {
        package var label: String
        /// The ending passage, for ending rows.
        package var passage: Int?
        package var runs: Int
        package var share: Double
        /// The exact probability for the uniform reader, when known.
        package var exact: Double?
        /// Whether the share is further than `outlierStandardErrors` standard errors
        /// (√(p(1−p)/runs)) from `exact`.
        package var isOutlier: Bool
    }

    /// The endings reached or reachable (exact odds above 0), in story order, then
    /// stuck, broken-link and computed-link rows where any run or any odds fell there.
    /// `odds` are compared only under the uniform policy, whose odds they are.
    ///
    /// - Complexity: O(P).
    package func outcomeRows(odds: EndingOdds?) -> [OutcomeRow] {
        let odds = policy == .uniform ? odds : nil
        let story = graph.graph.story
        func row(_ label: String, passage: Int?, runs count: Int, exact: Double?, compare: Bool = true) -> OutcomeRow {
            let share = runs > 0 ? Double(count) / Double(runs) : 0
            var outlier = false
            if compare, let exact, runs > 0 {
                let error = (exact * (1 - exact) / Double(runs)).squareRoot()
                outlier = abs(share - exact) > Self.outlierStandardErrors * error
            }
            return OutcomeRow(
                label: label, passage: passage, runs: count, share: share, exact: exact, isOutlier: outlier)
        }
        var rows: [OutcomeRow] = []
        for v in 0..<graph.passageCount where graph.graph.isEnding[v] {
            let exact = odds?.endingProbability[v]
            guard endingRuns[v] > 0 || (exact ?? 0) > 0 else { continue }
            let kind = story.passages[v].ending?.kind.map { " (\($0))" } ?? ""
            rows.append(row(story.passages[v].id + kind, passage: v, runs: endingRuns[v], exact: exact))
        }
        // A run cut by the cap may have been about to end: no mark on that row.
        if stuckRuns > 0 || (odds?.neverEnding ?? 0) > 0 {
            rows.append(
                row("stuck (no ending)", passage: nil, runs: stuckRuns, exact: odds?.neverEnding, compare: false))
        }
        if blockedRuns > 0 {
            rows.append(row("stuck under state", passage: nil, runs: blockedRuns, exact: nil, compare: false))
        }
        if brokenLinkRuns > 0 || (odds?.brokenLink ?? 0) > 0 {
            rows.append(row("broken link", passage: nil, runs: brokenLinkRuns, exact: odds?.brokenLink))
        }
        if dynamicLinkRuns > 0 || (odds?.dynamicLink ?? 0) > 0 {
            rows.append(row("computed link", passage: nil, runs: dynamicLinkRuns, exact: odds?.dynamicLink))
        }
        return rows
    }

    /// The report as text: outcomes (beside the exact odds), run lengths, coverage and
    /// failures with the run numbers that reproduce them. Deterministic: no timings.
    ///
    /// - Complexity: O(P + C + maxSteps).
    public func text(odds: EndingOdds?, listLimit: Int = 20) -> String {
        let story = graph.graph.story
        var lines: [String] = []
        let title = story.title.isEmpty ? "" : " of \(FuzzText.quoted(story.title))"
        lines.append(
            "Fuzz\(title): \(NumberText.grouped(runs)) runs, seed \(seed), \(policy.rawValue) policy, step cap \(NumberText.grouped(maxSteps))"
        )
        lines.append("")

        let rows = outcomeRows(odds: odds)
        let showExact = rows.contains { $0.exact != nil }
        if rows.isEmpty {
            lines.append("Outcomes: none (no runs)")
        } else {
            let cells = rows.map { r in
                (
                    TerminalText.escaped(r.label), NumberText.grouped(r.runs), Self.percent(r.share),
                    r.exact.map(Self.percent) ?? "", r.isOutlier
                )
            }
            let w0 = max("Outcome".count, cells.map { DisplayWidth.of($0.0) }.max()! + 2)
            let w1 = max("runs".count, cells.map(\.1.count).max()!)
            let w2 = max("share".count, cells.map(\.2.count).max()!)
            let w3 = max("exact".count, cells.map(\.3.count).max()!)
            var header =
                "Outcome".rightPadded(to: w0) + "  " + "runs".leftPadded(to: w1) + "  " + "share".leftPadded(to: w2)
            if showExact { header += "  " + "exact".leftPadded(to: w3) }
            lines.append(header)
            for cell in cells {
                var line =
                    "  " + cell.0.rightPadded(to: w0 - 2) + "  " + cell.1.leftPadded(to: w1) + "  "
                    + cell.2.leftPadded(to: w2)
                if showExact { line += "  " + cell.3.leftPadded(to: w3) }
                if cell.4 { line += " !" }
                lines.append(line)
            }
            if cells.contains(where: \.4) {
                lines.append("  ! more than \(Int(Self.outlierStandardErrors)) standard errors from the exact odds")
            }
        }
        lines.append("")

        if let stats = lengthStatistics {
            lines.append(
                "Run length in choices: min \(stats.min), mean \(NumberText.fixed(stats.mean)), median \(stats.median), p90 \(stats.p90), p99 \(stats.p99), max \(stats.max)"
            )
            lines.append("")
        }

        lines.append("Coverage")
        lines.append(
            "  passages  \(NumberText.grouped(passagesVisited)) of \(NumberText.grouped(graph.passageCount)) (\(Self.percent(Double(passagesVisited) / Double(max(1, graph.passageCount)))))"
        )
        lines.append(
            "  choices   \(NumberText.grouped(choicesTaken)) of \(NumberText.grouped(graph.choiceCount)) (\(Self.percent(Double(choicesTaken) / Double(max(1, graph.choiceCount)))))"
        )
        let unvisited = neverVisitedPassages
        if !unvisited.isEmpty {
            lines.append("  passages never visited (\(NumberText.grouped(unvisited.count))):")
            for v in unvisited.prefix(listLimit) {
                lines.append("    \(story.passages[v].id)\(FuzzText.at(story.passages[v].location))")
            }
            if unvisited.count > listLimit {
                lines.append(
                    "    … and \(NumberText.grouped(unvisited.count - listLimit)) more (\(listLimit) listed; --format json lists them all)"
                )
            }
        }
        let untaken = neverTakenChoices
        if !untaken.isEmpty {
            lines.append("  choices never taken (\(NumberText.grouped(untaken.count))):")
            for ref in untaken.prefix(listLimit) { lines.append("    " + Self.describe(ref, in: graph.graph)) }
            if untaken.count > listLimit {
                lines.append(
                    "    … and \(NumberText.grouped(untaken.count - listLimit)) more (\(listLimit) listed; --format json lists them all)"
                )
            }
        }
        lines.append("")

        if stuckRuns > 0 {
            lines.append(
                "Stuck runs (no ending within \(NumberText.grouped(maxSteps)) choices, or no choice left to take): \(NumberText.grouped(stuckRuns)); runs \(Self.runList(firstStuckRuns, of: stuckRuns))"
            )
        } else {
            lines.append("Stuck runs: none")
        }
        if policy == .state {
            if blockedRuns > 0 {
                lines.append(
                    "Stuck under state (a passage that is not an ending, where no choice's condition held): \(NumberText.grouped(blockedRuns)); runs \(Self.runList(firstBlockedRuns, of: blockedRuns))"
                )
            } else {
                lines.append("Stuck under state: none")
            }
            if unknownOffers > 0 {
                lines.append(
                    "Offered on an unknown condition: \(NumberText.grouped(unknownOffers)) times, \(NumberText.grouped(unknownChoices.count)) choice\(unknownChoices.count == 1 ? "" : "s"):"
                )
                for ref in unknownChoices.prefix(listLimit) { lines.append("  " + Self.describe(ref, in: graph.graph)) }
                if unknownChoices.count > listLimit {
                    lines.append(
                        "  … and \(NumberText.grouped(unknownChoices.count - listLimit)) more (\(listLimit) listed; --format json lists them all)"
                    )
                }
            } else {
                lines.append("Offered on an unknown condition: none")
            }
        }
        let failed = brokenLinkRuns + dynamicLinkRuns
        if failed > 0 {
            lines.append(
                "Broken-link runs: \(NumberText.grouped(failed)); runs \(Self.runList(firstFailedRuns.map(\.run), of: failed))"
            )
            for link in failedLinks {
                let what = link.isDynamic ? "computed link" : "broken link"
                lines.append(
                    "  \(what) \(Self.describe(link.choice, in: graph.graph)): \(NumberText.grouped(link.runs)) runs, first run \(link.firstRun)"
                )
            }
        } else {
            lines.append("Broken-link runs: none")
        }
        lines.append("")
        lines.append(
            allEnded
                ? "Every run reached an ending."
                : "\(NumberText.grouped(runs - endedRuns)) of \(NumberText.grouped(runs)) runs did not reach an ending."
        )
        return TerminalText.joined(lines) + "\n"
    }

    /// `passage → 'choice text' → target (file:line:column)`.
    static func describe(_ ref: ChoiceRef, in graph: StoryGraph) -> String {
        let choice = graph.choice(ref)
        let text = choice.text.isEmpty ? "(no text)" : FuzzText.shorten(choice.text, 50)
        return "\(graph.ids[ref.passage]) → \(FuzzText.quoted(text)) → \(choice.target)\(FuzzText.at(choice.location))"
    }

    static func runList(_ runs: [Int], of total: Int) -> String {
        runs.map(String.init).joined(separator: ", ") + (total > runs.count ? ", …" : "")
    }

    /// A share of runs: two decimals (`12.50%`).
    static func percent(_ share: Double) -> String { NumberText.percent(share, decimals: 2) }
}
