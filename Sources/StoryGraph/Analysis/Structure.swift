/// The size and shape of a story in figures.
package struct StructureFigures: Sendable, Hashable {
    package var passages: Int
    /// Every choice written in the story, restarts included.
    package var choices: Int
    /// Words of passage text (runs of non-whitespace).
    package var words: Int
    /// Passages that are endings (declared, or with no way on but restarts).
    package var endings: Int
    /// The mean number of choices a reader picks from at a passage that is not an ending
    /// (restarts and inclusions left out).
    package var meanChoices: Double
    /// Passages where paths merge: two or more path steps lead into them.
    package var merges: Int
    /// Passages whose choices (two or more) all lead to the same passage, in source order.
    package var falseChoices: [Int]
    /// The fewest choices from the start to an ending (`nil` when none is reachable).
    package var shortestPath: Int?
    /// The most choices on a path; a lower bound when the path count is.
    package var longestPath: Int?

    /// Counts in one pass over the passages and the adjacency.
    ///
    /// - Complexity: O(P + C + T) for P passages, C choices and T characters of text.
    package init(_ graph: StoryGraph, endings: EndingCatalogue) {
        let story = graph.story
        passages = graph.passageCount
        var choices = 0
        var words = 0
        var picked = 0
        var nonEndings = 0
        var merges = 0
        var falseChoices: [Int] = []
        for (v, passage) in story.passages.enumerated() {
            choices += passage.choices.count
            words += Self.wordCount(passage.text)
            if graph.reverseOffsets[v + 1] - graph.reverseOffsets[v] >= 2 { merges += 1 }
            if graph.isEnding[v] { continue }
            nonEndings += 1
            for choice in passage.choices where !choice.isRestart && choice.kind != .include { picked += 1 }
            if Self.isFalseChoice(passage, in: graph) { falseChoices.append(v) }
        }
        self.choices = choices
        self.words = words
        self.endings = graph.isEnding.prefix(graph.passageCount).reduce(0) { $0 + ($1 ? 1 : 0) }
        self.meanChoices = nonEndings == 0 ? 0 : Double(picked) / Double(nonEndings)
        self.merges = merges
        self.falseChoices = falseChoices
        // An ending no path reaches (-1) has no shortest or longest path.
        self.shortestPath = endings.entries.map(\.shortest).filter { $0 >= 0 }.min()
        self.longestPath = endings.entries.map(\.longest).filter { $0 >= 0 }.max()
    }

    /// Whether the passage offers two or more choices that all lead to one existing passage
    /// and all do the same to the story's variables: the reader's pick changes nothing. Choices that set
    /// different variables do make a difference, to what comes later.
    static func isFalseChoice(_ passage: Passage, in graph: StoryGraph) -> Bool {
        var target: String?
        var effects: EffectList?
        var count = 0
        for choice in passage.choices where !choice.isRestart && choice.kind != .include {
            if choice.kind == .dynamic { return false }
            if let target, target != choice.target { return false }
            // (Compared as lists, a shared run by its identity first: never copied.)
            if let effects, effects != choice.effectList { return false }
            target = choice.target
            effects = choice.effectList
            count += 1
        }
        guard count >= 2, let target else { return false }
        return graph.indexByID[target] != nil
    }

    /// The non-ending passages whose choices make no difference, in source order.
    static func falseChoicePassages(_ graph: StoryGraph) -> [Int] {
        (0..<graph.passageCount).filter { !graph.isEnding[$0] && isFalseChoice(graph.passage($0), in: graph) }
    }

    static func wordCount(_ text: String) -> Int {
        var count = 0
        var inWord = false
        for byte in text.utf8 {
            let space = byte == 32 || (byte >= 9 && byte <= 13)
            if !space && !inWord { count += 1 }
            inWord = !space
        }
        return count
    }
}
