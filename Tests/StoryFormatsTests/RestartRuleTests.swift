import StoryFormats
import Testing

@testable import StoryGraph

/// The one restart rule (`RestartRule`), applied by `Story.validated` for every loader.
@Suite struct RestartRuleTests {
    static func analysed(_ story: Story, _ rule: RestartRule) throws -> StoryAnalysis {
        StoryAnalysis(StoryGraph(try story.validated(restartRule: rule).0))
    }

    /// Harlowe's `(link-goto: "The End.", "Start")` on the last passage, as the Twine
    /// loader gives it: an ordinary click back to the start.
    static let harlowe = Story(
        title: "h", start: "Start",
        passages: [
            Passage(id: "Start", text: "A door.", choices: [Choice(text: "Open it", target: "Hall")]),
            Passage(id: "Hall", text: "A hall.", choices: [Choice(text: "Sit down", target: "Last")]),
            Passage(
                id: "Last", text: "You rest.\n(link-goto: \"The End.\", \"Start\")",
                choices: [Choice(text: "The End.", target: "Start")]),
        ], format: "test")

    @Test func aLinkToTheStartFromAFinalPassageIsARestart() throws {
        let before = try Self.analysed(Self.harlowe, .off)
        #expect(before.structure.endings == 0)
        #expect(before.reachability.trapped == [0, 1, 2])
        #expect(before.lint.findings.map(\.ruleID).contains("no-ending"))

        let after = try Self.analysed(Self.harlowe, .text)
        #expect(after.graph.restarts == [ChoiceRef(passage: 2, choice: 0)])
        #expect(after.structure.endings == 1)
        #expect(after.graph.isEnding == [false, false, true])
        #expect(after.paths.total == BigUInt(1))
        #expect(after.reachability.trapped == [])
        #expect(after.cycles.count == 0)
        #expect(after.lint.errors == 0)
    }

    /// 149 pages of a CYOA book: a binary tree whose 75 leaves each offer "Start again"
    /// back to the first page.
    static func gamebook() -> String {
        let n = 149
        var arcs: [String] = []
        for i in 0..<n {
            let options: String
            if 2 * i + 1 < n {
                let children = [2 * i + 1, 2 * i + 2].filter { $0 < n }
                options = children.map { "{\"text\": \"Go to \($0)\", \"arc\": \"p\($0)\"}" }.joined(separator: ", ")
            } else {
                options = "{\"text\": \"Start again\", \"arc\": \"p0\"}"
            }
            arcs.append("\"p\(i)\": {\"title\": \"Page \(i)\", \"story\": [\"Page \(i).\"], \"options\": [\(options)]}")
        }
        return "{\n" + arcs.joined(separator: ",\n") + "\n}"
    }

    @Test(arguments: [(RestartRule.off, 0, 0, 149), (RestartRule.strict, 0, 0, 149), (RestartRule.text, 75, 75, 0)])
    func aStartAgainOptionRestartsAGamebook(rule: RestartRule, endings: Int, paths: Int, trapped: Int) throws {
        let source = SourceText(path: "book.json", text: Self.gamebook())
        let result = try StoryLoading.load(sources: [source], options: LoadOptions(restartRule: rule))
        #expect(result.story.format == CYOAJSONLoader.formatName)
        #expect(result.story.passages.count == 149)
        let analysis = StoryAnalysis(StoryGraph(result.story), loadDiagnostics: result.diagnostics)
        #expect(analysis.structure.endings == endings)
        #expect(analysis.paths.total == BigUInt(UInt64(paths)))
        #expect(analysis.reachability.trapped.count == trapped)
        #expect(analysis.graph.restarts.count == (rule == .text ? 75 : 0))
        #expect(analysis.lint.findings.contains { $0.ruleID == "no-ending" } == (rule != .text))
    }

    @Test func aHubTheStoryReturnsToIsNotARestart() throws {
        let story = Story(
            title: "hub", start: "Square",
            passages: [
                Passage(
                    id: "Square", text: "The square.",
                    choices: [Choice(text: "Market", target: "Market"), Choice(text: "Library", target: "Library")]),
                // Another way on besides the start: a hub return, whatever else.
                Passage(
                    id: "Market", text: "Stalls.",
                    choices: [
                        Choice(text: "Back to the square", target: "Square"), Choice(text: "Buy a map", target: "Map"),
                    ]),
                // The only way on is the start, but nothing says the story is over.
                Passage(id: "Library", text: "Books.", choices: [Choice(text: "Close the book", target: "Square")]),
                Passage(id: "Map", text: "You find the way home.\n\nTHE END"),
            ], format: "test")
        let analysis = try Self.analysed(story, .text)
        #expect(analysis.graph.restarts == [])
        #expect(analysis.structure.endings == 1)
        #expect(analysis.cycles.count == 2)
        #expect(analysis.paths.total == BigUInt(1))
    }

    /// On a final passage a label that begins with a restart or end phrase restarts
    /// ("Try again, but…"); beside another way on, or as part of a word, it does not.
    @Test func aFinalPassagesLabelMayBeginWithARestartPhrase() throws {
        let story = Story(
            title: "t", start: "s",
            passages: [
                Passage(
                    id: "s", text: "Go.",
                    choices: [
                        Choice(text: "a", target: "a"), Choice(text: "b", target: "b"), Choice(text: "c", target: "c"),
                    ]),
                Passage(
                    id: "a", text: "Lost.",
                    choices: [
                        Choice(text: "Try again, but faster…", target: "s"),
                        Choice(text: "Restart from the beginning.", target: "s"),
                    ]),
                Passage(
                    id: "b", text: "Hub.",
                    choices: [Choice(text: "Try again, but faster", target: "s"), Choice(text: "On", target: "c")]),
                Passage(id: "c", text: "Done.", choices: [Choice(text: "Restarting engines", target: "s")]),
            ], format: "test")
        let analysis = try Self.analysed(story, .text)
        #expect(analysis.graph.restarts == [ChoiceRef(passage: 1, choice: 0), ChoiceRef(passage: 1, choice: 1)])
        #expect(analysis.graph.isEnding == [false, true, false, false])
        #expect(RestartRule.beginsWithAPhrase("try again but faster"))
        #expect(!RestartRule.beginsWithAPhrase("try again"))
        #expect(!RestartRule.beginsWithAPhrase("restarting engines"))
    }

    @Test func labelsAreReadWithoutCasePunctuationOrSpacing() {
        #expect(RestartRule.normalised("  PLAY   again!! ") == "play again")
        #expect(RestartRule.normalised("Try-again?") == "try again")
        #expect(RestartRule.normalised("The End.") == "the end")
        #expect(RestartRule.lastLine(of: "You drown.\n\n  THE END  \n\n") == "the end")
    }

    @Test func eachModeAddsToTheOneBelow() throws {
        let story = Story(
            title: "m", start: "a",
            passages: [
                Passage(
                    id: "a",
                    choices: [
                        Choice(text: "On", target: "b"), Choice(text: "Side", target: "c"),
                        Choice(text: "Last", target: "d"),
                    ]),
                // Declared end with a link back: strict and text.
                Passage(id: "b", ending: .init(kind: "good"), choices: [Choice(text: "Again", target: "a")]),
                // "Retry" beside another way on: text only.
                Passage(id: "c", choices: [Choice(text: "Retry", target: "a"), Choice(text: "Wander", target: "d")]),
                // Final passage whose last line says it is over: text only.
                Passage(id: "d", text: "It is done.\nGame over", choices: [Choice(text: "Back", target: "a")]),
            ], format: "test")
        func marked(_ rule: RestartRule) throws -> [ChoiceRef] {
            try StoryGraph(story.validated(restartRule: rule).0).restarts
        }
        #expect(try marked(.off) == [])
        #expect(try marked(.strict) == [ChoiceRef(passage: 1, choice: 0)])
        #expect(
            try marked(.text) == [
                ChoiceRef(passage: 1, choice: 0), ChoiceRef(passage: 2, choice: 0), ChoiceRef(passage: 3, choice: 0),
            ])
    }
}
