import StoryGraph
extension Story {
    /// Checks what every format shares and returns the story the graph is built from:
    /// - a second passage with an id already used is an error naming both places, and is
    ///   dropped (the first definition wins);
    /// - a story with no passages, or whose start names no passage, cannot be read;
    /// - a choice whose target does not exist is a broken link (an error finding that does
    ///   not stop loading).
    /// The restart rule (`RestartRule`, the same for every format) marks restarts, and
    /// restart choices always lead to the start, whatever target they were given.
    ///
    /// - Complexity: O(P + C) for P passages and C choices.
    public func validated(restartRule: RestartRule = .text) throws(StoryLoadError) -> (Story, [Diagnostic]) {
        var findings: [Diagnostic] = []
        guard !passages.isEmpty else {
            throw StoryLoadError(FormatRules.noPassages, "the story has no passages", at: nil)
        }
        // One hash per id: the index of its first definition.
        var firstByID: [String: Int] = [:]
        firstByID.reserveCapacity(passages.count)
        var dropped: [Int] = []
        for i in passages.indices {
            guard let first = firstByID.updateValue(i, forKey: passages[i].id) else { continue }
            let passage = passages[i]
            firstByID[passage.id] = first
            findings.append(Diagnostic(
                LintRule.duplicateID.rule, "duplicate passage id '\(passage.id)'", at: passage.location,
                notes: [.init("'\(passage.id)' is first defined here", at: passages[first].location)]))
            dropped.append(i)
        }
        guard firstByID[start] != nil else {
            throw StoryLoadError(FormatRules.unknownStart, "the start passage '\(start)' does not exist", at: passages[0].location)
        }
        var kept = passages
        if !dropped.isEmpty {
            var next = 0
            kept = []
            kept.reserveCapacity(passages.count - dropped.count)
            for (i, passage) in passages.enumerated() {
                if next < dropped.count && dropped[next] == i { next += 1; continue }
                kept.append(passage)
            }
        }
        restartRule.apply(to: &kept, start: start)
        for p in kept.indices {
            for c in kept[p].choices.indices {
                if kept[p].choices[c].isRestart {
                    kept[p].choices[c].target = start
                    continue
                }
                if kept[p].choices[c].kind != .dynamic, kept[p].choices[c].kind != .return, firstByID[kept[p].choices[c].target] == nil {
                    let choice = kept[p].choices[c]
                    findings.append(Diagnostic(
                        LintRule.brokenLink.rule,
                        "choice '\(choice.text)' of passage '\(kept[p].id)' leads to '\(choice.target)', which does not exist",
                        at: choice.location ?? kept[p].location))
                }
            }
        }
        findings += kept.expressionDepthFindings(variables: variables)
        var story = self
        story.passages = kept
        return (story, findings)
    }
}

extension [Passage] {
    /// One `expression-depth` finding for each condition, value and initial value a
    /// loader kept as `.tooDeep`, at its place: the one report of the one bound
    /// (`Expression.maximumDepth`) every format's expression parser applies.
    ///
    /// - Complexity: O(size of the conditions and effects).
    func expressionDepthFindings(variables: [Variable]) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        func report(_ what: String, at location: SourceLocation?) {
            findings.append(Diagnostic(FormatRules.expressionDepth, FormatRules.expressionDepthMessage(what), at: location))
        }
        for v in variables where v.initial?.isTooDeep == true {
            report("the value of '\(v.name)'", at: v.location)
        }
        for passage in self {
            for effect in passage.effects where effect.value.isTooDeep {
                report("the value given to '\(effect.variable)' in passage '\(passage.id)'", at: effect.location ?? passage.location)
            }
            for choice in passage.choices {
                if choice.condition?.isTooDeep == true {
                    report("the condition of choice '\(choice.text)' in passage '\(passage.id)'", at: choice.location ?? passage.location)
                }
                for effect in choice.effects where effect.value.isTooDeep {
                    report("the value given to '\(effect.variable)' by choice '\(choice.text)'",
                           at: effect.location ?? choice.location ?? passage.location)
                }
            }
        }
        return findings
    }
}
