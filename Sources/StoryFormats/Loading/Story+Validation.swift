import StoryGraph

extension Story {
    /// Checks what every format shares and returns the story the graph is built from:
    /// - a second passage with an id already used is an error naming both places, and is
    ///   dropped (the first definition wins);
    /// - a story with no passages, or whose start names no passage, cannot be read;
    /// - a choice whose target does not exist is a broken link (an error finding that does
    ///   not stop loading), which names the passage it was likely meant to be
    ///   (`Suggestion`) and, where `sources` show the target's text at the link, carries
    ///   the edit to that name as its `fix`.
    /// The restart rule (`RestartRule`, the same for every format) marks restarts, and
    /// restart choices always lead to the start, whatever target they were given.
    ///
    /// - Complexity: O(P + C) for P passages and C choices, plus bounded comparisons for
    ///   the suggestions, at most 5,000,000 in all.
    public func validated(restartRule: RestartRule = .text, sources: [SourceText] = []) throws(StoryLoadError) -> (
        Story, [Diagnostic]
    ) {
        var story = self
        let findings = try story.validate(restartRule: restartRule, sources: sources)
        return (story, findings)
    }

    /// `validated(restartRule:sources:)` in place: the story becomes the one the graph is
    /// built from, and the findings are returned. A loader's story, held once, is changed
    /// without copying its passages.
    public mutating func validate(restartRule: RestartRule = .text, sources: [SourceText] = []) throws(StoryLoadError)
        -> [Diagnostic]
    {
        var findings: [Diagnostic] = []
        guard !passages.isEmpty else {
            throw StoryLoadError(FormatRules.noPassages, "the story has no passages", at: nil)
        }
        // One hash per id: the index of its first definition.
        let firstByID = PassageIDTable(capacity: passages.count)
        var dropped: [Int] = []
        for i in passages.indices {
            guard let first = firstByID.insert(passages[i].id, i) else { continue }
            let passage = passages[i]
            findings.append(
                Diagnostic(
                    LintRule.duplicateID.rule, "duplicate passage id '\(passage.id)'", at: passage.location,
                    notes: [.init("'\(passage.id)' is first defined here", at: passages[first].location)]))
            dropped.append(i)
        }
        // The ids each once, for the suggestions (only when one is needed).
        func ids() -> [String] {
            var seen = Set<String>()
            return passages.map(\.id).filter { seen.insert($0).inserted }
        }
        guard firstByID.index(of: start) != nil else {
            throw StoryLoadError(
                FormatRules.unknownStart,
                Self.unknownStartMessage(start) + Suggestion.phrase(for: start, among: ids()),
                at: passages[0].location)
        }
        if !dropped.isEmpty {
            var next = 0
            var kept: [Passage] = []
            kept.reserveCapacity(passages.count - dropped.count)
            for (i, passage) in passages.enumerated() {
                if next < dropped.count && dropped[next] == i {
                    next += 1
                    continue
                }
                kept.append(passage)
            }
            passages = kept
        }
        let start = start
        restartRule.apply(to: &passages, start: start)
        var names: Suggestion.Names?
        // Names weighed for every suggestion of this story together: the suggestions of a
        // few hundred broken links among 12,000 passages, not of 100,000 among 100,000.
        var suggestionBudget = 5_000_000
        // A link a loader copied (a Yarn option under each way through the `<<if>>`s before
        // it is one choice per way, all at the option's line) is told once, at that line.
        var told = Set<[String]>()
        for p in passages.indices {
            for c in passages[p].choices.indices {
                if passages[p].choices[c].isRestart {
                    passages[p].choices[c].target = start
                    continue
                }
                if passages[p].choices[c].kind != .dynamic, passages[p].choices[c].kind != .return,
                    firstByID.index(of: passages[p].choices[c].target) == nil
                {
                    let choice = passages[p].choices[c]
                    if names == nil { names = Suggestion.Names(ids()) }
                    let suggestion = names?.closest(to: choice.target, budget: &suggestionBudget)
                    let location = choice.location ?? passages[p].location
                    if let at = choice.location, !told.insert([at.description, choice.text, choice.target]).inserted {
                        continue
                    }
                    var finding = Diagnostic(
                        LintRule.brokenLink.rule,
                        "choice '\(choice.text)' of passage '\(passages[p].id)' leads to '\(choice.target)', which does not exist"
                            + Suggestion.phrase(suggestion),
                        at: location)
                    if let suggestion, let location {
                        finding.fix = Self.fix(replacing: choice.target, with: suggestion, at: location, in: sources)
                    }
                    findings.append(finding)
                }
            }
        }
        findings += passages.expressionDepthFindings(variables: variables)
        return findings
    }

    /// "the start passage 'X' does not exist", the start of the message of a start that
    /// names no passage (the suggestion follows).
    static func unknownStartMessage(_ start: String) -> String { "the start passage '\(start)' does not exist" }

    /// The edit that makes a broken link name `suggestion`, when the source pins it: from
    /// the link's column to the end of its line, the source holds the target's text
    /// exactly once as a whole name (no letter, digit or `_` on either side). When the
    /// target is an id the loader built (`scene:label`, `knot.stitch`) and the source may
    /// hold only its last part, the part after the separator the two names share is looked
    /// for instead. Anything else (the target twice on the line, as in `[[hallway->hallway]]`,
    /// or written differently) gets no edit: a wrong edit is worse than none.
    static func fix(
        replacing target: String, with suggestion: String, at location: SourceLocation, in sources: [SourceText]
    ) -> Diagnostic.Fix? {
        guard let source = sources.first(where: { $0.path == location.file }) else { return nil }
        let starts = source.lines.scalarStarts
        guard location.line >= 1, location.line <= starts.count else { return nil }
        let lineStart = starts[location.line - 1]
        var lineEnd = location.line < starts.count ? starts[location.line] : source.scalars.count
        let scalars = source.scalars
        while lineEnd > lineStart, scalars[lineEnd - 1] == "\n" || scalars[lineEnd - 1] == "\r" { lineEnd -= 1 }
        let from = lineStart + location.column - 1
        guard from >= lineStart, from <= lineEnd else { return nil }
        var edits = [(Array(target.unicodeScalars), Array(suggestion.unicodeScalars))]
        let (t, s) = edits[0]
        var shared = 0
        while shared < min(t.count, s.count), t[shared] == s[shared] { shared += 1 }
        if let cut = t[..<shared].lastIndex(where: { ":./".unicodeScalars.contains($0) }) {
            edits.append((Array(t[(cut + 1)...]), Array(s[(cut + 1)...])))
        }
        func isNameScalar(_ i: Int) -> Bool {
            i >= lineStart && i < lineEnd
                && (scalars[i].properties.isAlphabetic || scalars[i].properties.numericType != nil || scalars[i] == "_")
        }
        func string(_ scalars: [Unicode.Scalar]) -> String {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars)
            return String(view)
        }
        for (original, replacement) in edits where !original.isEmpty {
            var found: [Int] = []
            var i = from
            while i + original.count <= lineEnd {
                if scalars[i] == original[0], scalars[i..<(i + original.count)].elementsEqual(original),
                    !isNameScalar(i - 1), !isNameScalar(i + original.count)
                {
                    found.append(i)
                }
                i += 1
            }
            guard !found.isEmpty else { continue }
            guard found.count == 1 else { return nil }
            var at = location
            at.column = found[0] - lineStart + 1
            return Diagnostic.Fix(at: at, replacing: string(original), with: string(replacement))
        }
        return nil
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
            findings.append(
                Diagnostic(FormatRules.expressionDepth, FormatRules.expressionDepthMessage(what), at: location))
        }
        for v in variables where v.initial?.isTooDeep == true {
            report("the value of '\(v.name)'", at: v.location)
        }
        // A run shared by many lists is looked at once; each list that holds a too-deep
        // value of it still gets its finding.
        var deepShared: [ObjectIdentifier: [Effect]] = [:]
        func tooDeep(_ list: EffectList) -> [Effect] {
            var found: [Effect] = []
            if let shared = list.shared {
                let key = ObjectIdentifier(shared)
                if deepShared[key] == nil { deepShared[key] = shared.effects.filter(\.value.isTooDeep) }
                found = deepShared[key]!
            }
            // Almost always nothing: no array is made then.
            guard list.own.contains(where: \.value.isTooDeep) else { return found }
            return found + list.own.filter(\.value.isTooDeep)
        }
        // Read in place: a copy of each passage would retain and release its every field.
        for p in indices {
            for effect in tooDeep(self[p].effectList) {
                report(
                    "the value given to '\(effect.variable)' in passage '\(self[p].id)'",
                    at: effect.location ?? self[p].location)
            }
            for c in self[p].choices.indices {
                let deep = tooDeep(self[p].choices[c].effectList)
                guard self[p].choices[c].condition?.isTooDeep == true || !deep.isEmpty else { continue }
                let passage = self[p]
                let choice = passage.choices[c]
                if choice.condition?.isTooDeep == true {
                    report(
                        "the condition of choice '\(choice.text)' in passage '\(passage.id)'",
                        at: choice.location ?? passage.location)
                }
                for effect in deep {
                    report(
                        "the value given to '\(effect.variable)' by choice '\(choice.text)'",
                        at: effect.location ?? choice.location ?? passage.location)
                }
            }
        }
        return findings
    }
}
