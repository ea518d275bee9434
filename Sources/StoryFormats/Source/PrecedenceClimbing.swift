import StoryGraph

/// One infix operator of a story language's expressions: how it is written, how tightly it
/// binds, and the node it builds from its two sides.
package struct InfixOperator: Sendable, Hashable {
    /// The node an operator builds.
    package enum Node: Sendable, Hashable {
        /// `a op b`.
        case binary(Expression.BinaryOperator)
        /// `not (a op b)`: ink's `hasnt`, two levels of tree.
        case negated(Expression.BinaryOperator)
        /// A call of the two sides: ChoiceScript's `&` (`concat`) and `#` (`char_at`), ink's `^`.
        case call(String)
    }

    package let spelling: String
    /// Higher binds tighter; 1 is the loosest.
    package let precedence: Int
    package let node: Node
    /// Whether `a op b op c` reads (left to right); false for an operator that takes one
    /// pair only (ChoiceScript's comparisons), where the second is left unread.
    package let chains: Bool

    /// The levels of tree the node adds above its sides.
    package var levels: Int {
        if case .negated = node { return 2 }
        return 1
    }

    /// The node over `a` and `b`.
    package func build(_ a: Expression, _ b: Expression) -> Expression {
        switch node {
        case .binary(let op): .binary(op, a, b)
        case .negated(let op): .unary(.not, .binary(op, a, b))
        case .call(let name): .call(name, [a, b])
        }
    }
}

/// A language's infix operators by precedence: a list of levels, loosest first (level
/// `k` binds with precedence `k + 1`), each a list of spellings and their nodes.
package struct OperatorTable: Sendable {
    /// Every operator, in the order the levels list them (a scanner that matches by
    /// prefix lists `<=` before `<`).
    package let operators: [InfixOperator]
    private let bySpelling: [String: InfixOperator]

    /// One level of the table: its operators, and whether they chain.
    package struct Level: Sendable {
        let operators: [(String, InfixOperator.Node)]
        let chains: Bool

        package init(_ operators: KeyValuePairs<String, InfixOperator.Node>, chains: Bool = true) {
            self.operators = operators.map { ($0.key, $0.value) }
            self.chains = chains
        }
    }

    package init(_ levels: [Level]) {
        var operators: [InfixOperator] = []
        for (k, level) in levels.enumerated() {
            for (spelling, node) in level.operators {
                operators.append(InfixOperator(spelling: spelling, precedence: k + 1, node: node, chains: level.chains))
            }
        }
        self.operators = operators
        self.bySpelling = Dictionary(operators.map { ($0.spelling, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The operator written `spelling`, if the language has one.
    package subscript(spelling: String) -> InfixOperator? { bySpelling[spelling] }
}

/// An expression parser that reads chains of infix operators by precedence climbing
/// (Clarke 1986, "The top-down parsing of expressions"; Richards' BCPL compiler) over its
/// `OperatorTable`. The parser supplies the operand reader (prefixes, primaries,
/// brackets) and the operator scanner; the climb builds left-associative trees and keeps
/// the one bound every format applies: a tree deeper than `Expression.maximumDepth` (a
/// chain of 100,000 `and` is 100,000 deep) fails the expression as too deep, so hostile
/// input overflows neither the parser's stack nor the stack of code that walks the tree.
///
/// `Input` is what the parser reads from when it is not the parser's own state (ink's
/// parsers pass their cursor); `Void` otherwise.
package protocol PrecedenceClimbing {
    associatedtype Input = Void

    /// The language's operators.
    static var operators: OperatorTable { get }

    /// An operand: prefix operators and a primary; nil when none reads.
    mutating func operand(_ input: inout Input) -> Expression?

    /// The infix operator at the input, moved past when `accepts` takes it; nil (not
    /// moved past) when there is none or it is not taken.
    mutating func infixOperator(_ input: inout Input, accepting accepts: (InfixOperator) -> Bool) -> InfixOperator?

    /// The depth of the tree of the operand (or right side) just read; by default
    /// measured (up to the bound).
    mutating func height(of operand: Expression) -> Int

    /// Records the depth of the tree a climb returns (for a parser that keeps track of
    /// what it built rather than measuring it); by default nothing.
    mutating func record(height: Int)

    /// Fails the whole expression: its tree passes `Expression.maximumDepth`.
    mutating func givingUpTooDeep()

    /// What a climb returns when the operand after `op` does not read; nil by default
    /// (the expression does not read). The climb stops there.
    mutating func missingOperand(after op: InfixOperator) -> Expression?
}

extension PrecedenceClimbing {
    package mutating func height(of operand: Expression) -> Int { operand.depth(upTo: Expression.maximumDepth) }
    package mutating func record(height: Int) {}
    package mutating func missingOperand(after op: InfixOperator) -> Expression? { nil }

    /// An operand and the chain of operators binding tighter than `minimum` after it (all
    /// of them with `minimum` 0); nil when an operand does not read or the tree passes
    /// `Expression.maximumDepth` (after `givingUpTooDeep`).
    ///
    /// - Complexity: O(length of the chain): each operand is measured once, and the
    ///   recursion is as deep as the table has levels.
    package mutating func climb(_ input: inout Input, above minimum: Int) -> Expression? {
        guard var left = operand(&input) else { return nil }
        // Measured at the first operator only: an operand alone is returned as read.
        var height: Int?
        // After an operator that takes one pair, the next one of its level is left
        // unread, here and by every climb this one is the right side of.
        var ceiling = Int.max
        while let op = infixOperator(&input, accepting: { $0.precedence > minimum && $0.precedence < ceiling }) {
            let before = height ?? self.height(of: left)
            guard let right = climb(&input, above: op.precedence) else { return missingOperand(after: op) }
            let grown = max(before, self.height(of: right)) + op.levels
            guard grown <= Expression.maximumDepth else {
                givingUpTooDeep()
                return nil
            }
            height = grown
            left = op.build(left, right)
            ceiling = op.chains ? op.precedence + 1 : op.precedence
        }
        if let height { record(height: height) }
        return left
    }
}

extension PrecedenceClimbing where Input == Void {
    /// `climb(_:above:)` for a parser that reads from its own state.
    package mutating func climb(above minimum: Int) -> Expression? {
        var input: Void = ()
        return climb(&input, above: minimum)
    }
}
