/// How many words a playthrough shows: the story's words, the expected words of a run
/// for a reader who picks uniformly at random (structurally, and under state when the
/// state search explored every state), and per ending the fewest and most words on a
/// path to it.
///
/// The words of a passage are those of its reader's text (`Passage.shownText`: the
/// loaders leave out markup, macros, code and comments), counted as runs of characters
/// other than white space, plus the words of the passages it shows by inclusion (each
/// once). Choice labels written apart from the text (an ink or ChoiceScript option, a
/// gamebook choice) are not counted; a Twine link is part of the text, so its label is.
package struct PlaythroughLength: Sendable, Hashable {
    /// An expected number of words, or why there is none.
    package enum Expectation: Sendable, Hashable {
        /// The expected words per run.
        case words(Double)
        /// A reader never stops with this probability (a trap): a run may not end, so
        /// the expected words of a playthrough are infinite or undefined.
        case neverEnds(Double)
        /// The solve did not finish: the odds solve's or the state search's budget.
        case unknown(String)

        /// The expected words, when known.
        package var words: Double? {
            if case .words(let w) = self { return w }
            return nil
        }
    }

    /// The words on the paths to one ending.
    package struct EndingWords: Sendable, Hashable {
        /// The ending passage.
        package var passage: Int
        /// The fewest words on a path from the start to it (its passages' words, the
        /// start's and the ending's included).
        package var fewest: Int
        /// The most words on a path to it; nil when a loop with words can be repeated
        /// on the way (a walk then shows as many words as the reader likes).
        package var most: Int?
    }

    /// The words each passage shows (its own and those it includes), by passage index.
    package let passageWords: [Int]
    /// The words of every passage of the story, reachable or not (each passage once,
    /// inclusions not added again).
    package let totalWords: Int
    /// Uniform reader, choices as the map has them (no conditions).
    package let expected: Expectation
    /// Uniform reader among the choices shown in each state; nil without a state search.
    package let expectedUnderState: Expectation?
    /// The reachable endings in the order of `EndingCatalogue`.
    package let endings: [EndingWords]

    /// The share of the story's words an average playthrough shows (the expected words
    /// over the total); nil when the expected words are unknown or the story has none.
    package var share: Double? {
        guard let words = expected.words, totalWords > 0 else { return nil }
        return words / Double(totalWords)
    }

    /// The words of one passage's reader text.
    package static func words(_ passage: Passage) -> Int { StructureFigures.wordCount(passage.shownText) }

    /// Expected words are `Σ expected visits × words` over the odds' expected visits
    /// (one linear solve of the absorbing chain, `EndingOdds`; Kemeny & Snell 1960), so
    /// they are exact wherever the odds are. Fewest words: Dijkstra (1959) over the
    /// passages with each passage's words as the cost of entering it. Most words: a
    /// dynamic program over the condensation in topological order; a looping component
    /// with words on the way makes the most unbounded, one without words adds nothing.
    ///
    /// - Complexity: O((V + E) log V) for the fewest words, O(V + E) for the rest, on
    ///   top of the odds given.
    package init(
        _ graph: StoryGraph, odds: EndingOdds, components: StronglyConnectedComponents, endings: EndingCatalogue,
        state: StateOutcomes? = nil
    ) {
        let p = graph.passageCount
        let (own, shown) = Self.passageWords(graph)
        passageWords = shown
        totalWords = own.reduce(0, +)
        (expected, expectedUnderState) = Self.expectedWords(
            graph, shownWords: shown, odds: odds, components: components, state: state)

        // Per node (copies of a callee's passages included).
        let n = graph.count
        let nodeWords = (0..<n).map { shown[graph.passageOf[$0]] }
        let fewest = Self.fewestWords(graph, nodeWords: nodeWords)
        let (most, unbounded) = Self.mostWords(graph, nodeWords: nodeWords, components: components)
        var perPassage = [EndingWords?](repeating: nil, count: p)
        for v in 0..<n where graph.isEnding[v] && fewest[v] >= 0 {
            let passage = graph.passageOf[v]
            let mostHere = unbounded[v] ? nil : most[v]
            if var known = perPassage[passage] {
                known.fewest = min(known.fewest, fewest[v])
                known.most = known.most.flatMap { a in mostHere.map { max(a, $0) } }
                perPassage[passage] = known
            } else {
                perPassage[passage] = EndingWords(passage: passage, fewest: fewest[v], most: mostHere)
            }
        }
        self.endings = endings.entries.compactMap { perPassage[$0.passage] }
    }

    /// Each passage's own words, and the words it shows (its own and those it includes),
    /// by passage index.
    static func passageWords(_ graph: StoryGraph) -> (own: [Int], shown: [Int]) {
        let p = graph.passageCount
        var own = [Int](repeating: 0, count: p)
        for v in 0..<p { own[v] = Self.words(graph.story.passages[v]) }
        var shown = own
        for v in 0..<p where v + 1 < graph.shownOffsets.count {
            for i in graph.shownOffsets[v]..<graph.shownOffsets[v + 1] { shown[v] += own[graph.shownPassages[i]] }
        }
        return (own, shown)
    }

    /// The expected words per run, as the map has the choices and (with `state`) among
    /// the choices shown in each state, without the per-ending figures: what a
    /// `words_per_playthrough` expectation needs.
    package static func expectedWords(
        _ graph: StoryGraph, odds: EndingOdds, components: StronglyConnectedComponents, state: StateOutcomes?
    ) -> (structural: Expectation, underState: Expectation?) {
        expectedWords(graph, shownWords: passageWords(graph).shown, odds: odds, components: components, state: state)
    }

    private static func expectedWords(
        _ graph: StoryGraph, shownWords shown: [Int], odds: EndingOdds, components: StronglyConnectedComponents,
        state: StateOutcomes?
    ) -> (structural: Expectation, underState: Expectation?) {
        let budgetReason = "not solved within the budget; a larger --budget lifts it"
        let structural =
            remembersChoices(graph, components: components)
            ? Expectation.unknown(
                "once-only or fallback choices a reader can meet again: what is offered depends on what was taken")
            : odds.pastCutCall > 0
            ? Expectation.unknown(
                "a reader may reach a return past a cut call, which the graph does not follow (see the call-depth findings)")
            : expectation(
                visits: odds.expectedVisits, words: shown, neverEnding: odds.neverEnding, converged: odds.converged,
                reason: budgetReason)
        let underState = state.map { state in
            guard let visits = state.expectedVisits, let never = state.neverEnding else {
                return Expectation.unknown("not computed: the state search did not prove it saw every state")
            }
            return expectation(
                visits: visits, words: shown, neverEnding: never, converged: state.oddsConverged, reason: budgetReason)
        }
        return (structural, underState)
    }

    /// Whether a reader's choices depend on what they took before in a way the map's
    /// chain cannot tell (as the fuzzer plays them, `PlayGraph.flags`): a fallback choice
    /// (taken only when nothing else is left), or a once-only choice that can be offered
    /// again (in a loop, or in a callee's body called from more than one place).
    ///
    /// - Complexity: O(V + E).
    static func remembersChoices(_ graph: StoryGraph, components: StronglyConnectedComponents) -> Bool {
        var copies = [Int](repeating: 0, count: graph.passageCount)
        for v in 0..<graph.count { copies[graph.passageOf[v]] += 1 }
        for v in 0..<graph.count {
            let looping = components.isCyclic[components.componentOf[v]]
            for e in graph.edges(from: v) {
                let ref = graph.edgeRefs[e]
                let choice = graph.story.passages[ref.passage].choices[ref.choice]
                if choice.isFallback || (choice.isOnceOnly && (looping || copies[ref.passage] > 1)) { return true }
            }
        }
        return false
    }

    private static func expectation(
        visits: [Double], words: [Int], neverEnding: Double, converged: Bool, reason: String
    ) -> Expectation {
        if neverEnding > 0 { return .neverEnds(neverEnding) }
        if !converged { return .unknown(reason) }
        var total = 0.0
        for (v, count) in visits.enumerated() where count > 0 { total += count * Double(words[v]) }
        return .words(total)
    }

    /// The fewest words on a way from the start to each node (-1: none), the start's
    /// own words included; endings pass nothing on.
    ///
    /// - Complexity: O((V + E) log V) (Dijkstra 1959, with a binary heap).
    static func fewestWords(_ graph: StoryGraph, nodeWords: [Int]) -> [Int] {
        var best = [Int](repeating: -1, count: graph.count)
        var done = [Bool](repeating: false, count: graph.count)
        var heap = MinHeap()
        best[graph.start] = nodeWords[graph.start]
        heap.push(best[graph.start], graph.start)
        while let (cost, v) = heap.pop() {
            if done[v] || cost != best[v] { continue }
            done[v] = true
            if graph.isEnding[v] { continue }
            for w in graph.successors(of: v) {
                let next = cost + nodeWords[w]
                if best[w] < 0 || next < best[w] {
                    best[w] = next
                    heap.push(next, w)
                }
            }
        }
        return best
    }

    /// The most words on a path from the start to each node, and whether a loop with
    /// words can be repeated on a way there (then the figure is only a lower bound, and
    /// not reported).
    ///
    /// - Complexity: O(V + E): components in topological order (they are numbered in
    ///   reverse topological order).
    static func mostWords(
        _ graph: StoryGraph, nodeWords: [Int], components: StronglyConnectedComponents
    ) -> (most: [Int], unbounded: [Bool]) {
        let n = graph.count
        // The most words arriving at each node from outside its component (-1: none).
        var arriving = [Int](repeating: -1, count: n)
        var arrivingUnbounded = [Bool](repeating: false, count: n)
        var most = [Int](repeating: -1, count: n)
        var unbounded = [Bool](repeating: false, count: n)
        arriving[graph.start] = 0
        for c in stride(from: components.count - 1, through: 0, by: -1) {
            let members = components.members[c]
            if components.isCyclic[c] {
                // Inside a loop every member reaches every other: the best way in serves
                // them all, and a loop with words can add as many as the reader likes.
                var entry = -1
                var entryUnbounded = false
                var loopWords = 0
                for v in members {
                    entry = max(entry, arriving[v])
                    entryUnbounded = entryUnbounded || arriving[v] >= 0 && arrivingUnbounded[v]
                    loopWords += nodeWords[v]
                }
                guard entry >= 0 else { continue }
                for v in members {
                    most[v] = entry + (loopWords > 0 ? nodeWords[v] : 0)
                    unbounded[v] = entryUnbounded || loopWords > 0
                }
            } else {
                let v = members[0]
                guard arriving[v] >= 0 else { continue }
                most[v] = arriving[v] + nodeWords[v]
                unbounded[v] = arrivingUnbounded[v]
            }
            for v in members where !graph.isEnding[v] {
                for w in graph.successors(of: v) where components.componentOf[w] != c {
                    if most[v] > arriving[w] { arriving[w] = most[v] }
                    arrivingUnbounded[w] = arrivingUnbounded[w] || unbounded[v]
                }
            }
        }
        return (most, unbounded)
    }
}

/// A binary min-heap of (cost, node) pairs, ties broken by the node, for Dijkstra.
struct MinHeap {
    private var items: [(cost: Int, node: Int)] = []

    private static func less(_ a: (cost: Int, node: Int), _ b: (cost: Int, node: Int)) -> Bool {
        a.cost != b.cost ? a.cost < b.cost : a.node < b.node
    }

    mutating func push(_ cost: Int, _ node: Int) {
        items.append((cost, node))
        var i = items.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            guard Self.less(items[i], items[parent]) else { break }
            items.swapAt(i, parent)
            i = parent
        }
    }

    mutating func pop() -> (Int, Int)? {
        guard let top = items.first else { return nil }
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            var i = 0
            while true {
                let l = 2 * i + 1
                let r = l + 1
                var smallest = i
                if l < items.count && Self.less(items[l], items[smallest]) { smallest = l }
                if r < items.count && Self.less(items[r], items[smallest]) { smallest = r }
                if smallest == i { break }
                items.swapAt(i, smallest)
                i = smallest
            }
        }
        return (top.cost, top.node)
    }
}
