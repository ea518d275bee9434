import StoryGraph

/// Reads the Python expressions of a Ren'Py script (`book`, `points >= 3 and not met`,
/// `persistent.ending_seen`) into the model's `Expression`: names (`store.x` is `x`;
/// `persistent.x` keeps its prefix), numbers, strings, `True`/`False`, `and or not`,
/// comparisons (`is` as `==`), arithmetic. What it cannot read (calls, subscripts,
/// `None`, `in`, comprehensions) becomes a call of `python` over every name the text
/// mentions: unknown when evaluated, and a read of each of those names, so that no
/// variable is called "never read" because storygraph could not read the code.
///
/// A precedence-climbing parser over its own tokens; nesting is bounded by
/// `Expression.maximumDepth` (past it the expression is `.tooDeep`).
struct RenPyExpressionParser: PrecedenceClimbing {
    enum Token: Equatable {
        case number(String)
        case string(String)
        case name(String)
        case symbol(String)
    }

    private var tokens: [Token]
    private var index = 0
    private var depth = 0
    private var failed = false
    private var tooDeep = false

    static let keywords: Set<String> = [
        "and", "or", "not", "in", "is", "if", "elif", "else", "for", "while", "lambda", "None", "True", "False",
        "yield", "await", "def", "class", "return", "global", "nonlocal", "import", "from", "as", "with", "try",
        "except", "finally", "raise", "pass", "break", "continue", "del", "assert", "async",
    ]

    /// Names whose root is Ren'Py's own (its modules, its configuration, names that start
    /// with `_` such as `_return`): not the story's variables, and unknown to storygraph.
    static func isEngineName(_ dotted: String) -> Bool {
        let root = dotted.split(separator: ".", omittingEmptySubsequences: false).first.map(String.init) ?? dotted
        return root.hasPrefix("_") || engineRoots.contains(root)
    }

    static let engineRoots: Set<String> = [
        "renpy", "config", "gui", "build", "style", "preferences", "achievement", "im", "math", "random", "ui",
        "layout", "updater", "iap", "director", "bubble", "store", "os", "sys", "time", "datetime", "re",
    ]

    /// The expression of `text`, or the `python` call over its names when it is not one
    /// storygraph reads.
    static func parse(_ text: String) -> Expression {
        let trimmed = RenPyReader.trimmed(text)
        guard let tokens = tokens(of: trimmed), !tokens.isEmpty else { return opaque(trimmed) }
        var parser = RenPyExpressionParser(tokens: tokens)
        let expression = parser.climb(above: 0)
        if parser.tooDeep { return .tooDeep(trimmed) }
        guard !parser.failed, parser.index == tokens.count, let expression else { return opaque(trimmed) }
        return expression
    }

    /// Unknown when evaluated; reads every name `text` mentions.
    static func opaque(_ text: String) -> Expression {
        .call("python", names(in: text).map { .variable($0) })
    }

    /// The store names a piece of Python mentions (not attributes, keywords or the
    /// names of called functions), in order, each once.
    static func names(in text: String) -> [String] {
        guard let tokens = tokens(of: text, lenient: true) else { return [] }
        var seen = Set<String>()
        var names: [String] = []
        for (k, token) in tokens.enumerated() {
            guard case .name(let name) = token, !keywords.contains(name) else { continue }
            if k + 1 < tokens.count, tokens[k + 1] == .symbol("(") { continue }
            if k > 0, tokens[k - 1] == .symbol(".") { continue }
            if isEngineName(name), !name.hasPrefix("store.") { continue }
            let variable = variableName(name)
            if seen.insert(variable).inserted { names.append(variable) }
        }
        return names
    }

    /// `store.x` is `x`; `persistent.x` keeps its prefix; `a.b` is `a`.
    static func variableName(_ dotted: String) -> String {
        let parts = dotted.split(separator: ".", omittingEmptySubsequences: false)
        if parts.count >= 2, parts[0] == "store" { return String(parts[1]) }
        if parts.count >= 2, parts[0] == "persistent" { return "persistent." + parts[1] }
        return String(parts[0])
    }

    /// Python's tokens, names with their dots joined (`persistent.x`); nil when a
    /// character is none of them (unless `lenient`, which skips it).
    static func tokens(of text: String, lenient: Bool = false) -> [Token]? {
        let s = Array(text.unicodeScalars)
        var out: [Token] = []
        var i = 0
        var depth = 0
        while i < s.count {
            let c = s[i]
            if c == "\n", depth == 0 {
                // A line of a block ends its statement.
                out.append(.symbol(";"))
                i += 1
                continue
            }
            if c == " " || c == "\n" || c == "\t" || c == "\r" {
                i += 1
                continue
            }
            if c == "(" || c == "[" || c == "{" { depth += 1 }
            if c == ")" || c == "]" || c == "}" { depth = max(0, depth - 1) }
            if RenPyReader.isNameStart(c) {
                if (c == "r" || c == "u" || c == "f" || c == "b"), i + 1 < s.count, RenPyReader.isQuote(s[i + 1]) {
                    i += 1
                    continue
                }
                var j = i
                while j < s.count, RenPyReader.isNamePart(s[j]) || (s[j] == "." && j + 1 < s.count && RenPyReader.isNameStart(s[j + 1])) {
                    j += 1
                }
                out.append(.name(String(String.UnicodeScalarView(s[i..<j]))))
                i = j
                continue
            }
            if ("0"..."9").contains(c) {
                var j = i
                while j < s.count, ("0"..."9").contains(s[j]) || s[j] == "." || s[j] == "_" { j += 1 }
                out.append(.number(String(String.UnicodeScalarView(s[i..<j])).replacingOccurrences(of: "_", with: "")))
                i = j
                continue
            }
            if RenPyReader.isQuote(c) {
                guard let string = RenPyReader.scanString(s, at: i) else {
                    if lenient { return out }
                    return nil
                }
                out.append(.string(string.value))
                i = string.end
                continue
            }
            let two = i + 1 < s.count ? String(String.UnicodeScalarView([c, s[i + 1]])) : ""
            if ["==", "!=", "<=", ">=", "//", "**"].contains(two) {
                out.append(.symbol(two))
                i += 2
                continue
            }
            if "+-*/%<>()[]{},.:;=!&|^~@".unicodeScalars.contains(c) {
                out.append(.symbol(String(c)))
                i += 1
                continue
            }
            if !lenient { return nil }
            i += 1
        }
        return out
    }

    private init(tokens: [Token]) { self.tokens = tokens }

    private var current: Token? { index < tokens.count ? tokens[index] : nil }

    static let operators = OperatorTable([
        .init(["or": .binary(.or)]),
        .init(["and": .binary(.and)]),
        .init(
            [
                "==": .binary(.equal), "!=": .binary(.notEqual), "is": .binary(.equal), "<": .binary(.less),
                "<=": .binary(.lessOrEqual), ">": .binary(.greater), ">=": .binary(.greaterOrEqual),
            ], chains: false),
        .init(["+": .binary(.add), "-": .binary(.subtract)]),
        .init(["*": .binary(.multiply), "/": .binary(.divide), "%": .binary(.remainder)]),
    ])

    mutating func givingUpTooDeep() {
        tooDeep = true
        failed = true
        index = tokens.count
    }

    mutating func infixOperator(_: inout Void, accepting accepts: (InfixOperator) -> Bool) -> InfixOperator? {
        let spelling: String
        switch current {
        case .symbol(let s)?: spelling = s
        case .name(let s)? where s == "and" || s == "or" || s == "is": spelling = s
        default: return nil
        }
        guard let op = Self.operators[spelling], accepts(op) else { return nil }
        // `is not` is Python's `!=`: not read.
        if spelling == "is", index + 1 < tokens.count, tokens[index + 1] == .name("not") {
            failed = true
            return nil
        }
        index += 1
        return op
    }

    mutating func operand(_ input: inout Void) -> Expression? {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Expression.maximumDepth else {
            givingUpTooDeep()
            return nil
        }
        switch current {
        case .name("not")?:
            index += 1
            // `not` binds looser than comparisons: `not a == b` is `not (a == b)`.
            guard let inner = climb(above: 2) else { return nil }
            return .unary(.not, inner)
        case .symbol("-")?:
            index += 1
            guard let inner = operand(&input) else { return nil }
            return .unary(.negate, inner)
        case .symbol("+")?:
            index += 1
            return operand(&input)
        default:
            return primary()
        }
    }

    private mutating func primary() -> Expression? {
        guard let token = current else {
            failed = true
            return nil
        }
        index += 1
        let result: Expression?
        switch token {
        case .number(let text):
            if let value = Int(text) {
                result = .integer(value)
            } else if let value = Double(text) {
                result = .decimal(value)
            } else {
                result = nil
            }
        case .string(let value): result = .string(value)
        case .name("True"): result = .boolean(true)
        case .name("False"): result = .boolean(false)
        case .name(let name) where !Self.keywords.contains(name) && (!Self.isEngineName(name) || name.hasPrefix("store.")):
            result = .variable(Self.variableName(name))
        case .symbol("("):
            let inner = climb(above: 0)
            guard current == .symbol(")") else {
                failed = true
                return nil
            }
            index += 1
            result = inner
        default: result = nil
        }
        // A call, subscript or attribute after it is Python storygraph does not read.
        if let next = current, next == .symbol("(") || next == .symbol("[") || next == .symbol(".") {
            failed = true
            return nil
        }
        if result == nil { failed = true }
        return result
    }
}
