import StoryGraph

extension InkParser {
    /// `- gather`, `- - (label) text`: a weave point where the flow joins. Every loose end
    /// at its depth or deeper (and the content just read) goes on to it.
    mutating func gatherLine(_ cursor: inout InkCursor) {
        let location = cursor.location
        var depth = 0
        while true {
            cursor.skipSpaces()
            guard cursor.current == "-", !cursor.looksAt("->") else { break }
            cursor.advance()
            depth += 1
        }
        statistics.gathers += 1
        cursor.skipSpaces()
        let label = weaveLabel(&cursor)
        flow.hasContent = true
        flow.lastContentDiverts = false
        // What a choice before it printed is its passage, made first (source order).
        keepChoiceText()
        let id = weavePointID(label: label, kind: "g")
        let g = newPassage(id: id, location: location)
        joinLooseEnds(atDepth: depth, to: g, location: location)
        flow.current = .passage(g)
        flow.lastLocation = location
        // ink reads a choice on the gather's own line (`- * text`).
        if cursor.current == "*" || cursor.current == "+" {
            choiceLine(&cursor)
            return
        }
        contentLine(&cursor)
    }

    /// Sends the current content and every loose end of `depth` and deeper to passage `g`.
    mutating func joinLooseEnds(atDepth depth: Int, to g: Int, location: SourceLocation) {
        keepChoiceText()
        var ends: [Flow.LooseEnd] = []
        switch flow.current {
        case .passage(let p): ends.append(.passage(p, flow.lastLocation))
        case .choice(let owner, let choice, _, _): ends.append(.choice(passage: owner, choice: choice))
        case .none: break
        }
        let from = max(0, depth - 1)
        if from < flow.levels.count {
            for d in from..<flow.levels.count { ends += flow.levels[d].looseEnds }
            flow.levels.removeSubrange(from...)
        }
        for end in ends { join(end, to: passages[g].id, location: location) }
    }

    mutating func join(_ end: Flow.LooseEnd, to id: String, location: SourceLocation?) {
        switch end {
        case .passage(let p, _):
            // A passage that offers choices waits for them: it is no loose end.
            guard !passages[p].choices.contains(where: { $0.kind == .choice }) else { return }
            passages[p].choices.append(Choice(text: "", target: id, kind: .auto, location: location))
        case .choice(let p, let c):
            passages[p].choices[c].target = id
        }
    }

    /// A choice whose content is only the text it prints (`* [Listen] Voices.`): that
    /// text is what the reader sees next, so it becomes the choice's passage before the
    /// flow moves on.
    mutating func keepChoiceText() {
        guard case .choice(_, _, _, let text) = flow.current, !Self.readable(text).isEmpty,
            let location = flow.lastLocation
        else { return }
        _ = currentPassage(at: location)
    }

    /// Records the current content as a loose end of `depth` (a new choice of that depth
    /// begins).
    mutating func leaveCurrent(atDepth depth: Int, owner: Int) {
        keepChoiceText()
        let level = flow.level(depth)
        switch flow.current {
        case .passage(let p) where p != owner:
            flow.levels[level].looseEnds.append(.passage(p, flow.lastLocation))
            if flow.lastContentDiverts { flow.quietEnds.insert(p) }
        case .choice(let o, let c, _, _):
            flow.levels[level].looseEnds.append(.choice(passage: o, choice: c))
        case .passage, .none:
            break
        }
        // Deeper weaves end here: their loose ends go on at this depth's next gather.
        if depth < flow.levels.count {
            for d in depth..<flow.levels.count { flow.levels[level].looseEnds += flow.levels[d].looseEnds }
            flow.levels.removeSubrange(depth...)
        }
    }

    /// The end of a flow (a new knot or stitch, or the end of the story): what is still
    /// loose runs out. In the root that is ink's implicit `-> DONE`; elsewhere it is ink's
    /// "apparent loose end" warning.
    mutating func finishFlow() {
        keepChoiceText()
        var ends: [Flow.LooseEnd] = []
        // ink says nothing of a flow with no content at all, nor of one whose last
        // content may divert (`{x: -> a}`): the end of what was read last is no loose end.
        let lastMayDivert = flow.lastContentDiverts || !flow.hasContent
        let lastEnd: Int? = if case .passage(let p) = flow.current { p } else { nil }
        switch flow.current {
        case .passage(let p): ends.append(.passage(p, flow.lastLocation))
        case .choice(let owner, let choice, _, _): ends.append(.choice(passage: owner, choice: choice))
        case .none: break
        }
        for level in flow.levels { ends += level.looseEnds }
        flow.levels = []
        flow.current = .none
        guard !flow.isFunction else { return }
        let isRoot = flow.id == Self.rootID
        var done: String?
        for end in ends {
            switch end {
            case .passage(let p, let location):
                if passages[p].choices.contains(where: { $0.kind == .choice }) { continue }
                if isRoot {
                    passages[p].ending = Passage.Ending()
                } else if (p == lastEnd && lastMayDivert) || flow.quietEnds.contains(p) {
                    continue
                } else {
                    report(
                        InkRules.looseEnd,
                        "apparent loose end: the flow runs out here; does it need a '-> DONE', a choice or a divert?",
                        at: location ?? passages[p].location)
                }
            case .choice(let p, let c):
                if isRoot {
                    if done == nil {
                        let d = newPassage(id: Self.rootID + ".done", location: passages[p].choices[c].location)
                        passages[d].ending = Passage.Ending()
                        done = passages[d].id
                    }
                    passages[p].choices[c].target = done!
                } else {
                    let location = passages[p].choices[c].location
                    flow.current = .choice(owner: p, choice: c, depth: 1, text: "")
                    _ = currentPassage(at: location ?? SourceLocation(file: "", line: 1))
                    report(
                        InkRules.looseEnd,
                        "apparent loose end: the choice '\(passages[p].choices[c].text)' leads nowhere; does it need a divert?",
                        at: location)
                }
            }
        }
        flow.current = .none
    }
}
