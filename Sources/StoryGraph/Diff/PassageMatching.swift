/// Which passage of one version of a story is which passage of the other: the same id
/// first, then, among the passages left on each side, the pairs whose texts share enough
/// of their words (a rename).
package struct PassageMatching: Sendable, Hashable {
    /// A passage whose id changed, found by its text.
    package struct Rename: Sendable, Hashable {
        package var old: String
        package var new: String
        /// The Dice coefficient of the two texts' words (see `similarity`).
        package var similarity: Double
    }

    /// The least similarity of a rename: at least 60% of the two texts' words in common.
    package static let defaultThreshold = 0.6
    /// At most this many (removed × added) pairs are compared; past it no rename is sought
    /// (every unmatched passage stays added or removed) and `renameSearchComplete` is false.
    package static let pairLimit = 1_000_000

    /// Passage index in the old story → its index in the new one (`nil`: removed).
    package let newIndex: [Int?]
    /// Passage index in the new story → its index in the old one (`nil`: added).
    package let oldIndex: [Int?]
    /// Renames in the new story's source order.
    package let renames: [Rename]
    package let threshold: Double
    /// The (removed × added) pairs: their texts were compared when `renameSearchComplete`.
    package let candidatePairs: Int
    /// False when there were more candidate pairs than `pairLimit`.
    package let renameSearchComplete: Bool

    /// Matches passages by id, then the rest by text: every (removed, added) pair whose
    /// similarity is at least `threshold` is a candidate; candidates are taken greedily,
    /// the most similar first, ties broken by the old passage's source order and then the
    /// new one's, each passage in at most one pair. A text with no words matches nothing.
    ///
    /// - Complexity: O(V + W log W) for the ids and words (W words in all), plus
    ///   O(r · a · w) for r removed and a added passages of w words each (at most
    ///   `pairLimit` pairs) and O(c log c) to sort the c candidates.
    package init(old: Story, new: Story, threshold: Double = Self.defaultThreshold) {
        self.threshold = threshold
        var newIndex = [Int?](repeating: nil, count: old.passages.count)
        var oldIndex = [Int?](repeating: nil, count: new.passages.count)
        var newByID: [String: Int] = [:]
        for (i, passage) in new.passages.enumerated() where newByID[passage.id] == nil { newByID[passage.id] = i }
        for (i, passage) in old.passages.enumerated() {
            if let j = newByID[passage.id], oldIndex[j] == nil {
                newIndex[i] = j
                oldIndex[j] = i
            }
        }
        let removed = old.passages.indices.filter { newIndex[$0] == nil }
        let added = new.passages.indices.filter { oldIndex[$0] == nil }
        var renames: [Rename] = []
        candidatePairs = removed.count * added.count
        renameSearchComplete = candidatePairs <= Self.pairLimit
        if renameSearchComplete && candidatePairs > 0 {
            var vocabulary: [Substring: Int] = [:]
            let oldWords = removed.map { Self.words(old.passages[$0].text, &vocabulary) }
            let newWords = added.map { Self.words(new.passages[$0].text, &vocabulary) }
            var candidates: [(similarity: Double, removed: Int, added: Int)] = []
            for (r, a) in oldWords.enumerated() {
                for (k, b) in newWords.enumerated() {
                    let similarity = Self.similarity(a, b)
                    if similarity >= threshold { candidates.append((similarity, r, k)) }
                }
            }
            candidates.sort { x, y in
                x.similarity != y.similarity ? x.similarity > y.similarity : (x.removed, x.added) < (y.removed, y.added)
            }
            var taken: [(Int, Int, Double)] = []
            for candidate in candidates {
                let i = removed[candidate.removed]
                let j = added[candidate.added]
                guard newIndex[i] == nil, oldIndex[j] == nil else { continue }
                newIndex[i] = j
                oldIndex[j] = i
                taken.append((i, j, candidate.similarity))
            }
            renames = taken.sorted { $0.1 < $1.1 }.map {
                Rename(old: old.passages[$0.0].id, new: new.passages[$0.1].id, similarity: $0.2)
            }
        }
        self.newIndex = newIndex
        self.oldIndex = oldIndex
        self.renames = renames
    }

    /// The words of a text, lowercased (runs of letters and digits), as sorted ids.
    static func words(_ text: String, _ vocabulary: inout [Substring: Int]) -> [Int] {
        let lowered = text.lowercased()
        var ids: [Int] = []
        for word in lowered.split(whereSeparator: { !($0.isLetter || $0.isNumber) }) {
            if let id = vocabulary[word] {
                ids.append(id)
            } else {
                ids.append(vocabulary.count)
                vocabulary[word] = vocabulary.count
            }
        }
        return ids.sorted()
    }

    /// The Dice coefficient of two multisets of words, 2·|A ∩ B| / (|A| + |B|): 1 for the
    /// same words in any order, 0 when none is shared or either has none.
    ///
    /// - Complexity: O(|A| + |B|), a merge of the two sorted lists.
    static func similarity(_ a: [Int], _ b: [Int]) -> Double {
        guard !a.isEmpty, !b.isEmpty else { return 0 }
        var i = 0
        var j = 0
        var common = 0
        while i < a.count && j < b.count {
            if a[i] == b[j] {
                common += 1
                i += 1
                j += 1
            } else if a[i] < b[j] {
                i += 1
            } else {
                j += 1
            }
        }
        return Double(2 * common) / Double(a.count + b.count)
    }

    /// The word similarity of two texts, as the matching measures it.
    package static func similarity(_ a: String, _ b: String) -> Double {
        var vocabulary: [Substring: Int] = [:]
        return similarity(words(a, &vocabulary), words(b, &vocabulary))
    }
}
