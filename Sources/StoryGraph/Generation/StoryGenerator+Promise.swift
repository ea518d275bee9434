import Foundation

/// What each generated shape promises of every story it makes, for every seed: the figures
/// `StoryFigures` measures on the story fall in these ranges (the tests check it over many
/// seeds and sizes; the benchmark checks its cases the same way before it times them).
extension StoryGenerator.Shape {
    package struct Promise: Sendable, Hashable {
        package var passages: Int
        /// Passages the start reaches.
        package var reachable: ClosedRange<Int>
        package var endings: ClosedRange<Int>
        /// Strongly connected components with a cycle.
        package var loops: ClosedRange<Int>
        /// Mean step choices per passage that is not an ending (`StoryFigures.meanBranching`).
        package var branching: ClosedRange<Double>
        /// No generated shape has a trap: every reachable passage can still reach an ending.
        package var trapped: Int { 0 }

        /// What `figures` break of the promise, in words (empty when it holds).
        package func broken(by figures: StoryFigures) -> [String] {
            var broken: [String] = []
            func check<T: Comparable>(_ name: String, _ value: T, _ range: ClosedRange<T>) {
                if !range.contains(value) { broken.append("\(name) \(value), promised \(range)") }
            }
            check("passages", figures.passages, passages...passages)
            check("reachable", figures.reachable, reachable)
            check("endings", figures.endings, endings)
            check("loops", figures.loops, loops)
            check("branching", figures.meanBranching, branching)
            check("trapped", figures.trapped, trapped...trapped)
            return broken
        }
    }

    /// The promise of this shape and size. The gamebook is modelled on the 16 real gamebook
    /// files of the loader trial (Documentation/trials/gamebook-realworld.md): 428 sections,
    /// 803 options (1.88 a section), 36 reachable endings (8.4%). It makes ~8% endings
    /// (and the last three), ~2 choices a section, and from 1,000 sections on at least one
    /// loop per 400 sections; its ending range is the mean ± 5 standard deviations of the
    /// 8% draw. A book under 20 sections may give one section all the links that reach the
    /// last three (up to n + 2 choices a section). The lattice's start reaches at least the first layer and two rooms of every
    /// later one, and on a wide lattice about 80% of the rooms (each layer's reached share
    /// settles at the root of s = 1 − e^(−2s), 79.7%).
    ///
    /// - Complexity: O(1).
    package var promise: Promise {
        func exactly(_ value: Double) -> ClosedRange<Double> { value...value }
        func mean(_ choices: Int, over open: Int) -> Double { open <= 0 ? 0 : Double(choices) / Double(open) }
        switch self {
        // `keys` is the same gamebook (the same draws) with variables on top: the same graph.
        case .gamebook(let n), .keys(let n):
            if n == 1 {
                return Promise(passages: 1, reachable: 1...1, endings: 1...1, loops: 0...0, branching: exactly(0))
            }
            let spread = 5 * (Double(n) * 0.08 * 0.92).squareRoot()
            let low = max(1, Int((0.08 * Double(n) - spread).rounded(.down)))
            let high = min(n - 1, 3 + Int((0.08 * Double(n) + spread).rounded(.up)))
            return Promise(
                passages: n, reachable: n...n, endings: low...high,
                loops: n >= 1_000 ? (n / 400)...n : 0...n,
                branching: n >= 1_000 ? 1.9...2.3 : n >= 100 ? 1.7...2.5 : n >= 20 ? 1.0...4.0 : 1.0...Double(n + 2))
        case .lattice(let w, let l):
            return Promise(
                passages: 1 + w * l, reachable: (1 + w + 2 * (l - 1))...(1 + w * l), endings: w...w, loops: 0...0,
                branching: exactly(mean(w + 2 * w * (l - 1), over: 1 + w * (l - 1))))
        case .tree(let d):
            let count = (1 << (d + 1)) - 1
            return Promise(
                passages: count, reachable: count...count, endings: (1 << d)...(1 << d), loops: 0...0,
                branching: exactly(d == 0 ? 0 : 2))
        case .chain(let n):
            return Promise(
                passages: n, reachable: n...n, endings: 1...1, loops: 0...0, branching: exactly(n == 1 ? 0 : 1))
        case .diamonds(let n):
            return Promise(
                passages: 3 * n + 1, reachable: (3 * n + 1)...(3 * n + 1), endings: 1...1, loops: 0...0,
                branching: exactly(mean(4 * n, over: 3 * n)))
        }
    }
}
