extension Lint {
    /// The rules of the state search: endings and passages no reader reaches given the
    /// variables, conditions that never or always hold, and variables set but never read,
    /// read but never set, read before set. What depends on the states explored is told
    /// only when the search finished within its budget and met no computed link or call
    /// cut a reader can take (otherwise "never" is unproven).
    ///
    /// - Complexity: O(P + C) besides the search.
    static func stateFindings(
        _ graph: StoryGraph, _ state: StateAnalysis,
        _ add: (LintRule, String, SourceLocation?, [Diagnostic.Note]) -> Void
    ) {
        let story = graph.story
        let name = { (p: Int) in "'\(graph.ids[p])'" }
        func choiceName(_ ref: ChoiceRef) -> String {
            let choice = graph.choice(ref)
            let label = choice.text.isEmpty ? "the step to '\(choice.target)'" : "choice '\(choice.text)'"
            return label + (choice.condition.map { " (\($0.description))" } ?? "")
        }
        func at(_ ref: ChoiceRef) -> SourceLocation? {
            graph.choice(ref).location ?? story.passages[ref.passage].location
        }
        if let stop = state.stopDescription {
            add(
                .stateSearchIncomplete,
                "the state search \(stop) after \(NumberText.grouped(state.states)) states: what it did not reach may still be reachable, so no finding says 'never'",
                story.passages.indices.contains(graph.start) ? story.passages[graph.start].location : nil, [])
        }
        if state.provesAbsence {
            for blocked in state.blockedEndings {
                let first = blocked.blocking.first.map { ": \(choiceName($0)) never leads on" } ?? ""
                add(
                    .unreachableUnderState,
                    "ending \(name(blocked.passage)) is reached by the story's links but by no reader, given its variables\(first)",
                    story.passages[blocked.passage].location,
                    blocked.blocking.map {
                        .init("\(choiceName($0)) of passage \(name($0.passage)) is never followed", at: at($0))
                    })
            }
            for p in state.onlyStructural {
                add(
                    .unreachableUnderState,
                    "passage \(name(p)) is reached by the story's links but by no reader, given its variables",
                    story.passages[p].location, [])
            }
            // Copies of one choice (at one place in the source, as a Yarn option given once
            // per way through the `<<if>>`s before it): its condition never holds only when
            // no copy's does, and a finding about them is told once, at that place.
            func place(_ ref: ChoiceRef) -> [String]? {
                let choice = graph.choice(ref)
                return choice.location.map { [String(ref.passage), $0.description, choice.text, choice.target] }
            }
            var copies: [[String]: Int] = [:]
            for (p, passage) in story.passages.enumerated() {
                for c in passage.choices.indices {
                    if let key = place(ChoiceRef(passage: p, choice: c)) { copies[key, default: 0] += 1 }
                }
            }
            var never: [[String]: Int] = [:]
            for ref in state.neverTrue { if let key = place(ref) { never[key, default: 0] += 1 } }
            var told = Set<[String]>()
            func once(_ ref: ChoiceRef, _ rule: LintRule) -> Bool {
                guard let key = place(ref) else { return true }
                return told.insert([rule.rawValue] + key).inserted
            }
            for ref in state.neverTrue where place(ref).map({ never[$0] == copies[$0] }) ?? true {
                guard once(ref, .conditionNeverTrue) else { continue }
                add(
                    .conditionNeverTrue,
                    "the condition of \(choiceName(ref)) in passage \(name(ref.passage)) never holds when a reader gets there",
                    at(ref), [])
            }
            for ref in state.alwaysTrue where once(ref, .conditionAlwaysTrue) {
                add(
                    .conditionAlwaysTrue,
                    "the condition of \(choiceName(ref)) in passage \(name(ref.passage)) always holds when a reader gets there",
                    at(ref), [])
            }
            for read in state.readBeforeSet {
                if let key = place(read.choice), !told.insert(["read \u{0}" + read.variable] + key).inserted { continue }
                add(
                    .variableReadBeforeSet,
                    "variable '\(read.variable)' is read by \(choiceName(read.choice)) in passage \(name(read.choice.passage)) before the story gives it a value",
                    at(read.choice), [])
            }
        }
        let initial = Dictionary(story.variables.map { ($0.name, $0.initial) }, uniquingKeysWith: { a, _ in a })
        let (firstRead, firstSet) = firstUses(in: story)
        for variable in state.readNeverSet {
            let value = (initial[variable] ?? nil).flatMap {
                ExpressionProgram($0, arithmetic: story.arithmetic, variable: { _ in 0 }, visits: { _ in nil })
                    .evaluateConstant()
            }
            let keeps = value.map { "it keeps its initial value \($0)" } ?? "it never has a value"
            add(
                .variableNeverSet, "variable '\(variable)' is read but nothing sets it: \(keeps)",
                firstRead[variable] ?? nil, [])
        }
        for variable in state.setNeverRead {
            add(.variableNeverRead, "variable '\(variable)' is set but nothing reads it", firstSet[variable] ?? nil, [])
        }
    }

    /// Where a condition (or an effect's value) first reads each variable, and where an
    /// effect first sets it, in source order: one pass over the story, so that a condition
    /// reading thousands of variables costs its size, not its size per variable.
    ///
    /// - Complexity: O(size of the story's conditions and effects).
    static func firstUses(in story: Story) -> (read: [String: SourceLocation?], set: [String: SourceLocation?]) {
        var read: [String: SourceLocation?] = [:]
        var set: [String: SourceLocation?] = [:]
        func reads(_ e: Expression, at location: SourceLocation?) {
            switch e {
            // Leaves read nothing, or one name: no list of names made for them (a story's
            // passages hold millions of such values, as the unknowns Twine's loader gives).
            case .integer, .decimal, .string, .boolean, .visits, .unknown, .tooDeep: return
            case .variable(let name): if read[name] == nil { read[name] = .some(location) }
            default: for name in e.variables where read[name] == nil { read[name] = .some(location) }
            }
        }
        func sets(_ name: String, at location: SourceLocation?) {
            if set[name] == nil { set[name] = .some(location) }
        }
        // An effect whose value is the one before it (a statement that havocs hundreds of
        // variables gives them all one value) reads nothing new: its names are read already.
        // A run of effects shared by many passages or choices is walked once, at its first
        // list: its repeats use nothing for the first time.
        var previous: Expression?
        var seenShared: Set<ObjectIdentifier> = []
        for passage in story.passages {
            passage.effectList.forEachDistinct(seen: &seenShared) { effect in
                if effect.value != previous { reads(effect.value, at: effect.location ?? passage.location) }
                previous = effect.value
                sets(effect.variable, at: effect.location ?? passage.location)
            }
            for choice in passage.choices {
                if let condition = choice.condition {
                    reads(StateModel.expression(condition), at: choice.location ?? passage.location)
                }
                choice.effectList.forEachDistinct(seen: &seenShared) { effect in
                    if effect.value != previous {
                        reads(effect.value, at: effect.location ?? choice.location ?? passage.location)
                    }
                    previous = effect.value
                    sets(effect.variable, at: effect.location ?? choice.location ?? passage.location)
                }
            }
        }
        return (read, set)
    }
}
