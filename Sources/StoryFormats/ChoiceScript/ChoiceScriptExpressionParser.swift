import StoryGraph

/// Reads ChoiceScript expressions (`(strength > 50) and not(wounded)`, `leadership %+ 20`,
/// `"Sir " & name`) into `Expression`. ChoiceScript has no precedence of its own (it wants
/// parentheses); the usual one is used here: `or` < `and` < comparisons < `+ - & %+ %-`
/// < `* / modulo` < `not(…)` and calls < values. Variable names are lower-cased, as the
/// interpreter does. What cannot be read becomes `.unknown(text)`, never dropped; what nests
/// deeper than `Expression.maximumDepth` (brackets, prefixes, or the tree a chain of one
/// operator builds) becomes `.tooDeep(text)`.
struct ChoiceScriptExpressionParser: PrecedenceClimbing {
    private enum Token: Equatable {
        case number(String)
        case string(String)
        case word(String)
        case symbol(String)
        case open, close, openBracket, closeBracket, openBrace, closeBrace, comma
    }

    private var tokens: [Token] = []
    private var position = 0
    private var depth = 0
    /// The depth of the tree the last parsing function returned (a leaf is 1).
    private var built = 0
    private var failed = false
    private var tooDeep = false

    /// The expression of `text`, or `.unknown(text)` when it is not one ChoiceScript reads.
    ///
    /// - Complexity: O(n) for a text of n characters.
    static func parse(_ text: Substring) -> Expression {
        let trimmed = ChoiceScriptLine.trimmed(text)
        guard let tokens = tokenize(trimmed) else { return .unknown(String(trimmed)) }
        var parser = ChoiceScriptExpressionParser()
        parser.tokens = tokens
        guard !tokens.isEmpty else { return .unknown(String(trimmed)) }
        let expression = parser.orExpression()
        if parser.tooDeep { return .tooDeep(String(trimmed)) }
        guard !parser.failed, parser.position == tokens.count else { return .unknown(String(trimmed)) }
        return expression
    }

    private static func tokenize(_ text: Substring) -> [Token]? {
        var tokens: [Token] = []
        let scalars = Array(text.unicodeScalars)
        var i = 0
        func isDigit(_ s: Unicode.Scalar) -> Bool { s.value >= 48 && s.value <= 57 }
        func isWord(_ s: Unicode.Scalar) -> Bool { ChoiceScriptLine.isWordCharacter(Character(s)) }
        while i < scalars.count {
            let s = scalars[i]
            if s == " " || s == "\t" {
                i += 1
                continue
            }
            if isDigit(s) {
                var j = i
                while j < scalars.count, isDigit(scalars[j]) || scalars[j] == "." { j += 1 }
                tokens.append(.number(String(String.UnicodeScalarView(scalars[i..<j]))))
                i = j
                continue
            }
            if isWord(s) {
                var j = i
                while j < scalars.count, isWord(scalars[j]) { j += 1 }
                tokens.append(.word(String(String.UnicodeScalarView(scalars[i..<j]))))
                i = j
                continue
            }
            if s == "\"" {
                var value = String.UnicodeScalarView()
                var j = i + 1
                var closed = false
                while j < scalars.count {
                    if scalars[j] == "\\", j + 1 < scalars.count {
                        value.append(scalars[j + 1])
                        j += 2
                        continue
                    }
                    if scalars[j] == "\"" {
                        closed = true
                        j += 1
                        break
                    }
                    value.append(scalars[j])
                    j += 1
                }
                guard closed else { return nil }
                tokens.append(.string(String(value)))
                i = j
                continue
            }
            let next: Unicode.Scalar? = i + 1 < scalars.count ? scalars[i + 1] : nil
            switch s {
            case "(": tokens.append(.open)
            case ")": tokens.append(.close)
            case "[": tokens.append(.openBracket)
            case "]": tokens.append(.closeBracket)
            case "{": tokens.append(.openBrace)
            case "}": tokens.append(.closeBrace)
            case ",": tokens.append(.comma)
            case "%" where next == "+" || next == "-":
                tokens.append(.symbol("%" + String(next!)))
                i += 1
            case "<" where next == "=", ">" where next == "=", "!" where next == "=":
                tokens.append(.symbol(String(s) + "="))
                i += 1
            case "+", "-", "*", "/", "&", "=", "<", ">", "#", "%":
                tokens.append(.symbol(String(s)))
            default:
                return nil
            }
            i += 1
        }
        return tokens
    }

    private var current: Token? { position < tokens.count ? tokens[position] : nil }

    private mutating func fail() -> Expression {
        failed = true
        position = tokens.count
        return .unknown("")
    }

    /// Gives up on the whole expression: it nests past `Expression.maximumDepth`.
    mutating func givingUpTooDeep() {
        tooDeep = true
        _ = fail()
    }

    /// `node`, one level above its operands: the tree so far (`height` deep) and the
    /// operand just read (`built` deep); past the bound the parse gives up.
    private mutating func grown(_ node: Expression, _ height: inout Int) -> Expression {
        height = max(height, built) + 1
        guard height <= Expression.maximumDepth else {
            givingUpTooDeep()
            return .unknown("")
        }
        return node
    }

    /// The operators, loosest first; a comparison takes one pair (`a = b = c` does not read).
    static let operators = OperatorTable([
        .init(["or": .binary(.or)]),
        .init(["and": .binary(.and)]),
        .init(
            [
                "=": .binary(.equal), "!=": .binary(.notEqual), "<": .binary(.less), "<=": .binary(.lessOrEqual),
                ">": .binary(.greater), ">=": .binary(.greaterOrEqual),
            ], chains: false),
        .init([
            "+": .binary(.add), "-": .binary(.subtract), "%+": .binary(.fairAdd), "%-": .binary(.fairSubtract),
            "&": .call("concat"),
        ]),
        .init(["*": .binary(.multiply), "/": .binary(.divide), "modulo": .binary(.remainder), "#": .call("char_at")]),
    ])

    /// A whole expression: a chain of operators over unary operands.
    private mutating func orExpression() -> Expression { climb(above: 0) ?? .unknown("") }

    mutating func operand(_: inout Void) -> Expression? { unary() }
    mutating func height(of operand: Expression) -> Int { built }
    mutating func record(height: Int) { built = height }

    /// The operator at the cursor (a symbol, or a word in any case), moved past when `accepts` takes it.
    mutating func infixOperator(_: inout Void, accepting accepts: (InfixOperator) -> Bool) -> InfixOperator? {
        let spelling: String
        switch current {
        case .symbol(let s)?: spelling = s
        case .word(let w)?: spelling = w.lowercased()
        default: return nil
        }
        guard let op = Self.operators[spelling], accepts(op) else { return nil }
        position += 1
        return op
    }

    private mutating func unary() -> Expression {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Expression.maximumDepth else {
            givingUpTooDeep()
            return .unknown("")
        }
        if case .symbol("-")? = current {
            position += 1
            let operand = unary()
            var height = built
            built = 0
            let node = grown(.unary(.negate, operand), &height)
            built = height
            return node
        }
        return primary()
    }

    private mutating func primary() -> Expression {
        guard let token = current else { return fail() }
        position += 1
        built = 1
        switch token {
        case .number(let text):
            if let value = Int(text) { return .integer(value) }
            if let value = Double(text) { return .decimal(value) }
            return fail()
        case .string(let text):
            return .string(text)
        case .open:
            let inner = orExpression()
            guard current == .close else { return fail() }
            position += 1
            return inner
        case .openBrace:
            let inner = orExpression()
            guard current == .closeBrace else { return fail() }
            position += 1
            var height = 0
            let node = grown(.call("ref", [inner]), &height)
            built = height
            return node
        case .word(let word):
            let lower = word.lowercased()
            if lower == "true" { return .boolean(true) }
            if lower == "false" { return .boolean(false) }
            if current == .open {
                position += 1
                var arguments: [Expression] = []
                var height = 0
                if current != .close {
                    arguments.append(orExpression())
                    height = built
                    while current == .comma {
                        position += 1
                        arguments.append(orExpression())
                        height = max(height, built)
                    }
                }
                guard current == .close else { return fail() }
                position += 1
                built = 0
                let node: Expression =
                    lower == "not" && arguments.count == 1 ? .unary(.not, arguments[0]) : .call(lower, arguments)
                let result = grown(node, &height)
                built = height
                return result
            }
            var name = lower
            while current == .openBracket {
                position += 1
                let index = orExpression()
                guard current == .closeBracket else { return fail() }
                position += 1
                switch index {
                case .integer(let n): name += "_\(n)"
                default:
                    var height = 1
                    let node = grown(.call("element", [.variable(name), index]), &height)
                    built = height
                    return node
                }
            }
            built = 1
            return .variable(name)
        default:
            return fail()
        }
    }
}
