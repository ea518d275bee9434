import StoryGraph

/// A small parser over `SwiftSourceLexer` tokens for the expression shapes that app source
/// keeps its story in, and a scanner that finds them anywhere in a file (top level, inside
/// a struct or class, inside a method body).
///
/// Expressions: string literals (adjacent Objective-C literals joined), `+` chains, integers
/// with a sign, `true`/`false`/`YES`/`NO`, `nil`, dotted names, calls with labelled
/// arguments (`Story(title: …)`, `Story.init(…)`, `.init(…)`, tuples), array literals (`[…]`,
/// Objective-C `@[…]`) and Objective-C message sends (`[[X alloc] initWithMessage:@"…" …]`).
/// Anything else is read past as `other`, so one construct the parser does not know does
/// not stop it.
///
/// Statements it records: declarations (`let x = …`, `var x: [T] = …`, Objective-C
/// `T *x = …`), assignments (`x = …`, `self.x = …`, `x.field = …`), and loose expressions
/// (`return […]`, `stories.append(…)`, `[piece setNext:other];`).
///
/// Nesting is bounded (`maximumDepth`): deeper input is skipped with one diagnostic that
/// names the limit, so no input can exhaust the stack.
///
/// - Complexity: O(t) in the number of tokens; skipped regions are walked once.
package struct SwiftSourceParser {
    /// A parsed expression and where it was written.
    package struct Node: Sendable {
        package var expression: Expression
        /// Scalar offsets of the first token and just after the last one.
        package var offset: Int
        package var end: Int
    }

    /// One labelled (or unlabelled) argument of a call or a message send.
    package struct Argument: Sendable {
        package var label: String?
        package var offset: Int
        package var value: Node
    }

    package enum Expression: Sendable {
        case string(String)
        /// As written, with a leading `-` when negative.
        case integer(String)
        case boolean(Bool)
        case null
        /// `a.b.c`; an implicit member (`.init`) starts with an empty component.
        case name([String])
        /// A call, a tuple (empty callee) or a message send (callee: the receiver's name,
        /// then each selector piece before the first argument, as in `["X", "alloc", "initWithMessage"]`).
        case call(callee: [String], arguments: [Argument])
        case array([Node])
        /// `a + b + …` (only `+`): strings when every part is one.
        case concatenation([Node])
        case other
    }

    /// A declaration or an assignment.
    package struct Binding: Sendable {
        /// The assigned name as a path: `["stories"]`, `["self", "currentPiece"]`, `["mid", "firstPiece"]`.
        package var path: [String]
        package var offset: Int
        package var isDeclaration: Bool
        /// `let` (false) or `var` / Objective-C (true).
        package var isVariable: Bool
        package var value: Node
    }

    /// What a file holds, in source order.
    package struct Summary: Sendable {
        package var bindings: [Binding] = []
        package var looseExpressions: [Node] = []
        package var diagnostics: [Diagnostic] = []
        /// The role of every argument label in the file, worked out once when it is
        /// parsed (a story file repeats the same few labels thousands of times).
        var roles: [String: SourceFieldRole] = [:]

        /// The role of an argument or property labelled `label`.
        func role(_ label: String) -> SourceFieldRole { roles[label] ?? SourceFieldRole.classify(label) }
    }

    package static let maximumDepth = 64

    let source: SourceText
    let dialect: SwiftSourceLexer.Dialect
    let t: [SwiftSourceLexer.Token]
    var k = 0
    var depth = 0
    var reportedDepth = false
    var diagnostics: [Diagnostic] = []
    /// Every argument label met, in the order first met.
    var labels: [String] = []
    private var seenLabels: Set<String> = []

    /// The summary of `source` in the dialect its extension and text suggest, made once
    /// per file for every app-source loader that recognises or reads it.
    static func shared(_ source: SourceText, _ parses: SourceParses) -> Summary {
        let dialect = SwiftSourceLexer.Dialect.guess(for: source)
        // Summarizing records problems as diagnostics and never throws.
        return (try? parses.value("swift-source-summary-\(dialect)") { summarize(source, dialect: dialect) })
            ?? Summary()
    }

    /// Lexes and scans a whole file.
    package static func summarize(_ source: SourceText, dialect: SwiftSourceLexer.Dialect) -> Summary {
        let (tokens, lexDiagnostics) = SwiftSourceLexer.tokenize(source, dialect: dialect)
        var parser = SwiftSourceParser(source: source, dialect: dialect, t: tokens)
        var summary = parser.scan()
        summary.diagnostics = lexDiagnostics + parser.diagnostics
        for label in parser.labels where summary.roles[label] == nil {
            summary.roles[label] = SourceFieldRole.classify(label)
        }
        return summary
    }

    init(source: SourceText, dialect: SwiftSourceLexer.Dialect, t: [SwiftSourceLexer.Token]) {
        self.source = source
        self.dialect = dialect
        self.t = t
    }

    // MARK: - Token helpers

    func token(_ j: Int) -> SwiftSourceLexer.Token? { j < t.count ? t[j] : nil }
    func isPunctuation(_ text: String, at j: Int) -> Bool { token(j)?.isPunctuation(text) ?? false }
    /// Where the last token read ends. `k` never passes `t.count` (`step()`), so this stays
    /// in range however the file ends.
    var previousEnd: Int { k > 0 ? t[k - 1].end : 0 }
    /// Moves past the current token, never past the end of the tokens.
    mutating func step() { if k < t.count { k += 1 } }
    var currentOffset: Int { k < t.count ? t[k].offset : source.scalars.count }

    mutating func note(_ label: String) {
        if seenLabels.insert(label).inserted { labels.append(label) }
    }

    mutating func error(_ message: String, at offset: Int) {
        diagnostics.append(Diagnostic(FormatRules.sourceSyntax, message, at: source.location(at: offset)))
    }

    static let keywords: Set<String> = [
        "let", "var", "func", "return", "if", "else", "guard", "for", "while", "switch", "case",
        "struct", "class", "enum", "import", "init", "static", "private", "public", "internal",
        "fileprivate", "override", "extension", "protocol", "in", "do", "repeat", "defer",
    ]

    // MARK: - Statements

    mutating func scan() -> Summary {
        var summary = Summary()
        while k < t.count {
            let before = k
            let tok = t[k]
            if tok.kind == .identifier && (tok.text == "let" || tok.text == "var") && dialect == .swift {
                if let binding = declaration() { summary.bindings.append(binding) }
            } else if dialect == .objectiveC, tok.kind == .identifier, let binding = objectiveCDeclaration() {
                summary.bindings.append(binding)
            } else if tok.kind == .identifier, !Self.keywords.contains(tok.text), startsStatement(k),
                let binding = assignment()
            {
                summary.bindings.append(binding)
            } else if tok.isPunctuation("[") || (tok.isPunctuation("@") && isPunctuation("[", at: k + 1)) {
                summary.looseExpressions.append(expression())
            } else if tok.kind == .identifier, !Self.keywords.contains(tok.text), startsStatement(k) {
                // `stories.append(Story(…))` and other calls at statement level.
                let node = expression()
                if case .call = node.expression { summary.looseExpressions.append(node) }
            }
            if k == before { k += 1 }
        }
        return summary
    }

    /// Whether the token at `j` can begin a statement: first in the file, after a line
    /// break, or after `{`, `}` or `;`.
    func startsStatement(_ j: Int) -> Bool {
        guard j > 0 else { return true }
        if t[j].newlineBefore { return true }
        let previous = t[j - 1]
        return previous.isPunctuation("{") || previous.isPunctuation("}") || previous.isPunctuation(";")
            || previous.isPunctuation(")") && dialect == .objectiveC
    }

    /// `let name = value` / `var name: Type = value`. Leaves `k` past the value, or just
    /// past the name when there is no value (`var x: Int { … }`, `var y: Int`).
    mutating func declaration() -> Binding? {
        let isVariable = t[k].text == "var"
        k += 1
        guard let name = token(k), name.kind == .identifier else { return nil }
        k += 1
        if isPunctuation(":", at: k) {
            // Skip the type annotation, on its line, up to `=`.
            var nesting = 0
            k += 1
            while let tok = token(k) {
                if tok.newlineBefore && nesting == 0 { return nil }
                if tok.kind == .punctuation {
                    switch tok.text {
                    case "(", "[": nesting += 1
                    case ")", "]": nesting -= 1
                    case "{", "}", ";": return nil
                    case "=" where nesting <= 0:
                        k += 1
                        return Binding(
                            path: [name.text], offset: name.offset, isDeclaration: true,
                            isVariable: isVariable, value: expression())
                    default: break
                    }
                }
                k += 1
            }
            return nil
        }
        guard isPunctuation("=", at: k) else { return nil }
        k += 1
        return Binding(
            path: [name.text], offset: name.offset, isDeclaration: true,
            isVariable: isVariable, value: expression())
    }

    /// Objective-C `Type *name = value` (also `Type* name`, `__block Type *name`).
    mutating func objectiveCDeclaration() -> Binding? {
        guard isPunctuation("*", at: k + 1), let name = token(k + 2), name.kind == .identifier,
            isPunctuation("=", at: k + 3)
        else { return nil }
        k += 4
        return Binding(
            path: [name.text], offset: name.offset, isDeclaration: true, isVariable: true,
            value: expression())
    }

    /// `a.b.c = value` at the start of a statement.
    mutating func assignment() -> Binding? {
        var j = k
        var path: [String] = []
        while let tok = token(j), tok.kind == .identifier {
            path.append(tok.text)
            if isPunctuation(".", at: j + 1), token(j + 2)?.kind == .identifier {
                j += 2
                continue
            }
            j += 1
            break
        }
        guard !path.isEmpty, isPunctuation("=", at: j) else { return nil }
        let offset = t[k].offset
        k = j + 1
        return Binding(path: path, offset: offset, isDeclaration: false, isVariable: true, value: expression())
    }

    // MARK: - Expressions

    /// Enters one level of nesting (every expression inside a call, array or message is
    /// one level deeper); false, after one diagnostic per file, past the limit.
    mutating func enter() -> Bool {
        if depth >= Self.maximumDepth {
            if !reportedDepth {
                reportedDepth = true
                error("nesting deeper than \(Self.maximumDepth) levels is not read", at: currentOffset)
            }
            return false
        }
        depth += 1
        return true
    }

    /// Skips a bracketed region starting at an opening token, iteratively.
    mutating func skipBalanced() {
        var nesting = 0
        while let tok = token(k) {
            k += 1
            if tok.kind != .punctuation { continue }
            switch tok.text {
            case "(", "[", "{": nesting += 1
            case ")", "]", "}":
                nesting -= 1
                if nesting <= 0 { return }
            default: break
            }
        }
    }

    func node(_ expression: Expression, from offset: Int) -> Node {
        Node(expression: expression, offset: offset, end: max(offset, previousEnd))
    }

    /// `postfix (operator postfix)*`; only `+` chains are kept (as concatenations).
    mutating func expression() -> Node {
        let start = currentOffset
        let first = postfix()
        var parts = [first]
        var onlyPlus = true
        while let tok = token(k), tok.kind == .punctuation, Self.isBinaryOperator(tok.text),
            !tok.newlineBefore || tok.text == "+"
        {
            if tok.text != "+" { onlyPlus = false }
            k += 1
            let before = k
            parts.append(postfix())
            if k == before { break }
        }
        if parts.count == 1 { return first }
        return node(onlyPlus ? .concatenation(parts) : .other, from: start)
    }

    static func isBinaryOperator(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, SwiftSourceLexer.isOperator(first) else { return false }
        return text != "=" && text != "!" && text != "?"
    }

    mutating func postfix() -> Node {
        let start = currentOffset
        guard enter() else {
            if let tok = token(k), tok.isPunctuation("(") || tok.isPunctuation("[") || tok.isPunctuation("{") {
                skipBalanced()
            } else {
                step()
            }
            return node(.other, from: start)
        }
        defer { depth -= 1 }
        var base = primary()
        while let tok = token(k) {
            if tok.isPunctuation("."), let member = token(k + 1), member.kind == .identifier || member.kind == .integer
            {
                k += 2
                if case .name(let path) = base.expression {
                    base = node(.name(path + [member.text]), from: start)
                } else {
                    base = node(.other, from: start)
                }
                continue
            }
            if tok.isPunctuation("("), !tok.newlineBefore {
                let callee: [String]
                if case .name(let path) = base.expression { callee = path } else { callee = ["?"] }
                let arguments = argumentList(close: ")")
                base = node(.call(callee: callee, arguments: arguments), from: start)
                continue
            }
            if tok.isPunctuation("["), !tok.newlineBefore, dialect == .swift {
                _ = argumentList(close: "]")
                base = node(.other, from: start)
                continue
            }
            if tok.isPunctuation("!") || tok.isPunctuation("?"), tok.offset == previousEnd {
                k += 1
                continue
            }
            break
        }
        return base
    }

    mutating func primary() -> Node {
        guard let tok = token(k) else { return node(.other, from: currentOffset) }
        let start = tok.offset
        switch tok.kind {
        case .string:
            var text = tok.text
            k += 1
            // Objective-C joins adjacent literals: @"a" @"b", "a" "b".
            while dialect == .objectiveC, let next = token(k), next.kind == .string {
                text += next.text
                k += 1
            }
            return node(.string(text), from: start)
        case .integer:
            k += 1
            return node(.integer(tok.text), from: start)
        case .number, .character:
            k += 1
            return node(.other, from: start)
        case .identifier:
            switch tok.text {
            case "true", "YES":
                k += 1
                return node(.boolean(true), from: start)
            case "false", "NO":
                k += 1
                return node(.boolean(false), from: start)
            case "nil", "Nil", "NULL", "nullptr":
                k += 1
                return node(.null, from: start)
            case "let", "var", "func", "return", "if", "guard", "struct", "class", "case", "else":
                return node(.other, from: start) // not an expression: leave it to the scanner
            default:
                k += 1
                return node(.name([tok.text]), from: start)
            }
        case .punctuation:
            switch tok.text {
            case ".":
                if let member = token(k + 1), member.kind == .identifier {
                    k += 2
                    return node(.name(["", member.text]), from: start)
                }
                k += 1
                return node(.other, from: start)
            case "(":
                let arguments = argumentList(close: ")")
                if arguments.count == 1, arguments[0].label == nil { return arguments[0].value }
                return node(.call(callee: [], arguments: arguments), from: start)
            case "[":
                if dialect == .objectiveC { return messageSend() }
                return arrayLiteral()
            case "@":
                if isPunctuation("[", at: k + 1) {
                    k += 1
                    return arrayLiteral()
                }
                if isPunctuation("{", at: k + 1) {
                    k += 1
                    skipBalanced()
                    return node(.other, from: start)
                }
                if isPunctuation("(", at: k + 1) {
                    k += 1
                    return primary()
                }
                if let next = token(k + 1), next.kind == .integer || next.kind == .identifier {
                    k += 1
                    return primary() // @5, @YES
                }
                k += 1
                return node(.other, from: start)
            case "{":
                skipBalanced()
                return node(.other, from: start)
            case "#":
                k += 1
                if let name = token(k), name.kind == .identifier { k += 1 }
                if isPunctuation("(", at: k) { _ = argumentList(close: ")") }
                return node(.other, from: start)
            case "-", "+":
                if let next = token(k + 1), next.kind == .integer, next.offset == tok.end {
                    k += 2
                    return node(.integer(tok.text == "-" ? "-" + next.text : next.text), from: start)
                }
                k += 1
                _ = postfix()
                return node(.other, from: start)
            case "!", "&", "~", "*", "^":
                k += 1
                _ = postfix()
                return node(.other, from: start)
            default:
                return node(.other, from: start)
            }
        }
    }

    /// Arguments between the current opening token and `close`, each `label: value` or
    /// `value`. Leaves `k` after the closing token.
    mutating func argumentList(close: String) -> [Argument] {
        let open = t[k]
        k += 1
        var arguments: [Argument] = []
        while let tok = token(k) {
            if tok.isPunctuation(close) {
                k += 1
                return arguments
            }
            if tok.isPunctuation(",") {
                k += 1
                continue
            }
            var label: String?
            if tok.kind == .identifier, isPunctuation(":", at: k + 1) {
                label = tok.text
                k += 2
            } else if tok.isPunctuation("_"), isPunctuation(":", at: k + 1) {
                k += 2
            }
            let before = k
            let value = expression()
            if let label { note(label) }
            arguments.append(Argument(label: label, offset: tok.offset, value: value))
            if k == before {
                // Not an expression: skip to the next `,` or the closing token.
                if let stray = token(k),
                    stray.isPunctuation(")") || stray.isPunctuation("]") || stray.isPunctuation("}")
                {
                    if !stray.isPunctuation(close) {
                        error(
                            "expected '\(close)' to close the '\(open.text)' here, found '\(stray.text)'",
                            at: stray.offset)
                        return arguments
                    }
                    continue
                }
                if let stray = token(k),
                    stray.isPunctuation("(") || stray.isPunctuation("[") || stray.isPunctuation("{")
                {
                    skipBalanced()
                } else {
                    step()
                }
            }
        }
        error("'\(open.text)' is never closed", at: open.offset)
        return arguments
    }

    /// `[a, b, c]` (a dictionary literal's values are read, its keys dropped).
    mutating func arrayLiteral() -> Node {
        let start = t[k].offset
        let arguments = argumentList(close: "]")
        return node(.array(arguments.map(\.value)), from: start)
    }

    /// `[receiver selector]` or `[receiver part1:value part2:value …]`.
    mutating func messageSend() -> Node {
        let open = t[k]
        let start = open.offset
        k += 1
        let receiver = postfix()
        var callee: [String]
        switch receiver.expression {
        case .name(let path): callee = path
        case .call(let inner, _): callee = inner
        case .array: return finishArrayInMessagePosition(receiver: receiver, start: start)
        default: callee = ["?"]
        }
        var arguments: [Argument] = []
        while let tok = token(k) {
            if tok.isPunctuation("]") {
                k += 1
                return node(.call(callee: callee, arguments: arguments), from: start)
            }
            if tok.kind == .identifier, isPunctuation(":", at: k + 1) {
                k += 2
                note(tok.text)
                arguments.append(Argument(label: tok.text, offset: tok.offset, value: expression()))
                continue
            }
            if tok.kind == .identifier, arguments.isEmpty {
                callee.append(tok.text) // a unary selector: [X alloc]
                k += 1
                continue
            }
            if tok.isPunctuation(":") || tok.isPunctuation(",") {
                k += 1
                let before = k
                arguments.append(Argument(label: nil, offset: tok.offset, value: expression()))
                if k == before { step() }
                continue
            }
            if tok.isPunctuation(")") || tok.isPunctuation("}") || tok.isPunctuation(";") {
                error("expected ']' to close the message sent here", at: start)
                return node(.other, from: start)
            }
            if tok.isPunctuation("(") || tok.isPunctuation("[") || tok.isPunctuation("{") {
                skipBalanced()
            } else {
                k += 1
            }
        }
        error("'[' is never closed", at: start)
        return node(.other, from: start)
    }

    /// `[[a, b] …]` cannot be a message; read past it.
    mutating func finishArrayInMessagePosition(receiver: Node, start: Int) -> Node {
        var nesting = 1
        while let tok = token(k), nesting > 0 {
            if tok.isPunctuation("[") { nesting += 1 }
            if tok.isPunctuation("]") { nesting -= 1 }
            k += 1
        }
        return node(.other, from: start)
    }
}

extension SwiftSourceParser.Node {
    /// Whether this is `nil` (`NULL`, `Nil`).
    var isNull: Bool {
        if case .null = expression { return true }
        return false
    }

    /// Every node in this tree, in pre-order, walked with an explicit stack.
    package func descendants() -> [SwiftSourceParser.Node] {
        var out: [SwiftSourceParser.Node] = []
        var stack = [self]
        while let node = stack.popLast() {
            out.append(node)
            switch node.expression {
            case .call(_, let arguments): stack.append(contentsOf: arguments.reversed().map(\.value))
            case .array(let elements), .concatenation(let elements): stack.append(contentsOf: elements.reversed())
            default: break
            }
        }
        return out
    }
}
