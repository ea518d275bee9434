import Foundation

/// `storygraph test`'s outputs: text for a person, JSON (`Schemas/test.schema.json`),
/// JUnit XML for CI test tabs and SARIF 2.1.0 for code-scanning views (a failing
/// expectation at its line of `storygraph.json`).
extension ExpectationCheck {
    package enum Format: String, Sendable, CaseIterable {
        case text, json, junit, sarif
    }

    /// The counts of each verdict, in the order holds, fails, unknown.
    package var counts: (holds: Int, fails: Int, unknown: Int) {
        (
            results.count { $0.verdict == .holds }, results.count { $0.verdict == .fails },
            results.count { $0.verdict == .unknown }
        )
    }

    /// "3 held, 1 failed, 1 unknown".
    package var summary: String {
        let (holds, fails, unknown) = counts
        return "\(holds) held, \(fails) failed, \(unknown) unknown"
    }

    /// The search's size and completeness: "412 states, search complete".
    package var searchLine: String {
        "\(NumberText.grouped(analysis.states)) states, "
            + (analysis.stopDescription.map { "search \($0)" } ?? "search complete")
    }

    /// The numbers a reader types in `play STORY` to take the trace's choices (its
    /// automatic steps play by themselves); nil when play does not offer one.
    package func typedKeys(_ trace: StateTrace) -> [Int]? {
        var session = PlaySession(PlayGraph(graph), evaluatingConditions: true)
        var keys: [Int] = []
        for ref in trace.choices {
            guard let slot = session.offeredSlot(for: ref) else { return nil }
            if session.goesOnByItself {
                session.take(slot, automatic: true)
                continue
            }
            keys.append((session.offered.firstIndex(of: slot) ?? 0) + 1)
            session.take(slot)
        }
        return keys
    }

    /// The shell line that replays the trace in `play` (`storyArguments` quoted for a
    /// POSIX shell).
    package func replayLine(_ trace: StateTrace, storyArguments: [String]) -> String? {
        guard let keys = typedKeys(trace) else { return nil }
        let story = storyArguments.map(Self.shellQuoted).joined(separator: " ")
        if keys.isEmpty { return "storygraph play \(story) < /dev/null" }
        return "printf '\(keys.map { "\($0)\\n" }.joined())' | storygraph play \(story)"
    }

    static func shellQuoted(_ word: String) -> String {
        let plain = word.unicodeScalars.allSatisfy {
            $0.properties.isAlphabetic || ("0"..."9").contains($0) || "/._-+,:@".unicodeScalars.contains($0)
        }
        return plain && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// The variables the expectation's condition reads (shown at the start of its trace).
    private func read(by expectation: StoryExpectation) -> [Int] {
        let names: [String]
        switch expectation.kind {
        case .always(let c), .atEndings(let c): names = StateModel.expression(c).variables
        default: names = []
        }
        return names.compactMap { analysis.model.variables.firstIndex(of: $0) }
    }

    // MARK: Text

    /// The text for a person: the search, then each expectation with its verdict, why,
    /// and the playthrough behind it.
    package func text(storyArguments: [String], expectFile: String) -> String {
        let esc = TerminalText.escaped
        var lines = [
            "\(storyArguments.map(esc).joined(separator: " ")): \(results.count) expectation\(results.count == 1 ? "" : "s") from \(esc(expectFile)) (\(searchLine))",
            "",
        ]
        for result in results {
            let e = result.expectation
            let word = result.verdict == .fails ? "FAILS" : result.verdict.rawValue
            lines.append(
                "\(word.padding(toLength: 8, withPad: " ", startingAt: 0)) \(esc(e.name))  [\(esc(e.location.file)):\(e.location.line)]"
            )
            lines.append("         \(esc(result.reason))")
            if let trace = result.trace {
                let title =
                    result.verdict == .holds ? "the way" : result.verdict == .fails ? "counterexample" : "evidence"
                lines.append("         \(title):")
                lines += traceLines(trace, showing: read(by: e)).map { "           " + $0 }
                if let replay = replayLine(trace, storyArguments: storyArguments) {
                    lines.append("         replay: \(esc(replay))")
                }
            }
            for ending in result.unreached where !ending.blocking.isEmpty {
                let blocks = ending.blocking.map { ref in
                    let choice = graph.choice(ref)
                    return "'\(esc(choice.text))' in \(esc(graph.ids[ref.passage]))"
                        + (choice.condition.map { " (\(esc($0.description)))" } ?? "")
                }
                lines.append(
                    "         '\(esc(graph.ids[ending.passage]))' is blocked by " + blocks.joined(separator: "; "))
            }
        }
        lines.append("")
        lines.append(summary)
        return lines.joined(separator: "\n") + "\n"
    }

    /// One line a step: the start with the values of `showing`, then each choice, where it
    /// leads, and the tracked values it changed.
    private func traceLines(_ trace: StateTrace, showing: [Int]) -> [String] {
        let esc = TerminalText.escaped
        let names = analysis.model.variables
        func value(_ v: StateValue?) -> String { v.map { esc($0.description) } ?? "unknown" }
        guard let start = trace.steps.first else { return [] }
        var lines = [
            "start at \(esc(graph.ids[start.passage]))"
                + (showing.isEmpty
                    ? ""
                    : ": " + showing.map { "\(esc(names[$0])) = \(value(start.values[$0]))" }.joined(separator: ", "))
        ]
        for (i, step) in trace.steps.enumerated().dropFirst() {
            guard let ref = step.choice else { continue }
            let before = trace.steps[i - 1].values
            let changed = names.indices.filter { before[$0] != step.values[$0] }
            lines.append(
                "\(i). \(esc(graph.ids[ref.passage])): "
                    + (graph.choice(ref).text.isEmpty ? "(goes on)" : "'\(esc(graph.choice(ref).text))'")
                    + " -> \(esc(graph.ids[step.passage]))"
                    + (changed.isEmpty
                        ? ""
                        : "; " + changed.map { "\(esc(names[$0])) = \(value(step.values[$0]))" }.joined(separator: ", "))
            )
        }
        return lines
    }

    // MARK: JSON

    private static func value(_ v: StateValue?) -> ReportValue {
        switch v {
        case .number(let n)?: n == n.rounded() && abs(n) < 1e15 ? .int(Int(n)) : .double(n)
        case .integer(let n)?: .int(n)
        case .string(let s)?: .string(s)
        case .boolean(let b)?: .bool(b)
        case .unset?, nil: .null
        }
    }

    private func traceValue(_ trace: StateTrace, storyArguments: [String]) -> ReportValue {
        let names = analysis.model.variables
        let steps = trace.steps.enumerated().map { i, step -> ReportValue in
            var fields: [(String, ReportValue)] = [("passage", .string(graph.ids[step.passage]))]
            if let ref = step.choice {
                fields.append(("from", .string(graph.ids[ref.passage])))
                fields.append(("choice", .int(ref.choice + 1)))
                fields.append(("choice_text", .string(graph.choice(ref).text)))
            }
            let shown =
                i == 0
                ? Array(names.indices) : names.indices.filter { trace.steps[i - 1].values[$0] != step.values[$0] }
            fields.append(
                (
                    i == 0 ? "state" : "changes",
                    .array(
                        shown.map {
                            .object([("variable", .string(names[$0])), ("value", Self.value(step.values[$0]))])
                        })
                ))
            return .object(fields)
        }
        var fields: [(String, ReportValue)] = [("steps", .array(steps))]
        if let keys = typedKeys(trace) { fields.append(("play_keys", .array(keys.map(ReportValue.int)))) }
        if let line = replayLine(trace, storyArguments: storyArguments) { fields.append(("replay", .string(line))) }
        return .object(fields)
    }

    /// The JSON document (`Schemas/test.schema.json`), snake_case keys, pretty-printed.
    /// `timings`: with the search's seconds and states a second (not deterministic).
    package func json(storyArguments: [String], expectFile: String, timings: Bool = false) -> String {
        let (holds, fails, unknown) = counts
        let expectations = results.map { result -> ReportValue in
            let e = result.expectation
            var fields: [(String, ReportValue)] = [
                ("name", .string(e.name)), ("kind", .string(e.kind.key)), ("line", .int(e.location.line)),
                ("verdict", .string(result.verdict.rawValue)), ("reason", .string(result.reason)),
            ]
            if let trace = result.trace { fields.append(("trace", traceValue(trace, storyArguments: storyArguments))) }
            if !result.unreached.isEmpty {
                fields.append(
                    (
                        "unreached",
                        .array(
                            result.unreached.map { ending in
                                .object([
                                    ("ending", .string(graph.ids[ending.passage])),
                                    (
                                        "blocked_by",
                                        .array(
                                            ending.blocking.map { ref in
                                                .object([
                                                    ("passage", .string(graph.ids[ref.passage])),
                                                    ("choice", .int(ref.choice + 1)),
                                                    ("choice_text", .string(graph.choice(ref).text)),
                                                    ("condition", .optional(graph.choice(ref).condition?.description)),
                                                ])
                                            })
                                    ),
                                ])
                            })
                    ))
            }
            return .object(fields)
        }
        let document = ReportValue.object([
            ("schema_version", .int(2)), ("story", .strings(storyArguments)), ("expect_file", .string(expectFile)),
            (
                "search",
                .object([
                    ("states", .int(analysis.states)), ("complete", .bool(analysis.isComplete)),
                    ("proves_absence", .bool(analysis.provesAbsence)),
                    ("stopped_by", .optional(analysis.stoppedBy?.rawValue)),
                ]
                    + (timings
                        ? [
                            ("seconds", .double(analysis.seconds)), ("states_per_second", .double(analysis.statesPerSecond)),
                            ("setup_seconds", .double(analysis.setupSeconds)),
                            ("exploration_states_per_second", .double(analysis.explorationStatesPerSecond)),
                        ]
                        : []))
            ),
            ("verdict", .string(verdict.rawValue)),
            ("counts", .object([("holds", .int(holds)), ("fails", .int(fails)), ("unknown", .int(unknown))])),
            ("expectations", .array(expectations)),
        ])
        return String(decoding: JSONOutput.encode(document, keys: .asWritten), as: UTF8.self) + "\n"
    }

    // MARK: JUnit

    /// XML text: `& < > " '` as references, and the characters XML 1.0 cannot hold (C0
    /// controls but tab, newline and return; U+FFFE, U+FFFF) as U+FFFD.
    static func xmlEscaped(_ text: String) -> String {
        ScalarEscaping.escaped(text) { scalar in
            switch scalar {
            case "&": "&amp;"
            case "<": "&lt;"
            case ">": "&gt;"
            case "\"": "&quot;"
            case "'": "&apos;"
            case "\t", "\n", "\r": nil
            default: scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF ? "\u{FFFD}" : nil
            }
        }
    }

    /// JUnit XML: one `testsuite` (the story) with a `testcase` per expectation, a
    /// `failure` for one that fails and `skipped` for one unknown, the reason and the
    /// playthrough in their text.
    package func junit(storyArguments: [String], expectFile: String) -> String {
        let (_, fails, unknown) = counts
        let suite = storyArguments.joined(separator: " ")
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<testsuites name=\"storygraph test\" tests=\"\(results.count)\" failures=\"\(fails)\" skipped=\"\(unknown)\">",
            "  <testsuite name=\"\(Self.xmlEscaped(suite))\" tests=\"\(results.count)\" failures=\"\(fails)\" errors=\"0\" skipped=\"\(unknown)\">",
        ]
        for result in results {
            let e = result.expectation
            let open =
                "    <testcase name=\"\(Self.xmlEscaped(e.name))\" classname=\"\(Self.xmlEscaped(expectFile))\" file=\"\(Self.xmlEscaped(e.location.file))\" line=\"\(e.location.line)\""
            var detail = result.reason
            if let trace = result.trace {
                detail += "\n" + traceLines(trace, showing: read(by: e)).joined(separator: "\n")
                if let replay = replayLine(trace, storyArguments: storyArguments) { detail += "\nreplay: " + replay }
            }
            switch result.verdict {
            case .holds:
                lines.append(open + " />")
            case .fails:
                lines.append(open + ">")
                lines.append(
                    "      <failure message=\"\(Self.xmlEscaped(result.reason))\" type=\"\(e.kind.key)\">\(Self.xmlEscaped(detail))</failure>"
                )
                lines.append("    </testcase>")
            case .unknown:
                lines.append(open + ">")
                lines.append("      <skipped message=\"\(Self.xmlEscaped("unknown: " + result.reason))\" />")
                lines.append("    </testcase>")
            }
        }
        lines += ["  </testsuite>", "</testsuites>"]
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: SARIF

    /// SARIF 2.1.0: one result per expectation that fails (level error) or is unknown
    /// (level note), located at its line of the expectation file; a rule per kind.
    package func sarif(tool: CheckCIOutput.Tool, currentFolder: String) -> String {
        let kinds = StoryExpectation.Kind.keys
        let rules = kinds.map { key in
            ReportValue.object([
                ("id", .string("expect-" + key.replacingOccurrences(of: "_", with: "-"))),
                ("shortDescription", .object([("text", .string("a writer's expectation: \(key)"))])),
            ])
        }
        let results = self.results.filter { $0.verdict != .holds }.map { result -> ReportValue in
            let e = result.expectation
            let index = kinds.firstIndex(of: e.kind.key) ?? 0
            var file = e.location.file
            let folder = currentFolder.hasSuffix("/") ? currentFolder : currentFolder + "/"
            if file.hasPrefix(folder) { file.removeFirst(folder.count) }
            let uri = file.split(separator: "/", omittingEmptySubsequences: false).map {
                String($0).addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? String($0)
            }.joined(separator: "/")
            return .object([
                ("ruleId", .string("expect-" + e.kind.key.replacingOccurrences(of: "_", with: "-"))),
                ("ruleIndex", .int(index)),
                ("level", .string(result.verdict == .fails ? "error" : "note")),
                ("message", .object([("text", .string("\(e.name): \(result.verdict.rawValue): \(result.reason)"))])),
                (
                    "locations",
                    .array([
                        .object([
                            (
                                "physicalLocation",
                                .object([
                                    ("artifactLocation", .object([("uri", .string(uri))])),
                                    ("region", .object([("startLine", .int(e.location.line))])),
                                ])
                            )
                        ])
                    ])
                ),
            ])
        }
        let driver = ReportValue.object([
            ("name", .string(tool.name)), ("version", .string(tool.version)),
            ("semanticVersion", .string(tool.version)), ("rules", .array(rules)),
        ])
        let log = ReportValue.object([
            ("$schema", .string(CheckCIOutput.sarifSchema)), ("version", .string("2.1.0")),
            ("runs", .array([.object([("tool", .object([("driver", driver)])), ("results", .array(results))])])),
        ])
        return String(decoding: JSONOutput.encode(log, keys: .asWritten), as: UTF8.self) + "\n"
    }
}
