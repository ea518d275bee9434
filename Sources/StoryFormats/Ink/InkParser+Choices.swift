import StoryGraph

extension InkParser {
    /// `* (label) {condition} start [choice only] inner -> divert`: once-only `*` or
    /// sticky `+`, nested by repeating the bullet. The reader sees `start` + `choice only`
    /// on the choice and `start` + `inner` after taking it; a choice with no text at all
    /// is a fallback (taken only when nothing else is offered).
    mutating func choiceLine(_ cursor: inout InkCursor) {
        let location = cursor.location
        var depth = 0
        var sticky = false
        while true {
            cursor.skipSpaces()
            guard let c = cursor.current, c == "*" || c == "+" else { break }
            if depth == 0 { sticky = c == "+" }
            cursor.advance()
            depth += 1
        }
        statistics.choices += 1
        cursor.skipSpaces()
        let label = weaveLabel(&cursor)
        var condition: Condition?
        while cursor.current == "{" {
            let brace = cursor.location
            cursor.advance()
            let afterBrace = cursor
            let (text, expression) = expressionText(&cursor, until: "}")
            // inklecate: "Expected closing '}' for choice condition".
            if !cursor.match("}") { reportUnclosedBrace(afterBrace, at: brace) }
            condition = Condition.joined(condition, .test(text, expression))
            cursor.skipSpaces()
        }
        let start = scanContent(&cursor, stops: ["["])
        var choiceOnly = Scan()
        if cursor.match("[") {
            choiceOnly = scanContent(&cursor, stops: ["]"])
            if !cursor.match("]") {
                // inklecate: "Expected closing ']' for weave-style option".
                report(InkRules.syntax, "this choice's '[' is never closed (expected ']' on its line)", at: location)
            }
        }
        let inner = scanContent(&cursor, stops: [])
        if let open = start.opensBlock ?? choiceOnly.opensBlock ?? inner.opensBlock {
            // No multi-line block opens on a choice's line: the `{` is never closed.
            var header = cursor
            header.position = open.position
            reportUnclosedBrace(header, at: open.location)
        }
        let shown = Self.readable(start.text + choiceOnly.text)
        let output = Self.readable(start.text + inner.text)
        let items = start.items + choiceOnly.items + inner.items
        let hasText = !(start.text + choiceOnly.text + inner.text).allSatisfy { $0 == " " || $0 == "\t" }
        if !hasText && items.isEmpty && start.tags.isEmpty && inner.tags.isEmpty {
            report(
                InkRules.emptyChoice,
                "choice is completely empty; read as a fallback choice (write '\(sticky ? "+" : "*") ->' to say so)",
                at: location)
        }

        // The passage that offers this choice: the open choice set of this depth, or
        // the content just read.
        let level = flow.level(depth)
        let owner: Int
        if let o = flow.levels[level].owner {
            owner = o
        } else {
            owner = currentPassage(at: location)
            flow.levels[level].owner = owner
        }
        leaveCurrent(atDepth: depth, owner: owner)
        var choice = Choice(
            text: shown, target: "", condition: unsettled(Condition.joined(joinedConditions, condition), in: owner),
            kind: .choice,
            location: location)
        choice.isOnceOnly = !sticky
        choice.isFallback = !hasText
        passages[owner].choices.append(choice)
        let c = passages[owner].choices.count - 1
        flow.hasContent = true
        flow.lastLocation = location
        flow.lastContentDiverts = false
        if flow.id == Self.rootID { rootHasContent = true }

        // The diverts and threads on the line (its text is the choice's and its content's).
        let plainItems = items.filter {
            switch $0 {
            case .text, .emptyDivert: return false
            default: return true
            }
        }
        if label == nil, plainItems.count == 1, case .divert(let path, nil, let at) = plainItems[0],
            path != "END", path != "DONE"
        {
            // `* text -> target`: the choice leads straight there.
            pendingTargets.append(PendingTarget(passage: owner, choice: c, path: path, scope: flow.id, location: at))
            flow.current = .none
            addTags(start.tags + choiceOnly.tags + inner.tags, to: owner)
            return
        }
        flow.current = .choice(owner: owner, choice: c, depth: depth, text: output)
        if let label {
            let id = weavePointID(label: label, kind: "c")
            let body = newPassage(id: id, location: location)
            passages[body].text = output
            passages[owner].choices[c].target = id
            flow.current = .passage(body)
        }
        if !plainItems.isEmpty {
            var rest = inner
            rest.text = ""
            rest.items = plainItems
            emit(rest, at: location)
        }
    }

    /// The conditions of the conditionals being read, as one.
    var joinedConditions: Condition? {
        conditions.reduce(nil) { Condition.joined($0, $1) }
    }

    /// `condition` for a way out of passage `p`, without the conditions already settled
    /// on entering `p` (`settled`): the leading parts they share.
    func unsettled(_ condition: Condition?, in p: Int) -> Condition? {
        guard let condition, let known = settled[p] else { return condition }
        func parts(_ c: Condition) -> [Condition] {
            if case .all(let xs) = c { return xs }
            return [c]
        }
        let have = parts(condition)
        let done = parts(known)
        guard done.count <= have.count, Array(have.prefix(done.count)) == done else { return condition }
        let rest = Array(have.dropFirst(done.count))
        return rest.isEmpty ? nil : rest.count == 1 ? rest[0] : .all(rest)
    }

    mutating func addTags(_ tags: [String], to p: Int) {
        for tag in tags where !passages[p].tags.contains(tag) { passages[p].tags.append(tag) }
    }
}
