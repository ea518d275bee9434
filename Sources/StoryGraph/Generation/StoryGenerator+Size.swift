/// How many bytes `StoryJSONWriter` writes for a shape, at least, computed from the shape
/// alone, so that `storygraph generate` can refuse a story above the input limit before it
/// builds one.
extension StoryGenerator.Shape {
    /// A lower bound of the JSON's size in bytes: every passage counted as its shortest
    /// line (an ending's, where the shape has endings) with its own index written in full.
    /// Within 5% of the real size for chains, trees and diamonds. The shape
    /// must have no `problem`.
    ///
    /// - Complexity: O(log n).
    package var minimumJSONBytes: Int {
        // Each count is a passage line without its numbers, `,\n` included; the frame is
        // `{"title":"","start":"p0","passages":[\n` and `\n]}\n` without the title, less the
        // last line's `,\n`.
        let frame = 38 + 4 - 2
        // {"id":"p#","text":"The end.","ending":true,"choices":[]}, (chains and diamonds)
        let theEnd = 57 + 1
        switch self {
        case .chain(let n):
            // {"id":"p#","text":"Step #.","choices":[{"text":"Next","to":"p#"}]},
            return frame + title.utf8.count + (n - 1) * 65 + 3 * Self.digitSum(below: n - 1) + theEnd
        case .tree(let depth):
            // {"id":"p#","text":"Node #.","choices":[{"text":"Left","to":"p#"},{"text":"Right","to":"p#"}]},
            // and the leaves, endings: {"id":"p#","text":"Node #.","ending":true,"choices":[]},
            let count = (1 << (depth + 1)) - 1
            let firstLeaf = (1 << depth) - 1
            let inner = Self.digitSum(below: firstLeaf)
            return frame + title.utf8.count + firstLeaf * 91 + 4 * inner
                + (count - firstLeaf) * 55 + 2 * (Self.digitSum(below: count) - inner)
        case .diamonds(let n):
            // {"id":"p#","text":"Fork #.","choices":[{"text":"Up","to":"a#"},{"text":"Down","to":"b#"}]},
            // and twice {"id":"a#","text":"Side a of #.","choices":[{"text":"On","to":"p#"}]},
            return frame + title.utf8.count + n * (88 + 2 * 68) + (4 + 2 * 3) * Self.digitSum(below: n) + theEnd
        case .lattice(let width, let layers):
            // An ending: {"id":"l#_#","text":"Layer #, room #.","ending":true,"choices":[]},
            let rooms = width * layers
            return frame + title.utf8.count + rooms * 64
                + 2 * (width * Self.digitSum(below: layers) + layers * Self.digitSum(below: width))
        case .gamebook(let n), .keys(let n):
            // An ending (a `keys` story adds variables, effects and conditions): {"id":"p#","text":"Section #.","ending":true,"choices":[]},
            return frame + title.utf8.count + n * 58 + 2 * Self.digitSum(below: n)
        }
    }

    /// The number of decimal digits written for 0, 1, …, n − 1.
    static func digitSum(below n: Int) -> Int {
        var total = 0
        var low = 0
        var high = 10
        var digits = 1
        while low < n {
            total += (min(n, high) - low) * digits
            low = high
            high = high.multipliedReportingOverflow(by: 10).overflow ? Int.max : high * 10
            digits += 1
        }
        return total
    }
}
