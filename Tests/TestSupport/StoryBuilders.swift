import StoryGraph

/// Stories written for the tests, built in code (no loader reads them): adjacency lists,
/// chains, diamonds, lattices, pseudo-random graphs, and the small shapes of the analysis
/// tests (Destini's, the Adventure piece's, a story that never ends).
package enum Fixture {
    /// The analysis of a story built in code, with no budget unless one is given.
    package static func analysis(_ graph: StoryGraph, budget: AnalysisBudget = .unlimited) -> StoryAnalysis {
        StoryAnalysis(graph, options: .init(budget: budget))
    }

    /// A story of passages `(id, text, choices)`, each choice `(text, target)`; a passage
    /// with `ending` set is an ending of that kind (`""`: an ending of no kind).
    package static func story(
        title: String = "t", start: String, format: String = "test",
        _ passages: [(id: String, choices: [(String, String)], ending: String?)]
    ) -> StoryGraph {
        StoryGraph(
            Story(
                title: title, start: start,
                passages: passages.map { passage in
                    Passage(
                        id: passage.id, text: "t", ending: passage.ending.map { .init(kind: $0.isEmpty ? nil : $0) },
                        choices: passage.choices.map { Choice(text: $0.0, target: $0.1) })
                }, format: format))
    }

    /// Destini's shape: 0 → 2 | 1, 1 → 2 | 3, 2 → 5 | 4; passages 3, 4 and 5 offer "The"
    /// and "End", each starting the story again.
    package static let destini: StoryGraph = {
        let restart = [
            Choice(text: "The", target: "", isRestart: true), Choice(text: "End", target: "", isRestart: true),
        ]
        let links = [["2", "1"], ["2", "3"], ["5", "4"]]
        let passages = (0..<6).map { i in
            Passage(
                id: String(i), text: "t",
                choices: i < 3 ? zip(["a", "b"], links[i]).map { Choice(text: $0, target: $1) } : restart)
        }
        return StoryGraph(Story(title: "t", start: "0", passages: passages, format: "test"))
    }()

    /// The Adventure piece's shape: a brief, a tower and a beach (whose two choices lead to
    /// one place), three endings of three kinds.
    package static let adventurePiece = story(
        start: "brief",
        [
            ("brief", [("Accept", "tower"), ("Vacation", "beach")], nil),
            ("tower", [("Cut Red", "saved"), ("Cut Blue", "boom")], nil),
            ("beach", [("Run", "retired"), ("Fight", "retired")], nil),
            ("saved", [], "good"),
            ("boom", [], "bad"),
            ("retired", [], "neutral"),
        ])

    /// a ⇄ b, a → c → a | b: a loop with no ending.
    package static let neverEnding = story(
        start: "a",
        [
            ("a", [("x", "b"), ("y", "c")], nil),
            ("b", [("x", "a")], nil),
            ("c", [("x", "a"), ("y", "b")], nil),
        ])

    /// A story from an adjacency list: passage `i` is `"p\(i)"`, passages without
    /// choices are endings, passage 0 is the start.
    package static func story(_ adjacency: [[Int]], text: String = "Text.") -> StoryGraph {
        let passages = adjacency.enumerated().map { i, targets in
            Passage(
                id: "p\(i)", text: text,
                choices: targets.enumerated().map { k, t in Choice(text: "c\(k)", target: "p\(t)") })
        }
        return StoryGraph(Story(title: "t", start: "p0", passages: passages, format: "test"))
    }

    /// p_i offers a_i and b_i, both leading to p_i+1; p_n is the ending.
    package static func diamonds(_ n: Int) -> StoryGraph {
        var passages: [Passage] = []
        for i in 0..<n {
            passages.append(
                Passage(
                    id: "p\(i)", text: "t",
                    choices: [Choice(text: "a", target: "a\(i)"), Choice(text: "b", target: "b\(i)")]))
            passages.append(Passage(id: "a\(i)", text: "t", choices: [Choice(text: "on", target: "p\(i + 1)")]))
            passages.append(Passage(id: "b\(i)", text: "t", choices: [Choice(text: "on", target: "p\(i + 1)")]))
        }
        passages.append(Passage(id: "p\(n)", text: "t", ending: .init()))
        return StoryGraph(Story(title: "diamonds", start: "p0", passages: passages, format: "test"))
    }

    /// A start offering 3 rooms, then `layers` layers of width 3 with 2 choices each to
    /// the next layer (uneven in-degrees, so the count is no plain power); the last
    /// layer ends. Returns the graph and the next-layer rooms of each room.
    package static let latticeRooms = [[0, 1], [0, 1], [0, 2]]

    package static func lattice(layers: Int) -> StoryGraph {
        var passages = [
            Passage(id: "start", text: "t", choices: (0..<3).map { Choice(text: "go \($0)", target: "l0_\($0)") })
        ]
        for l in 0..<layers {
            for j in 0..<3 {
                let choices =
                    l == layers - 1 ? [] : latticeRooms[j].map { Choice(text: "to \($0)", target: "l\(l + 1)_\($0)") }
                passages.append(Passage(id: "l\(l)_\(j)", text: "t", choices: choices))
            }
        }
        return StoryGraph(Story(title: "lattice", start: "start", passages: passages, format: "test"))
    }

    package static func chain(_ n: Int) -> StoryGraph {
        var passages: [Passage] = []
        passages.reserveCapacity(n)
        for i in 0..<n {
            passages.append(
                Passage(id: "p\(i)", text: "t", choices: i == n - 1 ? [] : [Choice(text: "on", target: "p\(i + 1)")]))
        }
        return StoryGraph(Story(title: "chain", start: "p0", passages: passages, format: "test"))
    }

    /// A deterministic pseudo-random graph (a linear congruential generator), with
    /// back-links, self-loops and parallel choices.
    package static func random(seed: UInt64, passages n: Int) -> StoryGraph {
        var state = seed &* 6364136223846793005 &+ 1442695040888963407
        func next(_ bound: Int) -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int((state >> 33) % UInt64(bound))
        }
        let adjacency = (0..<n).map { v -> [Int] in
            if v > 0, next(4) == 0 { return [] }
            return (0..<(1 + next(3))).map { _ in next(n) }
        }
        return story(adjacency)
    }
}
