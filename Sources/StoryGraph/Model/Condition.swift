/// When a choice is offered: a test as the story wrote it (with its parsed expression,
/// where the loader parses the language), or a combination of tests made by the story's
/// structure (the `else` of an `if`, an `if` nested in another). Kept as data: the text a
/// person reads is made from it (`description`), never stored in its place.
public indirect enum Condition: Sendable, Hashable, Codable, CustomStringConvertible {
    /// A test as written in the source (`$gold gte 10`), and its parsed form if any.
    case test(String, Expression?)
    /// The test does not hold (an `else` branch).
    case not(Condition)
    /// Every one holds (nested conditionals, an `elseif` after earlier tests).
    case all([Condition])

    /// A test kept as written, not parsed.
    public init(_ text: String) { self = .test(text, nil) }

    /// `a and b` of two optional conditions (nested blocks); nil when both are.
    public static func joined(_ outer: Condition?, _ inner: Condition?) -> Condition? {
        switch (outer, inner) {
        case (nil, nil): return nil
        case (let a?, nil): return a
        case (nil, let b?): return b
        case (.all(let a)?, let b?): return .all(a + [b])
        case (let a?, let b?): return .all([a, b])
        }
    }

    /// The condition as a person reads it: `$key`, `not ($key)`, `$a and $b > 3`.
    public var description: String {
        switch self {
        case .test(let text, _): return text
        case .not(let inner): return "not (\(inner.description))"
        case .all(let parts): return parts.map(\.description).joined(separator: " and ")
        }
    }

    /// Whether a test in it is deeper than `Expression.maximumDepth` (`.tooDeep`).
    ///
    /// - Complexity: O(size of the condition), iterative.
    public var isTooDeep: Bool {
        var stack: [Condition] = [self]
        while let c = stack.popLast() {
            switch c {
            case .test(_, let e): if e?.isTooDeep == true { return true }
            case .not(let inner): stack.append(inner)
            case .all(let parts): stack.append(contentsOf: parts)
            }
        }
        return false
    }

    /// The whole condition as one expression, when every test in it was parsed.
    public var expression: Expression? {
        switch self {
        case .test(_, let expression): return expression
        case .not(let inner): return inner.expression.map { .unary(.not, $0) }
        case .all(let parts):
            var expressions: [Expression] = []
            for part in parts {
                guard let e = part.expression else { return nil }
                expressions.append(e)
            }
            return Expression.conjunction(expressions)
        }
    }
}
