import Foundation

/// Synthetic branching stories of known shapes, for benchmarks and tests.
///
/// Every story is a pure function of its shape and seed: the same arguments give the
/// same passages in the same order on any machine (the generator carries its own
/// SplitMix64 and draws numbers only in source order), so `StoryJSONWriter` turns them
/// into the same bytes.
package enum StoryGenerator {
    /// A shape of story, with its size.
    package enum Shape: Sendable, Hashable {
        /// `n` sections in the proportions of real gamebooks, for every seed: the start
        /// reaches every section, no section is a trap, about 8% of sections are endings
        /// (and always the last three), 1–3 choices a section mostly forward (an
        /// exponential jump of mean 15) plus the link that makes each section reachable,
        /// and about 8% of the later choices link back up to 50 sections (escapable loops).
        case gamebook(Int)
        /// `layers` layers of `width` rooms after a start passage that offers every room
        /// of the first layer; each room has two choices to two different rooms of the
        /// next layer; the last layer is all endings. Acyclic; paths grow as ~2^layers.
        case lattice(width: Int, layers: Int)
        /// A binary "time cave" of depth `d`: 2^(d+1) − 1 passages, 2^d endings, no merges.
        case tree(depth: Int)
        /// `n` passages in one line (the deepest story of its size).
        case chain(Int)
        /// `n` diamonds in a row: p_i → a_i, b_i → p_{i+1}; 2^n paths to the one ending.
        case diamonds(Int)
        /// `gamebook n` with a few small variables, for the state search: three keys
        /// (false at first) that about 5% of the first choices give, a purse of coins
        /// that about 10% of the sections add one to, and conditions on about 15% of the
        /// other choices (`$key_a`, `not $key_b`, `$coins >= 2`, `$coins < 3`…). First
        /// choices stay unconditional, so the start still reaches every section.
        case keys(Int)

        /// The shape names the command line knows, with the numbers each takes.
        package static let names: [(name: String, arguments: [String])] = [
            ("gamebook", ["N"]), ("lattice", ["W", "L"]), ("tree", ["D"]), ("chain", ["N"]), ("diamonds", ["N"]),
            ("keys", ["N"]),
        ]

        /// The shape called `name` with `numbers`, or a message that says what is wrong.
        package static func parse(_ name: String, _ numbers: [Int]) -> Result<Shape, ShapeError> {
            guard let entry = names.first(where: { $0.name == name }) else {
                return .failure(
                    ShapeError("unknown shape '\(name)'; shapes: \(names.map(\.name).joined(separator: ", "))"))
            }
            guard numbers.count == entry.arguments.count else {
                return .failure(
                    ShapeError(
                        "shape '\(name)' takes \(entry.arguments.count) number(s) (\(entry.arguments.joined(separator: " "))), got \(numbers.count)"
                    ))
            }
            let shape: Shape =
                switch name {
                case "gamebook": .gamebook(numbers[0])
                case "lattice": .lattice(width: numbers[0], layers: numbers[1])
                case "tree": .tree(depth: numbers[0])
                case "chain": .chain(numbers[0])
                case "keys": .keys(numbers[0])
                default: .diamonds(numbers[0])
                }
            if let problem = shape.problem { return .failure(ShapeError(problem)) }
            return .success(shape)
        }

        /// Why the size cannot make a story, if it cannot.
        package var problem: String? {
            switch self {
            case .gamebook(let n) where n < 1 || n > 10_000_000: "gamebook N must be from 1 to 10000000"
            case .keys(let n) where n < 1 || n > 10_000_000: "keys N must be from 1 to 10000000"
            case .lattice(let w, let l)
            where w < 2 || l < 1 || w > 10_000_000 || l > 10_000_000 || w * l > 10_000_000:
                "lattice W L needs W ≥ 2, L ≥ 1 and W·L ≤ 10000000"
            case .tree(let d) where d < 0 || d > 22: "tree D must be from 0 to 22"
            case .chain(let n) where n < 1 || n > 10_000_000: "chain N must be from 1 to 10000000"
            case .diamonds(let n) where n < 0 || n > 3_000_000: "diamonds N must be from 0 to 3000000"
            default: nil
            }
        }

        var title: String {
            switch self {
            case .gamebook(let n): "gamebook-\(n)"
            case .lattice(let w, let l): "lattice-\(w)x\(l)"
            case .tree(let d): "tree-\(d)"
            case .chain(let n): "chain-\(n)"
            case .diamonds(let n): "diamonds-\(n)"
            case .keys(let n): "keys-\(n)"
            }
        }
    }

    package struct ShapeError: Error, Sendable, CustomStringConvertible {
        package var description: String
        init(_ description: String) { self.description = description }
    }

    /// The story of `shape` for `seed`. Ids are `p0`, `p1`… (`l3_7` for room 7 of layer
    /// 3 of a lattice, `a4`/`b4` for the sides of diamond 4); the start is the first
    /// passage. The shape must have no `problem`.
    ///
    /// - Complexity: O(P + C) for P passages and C choices.
    package static func story(_ shape: Shape, seed: UInt64 = 1) -> Story {
        precondition(shape.problem == nil, shape.problem ?? "")
        var random = SplitMix64(seed: seed)
        let passages: [Passage] =
            switch shape {
            case .gamebook(let n): gamebook(n, &random)
            case .lattice(let w, let l): lattice(w, l, &random)
            case .tree(let d): tree(d)
            case .chain(let n): chain(n)
            case .diamonds(let n): diamonds(n)
            case .keys(let n): keys(gamebook(n, &random), &random)
            }
        var story = Story(title: shape.title, start: passages[0].id, passages: passages, format: "story-json")
        if case .keys = shape {
            story.variables =
                ["key_a", "key_b", "key_c"].map { Variable(name: $0, initial: .boolean(false)) }
                + [Variable(name: "coins", initial: .integer(0))]
        }
        return story
    }

    /// The gamebook's sections with `keys`' variables (see `Shape.keys`), drawn after the
    /// gamebook's own numbers in a fixed order per choice.
    private static func keys(_ sections: [Passage], _ random: inout SplitMix64) -> [Passage] {
        let keys = ["key_a", "key_b", "key_c"]
        let tests: [(String, Expression)] = [
            ("$key_a", .variable("key_a")), ("$key_b", .variable("key_b")), ("$key_c", .variable("key_c")),
            ("not $key_a", .unary(.not, .variable("key_a"))), ("not $key_b", .unary(.not, .variable("key_b"))),
            ("$coins >= 2", .binary(.greaterOrEqual, .variable("coins"), .integer(2))),
            ("$coins < 3", .binary(.less, .variable("coins"), .integer(3))),
            (
                "$key_a and $coins >= 1",
                .binary(.and, .variable("key_a"), .binary(.greaterOrEqual, .variable("coins"), .integer(1)))
            ),
        ]
        var passages = sections
        for i in passages.indices {
            let earns = random.unit() < 0.10
            if earns && passages[i].ending == nil {
                passages[i].effects = [
                    Effect(variable: "coins", operation: .add, value: .integer(1), text: "$coins += 1")
                ]
            }
            for j in passages[i].choices.indices {
                let draw = random.unit()
                let pick = random.below(8)
                if j == 0 {
                    if draw < 0.05 {
                        let key = keys[pick % 3]
                        passages[i].choices[j].effects = [
                            Effect(variable: key, value: .boolean(true), text: "$\(key) = true")
                        ]
                    }
                } else if draw < 0.15 {
                    passages[i].choices[j].condition = .test(tests[pick].0, tests[pick].1)
                }
            }
        }
        return passages
    }

    private static func ending(_ id: String, _ text: String) -> Passage {
        Passage(id: id, text: text, ending: Passage.Ending())
    }

    /// A gamebook in the proportions of real ones: the start reaches every section (each
    /// section's first choice leads on to the next section no earlier choice leads to, and
    /// a section left unlinked after a run of endings gets a choice from the nearest open
    /// section before it), every section that is not an ending has a forward choice (so
    /// following forward choices always reaches an ending: no traps), about 8% of sections
    /// are endings (and the last three), 1–3 choices a section (mean about 2), and about 8%
    /// of the later choices link back up to 50 sections (loops a reader can leave).
    private static func gamebook(_ n: Int, _ random: inout SplitMix64) -> [Passage] {
        var passages: [Passage] = []
        passages.reserveCapacity(n)
        var linked = [Bool](repeating: false, count: n)
        linked[0] = true
        var nextUnlinked = 1
        for i in 0..<n {
            // Draw in a fixed order, so the stream of numbers does not depend on branches.
            let endsHere = random.unit() < 0.08
            let count = [1, 2, 2, 3][random.below(4)]
            // A one-section book is its own ending (its choices could only loop back to it).
            if (i > 0 || n == 1) && (endsHere || i >= n - 3) {
                passages.append(ending("p\(i)", "Section \(i)."))
                continue
            }
            while nextUnlinked < n && linked[nextUnlinked] { nextUnlinked += 1 }
            var choices: [Choice] = []
            for j in 0..<count {
                let target: Int
                let back = random.unit() < 0.08
                let jump = Int(-log(1 - random.unit()) * 15)
                if j == 0 && nextUnlinked > i && nextUnlinked < n {
                    target = nextUnlinked
                } else if j > 0 && back && i > 5 {
                    let low = max(0, i - 50)
                    target = low + random.below(i - low)
                } else {
                    target = min(n - 1, i + 1 + jump)
                }
                // Only a forward link makes a section reachable for sure (a back-link
                // may come from a section that is itself reached only through it).
                if target > i { linked[target] = true }
                choices.append(Choice(text: "Choice \(j + 1) of \(i)", target: "p\(target)"))
            }
            passages.append(Passage(id: "p\(i)", text: "Section \(i).", choices: choices))
        }
        // Sections no choice leads to (after a run of endings): one more choice from the
        // nearest earlier section that is not an ending.
        var lastOpen = 0
        for i in 1..<max(1, n) {
            if !linked[i] {
                passages[lastOpen].choices.append(
                    Choice(
                        text: "Choice \(passages[lastOpen].choices.count + 1) of \(lastOpen)", target: "p\(i)"))
                linked[i] = true
            }
            if passages[i].ending == nil { lastOpen = i }
        }
        return passages
    }

    private static func lattice(_ width: Int, _ layers: Int, _ random: inout SplitMix64) -> [Passage] {
        var passages = [
            Passage(
                id: "p0", text: "Start.",
                choices: (0..<width).map { Choice(text: "Go \($0)", target: "l0_\($0)") })
        ]
        passages.reserveCapacity(1 + width * layers)
        for layer in 0..<layers {
            for room in 0..<width {
                let id = "l\(layer)_\(room)"
                let text = "Layer \(layer), room \(room)."
                if layer == layers - 1 {
                    passages.append(ending(id, text))
                    continue
                }
                let left = random.below(width)
                var right = random.below(width - 1)
                if right >= left { right += 1 }
                passages.append(
                    Passage(
                        id: id, text: text,
                        choices: [
                            Choice(text: "Left", target: "l\(layer + 1)_\(left)"),
                            Choice(text: "Right", target: "l\(layer + 1)_\(right)"),
                        ]))
            }
        }
        return passages
    }

    private static func tree(_ depth: Int) -> [Passage] {
        let count = (1 << (depth + 1)) - 1
        let firstLeaf = (1 << depth) - 1
        return (0..<count).map { i in
            if i >= firstLeaf { return ending("p\(i)", "Node \(i).") }
            return Passage(
                id: "p\(i)", text: "Node \(i).",
                choices: [
                    Choice(text: "Left", target: "p\(2 * i + 1)"),
                    Choice(text: "Right", target: "p\(2 * i + 2)"),
                ])
        }
    }

    private static func chain(_ n: Int) -> [Passage] {
        (0..<n).map { i in
            i == n - 1
                ? ending("p\(i)", "The end.")
                : Passage(id: "p\(i)", text: "Step \(i).", choices: [Choice(text: "Next", target: "p\(i + 1)")])
        }
    }

    private static func diamonds(_ n: Int) -> [Passage] {
        var passages: [Passage] = []
        passages.reserveCapacity(3 * n + 1)
        for i in 0..<n {
            passages.append(
                Passage(
                    id: "p\(i)", text: "Fork \(i).",
                    choices: [
                        Choice(text: "Up", target: "a\(i)"), Choice(text: "Down", target: "b\(i)"),
                    ]))
            for side in ["a", "b"] {
                passages.append(
                    Passage(
                        id: "\(side)\(i)", text: "Side \(side) of \(i).",
                        choices: [Choice(text: "On", target: "p\(i + 1)")]))
            }
        }
        passages.append(ending("p\(n)", "The end."))
        return passages
    }
}

/// The generator's draws, on the same SplitMix64 the fuzzer seeds its runs with.
extension SplitMix64 {
    /// A double in [0, 1) from the top 53 bits.
    fileprivate mutating func unit() -> Double { Double(next() >> 11) * 0x1.0p-53 }

    /// An integer in 0..<bound (bound > 0), by Lemire's method (`bounded`).
    fileprivate mutating func below(_ bound: Int) -> Int { Int(bounded(UInt64(bound))) }
}
