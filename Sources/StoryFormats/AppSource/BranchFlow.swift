import StoryGraph

/// The older Destini course shape: the texts and labels are string constants, and the view
/// controller moves through the story with if/else on the story-index variable and the
/// pressed button:
/// ```swift
/// if sender.tag == 1 && storyIndex == 1 {
///     storyTextView.text = story3
///     topButton.setTitle(answer3a, for: .normal)
///     storyIndex = 3
/// } else if …
/// ```
/// Reading, by evaluating the branches over the tokens (no recursion: a stack of open
/// blocks, each with the index value and the button its conditions fix):
/// - a condition is comparisons `index == N` and `….tag == T` joined by `&&`, in any order,
///   with or without parentheses; nested `if`s add to their enclosing block's;
/// - in a block where both are fixed, `index = N` (or a call of a function of the file that
///   sets it) is the choice of button T from passage `index` to passage N;
/// - a passage's text is the first `….text = constant` of the block or function that sets
///   the index to it; its labels are its `setTitle(constant, …)` calls, in order (button 1
///   first);
/// - a branch that sets the index under any other condition (`storyIndex > 3`, `||`, a
///   variable of the app's own) is not evaluated: a warning names the construct and its line.
///
/// - Complexity: O(n log n) in the number of tokens.
struct BranchFlow {
    typealias Token = SwiftSourceLexer.Token

    struct Transition {
        var from: Int
        var button: Int
        var to: Int
        var offset: Int
    }

    let source: SourceText
    let constants: SourceConstants
    let index: String
    let t: [Token]
    /// `{` token position → its matching `}`.
    private var closing: [Int: Int] = [:]
    /// Function name → the positions of its body's braces.
    private var functions: [String: (open: Int, close: Int)] = [:]
    /// Token position → the `{` that most closely encloses it (-1 for none).
    private var enclosing: [Int] = []
    /// Token position → the first `{` at or after it (t.count for none).
    private var nextBrace: [Int] = []
    /// Index value → the positions of `index = value`, in order.
    private var assignments: [Int: [Int]] = [:]
    /// Function name → the index its body sets first.
    private var setBy: [String: Int] = [:]
    var transitions: [Transition] = []
    var diagnostics: [Diagnostic] = []
    /// The first `if` whose condition reads the pressed button, and its first line as written.
    var firstButtonBranch: (offset: Int, written: String)?

    init(_ source: SourceText, constants: SourceConstants, index: String) {
        self.source = source
        self.constants = constants
        self.index = index
        t = SwiftSourceLexer.tokenize(source, dialect: .guess(for: source)).tokens
        var open: [Int] = []
        enclosing = Array(repeating: -1, count: t.count)
        for (k, token) in t.enumerated() {
            enclosing[k] = open.last ?? -1
            if token.isPunctuation("{") { open.append(k) }
            if token.isPunctuation("}"), let start = open.popLast() { closing[start] = k }
        }
        nextBrace = Array(repeating: t.count, count: t.count + 1)
        for k in t.indices.reversed() { nextBrace[k] = t[k].isPunctuation("{") ? k : nextBrace[k + 1] }
        for k in t.indices {
            if let value = assignment(at: k) { assignments[value, default: []].append(k) }
            guard t[k].isIdentifier("func"), k + 1 < t.count else { continue }
            let brace = nextBrace[k]
            guard brace < t.count, let end = closing[brace] else { continue }
            functions[t[k + 1].text] = (brace, end)
        }
        // The first assignment inside each body, by binary search over all of them in order.
        let all = assignments.flatMap { value, positions in positions.map { ($0, value) } }.sorted { $0.0 < $1.0 }
        for (name, body) in functions {
            var low = 0
            var high = all.count
            while low < high {
                let middle = (low + high) / 2
                if all[middle].0 <= body.open { low = middle + 1 } else { high = middle }
            }
            if low < all.count, all[low].0 < body.close { setBy[name] = all[low].1 }
        }
    }

    /// `index = N` at position k (also `self.index = N`): N.
    func assignment(at k: Int) -> Int? {
        guard t[k].isIdentifier(index), k + 2 < t.count, t[k + 1].isPunctuation("="),
            t[k + 2].kind == .integer, let value = Int(t[k + 2].text)
        else { return nil }
        if k > 0, t[k - 1].isPunctuation("."), k < 2 || !t[k - 2].isIdentifier("self") { return nil }
        if k > 0, t[k - 1].isIdentifier("var") || t[k - 1].isIdentifier("let") { return nil } // the declaration
        return value
    }

    /// The index a function of the file sets (its first `index = N`).
    func value(setBy function: String) -> Int? { setBy[function] }

    /// Reads a condition from `start` to its `{`: the index value and the button it fixes,
    /// or nil with the reason when it is anything else.
    func condition(from start: Int, to brace: Int) -> (index: Int?, button: Int?)? {
        var indexValue: Int?
        var button: Int?
        var k = start
        while k < brace {
            let token = t[k]
            if token.isPunctuation("(") || token.isPunctuation(")") || token.isPunctuation("&&") {
                k += 1
                continue
            }
            // NAME(.NAME)* == INTEGER
            var names: [String] = []
            while k < brace, t[k].kind == .identifier || t[k].isPunctuation(".") {
                if t[k].kind == .identifier { names.append(t[k].text) }
                k += 1
            }
            guard let last = names.last, k + 1 < brace, t[k].isPunctuation("=="), t[k + 1].kind == .integer,
                let value = Int(t[k + 1].text)
            else { return nil }
            if last == index { indexValue = value } else if last == "tag" { button = value } else { return nil }
            k += 2
        }
        return (indexValue, button)
    }

    struct Open {
        var close: Int
        var index: Int?
        var button: Int?
        var readable: Bool
        var offset: Int
    }

    /// Evaluates every branch of the file.
    mutating func evaluate() {
        var stack: [Open] = []
        var k = 0
        var reported = Set<Int>()
        while k < t.count {
            while let top = stack.last, k > top.close { stack.removeLast() }
            let token = t[k]
            if token.isIdentifier("if"), nextBrace[k + 1] < t.count, let close = closing[nextBrace[k + 1]] {
                let brace = nextBrace[k + 1]
                let outer = stack.last
                let parsed = condition(from: k + 1, to: brace)
                if firstButtonBranch == nil, (k + 1..<brace).contains(where: { t[$0].isIdentifier("tag") }) {
                    firstButtonBranch = (token.offset, firstLine(from: token.offset, to: t[brace].end))
                }
                stack.append(
                    Open(
                        close: close, index: parsed?.index ?? outer?.index, button: parsed?.button ?? outer?.button,
                        readable: parsed != nil && (outer?.readable ?? true), offset: token.offset))
                k = brace + 1
                continue
            }
            var target: Int?
            if let value = assignment(at: k) {
                target = value
            } else if token.kind == .identifier, k + 2 < t.count, t[k + 1].isPunctuation("("),
                t[k + 2].isPunctuation(")"),
                k == 0 || !t[k - 1].isPunctuation("."), !t[k].isIdentifier("func")
            {
                target = value(setBy: token.text)
            }
            if let target, let block = stack.last {
                if block.readable, let from = block.index, let button = block.button {
                    transitions.append(Transition(from: from, button: button, to: target, offset: block.offset))
                } else if reported.insert(block.offset).inserted {
                    let written = firstLine(from: block.offset, to: t[min(nextBrace[k], t.count - 1)].end)
                    diagnostics.append(
                        Diagnostic(
                            FormatRules.branchNotEvaluated,
                            "this branch sets \(index) under a condition storygraph does not evaluate (`\(written)`): only \(index) == N and sender.tag == N joined by && are read; the choice it makes is left out",
                            at: source.location(at: block.offset)))
                }
            }
            k += 1
        }
    }

    /// The source from `start` to `end`, up to its first line break, trimmed.
    func firstLine(from start: Int, to end: Int) -> String {
        let text = source.text(start..<max(start, min(end, source.scalars.count)))
        return (text.split(whereSeparator: \.isNewline).first.map(String.init) ?? "").trimmingCharacters(
            in: .whitespaces)
    }

    /// Why nothing could be read, naming the construct and where it is, when nothing was.
    var refusal: (message: String, offset: Int?) {
        if let first = diagnostics.first {
            return (
                "every branch that sets \(index) uses a condition beyond `\(index) == N && sender.tag == N` (the first is listed above)",
                nil
            )
        }
        if let branch = firstButtonBranch {
            return (
                "no branch sets \(index) under `\(index) == N && sender.tag == N`: the first branch on the pressed button, `\(branch.written)`, decides the story another way (a switch, a title, a constant of its own)",
                branch.offset
            )
        }
        return (
            "no if/else branch sets \(index) (such as `if sender.tag == 1 && \(index) == 1 { … \(index) = 2 }`)", nil
        )
    }

    /// The text and labels of the block (or function) that sets the index to `value`: the
    /// innermost braces around an assignment (not its declaration), the first that shows a
    /// text; else, for the start, `viewDidLoad`.
    func page(_ value: Int, isStart: Bool) -> (text: String?, labels: [String], offset: Int?) {
        var blocks: [Int] = (assignments[value] ?? []).map { max(0, enclosing[$0]) }
        if isStart, let body = functions["viewDidLoad"] { blocks.append(body.open) }
        var first: (text: String?, labels: [String], offset: Int?)?
        for open in blocks {
            let shown = shown(in: open)
            if shown.text != nil { return shown }
            first = first ?? shown
        }
        return first ?? (nil, [], nil)
    }

    /// The first `….text = constant` and the `setTitle(constant, …)` calls inside the
    /// braces opened at `open`.
    func shown(in open: Int) -> (text: String?, labels: [String], offset: Int?) {
        let close = closing[open] ?? t.count - 1
        var text: String?
        var labels: [String] = []
        var j = open
        while j < close {
            if text == nil, t[j].isIdentifier("text"), j + 2 < close, t[j + 1].isPunctuation("="),
                let value = literal(at: j + 2)
            {
                text = value
            }
            if t[j].isIdentifier("setTitle"), j + 2 < close, t[j + 1].isPunctuation("("), let value = literal(at: j + 2)
            {
                labels.append(value)
            }
            j += 1
        }
        return (text, labels, t[open].offset)
    }

    /// A string literal or a string constant of the file at position j.
    func literal(at j: Int) -> String? {
        if t[j].kind == .string { return t[j].text }
        guard t[j].kind == .identifier else { return nil }
        return constants.string(
            SwiftSourceParser.Node(expression: .name([t[j].text]), offset: t[j].offset, end: t[j].end))
    }

    /// The story, starting at `start`; nil when no branch could be evaluated.
    mutating func story(start: Int) -> [Passage]? {
        evaluate()
        guard !transitions.isEmpty else { return nil }
        var values = Set([start])
        for transition in transitions { values.formUnion([transition.from, transition.to]) }
        var passages: [Passage] = []
        for value in values.sorted() {
            let page = page(value, isStart: value == start)
            var choices: [Choice] = []
            var seen = Set<Int>()
            for transition in transitions.filter({ $0.from == value }).sorted(by: { $0.button < $1.button })
            where seen.insert(transition.button).inserted {
                let label =
                    transition.button - 1 < page.labels.count && transition.button >= 1
                    ? page.labels[transition.button - 1] : "button \(transition.button)"
                choices.append(
                    Choice(text: label, target: String(transition.to), location: source.location(at: transition.offset))
                )
            }
            let location = page.offset.map { source.location(at: $0) } ?? source.location(at: 0)
            passages.append(Passage(id: String(value), text: page.text ?? "", choices: choices, location: location))
        }
        return passages
    }
}
