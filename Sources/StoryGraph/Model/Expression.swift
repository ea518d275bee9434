/// An expression of a story language (a condition, the value of an assignment), parsed
/// into a tree the analysers can evaluate. Each loader parses its own syntax (`$gold gte
/// 10`, `gold >= 10`, `strength %+ 20`) into these same cases; what it cannot read stays
/// as `.unknown` with its text, so nothing is ever dropped.
public indirect enum Expression: Sendable, Hashable, Codable {
    case integer(Int)
    case decimal(Double)
    case string(String)
    case boolean(Bool)
    /// A story variable, named as the story writes it without its sigil (`gold` for
    /// `$gold`); a temporary variable keeps its prefix (`_i`).
    case variable(String)
    /// How many times the reader has seen a passage (ink's `knot`, Yarn's `visited("N")`,
    /// Harlowe's `(history:) contains "N"`).
    case visits(passage: String)
    case unary(UnaryOperator, Expression)
    case binary(BinaryOperator, Expression, Expression)
    /// A function or macro call the evaluator may not know (`random(1, 6)`, `either(…)`).
    case call(String, [Expression])
    /// Text the loader could not parse, kept as written.
    case unknown(String)

    public enum UnaryOperator: String, Sendable, Hashable, Codable, CaseIterable {
        case not, negate
    }

    public enum BinaryOperator: String, Sendable, Hashable, Codable, CaseIterable {
        case and, or
        case equal, notEqual, less, lessOrEqual, greater, greaterOrEqual
        case add, subtract, multiply, divide, remainder
        /// ChoiceScript's fairmath `%+` and `%-`: a percentage moved towards 100 or 0.
        case fairAdd, fairSubtract
        /// Membership: Harlowe's `contains`, ink's list `has`, SugarCube's `.includes`.
        case contains
    }

    /// The variables this expression reads, in first-use order.
    public var variables: [String] {
        var seen: [String] = []
        var stack: [Expression] = [self]
        while let e = stack.popLast() {
            switch e {
            case .variable(let name): if !seen.contains(name) { seen.append(name) }
            case .unary(_, let a): stack.append(a)
            case .binary(_, let a, let b): stack.append(b); stack.append(a)
            case .call(_, let arguments): stack.append(contentsOf: arguments.reversed())
            case .integer, .decimal, .string, .boolean, .visits, .unknown: break
            }
        }
        return seen
    }

    /// Whether some part could not be parsed (an analyser treats it as unknown).
    public var hasUnknown: Bool {
        var stack: [Expression] = [self]
        while let e = stack.popLast() {
            switch e {
            case .unknown: return true
            case .unary(_, let a): stack.append(a)
            case .binary(_, let a, let b): stack.append(a); stack.append(b)
            case .call(_, let arguments): stack.append(contentsOf: arguments)
            case .integer, .decimal, .string, .boolean, .variable, .visits: break
            }
        }
        return false
    }
}
