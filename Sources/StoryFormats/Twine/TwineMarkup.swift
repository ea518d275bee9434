import StoryGraph


/// Small scans shared by the link scanner and the readable-text view of Twine markup.
enum TwineMarkup {
    /// The offset of the `close` that balances an `open` just before `from`, counting
    /// nesting and skipping quoted strings (with backslash escapes); `nil` when none
    /// comes before `end`.
    ///
    /// - Complexity: O(end − from).
    static func balancingClose(
        in s: [Unicode.Scalar], open: Unicode.Scalar, close: Unicode.Scalar, from: Int, end: Int
    ) -> Int? {
        var depth = 1
        var quote: Unicode.Scalar?
        var k = from
        while k < end {
            let c = s[k]
            if let q = quote {
                if c == "\\" { k += 2; continue }
                if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == open {
                depth += 1
            } else if c == close {
                depth -= 1
                if depth == 0 { return k }
            }
            k += 1
        }
        return nil
    }
}
