import Foundation
import StoryGraph
import Testing

@testable import StoryFormats

/// App-source shapes read by the shape of the code rather than by known field names
/// (issue 11, items 1 and 2). Every fixture is our own story in the shape met in real apps.
@Suite("SourceLoader: app-source shapes")
struct AppSourceShapesTests {
    /// Counts a story the way the tests assert it: passages, choices (restarts included),
    /// endings, simple paths to an ending.
    func counts(_ result: LoadResult) -> [Int] {
        let graph = StoryGraph(result.story)
        return [
            result.story.passages.count, result.story.passages.reduce(0) { $0 + $1.choices.count },
            result.story.passages.filter { $0.ending != nil }.count, pathCount(graph),
        ]
    }

    /// `Story(text:a:aDest:b:bDest:)`: before, `aDest` and `bDest` were both choice 1, so
    /// only the `b` choice was read.
    @Test func shortLabelsPairWithTheirDestinations() throws {
        let result = try loadSource(
            """
            struct StoryBrain {
                var storyNumber = 0
                let stories = [
                    Story(text: "A lantern at the crossroads.", a: "Take the lane", aDest: 1, b: "Take the ford", bDest: 2),
                    Story(text: "The lane ends at a mill.", a: "Knock", aDest: 3, b: "Turn back", bDest: 0),
                    Story(text: "The ford is deep.", a: "Wade on", aDest: 3, b: "Camp", bDest: 4),
                    Story(text: "The miller feeds you.", a: "The", aDest: 0, b: "End", bDest: 0),
                    Story(text: "Wolves in the night.", a: "The", aDest: 0, b: "End", bDest: 0),
                ]
            }
            """)
        #expect(shape(result.story) == ["0: 1 2", "1: 3 0", "2: 3 4", "3: ↺ ↺", "4: ↺ ↺"])
        #expect(result.story.passages[0].choices.map(\.text) == ["Take the lane", "Take the ford"])
        #expect(counts(result) == [5, 10, 2, 3])
        #expect(result.diagnostics.isEmpty)
    }

    /// `option1:` / `next1:` pair by number; `choice1:` / `choice1Destination:` by both, and
    /// `choice1` never pairs with `choice10Destination`.
    @Test func numberedLabelsAndNextPairByNumber() throws {
        let result = try loadSource(
            """
            let scenes = [
                Scene(body: "Two doors.", option1: "Red", next1: 1, option2: "Blue", next2: 2),
                Scene(body: "A red room.", option1: "", next1: 0, option2: "", next2: 0),
                Scene(body: "A blue room.", option1: "", next1: 0, option2: "", next2: 0),
            ]
            """)
        #expect(shape(result.story) == ["0: 1 2", "1:", "2:"])
        #expect(counts(result) == [3, 2, 2, 2])
        #expect(
            SourceChoicePairing.pairs(
                [
                    .init(label: "choice1", offset: 0, value: .init(expression: .string("x"), offset: 0, end: 0)),
                    .init(
                        label: "choice10Destination", offset: 0,
                        value: .init(expression: .integer("2"), offset: 0, end: 0)),
                ],
                SourceConstants(SwiftSourceParser.Summary(), source: SourceText(path: "t.swift", text: ""))
            ).isEmpty)
    }

    /// `StoryPage("…", choices: [Choice(text:destination:)])`: the unlabelled leading text.
    /// Before, every element had "no text field" (an error each), and `map` refused it.
    @Test func unlabelledLeadingTextWithNestedChoices() throws {
        let result = try loadSource(
            """
            struct StoryBrain {
                let pages = [
                    StoryPage("You wake on a raft.", choices: [Choice(text: "Paddle", destination: 1), Choice(text: "Sleep", destination: 2)]),
                    StoryPage("An island rises.", choices: [Choice(text: "Land", destination: 3)]),
                    StoryPage("You drift forever."),
                    StoryPage("Home at last."),
                ]
            }
            """)
        #expect(
            result.story.passages.map(\.text) == [
                "You wake on a raft.", "An island rises.", "You drift forever.", "Home at last.",
            ])
        #expect(shape(result.story) == ["0: 1 2", "1: 3", "2:", "3:"])
        #expect(counts(result) == [4, 3, 2, 2])
        #expect(result.diagnostics.isEmpty)
    }

    /// `Node(s:nL:nR:)`: links by the shape of the code (labels that hold another node's
    /// name), a text under a one-letter name. Before: refused as "decided by if/else".
    @Test func linkedNodesWithNamesOfTheirOwn() throws {
        let result = try loadSource(
            """
            class Tree {
                let win = Node(s: "You find the treasure.", nL: nil, nR: nil)
                let lose = Node(s: "The cave collapses.", nL: nil, nR: nil)
                let deep = Node(s: "A fork in the tunnel.", nL: win, nR: lose)
                let root = Node(s: "A cave mouth.", nL: deep, nR: lose)
            }
            """, path: "Tree.swift")
        #expect(result.story.format == "adventure")
        #expect(result.story.start == "root")
        #expect(shape(result.story) == ["win:", "lose:", "deep: win lose", "root: deep lose"])
        #expect(result.story.passages[3].text == "A cave mouth.")
        #expect(counts(result) == [4, 4, 0, 3])
        #expect(result.diagnostics.isEmpty)
    }

    /// Nodes whose text and labels are a value object of another type:
    /// `Node(s: st1, nL: node3, nR: node2)` with `let st1 = Story(d: "…", aL: "…", aR: "…")`,
    /// declared before the nodes they link to.
    @Test func linkedNodesOverValueObjects() throws {
        let result = try loadSource(
            """
            let st1 = Tale(d: "A bridge over a gorge.", aL: "Cross it", aR: "Go round")
            let st2 = Tale(d: "Halfway, a plank cracks.", aL: "Run", aR: "Crawl")
            let st3 = Tale(d: "You make it across.", aL: nil, aR: nil)
            let st4 = Tale(d: "The long way takes all day.", aL: nil, aR: nil)
            let node1 = Node(s: st1, nL: node2, nR: node4)
            let node2 = Node(s: st2, nL: node3, nR: node3)
            let node3 = Node(s: st3, nL: nil, nR: nil)
            let node4 = Node(s: st4, nL: nil, nR: nil)
            """, path: "StoryLine.swift")
        #expect(result.story.start == "node1")
        #expect(shape(result.story) == ["node1: node2 node4", "node2: node3 node3", "node3:", "node4:"])
        #expect(
            result.story.passages.map(\.text) == [
                "A bridge over a gorge.", "Halfway, a plank cracks.", "You make it across.",
                "The long way takes all day.",
            ])
        #expect(result.story.passages[0].choices.map(\.text) == ["Cross it", "Go round"])
        #expect(counts(result) == [4, 4, 0, 3])
        #expect(result.diagnostics.isEmpty)
    }

    /// Builder calls and property assignments in Swift, whatever the classes are called.
    @Test func swiftBuilderCallsAndChoiceProperties() throws {
        let result = try loadSource(
            """
            class Adventure {
                let start = Page(story: "A door, a window.")
                let hall = Page(story: "A dusty hall.")
                let garden = Page(story: "A garden at night.")
                let out = Page(story: "You leave.")
                init() {
                    start.firstChoice = Choice(title: "Door", page: hall)
                    start.secondChoice = Choice(title: "Window", page: garden)
                    hall.addChoiceWith(title: "Go out", page: out)
                    garden.addOption(Option(text: "Climb the wall", destinationPage: out))
                    garden.addOption(Option(text: "Back inside", destinationPage: hall))
                }
            }
            """, path: "Adventure.swift")
        #expect(result.story.start == "start")
        #expect(shape(result.story) == ["start: hall garden", "hall: out", "garden: out hall", "out:"])
        #expect(result.story.passages[2].choices.map(\.text) == ["Climb the wall", "Back inside"])
        #expect(result.story.passages[2].choices[1].location?.line == 11)
        #expect(counts(result) == [4, 5, 0, 3])
        #expect(result.diagnostics.isEmpty)
    }

    /// Pages made by the builder call itself, from enum cases whose strings live elsewhere:
    /// `let pier = start.addChoiceWith(title: "…", story: .pier)`, and unnamed pages made
    /// by a bare call (`pier.addChoiceWith(title: "…", story: .boat)`), named after the case.
    @Test func pagesMadeByBuilderCallsFromEnumCases() throws {
        let result = try loadSource(
            """
            struct Voyage {
                static var story: Page {
                    let harbour = Page(story: .harbour(name: "Ada"))
                    let pier = harbour.addChoiceWith(title: "Walk the pier", story: .pier)
                    let market = harbour.addChoiceWith(title: "Visit the market", story: .market)
                    pier.addChoiceWith(title: "Board the boat", story: .boat)
                    pier.addChoiceWith(title: "Back to town", page: market)
                    market.addChoiceWith(title: "Buy a map", story: .map)
                    return harbour
                }
            }
            """, path: "Voyage.swift")
        #expect(result.story.start == "harbour")
        #expect(shape(result.story) == ["harbour: pier market", "pier: boat market", "market: map", "boat:", "map:"])
        #expect(result.story.passages.map(\.text) == ["harbour", "pier", "market", "boat", "map"])
        #expect(result.story.passages[1].choices.map(\.text) == ["Board the boat", "Back to town"])
        #expect(counts(result) == [5, 5, 0, 3])
        #expect(result.diagnostics.isEmpty)
    }

    /// The same in Objective-C: `[first addChoiceWithTitle:@"…" leaf:left]`.
    @Test func objectiveCBuilderMessages() throws {
        let result = try loadSource(
            """
            @implementation Book
            - (void)build {
                Leaf *first = [[Leaf alloc] initWithText:@"The bell rings."];
                Leaf *left = [[Leaf alloc] initWithText:@"You answer it."];
                Leaf *right = [[Leaf alloc] initWithText:@"You ignore it."];
                [first addChoiceWithTitle:@"Answer" leaf:left];
                [first addChoiceWithTitle:@"Ignore" leaf:right];
                self.current = first;
            }
            @end
            """, path: "Book.m")
        #expect(result.story.start == "first")
        #expect(shape(result.story) == ["first: left right", "left:", "right:"])
        #expect(result.story.passages[0].choices.map(\.text) == ["Answer", "Ignore"])
        #expect(counts(result) == [3, 2, 0, 2])
    }

    /// The older course shape: string constants, and if/else in the view controller on the
    /// story index and the pressed button. Before: refused. A branch under a condition
    /// beyond `==` and `&&` is named with its line and left out.
    @Test func ifElseBranchesOverConstantsAreEvaluated() throws {
        let result = try loadSource(
            """
            import UIKit
            class ViewController: UIViewController {
                let story1 = "Your car has a flat on a lonely road."
                let answer1a = "Flag down a truck"
                let answer1b = "Walk to the farm"
                let story2 = "The trucker offers a lift."
                let answer2a = "Accept"
                let answer2b = "Decline"
                let story3 = "The farmer's dog chases you off. The end."
                let story4 = "You get home safe. The end."
                @IBOutlet weak var topButton: UIButton!
                @IBOutlet weak var bottomButton: UIButton!
                @IBOutlet weak var storyTextView: UILabel!
                var storyIndex = 1
                override func viewDidLoad() {
                    super.viewDidLoad()
                    storyTextView.text = story1
                    topButton.setTitle(answer1a, for: .normal)
                    bottomButton.setTitle(answer1b, for: .normal)
                }
                @IBAction func buttonPressed(_ sender: UIButton) {
                    if sender.tag == 1 && storyIndex == 1 {
                        storyTextView.text = story2
                        topButton.setTitle(answer2a, for: .normal)
                        bottomButton.setTitle(answer2b, for: .normal)
                        storyIndex = 2
                    } else if sender.tag == 2 && storyIndex == 1 {
                        storyTextView.text = story3
                        topButton.isHidden = true
                        bottomButton.isHidden = true
                        storyIndex = 3
                    } else if sender.tag == 1 && storyIndex == 2 {
                        storyTextView.text = story4
                        topButton.isHidden = true
                        bottomButton.isHidden = true
                        storyIndex = 4
                    } else if storyIndex > 3 && sender.tag == 2 {
                        storyIndex = 1
                    } else if sender.tag == 2 && storyIndex == 2 {
                        storyTextView.text = story3
                        topButton.isHidden = true
                        bottomButton.isHidden = true
                        storyIndex = 3
                    }
                }
            }
            """, path: "ViewController.swift")
        #expect(result.story.start == "1")
        #expect(shape(result.story) == ["1: 2 3", "2: 4 3", "3:", "4:"])
        #expect(
            result.story.passages.map(\.text) == [
                "Your car has a flat on a lonely road.", "The trucker offers a lift.",
                "The farmer's dog chases you off. The end.", "You get home safe. The end.",
            ])
        #expect(result.story.passages[0].choices.map(\.text) == ["Flag down a truck", "Walk to the farm"])
        #expect(result.story.passages[1].choices.map(\.text) == ["Accept", "Decline"])
        #expect(counts(result) == [4, 4, 2, 3])
        #expect(result.diagnostics.map(\.location?.line) == [37])
        #expect(
            result.diagnostics.first?.message.hasPrefix(
                "this branch sets storyIndex under a condition storygraph does not evaluate (`if storyIndex > 3 && sender.tag == 2 {`)"
            ) == true)
    }

    /// A view controller with a tap recogniser is no story: before, it loaded as one piece
    /// with a broken link to `self`.
    @Test func aTapRecogniserIsNotAPiece() {
        #expect(throws: StoryLoadError.self) {
            try loadSource(
                """
                class ViewController: UIViewController {
                    override func viewDidLoad() {
                        let tap = UITapGestureRecognizer(target: self, action: #selector(tapped))
                        view.addGestureRecognizer(tap)
                    }
                }
                """, path: "ViewController.swift")
        }
        #expect(
            AdventurePieceLoader.confidence(
                for: SourceText(
                    path: "V.swift", text: "let tap = UITapGestureRecognizer(target: self, action: #selector(t))")) == 0
        )
    }
}

/// Projects: a folder of app source is read from the file that holds the story.
@Suite("SourceLoader: app projects")
struct AppSourceProjectTests {
    func project() throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent(
            "storygraph-project-\(UUID().uuidString)"
        ).path
        let files = [
            "Destini/Model/Story.swift": """
            struct Story {
                let title: String
                let choice1: String
                let choice1Destination: Int
                let choice2: String
                let choice2Destination: Int
            }
            """,
            "Destini/Model/StoryBrain.swift": """
            struct StoryBrain {
                var storyNumber = 0
                let stories = [
                    Story(title: "The bus breaks down.", choice1: "Walk", choice1Destination: 1, choice2: "Wait", choice2Destination: 2),
                    Story(title: "You reach town.", choice1: "The", choice1Destination: 0, choice2: "End", choice2Destination: 0),
                    Story(title: "Night falls.", choice1: "The", choice1Destination: 0, choice2: "End", choice2Destination: 0),
                ]
            }
            """,
            "Destini/Controller/ViewController.swift": """
            class ViewController: UIViewController {
                var storyBrain = StoryBrain()
            }
            """,
            "Pods/Other/Other.swift": "let xs = [Story(title: \"x\", choice1: \"y\", choice1Destination: 0)]",
        ]
        for (path, text) in files {
            let full = (root as NSString).appendingPathComponent(path)
            try FileManager.default.createDirectory(
                atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }
        try FileManager.default.createDirectory(atPath: root + "/Destini.xcodeproj", withIntermediateDirectories: true)
        return root
    }

    @Test func aProjectFolderIsReadFromItsStoryFile() throws {
        let root = try project()
        defer { try? FileManager.default.removeItem(atPath: root) }
        for path in [root, root + "/Destini.xcodeproj"] {
            let result = try StoryLoading.load(paths: [path])
            #expect(result.story.passages.count == 3)
            #expect(shape(result.story) == ["0: 1 2", "1: ↺ ↺", "2: ↺ ↺"])
            let notes = result.diagnostics.filter { $0.ruleID == AppSourceProject.ruleID }
            #expect(notes.map(\.location?.file) == [root + "/Destini/Model/StoryBrain.swift"])
            #expect(
                notes.map(\.message) == [
                    "read the story from this file, the one of the 3 source files in \(root) that holds it"
                ])
        }
    }

    @Test func aTypeOnlyFileSaysWhereTheStoryIs() throws {
        let root = try project()
        defer { try? FileManager.default.removeItem(atPath: root) }
        do {
            _ = try StoryLoading.load(paths: [root + "/Destini/Model/Story.swift"])
            Issue.record("a type-only file loaded")
        } catch {
            #expect(
                error.diagnostics.map(\.message) == [
                    "the story is in another file: StoryBrain.swift (this file declares Story but builds no story); give that file, or the project folder"
                ])
            #expect(error.diagnostics.map(\.location?.line) == [1])
        }
    }
}
