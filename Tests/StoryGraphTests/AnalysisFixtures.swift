import Testing
@testable import StoryGraph
import StoryFormats

/// Stories written for the analysis tests, built in code or from small JSON texts.
enum Fixture {
    static func graph(_ json: String) throws -> StoryGraph {
        StoryGraph(try load(json).story)
    }

    static func load(_ json: String) throws -> LoadResult {
        try StoryLoading.load(sources: [SourceText(path: "t.json", text: json)])
    }

    static func analysis(_ json: String, budget: AnalysisBudget = .unlimited) throws -> StoryAnalysis {
        let result = try load(json)
        return StoryAnalysis(StoryGraph(result.story), loadDiagnostics: result.diagnostics, options: .init(budget: budget))
    }

    /// A story from an adjacency list: passage `i` is `"p\(i)"`, passages without
    /// choices are endings, passage 0 is the start.
    static func story(_ adjacency: [[Int]], text: String = "Text.") -> StoryGraph {
        let passages = adjacency.enumerated().map { i, targets in
            Passage(id: "p\(i)", text: text, choices: targets.enumerated().map { k, t in Choice(text: "c\(k)", target: "p\(t)") })
        }
        return StoryGraph(Story(title: "t", start: "p0", passages: passages, format: "test"))
    }

    static let destini = """
        {"start": "0", "passages": [
          {"id": "0", "text": "t", "choices": [{"text": "a", "to": "2"}, {"text": "b", "to": "1"}]},
          {"id": "1", "text": "t", "choices": [{"text": "a", "to": "2"}, {"text": "b", "to": "3"}]},
          {"id": "2", "text": "t", "choices": [{"text": "a", "to": "5"}, {"text": "b", "to": "4"}]},
          {"id": "3", "text": "t", "choices": [{"text": "The", "restart": true}, {"text": "End", "restart": true}]},
          {"id": "4", "text": "t", "choices": [{"text": "The", "restart": true}, {"text": "End", "restart": true}]},
          {"id": "5", "text": "t", "choices": [{"text": "The", "restart": true}, {"text": "End", "restart": true}]}
        ]}
        """

    static let adventurePiece = """
        {"start": "brief", "passages": [
          {"id": "brief", "text": "t", "choices": [{"text": "Accept", "to": "tower"}, {"text": "Vacation", "to": "beach"}]},
          {"id": "tower", "text": "t", "choices": [{"text": "Cut Red", "to": "saved"}, {"text": "Cut Blue", "to": "boom"}]},
          {"id": "beach", "text": "t", "choices": [{"text": "Run", "to": "retired"}, {"text": "Fight", "to": "retired"}]},
          {"id": "saved", "text": "t", "ending": "good"},
          {"id": "boom", "text": "t", "ending": "bad"},
          {"id": "retired", "text": "t", "ending": "neutral"}
        ]}
        """

    static let neverEnding = """
        {"start": "a", "passages": [
          {"id": "a", "text": "t", "choices": [{"text": "x", "to": "b"}, {"text": "y", "to": "c"}]},
          {"id": "b", "text": "t", "choices": [{"text": "x", "to": "a"}]},
          {"id": "c", "text": "t", "choices": [{"text": "x", "to": "a"}, {"text": "y", "to": "b"}]}
        ]}
        """

    /// p_i offers a_i and b_i, both leading to p_i+1; p_n is the ending.
    static func diamonds(_ n: Int) -> StoryGraph {
        var passages: [Passage] = []
        for i in 0..<n {
            passages.append(Passage(id: "p\(i)", text: "t", choices: [Choice(text: "a", target: "a\(i)"), Choice(text: "b", target: "b\(i)")]))
            passages.append(Passage(id: "a\(i)", text: "t", choices: [Choice(text: "on", target: "p\(i + 1)")]))
            passages.append(Passage(id: "b\(i)", text: "t", choices: [Choice(text: "on", target: "p\(i + 1)")]))
        }
        passages.append(Passage(id: "p\(n)", text: "t", ending: .init()))
        return StoryGraph(Story(title: "diamonds", start: "p0", passages: passages, format: "test"))
    }

    /// A start offering 3 rooms, then `layers` layers of width 3 with 2 choices each to
    /// the next layer (uneven in-degrees, so the count is no plain power); the last
    /// layer ends. Returns the graph and the next-layer rooms of each room.
    static let latticeRooms = [[0, 1], [0, 1], [0, 2]]

    static func lattice(layers: Int) -> StoryGraph {
        var passages = [Passage(id: "start", text: "t", choices: (0..<3).map { Choice(text: "go \($0)", target: "l0_\($0)") })]
        for l in 0..<layers {
            for j in 0..<3 {
                let choices = l == layers - 1 ? [] : latticeRooms[j].map { Choice(text: "to \($0)", target: "l\(l + 1)_\($0)") }
                passages.append(Passage(id: "l\(l)_\(j)", text: "t", choices: choices))
            }
        }
        return StoryGraph(Story(title: "lattice", start: "start", passages: passages, format: "test"))
    }

    static func chain(_ n: Int) -> StoryGraph {
        var passages: [Passage] = []
        passages.reserveCapacity(n)
        for i in 0..<n {
            passages.append(Passage(id: "p\(i)", text: "t", choices: i == n - 1 ? [] : [Choice(text: "on", target: "p\(i + 1)")]))
        }
        return StoryGraph(Story(title: "chain", start: "p0", passages: passages, format: "test"))
    }

    /// A deterministic pseudo-random graph (a linear congruential generator), with
    /// back-links, self-loops and parallel choices.
    static func random(seed: UInt64, passages n: Int) -> StoryGraph {
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
