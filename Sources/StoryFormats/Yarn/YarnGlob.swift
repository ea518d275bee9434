/// A `.yarnproject` file pattern (`sourceFiles`, `excludeFiles`), matched against a path
/// relative to the project's folder, `/` between folders:
/// - `*` any run of characters within one folder or file name (no `/`);
/// - `**` any run of characters, `/` included; `**/` any run of whole folders, none too
///   (`**/*.yarn` matches `a.yarn` and `x/y/a.yarn`);
/// - `?` one character other than `/`;
/// - `[abc]`, `[a-z]`, `[!a-z]` or `[^a-z]` one character of (or not of) the set, never
///   `/`; a `[` with no `]` after it is itself;
/// - anything else itself; a leading `./` is dropped.
///
/// Matching runs the pattern as a set of positions over the path, one Unicode scalar at a
/// time (Thompson's simulation of the pattern's automaton), so no input backtracks.
///
/// - Complexity: O(p · n) for a pattern of p tokens and a path of n characters.
struct YarnGlob {
    private enum Token: Equatable {
        case character(Unicode.Scalar)
        case any
        case set([ClosedRange<Unicode.Scalar>], negated: Bool)
        /// `*`: any run without `/`.
        case star
        /// `**`: any run.
        case anyRun
        /// Matches nothing, and may skip the next `count - 1` tokens: `**/` is this, `**`,
        /// then `/` (an optional run of whole folders).
        case optional(count: Int)
    }

    private let tokens: [Token]

    init(_ pattern: String) {
        var characters = Array((pattern.hasPrefix("./") ? pattern.dropFirst(2) : Substring(pattern)).unicodeScalars)
        var tokens: [Token] = []
        var i = 0
        characters.append("\0") // a sentinel, never read as part of the pattern
        let end = characters.count - 1
        while i < end {
            let c = characters[i]
            switch c {
            case "*":
                var j = i
                while j < end, characters[j] == "*" { j += 1 }
                if j - i == 1 {
                    tokens.append(.star)
                    i = j
                } else if characters[j] == "/" {
                    // `**/` (or `***/`…): any run of whole folders, none too.
                    tokens += [.optional(count: 3), .anyRun, .character("/")]
                    i = j + 1
                } else {
                    tokens.append(.anyRun)
                    i = j
                }
            case "?":
                tokens.append(.any)
                i += 1
            case "[":
                if let (set, next) = Self.set(characters, from: i, end: end) {
                    tokens.append(set)
                    i = next
                } else {
                    tokens.append(.character("["))
                    i += 1
                }
            default:
                tokens.append(.character(c))
                i += 1
            }
        }
        self.tokens = tokens
    }

    /// The set starting at `characters[start]` (`[`) and the index after its `]`.
    private static func set(_ characters: [Unicode.Scalar], from start: Int, end: Int) -> (Token, Int)? {
        var i = start + 1
        var negated = false
        if i < end, characters[i] == "!" || characters[i] == "^" {
            negated = true
            i += 1
        }
        var ranges: [ClosedRange<Unicode.Scalar>] = []
        var first = true
        while i < end {
            let c = characters[i]
            if c == "]" && !first { return (.set(ranges, negated: negated), i + 1) }
            first = false
            if i + 2 < end, characters[i + 1] == "-", characters[i + 2] != "]", c <= characters[i + 2] {
                ranges.append(c...characters[i + 2])
                i += 3
            } else {
                ranges.append(c...c)
                i += 1
            }
        }
        return nil
    }

    /// Whether the whole of `path` matches.
    func matches(_ path: String) -> Bool {
        let count = tokens.count
        // `states[k]`: the pattern has matched up to token k; marks avoid a set.
        var current: [Int] = []
        var next: [Int] = []
        var mark = [Int](repeating: -1, count: count + 1)
        var generation = 0
        var pending: [Int] = []
        func add(_ k: Int, to list: inout [Int]) {
            // Each position once per step, with those reached from it by matching nothing.
            pending.append(k)
            while let k = pending.popLast() {
                guard mark[k] != generation else { continue }
                mark[k] = generation
                list.append(k)
                guard k < count else { continue }
                switch tokens[k] {
                case .star, .anyRun: pending.append(k + 1)
                case .optional(let skipped): pending += [k + 1, k + skipped]
                default: break
                }
            }
        }
        add(0, to: &current)
        for c in path.unicodeScalars {
            generation += 1
            next.removeAll(keepingCapacity: true)
            for k in current where k < count {
                switch tokens[k] {
                case .character(let expected):
                    if c == expected { add(k + 1, to: &next) }
                case .any:
                    if c != "/" { add(k + 1, to: &next) }
                case .set(let ranges, let negated):
                    if c != "/", ranges.contains(where: { $0.contains(c) }) != negated { add(k + 1, to: &next) }
                case .star:
                    if c != "/" { add(k, to: &next) }
                case .anyRun:
                    add(k, to: &next)
                case .optional:
                    break
                }
            }
            if next.isEmpty { return false }
            swap(&current, &next)
        }
        return current.contains(count)
    }
}
