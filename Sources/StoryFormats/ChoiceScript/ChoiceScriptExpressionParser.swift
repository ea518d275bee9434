import StoryGraph

/// Reads ChoiceScript expressions (`(strength > 50) and not(wounded)`, `leadership %+ 20`,
/// `"Sir " & name`) into `Expression`. ChoiceScript has no precedence of its own (it wants
/// parentheses); the usual one is used here: `or` < `and` < comparisons < `+ - & %+ %-`
/// < `* / modulo` < `not(…)` and calls < values. Variable names are lower-cased, as the
/// interpreter does. What cannot be read becomes `.unknown(text)`, never dropped.
struct ChoiceScriptExpressionParser {
    private enum Token: Equatable {
        case number(String)
        case string(String)
        case word(String)
        case symbol(String)
        case open, close, openBracket, closeBracket, openBrace, closeBrace, comma
    }

    /// The deepest nesting read before giving up with `.unknown`.
    static let maximumDepth = 64

    private var tokens: [Token] = []
    private var position = 0
    private var depth = 0
    private var failed = false

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
            if s == " " || s == "\t" { i += 1; continue }
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
                    if scalars[j] == "\"" { closed = true; j += 1; break }
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

    private mutating func orExpression() -> Expression {
        var left = andExpression()
        while case .word(let w)? = current, w.lowercased() == "or" {
            position += 1
            left = .binary(.or, left, andExpression())
        }
        return left
    }

    private mutating func andExpression() -> Expression {
        var left = comparison()
        while case .word(let w)? = current, w.lowercased() == "and" {
            position += 1
            left = .binary(.and, left, comparison())
        }
        return left
    }

    private mutating func comparison() -> Expression {
        let left = additive()
        guard case .symbol(let op)? = current else { return left }
        let kinds: [String: Expression.BinaryOperator] = [
            "=": .equal, "!=": .notEqual, "<": .less, "<=": .lessOrEqual, ">": .greater, ">=": .greaterOrEqual,
        ]
        guard let kind = kinds[op] else { return left }
        position += 1
        return .binary(kind, left, additive())
    }

    private mutating func additive() -> Expression {
        var left = multiplicative()
        while true {
            guard case .symbol(let op)? = current else { return left }
            let kind: Expression.BinaryOperator
            switch op {
            case "+": kind = .add
            case "-": kind = .subtract
            case "%+": kind = .fairAdd
            case "%-": kind = .fairSubtract
            case "&":
                position += 1
                left = .call("concat", [left, multiplicative()])
                continue
            default: return left
            }
            position += 1
            left = .binary(kind, left, multiplicative())
        }
    }

    private mutating func multiplicative() -> Expression {
        var left = unary()
        while true {
            let kind: Expression.BinaryOperator
            switch current {
            case .symbol("*")?: kind = .multiply
            case .symbol("/")?: kind = .divide
            case .word(let w)? where w.lowercased() == "modulo": kind = .remainder
            case .symbol("#")?:
                position += 1
                left = .call("char_at", [left, unary()])
                continue
            default: return left
            }
            position += 1
            left = .binary(kind, left, unary())
        }
    }

    private mutating func unary() -> Expression {
        if case .symbol("-")? = current {
            position += 1
            return .unary(.negate, unary())
        }
        return primary()
    }

    private mutating func primary() -> Expression {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth, let token = current else { return fail() }
        position += 1
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
            return .call("ref", [inner])
        case .word(let word):
            let lower = word.lowercased()
            if lower == "true" { return .boolean(true) }
            if lower == "false" { return .boolean(false) }
            if current == .open {
                position += 1
                var arguments: [Expression] = []
                if current != .close {
                    arguments.append(orExpression())
                    while current == .comma {
                        position += 1
                        arguments.append(orExpression())
                    }
                }
                guard current == .close else { return fail() }
                position += 1
                if lower == "not", arguments.count == 1 { return .unary(.not, arguments[0]) }
                return .call(lower, arguments)
            }
            var name = lower
            while current == .openBracket {
                position += 1
                let index = orExpression()
                guard current == .closeBracket else { return fail() }
                position += 1
                switch index {
                case .integer(let n): name += "_\(n)"
                default: return .call("element", [.variable(name), index])
                }
            }
            return .variable(name)
        default:
            return fail()
        }
    }
}
