import TestSupport
import Testing

@testable import StoryGraph

@Suite struct AnalysisPathsTests {
    static func counts(_ graph: StoryGraph, budget: AnalysisBudget = .unlimited) -> PathCounts {
        PathCounts(
            graph, components: StronglyConnectedComponents(graph), reachability: Reachability(graph), budget: budget)
    }

    @Test func destiniShapeHasFivePathsAndThreeEndings() throws {
        let analysis = Fixture.analysis(Fixture.destini)
        let graph = analysis.graph
        #expect(analysis.paths.total == 5)
        #expect(analysis.paths.isExact)
        #expect(!analysis.paths.unboundedWalks)
        let entries = analysis.endings.entries
        #expect(entries.map { graph.ids[$0.passage] } == ["3", "4", "5"])
        #expect(entries.map(\.paths) == [1, 2, 2])
        #expect(entries.map(\.probability) == [0.25, 0.375, 0.375])
        #expect(entries.map(\.shortest) == [2, 2, 2])
        #expect(entries.map(\.longest) == [2, 3, 3])
        #expect(analysis.cycles.count == 0)
        #expect(analysis.cycles.loops.isEmpty)
        #expect(analysis.bottlenecks.passages == [graph.start])
        #expect(Array(PathEnumerator(graph)).count == 5)
    }

    @Test func adventurePieceShapeHasFourPathsThreeEndingsOneFalseChoice() throws {
        let analysis = Fixture.analysis(Fixture.adventurePiece)
        #expect(analysis.paths.total == 4)
        #expect(analysis.endings.entries.count == 3)
        #expect(analysis.endings.entries.map(\.paths) == [1, 1, 2])
        #expect(analysis.endings.entries.map(\.kind) == ["good", "bad", "neutral"])
        #expect(analysis.structure.falseChoices.map { analysis.graph.ids[$0] } == ["beach"])
        #expect(analysis.lint.findings.filter { $0.ruleID == "false-choice" }.count == 1)
    }

    @Test func fortyDiamondsHaveTwoToTheFortyPathsAndEveryJoinIsABottleneck() {
        let graph = Fixture.diamonds(40)
        let reachability = Reachability(graph)
        let counts = Self.counts(graph)
        #expect(counts.total == BigUInt.power(of: 2, 40))
        #expect(counts.total.description == "1099511627776")
        #expect(counts.longest[graph.indexByID["p40"]!] == 80)
        let bottlenecks = Bottlenecks(graph, reachability: reachability).passages
        #expect(bottlenecks == (0...40).map { graph.indexByID["p\($0)"]! })
        // The enumerator streams: the first paths come without holding 2^40 of them.
        let first = Array(PathEnumerator(graph).prefix(3))
        #expect(first.count == 3)
        #expect(first[0].length == 80)
        #expect(first[0].passages.last == graph.indexByID["p40"])
    }

    /// Counts are machine words until a sum overflows one; then the limbs count it all.
    /// Diamonds of 63, 64 and 65 joins: 2^63 fits, 2^64 is the first sum that does not.
    @Test(arguments: [(63, "9223372036854775808"), (64, "18446744073709551616"), (65, "36893488147419103232")])
    func countsAcrossTheMachineWordAreExact(joins: Int, expected: String) {
        let graph = Fixture.diamonds(joins)
        let counts = Self.counts(graph)
        let ending = graph.indexByID["p\(joins)"]!
        #expect(counts.total.description == expected)
        #expect(counts.perEnding[ending].description == expected)
        #expect(counts.longest[ending] == 2 * joins)
        #expect(counts.longest[graph.start] == -1)
        #expect(counts.isExact)
    }

    /// The count carries on in limbs from the passage whose sum overflowed a word, with
    /// the words summed before it: diamonds of 70 joins, each join also offering a way
    /// out to its own ending (2^i paths to the way out of join i), so endings are counted
    /// on both sides of the overflow (at join 64) and words feed limb sums.
    @Test func countsCarryOnInLimbsFromTheOverflowWithTheWordsBeforeIt() {
        let joins = 70
        var passages: [Passage] = []
        for i in 0..<joins {
            passages.append(
                Passage(
                    id: "p\(i)", text: "t",
                    choices: [
                        Choice(text: "a", target: "a\(i)"), Choice(text: "b", target: "b\(i)"),
                        Choice(text: "out", target: "out\(i)"),
                    ]))
            passages.append(Passage(id: "a\(i)", text: "t", choices: [Choice(text: "on", target: "p\(i + 1)")]))
            passages.append(Passage(id: "b\(i)", text: "t", choices: [Choice(text: "on", target: "p\(i + 1)")]))
            passages.append(Passage(id: "out\(i)", text: "t", ending: .init()))
        }
        passages.append(Passage(id: "p\(joins)", text: "t", ending: .init()))
        let graph = StoryGraph(Story(title: "diamonds with ways out", start: "p0", passages: passages, format: "test"))
        let counts = Self.counts(graph)
        #expect(counts.isExact)
        // 2^0 + … + 2^69 through the ways out, and 2^70 to the last join: 2^71 − 1.
        var totalPlusOne = counts.total
        totalPlusOne.add(1)
        #expect(totalPlusOne == BigUInt.power(of: 2, joins + 1))
        #expect(counts.total.description == "2361183241434822606847")
        for i in 0..<joins {
            let out = graph.indexByID["out\(i)"]!
            #expect(counts.perEnding[out] == BigUInt.power(of: 2, i), "out\(i)")
            #expect(counts.longest[out] == 2 * i + 1, "out\(i)")
        }
        let last = graph.indexByID["p\(joins)"]!
        #expect(counts.perEnding[last] == BigUInt.power(of: 2, joins))
        #expect(counts.longest[last] == 2 * joins)
    }

    @Test func advanceStopsAtTheSamePathsThatNextBuilds() {
        let graph = Fixture.diamonds(6)
        var built = PathEnumerator(graph).makeIterator()
        var counted = PathEnumerator(graph).makeIterator()
        var n = 0
        while counted.advance() {
            let path = built.next()
            #expect(path == counted.current)
            #expect(path?.length == counted.currentLength)
            n += 1
        }
        #expect(n == 64)
        let after = (built.next(), counted.advance())
        #expect(after.0 == nil)
        #expect(!after.1)
    }

    @Test func latticeOfWidthThreeAndThreeHundredLayersMatchesDecimalArithmetic() {
        let layers = 300
        let graph = Fixture.lattice(layers: layers)
        // Independent count: the same dynamic program on decimal digit strings.
        var ways = ["1", "1", "1"]
        for _ in 1..<layers {
            var next = ["0", "0", "0"]
            for j in 0..<3 { for t in Fixture.latticeRooms[j] { next[t] = decimalSum(next[t], ways[j]) } }
            ways = next
        }
        let expected = decimalSum(decimalSum(ways[0], ways[1]), ways[2])
        let counts = Self.counts(graph)
        #expect(counts.isExact)
        #expect(counts.total.description == expected)
        #expect(expected.count > 80)
        #expect(counts.perEnding[graph.indexByID["l299_2"]!].description == ways[2])
    }

    @Test func chainOfHundredThousandPassagesHasOnePathOfLength99999() {
        let graph = Fixture.chain(100_000)
        let analysis = StoryAnalysis(graph, options: .init(budget: .unlimited))
        #expect(analysis.reachability.unreachable.isEmpty)
        #expect(analysis.components.count == 100_000)
        #expect(analysis.paths.total == 1)
        #expect(analysis.paths.isExact)
        #expect(analysis.endings.entries.count == 1)
        #expect(analysis.endings.entries[0].shortest == 99_999)
        #expect(analysis.endings.entries[0].longest == 99_999)
        #expect(analysis.odds.endingProbability[99_999] == 1)
        #expect(analysis.bottlenecks.passages.count == 100_000)
        #expect(analysis.cycles.count == 0)
        let report = Report(analysis)
        #expect(report.paths.total == 1)
        #expect(report.structure.longestPath == 99_999)
        #expect(report.text().contains("longest path                99,999 choices"))
        let path = Array(PathEnumerator(graph))
        #expect(path.count == 1)
        #expect(path[0].length == 99_999)
    }

    @Test func loopTheReaderCanLeaveHasExactSimplePathsAndUnboundedWalks() throws {
        // s → a; a → b, a → end; b → c, b → end; c → a, c → end.
        let analysis = Fixture.analysis(
            Fixture.story(
                start: "s",
                [
                    ("s", [("in", "a")], nil),
                    ("a", [("on", "b"), ("out", "end")], nil),
                    ("b", [("on", "c"), ("out", "end")], nil),
                    ("c", [("on", "a"), ("out", "end")], nil),
                    ("end", [], ""),
                ]))
        #expect(analysis.paths.total == 3)
        #expect(analysis.paths.isExact)
        #expect(analysis.paths.unboundedWalks)
        #expect(analysis.endings.entries[0].longest == 4)
        #expect(analysis.cycles.count == 1)
        #expect(analysis.cycles.listed.first?.isEscapable == true)
        #expect(Report(analysis).text().contains("unbounded walks  yes"))
    }

    @Test func trappingLoopDoesNotMakeWalksUnbounded() throws {
        let analysis = Fixture.analysis(
            Fixture.story(
                start: "s",
                [
                    ("s", [("x", "end"), ("y", "t1")], nil),
                    ("t1", [("x", "t2")], nil),
                    ("t2", [("x", "t1")], nil),
                    ("end", [], ""),
                ]))
        #expect(analysis.paths.total == 1)
        #expect(!analysis.paths.unboundedWalks)
        #expect(analysis.reachability.trapped.map { analysis.graph.ids[$0] } == ["t1", "t2"])
        #expect(analysis.cycles.loops.map(\.isEscapable) == [false])
    }

    @Test(arguments: 1...40)
    func countsMatchTheEnumeratorOnRandomCyclicStories(seed: Int) {
        let graph = Fixture.random(seed: UInt64(seed), passages: 9)
        let counts = Self.counts(graph)
        var perEnding = [Int](repeating: 0, count: graph.count)
        var longest = [Int](repeating: -1, count: graph.count)
        for path in PathEnumerator(graph) {
            perEnding[path.passages.last!] += 1
            longest[path.passages.last!] = max(longest[path.passages.last!], path.length)
        }
        #expect(counts.isExact)
        #expect(counts.total == BigUInt(perEnding.reduce(0, +)))
        #expect(counts.perEnding == perEnding.map { BigUInt($0) })
        #expect(counts.longest == longest)
        for v in 0..<graph.count where graph.isEnding[v] {
            #expect(Array(PathEnumerator(graph, to: v)).count == perEnding[v])
        }
    }

    @Test func searchStopsAtItsBudgetWithALowerBound() {
        // A complete story of 12 passages plus an ending from each: very many simple paths.
        let n = 12
        let adjacency = (0..<n).map { v in (0..<n).filter { $0 != v } + [n] } + [[]]
        let graph = Fixture.story(adjacency)
        let bounded = Self.counts(graph, budget: AnalysisBudget(seconds: 10, steps: 50_000))
        #expect(!bounded.isExact)
        #expect(bounded.steps >= 50_000)
        #expect(bounded.total > 0)
        let more = Self.counts(graph, budget: AnalysisBudget(seconds: 10, steps: 500_000))
        #expect(bounded.total < more.total)
        #expect(more.unboundedWalks)
    }

    @Test func startThatIsAnEndingHasOnePathOfNoChoices() {
        let graph = Fixture.story([[]])
        #expect(Self.counts(graph).total == 1)
        #expect(Array(PathEnumerator(graph)).map(\.passages) == [[0]])
    }
}
