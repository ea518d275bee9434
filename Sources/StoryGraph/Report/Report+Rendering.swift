import Foundation

extension Report {
    /// Pretty-printed JSON with sorted snake_case keys; big counts are decimal strings.
    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        // Encoding plain values with finite floats cannot fail.
        let data = try! encoder.encode(self)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// Reads back what `json()` wrote.
    public init(json: Data) throws {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        self = try decoder.decode(Report.self, from: json)
    }

    /// A report for people: sections of aligned tables, big numbers with thousands
    /// separators, long lists shortened.
    public func text() -> String {
        var out: [String] = []
        out.append("\(title.isEmpty ? "(untitled)" : title) — \(format), starts at '\(start)'")
        out.append("")
        out.append("STRUCTURE")
        out += Table.render(structureRows(), indent: 2)
        out.append("")
        out.append("PATHS")
        out += Table.render(pathRows(), indent: 2)
        out.append("")
        out.append("ENDINGS")
        if endings.isEmpty {
            out.append("  none reachable")
        } else {
            let rows = [["ending", "kind", "paths", "shortest", "longest", "odds"]] + endings.prefix(Self.endingRows).map { e in
                [e.id, e.kind ?? (e.tags.isEmpty ? "-" : e.tags.joined(separator: " ")), e.paths.formatted() + (paths.exact ? "" : "+"),
                 Self.grouped(e.shortest), e.longest < 0 ? "-" : Self.grouped(e.longest) + (paths.exact ? "" : "+"), Self.percent(e.probability)]
            }
            out += Table.render(rows, indent: 2, rightAligned: [2, 3, 4, 5], header: true)
            if endings.count > Self.endingRows {
                out.append("  … \(Self.grouped(endings.count - Self.endingRows)) more endings in the JSON report")
            }
        }
        out.append("")
        out.append("ODDS (a reader who picks at random)")
        out += Table.render(oddsRows(), indent: 2)
        out.append("")
        out.append("LOOPS")
        out += Table.render(loopRows(), indent: 2)
        for cycle in cycles.listed.prefix(10) {
            out.append("  " + (cycle.passages + [cycle.passages[0]]).joined(separator: " → ") + (cycle.escapable ? "" : "  (trapping)"))
        }
        if cycles.listed.count > 10 { out.append("  … \(cycles.listed.count - 10) more listed in the JSON report") }
        out.append("")
        out.append("BOTTLENECKS (every path to an ending goes through them)")
        out.append("  " + (bottlenecks.isEmpty ? "none" : Self.list(bottlenecks.map { $0 == start ? "\($0) (the start)" : $0 }, limit: 20)))
        out.append("")
        out.append("PROBLEMS")
        out += Table.render([
            ["unreachable", Self.count(unreachable)],
            ["trapped", Self.count(trapped)],
        ], indent: 2)
        let errors = findings.filter { $0.severity == "error" }.count
        let warnings = findings.filter { $0.severity == "warning" }.count
        let infos = findings.filter { $0.severity == "info" }.count
        out.append("  findings: \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s"), \(infos) info")
        for finding in findings.prefix(20) {
            out.append("  \(finding.severity): \(finding.message)" + (finding.rule.map { " [\($0)]" } ?? ""))
        }
        if findings.count > 20 { out.append("  … \(findings.count - 20) more (storygraph check lists them all)") }
        return out.joined(separator: "\n") + "\n"
    }

    /// A report to paste in a pull request: the same sections as Markdown tables.
    public func markdown() -> String {
        var out: [String] = []
        out.append("## \(Self.escape(title.isEmpty ? "(untitled)" : title))")
        out.append("")
        out.append("Format `\(format)`, starts at `\(start)`.")
        out.append("")
        out.append("### Structure")
        out += Table.markdown([["figure", "value"]] + structureRows() + pathRows())
        out.append("")
        out.append("### Endings")
        out.append("")
        if endings.isEmpty {
            out.append("No ending can be reached.")
        } else {
            out += Table.markdown([["ending", "kind", "paths", "shortest", "longest", "odds"]] + endings.prefix(Self.endingRows).map { e in
                ["`\(e.id)`", e.kind ?? "-", e.paths.formatted() + (paths.exact ? "" : "+"),
                 Self.grouped(e.shortest), e.longest < 0 ? "-" : Self.grouped(e.longest), Self.percent(e.probability)]
            }, rightAligned: [2, 3, 4, 5])
            if endings.count > Self.endingRows {
                out.append("")
                out.append("… \(Self.grouped(endings.count - Self.endingRows)) more endings in the JSON report.")
            }
        }
        out.append("")
        out.append("### Odds")
        out += Table.markdown([["outcome", "value"]] + oddsRows())
        out.append("")
        out.append("### Loops")
        out += Table.markdown([["figure", "value"]] + loopRows())
        if !cycles.listed.isEmpty {
            out.append("")
            for cycle in cycles.listed.prefix(10) {
                out.append("- " + (cycle.passages + [cycle.passages[0]]).map { "`\($0)`" }.joined(separator: " → ") + (cycle.escapable ? "" : " (trapping)"))
            }
        }
        out.append("")
        out.append("### Bottlenecks")
        out.append("")
        out.append(bottlenecks.isEmpty ? "None." : Self.list(bottlenecks.map { $0 == start ? "`\($0)` (the start)" : "`\($0)`" }, limit: 20))
        out.append("")
        out.append("### Findings")
        out.append("")
        if findings.isEmpty {
            out.append("None.")
        } else {
            out += Table.markdown([["severity", "rule", "where", "message"]] + findings.prefix(100).map { f in
                [f.severity, f.rule.map { "`\($0)`" } ?? "", f.file.map { "\($0):\(f.line ?? 0):\(f.column ?? 0)" } ?? "", Self.escape(f.message)]
            })
            if findings.count > 100 { out += ["", "… \(Self.grouped(findings.count - 100)) more (`storygraph check` lists them all)."] }
        }
        return out.joined(separator: "\n") + "\n"
    }

    private func structureRows() -> [[String]] {
        [
            ["passages", Self.grouped(structure.passages)],
            ["choices", Self.grouped(structure.choices)],
            ["words", Self.grouped(structure.words)],
            ["endings", Self.grouped(structure.endings)],
            ["mean choices per passage", String(format: "%.2f", structure.meanChoices)],
            ["passages where paths merge", Self.grouped(structure.merges)],
            ["false choices", structure.falseChoices.isEmpty ? "0" : "\(Self.grouped(structure.falseChoices.count)) (\(Self.list(structure.falseChoices, limit: 5)))"],
            ["shortest path", structure.shortestPath.map { "\(Self.grouped($0)) choice\($0 == 1 ? "" : "s")" } ?? "-"],
            ["longest path", structure.longestPath.map { "\(Self.grouped($0))\(paths.exact ? "" : "+") choice\($0 == 1 && paths.exact ? "" : "s")" } ?? "-"],
        ] + (structure.source?.figures ?? []).map { ["\(format): \($0.name.replacingOccurrences(of: "_", with: " "))", Self.grouped($0.value)] }
    }

    private func pathRows() -> [[String]] {
        [
            ["paths", paths.total.formatted() + (paths.exact ? " (exact)" : " (at least: search stopped at its budget)")],
            ["unbounded walks", paths.unboundedWalks ? "yes (the reader can loop and still reach an ending)" : "no"],
        ]
    }

    private func oddsRows() -> [[String]] {
        var rows = [["never ending (trapped)", Self.percent(odds.neverEnding)]]
        if odds.brokenLink > 0 { rows.append(["broken link", Self.percent(odds.brokenLink)]) }
        if odds.dynamicLink > 0 { rows.append(["dynamic link", Self.percent(odds.dynamicLink)]) }
        rows.append(["expected choices", odds.expectedChoices.map { String(format: "%.2f", $0) } ?? "- (a reader may never stop)"])
        if !odds.converged { rows.append(["note", "the iterative solve did not reach 1e-12"]) }
        return rows
    }

    private func loopRows() -> [[String]] {
        let trapping = loops.filter { !$0.escapable }.count
        return [
            ["loops (cyclic components)", "\(Self.grouped(loops.count)) (\(Self.grouped(loops.count - trapping)) escapable, \(Self.grouped(trapping)) trapping)"],
            ["elementary cycles", Self.grouped(cycles.count) + (cycles.exact ? "" : "+ (at least: search stopped at its budget)")],
        ]
    }

    /// Endings shown in the text and Markdown tables; JSON has them all.
    static let endingRows = 40

    static func percent(_ p: Double) -> String {
        let value = p * 100
        if value == value.rounded() { return String(format: "%.0f%%", value) }
        return String(format: "%.4g%%", value)
    }

    static func grouped(_ n: Int) -> String { BigUInt(UInt64(max(0, n))).formatted() }

    static func count(_ names: [String]) -> String {
        names.isEmpty ? "0" : "\(grouped(names.count)) (\(list(names, limit: 10)))"
    }

    static func list(_ names: [String], limit: Int) -> String {
        if names.count <= limit { return names.joined(separator: ", ") }
        return names.prefix(limit).joined(separator: ", ") + ", … \(grouped(names.count - limit)) more"
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}

/// Aligned plain-text and Markdown tables.
enum Table {
    static func render(_ rows: [[String]], indent: Int, rightAligned: Set<Int> = [], header: Bool = false) -> [String] {
        guard let columns = rows.map(\.count).max() else { return [] }
        var widths = [Int](repeating: 0, count: columns)
        for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
        let pad = String(repeating: " ", count: indent)
        var lines: [String] = []
        for (r, row) in rows.enumerated() {
            var cells: [String] = []
            for (i, cell) in row.enumerated() {
                let fill = String(repeating: " ", count: widths[i] - cell.count)
                let last = i == row.count - 1
                cells.append(rightAligned.contains(i) ? fill + cell : (last ? cell : cell + fill))
            }
            lines.append(pad + cells.joined(separator: "  "))
            if header && r == 0 {
                lines.append(pad + widths.map { String(repeating: "-", count: $0) }.joined(separator: "  "))
            }
        }
        return lines
    }

    static func markdown(_ rows: [[String]], rightAligned: Set<Int> = []) -> [String] {
        guard let head = rows.first else { return [] }
        var lines = [""]
        lines.append("| " + head.joined(separator: " | ") + " |")
        lines.append("|" + head.indices.map { rightAligned.contains($0) ? "---:|" : "---|" }.joined())
        for row in rows.dropFirst() { lines.append("| " + row.joined(separator: " | ") + " |") }
        return lines
    }
}
