/// An expression of a story language (a condition, the value of an assignment), parsed
/// into a tree the analysers can evaluate. Each loader parses its own syntax (`$gold gte
/// 10`, `gold >= 10`, `strength %+ 20`) into these same cases; what it cannot read stays
/// as `.unknown` with its text, so nothing is ever dropped.
///
/// No expression is deeper than `maximumDepth`: every parser stops there (`.tooDeep`), so
/// the compiler's recursive equality, hashing, coding and freeing of the tree, and any code
/// that walks it, stay within a small stack however long a chain the story writes.
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
    /// Text deeper than `maximumDepth` (a chain of 100,000 `+`, brackets inside brackets),
    /// kept as written and read as unknown; loading reports it where it is.
    case tooDeep(String)

    /// The deepest expression a parser builds: levels of operators, brackets and prefixes
    /// (`a + b + c` is 3 deep, `((a))` 3, `not not a` 3). Past it the whole expression is
    /// `.tooDeep`. Every story language's parser uses this one bound.
    public static let maximumDepth = 100

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

    /// `parts` joined by `and` as a balanced tree, so that the thousand tests of a long
    /// `elseif` chain make an expression about 10 deep, not 1,000; nil for no parts.
    /// (`and` is associative in the three-valued logic the analysers use.)
    ///
    /// - Complexity: O(n).
    public static func conjunction(_ parts: [Expression]) -> Expression? {
        var level = parts
        while level.count > 1 {
            var next: [Expression] = []
            next.reserveCapacity((level.count + 1) / 2)
            for i in stride(from: 0, to: level.count, by: 2) {
                next.append(i + 1 < level.count ? .binary(.and, level[i], level[i + 1]) : level[i])
            }
            level = next
        }
        return level.first
    }

    /// The variables this expression reads, in first-use order.
    ///
    /// - Complexity: O(size of the expression).
    public var variables: [String] {
        var seen: [String] = []
        var isSeen: Set<String> = []
        var stack: [Expression] = [self]
        while let e = stack.popLast() {
            switch e {
            case .variable(let name): if isSeen.insert(name).inserted { seen.append(name) }
            case .unary(_, let a): stack.append(a)
            case .binary(_, let a, let b):
                stack.append(b)
                stack.append(a)
            case .call(_, let arguments): stack.append(contentsOf: arguments.reversed())
            case .integer, .decimal, .string, .boolean, .visits, .unknown, .tooDeep: break
            }
        }
        return seen
    }

    /// The depth of the tree (a leaf is 1), or `limit + 1` as soon as it is deeper than
    /// `limit`.
    ///
    /// - Complexity: O(size of the expression), iterative.
    public func depth(upTo limit: Int) -> Int {
        var deepest = 0
        var stack: [(Expression, Int)] = [(self, 1)]
        while let (e, level) = stack.popLast() {
            deepest = max(deepest, level)
            if deepest > limit { return limit + 1 }
            switch e {
            case .unary(_, let a): stack.append((a, level + 1))
            case .binary(_, let a, let b):
                stack.append((a, level + 1))
                stack.append((b, level + 1))
            case .call(_, let arguments): stack.append(contentsOf: arguments.map { ($0, level + 1) })
            case .integer, .decimal, .string, .boolean, .variable, .visits, .unknown, .tooDeep: break
            }
        }
        return deepest
    }

    /// Whether its value is the same in every state: it reads no variable, no visit count
    /// and calls no function.
    ///
    /// - Complexity: O(size of the expression), iterative.
    public var isConstant: Bool {
        var stack: [Expression] = [self]
        while let e = stack.popLast() {
            switch e {
            case .variable, .visits, .call: return false
            case .unary(_, let a): stack.append(a)
            case .binary(_, let a, let b):
                stack.append(a)
                stack.append(b)
            case .integer, .decimal, .string, .boolean, .unknown, .tooDeep: break
            }
        }
        return true
    }

    /// Whether some part is `.tooDeep`.
    ///
    /// - Complexity: O(size of the expression), iterative.
    public var isTooDeep: Bool {
        var stack: [Expression] = [self]
        while let e = stack.popLast() {
            switch e {
            case .tooDeep: return true
            case .unary(_, let a): stack.append(a)
            case .binary(_, let a, let b):
                stack.append(a)
                stack.append(b)
            case .call(_, let arguments): stack.append(contentsOf: arguments)
            case .integer, .decimal, .string, .boolean, .variable, .visits, .unknown: break
            }
        }
        return false
    }

    /// Whether some part could not be parsed (an analyser treats it as unknown).
    public var hasUnknown: Bool {
        var stack: [Expression] = [self]
        while let e = stack.popLast() {
            switch e {
            case .unknown, .tooDeep: return true
            case .unary(_, let a): stack.append(a)
            case .binary(_, let a, let b):
                stack.append(a)
                stack.append(b)
            case .call(_, let arguments): stack.append(contentsOf: arguments)
            case .integer, .decimal, .string, .boolean, .variable, .visits: break
            }
        }
        return false
    }
}
