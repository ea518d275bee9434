import StoryGraph

/// Forward searches for a few fixed literals in one text, each remembering its last answer
/// so that a scanner asking again from a later offset never rescans: the next `]]` after
/// offset q is the one found after p ≤ q when q has not passed it, and a literal absent
/// after p is absent after every q ≥ p.
///
/// - Complexity: O(n · m) in all for a text of n scalars and m literals, however many
///   searches a scanner makes (each scalar is looked at once per literal).
struct MemoizedFind {
    private let s: [Unicode.Scalar]
    /// Per literal: the offset the last search started from and what it found.
    private var memo: [String: (from: Int, found: Int?)] = [:]

    init(_ s: [Unicode.Scalar]) { self.s = s }

    /// The offset of the first `literal` at or after `start`, or `nil`.
    mutating func find(_ literal: String, from start: Int) -> Int? {
        if let last = memo[literal], last.from <= start {
            guard let found = last.found else { return nil }
            if found >= start { return found }
        }
        let n = Array(literal.unicodeScalars)
        var j = start
        var found: Int?
        while j + n.count <= s.count {
            if s[j] == n[0], s[j..<(j + n.count)].elementsEqual(n) {
                found = j
                break
            }
            j += 1
        }
        memo[literal] = (start, found)
        return found
    }
}
