import StoryGraph

/// One token of a Twine expression (SugarCube's TwineScript, Harlowe's macro arguments).
struct TwineToken: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        case number(Double, isInteger: Bool)
        case string(String)
        /// A word: a name (`visited`, `true`, `is`), a story variable with its sigil
        /// (`$gold`), a temporary one (`_i`).
        case word(String)
        /// Punctuation and operators (`===`, `+=`, `(`, `,`).
        case symbol(String)
        /// A scalar no expression of either dialect starts with (a template string, `@`).
        case other
    }

    var kind: Kind
    /// Offsets into the text read, for keeping a part that is not understood as written.
    var range: Range<Int>
}

/// Splits the text of one Twine expression into tokens, over the shared `ScalarCursor`.
/// Both dialects' parsers read its tokens; what a token means is theirs to say.
///
/// The text is read only up to `TwineExpressionLexer.maximumLength` scalars: a longer
/// expression is not tokenised at all (the caller keeps it as text), so hostile input
/// costs at most that much per macro.
///
/// - Complexity: O(n) for n scalars.
enum TwineExpressionLexer {
    /// The longest expression read (scalars); longer ones stay text, counted as unparsed.
    static let maximumLength = 1_000

    /// Symbols, longest first, so `===` is read before `==` and `=`.
    static let symbols: [[Unicode.Scalar]] = [
        "===", "!==", "==", "!=", "<=", ">=", "&&", "||", "++", "--", "+=", "-=", "*=", "/=", "%=",
        "<", ">", "=", "!", "+", "-", "*", "/", "%", "(", ")", "[", "]", "{", "}", ",", ";", ".", ":", "?",
    ].map { Array($0.unicodeScalars) }
    /// `symbols` as strings, made once (a token names its symbol by one of them).
    static let symbolTexts: [String] = symbols.map { String(scalars: $0) }

    /// The tokens of `scalars`, or nil when the text is longer than `maximumLength` or
    /// holds an unterminated string.
    static func tokens(_ scalars: [Unicode.Scalar]) -> [TwineToken]? {
        guard scalars.count <= maximumLength else { return nil }
        var cursor = ScalarCursor(scalars)
        var tokens: [TwineToken] = []
        while let c = cursor.current {
            let start = cursor.offset
            if c.isSpaceFast {
                cursor.advance()
                continue
            }
            if ("0"..."9").contains(c) || (c == "." && isDigit(cursor.peek(1))) {
                let digits = cursor.scan { ("0"..."9").contains($0) }
                var isInteger = true
                if cursor.current == ".", isDigit(cursor.peek(1)) {
                    isInteger = false
                    cursor.advance()
                    cursor.scan { ("0"..."9").contains($0) }
                }
                let written = cursor.text(start..<cursor.offset)
                // A whole number too large for `Int` is read as a decimal.
                guard let value = Double(written) else { return nil }
                let whole = isInteger && digits.count <= 15
                tokens.append(TwineToken(kind: .number(value, isInteger: whole), range: start..<cursor.offset))
                continue
            }
            if c == "\"" || c == "'" {
                cursor.advance()
                var value: [Unicode.Scalar] = []
                var closed = false
                while let d = cursor.current {
                    cursor.advance()
                    if d == c {
                        closed = true
                        break
                    }
                    if d == "\\", let escaped = cursor.current {
                        cursor.advance()
                        value.append(escaped)
                        continue
                    }
                    value.append(d)
                }
                guard closed else { return nil }
                tokens.append(TwineToken(kind: .string(String(scalars: value)), range: start..<cursor.offset))
                continue
            }
            if isWordStart(c) {
                cursor.advance()
                cursor.scan(while: isWordPart)
                tokens.append(TwineToken(kind: .word(cursor.text(start..<cursor.offset)), range: start..<cursor.offset))
                continue
            }
            if let n = symbols.firstIndex(where: { matches($0, scalars, at: start) }) {
                cursor.advance(symbols[n].count)
                tokens.append(TwineToken(kind: .symbol(symbolTexts[n]), range: start..<cursor.offset))
                continue
            }
            cursor.advance()
            tokens.append(TwineToken(kind: .other, range: start..<cursor.offset))
        }
        return tokens
    }

    static func isDigit(_ c: Unicode.Scalar?) -> Bool { c.map { ("0"..."9").contains($0) } ?? false }

    static func isWordStart(_ c: Unicode.Scalar) -> Bool {
        c == "$" || c == "_" || c.isAlphabeticFast
    }

    static func isWordPart(_ c: Unicode.Scalar) -> Bool {
        c == "$" || c == "_" || c.isAlphabeticFast || ("0"..."9").contains(c)
    }

    static func matches(_ symbol: [Unicode.Scalar], _ scalars: [Unicode.Scalar], at offset: Int) -> Bool {
        guard offset + symbol.count <= scalars.count else { return false }
        for k in symbol.indices where scalars[offset + k] != symbol[k] { return false }
        return true
    }
}

/// The state both dialects' parsers share: the tokens, where the parser is, how deep it
/// has gone, and the text for keeping what it does not understand.
struct TwineExpressionReader {
    /// The deepest nesting read (parentheses, operators applied to operators), and the
    /// deepest tree built (a chain of 100,000 `and` is 100,000 deep): past it the parse
    /// fails as `tooDeep`, so a hostile expression can overflow neither the parser's stack
    /// nor that of code that frees or walks the tree.
    static let maximumDepth = Expression.maximumDepth

    let scalars: [Unicode.Scalar]
    let tokens: [TwineToken]
    var position = 0
    var depth = 0
    /// Set when the expression is not one the parser reads (the caller keeps its text).
    var failed = false
    /// Set when it failed for nesting past `maximumDepth`.
    var tooDeep = false

    init?(_ text: String) {
        let scalars = Array(text.unicodeScalars)
        guard let tokens = TwineExpressionLexer.tokens(scalars) else { return nil }
        self.scalars = scalars
        self.tokens = tokens
    }

    var isAtEnd: Bool { position >= tokens.count }
    var current: TwineToken? { position < tokens.count ? tokens[position] : nil }

    func peekKind(_ distance: Int = 0) -> TwineToken.Kind? {
        position + distance < tokens.count ? tokens[position + distance].kind : nil
    }

    /// Whether the current token is the word or symbol `text`.
    func at(_ text: String, _ distance: Int = 0) -> Bool {
        switch peekKind(distance) {
        case .word(let w)?: return w == text
        case .symbol(let s)?: return s == text
        default: return false
        }
    }

    /// Moves past the word or symbol `text` when it is next.
    mutating func take(_ text: String) -> Bool {
        guard at(text) else { return false }
        position += 1
        return true
    }

    /// The text of tokens `from..<to`, as written.
    func text(_ from: Int, _ to: Int) -> String {
        guard from < to, to <= tokens.count else { return "" }
        return String(scalars: scalars[tokens[from].range.lowerBound..<tokens[to - 1].range.upperBound])
    }

    /// Enters one level of nesting; false (and the parse failed) past `maximumDepth`.
    mutating func descend() -> Bool {
        depth += 1
        if depth > Self.maximumDepth { givingUpTooDeep() }
        return !failed
    }

    /// Fails the parse: it nests past `maximumDepth`.
    mutating func givingUpTooDeep() {
        failed = true
        tooDeep = true
    }

    mutating func ascend() { depth -= 1 }

    /// Moves past a bracketed group whose opener is the current token (`(…)`, `[…]`,
    /// `{…}`), nested ones included; false when it is not closed.
    mutating func skipGroup() -> Bool {
        var stack: [String] = []
        repeat {
            guard let kind = peekKind() else { return false }
            if case .symbol(let s) = kind {
                switch s {
                case "(": stack.append(")")
                case "[": stack.append("]")
                case "{": stack.append("}")
                case ")", "]", "}":
                    guard stack.last == s else { return false }
                    stack.removeLast()
                default: break
                }
            }
            position += 1
        } while !stack.isEmpty
        return true
    }
}

/// What the two dialects' parsers share: literals, prefixes and chains of binary
/// operators (each dialect's `operators`, climbed over its `operand`), over a
/// `TwineExpressionReader`.
protocol TwineExpressionGrammar: PrecedenceClimbing where Input == Void {
    var reader: TwineExpressionReader { get set }
    /// A whole expression (the dialect's lowest precedence).
    mutating func expression() -> Expression?
}

extension TwineExpressionGrammar {
    /// The dialect's operator at the cursor (a word or a symbol), moved past when `accepts` takes it.
    mutating func infixOperator(_: inout Void, accepting accepts: (InfixOperator) -> Bool) -> InfixOperator? {
        guard let token = reader.current, let op = Self.operatorName(token).flatMap({ Self.operators[$0] }), accepts(op)
        else { return nil }
        reader.position += 1
        return op
    }

    mutating func givingUpTooDeep() { reader.givingUpTooDeep() }

    static func operatorName(_ token: TwineToken) -> String? {
        switch token.kind {
        case .word(let w): w
        case .symbol(let s): s
        default: nil
        }
    }

    /// `operand` under prefix operators read before it (`not`, `-`, or a word kept as a
    /// call: `def`), innermost last; each is a level of nesting, so a run of them is
    /// bounded as parentheses are. `-` of a number is a negative number.
    mutating func prefixed(_ prefixes: [String], _ operand: (inout Self) -> Expression?) -> Expression? {
        reader.depth += prefixes.count
        defer { reader.depth -= prefixes.count }
        if reader.depth > TwineExpressionReader.maximumDepth { reader.givingUpTooDeep() }
        guard !reader.failed, var e = operand(&self) else { return nil }
        for prefix in prefixes.reversed() {
            switch (prefix, e) {
            case ("not", _): e = .unary(.not, e)
            case ("-", .integer(let n)): e = .integer(-n)
            case ("-", .decimal(let d)): e = .decimal(-d)
            case ("-", _): e = .unary(.negate, e)
            default: e = .call(prefix, [e])
            }
        }
        return e
    }

    /// `(e)`, the opening parenthesis at the cursor.
    mutating func parenthesised() -> Expression? {
        guard reader.take("("), let inner = expression(), reader.take(")") else { return nil }
        return inner
    }

    /// A call's arguments, `a, b)` up to and past the closing parenthesis (the opening
    /// one already read); nil when one does not read.
    mutating func arguments() -> [Expression]? {
        var arguments: [Expression] = []
        if reader.take(")") { return arguments }
        repeat {
            guard let argument = expression() else { return nil }
            arguments.append(argument)
        } while reader.take(",")
        return reader.take(")") ? arguments : nil
    }

    /// A number, a string, `true` or `false` at the cursor (moved past), else nil.
    mutating func literal() -> Expression? {
        guard let token = reader.current else { return nil }
        let e: Expression
        switch token.kind {
        case .number(let value, let isInteger): e = isInteger ? .integer(Int(value)) : .decimal(value)
        case .string(let s): e = .string(s)
        case .word("true"): e = .boolean(true)
        case .word("false"): e = .boolean(false)
        default: return nil
        }
        reader.position += 1
        return e
    }
}

extension Expression {
    /// The expression with each variable in `values` replaced by its value there (what a
    /// condition reads after assignments earlier in the same passage).
    ///
    /// - Complexity: O(size of the expression × size of the values put in); recursive
    ///   over the expression's depth, which the Twine parsers bound (`maximumDepth`).
    func substituting(_ values: [String: Expression]) -> Expression {
        guard !values.isEmpty else { return self }
        switch self {
        case .variable(let name): return values[name] ?? self
        case .unary(let op, let a): return .unary(op, a.substituting(values))
        case .binary(let op, let a, let b): return .binary(op, a.substituting(values), b.substituting(values))
        case .call(let name, let arguments): return .call(name, arguments.map { $0.substituting(values) })
        case .integer, .decimal, .string, .boolean, .visits, .unknown, .tooDeep: return self
        }
    }
}
