import StoryGraph

extension InkParser {
    /// What a run of content holds: the reader's text, the flow items in it in order, its
    /// tags, and whether it ends the flow (an unconditional divert, or a conditional whose
    /// every branch diverts).
    struct Scan {
        enum Item {
            case text(String)
            /// `-> target` (`END` and `DONE` included), under its conditions.
            case divert(String, Condition?, SourceLocation)
            /// `-> target ->`: a call that comes back here.
            case tunnel(String, Condition?, SourceLocation)
            /// `->->`, or `->-> target` (return, then go on there).
            case tunnelReturn(String?, Condition?, SourceLocation)
            /// `<- target`: the target's choices are offered here too.
            case thread(String, Condition?, SourceLocation)
            /// A bare `->`: on a choice, go on to the next gather; anywhere else an error.
            case emptyDivert(SourceLocation)
        }
        var text = ""
        var items: [Item] = []
        var tags: [String] = []
        var terminated = false
        /// Set when a `{` is still open at the end of the line: a multi-line block, with
        /// what follows the `{` on its line.
        var opensBlock: (position: Int, location: SourceLocation)?
        /// Set when a `}` closes the innermost multi-line block.
        var closesBlock = false

        mutating func add(text piece: String) {
            guard !piece.isEmpty else { return }
            text += piece
            items.append(.text(piece))
        }
    }

    /// A line of text, logic and diverts.
    mutating func contentLine(_ cursor: inout InkCursor) {
        let location = cursor.location
        let scan = scanContent(&cursor, stops: [], topLevel: true)
        emit(scan, at: location)
        if scan.closesBlock {
            closeBlock(at: location)
            cursor.skipSpaces()
            if !cursor.atEnd { parseLine(&cursor) }
        }
        if let opened = scan.opensBlock {
            var header = cursor
            header.position = opened.position
            openBlock(&header, at: opened.location)
        }
    }

    /// Scans content up to one of `stops` (not consumed) or the end of the line. Text runs
    /// count as ink's `Text` objects do for the word count.
    mutating func scanContent(_ cursor: inout InkCursor, stops: Set<Unicode.Scalar>, topLevel: Bool = false) -> Scan {
        var scan = Scan()
        var run = String.UnicodeScalarView()
        func flush(_ scan: inout Scan, _ statistics: inout InkStatistics) {
            let piece = String(run)
            statistics.words += InkStatistics.words(in: piece)
            scan.add(text: piece)
            run = String.UnicodeScalarView()
        }
        while let c = cursor.current {
            if stops.contains(c) { break }
            if c == "\\" {
                cursor.advance()
                if let next = cursor.current {
                    run.append(next)
                    cursor.advance()
                }
                continue
            }
            if cursor.looksAt("<>") {
                flush(&scan, &statistics)
                cursor.advance(2)
                continue
            }
            if cursor.looksAt("->") {
                flush(&scan, &statistics)
                divert(&cursor, into: &scan)
                continue
            }
            if cursor.looksAt("<-") {
                flush(&scan, &statistics)
                thread(&cursor, into: &scan)
                continue
            }
            if c == "#" {
                flush(&scan, &statistics)
                cursor.advance()
                let tag = scanTag(&cursor, stops: stops)
                if !tag.isEmpty { scan.tags.append(tag) }
                continue
            }
            if c == "{" {
                flush(&scan, &statistics)
                if !inlineLogic(&cursor, into: &scan) {
                    // Unclosed on its line: a multi-line block opens here.
                    scan.opensBlock = (cursor.position + 1, cursor.location)
                    cursor.position = cursor.scalars.count
                }
                continue
            }
            if c == "}", topLevel, !blocks.isEmpty {
                flush(&scan, &statistics)
                cursor.advance()
                scan.closesBlock = true
                break
            }
            if c == "}", topLevel {
                // No block is open: ink ignores it; it is not text.
                flush(&scan, &statistics)
                report(InkRules.strayBrace, "'}' with no '{' open: ignored (as ink does)", at: cursor.location)
                cursor.advance()
                continue
            }
            run.append(c)
            cursor.advance()
        }
        flush(&scan, &statistics)
        return scan
    }

    /// A tag's text, to the end of the line or the next `#` (or a stop).
    mutating func scanTag(_ cursor: inout InkCursor, stops: Set<Unicode.Scalar>) -> String {
        var view = String.UnicodeScalarView()
        while let c = cursor.current, c != "#", !stops.contains(c) {
            if c == "{" {
                var ignored = Scan()
                if inlineLogic(&cursor, into: &ignored) {
                    view.append(contentsOf: ignored.text.unicodeScalars)
                    continue
                }
            }
            view.append(c)
            cursor.advance()
        }
        let text = String(view)
        statistics.words += InkStatistics.words(in: text)
        return text.trimmingCharacters(in: .whitespaces)
    }

    /// Puts scanned content into the flow: text into the current passage, diverts as its
    /// choices. An unconditional divert ends the passage (inside a multi-line block, only
    /// the block's branch).
    mutating func emit(_ scan: Scan, at location: SourceLocation) {
        let hasText = !scan.text.allSatisfy { $0 == " " || $0 == "\t" }
        guard hasText || !scan.items.isEmpty || !scan.tags.isEmpty else { return }
        flow.hasContent = true
        flow.lastLocation = location
        flow.lastContentDiverts = scan.items.contains {
            switch $0 {
            case .divert, .tunnel, .tunnelReturn: return true
            case .text, .thread, .emptyDivert: return false
            }
        }
        if flow.id == Self.rootID { rootHasContent = true }
        var p = currentPassage(at: location)
        addTags(scan.tags, to: p)
        for item in scan.items {
            switch item {
            case .text(let text):
                appendText(text, to: p)
            case .divert(let path, let condition, let at):
                addDivert(path, condition: unsettled(condition, in: p), from: p, at: at)
            case .tunnel(let path, let written, let at):
                let condition = unsettled(written, in: p)
                let r = newPassage(id: weavePointID(label: nil, kind: "r"), location: at)
                // What held on entering `p` holds at `r`; in a branch, so does the
                // branch's condition (the call or the way past it is inside the branch).
                settled[r] = settled[p]
                var call = Choice(
                    text: "", target: "", condition: condition, kind: .call, returnTo: passages[r].id, location: at)
                call.returnTo = passages[r].id
                passages[p].choices.append(call)
                pendingTargets.append(
                    PendingTarget(
                        passage: p, choice: passages[p].choices.count - 1, path: path, scope: flow.id, location: at))
                if tunnelReturnsIntoBranch(from: p) {
                    // The branch goes on at `r`; the block, after it (`closeBlock`). Only a
                    // condition of the line's own (`- a: {b: -> t ->}`) may pass the call by.
                    blocks[blocks.count - 1].returnPoints.insert(r)
                    if let branch = joinedConditions { settled[r] = branch }
                    if let condition, condition != unsettled(joinedConditions, in: p) {
                        passages[p].choices.append(
                            Choice(
                                text: "", target: passages[r].id, condition: .not(condition), kind: .auto, location: at)
                        )
                    }
                } else if let condition {
                    passages[p].choices.append(
                        Choice(text: "", target: passages[r].id, condition: .not(condition), kind: .auto, location: at))
                    // The flow passes the return point whether the branch is taken or not:
                    // a block opened at `p` goes on there (its other branches, what follows).
                    for b in blocks.indices where blocks[b].openedAt == p { blocks[b].openedAt = r }
                }
                p = r
                flow.current = .passage(r)
            case .tunnelReturn(let then, let written, let at):
                let condition = unsettled(written, in: p)
                if let then {
                    addDivert(then, condition: condition, from: p, at: at)
                } else {
                    passages[p].choices.append(
                        Choice(text: "", target: "", condition: condition, kind: .return, location: at))
                }
            case .thread(let path, let written, let at):
                let condition = unsettled(written, in: p)
                passages[p].choices.append(
                    Choice(text: "", target: "", condition: condition, kind: .include, location: at))
                pendingTargets.append(
                    PendingTarget(
                        passage: p, choice: passages[p].choices.count - 1, path: path, scope: flow.id, location: at))
            case .emptyDivert(let at):
                // A choice drops its own bare `->` before its items get here.
                report(
                    InkRules.syntax, "'->' with no target: an empty divert is only valid on a choice (ink's rule)",
                    at: at)
            }
        }
        if scan.terminated { terminate(p) }
    }

    /// `-> target` from passage `p`: an automatic step, or an ending for `END` / `DONE`.
    mutating func addDivert(_ path: String, condition: Condition?, from p: Int, at location: SourceLocation) {
        if path == "END" || path == "DONE" {
            if condition == nil {
                let waits = passages[p].choices.contains { $0.kind == .choice || $0.kind == .include }
                if !waits || path == "END" { passages[p].ending = Passage.Ending() }
                return
            }
            let e = newPassage(id: weavePointID(label: nil, kind: path == "END" ? "end" : "done"), location: location)
            passages[e].ending = Passage.Ending()
            passages[p].choices.append(
                Choice(text: "", target: passages[e].id, condition: condition, kind: .auto, location: location))
            return
        }
        passages[p].choices.append(Choice(text: "", target: "", condition: condition, kind: .auto, location: location))
        pendingTargets.append(
            PendingTarget(
                passage: p, choice: passages[p].choices.count - 1, path: path, scope: flow.id, location: location))
    }

    /// The flow of passage `p` stops here (or, inside a multi-line block opened in `p`,
    /// that branch of the block does).
    mutating func terminate(_ p: Int) {
        if let last = blocks.indices.last, let owner = blocks[last].openedAt,
            owner == p || blocks[last].returnPoints.contains(p), !blocks[last].branchTerminated.isEmpty
        {
            blocks[last].branchTerminated[blocks[last].branchTerminated.count - 1] = true
            flow.current = .passage(owner)
            return
        }
        flow.current = .none
    }
}
