import Foundation
import StoryGraph

/// Linked-object story apps, in Objective-C or Swift: pieces created as values and linked
/// by variable name.
/// ```objc
/// AdventurePiece *win = [[AdventurePiece alloc] initWithMessage:@"…" firstChoice:@"OK"
///     secondChoice:nil firstPiece:nil secondPiece:nil isEnd:YES];
/// currentPiece = [[AdventurePiece alloc] initWithMessage:@"…" … firstPiece:mid … isEnd:NO];
/// ```
/// ```swift
/// let mid = Node(story: "…", left: win, right: lose)
/// ```
///
/// Reading: a *piece* is a declaration or assignment whose value is a call or message send
/// with a link argument (a destination-role label, see `SourceFieldRole`, whose value is a
/// name or `nil`) or an end flag. Later `piece.firstPiece = other` assignments and
/// `[piece setFirstPiece:other]` messages update it. Labels and text resolve constants of
/// the same file.
///
/// Semantics:
/// - passage ids are the variable names; a piece's text is its message;
/// - the start is the piece assigned to `currentPiece` (any name with current, start,
///   root, initial or begin), else the one piece no other links to, else an error that
///   says to choose with `--start`;
/// - `isEnd: YES` (`true`) makes an ending. On an ending, a choice with no piece is an
///   acknowledgement ("OK"), not a link (kept in the passage's `acknowledgement`
///   metadata); a "Retry" / "Restart" / "Play again" button, or one that leads to the
///   start, is a restart;
/// - a choice with no piece on a piece that is not an ending leads to `nil`, which is no
///   passage: a broken link; a piece referenced but never defined is a broken link too.
///
/// - Complexity: O(n) in the size of the file, plus O(P log P) to order P pieces.
package enum AdventurePieceLoader: StoryLoader {
    package static let formatName = "adventure"
    package static let formatDescription =
        "AdventurePiece-style Objective-C or Swift: pieces linked by variable, such as [[AdventurePiece alloc] initWithMessage:… firstPiece:… isEnd:…]"
    package static let fileExtensions = ["m", "mm", "swift"]
    package static let project: StoryProject? = AppSourceProject.project

    typealias Node = SwiftSourceParser.Node

    package static func recognize(_ source: SourceText, _ parses: SourceParses) -> Recognition<
        SwiftSourceParser.Summary
    >? {
        let summary = SwiftSourceParser.shared(source, parses)
        let shape = LinkedObjectShape(summary, SourceConstants(summary, source: source))
        let count = summary.bindings.filter { binding in
            isPiece(binding.value, summary)
                || LinkedObjectShape.ownName(binding.path).map(shape.pieces.contains) == true
        }.count
        return count == 0 ? nil : Recognition(confidence: 15 + min(count, 40), parsed: .success(summary))
    }

    package static func parse(_ source: SourceText, _ parses: SourceParses) -> SwiftSourceParser.Summary {
        SwiftSourceParser.shared(source, parses)
    }

    /// A call with a link argument whose value is a name or `nil`, or with an end flag.
    static func isPiece(_ node: Node, _ summary: SwiftSourceParser.Summary) -> Bool {
        guard case .call(let callee, let arguments) = node.expression, callee.last != "append" else { return false }
        return arguments.contains { argument in
            guard let label = argument.label else { return false }
            switch summary.role(label) {
            case .destination:
                switch argument.value.expression {
                case .name(let path): return path != ["self"] // `UITapGestureRecognizer(target: self, …)`
                case .null: return true
                default: return false
                }
            case .ending:
                if case .boolean = argument.value.expression { return true }
                return false
            default: return false
            }
        }
    }

    /// A call whose arguments name a piece: a choice built for a builder link.
    static func isBuilderCall(_ node: Node, _ shape: LinkedObjectShape) -> Bool {
        guard case .call = node.expression else { return false }
        return node.descendants().contains { shape.objectName($0) != nil }
    }

    static let startWords: Set<String> = ["current", "start", "root", "initial", "begin", "beginning"]
    static let retryWords = [
        "retry", "restart", "try again", "play again", "start over", "start again", "replay", "new game",
    ]

    /// One piece as written.
    struct Piece {
        var id: String
        var offset: Int
        var text: (value: String, priority: Int)?
        var labels: [Int: (value: String?, offset: Int)] = [:]
        var links: [Int: (target: String?, offset: Int, name: String)] = [:]
        var isEnd = false
    }

    package static func load(_ files: [ParsedSource<SwiftSourceParser.Summary>], context: inout LoadContext)
        throws(StoryLoadError) -> Story
    {
        let source = files[0].source
        let summary = files[0].parsed
        let constants = SourceConstants(summary, source: source)
        var reader = PieceReader(constants: constants)
        reader.diagnostics = summary.diagnostics
        let shape = LinkedObjectShape(summary, constants)
        var pieces: [Piece] = []
        var indexByID: [String: Int] = [:]
        var start: String?
        for binding in summary.bindings {
            let name = binding.path.last ?? ""
            let isOwnName = binding.path.count == 1 || (binding.path.count == 2 && binding.path[0] == "self")
            if isOwnName, let made = shape.made[name], shape.pieces.contains(name) {
                // `let rover = touchdown.addChoiceWith(title: "…", story: .rover)`: the call's
                // arguments are the link into it, read with the builder links.
                if indexByID[name] == nil { indexByID[name] = pieces.count }
                pieces.append(Piece(id: name, offset: binding.offset, text: (made.text, 0)))
                continue
            }
            if isOwnName, isPiece(binding.value, summary) || shape.pieces.contains(name),
                case .call(_, let arguments) = binding.value.expression
            {
                let id = name
                var piece = Piece(id: id, offset: binding.offset)
                var linkNumber = 0
                if let text = shape.caseTexts[name] { piece.text = (text, 0) }
                if let content = shape.contents[name] {
                    // `Node(s: st1, …)`: the text, then the labels in order, of `st1`.
                    var strings = content.filter { constants.string($0.value) != nil || $0.value.isNull }.makeIterator()
                    if let first = strings.next(), let text = constants.string(first.value) { piece.text = (text, 0) }
                    var n = 0
                    while let next = strings.next() {
                        n += 1
                        piece.labels[n] = (constants.string(next.value), next.value.offset)
                    }
                }
                for argument in arguments
                where shape.caseTexts[name] == nil || LinkedObjectShape.caseName(argument.value) == nil {
                    if shape.isLinkLabel(argument.label), summary.role(argument.label!).isDestination == false {
                        // `Node(s: "…", nL: deep, nR: lose)`: a link by the shape of the code.
                        linkNumber += 1
                        if let target = shape.objectName(argument.value) {
                            piece.links[linkNumber] = (target, argument.value.offset, argument.label!)
                        }
                        continue
                    }
                    reader.apply(argument, to: &piece)
                }
                if piece.text == nil,
                    let text = arguments.first(where: { argument in
                        !shape.isLinkLabel(argument.label) && argument.label.map(summary.role) ?? .ignored == .ignored
                            && constants.string(argument.value) != nil
                    })
                {
                    // A text under a name of the author's own (`Node(s: "…")`).
                    piece.text = (constants.string(text.value)!, 0)
                }
                if indexByID[id] == nil { indexByID[id] = pieces.count }
                pieces.append(piece)
                if start == nil, !Set(SourceFieldRole.words(name)).isDisjoint(with: startWords) { start = id }
                continue
            }
            if isOwnName, start == nil, !Set(SourceFieldRole.words(name)).isDisjoint(with: startWords),
                case .name(let path) = binding.value.expression, let target = path.last,
                path.count == 1 || (path.count == 2 && path[0] == "self")
            {
                start = target
                continue
            }
            // `piece.firstPiece = other`; `piece.firstChoice = Choice(…)` is a builder link.
            if binding.path.count >= 2, let index = indexByID[binding.path[binding.path.count - 2]],
                !isBuilderCall(binding.value, shape)
            {
                reader.apply(
                    SwiftSourceParser.Argument(label: name, offset: binding.offset, value: binding.value),
                    to: &pieces[index])
            }
        }
        // `[piece setFirstPiece:other]`
        for node in summary.looseExpressions {
            guard case .call(let callee, let arguments) = node.expression, callee.count == 1,
                let index = indexByID[callee[0]]
            else { continue }
            for argument in arguments where argument.label?.hasPrefix("set") == true {
                reader.apply(argument, to: &pieces[index])
            }
        }
        for name in shape.unnamed where indexByID[name] == nil {
            indexByID[name] = pieces.count
            pieces.append(Piece(id: name, offset: shape.made[name]!.offset, text: (shape.made[name]!.text, 0)))
        }
        // `page.addChoiceWith(title: "…", page: next)` and the like, in the order written.
        for link in shape.builderLinks {
            guard let index = indexByID[link.owner] else { continue }
            let n = (Set(pieces[index].labels.keys).union(pieces[index].links.keys).max() ?? 0) + 1
            pieces[index].labels[n] = (link.label, link.labelOffset)
            pieces[index].links[n] = (link.target, link.targetOffset, "choice \(n)")
        }
        guard !pieces.isEmpty else {
            throw StoryLoadError(
                FormatRules.noStory,
                "no linked pieces found: looked for declarations such as AdventurePiece *p = [[AdventurePiece alloc] initWithMessage:… firstPiece:… isEnd:…] or let p = Node(story: …, left: …, right: …)",
                at: source.location(at: 0)
            ).prepending(summary.diagnostics)
        }
        if let chosen = context.requestedStart { start = chosen }
        if start == nil {
            var linked = Set<String>()
            for piece in pieces {
                for link in piece.links.values { if let target = link.target { linked.insert(target) } }
            }
            var seen = Set<String>()
            let roots = pieces.filter { !linked.contains($0.id) && seen.insert($0.id).inserted }.map(\.id)
            guard roots.count == 1 else {
                let which =
                    roots.isEmpty
                    ? "every piece is linked from another"
                    : "\(roots.count) pieces are linked from no other (\(roots.joined(separator: ", ")))"
                throw StoryLoadError(
                    FormatRules.unknownStart,
                    "cannot tell which piece the story starts at: nothing is assigned to currentPiece and \(which); choose one with --start <variable name>",
                    at: source.location(at: pieces[0].offset)
                ).prepending(reader.diagnostics)
            }
            start = roots[0]
        }
        let startID = start!
        let passages = pieces.map { reader.passage($0, start: startID) }
        context.sink.append(contentsOf: reader.diagnostics)
        return Story(title: "", start: startID, passages: passages, format: formatName)
    }
}

/// Reads the arguments of pieces and turns pieces into passages.
private struct PieceReader {
    typealias Node = SwiftSourceParser.Node

    let constants: SourceConstants
    var diagnostics: [Diagnostic] = []

    init(constants: SourceConstants) { self.constants = constants }

    var source: SourceText { constants.source }

    mutating func apply(_ argument: SwiftSourceParser.Argument, to piece: inout AdventurePieceLoader.Piece) {
        guard let label = argument.label else { return }
        let value = argument.value
        switch constants.summary.role(label) {
        case .text(let priority):
            if let current = piece.text, current.priority > priority { return }
            if let text = constants.string(value) {
                piece.text = (text, priority)
            } else {
                let written = constants.written(value)
                diagnostics.append(
                    Diagnostic(
                        FormatRules.sourceUnresolved,
                        "the text of piece '\(piece.id)' is not a string literal or a constant of this file; kept as written",
                        at: source.location(at: value.offset)))
                piece.text = (written, priority)
            }
        case .label(let n):
            if case .null = value.expression {
                piece.labels[n] = (nil, value.offset)
            } else if let text = constants.string(value) {
                piece.labels[n] = (text, value.offset)
            } else {
                diagnostics.append(
                    Diagnostic(
                        FormatRules.sourceUnresolved,
                        "choice \(n) of piece '\(piece.id)' is not a string literal or a constant of this file; kept as written",
                        at: source.location(at: value.offset)))
                piece.labels[n] = (constants.written(value), value.offset)
            }
        case .destination(let n):
            switch value.expression {
            case .null: piece.links[n] = (nil, value.offset, label)
            case .name(let path) where path.count == 1 || (path.count == 2 && path[0] == "self"):
                piece.links[n] = (path.last!, value.offset, label)
            default:
                diagnostics.append(
                    Diagnostic(
                        FormatRules.sourceShape,
                        "link \(n) of piece '\(piece.id)' is not a piece variable or nil: \(constants.written(value))",
                        at: source.location(at: value.offset)))
            }
        case .ending:
            if case .boolean(let flag) = value.expression { piece.isEnd = flag }
        case .ignored:
            break
        }
    }

    mutating func passage(_ piece: AdventurePieceLoader.Piece, start: String) -> Passage {
        var choices: [Choice] = []
        var acknowledgements: [String] = []
        let numbers = Set(piece.labels.keys).union(piece.links.keys).sorted()
        func isRetry(_ label: String?) -> Bool {
            guard let label = label?.lowercased() else { return false }
            return AdventurePieceLoader.retryWords.contains { label.contains($0) }
        }
        for n in numbers {
            let label = piece.labels[n]
            let link = piece.links[n]
            let text = label?.value
            let target = link?.target
            if text == nil && target == nil { continue }
            let offset = link?.offset ?? label!.offset
            let location = source.location(at: offset)
            let shown = text ?? link?.name ?? "choice \(n)"
            if piece.isEnd {
                if isRetry(text) || target == start {
                    choices.append(Choice(text: shown, target: start, isRestart: true, location: location))
                } else if let target {
                    choices.append(Choice(text: shown, target: target, location: location))
                } else {
                    acknowledgements.append(shown)
                }
                continue
            }
            choices.append(Choice(text: shown, target: target ?? "nil", location: location))
        }
        var ending: Passage.Ending? = piece.isEnd ? Passage.Ending() : nil
        // A piece not declared an end whose every choice is a retry back to the start.
        if !piece.isEnd, piece.id != start, !choices.isEmpty,
            choices.allSatisfy({ isRetry($0.text) && ($0.target == start || $0.target == "nil") })
        {
            ending = Passage.Ending()
            for c in choices.indices {
                choices[c].isRestart = true
                choices[c].target = start
            }
        }
        if piece.text == nil {
            diagnostics.append(
                Diagnostic(
                    FormatRules.sourceShape,
                    "piece '\(piece.id)' has no text field (looked for a label such as message, text, story or title)",
                    at: source.location(at: piece.offset)))
        }
        var metadata: [String: String] = [:]
        if !acknowledgements.isEmpty { metadata["acknowledgement"] = acknowledgements.joined(separator: " | ") }
        return Passage(
            id: piece.id, text: piece.text?.value ?? "", ending: ending, choices: choices,
            location: source.location(at: piece.offset), metadata: metadata)
    }
}
