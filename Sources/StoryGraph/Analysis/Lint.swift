/// The checks `storygraph check` runs, each with a stable id and a severity.
package enum LintRule: String, Sendable, CaseIterable, Hashable {
    case brokenLink = "broken-link"
    case duplicateID = "duplicate-id"
    case noEnding = "no-ending"
    case trap = "trap"
    case unreachable = "unreachable"
    case duplicateChoiceText = "duplicate-choice-text"
    case selfLoop = "self-loop"
    case falseChoice = "false-choice"
    case emptyPassage = "empty-passage"
    case unreachableEnding = "unreachable-ending"
    case inclusionDepth = "inclusion-depth"
    case callDepth = "call-depth"
    case returnWithoutCall = "return-without-call"
    case unreachableUnderState = "unreachable-under-state"
    case conditionNeverTrue = "condition-never-true"
    case conditionAlwaysTrue = "condition-always-true"
    case variableNeverSet = "variable-never-set"
    case variableNeverRead = "variable-never-read"
    case variableReadBeforeSet = "variable-read-before-set"
    case stateSearchIncomplete = "state-search-incomplete"

    package var severity: Severity {
        switch self {
        case .brokenLink, .duplicateID, .noEnding, .trap: .error
        case .unreachable, .duplicateChoiceText, .selfLoop, .emptyPassage, .unreachableEnding, .inclusionDepth,
            .callDepth,
            .returnWithoutCall, .unreachableUnderState, .conditionNeverTrue, .variableNeverSet, .variableReadBeforeSet:
            .warning
        case .falseChoice, .conditionAlwaysTrue, .variableNeverRead, .stateSearchIncomplete: .info
        }
    }

    /// One line for help and the README.
    package var summary: String {
        switch self {
        case .brokenLink: "A choice leads to a passage that does not exist."
        case .duplicateID: "Two passages share one id; the second is dropped."
        case .noEnding: "No ending can be reached from the start."
        case .trap: "Passages the reader can reach but never leave for an ending; names the loop that traps."
        case .unreachable: "A passage the start cannot reach."
        case .duplicateChoiceText:
            "Two choices of one passage read the same; a reader (or an app that looks choices up by text) cannot tell them apart."
        case .selfLoop: "A choice leads back to its own passage."
        case .falseChoice:
            "Every choice of a passage leads to the same passage and does the same to the story's variables."
        case .emptyPassage: "A passage with no text."
        case .unreachableEnding: "An ending the start cannot reach."
        case .inclusionDepth:
            "Inclusions nest deeper than storygraph follows them; the links deeper down are not counted."
        case .callDepth:
            "Calls that return nest deeper than storygraph copies them (or past its copy budget); the deeper call is followed as a plain step."
        case .returnWithoutCall:
            "A return the flow can reach with no call running (the callee is entered by an ordinary step, or the story starts in it)."
        case .unreachableUnderState:
            "A passage or ending the story's links reach but no reader can, given its variables (the state search names the conditions that block it)."
        case .conditionNeverTrue:
            "A choice's condition never holds on any state a reader can be in when the choice is met."
        case .conditionAlwaysTrue:
            "A choice's condition holds on every state a reader can be in when the choice is met: it never hides the choice."
        case .variableNeverSet:
            "A variable a condition or value reads that nothing sets: it keeps its initial value, or has none."
        case .variableNeverRead: "A variable the story sets that no condition or value reads."
        case .variableReadBeforeSet: "A condition reads a variable on a state where it has no value yet."
        case .stateSearchIncomplete:
            "The state search stopped at a bound (states, steps, evaluation steps, bytes or seconds: --max-states, --state-budget) before it explored every state; the rules that say 'never' are left out."
        }
    }
}

/// The lint findings of a story.
package struct Lint: Sendable {
    /// Findings sorted by location, then rule.
    package let findings: [Diagnostic]

    /// Runs every rule not in `disabled`. Load findings come in through
    /// `loadDiagnostics`: `broken-link` is raised to an error here, `duplicate-id` already
    /// is one, and findings without a rule id are kept as they are.
    ///
    /// The `trap` rule groups trapped passages by the trap they fall into: walking the
    /// components sinks first (Tarjan 1972 numbering), a trapped cycle-holding component
    /// is a trap of its own, named with a shortest cycle through its first passage; a
    /// trapped passage without a cycle belongs to the trap its first choice leads into, or
    /// is a trap of its own when it has no way on at all (only broken or dynamic links).
    ///
    /// - Complexity: O(V + E + C log C) for C choices (one breadth-first search per trap,
    ///   inside its own component; duplicate texts by hashing): every rule is linear, so
    ///   none needs the budget. `falseChoices`: the passages whose choices make no
    ///   difference, when `StructureFigures` has found them already (nil: found here).
    package init(
        _ graph: StoryGraph, loadDiagnostics: [Diagnostic] = [], reachability: Reachability,
        components: StronglyConnectedComponents, state: StateAnalysis? = nil, disabled: Set<String> = [],
        falseChoices: [Int]? = nil
    ) {
        var findings: [Diagnostic] = []
        func add(_ rule: LintRule, _ message: String, at location: SourceLocation?, notes: [Diagnostic.Note] = []) {
            guard !disabled.contains(rule.rawValue) else { return }
            findings.append(Diagnostic(rule.severity, message, at: location, rule: rule.rawValue, notes: notes))
        }
        for var diagnostic in loadDiagnostics {
            if let rule = diagnostic.ruleID {
                if disabled.contains(rule) { continue }
                if let known = LintRule(rawValue: rule) { diagnostic.severity = known.severity }
            }
            findings.append(diagnostic)
        }
        let story = graph.story
        // Passages by index; the analysers' nodes (copies of callees) by their passage.
        let name = { (v: Int) in "'\(graph.ids[graph.passageOf[v]])'" }
        let startName = name(graph.start)

        // (With calls cut, the node graph reaches less than the story: no claim the passages'
        // own links contradict; see `Reachability.mayReachEnding`.)
        let mayEnd = { (v: Int) in reachability.mayReachEnding?[graph.passageOf[v]] == true }
        if reachability.reachableEndings.isEmpty, !mayEnd(graph.start) {
            add(
                .noEnding, "no ending can be reached from the start \(startName)",
                at: graph.passage(graph.start).location)
        }

        // Traps.
        var trapOf = [Int](repeating: -1, count: graph.count)
        var traps: [Int] = [] // the component that names each trap
        for c in 0..<components.count {
            let members = components.members[c]
            let v = members[0]
            guard reachability.reachableNodes[v], !reachability.nodesReachingEnding[v], !graph.isFragment[v], !mayEnd(v)
            else {
                continue
            }
            if components.isCyclic[c] || graph.edges(from: v).isEmpty {
                for m in members { trapOf[m] = c }
                traps.append(c)
            } else {
                trapOf[v] = trapOf[graph.edgeTargets[graph.edgeOffsets[v]]]
            }
        }
        if !traps.isEmpty {
            // A trapped passage falls into the trap of its first trapped node; the same
            // trap met in two copies of a callee is told once.
            var trapped: [Int: [Int]] = [:]
            var trapOfPassage = [Int](repeating: -1, count: graph.passageCount)
            for v in 0..<graph.count
            where trapOf[v] >= 0 && reachability.reachableNodes[v] && trapOfPassage[graph.passageOf[v]] < 0 {
                trapOfPassage[graph.passageOf[v]] = trapOf[v]
            }
            for v in reachability.trapped where trapOfPassage[v] >= 0 {
                trapped[trapOfPassage[v], default: []].append(v)
            }
            let ordered = traps.map { (c: $0, first: components.members[$0].min()!) }.sorted { $0.first < $1.first }
            var told = Set<[Int]>()
            for (c, first) in ordered {
                let caught = trapped[c] ?? []
                guard !caught.isEmpty || !graph.isCopy(first), told.insert([graph.passageOf[first]] + caught).inserted
                else { continue }
                let list = Self.nameList(caught.map(name))
                let held = caught.count == 1 ? "traps 1 passage" : "traps \(caught.count) passages"
                if components.isCyclic[c] {
                    let cycle = Cycles.shortestCycle(through: first, in: graph, components: components) ?? [first]
                    let loop = (cycle + [cycle[0]]).map(name).joined(separator: " → ")
                    add(
                        .trap, "the loop \(loop) never reaches an ending; it \(held): \(list)",
                        at: graph.passage(first).location,
                        notes: cycle.dropFirst().map {
                            .init("\(name($0)) is on the loop", at: graph.passage($0).location)
                        })
                } else if graph.returnsWithoutCall.contains(where: { $0.node == first }) {
                    add(
                        .trap,
                        "passage \(name(first)) has no way on but returns with no call running; it \(held): \(list)",
                        at: graph.passage(first).location)
                } else {
                    add(
                        .trap, "passage \(name(first)) has no way on but broken or dynamic links; it \(held): \(list)",
                        at: graph.passage(first).location)
                }
            }
        }

        for v in reachability.unreachable {
            if graph.isEnding[v] {
                add(
                    .unreachableEnding, "ending \(name(v)) cannot be reached from the start \(startName)",
                    at: graph.passage(v).location)
            } else {
                add(
                    .unreachable, "passage \(name(v)) cannot be reached from the start \(startName)",
                    at: graph.passage(v).location)
            }
        }

        for (v, passage) in story.passages.enumerated() {
            let choices = passage.choices
            if choices.count >= 2 {
                // The first choice with each text, by hashing: O(choices), however many (a
                // passage of a few choices compares them in place: no table to build).
                // Only choices the reader clicks are read; jumps, calls and inclusions are not.
                var firstWithText: [String: Int] = [:]
                let hashes = choices.count > 8
                var toldAt = Set<SourceLocation>()
                for j in 0..<choices.count where choices[j].kind == .choice {
                    let text = choices[j].text
                    let first =
                        hashes
                        ? firstWithText[text] : (0..<j).first { choices[$0].kind == .choice && choices[$0].text == text }
                    guard let i = first else {
                        if hashes { firstWithText[text] = j }
                        continue
                    }
                    // Copies of one choice (at the same place in the source, as a Yarn
                    // option copied per way through the `<<if>>`s before it) are one choice.
                    // Told once per place.
                    if let at = choices[j].location, at == choices[i].location || !toldAt.insert(at).inserted {
                        continue
                    }
                    add(
                        .duplicateChoiceText,
                        "passage \(name(v)) has two choices reading '\(choices[j].text)'; a reader cannot tell them apart",
                        at: choices[j].location ?? passage.location,
                        notes: [
                            .init("the first '\(choices[j].text)' is here", at: choices[i].location ?? passage.location)
                        ])
                }
            }
            var loopsTold = Set<SourceLocation>()
            for e in graph.edges(from: v) where graph.edgeTargets[e] == v {
                let choice = graph.choice(graph.edgeRefs[e])
                if let at = choice.location, !loopsTold.insert(at).inserted { continue }
                add(
                    .selfLoop, "choice '\(choice.text)' of passage \(name(v)) leads back to the same passage",
                    at: choice.location ?? passage.location)
            }
            // A passage whose every way on is automatic (a branch on a condition, a jump, a
            // call) is flow the reader passes through, not a page left blank; so is one a
            // loader made to carry the flow (`Passage.isFlowPoint`), or a fragment only ever
            // shown inside others (an ink thread's stitch of choices).
            let passedThrough = !choices.isEmpty && choices.allSatisfy { $0.kind != .choice && $0.kind != .include }
            if Self.isBlank(passage.text), !passedThrough, !passage.isFlowPoint, !graph.isFragment[v] {
                add(.emptyPassage, "passage \(name(v)) has no text", at: passage.location)
            }
        }
        for v in graph.inclusionsCut {
            add(
                .inclusionDepth,
                "passage \(name(v)) shows passages nested more than \(StoryGraph.inclusionDepthLimit) inclusions deep; their links are not counted as its own",
                at: graph.passage(v).location)
        }
        // Calls that return: a return the flow meets with no call running, and calls
        // followed as plain steps (nested too deep, or past the copy budget).
        // (Past a cut call the node graph runs a callee with no call: its returns are not
        // told then, as a call is running in the story.)
        var returnsTold = Set<ChoiceRef>()
        for unmatched in graph.returnsWithoutCall
        where graph.callsCut.isEmpty && reachability.reachableNodes[unmatched.node] {
            guard returnsTold.insert(unmatched.ref).inserted else { continue }
            let passage = graph.passage(unmatched.node)
            add(
                .returnWithoutCall,
                "passage \(name(unmatched.node)) returns, but no call is running when the flow gets there; the return goes nowhere",
                at: graph.choice(unmatched.ref).location ?? passage.location)
        }
        for (ref, reason) in graph.callsCut {
            let choice = graph.choice(ref)
            let why =
                reason == .depth
                ? "calls nest more than \(CallExpansion.depthLimit) deep here"
                : "the copies of called passages would pass \(CallExpansion.copyLimit(passages: graph.passageCount)) nodes"
            add(
                .callDepth,
                "the call of '\(choice.target)' from passage \(name(ref.passage)) is followed as a plain step: \(why); its returns there lead nowhere",
                at: choice.location ?? graph.passage(ref.passage).location)
        }
        for v in falseChoices ?? StructureFigures.falseChoicePassages(graph) {
            let passage = graph.passage(v)
            add(
                .falseChoice,
                "every choice of passage \(name(v)) leads to '\(passage.choices.first { !$0.isRestart }?.target ?? "")': the choice makes no difference",
                at: passage.location)
        }

        if let state { Self.stateFindings(graph, state, add) }

        let nowhere = SourceLocation(file: "", line: 0, column: 0)
        findings.sort {
            let a = $0.location ?? nowhere
            let b = $1.location ?? nowhere
            if a != b { return a < b }
            return ($0.ruleID ?? "") < ($1.ruleID ?? "")
        }
        self.findings = findings
    }

    package var errors: Int { findings.filter { $0.severity == .error }.count }
    package var warnings: Int { findings.filter { $0.severity == .warning }.count }
    package var infos: Int { findings.filter { $0.severity == .info }.count }

    /// Whether a passage's text is only white space (or empty), as `Character.isWhitespace`
    /// says; text that starts with a visible ASCII character is told at its first byte,
    /// without breaking it into characters.
    static func isBlank(_ text: String) -> Bool {
        if let byte = text.utf8.first, byte > 32, byte < 127 { return false }
        return text.allSatisfy(\.isWhitespace)
    }

    static func nameList(_ names: [String], limit: Int = 10) -> String {
        if names.count <= limit { return names.joined(separator: ", ") }
        return names.prefix(limit).joined(separator: ", ")
            + " and \(names.count - limit) more (a finding names \(limit))"
    }
}
