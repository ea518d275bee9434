/// A position in a run of Unicode scalars, for hand-written scanners (Twine markup, and
/// the ink, Yarn and ChoiceScript parsers to come). Every look past the current scalar is
/// charged to a budget: a scanner that keeps looking ahead for a closing bracket on
/// hostile input runs out of budget and gives up (`isExhausted`), so no scan costs more
/// than the budget it was given, however the text is nested.
package struct ScalarCursor: Sendable {
    package let scalars: [Unicode.Scalar]
    /// The offset of the current scalar (== `end` at the end).
    package private(set) var offset: Int
    package let end: Int
    /// Scalars that may still be inspected past the current one.
    package private(set) var budget: Int

    /// A cursor over `scalars[range]` (all of them by default) that may look ahead at most
    /// `budget` scalars in all (by default four times the length, at least 4,096).
    package init(_ scalars: [Unicode.Scalar], range: Range<Int>? = nil, budget: Int? = nil) {
        self.scalars = scalars
        let range = range ?? 0..<scalars.count
        self.offset = range.lowerBound
        self.end = range.upperBound
        self.budget = budget ?? max(4096, 4 * range.count)
    }

    package var isAtEnd: Bool { offset >= end }
    package var isExhausted: Bool { budget <= 0 }

    /// The current scalar, or `nil` at the end.
    package var current: Unicode.Scalar? { offset < end ? scalars[offset] : nil }

    /// The scalar `distance` ahead of the current one; costs `distance` from the budget.
    /// `nil` past the end or once the budget is spent.
    package mutating func peek(_ distance: Int = 1) -> Unicode.Scalar? {
        guard distance >= 0 else { return nil }
        budget -= distance
        guard budget >= 0, offset + distance < end else { return nil }
        return scalars[offset + distance]
    }

    /// Moves on by `count` scalars (never past the end). Moving is free: only looking
    /// ahead without moving costs budget.
    package mutating func advance(_ count: Int = 1) { offset = min(end, offset + max(0, count)) }

    /// Moves to `offset` (kept within the cursor's range), for a scanner that found a
    /// closing bracket ahead and goes past it. Free, as moving is.
    package mutating func move(to offset: Int) { self.offset = min(end, max(0, offset)) }

    /// Charges `steps` of look-ahead that a scanner did by its own search (over
    /// `scalars`, not through `peek`); false once the budget is spent.
    package mutating func charge(_ steps: Int) -> Bool {
        budget -= max(0, steps)
        return budget >= 0
    }

    /// Whether the text at the cursor starts with `literal`; costs its length when it does
    /// not match at the first scalar. Does not move.
    package mutating func looksAt(_ literal: String) -> Bool {
        var k = 0
        for scalar in literal.unicodeScalars {
            let here: Unicode.Scalar? = k == 0 ? current : peek(k)
            guard here == scalar else { return false }
            k += 1
        }
        return true
    }

    /// Moves past `literal` when the text at the cursor starts with it.
    package mutating func skip(_ literal: String) -> Bool {
        guard looksAt(literal) else { return false }
        advance(literal.unicodeScalars.count)
        return true
    }

    /// Moves past every scalar that satisfies `predicate`; returns the range passed.
    @discardableResult
    package mutating func scan(while predicate: (Unicode.Scalar) -> Bool) -> Range<Int> {
        let start = offset
        while offset < end, predicate(scalars[offset]) { offset += 1 }
        return start..<offset
    }

    /// The offset of the next `literal` at or after the cursor, without moving, charging
    /// every scalar inspected to the budget; `nil` when absent or the budget runs out.
    package mutating func find(_ literal: String) -> Int? {
        let needle = Array(literal.unicodeScalars)
        guard let first = needle.first else { return offset }
        var j = offset
        while j + needle.count <= end {
            budget -= 1
            if budget < 0 { return nil }
            if scalars[j] == first {
                var k = 1
                while k < needle.count, scalars[j + k] == needle[k] { k += 1 }
                if k == needle.count { return j }
            }
            j += 1
        }
        return nil
    }

    /// The text of `range`.
    package func text(_ range: Range<Int>) -> String { Self.string(scalars[range]) }

    /// The string of these scalars, written as UTF-8 in one pass (appending scalars one by
    /// one to a `String.UnicodeScalarView` costs several times more, and loaders make a
    /// string of most of what they read).
    package static func string<S: Collection>(_ scalars: S) -> String where S.Element == Unicode.Scalar {
        var length = 0
        for scalar in scalars { length += UTF8.width(scalar) }
        guard length > 0 else { return "" }
        return String(unsafeUninitializedCapacity: length) { buffer in
            var n = 0
            for scalar in scalars {
                if scalar.isASCII {
                    buffer[n] = UInt8(truncatingIfNeeded: scalar.value)
                    n += 1
                } else {
                    UTF8.encode(scalar) { byte in
                        buffer[n] = byte
                        n += 1
                    }
                }
            }
            return n
        }
    }
}
