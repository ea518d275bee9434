import StoryGraph

/// Turns one node's body into passages: the node's own passage, and, where the flow of a
/// node goes on after something the reader chooses, passages for the rest (`Title#1`,
/// `Title#2`…; `#` cannot be part of a Yarn title, so these never meet a node). Every
/// passage made here but the node's own is a flow point (`Passage.isFlowPoint`): the author
/// did not write it as a node, so it is never asked for text of its own.
///
/// - a `<<jump>>` is an automatic choice, `<<jump {$x}>>` a dynamic one, `<<detour>>` a call
///   whose `returnTo` is the passage of what follows it, `<<return>>` a return;
/// - the conditions of the `<<if>>` branches and `<<once>>` blocks a jump or an option sits
///   in are its condition (an `<<elseif>>` or `<<else>>` also carries the negation of the
///   branches before it); an `<<if>>` with no jump or option inside only adds text;
/// - an option whose body ends in an unconditional jump leads to the jump's node, one whose
///   body has no flow of its own leads to what follows the options, any other to a
///   passage of its own body followed by what follows the options;
/// - `<<stop>>` ends the dialogue (a declared ending); falling off the end of the body
///   ends it too. In the passages of a node run by a `<<detour>>` (`returnsAtEnd`) both
///   falling off the end and `<<return>>` return; elsewhere `<<return>>` is a `<<stop>>`,
///   as Yarn Spinner runs it with no detour running.
///
/// Nesting is bounded by `YarnBodyParser.maximumNesting`, which bounds the depth of
/// `walk`'s recursion into branches; the passages made are a worklist, not a recursion.
///
/// - Complexity: O(S × K) for S statements and at most `maximumContexts` conditions K
///   live at once.
struct YarnFlowBuilder {
    static let maximumContexts = 32

    struct Position: Hashable {
        var block: Int
        var index: Int
    }

    private struct Draft {
        /// The node's lines as written, commands included (the passage's `text`).
        var lines: [String] = []
        /// What the reader is shown of them: no `<<command>>` or `<<detour>>` lines.
        var shown: [String] = []
        var effects: [Effect] = []
        var choices: [Choice] = []
        var declaredEnd = false
        var waitsForLinks = false
    }

    let body: YarnBody
    let id: String
    let returnsAtEnd: Bool
    private(set) var passages: [Passage] = []
    /// `Title#end` and `Title#stop`, placed after the node's other passages.
    private var closing: [Passage] = []
    private var queue: [(id: String, rest: [Position])] = []
    private var continuationIDs: [[Position]: String] = [:]
    private var flowMemo: [Int: Bool] = [:]
    private var endID: String?
    private var stopID: String?
    private let template: Passage

    /// Builds the passages of `body`, the first with id `id`, tags and metadata of `template`.
    static func passages(of body: YarnBody, template: Passage, returnsAtEnd: Bool) -> [Passage] {
        var builder = YarnFlowBuilder(body: body, template: template, returnsAtEnd: returnsAtEnd)
        builder.run()
        return builder.passages
    }

    private init(body: YarnBody, template: Passage, returnsAtEnd: Bool) {
        self.body = body
        self.id = template.id
        self.template = template
        self.returnsAtEnd = returnsAtEnd
    }

    private mutating func run() {
        queue.append((id, [Position(block: body.root, index: 0)]))
        var next = 0
        while next < queue.count {
            let (passageID, rest) = queue[next]
            next += 1
            build(passageID, rest: rest)
        }
        passages += closing
    }

    private mutating func build(_ passageID: String, rest: [Position]) {
        var draft = Draft()
        var contexts: [Condition?] = [nil]
        var stack = rest
        while let top = stack.popLast() {
            contexts = walk(top.block, from: top.index, contexts, enclosing: stack, &draft)
            if contexts.isEmpty { break }
        }
        if !contexts.isEmpty && !draft.waitsForLinks {
            if contexts == [nil] && draft.choices.isEmpty {
                if returnsAtEnd { draft.choices.append(Choice(text: "return", target: "", kind: .return)) }
            } else {
                for c in contexts {
                    draft.choices.append(Choice(text: "(end)", target: endPassage(), condition: c, kind: .auto))
                }
            }
        }
        var passage = template
        passage.id = passageID
        if passageID != id {
            passage.tags = []
            passage.metadata = ["yarn-node": id]
            passage.position = nil
            passage.isFlowPoint = true
        }
        passage.text = draft.lines.joined(separator: "\n")
        let shown = draft.shown.joined(separator: "\n")
        passage.readerText = shown == passage.text ? nil : shown
        passage.effects = draft.effects
        passage.choices = draft.choices
        passage.ending = draft.declaredEnd ? Passage.Ending() : nil
        let location = rest.last.flatMap { statementLocation($0) }
        if passageID != id, let location { passage.location = location }
        passages.append(passage)
    }

    /// Walks `block` from `index` under the conditions `contexts` (nil: unconditional);
    /// returns the conditions under which the flow falls out of its end.
    private mutating func walk(
        _ block: Int, from index: Int, _ contexts: [Condition?], enclosing: [Position], _ draft: inout Draft
    ) -> [Condition?] {
        var contexts = contexts
        let statements = body.blocks[block]
        var i = index
        while i < statements.count, !contexts.isEmpty {
            let here = enclosing + [Position(block: block, index: i + 1)]
            switch statements[i] {
            case .line(let text, _, _):
                draft.lines.append(text)
                draft.shown.append(text)
            case .command(_, let text, _):
                draft.lines.append(text)
            case .set(let effect):
                draft.effects.append(effect)
            case .declare:
                break
            case .jump(let target, let location):
                for c in contexts {
                    draft.choices.append(
                        Choice(text: target, target: target, condition: c, kind: .auto, location: location))
                }
                contexts = []
            case .dynamicJump(let expression, let location):
                for c in contexts {
                    draft.choices.append(
                        Choice(
                            text: "{\(expression)}", target: "{\(expression)}", condition: c, kind: .dynamic,
                            location: location))
                }
                contexts = []
            case .detour(let target, let location):
                let after = continuation(here, allowEmpty: true)
                draft.lines.append("<<detour \(target)>>")
                for c in contexts {
                    draft.choices.append(
                        Choice(
                            text: target, target: target, condition: c, kind: .call, returnTo: after, location: location
                        ))
                }
                contexts = []
            case .return(let location) where returnsAtEnd:
                for c in contexts {
                    draft.choices.append(
                        Choice(text: "return", target: "", condition: c, kind: .return, location: location))
                }
                contexts = []
            case .return(let location), .stop(let location):
                // Outside a detour, Yarn Spinner runs a `<<return>>` as a `<<stop>>`.
                if contexts == [nil] && draft.choices.isEmpty && !draft.waitsForLinks {
                    draft.declaredEnd = true
                } else {
                    let target = stopPassage()
                    for c in contexts {
                        draft.choices.append(
                            Choice(text: "stop", target: target, condition: c, kind: .auto, location: location))
                    }
                }
                contexts = []
            case .branches(let branches):
                if !branches.contains(where: { hasFlow($0.body) }) {
                    for b in branches { _ = walk(b.body, from: 0, contexts, enclosing: here, &draft) }
                    break
                }
                var out: [Condition?] = []
                var prior: [Condition] = []
                for b in branches {
                    let guardCondition = Self.all(prior.map { .not($0) } + (b.condition.map { [$0] } ?? []))
                    out += walk(
                        b.body, from: 0, contexts.map { Condition.joined($0, guardCondition) }, enclosing: here, &draft)
                    if let condition = b.condition { prior.append(condition) }
                }
                if branches.last?.condition != nil {
                    let none = Self.all(prior.map { .not($0) })
                    out += contexts.map { Condition.joined($0, none) }
                }
                contexts = Self.unique(out)
            case .lineGroup(let items):
                let anyFlow = items.contains { hasFlow($0.body) }
                var out: [Condition?] = []
                for item in items {
                    draft.lines.append("=> " + item.text)
                    draft.shown.append("=> " + item.text)
                    let itemContexts = contexts.map { Condition.joined($0, item.condition) }
                    out += walk(item.body, from: 0, anyFlow ? itemContexts : contexts, enclosing: here, &draft)
                }
                if anyFlow {
                    if items.allSatisfy({ $0.condition != nil }) { out += contexts }
                    contexts = Self.unique(out)
                }
            case .options(let options):
                for c in contexts {
                    for option in options {
                        var choice = optionChoice(option, after: here)
                        choice.condition = Condition.joined(c, option.condition)
                        draft.choices.append(choice)
                    }
                }
                contexts = []
            case .linkOption(let text, let target, let condition, let location):
                for c in contexts {
                    draft.choices.append(
                        Choice(
                            text: text, target: target, condition: Condition.joined(c, condition), kind: .choice,
                            location: location))
                }
                draft.waitsForLinks = true
            }
            i += 1
        }
        return contexts
    }

    /// The choice of a shortcut option: to the node its body jumps to, to what follows the
    /// options, or to a passage of its own body.
    private mutating func optionChoice(_ option: YarnStatement.Option, after: [Position]) -> Choice {
        let statements = body.blocks[option.body]
        var effects: [Effect] = []
        var target: String?
        var simple = true
        for (k, statement) in statements.enumerated() {
            switch statement {
            case .set(let effect): effects.append(effect)
            case .line, .command, .declare: break
            case .jump(let node, _) where k == statements.count - 1: target = node
            case .branches(let branches) where !branches.contains(where: { hasFlow($0.body) }): break
            case .lineGroup(let items) where !items.contains(where: { hasFlow($0.body) }): break
            default: simple = false
            }
        }
        if !simple {
            effects = []
            target = continuation(after + [Position(block: option.body, index: 0)], allowEmpty: false)
        }
        var choice = Choice(
            text: option.text, target: target ?? continuation(after, allowEmpty: false) ?? endPassage(),
            effects: effects,
            kind: .choice, location: option.location)
        choice.isOnceOnly = option.isOnceOnly
        return choice
    }

    /// The passage of the flow from `rest` (innermost position last). When nothing is left:
    /// nil if `allowEmpty` (a detour's return to an ending node), else the end passage.
    private mutating func continuation(_ rest: [Position], allowEmpty: Bool) -> String? {
        var rest = rest
        while let last = rest.last, last.index >= body.blocks[last.block].count { rest.removeLast() }
        guard !rest.isEmpty else { return allowEmpty ? nil : endPassage() }
        if let known = continuationIDs[rest] { return known }
        let made = "\(id)#\(continuationIDs.count + 1)"
        continuationIDs[rest] = made
        queue.append((made, rest))
        return made
    }

    /// `Title#end`: where the dialogue goes when it falls off the node's end under a
    /// condition (an ending, or a return for a detour's node).
    private mutating func endPassage() -> String {
        if let endID { return endID }
        let made = "\(id)#end"
        endID = made
        var passage = Passage(
            id: made, text: "(the dialogue ends)", location: template.location, metadata: ["yarn-node": id])
        passage.isFlowPoint = true
        if returnsAtEnd { passage.choices = [Choice(text: "return", target: "", kind: .return)] }
        closing.append(passage)
        return made
    }

    /// `Title#stop`: a declared ending for a `<<stop>>` reached under a condition.
    private mutating func stopPassage() -> String {
        if let stopID { return stopID }
        let made = "\(id)#stop"
        stopID = made
        var passage = Passage(
            id: made, text: "<<stop>>", ending: Passage.Ending(), location: template.location,
            metadata: ["yarn-node": id])
        passage.isFlowPoint = true
        closing.append(passage)
        return made
    }

    /// Whether `block` (or a block inside it) holds a jump, option, detour, return or stop.
    private mutating func hasFlow(_ block: Int) -> Bool {
        if let known = flowMemo[block] { return known }
        var result = false
        for statement in body.blocks[block] {
            switch statement {
            case .jump, .dynamicJump, .detour, .return, .stop, .options, .linkOption: result = true
            case .branches(let branches): result = branches.contains { hasFlow($0.body) }
            case .lineGroup(let items): result = items.contains { hasFlow($0.body) }
            case .line, .command, .set, .declare: break
            }
            if result { break }
        }
        flowMemo[block] = result
        return result
    }

    private func statementLocation(_ position: Position) -> SourceLocation? {
        let statements = body.blocks[position.block]
        guard position.index < statements.count else { return nil }
        return YarnStatement.location(of: statements[position.index])
    }

    private static func all(_ parts: [Condition]) -> Condition? {
        parts.isEmpty ? nil : parts.count == 1 ? parts[0] : .all(parts)
    }

    private static func unique(_ list: [Condition?]) -> [Condition?] {
        var seen = Set<Condition?>()
        let kept = list.filter { seen.insert($0).inserted }
        return kept.count > maximumContexts ? [nil] : kept
    }
}

extension YarnStatement {
    static func location(of statement: YarnStatement) -> SourceLocation? {
        switch statement {
        case .line(_, _, let l), .command(_, _, let l), .jump(_, let l), .dynamicJump(_, let l), .detour(_, let l),
            .return(let l), .stop(let l), .linkOption(_, _, _, let l):
            return l
        case .set(let e): return e.location
        case .declare(let v): return v.location
        case .branches(let b): return b.first?.location
        case .options(let o), .lineGroup(let o): return o.first?.location
        }
    }
}
