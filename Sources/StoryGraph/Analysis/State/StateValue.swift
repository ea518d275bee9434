/// A value a story variable holds while the state search plays the story: what an
/// `Expression` evaluates to. Integers and decimals are one kind (`Double`, exact for
/// integers up to 2^53), as in the story languages that tell them apart only when
/// printing.
package enum StateValue: Sendable, Hashable, CustomStringConvertible {
    case number(Double)
    /// A whole number of a language that keeps integers apart from decimals
    /// (`Arithmetic.integer`, ink); equal in comparisons to the decimal of the same value.
    case integer(Int)
    case string(String)
    case boolean(Bool)
    /// The longest string a value holds, in UTF-8 bytes: a longer one (a literal, or a
    /// join of two strings) is unknown, in the state search and in play alike, so that a
    /// story that doubles a string in a loop cannot make one state (or one reader)
    /// explode; unknown, never a shortened and so wrong value.
    package static let maxStringBytes = 4_096

    /// A variable the story reads before giving it a value (no initial value, not set
    /// yet). It is false, equal only to itself, and no comparison with it holds.
    case unset

    /// The truth of the value as a condition: a number other than 0, a non-empty string,
    /// `true`; never `unset`.
    package var isTruthy: Bool {
        switch self {
        case .number(let n): return n != 0
        case .integer(let n): return n != 0
        case .string(let s): return !s.isEmpty
        case .boolean(let b): return b
        case .unset: return false
        }
    }

    /// The value as a number, where it is one (a boolean counts as 0 or 1).
    var number: Double? {
        switch self {
        case .number(let n): return n
        case .integer(let n): return Double(n)
        case .boolean(let b): return b ? 1 : 0
        case .string, .unset: return nil
        }
    }

    /// The value as an operand of arithmetic: a number, never a boolean or a string.
    var arithmeticValue: Double? {
        switch self {
        case .number(let n): return n
        case .integer(let n): return Double(n)
        case .string, .boolean, .unset: return nil
        }
    }

    /// As the story would print it: `10`, `2.5`, `"key"`, `true`, `unset`.
    package var description: String {
        switch self {
        case .number(let n):
            if n == n.rounded(), abs(n) < 1e15 { return String(Int64(n)) }
            return String(n)
        case .integer(let n): return String(n)
        case .string(let s): return "\"" + s + "\""
        case .boolean(let b): return b ? "true" : "false"
        case .unset: return "unset"
        }
    }
}

/// Three-valued truth: what a condition is on one state when part of it is not
/// understood (a call, text the loader could not parse, a comparison of unlike values).
package enum Truth: Sendable, Hashable {
    case no, yes, unknown

    init(_ value: StateValue?) {
        guard let value else {
            self = .unknown
            return
        }
        self = value.isTruthy ? .yes : .no
    }
}
