import Foundation
import StoryGraph
import TestSupport
import Testing

@testable import StoryFormats

/// Loads `text` as the file `path` through the registry, as the command line does.
func loadSource(
    _ text: String, path: String = "StoryBrain.swift", format: String? = nil, start: String? = nil
) throws -> LoadResult {
    try Load.text(text, path: path, format: format, options: LoadOptions(start: start))
}

/// The number of simple paths from the start to an ending (small test stories only).
func pathCount(_ graph: StoryGraph) -> Int {
    var count = 0
    var stack: [(node: Int, visited: Set<Int>)] = [(graph.start, [graph.start])]
    while let (v, visited) = stack.popLast() {
        if graph.isEnding[v] {
            count += 1
            continue
        }
        for w in graph.successors(of: v) where !visited.contains(w) {
            stack.append((w, visited.union([w])))
        }
    }
    return count
}

/// Each passage's choices as "id: target target …", for compact assertions.
func shape(_ story: Story) -> [String] {
    story.passages.map { passage in
        ([passage.id + ":"] + passage.choices.map { $0.isRestart ? "↺" : $0.target }).joined(separator: " ")
    }
}

@Suite("SourceLoader: lexer")
struct SourceLoaderLexerTests {
    func strings(_ text: String, _ dialect: SwiftSourceLexer.Dialect = .swift) -> [String] {
        SwiftSourceLexer.tokenize(SourceText(path: "t.swift", text: text), dialect: dialect).tokens
            .filter { $0.kind == .string }.map(\.text)
    }

    @Test func escapesInSwiftStrings() {
        let values = strings(#"let a = "say \"hi\"\n", b = "it\'s", c = "\u{1F600}\t\\", d = "\0""#)
        #expect(values == ["say \"hi\"\n", "it's", "😀\t\\", "\0"])
    }

    @Test func interpolationIsKeptAsWritten() {
        #expect(strings(#"let a = "Hello \(name), \(f("x")) end""#) == [#"Hello \(name), \(f("x")) end"#])
    }

    @Test func rawStrings() {
        #expect(strings(##"let a = #"raw \n "quoted" \#n"#"##) == ["raw \\n \"quoted\" \n"])
    }

    @Test func multiLineStringStripsIndentation() {
        let text =
            "let a = \"\"\"\n    First line\n      indented \"quote\"\n    last\\\n     joined\n    \"\"\"\nlet b = 1"
        #expect(strings(text) == ["First line\n  indented \"quote\"\nlast joined"])
    }

    @Test func nestedCommentsInSwiftFlatInObjectiveC() {
        let swift = SwiftSourceLexer.tokenize(
            SourceText(path: "t.swift", text: "/* a /* b */ still comment */ x"), dialect: .swift
        ).tokens
        #expect(swift.map(\.text) == ["x"])
        let objc = SwiftSourceLexer.tokenize(
            SourceText(path: "t.m", text: "/* a /* b */ y */ x"), dialect: .objectiveC
        ).tokens
        #expect(objc.map(\.text) == ["y", "*/", "x"])
    }

    @Test func objectiveCStringsAndDirectives() {
        let values = strings(
            #"""
            #import "Piece.h"
            NSString *s = @"tab\there \"q\" \x41\101 \u00e9";
            """#, .objectiveC)
        #expect(values == ["tab\there \"q\" AA é"])
    }

    @Test func tokensKnowTheirLineAndColumn() {
        let source = SourceText(path: "t.swift", text: "let x = 1\n  // note\n   \"κόσμε\" + y")
        let tokens = SwiftSourceLexer.tokenize(source, dialect: .swift).tokens
        let string = tokens.first { $0.kind == .string }!
        #expect(source.location(at: string.offset) == SourceLocation(file: "t.swift", line: 3, column: 4))
        #expect(string.newlineBefore)
        #expect(tokens.map(\.text) == ["let", "x", "=", "1", "κόσμε", "+", "y"])
    }

    @Test(arguments: [
        ("let a = \"never closed", 1, 9, "unterminated string literal"),
        ("let a = 1\n/* never /* closed */", 2, 1, "unterminated comment: '/*' is never closed"),
        ("let a = \"\"\"\n  text", 1, 9, "unterminated multi-line string: '\"\"\"' is never closed"),
        ("let a = \"bad \\q escape\"", 1, 14, "invalid escape '\\q' in string"),
    ])
    func lexicalErrorsAreLocated(text: String, line: Int, column: Int, message: String) {
        let diagnostics = SwiftSourceLexer.tokenize(SourceText(path: "t.swift", text: text), dialect: .swift)
            .diagnostics
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.location == SourceLocation(file: "t.swift", line: line, column: column))
        #expect(diagnostics.first?.message == message)
    }

    @Test(arguments: [
        ("choice1Destination", SourceFieldRole.destination(1)), ("destination2", .destination(2)),
        ("next3", .destination(3)), ("choiceTwoDestination", .destination(2)), ("secondPiece", .destination(2)),
        ("left", .destination(1)), ("right", .destination(2)), ("choice4", .label(4)), ("answer1", .label(1)),
        ("firstChoice", .label(1)), ("option_3", .label(3)), ("choiceB", .label(2)), ("title", .text(priority: 1)),
        ("storyTitle", .text(priority: 1)), ("storyText", .text(priority: 2)), ("initWithMessage", .text(priority: 2)),
        ("isEnd", .ending), ("id", .ignored), ("color", .ignored), ("choice1Index", .destination(1)),
    ])
    func fieldRolesByName(name: String, role: SourceFieldRole) {
        #expect(SourceFieldRole.classify(name) == role)
    }
}

@Suite("SourceLoader: Destini arrays")
struct SourceLoaderDestiniTests {
    @Test func commentsInsideTheArrayAndTheRestartSemantics() throws {
        let result = try loadSource(
            #"""
            struct StoryBrain {
                var storyNumber = 0
                let stories = [
                    // the start
                    Story(title: "Start", choice1: "Left", choice1Destination: 1,
                          choice2: "Right", choice2Destination: 2), /* trailing */
                    /* a /* nested */ comment */
                    Story(title: "Left room", choice1: "The", choice1Destination: 0, choice2: "End", choice2Destination: 0),
                    Story(title: "Right room", choice1: "", choice1Destination: 0, choice2: "", choice2Destination: 0),
                ]
            }
            """#)
        #expect(result.story.format == "destini")
        #expect(result.story.start == "0")
        #expect(shape(result.story) == ["0: 1 2", "1: ↺ ↺", "2:"])
        #expect(result.diagnostics.isEmpty)
        let graph = StoryGraph(result.story)
        #expect(graph.isEnding == [false, true, true])
        #expect(graph.restarts.count == 2)
        #expect(graph.brokenLinks.isEmpty)
        #expect(result.story.passages[1].location == SourceLocation(file: "StoryBrain.swift", line: 8, column: 9))
        #expect(
            result.story.passages[0].choices[1].location
                == SourceLocation(file: "StoryBrain.swift", line: 6, column: 53))
    }

    @Test(arguments: [
        // interleaved
        #"Story(title: "A", choice1: "to B", choice1Destination: 1, choice2: "to C", choice2Destination: 2)"#,
        // labels first, then destinations
        #"Story(title: "A", choice1: "to B", choice2: "to C", choice1Destination: 1, choice2Destination: 2)"#,
        // destinations first, text last
        #"Story(choice2Destination: 2, choice1Destination: 1, choice2: "to C", choice1: "to B", title: "A")"#,
        // another naming: StoryNode(text:answer1:next1:)
        #"StoryNode(text: "A", answer1: "to B", next1: 1, answer2: "to C", next2: 2)"#,
        // Story.init, storyTitle, destinationN
        #"Story.init(storyTitle: "A", choice1: "to B", destination1: 1, choice2: "to C", destination2: 2)"#,
        // unlabelled
        #"Story("A", "to B", 1, "to C", 2)"#,
    ])
    func argumentOrdersAndNamings(first: String) throws {
        let text = """
            var storyArray = [
                \(first),
                Story(title: "B", choice1: "Again", choice1Destination: 0, choice2: "Again!", choice2Destination: 0),
                Story(title: "C", choice1: "", choice1Destination: 0, choice2: "", choice2Destination: 0),
            ]
            """
        let result = try loadSource(text)
        #expect(shape(result.story) == ["0: 1 2", "1: ↺ ↺", "2:"])
        #expect(result.story.passages[0].text == "A")
        #expect(result.story.passages[0].choices.map(\.text) == ["to B", "to C"])
        #expect(result.diagnostics.isEmpty)
    }

    @Test func fourChoicesAndImplicitMembers() throws {
        let result = try loadSource(
            #"""
            let stories: [Story] = [
                .init(title: "Hub", choice1: "a", choice1Destination: 1, choice2: "b", choice2Destination: 2,
                      choice3: "c", choice3Destination: 3, choice4: "d", choice4Destination: 1),
                .init(title: "One", choice1: "back", choice1Destination: 0, choice2: "", choice2Destination: 0),
                .init(title: "Two", choice1: "on", choice1Destination: 3),
                .init(title: "Three"),
            ]
            """#)
        #expect(shape(result.story) == ["0: 1 2 3 1", "1: ↺", "2: 3", "3:"])
        #expect(result.story.passages[0].choices.map(\.text) == ["a", "b", "c", "d"])
        let graph = StoryGraph(result.story)
        #expect(graph.isEnding == [false, true, false, true])
        // Two choices from the hub to "One" make two paths.
        #expect(pathCount(graph) == 4)
    }

    @Test func constantsUsedByNameAndConcatenation() throws {
        let result = try loadSource(
            #"""
            class ViewController {
                let story1 = "You wake up in a \"quiet\" room. " +
                    "The door is ajar."
                let answer1a = "I'll open the door"
                let answer1b = "I\'ll stay"
                static let farewell = story3
                let story3 = "Goodbye."
                let allStories = [
                    Story(title: story1, choice1: answer1a, choice1Destination: 1, choice2: answer1b, choice2Destination: self.end),
                    Story(title: ViewController.farewell, choice1: "Restart", choice1Destination: 0),
                ]
                let end = 1
            }
            """#)
        #expect(result.story.passages[0].text == "You wake up in a \"quiet\" room. The door is ajar.")
        #expect(result.story.passages[0].choices.map(\.text) == ["I'll open the door", "I'll stay"])
        #expect(shape(result.story) == ["0: 1 1", "1: ↺"])
        #expect(result.story.passages[1].text == "Goodbye.")
    }

    @Test func multiLineRawAndUnicodeTexts() throws {
        let result = try loadSource(
            ##"""
            let stories = [
                Story(title: """
                    첫 번째 장면.
                      "Индент" остаётся.
                    """,
                      choice1: #"Raw "quoted" \n"#, choice1Destination: 1,
                      choice2: "Smile \u{1F600}", choice2Destination: 2),
                Story(title: "Ты победил 🎉", choice1: "Снова", choice1Destination: 0),
                Story(title: "끝 \(name)", choice1: "", choice1Destination: 0),
            ]
            """##)
        #expect(
            result.story.passages.map(\.text) == ["첫 번째 장면.\n  \"Индент\" остаётся.", "Ты победил 🎉", #"끝 \(name)"#])
        #expect(result.story.passages[0].choices.map(\.text) == [#"Raw "quoted" \n"#, "Smile 😀"])
        #expect(
            result.story.passages[0].choices[0].location
                == SourceLocation(file: "StoryBrain.swift", line: 6, column: 61))
        #expect(result.diagnostics.isEmpty)
    }

    @Test func destinationsOutOfRangeAreBrokenLinksAtTheirLine() throws {
        let result = try loadSource(
            #"""
            let stories = [
                Story(title: "Start", choice1: "far", choice1Destination: 7,
                      choice2: "back", choice2Destination: -1),
                Story(title: "Huge", choice1: "x", choice1Destination: 99999999999999999999999),
            ]
            """#)
        let broken = result.diagnostics.filter { $0.ruleID == "broken-link" }
        #expect(
            broken.map(\.location) == [
                SourceLocation(file: "StoryBrain.swift", line: 2, column: 63),
                SourceLocation(file: "StoryBrain.swift", line: 3, column: 48),
                SourceLocation(file: "StoryBrain.swift", line: 4, column: 60),
            ])
        #expect(result.story.passages.flatMap(\.choices).map(\.target) == ["7", "-1", "99999999999999999999999"])
        let graph = StoryGraph(result.story)
        #expect(graph.brokenLinks.count == 3)
        #expect(graph.isEnding == [false, false])
    }

    @Test func onlyTheStoryArrayIsRead() throws {
        let result = try loadSource(
            #"""
            let colours = ["red", "green", "blue"]
            let buttons = [Button(title: "One", tag: 1), Button(title: "Two", tag: 2)]
            let stories = [
                Story(title: "Start", choice1: "go", choice1Destination: 1),
                Story(title: "End", choice1: "", choice1Destination: 0),
            ]
            let scores = [1, 2, 3]
            """#)
        #expect(shape(result.story) == ["0: 1", "1:"])
        #expect(result.story.passages.map(\.location?.line) == [4, 5])
    }

    @Test func anElementWithoutTextIsAnErrorAndTheOthersStillLoad() throws {
        let result = try loadSource(
            #"""
            let stories = [
                Story(title: "Start", choice1: "a", choice1Destination: 1, choice2: "b", choice2Destination: 2),
                Story(choice1: "lost", choice1Destination: 2),
                Story(title: "End", choice1: "", choice1Destination: 0),
                nil,
                Story(title: "Also fine", choice1: "x", choice1Destination: 2),
            ]
            """#)
        #expect(result.story.passages.count == 5)
        #expect(shape(result.story) == ["0: 1 2", "1: 2", "2:", "3:", "4: 2"])
        let errors = result.diagnostics.filter { $0.severity == .error }
        #expect(
            errors.map(\.location) == [
                SourceLocation(file: "StoryBrain.swift", line: 3, column: 5),
                SourceLocation(file: "StoryBrain.swift", line: 5, column: 5),
            ])
        #expect(errors[0].message.hasPrefix("story element 1 has no text field"))
        #expect(errors[1].message == "element 3 of the story array is not a story value: nil")
        #expect(result.hasErrors)
    }

    @Test func theIndexPropertyGivesTheStart() throws {
        let result = try loadSource(
            #"""
            struct StoryBrain {
                var currentStoryIndex = 1
                var stories = [
                    Story(title: "Zero", choice1: "two", choice1Destination: 2),
                    Story(title: "One", choice1: "two", choice1Destination: 2),
                    Story(title: "Two", choice1: "again", choice1Destination: 1),
                ]
            }
            """#)
        #expect(result.story.start == "1")
        #expect(shape(result.story) == ["0: 2", "1: 2", "2: ↺"])
    }

    @Test func storyInAMethodBodyAndBuiltByAppend() throws {
        let inMethod = try loadSource(
            #"""
            class Brain {
                var stories: [Story] = []
                func setUp() {
                    stories = [
                        Story(title: "A", choice1: "b", choice1Destination: 1),
                        Story(title: "B", choice1: "", choice1Destination: 0),
                    ]
                }
            }
            """#)
        #expect(shape(inMethod.story) == ["0: 1", "1:"])
        let appended = try loadSource(
            #"""
            func build() {
                stories.append(Story(title: "A", choice1: "b", choice1Destination: 1))
                stories.append(Story(title: "B", choice1: "c", choice1Destination: 2))
                stories.append(Story(title: "C"))
            }
            """#)
        #expect(shape(appended.story) == ["0: 1", "1: 2", "2:"])
    }

    @Test func nestedChoiceListsAndParallelArrays() throws {
        let result = try loadSource(
            #"""
            let scenes = [
                Scene(text: "Fork", choices: [Choice(text: "up", destination: 1), Choice(text: "down", destination: 2)]),
                Scene(text: "Up", answers: ["again"], destinations: [0]),
                Scene(text: "Down", choices: []),
            ]
            """#)
        #expect(shape(result.story) == ["0: 1 2", "1: ↺", "2:"])
        #expect(result.story.passages[0].choices.map(\.text) == ["up", "down"])
    }

    @Test func objectiveCStoryArray() throws {
        let result = try loadSource(
            #"""
            #import "Story.h"
            NSArray *stories = @[
                [[Story alloc] initWithTitle:@"Start \"here\"" choice1:@"on" choice1Destination:1],
                [[Story alloc] initWithTitle:@"End" choice1:@"" choice1Destination:0],
            ];
            """#, path: "Brain.m")
        #expect(result.story.format == "destini")
        #expect(shape(result.story) == ["0: 1", "1:"])
        #expect(result.story.passages[0].text == "Start \"here\"")
    }
}

@Suite("SourceLoader: AdventurePiece")
struct SourceLoaderAdventureTests {
    static let objc = #"""
        #import "AdventurePiece.h"
        @implementation Game
        - (void)setUp {
            AdventurePiece *win = [[AdventurePiece alloc] initWithMessage:@"You \"won\"!\n" firstChoice:@"OK"
                secondChoice:nil firstPiece:nil secondPiece:nil isEnd:YES];
            AdventurePiece *lose = [[AdventurePiece alloc] initWithMessage:@"Boom." firstChoice:@"Retry"
                secondChoice:nil firstPiece:nil secondPiece:nil isEnd:YES];
            AdventurePiece *mid = [[AdventurePiece alloc] initWithMessage:@"Wires." firstChoice:@"Cut red"
                secondChoice:@"Cut blue" firstPiece:win secondPiece:lose isEnd:NO];
            currentPiece = [[AdventurePiece alloc] initWithMessage:@"Go?" firstChoice:@"Yes"
                secondChoice:@"Maybe" firstPiece:mid secondPiece:ghost isEnd:NO];
        }
        @end
        """#

    @Test func objectiveCPiecesWithCurrentPiece() throws {
        let result = try loadSource(Self.objc, path: "Game.m")
        #expect(result.story.format == "adventure")
        #expect(result.story.start == "currentPiece")
        #expect(result.story.passages.map(\.id) == ["win", "lose", "mid", "currentPiece"])
        #expect(shape(result.story) == ["win:", "lose: ↺", "mid: win lose", "currentPiece: mid ghost"])
        #expect(result.story.passages[0].text == "You \"won\"!\n")
        #expect(result.story.passages[0].metadata["acknowledgement"] == "OK")
        let graph = StoryGraph(result.story)
        #expect(graph.isEnding == [true, true, false, false])
        #expect(graph.restarts.count == 1)
        #expect(graph.brokenLinks.count == 1)
        let broken = result.diagnostics.filter { $0.ruleID == "broken-link" }
        #expect(broken.map(\.location) == [SourceLocation(file: "Game.m", line: 11, column: 58)])
        #expect(broken.first?.message.contains("'ghost'") == true)
    }

    @Test func swiftNodesStartAtTheUniqueUnreferencedPiece() throws {
        let result = try loadSource(
            #"""
            let win = Node(story: "Win", left: nil, right: nil, isEnding: true)
            let lose = Node(story: "Lose", left: nil, right: nil, isEnding: true)
            let mid = Node(story: "Mid", left: win, right: lose)
            let top = Node(story: "Top", left: mid, right: win)
            """#, path: "Nodes.swift")
        #expect(result.story.format == "adventure")
        #expect(result.story.start == "top")
        #expect(shape(result.story) == ["win:", "lose:", "mid: win lose", "top: mid win"])
        #expect(result.story.passages[2].choices.map(\.text) == ["left", "right"])
        #expect(pathCount(StoryGraph(result.story)) == 3)
    }

    @Test func ambiguousStartIsAnErrorThatMentionsStart() throws {
        let text = #"""
            let a = Node(story: "A", left: c, right: nil)
            let b = Node(story: "B", left: c, right: nil)
            let c = Node(story: "C", left: nil, right: nil, isEnd: true)
            """#
        #expect {
            try loadSource(text, path: "Nodes.swift")
        } throws: { error in
            let message = (error as? StoryLoadError)?.description ?? ""
            return message.contains("Nodes.swift:1:5: error:") && message.contains("(a, b)")
                && message.contains("--start")
        }
        let chosen = try loadSource(text, path: "Nodes.swift", start: "b")
        #expect(chosen.story.start == "b")
        // A node with no label and a nil child has no button there.
        #expect(shape(chosen.story) == ["a: c", "b: c", "c:"])
        #expect(StoryGraph(chosen.story).isEnding == [false, false, true])
    }

    @Test func propertyAssignmentsAndSetterMessagesLinkLater() throws {
        let result = try loadSource(
            #"""
            AdventurePiece *loop = [[AdventurePiece alloc] initWithMessage:@"Loop" firstChoice:@"Again" secondChoice:@"Out" firstPiece:nil secondPiece:nil isEnd:NO];
            AdventurePiece *out = [[AdventurePiece alloc] initWithMessage:@"Out" firstChoice:nil secondChoice:nil firstPiece:nil secondPiece:nil isEnd:YES];
            loop.firstPiece = loop;
            [loop setSecondPiece:out];
            currentPiece = loop;
            """#, path: "Loop.m")
        #expect(result.story.start == "loop")
        #expect(shape(result.story) == ["loop: loop out", "out:"])
    }
}

@Suite("SourceLoader: CYOA JSON")
struct SourceLoaderCYOATests {
    static let arcs = #"""
        {
          "intro": { "title": "Gate", "story": ["One.", "Two."],
                     "options": [ { "text": "In", "arc": "hall" }, { "text": "Away", "arc": "road" } ] },
          "hall": { "title": "Hall", "story": ["Hall."], "options": [ { "text": "Back", "arc": "intro" }, { "text": "Up", "arc": "attic" } ] },
          "road": { "title": "Road", "story": ["The end."], "options": [] },
          "attic": { "title": "Attic", "story": ["Dust."] },
          "bad": { "title": "Bad", "story": ["?"], "options": [ { "text": "nowhere" }, { "text": "Gone", "arc": "missing" } ] }
        }
        """#

    @Test func arcsOptionsAndEndings() throws {
        let result = try loadSource(Self.arcs, path: "gopher.json")
        #expect(result.story.format == "cyoa-json")
        #expect(result.story.start == "intro")
        #expect(result.story.title == "Gate")
        #expect(shape(result.story) == ["intro: hall road", "hall: intro attic", "road:", "attic:", "bad: missing"])
        #expect(result.story.passages[0].text == "One.\n\nTwo.")
        let graph = StoryGraph(result.story)
        #expect(graph.isEnding == [false, false, true, true, false])
        #expect(graph.brokenLinks.count == 1)
        #expect(result.diagnostics.map(\.location?.line) == [7, 7])
        #expect(result.diagnostics.map(\.severity) == [.error, .error])
    }

    @Test func detectionBeatsAndLosesToStoryJSON() throws {
        let arcs = SourceText(path: "a.json", text: Self.arcs)
        #expect(CYOAJSONLoader.confidence(for: arcs) > StoryJSONLoader.confidence(for: arcs))
        let storyJSON = SourceText(
            path: "s.json", text: #"{"title": "T", "start": "a", "passages": [{"id": "a", "text": "story"}]}"#)
        #expect(CYOAJSONLoader.confidence(for: storyJSON) == 0)
        #expect(try loadSource(storyJSON.text, path: "s.json").story.format == "story-json")
        #expect(try loadSource(Self.arcs, path: "gopher.json", start: "hall").story.start == "hall")
    }
}

@Suite("SourceLoader: detection, examples and hostile input")
struct SourceLoaderRobustnessTests {
    @Test func aFileOfNoShapeListsTheShapesLookedFor() throws {
        #expect {
            try loadSource("import UIKit\nlet x = 1\n", path: "Other.swift")
        } throws: { error in
            let message = (error as? StoryLoadError)?.description ?? ""
            return message.hasPrefix("Other.swift:1:1: error: not a story storygraph can read; looked for: destini (")
                && message.contains("adventure (")
        }
    }

    @Test(arguments: [
        ("Examples/StoryBrain.swift", "destini", 6, 5, 3, 6),
        ("Examples/Mission.m", "adventure", 6, 4, 3, 0),
        ("Examples/cyoa-arcs.json", "cyoa-json", 10, 18, 3, 0),
    ])
    func examplesLoadWithTheirCounts(
        path: String, format: String, passages: Int, paths: Int, endings: Int, restarts: Int
    ) throws {
        var root = URL(fileURLWithPath: #filePath)
        while !FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
            root.deleteLastPathComponent()
        }
        let result = try StoryLoading.load(paths: [root.appendingPathComponent(path).path])
        #expect(result.story.format == format)
        #expect(result.diagnostics.isEmpty)
        let graph = StoryGraph(result.story)
        #expect(graph.count == passages)
        #expect(pathCount(graph) == paths)
        #expect(graph.isEnding.filter { $0 }.count == endings)
        #expect(graph.restarts.count == restarts)
        #expect(graph.brokenLinks.isEmpty)
        if format == "adventure" {
            #expect(result.story.start == "currentPiece")
            #expect(result.story.passages.map(\.id) == ["saved", "boom", "retired", "tower", "beach", "currentPiece"])
        }
    }

    @Test func deepNestingIsBoundedAndReported() throws {
        let deep = String(repeating: "f(", count: 100_000) + String(repeating: ")", count: 100_000)
        let text = "let x = " + deep + "\nlet stories = [Story(title: \"A\", choice1: \"b\", choice1Destination: 0)]\n"
        let result = try loadSource(text, format: "destini")
        #expect(result.story.passages.count == 1)
        let limit = result.diagnostics.filter {
            $0.message.contains("nesting deeper than \(SwiftSourceParser.maximumDepth) levels")
        }
        #expect(limit.count == 1)
        #expect(limit.first?.location?.line == 1)
    }

    @Test(arguments: [
        "let stories = [Story(title: \"unterminated",
        "let stories = [Story(title: \"A\", choice1: \"b\", choice1Destination: 1) /* open comment",
        "let stories = [Story(title: \"\"\"",
        "[[[[[[[[[[[[",
        "@\"",
        "let s = #\"raw",
        "let a = \"\\u{FFFFFFFFFF}\" \"\\u{D800}\"",
        String(repeating: "- ", count: 50_000) + "1",
        String(repeating: "[", count: 50_000),
        String(repeating: "@", count: 10_000),
    ])
    func hostileInputNeverTraps(text: String) {
        for format in ["destini", "adventure"] {
            for path in ["x.swift", "x.m"] {
                _ = try? loadSource(text, path: path, format: format)
            }
        }
        _ = SwiftSourceParser.summarize(SourceText(path: "x.swift", text: text), dialect: .swift)
        _ = SwiftSourceParser.summarize(SourceText(path: "x.m", text: text), dialect: .objectiveC)
    }

    @Test func unterminatedStringStillLoadsTheRest() throws {
        let result = try loadSource(
            #"""
            let broken = "no end
            let stories = [
                Story(title: "A", choice1: "b", choice1Destination: 1),
                Story(title: "B", choice1: "", choice1Destination: 0),
            ]
            """#)
        #expect(shape(result.story) == ["0: 1", "1:"])
        #expect(result.diagnostics.map(\.location) == [SourceLocation(file: "StoryBrain.swift", line: 1, column: 14)])
    }
}
