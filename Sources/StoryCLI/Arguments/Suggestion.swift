/// "Did you mean …?" for a mistyped subcommand, option or value: the known name closest
/// by edit distance (insertions, deletions, substitutions and swaps of neighbours, each
/// costing 1; Damerau 1964, optimal string alignment), or one the typed name begins.
public enum Suggestion {
    /// The closest of `names` to `typed`, when it is close enough to be a typo: one edit
    /// per three letters typed, and at least one.
    public static func closest(to typed: String, among names: [String]) -> String? {
        let allowed = max(1, typed.count / 3)
        var best: (name: String, distance: Int)?
        for name in names.sorted() {
            let distance = editDistance(typed.lowercased(), name.lowercased())
            if distance <= allowed, distance < best?.distance ?? Int.max { best = (name, distance) }
        }
        if let best { return best.name }
        guard typed.count >= 2 else { return nil }
        return names.sorted().first { $0.hasPrefix(typed) }
    }

    /// "; did you mean 'x'?" or nothing; `prefix` is written before the name (`--`).
    public static func phrase(for typed: String, among names: [String], prefix: String = "") -> String {
        closest(to: typed, among: names).map { "; did you mean '\(prefix)\($0)'?" } ?? ""
    }

    /// The optimal-string-alignment distance between `a` and `b`.
    /// - Complexity: O(|a| × |b|) time, O(|b|) memory (three rows).
    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
