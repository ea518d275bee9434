extension Lint {
    /// The rules of the state search: endings and passages no reader reaches given the
    /// variables, conditions that never or always hold, and variables set but never read,
    /// read but never set, read before set. What depends on the states explored is told
    /// only when the search finished within its budget and met no computed link a reader
    /// can take (otherwise "never" is unproven).
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
        func at(_ ref: ChoiceRef) -> SourceLocation? { graph.choice(ref).location ?? story.passages[ref.passage].location }
        if let stop = state.stopDescription {
            add(.stateSearchIncomplete,
                "the state search \(stop) after \(Report.grouped(state.states)) states: what it did not reach may still be reachable, so no finding says 'never'",
                story.passages.indices.contains(graph.start) ? story.passages[graph.start].location : nil, [])
        }
        if state.provesAbsence {
            for blocked in state.blockedEndings {
                let first = blocked.blocking.first.map { ": \(choiceName($0)) never leads on" } ?? ""
                add(.unreachableUnderState,
                    "ending \(name(blocked.passage)) is reached by the story's links but by no reader, given its variables\(first)",
                    story.passages[blocked.passage].location,
                    blocked.blocking.map { .init("\(choiceName($0)) of passage \(name($0.passage)) is never followed", at: at($0)) })
            }
            for p in state.onlyStructural {
                add(.unreachableUnderState, "passage \(name(p)) is reached by the story's links but by no reader, given its variables",
                    story.passages[p].location, [])
            }
            for ref in state.neverTrue {
                add(.conditionNeverTrue, "the condition of \(choiceName(ref)) in passage \(name(ref.passage)) never holds when a reader gets there",
                    at(ref), [])
            }
            for ref in state.alwaysTrue {
                add(.conditionAlwaysTrue, "the condition of \(choiceName(ref)) in passage \(name(ref.passage)) always holds when a reader gets there",
                    at(ref), [])
            }
            for read in state.readBeforeSet {
                add(.variableReadBeforeSet,
                    "variable '\(read.variable)' is read by \(choiceName(read.choice)) in passage \(name(read.choice.passage)) before the story gives it a value",
                    at(read.choice), [])
            }
        }
        let initial = Dictionary(story.variables.map { ($0.name, $0.initial) }, uniquingKeysWith: { a, _ in a })
        for variable in state.readNeverSet {
            let value = (initial[variable] ?? nil).flatMap { ExpressionProgram($0, variable: { _ in 0 }, visits: { _ in nil }).evaluateConstant() }
            let keeps = value.map { "it keeps its initial value \($0)" } ?? "it never has a value"
            add(.variableNeverSet, "variable '\(variable)' is read but nothing sets it: \(keeps)", firstRead(of: variable, in: story), [])
        }
        for variable in state.setNeverRead {
            add(.variableNeverRead, "variable '\(variable)' is set but nothing reads it", firstSet(of: variable, in: story), [])
        }
    }

    /// Where a condition (or an effect's value) first reads `variable`, in source order.
    static func firstRead(of variable: String, in story: Story) -> SourceLocation? {
        for passage in story.passages {
            for effect in passage.effects where effect.value.variables.contains(variable) { return effect.location ?? passage.location }
            for choice in passage.choices {
                if let condition = choice.condition, StateModel.expression(condition).variables.contains(variable) {
                    return choice.location ?? passage.location
                }
                for effect in choice.effects where effect.value.variables.contains(variable) {
                    return effect.location ?? choice.location ?? passage.location
                }
            }
        }
        return nil
    }

    /// Where an effect first sets `variable`, in source order.
    static func firstSet(of variable: String, in story: Story) -> SourceLocation? {
        for passage in story.passages {
            for effect in passage.effects where effect.variable == variable { return effect.location ?? passage.location }
            for choice in passage.choices {
                for effect in choice.effects where effect.variable == variable { return effect.location ?? choice.location ?? passage.location }
            }
        }
        return nil
    }
}
