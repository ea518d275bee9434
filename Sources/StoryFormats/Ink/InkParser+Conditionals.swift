import StoryGraph

extension InkParser {
    /// A multi-line `{ … }` block being read: a conditional (`{ x > 1:` … `- else:` … `}`),
    /// an if-chain (`{` `- a:` `- b:` `- else:` `}`), a switch (`{ x:` `- 1:` … `}`) or a
    /// sequence (`{ stopping:` `- one` `- two` `}`). Each branch's choices and diverts carry
    /// its condition; the block ends the flow when every branch diverts (an else given).
    struct Block {
        enum Kind {
            case chain, sequence, conditional
            case switchOn(Expression?, String)
        }
        var kind: Kind
        /// The passage that was open when the block began.
        var openedAt: Int?
        var branchConditions: [Condition] = []
        var branchTerminated: [Bool] = []
        /// Whether the current branch's condition is on `conditions`.
        var pushed = false
        var hasElse = false
        var firstBranchHasContent = false
        var location: SourceLocation
        /// The places a branch goes on from after a tunnel it calls returns (`- a: -> t ->`),
        /// and, of those, the ones branches ended at: each goes on after the block.
        var returnPoints: Set<Int> = []
        var joins: [Int] = []
    }

    static let sequenceKeywords: Set<String> = ["stopping", "cycle", "shuffle", "once"]

    /// `{ … }` closed on its line: a conditional `{c: a | b}`, a sequence `{a|b}` (`&`
    /// cycle, `~` shuffle, `!` once), or a value `{x}`. Returns false, consuming nothing,
    /// when the `{` is not closed on the line (a multi-line block).
    ///
    /// Inline logic inside inline logic is read to `Expression.maximumDepth` levels; a
    /// deeper `{…}` is skipped whole with an `expression-depth` finding. So each level
    /// scans its braces once (their end and first separator in one pass) and a line is
    /// read in O(length × levels), levels bounded: no rescans that grow with the nesting.
    mutating func inlineLogic(_ cursor: inout InkCursor, into scan: inout Scan) -> Bool {
        let (closing, firstSeparator) = braces(cursor, inside: false)
        guard let closing else { return false }
        inlineNesting += 1
        defer { inlineNesting -= 1 }
        guard inlineNesting <= Expression.maximumDepth else {
            report(
                FormatRules.expressionDepth,
                FormatRules.expressionDepthMessage(
                    "this inline logic", levels: "braces inside braces",
                    "what it holds is not read (its diverts and choices are not followed)"),
                at: cursor.location)
            cursor.position = closing + 1
            return true
        }
        cursor.advance()
        cursor.skipSpaces()
        if let c = cursor.current, c == "&" || c == "~" || c == "!" {
            cursor.advance()
            sequence(&cursor, into: &scan)
            return true
        }
        var separator = firstSeparator
        if separator == ":" || separator == "|" {
            // A conditional only when an expression is all that comes before the `:`
            // (ink tries the conditional, then a sequence): `{It reads: a|b}` is not one,
            // and `{a || b: text}` is one (its first `|` is the expression's). An
            // expression too deep to read before the first `:` is a condition too.
            var probe = cursor
            let saved = statistics
            let parsed = expression(&probe)
            probe.skipSpaces()
            statistics = saved
            let probeTooDeep = expressionTooDeep
            expressionTooDeep = false
            if (parsed != nil && probe.current == ":") || (probeTooDeep && separator == ":") {
                separator = ":"
            } else if separator == ":" {
                separator = braces(cursor, inside: true, ignoringColons: true).separator
            }
        }
        switch separator {
        case ":":
            let (text, expression) = expressionText(&cursor, until: ":")
            _ = cursor.match(":")
            let condition = Condition.test(text, expression)
            conditions.append(condition)
            let yes = scanContent(&cursor, stops: ["|", "}"])
            conditions.removeLast()
            var no: Scan?
            if cursor.match("|") {
                conditions.append(.not(condition))
                no = scanContent(&cursor, stops: ["|", "}"])
                conditions.removeLast()
            }
            _ = cursor.match("}")
            merge([yes] + (no.map { [$0] } ?? []), into: &scan)
            scan.terminated = scan.terminated || (yes.terminated && (no?.terminated ?? false))
        case "|":
            sequence(&cursor, into: &scan)
        default:
            let (text, _) = expressionText(&cursor, until: "}")
            _ = cursor.match("}")
            scan.text += "{" + text + "}"
        }
        return true
    }

    /// The alternatives of an inline sequence, up to its `}`.
    mutating func sequence(_ cursor: inout InkCursor, into scan: inout Scan) {
        var alternatives: [Scan] = []
        repeat {
            alternatives.append(scanContent(&cursor, stops: ["|", "}"]))
        } while cursor.match("|")
        _ = cursor.match("}")
        merge(alternatives, into: &scan)
        scan.terminated = scan.terminated || alternatives.allSatisfy(\.terminated)
    }

    /// Branches into one scan: the first branch's text (what a first reading shows) and
    /// every branch's diverts and tags.
    func merge(_ branches: [Scan], into scan: inout Scan) {
        for (k, branch) in branches.enumerated() {
            for item in branch.items {
                if case .text(let text) = item {
                    if k == 0 { scan.add(text: text) }
                } else {
                    scan.items.append(item)
                }
            }
            scan.tags += branch.tags
        }
    }

    /// One scan of the braces from the cursor (at a `{`, or just inside one): where they
    /// close on this line (nil: not on this line), and their first top-level `:` or `|`.
    /// Strings and escaped characters are skipped.
    ///
    /// - Complexity: O(length of the braces).
    func braces(_ cursor: InkCursor, inside: Bool, ignoringColons: Bool = false) -> (
        closing: Int?, separator: Unicode.Scalar?
    ) {
        let s = cursor.scalars
        var i = cursor.position
        var depth = inside ? 1 : 0
        var parentheses = 0
        var inString = false
        var separator: Unicode.Scalar?
        while i < s.count {
            let c = s[i]
            if c == "\\" {
                i += 2
                continue
            }
            if c == "\"" { inString.toggle() }
            if !inString || c == "{" || c == "}" {
                if c == "{" { depth += 1 }
                if !inString && c == "(" { parentheses += 1 }
                if !inString && c == ")" { parentheses -= 1 }
                if c == "}" {
                    depth -= 1
                    if depth == 0 { return (i, separator) }
                }
                if depth == 1, parentheses <= 0, separator == nil, !inString, (c == ":" && !ignoringColons) || c == "|"
                {
                    separator = c
                }
            }
            i += 1
        }
        return (nil, separator)
    }

    // MARK: multi-line blocks

    /// A `{` left open at the end of its line; `cursor` is just after it. One with text
    /// after it but no `:` (`{x`) opens no block: ink reads it as inline logic whose `}`
    /// is missing (inklecate: "Expected … within braces: { ... }"), an error.
    mutating func openBlock(_ cursor: inout InkCursor, at location: SourceLocation) {
        cursor.skipSpaces()
        if !cursor.atEnd && !Self.hasTopLevelColon(cursor) {
            reportUnclosedBrace(cursor, at: location)
            return
        }
        let p = currentPassage(at: location)
        var block = Block(kind: .chain, openedAt: p, location: location)
        cursor.skipSpaces()
        if cursor.atEnd {
            blocks.append(block)
            return
        }
        let save = cursor.position
        var words: [String] = []
        while let word = cursor.identifier(), Self.sequenceKeywords.contains(word) {
            words.append(word)
            cursor.skipSpaces()
        }
        if !words.isEmpty, cursor.match(":") {
            block.kind = .sequence
            blocks.append(block)
            block.branchTerminated = []
            return
        }
        cursor.position = save
        let (text, expression) = expressionText(&cursor, until: ":")
        _ = cursor.match(":")
        let condition = Condition.test(text, expression)
        block.kind = .conditional
        block.branchConditions = [condition]
        block.branchTerminated = [false]
        block.pushed = true
        conditions.append(condition)
        blocks.append(block)
        cursor.skipSpaces()
        if !cursor.atEnd {
            blocks[blocks.count - 1].firstBranchHasContent = true
            parseLine(&cursor)
        }
    }

    /// A line inside a multi-line block: `}` closes it, `- …` starts a branch. Returns
    /// false for any other line (read as usual, under the branch's condition).
    mutating func blockLine(_ cursor: inout InkCursor) -> Bool {
        let last = blocks.count - 1
        if cursor.current == "}" {
            let location = cursor.location
            cursor.advance()
            closeBlock(at: location)
            cursor.skipSpaces()
            if !cursor.atEnd { parseLine(&cursor) }
            return true
        }
        guard cursor.current == "-", !cursor.looksAt("->") else {
            if blocks[last].branchTerminated.count <= 1 { blocks[last].firstBranchHasContent = true }
            return false
        }
        cursor.advance()
        cursor.skipSpaces()
        if blocks[last].pushed {
            conditions.removeLast()
            blocks[last].pushed = false
        }
        if case .sequence = blocks[last].kind {
            joinBranch()
            rejoinOwner(of: blocks[last])
            blocks[last].branchTerminated.append(false)
        } else {
            var condition: Condition?
            var probe = cursor
            if probe.matchWord("else") || Self.hasTopLevelColon(cursor) {
                joinBranch()
                rejoinOwner(of: blocks[last])
            }
            let beforeElse = cursor.position
            if cursor.matchWord("else") {
                cursor.skipSpaces()
                // `- else` with no colon is ink's branch with no condition: its word is text.
                if !cursor.match(":") { cursor.position = beforeElse }
                let previous = blocks[last].branchConditions
                condition =
                    previous.isEmpty ? nil : (previous.count == 1 ? .not(previous[0]) : .all(previous.map { .not($0) }))
                blocks[last].hasElse = true
            } else if !Self.hasTopLevelColon(cursor) {
                // `- content` with no condition: a line of the branch, not a new case.
                if let condition = blocks[last].branchConditions.last, case .conditional = blocks[last].kind {
                    conditions.append(condition)
                    blocks[last].pushed = true
                }
                cursor.skipSpaces()
                if !cursor.atEnd { parseLine(&cursor) }
                return true
            } else {
                let (text, expression) = expressionText(&cursor, until: ":")
                _ = cursor.match(":")
                if case .conditional = blocks[last].kind, blocks[last].branchTerminated.count == 1,
                    !blocks[last].firstBranchHasContent,
                    case .test(let subjectText, let subject)? = blocks[last].branchConditions.first
                {
                    blocks[last].kind = .switchOn(subject, subjectText)
                    blocks[last].branchConditions = []
                    blocks[last].branchTerminated = []
                }
                if case .switchOn(let subject, let subjectText) = blocks[last].kind {
                    var value: Expression?
                    if let subject, let expression { value = .binary(.equal, subject, expression) }
                    condition = .test(subjectText + " == " + text, value)
                } else {
                    condition = .test(text, expression)
                }
                blocks[last].branchConditions.append(condition!)
            }
            blocks[last].branchTerminated.append(false)
            if let condition {
                conditions.append(condition)
                blocks[last].pushed = true
            }
        }
        cursor.skipSpaces()
        if !cursor.atEnd { parseLine(&cursor) }
        return true
    }

    /// inklecate's "Expected … within braces: { ... }": a `{` (at `location`, `cursor`
    /// just after it) whose `}` is not on its line.
    mutating func reportUnclosedBrace(_ cursor: InkCursor, at location: SourceLocation) {
        report(
            InkRules.syntax,
            "'{\(cursor.rest.trimmingCharacters(in: .whitespaces))' is never closed: "
                + "inline logic needs its '}' on the same line",
            at: location)
    }

    /// Whether the rest of the line has a `:` outside strings and brackets (a case).
    static func hasTopLevelColon(_ cursor: InkCursor) -> Bool {
        var depth = 0
        var inString = false
        for c in cursor.scalars[cursor.position...] {
            if c == "\"" { inString.toggle() }
            if inString { continue }
            if c == "(" || c == "{" { depth += 1 }
            if c == ")" || c == "}" { depth -= 1 }
            if c == ":" && depth == 0 { return true }
        }
        return false
    }

    /// `}` of a multi-line block: its conditions end; if every branch diverted (and an
    /// else or a sequence covers every case), so does the flow.
    mutating func closeBlock(at location: SourceLocation) {
        joinBranch()
        guard let block = blocks.popLast() else { return }
        if block.pushed { conditions.removeLast() }
        rejoinOwner(of: block)
        var covers = block.hasElse
        if case .sequence = block.kind { covers = true }
        let everyBranchLeaves = covers && !block.branchTerminated.isEmpty && block.branchTerminated.allSatisfy { $0 }
        let goesOn = everyBranchLeaves ? nil : continuation(of: block)
        if let p = block.openedAt, !block.joins.isEmpty {
            // Branches that called a tunnel meet again after the block, as does the
            // passage itself unless every branch leaves it (and then only when none of
            // the branches that left or called was taken).
            let after = newPassage(id: weavePointID(label: nil, kind: "r"), location: location)
            for x in block.joins {
                passages[x].choices.append(
                    Choice(text: "", target: passages[after].id, kind: .auto, location: location))
            }
            if !everyBranchLeaves {
                passages[p].choices.append(
                    Choice(
                        text: "", target: passages[after].id, condition: unsettled(goesOn, in: p), kind: .auto,
                        location: location))
            }
            flow.current = .passage(after)
            if let outer = blocks.indices.last, blocks[outer].openedAt == p || blocks[outer].returnPoints.contains(p) {
                blocks[outer].returnPoints.insert(after)
            }
            return
        }
        if everyBranchLeaves, case .passage(let p) = flow.current, p == block.openedAt {
            terminate(p)
        } else if let goesOn, case .passage(let p) = flow.current, p == block.openedAt,
            !flow.levels.contains(where: { $0.owner == p })
        {
            continuations.append((passage: p, from: passages[p].choices.count, condition: goesOn))
        }
    }

    /// When the flow goes on past a block whose branches do not all leave: only when no
    /// branch that left (diverted, or called a tunnel and met the others after the
    /// block) was the one ink took, the first whose condition holds. nil when no branch
    /// left, or for a sequence (its branch is picked by visits or chance, not a test).
    func continuation(of block: Block) -> Condition? {
        if case .sequence = block.kind { return nil }
        var unless: [Condition] = []
        for (i, left) in block.branchTerminated.enumerated() where left {
            let earlier = block.branchConditions.prefix(i).map { Condition.not($0) }
            if i < block.branchConditions.count {
                let taken: Condition = earlier.isEmpty ? block.branchConditions[i] : .all(earlier + [block.branchConditions[i]])
                unless.append(.not(taken))
            } else if block.hasElse, !earlier.isEmpty {
                // The else branch left: the flow goes on only when one of the tests held.
                unless.append(.not(earlier.count == 1 ? earlier[0] : .all(earlier)))
            } else if block.hasElse {
                return nil
            }
        }
        if unless.isEmpty { return nil }
        return unless.count == 1 ? unless[0] : .all(unless)
    }

    /// The continuations of blocks closed in a passage (`continuation(of:)`): each way out
    /// of the passage added after the block holds only when its condition does.
    mutating func guardContinuations() {
        for (p, from, condition) in continuations {
            for c in from..<passages[p].choices.count {
                passages[p].choices[c].condition = Condition.joined(condition, passages[p].choices[c].condition)
            }
        }
    }

    /// Whether a tunnel called from passage `p` returns into the innermost block's branch,
    /// to go on after the block when the branch ends (not into the next branch's test).
    /// A block among a weave's choices keeps its branches in the passage that offers them.
    func tunnelReturnsIntoBranch(from p: Int) -> Bool {
        guard let block = blocks.last, let owner = block.openedAt else { return false }
        guard owner == p || block.returnPoints.contains(p) else { return false }
        return !flow.levels.contains { $0.owner == owner }
    }

    /// The end of the innermost block's current branch: a branch that went on at a
    /// tunnel's return point meets the others after the block; the next branch is tested
    /// where the block began.
    mutating func joinBranch() {
        guard let last = blocks.indices.last, let owner = blocks[last].openedAt,
            case .passage(let x) = flow.current, x != owner, blocks[last].returnPoints.contains(x)
        else { return }
        blocks[last].joins.append(x)
        if !blocks[last].branchTerminated.isEmpty {
            blocks[last].branchTerminated[blocks[last].branchTerminated.count - 1] = true
        }
        flow.current = .passage(owner)
    }

    /// The end of a branch (a new branch or the `}`) of a block whose passage offers
    /// choices: the flow goes on in that passage (the next branch's text and choices are
    /// its too, and after the block what follows); what a choice's content left open
    /// goes on at the next gather.
    mutating func rejoinOwner(of block: Block) {
        guard let owner = block.openedAt, flow.levels.contains(where: { $0.owner == owner }) else { return }
        keepChoiceText()
        switch flow.current {
        case .passage(let p) where p != owner:
            flow.levels[flow.level(1)].looseEnds.append(.passage(p, flow.lastLocation))
            if flow.lastContentDiverts { flow.quietEnds.insert(p) }
            flow.current = .passage(owner)
        case .choice(let o, let c, _, _):
            flow.levels[flow.level(1)].looseEnds.append(.choice(passage: o, choice: c))
            flow.current = .passage(owner)
        case .none:
            flow.current = .passage(owner)
        case .passage:
            break
        }
    }

    /// Blocks still open when a knot or stitch begins: ink's "expected '}'".
    mutating func closeBlocks(at location: SourceLocation) {
        while let block = blocks.last {
            report(InkRules.syntax, "this '{' is never closed (expected '}')", at: block.location)
            closeBlock(at: location)
        }
    }
}
