import Foundation
import StoryGraph

/// The answers to requests on a story already analysed (`AnalysedStory`): hover,
/// definition, document symbols, completion and the broken link's code action.
extension LanguageServer {
    // MARK: Definition

    /// From a link's target to the header of its passage, in whichever file of the story.
    func definition(_ story: AnalysedStory, _ file: String, _ line: Int, _ column: Int) -> JSONValue {
        guard let (_, link) = story.passage(at: file, line: line, column: column), let link,
            let target = link.passage, let site = story.site(of: target)
        else { return .null }
        return LSP.location(uri: workspace.uri(of: site.file), range: headerRange(site, story))
    }

    private func headerRange(_ site: AnalysedStory.PassageSite, _ story: AnalysedStory) -> JSONValue {
        (story.texts[site.file] ?? TextLines("")).range(line: site.line, from: site.nameStart, to: site.nameEnd)
    }

    // MARK: Hover

    /// On a passage's header or a link to it: the paths through it, the endings it can
    /// reach, the odds of reaching it and from it, and what the state search says of it.
    func hover(_ story: AnalysedStory, _ file: String, _ line: Int, _ column: Int) -> JSONValue {
        guard let (passage, link) = story.passage(at: file, line: line, column: column) else { return .null }
        let text = story.texts[file] ?? TextLines("")
        let range: JSONValue
        if let link {
            range = text.range(line: link.line, from: link.start, to: link.end)
        } else if let site = story.site(of: passage) {
            range = headerRange(site, story)
        } else {
            return .null
        }
        return ["contents": ["kind": "markdown", "value": .string(hoverText(story, passage))], "range": range]
    }

    /// The Markdown of a passage's hover.
    func hoverText(_ story: AnalysedStory, _ v: Int) -> String {
        guard let analysed = story.check.analysed else { return "" }
        let graph = analysed.graph
        let passage = graph.story.passages[v]
        var lines = ["**\(Self.markdown(passage.id))**" + (v == graph.start ? " (the start)" : "")]
        lines.append("")

        // Paths through it.
        if let paths = story.paths, paths.isExact(v, in: analysed.components) {
            let total = paths.isExact(graph.start, in: analysed.components) ? " of \(paths.on[graph.start])" : ""
            lines.append("- Paths through it: \(paths.through(v))\(total) from the start to an ending")
        } else {
            let (through, count, exact) = story.enumeratedPaths()
            let here = through.indices.contains(v) ? through[v] : 0
            lines.append(
                exact
                    ? "- Paths through it: \(here) of \(count) (simple paths; the story loops, so walks are unbounded)"
                    : "- Paths through it: at least \(here) (a loop lies on its paths; \(count) paths counted in "
                        + "\(Int(AnalysedStory.enumerationSeconds * 1000)) ms)")
        }

        // Endings it can reach.
        var seen = [Bool](repeating: false, count: graph.count)
        var stack = [v]
        seen[v] = true
        var endings = Set<Int>()
        while let w = stack.popLast() {
            if graph.isEnding[w] { endings.insert(graph.passageOf[w]) }
            for x in graph.successors(of: w) where !seen[x] {
                seen[x] = true
                stack.append(x)
            }
        }
        let names = endings.map { graph.ids[$0] }.sorted()
        let shown = names.prefix(8).map { "`\(Self.code($0))`" }.joined(separator: ", ")
        lines.append(
            names.isEmpty
                ? "- Endings it can reach: none"
                : "- Endings it can reach: \(names.count) (\(shown)\(names.count > 8 ? ", …" : ""))")

        // Odds of reaching it, and from it.
        let reachable = analysed.reachability.reachable[v]
        if let unknown = analysed.reachability.unknown.first(where: { $0.passage == v }) {
            lines.append("- Odds of reaching it: unknown (\(unknown.why))")
        } else if !reachable {
            lines.append("- Odds of reaching it: 0% (the start cannot reach it)")
        } else if let odds = story.startOdds {
            var visits = 0.0
            for node in 0..<graph.count where graph.passageOf[node] == v { visits += odds.expectedVisits[node] }
            let loops = analysed.components.isCyclic[analysed.components.componentOf[v]]
            lines.append(
                loops
                    ? "- Odds of reaching it: \(NumberText.fixed(visits)) visits per reading on average (it is on a loop)"
                    : "- Odds of reaching it: \(NumberText.percent(min(1, visits))) for a reader who picks at random, conditions aside"
            )
        }
        let from = EndingOdds(
            graph, components: analysed.components, budget: AnalysisBudget(seconds: 0.05), from: v)
        var outcomes = from.endingProbability.enumerated().filter { $0.element > 0 }
            .map { ("`\(Self.code(graph.ids[graph.passageOf[$0.offset]]))`", $0.element) }
            .sorted { $0.1 != $1.1 ? $0.1 > $1.1 : $0.0 < $1.0 }
        if from.brokenLink > 0 { outcomes.append(("a broken link", from.brokenLink)) }
        if from.neverEnding > 0 { outcomes.append(("never ending", from.neverEnding)) }
        let odds = outcomes.prefix(6).map { "\($0.0) \(NumberText.percent($0.1))" }
        lines.append(
            "- Odds from it: " + (odds.isEmpty ? "no ending" : odds.joined(separator: ", "))
                + (outcomes.count > 6 ? ", …" : "") + (from.converged ? "" : " (lower bounds: the solve stopped)"))

        lines.append("- Under state: " + stateVerdict(story, v))
        return lines.joined(separator: "\n")
    }

    /// Whether a reader can really reach the passage, with the story's variables.
    private func stateVerdict(_ story: AnalysedStory, _ v: Int) -> String {
        guard let analysed = story.check.analysed else { return "unknown: the story was not read" }
        if let unknown = analysed.reachability.unknown.first(where: { $0.passage == v }) {
            return "unknown: \(unknown.why)"
        }
        if !analysed.reachability.reachable[v] { return "never reached: no choice from the start leads here" }
        guard let state = analysed.state else {
            return "reachable (the story has no variables: its structure decides)"
        }
        if story.stateReached.contains(v) { return "reachable (a playthrough that respects the conditions gets here)" }
        if state.provesAbsence {
            return "never reached: no playthrough gets here under the story's conditions (every state explored)"
        }
        if let stop = state.stopDescription { return "unknown: the state search \(stop) before reaching it" }
        if state.computedLinks.isEmpty {
            return "unknown: a call whose return the state search cannot follow may lead here"
        }
        return "unknown: a computed link may lead here"
    }

    // MARK: Symbols

    /// Passages (knots, nodes, scenes) with their stitches and labels as children.
    func symbols(_ story: AnalysedStory, _ file: String) -> JSONValue {
        guard let analysed = story.check.analysed else { return [] }
        let ids = analysed.graph.ids
        let text = story.texts[file] ?? TextLines("")
        let sites = story.passageSites.filter { $0.file == file }.sorted { $0.line < $1.line }
        let inFile = Dictionary(sites.map { (ids[$0.passage], $0) }, uniquingKeysWith: { first, _ in first })
        func parent(_ id: String) -> String? {
            guard let cut = id.lastIndex(where: { $0 == "." || $0 == ":" }) else { return nil }
            let head = String(id[..<cut])
            return inFile[head] != nil ? head : nil
        }
        func symbol(_ site: AnalysedStory.PassageSite, children: [JSONValue]) -> JSONValue {
            let id = ids[site.passage]
            let name = parent(id).map { String(id[id.index(after: $0.endIndex)...]) } ?? id
            var value: [String: JSONValue] = [
                "name": .string(name),
                "kind": .integer(parent(id) == nil ? 2 : 6),
                "range": LSP.range(
                    line: site.line, start: 0, endLine: site.endLine,
                    end: text.utf16(line: site.endLine, scalar: text.line(site.endLine).count)),
                "selectionRange": text.range(line: site.line, from: site.nameStart, to: site.nameEnd),
            ]
            if parent(id) != nil { value["detail"] = .string(id) }
            if !children.isEmpty { value["children"] = .array(children) }
            return .object(value)
        }
        var children: [String: [JSONValue]] = [:]
        // A parent's range holds its children's.
        var lastLine: [String: Int] = [:]
        for site in sites {
            guard let head = parent(ids[site.passage]) else { continue }
            children[head, default: []].append(symbol(site, children: []))
            lastLine[head] = max(lastLine[head] ?? 0, site.endLine)
        }
        return .array(
            sites.filter { parent(ids[$0.passage]) == nil }.map { site in
                var site = site
                site.endLine = max(site.endLine, lastLine[ids[site.passage]] ?? 0)
                return symbol(site, children: children[ids[site.passage]] ?? [])
            })
    }

    // MARK: Completion

    /// Passage names where a link's target is being written: after `[[`, `->` or `|` in a
    /// Twine link, after ink's `->`, in Yarn's `<<jump …>>`, after ChoiceScript's `*goto`
    /// and `*gosub` (the scene's labels) and `*goto_scene` and `*gosub_scene` (scenes).
    func completion(_ story: AnalysedStory, _ file: String, _ line: Int, _ column: Int) -> JSONValue {
        guard let analysed = story.check.analysed else { return .null }
        let text = story.texts[file] ?? TextLines("")
        let before = String(String.UnicodeScalarView(text.line(line).prefix(column)))
        guard let context = Self.linkContext(before) else { return .null }
        // Passages with a header (not the flow points a loader made, such as ink's gathers).
        let ids = story.passageSites.map { analysed.graph.ids[$0.passage] }
        var names: [String]
        switch context.kind {
        case .label:
            let scene = ((file as NSString).lastPathComponent as NSString).deletingPathExtension + ":"
            names = ids.filter { $0.hasPrefix(scene) }.map { String($0.dropFirst(scene.count)) }
        case .scene:
            names = ids.filter { !$0.contains(":") }
        case .passage:
            names = ids.filter { !$0.hasPrefix("(") }
        }
        let typed = context.typed.lowercased()
        names = names.filter { typed.isEmpty || $0.lowercased().hasPrefix(typed) }.sorted()
        let limit = 200
        let start = column - context.typed.unicodeScalars.count
        let range = text.range(line: line, from: start, to: column)
        let items: [JSONValue] = names.prefix(limit).map { name in
            ["label": .string(name), "kind": 18, "textEdit": ["range": range, "newText": .string(name)]]
        }
        return ["isIncomplete": .bool(names.count > limit), "items": .array(items)]
    }

    enum LinkKind { case passage, label, scene }

    /// What is being written before the cursor, when it is a link's target: its kind and
    /// the part of the name already typed.
    static func linkContext(_ before: String) -> (kind: LinkKind, typed: String)? {
        let trimmed = before.drop { $0 == " " || $0 == "\t" }
        for (command, kind) in [
            ("*goto_scene ", LinkKind.scene), ("*gosub_scene ", .scene), ("*goto ", .label), ("*gosub ", .label),
        ] where trimmed.hasPrefix(command) {
            let typed = trimmed.dropFirst(command.count)
            return typed.contains(" ") ? nil : (kind, String(typed))
        }
        if let open = before.range(of: "<<jump ", options: .backwards), !before[open.upperBound...].contains(">") {
            return (.passage, String(before[open.upperBound...]).trimmingCharacters(in: .whitespaces))
        }
        if let open = before.range(of: "[[", options: .backwards), !before[open.upperBound...].contains("]]") {
            var typed = before[open.upperBound...]
            for separator in ["->", "|"] {
                if let cut = typed.range(of: separator, options: .backwards) { typed = typed[cut.upperBound...] }
            }
            return (.passage, String(typed))
        }
        if let arrow = before.range(of: "->", options: .backwards) {
            let typed = before[arrow.upperBound...].trimmingCharacters(in: .whitespaces)
            guard typed.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }) else { return nil }
            return (.passage, typed)
        }
        return nil
    }

    // MARK: Code action

    /// The did-you-mean fix of each broken link whose target the range touches, as a
    /// quick fix that replaces the target.
    func codeActions(
        _ story: AnalysedStory, _ file: String, from: (line: Int, character: Int), to: (line: Int, character: Int)
    ) -> JSONValue {
        let text = story.texts[file] ?? TextLines("")
        var actions: [JSONValue] = []
        for finding in story.findings where finding.file == file {
            guard let fix = finding.replacement, finding.line >= from.line, finding.line <= to.line else { continue }
            let start = text.utf16(line: finding.line, scalar: finding.start)
            let end = text.utf16(line: finding.line, scalar: finding.end)
            if finding.line == from.line, end < from.character { continue }
            if finding.line == to.line, start > to.character { continue }
            let range = text.range(line: finding.line, from: finding.start, to: finding.end)
            let edit: JSONValue = ["range": range, "newText": .string(fix.with)]
            actions.append([
                "title": .string("Change '\(fix.original)' to '\(fix.with)'"),
                "kind": "quickfix",
                "isPreferred": true,
                "diagnostics": [diagnostic(finding, in: story)],
                "edit": ["changes": [workspace.uri(of: file): [edit]]],
            ])
        }
        return .array(actions)
    }

    /// A name in Markdown text, its markup characters escaped.
    static func markdown(_ text: String) -> String {
        var out = ""
        for c in text {
            if "\\`*_{}[]()#+-.!<>|~".contains(c) { out.append("\\") }
            out.append(c)
        }
        return out
    }

    /// A name inside a code span (a backtick in it becomes a quote).
    static func code(_ text: String) -> String { text.replacingOccurrences(of: "`", with: "'") }
}
