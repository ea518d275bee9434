/// "Did you mean …?": the known name a mistyped one was meant to be. The one helper every
/// suggestion uses: a broken link's finding, a command-line passage, ending, subcommand,
/// option or value, a missing file beside a near name.
///
/// The rule, in order:
/// 1. a name equal to the typed one but for case (`hallway` → `Hallway`);
/// 2. the name closest by edit distance, counting insertions, deletions, substitutions and
///    swaps of neighbours as 1 each (optimal string alignment, the restricted
///    Damerau–Levenshtein distance: Damerau 1964), compared without case, within one edit
///    per three letters typed (and at least one);
/// 3. a name the typed one begins, when at least two letters are typed (`max-t` →
///    `max-text`).
/// Ties go to the smaller distance with case counted, then to the name that sorts first,
/// so the answer never depends on the order of the names. A name equal to the typed one is
/// never suggested.
package enum Suggestion {
    /// The closest of `names` to `typed`, when it is close enough to be a typo.
    /// - Complexity: O(n) comparisons for n names, each bounded (see `Names`).
    package static func closest(to typed: String, among names: some Sequence<String>) -> String? {
        Names(names).closest(to: typed)
    }

    /// "; did you mean 'x'?" or nothing; `prefix` is written before the name (`--`).
    package static func phrase(for typed: String, among names: some Sequence<String>, prefix: String = "") -> String {
        phrase(closest(to: typed, among: names), prefix: prefix)
    }

    /// "; did you mean 'x'?" for a name already found, or nothing.
    package static func phrase(_ suggestion: String?, prefix: String = "") -> String {
        suggestion.map { "; did you mean '\(prefix)\($0)'?" } ?? ""
    }

    /// The most edits allowed between a typed name of `length` letters and a suggestion:
    /// one per three letters, and at least one.
    package static func allowedEdits(forLength length: Int) -> Int { max(1, length / 3) }

    /// Names longer than this (in Unicode scalars) are compared by case only: it bounds the
    /// work of one comparison.
    package static let longestCompared = 128

    /// The optimal-string-alignment distance between `a` and `b`.
    /// - Complexity: O(|a| × |b|) time, O(|b|) memory (three rows).
    package static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a.unicodeScalars)
        let b = Array(b.unicodeScalars)
        return distance(a, b, atMost: max(a.count, b.count)) ?? max(a.count, b.count)
    }

    /// A list of names prepared once to answer many "did you mean" questions (each broken
    /// link of a story, say): the names folded to lower case and a coarse letter count of
    /// each, kept so that most comparisons end before any alignment.
    package struct Names: Sendable {
        private let names: [String]
        private let folded: [[Unicode.Scalar]]
        /// Per name, how many of its scalars fall in each of 32 buckets (by scalar value):
        /// the bag distance of two such counts is at most their edit distance, since an
        /// edit changes at most one count up and one down.
        private let buckets: [SIMD32<UInt8>]
        /// Folded name → the indices of the names that fold to it.
        private let byFolded: [String: [Int]]
        /// Folded length → the indices of the names of that length, in name order: a
        /// lookup looks only at lengths within its allowed edits.
        private let byLength: [Int: [Int]]

        package init(_ names: some Sequence<String>) {
            // Sorted and unique, so that ties go to the name that sorts first.
            let names = Array(Set(names)).sorted()
            self.names = names
            var folded: [[Unicode.Scalar]] = []
            var buckets: [SIMD32<UInt8>] = []
            var byFolded: [String: [Int]] = [:]
            var byLength: [Int: [Int]] = [:]
            folded.reserveCapacity(names.count)
            buckets.reserveCapacity(names.count)
            for (i, name) in names.enumerated() {
                let lower = name.lowercased()
                byFolded[lower, default: []].append(i)
                let scalars = Array(lower.unicodeScalars)
                folded.append(scalars)
                buckets.append(Self.bucketCounts(scalars))
                byLength[scalars.count, default: []].append(i)
            }
            self.byLength = byLength
            self.folded = folded
            self.buckets = buckets
            self.byFolded = byFolded
        }

        /// The name `typed` was meant to be, or nil (the rule above).
        /// - Complexity: O(n) for n names: each of a length within the allowed edits is
        ///   first bounded by its length and a 32-lane
        ///   letter count, and aligned (O(L × k) for names of at most `longestCompared`
        ///   scalars and k allowed edits) only while its bound is within the best distance
        ///   found, nearest bounds first.
        package func closest(to typed: String) -> String? {
            var unlimited = Int.max
            return closest(to: typed, budget: &unlimited)
        }

        /// `closest(to:)` within a budget shared by many lookups (the broken links of one
        /// story): each name weighed takes one from `budget`, and once it is spent only
        /// names equal but for case are suggested, so that a story with a hundred thousand
        /// broken links among a hundred thousand passages still loads in linear time.
        /// Lookups made in the same order spend the same budget: the answers are the same
        /// on every run.
        package func closest(to typed: String, budget: inout Int) -> String? {
            let lower = typed.lowercased()
            if let same = byFolded[lower]?.filter({ names[$0] != typed }), !same.isEmpty {
                return same.map { (names[$0], Suggestion.editDistance(typed, names[$0])) }
                    .min { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }?.0
            }
            let t = Array(lower.unicodeScalars)
            if !t.isEmpty, t.count <= Suggestion.longestCompared, budget > 0 {
                let counts = Self.bucketCounts(t)
                var limit = Suggestion.allowedEdits(forLength: t.count)
                // The names each cheap lower bound allows, by that bound: aligned nearest
                // first, so that once a name at distance d is found, names whose bound
                // exceeds d are never aligned.
                var byBound = [[Int]](repeating: [], count: limit + 1)
                for length in max(0, t.count - limit)...(t.count + limit) {
                    let lengths = abs(length - t.count)
                    for i in byLength[length] ?? [] {
                        budget -= 1
                        if budget < 0 { return nil }
                        let bound = max(lengths, Self.bagDistance(counts, buckets[i]))
                        if bound <= limit { byBound[bound].append(i) }
                    }
                }
                var best: [Int] = []
                for bound in byBound.indices where bound <= limit {
                    for i in byBound[bound] where names[i] != typed {
                        guard let d = Suggestion.distance(t, folded[i], atMost: limit) else { continue }
                        if d < limit {
                            // A closer name: only names as close as it can still tie.
                            best = []
                            limit = d
                        }
                        best.append(i)
                    }
                }
                if !best.isEmpty {
                    // Equal without case: the one nearest with case, then the first in order.
                    return best.map { (names[$0], Suggestion.editDistance(typed, names[$0])) }
                        .min { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }?.0
                }
            }
            guard t.count >= 2 else { return nil }
            budget -= names.count
            if budget < 0 { return nil }
            return names.indices.first { folded[$0].count > t.count && folded[$0].starts(with: t) }.map { names[$0] }
        }

        static func bucketCounts(_ scalars: [Unicode.Scalar]) -> SIMD32<UInt8> {
            var counts = SIMD32<UInt8>()
            for s in scalars {
                let b = Int(s.value & 31)
                if counts[b] < .max { counts[b] += 1 }
            }
            return counts
        }

        /// max(letters of `a` not in `b`, letters of `b` not in `a`), by bucket.
        static func bagDistance(_ a: SIMD32<UInt8>, _ b: SIMD32<UInt8>) -> Int {
            let more = (a &- b).replacing(with: 0, where: a .< b)
            let fewer = (b &- a).replacing(with: 0, where: b .< a)
            return max(more.wrappedSum16, fewer.wrappedSum16)
        }
    }

    /// The optimal-string-alignment distance between `a` and `b` when it is at most `limit`,
    /// else nil: only the cells within `limit` of the diagonal are filled (Ukkonen 1985),
    /// and the search stops once a whole row exceeds `limit`.
    /// - Complexity: O(min(|a|, |b|) × limit) time, O(|b|) memory.
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], atMost limit: Int) -> Int? {
        guard abs(a.count - b.count) <= limit else { return nil }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        let big = limit + 1
        var before = [Int](repeating: big, count: b.count + 1)
        var previous = (0...b.count).map { min($0, big) }
        var current = [Int](repeating: big, count: b.count + 1)
        for i in 1...a.count {
            let low = max(1, i - limit)
            let high = min(b.count, i + limit)
            current[0] = i <= limit ? i : big
            if low > 1 { current[low - 1] = big }
            var rowMinimum = current[0]
            if low <= high {
                for j in low...high {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    var cell = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                        cell = min(cell, before[j - 2] + 1)
                    }
                    current[j] = min(cell, big)
                    rowMinimum = min(rowMinimum, current[j])
                }
            }
            if high < b.count { current[high + 1] = big }
            if rowMinimum > limit { return nil }
            (before, previous, current) = (previous, current, before)
        }
        let d = previous[b.count]
        return d <= limit ? d : nil
    }
}

extension SIMD32<UInt8> {
    /// The sum of the lanes, without overflow.
    fileprivate var wrappedSum16: Int {
        var total = 0
        for i in indices { total += Int(self[i]) }
        return total
    }
}
