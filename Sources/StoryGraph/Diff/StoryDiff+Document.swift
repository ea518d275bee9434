extension StoryDiff {
    /// Lines of each list shown to people; the JSON has them all.
    static let rows = 40

    /// The diff as one document: a summary, the figures before and after, then passages,
    /// links, endings and findings, each rendered as text, Markdown or JSON
    /// (`Schemas/diff.schema.json`).
    ///
    /// - Complexity: O(changes).
    package func document() -> ReportDocument {
        ReportDocument(
            heading: nil,
            sections: [
                summarySection(), figuresSection(), passagesSection(), linksSection(), endingsSection(), pathsSection(),
                findingsSection("New findings", key: "new", newFindings),
                findingsSection("Fixed findings", key: "fixed", fixedFindings),
            ],
            fields: [
                .init("rename.threshold", .double(matching.threshold)),
                .init("rename.candidate_pairs", .int(matching.candidatePairs)),
                .init("rename.complete", .bool(matching.renameSearchComplete)),
            ])
    }

    /// "2 passages added, 1 removed, 1 renamed; 3 links added, …": every count that is not
    /// zero, or "no changes" when all are.
    package var summary: String {
        func count(_ n: Int, _ noun: String, _ verb: String, first: Bool) -> String {
            first ? "\(NumberText.grouped(n)) \(noun)\(n == 1 ? "" : "s") \(verb)" : "\(NumberText.grouped(n)) \(verb)"
        }
        func part(_ noun: String, _ counts: [(Int, String)]) -> String? {
            let shown = counts.filter { $0.0 > 0 }
            guard !shown.isEmpty else { return nil }
            return shown.enumerated().map { count($1.0, noun, $1.1, first: $0 == 0) }.joined(separator: ", ")
        }
        let kinds = { (kind: LinkChange.Kind) in links.count { $0.kind == kind } }
        let errors = newErrors.count
        let parts = [
            part("passage", [(added.count, "added"), (removed.count, "removed"), (matching.renames.count, "renamed")]),
            part("link", [(kinds(.added), "added"), (kinds(.removed), "removed"), (kinds(.retargeted), "retargeted")]),
            part("ending", [(gainedEndings.count, "gained"), (lostEndings.count, "lost")]),
            newFindings.isEmpty
                ? nil
                : "\(NumberText.grouped(newFindings.count)) new finding\(newFindings.count == 1 ? "" : "s")"
                    + (errors > 0 ? " (\(NumberText.grouped(errors)) error\(errors == 1 ? "" : "s"))" : ""),
            part("finding", [(fixedFindings.count, "fixed")]),
        ].compactMap { $0 }
        return parts.isEmpty ? "no changes to passages, links, endings or findings" : parts.joined(separator: "; ")
    }

    private func summarySection() -> ReportDocument.Section {
        func side(_ side: Side, _ key: String) -> [ReportDocument.Field] {
            [
                .init("\(key).file", .string(side.name)), .init("\(key).title", .string(side.report.title)),
                .init("\(key).format", .string(side.report.format)), .init("\(key).start", .string(side.report.start)),
            ]
        }
        return .init(
            "",
            [
                .paragraph(.code(old.name) + " → " + .code(new.name) + ": " + ReportText(summary)),
                .data(side(old, "old") + side(new, "new")),
            ])
    }

    private func figuresSection() -> ReportDocument.Section {
        let before = old.report
        let after = new.report
        func change(_ a: String, _ b: String) -> ReportText { a == b ? "\(a) (same)" : "\(a) → \(b)" }
        func figure(_ label: String, _ key: String, _ a: Int, _ b: Int) -> ReportDocument.Figure {
            .init(
                label, change(NumberText.grouped(a), NumberText.grouped(b)),
                [.init("before.\(key)", .int(a)), .init("after.\(key)", .int(b))])
        }
        func paths(_ report: Report) -> String { report.paths.total.formatted() + (report.paths.exact ? "" : "+") }
        return .init(
            "Figures", note: "before → after",
            [
                .figures([
                    figure("passages", "passages", before.structure.passages, after.structure.passages),
                    figure("choices", "choices", before.structure.choices, after.structure.choices),
                    figure("endings", "endings", before.endings.count, after.endings.count),
                    .init(
                        "paths", change(paths(before), paths(after)),
                        [
                            .init("before.paths", .big(before.paths.total)),
                            .init("after.paths", .big(after.paths.total)),
                            .init("before.paths_exact", .bool(before.paths.exact)),
                            .init("after.paths_exact", .bool(after.paths.exact)),
                        ]),
                    .init(
                        "never ending (trapped)",
                        change(NumberText.percent(before.odds.neverEnding), NumberText.percent(after.odds.neverEnding)),
                        [
                            .init("before.never_ending", .double(before.odds.neverEnding)),
                            .init("after.never_ending", .double(after.odds.neverEnding)),
                        ]),
                    .init(
                        "broken link (the story fails)",
                        change(NumberText.percent(before.odds.brokenLink), NumberText.percent(after.odds.brokenLink)),
                        [
                            .init("before.broken_link", .double(before.odds.brokenLink)),
                            .init("after.broken_link", .double(after.odds.brokenLink)),
                        ]),
                ])
            ])
    }

    private static func cut(_ noun: String) -> ReportDocument.Cut {
        .init(limit: rows, noun: noun, hint: "the JSON output lists them all")
    }

    private func passagesSection() -> ReportDocument.Section {
        var blocks: [ReportDocument.Block] = []
        if added.isEmpty && removed.isEmpty && matching.renames.isEmpty {
            blocks.append(.paragraph("none added, removed or renamed"))
        }
        if !matching.renameSearchComplete {
            blocks.append(
                .paragraph(
                    ReportText(
                        "renames not sought: \(NumberText.grouped(matching.candidatePairs)) pairs of removed and added passages is over the limit of \(NumberText.grouped(PassageMatching.pairLimit))"
                    )))
        }
        blocks += [
            .list(
                .init(
                    key: "added", style: .lines, items: added.map { .init("added " + .code($0), .string($0)) },
                    empty: nil, cut: Self.cut("added passages"))),
            .list(
                .init(
                    key: "removed", style: .lines, items: removed.map { .init("removed " + .code($0), .string($0)) },
                    empty: nil, cut: Self.cut("removed passages"))),
            .list(
                .init(
                    key: "renamed", style: .lines,
                    items: matching.renames.map { rename in
                        .init(
                            "renamed " + .code(rename.old) + " → " + .code(rename.new)
                                + ReportText(" (\(NumberText.percent(rename.similarity)) of words alike)"),
                            .object([
                                ("old", .string(rename.old)), ("new", .string(rename.new)),
                                ("similarity", .double(rename.similarity)),
                            ]))
                    }, empty: nil, cut: Self.cut("renamed passages"))),
        ]
        return .init(
            "Passages", note: "renamed: at least \(NumberText.percent(matching.threshold)) of words alike",
            key: "passages", blocks)
    }

    private func linksSection() -> ReportDocument.Section {
        let items = links.map { link -> ReportDocument.Item in
            let label = ReportText(" “\(link.label)” → ")
            let text: ReportText =
                switch link.kind {
                case .added: "added " + .code(link.passage) + label + .code(link.newTarget ?? "")
                case .removed: "removed " + .code(link.passage) + label + .code(link.oldTarget ?? "")
                case .retargeted:
                    "retargeted " + .code(link.passage) + label + .code(link.newTarget ?? "") + " (was "
                        + .code(link.oldTarget ?? "") + ")"
                }
            return .init(
                text,
                .object([
                    ("passage", .string(link.passage)), ("label", .string(link.label)),
                    ("change", .string(link.kind.rawValue)),
                    ("old_target", .optional(link.oldTarget)), ("new_target", .optional(link.newTarget)),
                ]))
        }
        return .init(
            "Links", note: "of passages in both versions",
            [
                .list(
                    .init(
                        key: "links", style: .lines, items: items, empty: "none added, removed or retargeted",
                        cut: Self.cut("link changes")))
            ])
    }

    private func endingsSection() -> ReportDocument.Section {
        let before = old.report.paths.exact ? "" : "+"
        let after = new.report.paths.exact ? "" : "+"
        let rows = endings.map { e in
            ReportDocument.Row(
                [
                    .code(e.id) + (e.oldID.map { " (was " + .code($0) + ")" } ?? ""), ReportText(e.kind.rawValue),
                    ReportText(e.pathsBefore.map { $0.formatted() + before } ?? "-"),
                    ReportText(e.pathsAfter.map { $0.formatted() + after } ?? "-"),
                    ReportText(e.probabilityBefore.map(NumberText.percent) ?? "-"),
                    ReportText(e.probabilityAfter.map(NumberText.percent) ?? "-"),
                ],
                .object([
                    ("id", .string(e.id)), ("old_id", .optional(e.oldID)), ("change", .string(e.kind.rawValue)),
                    ("paths_before", e.pathsBefore.map(ReportValue.big) ?? .null),
                    ("paths_after", e.pathsAfter.map(ReportValue.big) ?? .null),
                    ("probability_before", .optional(e.probabilityBefore)),
                    ("probability_after", .optional(e.probabilityAfter)),
                ]))
        }
        let table = ReportDocument.Table(
            key: "endings",
            columns: [
                .init("ending"), .init("change"), .init("paths before", rightAligned: true),
                .init("paths after", rightAligned: true),
                .init("odds before", rightAligned: true), .init("odds after", rightAligned: true),
            ],
            rows: rows, empty: "none reachable in either version", cut: Self.cut("endings"))
        return .init("Endings", [.table(table)])
    }

    private func pathsSection() -> ReportDocument.Section {
        let p = paths
        func items(_ verb: String, _ entries: [PathChanges.Entry]) -> [ReportDocument.Item] {
            entries.map { e in
                .init(
                    ReportText(verb + " ") + .code(e.id) + " "
                        + .joined(e.passages.map(ReportText.code), separator: " → "),
                    .object([("id", .string(e.id)), ("passages", .strings(e.passages))]))
            }
        }
        var blocks: [ReportDocument.Block] = [
            .data([
                .init("before", .int(p.before)), .init("after", .int(p.after)), .init("compared", .bool(p.compared)),
                .init("limit", .int(p.limit)),
            ])
        ]
        if !p.compared {
            let count = { (n: Int) in n > p.limit ? "over \(NumberText.grouped(p.limit))" : NumberText.grouped(n) }
            blocks.append(
                .paragraph(
                    ReportText(
                        "too many paths to compare by id: \(count(p.before)) before, \(count(p.after)) after (at most \(NumberText.grouped(p.limit)) a version)"
                    )))
        } else if p.added.isEmpty && p.removed.isEmpty && p.changed.isEmpty {
            blocks.append(.paragraph("none added, removed or changed"))
        }
        blocks += [
            .list(
                .init(
                    key: "added", style: .lines, items: items("added", p.added), empty: nil,
                    cut: Self.cut("added paths"))),
            .list(
                .init(
                    key: "removed", style: .lines, items: items("removed", p.removed), empty: nil,
                    cut: Self.cut("removed paths"))),
            .list(
                .init(
                    key: "changed", style: .lines, items: items("changed", p.changed), empty: nil,
                    cut: Self.cut("changed paths"))),
        ]
        return .init("Paths", note: "by id: changed is the same choices with other text", key: "paths", blocks)
    }

    private func findingsSection(_ title: String, key: String, _ findings: [Report.Finding]) -> ReportDocument.Section {
        let items = findings.map { finding in
            ReportDocument.Item(
                (finding.location.map { .code($0.description) + ": " } ?? "")
                    + ReportText("\(finding.severity): \(finding.message)")
                    + (finding.rule.map { " [" + .code($0) + "]" } ?? ""),
                finding.value)
        }
        return .init(
            title, key: "findings",
            [
                .list(
                    .init(
                        key: key, style: .lines, items: items, empty: "none",
                        cut: Self.cut(key == "new" ? "new findings" : "fixed findings")))
            ])
    }
}

extension StoryDiff {
    /// What `diff --format` writes.
    package enum Format: String, Sendable, CaseIterable { case text, markdown, json }

    /// The diff in `format`: the same document as text, Markdown to paste in a pull
    /// request, or JSON.
    package func rendered(_ format: Format) -> String {
        let document = document()
        return switch format {
        case .text: document.text()
        case .markdown: document.markdown()
        case .json: document.json()
        }
    }

    /// What makes a diff fail a CI check (`diff --fail-on`).
    package enum FailOn: String, Sendable, CaseIterable {
        case newErrors = "new-errors"
        case lostEndings = "lost-endings"
    }

    /// Why the diff fails under `failOn` (`1 new error`, `2 lost endings`); empty when it
    /// does not.
    package func failures(_ failOn: Set<FailOn>) -> [String] {
        var reasons: [String] = []
        if failOn.contains(.newErrors) && !newErrors.isEmpty {
            reasons.append("\(newErrors.count) new error\(newErrors.count == 1 ? "" : "s")")
        }
        if failOn.contains(.lostEndings) && !lostEndings.isEmpty {
            reasons.append("\(lostEndings.count) lost ending\(lostEndings.count == 1 ? "" : "s")")
        }
        return reasons
    }
}
