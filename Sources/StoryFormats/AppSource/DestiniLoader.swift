import Foundation
import StoryGraph

/// Destini-style story apps: an array of struct values in Swift (or Objective-C) source,
/// each with a text, choice labels and integer destinations that are indices into the same
/// array: `Story(title: "…", choice1: "…", choice1Destination: 2, choice2: "…", choice2Destination: 1)`.
///
/// Reading (see `Documentation/app-source.md`):
/// - the file is lexed and scanned (`SwiftSourceParser`); every array literal anywhere in it,
///   and every run of `x.append(…)` calls, is a candidate; the story is the candidate with
///   the most elements that carry an integer destination (the first on a tie);
/// - arguments are matched by name (`SourceFieldRole`), in any order, with any number of
///   choices; names this loader does not know are ignored; constants of the same file are
///   resolved by name; elements without labels are read by position (text, then labels and
///   destinations in order);
/// - an element with no text field, a value that is not a story element, or a destination
///   that is not an integer is an error at its line, and the rest still loads (the passage
///   keeps its index so later destinations stay right).
///
/// Semantics:
/// - passage ids are the indices ("0", "1", …); a passage's text is its text field;
/// - the start is index 0, or the initial value of an index property (`var storyNumber = 0`);
/// - a choice whose label is written empty (`""`) is a hidden button and is dropped; a
///   passage left with no choices is an ending;
/// - a passage (other than the start) whose every choice leads to the start is an ending,
///   and those choices are restarts ("The" / "End", "Restart");
/// - a destination outside the array names no passage: a broken link at the destination.
///
/// - Complexity: O(n) in the size of the file.
package enum DestiniLoader: StoryLoader {
    package static let formatName = "destini"
    package static let formatDescription =
        "Destini-style Swift or Objective-C: an array of Story(title:choice1:choice1Destination:…) values linked by index"
    package static let fileExtensions = ["swift", "m", "mm"]
    package static let project: StoryProject? = AppSourceProject.project

    package static func recognize(_ source: SourceText, _ parses: SourceParses) -> Recognition<
        SwiftSourceParser.Summary
    >? {
        let summary = SwiftSourceParser.shared(source, parses)
        let constants = SourceConstants(summary, source: source)
        let all = candidates(summary)
        var confidence = 0
        if let best = bestCandidate(all, constants) {
            confidence = 20 + min(best.score, 50)
        } else if let unlinked = unlinkedCandidate(all, constants) {
            // Shapes this loader recognises but cannot link, so that its message (which
            // says why) is the one the user gets, rather than "not a story".
            confidence = 10 + min(unlinked.score, 9)
        } else if constantsShape(summary, constants) != nil {
            confidence = 5
        }
        return confidence == 0 ? nil : Recognition(confidence: confidence, parsed: .success(summary))
    }

    package static func parse(_ source: SourceText, _ parses: SourceParses) -> SwiftSourceParser.Summary {
        SwiftSourceParser.shared(source, parses)
    }

    package static func load(_ files: [ParsedSource<SwiftSourceParser.Summary>], context: inout LoadContext)
        throws(StoryLoadError) -> Story
    {
        let source = files[0].source
        let summary = files[0].parsed
        let constants = SourceConstants(summary, source: source)
        var diagnostics = summary.diagnostics
        let all = candidates(summary)
        var linksDecidedByCode = false
        let chosen: Candidate
        var flowPassages: [Passage]?
        var flowStart = 0
        var flowRefusal: (message: String, offset: Int?)?
        if bestCandidate(all, constants) == nil, unlinkedCandidate(all, constants) == nil,
            constantsShape(summary, constants) != nil, let (name, value, _) = indexProperty(summary, constants)
        {
            // The older course shape: evaluate the view controller's if/else branches.
            var flow = BranchFlow(source, constants: constants, index: name)
            flowPassages = flow.story(start: value)
            flowStart = value
            diagnostics += flow.diagnostics
            if flowPassages == nil { flowRefusal = flow.refusal }
        }
        if flowPassages != nil {
            chosen = Candidate(elements: [], offset: 0)
        } else if let best = bestCandidate(all, constants) {
            chosen = best
        } else if let unlinked = unlinkedCandidate(all, constants) {
            chosen = unlinked
            linksDecidedByCode = true
            diagnostics.append(
                Diagnostic(
                    FormatRules.linksDecidedByCode,
                    "the story array has \(unlinked.elements.count) elements with choice labels but no destinations (such as choice1Destination: 2): where each choice leads is decided by code, which storygraph cannot read without running it; the passages are drawn without links",
                    at: source.location(at: unlinked.offset)))
        } else if let shape = constantsShape(summary, constants), let flowRefusal {
            throw StoryLoadError(
                FormatRules.noStory,
                "the story is kept in constants (\(shape.names)) and the view controller's if/else could not be evaluated: \(flowRefusal.message)",
                at: source.location(at: flowRefusal.offset ?? shape.offset)
            ).prepending(diagnostics)
        } else if let shape = constantsShape(summary, constants) {
            throw StoryLoadError(
                FormatRules.noStory,
                "the story is kept in constants (\(shape.names)) and which passage follows which is decided by if/else code (such as `if sender.tag == 1 && storyIndex == 1 { … }`), which storygraph cannot read without running it; expected an array such as let stories = [Story(title: story1, choice1: answer1a, choice1Destination: 2, choice2: answer1b, choice2Destination: 1), …]",
                at: source.location(at: shape.offset)
            ).prepending(diagnostics)
        } else {
            throw StoryLoadError(
                FormatRules.noStory,
                diagnostics.isEmpty
                    ? "no story array found: looked for an array of values such as Story(title: \"…\", choice1: \"…\", choice1Destination: 1, …) whose destinations are integers"
                    : "no story array found (the file has errors, listed above): looked for an array of values such as Story(title:choice1:choice1Destination:…)",
                at: source.location(at: 0)
            ).prepending(diagnostics)
        }
        let elements = chosen.elements
        var passages: [Passage] = flowPassages ?? []
        passages.reserveCapacity(elements.count)
        var reader = ElementReader(constants: constants, linksDecidedByCode: linksDecidedByCode)
        for (index, element) in elements.enumerated() {
            passages.append(reader.passage(index: index, element))
        }
        diagnostics += reader.diagnostics

        var start = flowStart
        if flowPassages == nil, let (name, value, offset) = indexProperty(summary, constants) {
            if (0..<passages.count).contains(value) {
                start = value
            } else {
                diagnostics.append(
                    Diagnostic(
                        FormatRules.startFallback,
                        "the index property '\(name)' starts at \(value), outside the story's \(passages.count) passages; starting at 0",
                        at: source.location(at: offset)))
            }
        }
        let startID = context.requestedStart ?? String(start)
        for p in passages.indices {
            var passage = passages[p]
            if passage.choices.isEmpty {
                passage.ending = Passage.Ending()
            } else if passage.id != startID, passage.choices.allSatisfy({ $0.target == startID }) {
                passage.ending = Passage.Ending()
                for c in passage.choices.indices { passage.choices[c].isRestart = true }
            }
            passages[p] = passage
        }
        context.sink.append(contentsOf: diagnostics)
        return Story(title: "", start: startID, passages: passages, format: formatName)
    }

    // MARK: - Finding the story array

    typealias Node = SwiftSourceParser.Node

    struct Candidate {
        var elements: [Node]
        var offset: Int
        var score = 0
    }

    /// Every array literal in the file, and every receiver's run of `append(…)` calls.
    static func candidates(_ summary: SwiftSourceParser.Summary) -> [Candidate] {
        var out: [Candidate] = []
        var appended: [[String]: Candidate] = [:]
        var appendOrder: [[String]] = []
        let roots = summary.bindings.map(\.value) + summary.looseExpressions
        for root in roots {
            if case .call(let callee, let arguments) = root.expression, callee.count >= 2,
                callee.last == "append", arguments.count == 1
            {
                let receiver = Array(callee.dropLast())
                if case .array(let elements) = arguments[0].value.expression, arguments[0].label == "contentsOf" {
                    appended[receiver, default: Candidate(elements: [], offset: root.offset)].elements += elements
                } else {
                    appended[receiver, default: Candidate(elements: [], offset: root.offset)].elements.append(
                        arguments[0].value)
                }
                if !appendOrder.contains(receiver) { appendOrder.append(receiver) }
                continue
            }
            for node in root.descendants() {
                if case .array(let elements) = node.expression {
                    out.append(Candidate(elements: elements, offset: node.offset))
                }
            }
        }
        for receiver in appendOrder { if let candidate = appended[receiver] { out.append(candidate) } }
        return out
    }

    /// The candidate with the most elements that carry an integer destination.
    static func bestCandidate(_ candidates: [Candidate], _ constants: SourceConstants) -> Candidate? {
        var best: Candidate?
        for var candidate in candidates {
            candidate.score = candidate.elements.reduce(0) { $0 + (isStoryElement($1, constants) ? 1 : 0) }
            guard candidate.score > 0 else { continue }
            if best == nil || candidate.score > best!.score
                || (candidate.score == best!.score && candidate.offset < best!.offset)
            {
                best = candidate
            }
        }
        return best
    }

    /// When no array has a linked element: the array with the most calls that carry a text
    /// and a choice label but no destination at all (the first step of the Destini exercise,
    /// or an app whose links live in code). Needs two such elements, and most of the array.
    static func unlinkedCandidate(_ candidates: [Candidate], _ constants: SourceConstants) -> Candidate? {
        var best: Candidate?
        for var candidate in candidates where candidate.elements.count >= 2 {
            candidate.score = candidate.elements.reduce(0) { $0 + (isUnlinkedElement($1, constants) ? 1 : 0) }
            guard candidate.score >= 2, candidate.score * 2 > candidate.elements.count else { continue }
            if best == nil || candidate.score > best!.score { best = candidate }
        }
        return best
    }

    /// A call with a string labelled as a choice, no destination-role argument, and a
    /// string that is its text (by role, or under a name with no role).
    static func isUnlinkedElement(_ node: Node, _ constants: SourceConstants) -> Bool {
        guard case .call(_, let arguments) = node.expression else { return false }
        var label = false
        var text = false
        for argument in arguments {
            guard let name = argument.label else { continue }
            switch constants.summary.role(name) {
            case .destination: return false
            case .label: label = label || constants.string(argument.value) != nil
            case .text, .ignored: text = text || constants.string(argument.value) != nil
            case .ending: continue
            }
        }
        return label && text
    }

    /// The first Destini shape: the texts and labels as numbered constants (`story1`,
    /// `answer1a`), linked only by if/else code. Two numbered texts and one numbered label.
    static func constantsShape(_ summary: SwiftSourceParser.Summary, _ constants: SourceConstants) -> (
        offset: Int, names: String
    )? {
        var texts: [String] = []
        var labels: [String] = []
        var offset: Int?
        for binding in summary.bindings where binding.isDeclaration && binding.path.count == 1 {
            let name = binding.path[0]
            guard SourceFieldRole.words(name).contains(where: { Int($0) != nil }),
                constants.string(binding.value) != nil
            else { continue }
            switch constants.summary.role(name) {
            case .text: texts.append(name)
            case .label: labels.append(name)
            default: continue
            }
            offset = offset ?? binding.offset
        }
        guard texts.count >= 2, !labels.isEmpty, let offset else { return nil }
        func list(_ names: [String]) -> String {
            names.count <= 2 ? names.joined(separator: ", ") : "\(names[0]) … \(names[names.count - 1])"
        }
        return (offset, "\(texts.count) texts \(list(texts)), \(labels.count) choice labels \(list(labels))")
    }

    /// A call or tuple with a destination argument that reads as an integer, or a list of
    /// choices that has one, or (unlabelled) a string followed by an integer.
    static func isStoryElement(_ node: Node, _ constants: SourceConstants) -> Bool {
        guard case .call(_, let arguments) = node.expression else { return false }
        if arguments.allSatisfy({ $0.label == nil }) {
            return arguments.contains { constants.string($0.value) != nil }
                && arguments.contains { constants.integer($0.value) != nil }
        }
        for argument in arguments {
            guard let label = argument.label else { continue }
            if case .destination = constants.summary.role(label), constants.integer(argument.value) != nil {
                return true
            }
            if case .array(let inner) = argument.value.expression {
                if inner.contains(where: { isStoryElement($0, constants) }) { return true }
                if case .destination = constants.summary.role(label),
                    inner.contains(where: { constants.integer($0) != nil })
                {
                    return true
                }
            }
        }
        return false
    }

    /// `var storyNumber = 0`: the first `var` with an integer literal whose name speaks of
    /// a story position (story, index, number, current, page, step, scene, chapter…).
    static func indexProperty(_ summary: SwiftSourceParser.Summary, _ constants: SourceConstants) -> (String, Int, Int)?
    {
        let words: Set<String> = [
            "story", "index", "number", "current", "page", "step", "scene", "chapter", "passage", "node", "position",
            "progress",
        ]
        for binding in summary.bindings where binding.isDeclaration && binding.isVariable && binding.path.count == 1 {
            guard case .integer = binding.value.expression, let value = constants.integer(binding.value)?.value else {
                continue
            }
            let name = binding.path[0]
            guard !Set(SourceFieldRole.words(name)).isDisjoint(with: words) else { continue }
            if case .destination = constants.summary.role(name) { continue }
            if case .label = constants.summary.role(name) { continue }
            return (name, value, binding.offset)
        }
        return nil
    }
}

/// Reads one element of the story array into a passage, collecting what it cannot read.
private struct ElementReader {
    typealias Node = SwiftSourceParser.Node

    let constants: SourceConstants
    /// Whether no element of the array has a destination: the choices are then left out,
    /// and one error at the array says why (see `DestiniLoader.load`).
    let linksDecidedByCode: Bool
    var diagnostics: [Diagnostic] = []

    init(constants: SourceConstants, linksDecidedByCode: Bool = false) {
        self.constants = constants
        self.linksDecidedByCode = linksDecidedByCode
    }

    var source: SourceText { constants.source }

    mutating func error(_ message: String, at offset: Int) {
        diagnostics.append(Diagnostic(FormatRules.sourceShape, message, at: source.location(at: offset)))
    }

    /// One choice as written: its label (nil when not written) and its destination.
    struct Slot {
        var label: String?
        var labelOffset: Int?
        var destination: Node?
    }

    mutating func passage(index: Int, _ element: Node) -> Passage {
        let location = source.location(at: element.offset)
        let id = String(index)
        guard case .call(_, let arguments) = element.expression else {
            error(
                "element \(index) of the story array is not a story value: \(shortened(constants.written(element)))",
                at: element.offset)
            return Passage(id: id, location: location)
        }
        var text: (value: String, priority: Int)?
        var slots: [Int: Slot] = [:]
        if arguments.allSatisfy({ $0.label == nil }) {
            positional(arguments, text: &text, slots: &slots)
        }
        // `a: "…", aDest: 1`: a label and its destination paired by their names' shape.
        var paired = Set<Int>()
        let pairs = SourceChoicePairing.pairs(arguments, constants)
        // The names' own numbers (`choice2Destination`) when they tell the pairs apart, else
        // the order the labels are written in (`aDest` and `bDest` are both choice 1 by name).
        var numbers = pairs.map { pair -> Int in
            if case .destination(let n) = SourceFieldRole.classify(arguments[pair.destination].label!) { return n }
            return 0
        }
        if Set(numbers).count < numbers.count { numbers = Array(1...numbers.count) }
        for (pair, n) in zip(pairs, numbers) {
            let label = arguments[pair.label]
            slots[n] = Slot(
                label: constants.string(label.value), labelOffset: label.offset,
                destination: arguments[pair.destination].value)
            paired.formUnion([pair.label, pair.destination])
        }
        for (position, argument) in arguments.enumerated() where !paired.contains(position) {
            guard let label = argument.label else { continue }
            if case .array(let inner) = argument.value.expression,
                inner.contains(where: { if case .call = $0.expression { true } else { false } })
            {
                var number = (slots.keys.max() ?? 0) + 1
                for choice in inner {
                    choiceValue(choice, number: number, slots: &slots)
                    number += 1
                }
                continue
            }
            let role = constants.summary.role(label)
            if case .array(let inner) = argument.value.expression {
                // Parallel lists: `answers: ["…", "…"], destinations: [2, 1]`.
                for (i, value) in inner.enumerated() {
                    if case .label = role {
                        slots[i + 1, default: Slot()].label = stringValue(value, what: "the label of choice \(i + 1)")
                        slots[i + 1, default: Slot()].labelOffset = value.offset
                    } else if case .destination = role {
                        slots[i + 1, default: Slot()].destination = value
                    }
                }
                continue
            }
            switch role {
            case .text(let priority):
                if let current = text, current.priority >= priority { continue }
                text = (stringValue(argument.value, what: "the text"), priority)
            case .label(let n):
                slots[n, default: Slot()].label = stringValue(argument.value, what: "the label of choice \(n)")
                slots[n, default: Slot()].labelOffset = argument.offset
            case .destination(let n):
                slots[n, default: Slot()].destination = argument.value
            case .ending, .ignored:
                continue
            }
        }
        if text == nil, let first = arguments.first, first.label == nil, let leading = constants.string(first.value) {
            // `StoryPage("…", choices: [...])`: an unlabelled leading text.
            text = (leading, 1)
        }
        if text == nil,
            let fallback = arguments.enumerated().first(where: { position, argument in
                guard !paired.contains(position), let label = argument.label, constants.summary.role(label) == .ignored
                else { return false }
                return constants.string(argument.value) != nil
            })?.element
        {
            // A text under a name of the author's own (`sO:`, `storyO:`): the first string
            // whose name has no other role.
            text = (constants.string(fallback.value)!, 0)
        }
        if text == nil {
            error(
                "story element \(index) has no text field (looked for a label such as title, text, story, storyText, prompt or message)",
                at: element.offset)
        }
        var choices: [Choice] = []
        for n in slots.keys.sorted() {
            let slot = slots[n]!
            if let label = slot.label, label.allSatisfy(\.isWhitespace) { continue } // a hidden button
            guard let destination = slot.destination else {
                if linksDecidedByCode { continue } // reported once, at the array
                error(
                    "choice \(n) ('\(slot.label ?? "")') of story element \(index) has no destination",
                    at: slot.labelOffset ?? element.offset)
                continue
            }
            guard let target = constants.integer(destination) else {
                error(
                    "the destination of choice \(n) of story element \(index) is not an integer: \(shortened(constants.written(destination)))",
                    at: destination.offset)
                continue
            }
            choices.append(
                Choice(text: slot.label ?? "", target: target.id, location: source.location(at: destination.offset)))
        }
        return Passage(id: id, text: text?.value ?? "", choices: choices, location: location)
    }

    /// `Choice(text: "…", destination: 2)` inside a `choices:` list.
    mutating func choiceValue(_ node: Node, number: Int, slots: inout [Int: Slot]) {
        guard case .call(_, let arguments) = node.expression else {
            error("a choice must be a value such as Choice(text: \"…\", destination: 1)", at: node.offset)
            return
        }
        var slot = Slot()
        for argument in arguments {
            let role = argument.label.map(SourceFieldRole.classify) ?? .ignored
            if case .destination = role {
                slot.destination = argument.value
            } else if slot.label == nil, role != .ignored || argument.label == nil,
                constants.string(argument.value) != nil
            {
                slot.label = constants.string(argument.value)
                slot.labelOffset = argument.offset
            } else if slot.destination == nil, argument.label == nil, constants.integer(argument.value) != nil {
                slot.destination = argument.value
            }
        }
        if slot.label == nil { slot.labelOffset = node.offset }
        slots[number] = slot
    }

    /// Unlabelled arguments: the first string is the text; then strings are labels and
    /// integers destinations, each taken in order.
    mutating func positional(
        _ arguments: [SwiftSourceParser.Argument], text: inout (value: String, priority: Int)?, slots: inout [Int: Slot]
    ) {
        var labels = 0
        var destinations = 0
        for argument in arguments {
            if let string = constants.string(argument.value) {
                if text == nil {
                    text = (string, 1)
                    continue
                }
                labels += 1
                slots[labels, default: Slot()].label = string
                slots[labels, default: Slot()].labelOffset = argument.offset
            } else if constants.integer(argument.value) != nil {
                destinations += 1
                slots[destinations, default: Slot()].destination = argument.value
            }
        }
    }

    /// A string through constants; otherwise the expression as written, with a warning.
    mutating func stringValue(_ node: Node, what: String) -> String {
        if let string = constants.string(node) { return string }
        let written = constants.written(node)
        diagnostics.append(
            Diagnostic(
                FormatRules.sourceUnresolved,
                "\(what) is not a string literal or a constant of this file; kept as written: \(shortened(written))",
                at: source.location(at: node.offset)))
        return written
    }

    func shortened(_ text: String) -> String {
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        return line.count > 60 ? String(line.prefix(57)) + "…" : line
    }
}

extension StoryLoadError {
    /// This error, after the diagnostics that explain it.
    func prepending(_ diagnostics: [Diagnostic]) -> StoryLoadError {
        StoryLoadError(diagnostics + self.diagnostics)
    }
}
