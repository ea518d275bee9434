/// Finds the bracket that closes one already opened, in source text read as Unicode
/// scalars: nested brackets of the same kind are counted, and quoted strings (with
/// backslash escapes inside them) are skipped, so `(print: "a)")` closes at its last
/// parenthesis. Where the run does not close, it says where: the bracket left open, or
/// the quote of a string that never ends, for a finding at that place.
package struct BalancedScanner: Sendable {
    package let open: Unicode.Scalar
    package let close: Unicode.Scalar
    /// The ASCII scalars that open (and close) a quoted string, as a bit set: one test
    /// per scalar, whatever the build.
    private let quotes: (low: UInt64, high: UInt64)
    /// Whether `'s` right after a name (Harlowe's possessive: `_s's name`) is no quote.
    package var possessive = false

    /// How a scan ended.
    package enum Outcome: Sendable, Equatable {
        /// The closing bracket's offset.
        case closed(at: Int)
        /// No closing bracket before the end: the offset of the opening bracket, or of
        /// the quote of a string still open there.
        case unbalanced(at: Int)

        /// The closing bracket's offset, nil when unbalanced.
        package var closedAt: Int? {
            if case .closed(let k) = self { return k }
            return nil
        }
    }

    /// A scanner for `open`…`close` that skips strings between any of `quotes` (ASCII).
    package init(open: Unicode.Scalar, close: Unicode.Scalar, quotes: [Unicode.Scalar] = ["\"", "'"]) {
        self.open = open
        self.close = close
        var bits: (low: UInt64, high: UInt64) = (0, 0)
        for q in quotes where q.isASCII {
            if q.value < 64 { bits.low |= 1 << q.value } else { bits.high |= 1 << (q.value - 64) }
        }
        self.quotes = bits
    }

    private func isQuote(_ c: Unicode.Scalar) -> Bool {
        let v = c.value
        if v < 64 { return quotes.low >> v & 1 == 1 }
        return v < 128 && quotes.high >> (v - 64) & 1 == 1
    }

    /// The `close` that balances the `open` just before `from`, looking no further than
    /// `end`.
    ///
    /// - Complexity: O(end − from) time, O(1) space.
    package func scan(_ s: [Unicode.Scalar], from: Int, end: Int) -> Outcome {
        var depth = 1
        var quote: Unicode.Scalar?
        var quoted = 0
        var k = from
        while k < end {
            let c = s[k]
            if let q = quote {
                if c == "\\" {
                    k += 2
                    continue
                }
                if c == q { quote = nil }
            } else if isQuote(c) {
                if possessive && c == "'" && Self.isPossessive(s, k, end) {
                    k += 1
                    continue
                }
                quote = c
                quoted = k
            } else if c == open {
                depth += 1
            } else if c == close {
                depth -= 1
                if depth == 0 { return .closed(at: k) }
            }
            k += 1
        }
        return .unbalanced(at: quote == nil ? from - 1 : quoted)
    }

    /// Whether the `'` at `k` is Harlowe's possessive: after a name, a closing bracket
    /// or a quote, and before `s` and a non-name scalar.
    static func isPossessive(_ s: [Unicode.Scalar], _ k: Int, _ end: Int) -> Bool {
        guard k > 0, k + 1 < end, s[k + 1] == "s" else { return false }
        let before = s[k - 1]
        guard before.properties.isAlphabetic || ("0"..."9").contains(before) || before == "_" || before == ")"
            || before == "\""
        else { return false }
        guard k + 2 < end else { return true }
        let after = s[k + 2]
        return !(after.properties.isAlphabetic || ("0"..."9").contains(after) || after == "_")
    }
}
