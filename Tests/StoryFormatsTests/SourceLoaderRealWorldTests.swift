import Foundation
import StoryGraph
import Testing

@testable import StoryFormats

/// Shapes met in real StoryBrain.swift files written by many hands (see
/// `Documentation/trials/app-source-realworld.md`), each reproduced here with a story of our
/// own: the shape is theirs, the text is not.
@Suite("SourceLoader: real-world shapes")
struct SourceLoaderRealWorldTests {
    /// `choice1Image:` and `storyImage:` are attributes: before, `choice1Image` was read as
    /// choice 1's label (overwriting it) because it holds the word "choice".
    @Test func imageFieldsAreNeitherLabelsNorText() throws {
        let result = try loadSource(
            """
            let pages = [
                Page(pageText: "The ferry is late.", pageImage: "dock",
                     choice1: "Wait", choice1Image: "bench", choice1destination: 1,
                     choice2: "Swim", choice2Image: "waves", choice2destination: 2),
                Page(pageText: "It never comes.", pageImage: "night",
                     choice1: "", choice1Image: "", choice1destination: 0,
                     choice2: "", choice2Image: "", choice2destination: 0),
                Page(pageText: "Cold, but you arrive.", pageImage: "shore",
                     choice1: "", choice1Image: "", choice1destination: 0,
                     choice2: "", choice2Image: "", choice2destination: 0),
            ]
            """)
        let story = result.story
        #expect(story.passages.map(\.text) == ["The ferry is late.", "It never comes.", "Cold, but you arrive."])
        #expect(story.passages[0].choices.map(\.text) == ["Wait", "Swim"])
        #expect(shape(story) == ["0: 1 2", "1:", "2:"])
        #expect(result.diagnostics.isEmpty)
    }

    @Test(arguments: [
        ("c1", SourceFieldRole.label(1)), ("ch2", .label(2)), ("a2", .label(2)),
        ("d1", .destination(1)), ("c2D", .destination(2)), ("c1d", .destination(1)), ("dest3", .destination(3)),
        ("t", .text(priority: 2)), ("choice2Image", .ignored), ("storyImage", .ignored), ("bgColor", .ignored),
        ("c", .ignored), ("d", .ignored), ("x1", .ignored),
    ])
    func shortAndAttributeNames(name: String, role: SourceFieldRole) {
        #expect(SourceFieldRole.classify(name) == role)
        #expect(SourceFieldRole.classify(name) == role, "the memoised answer is the same")
    }

    /// `Tale(s: "…", c1: "…", c2: "…", c1D: 2, c2D: 1)`: abbreviated labels and
    /// destinations, and a text under a name of the author's own.
    @Test func abbreviatedFieldsAndATextUnderAnUnknownName() throws {
        let result = try loadSource(
            """
            struct Brain {
                let tales = [
                    Tale(sT: "A fox at the gate.", c1: "Feed it", c2: "Shoo it", c1D: 1, c2D: 2),
                    Tale(sT: "It follows you home.", c1: "The", c2: "End", c1D: 0, c2D: 0),
                    Tale(sT: "It bites.", c1: "The", c2: "End", c1D: 0, c2D: 0),
                ]
                let other = [Tale(t: "x", c1: "y", c2: "z", d1: 0, d2: 0)]
            }
            """)
        #expect(result.story.passages.count == 3)
        #expect(result.story.passages[0].text == "A fox at the gate.")
        #expect(result.story.passages[0].choices.map(\.text) == ["Feed it", "Shoo it"])
        #expect(shape(result.story) == ["0: 1 2", "1: ↺ ↺", "2: ↺ ↺"])
        #expect(!result.hasErrors)
    }

    /// The first step of the exercise (and apps that move on with `position += 1`):
    /// texts and labels, no destinations. Every passage loads; one warning at the array
    /// says why there are no links, instead of one error per choice or "not a story".
    @Test func anArrayWithoutDestinationsLoadsItsPassagesWithOneLocatedWarning() throws {
        let result = try loadSource(
            """
            import Foundation

            struct StoryBrain {
                var stories = [
                    Story(title: "A bridge, half fallen.", choice1: "Cross", choice2: "Turn back"),
                    Story(title: "A troll asks a riddle.", choice1: "Answer", choice2: "Run"),
                    Story(title: "A boat drifts by.", choice1: "Board it", choice2: "Wave")
                ]
                mutating func next() { position += 1 }
            }
            """)
        #expect(result.story.passages.count == 3)
        #expect(
            result.story.passages.map(\.text) == [
                "A bridge, half fallen.", "A troll asks a riddle.", "A boat drifts by.",
            ])
        #expect(!result.hasErrors)
        let warnings = result.diagnostics.filter { $0.severity == .warning }
        #expect(warnings.count == 1)
        #expect(warnings.first?.location == SourceLocation(file: "StoryBrain.swift", line: 4, column: 19))
        #expect(warnings.first?.message.contains("3 elements with choice labels but no destinations") == true)
        #expect(warnings.first?.message.contains("decided by code") == true)
    }

    /// One element without destinations among linked ones is still that element's error.
    @Test func oneUnlinkedElementAmongLinkedOnesIsStillAnErrorAtItsChoice() throws {
        let result = try loadSource(
            """
            let stories = [
                Story(title: "Start", choice1: "On", choice1Destination: 1, choice2: "Off", choice2Destination: 1),
                Story(title: "Middle", choice1: "Where?", choice2: "Here")
            ]
            """)
        #expect(result.story.passages.count == 2)
        #expect(result.diagnostics.filter { $0.severity == .error }.map { $0.location?.line } == [3, 3])
    }

    /// The first Destini shape: numbered constants and an if/else chain. Its branches are
    /// evaluated (`AppSourceShapesTests` has the whole shape); a start that nothing shows has
    /// no text, and buttons that nothing titles are named by their tag.
    @Test func constantsLinkedByIfElseAreReadFromTheBranches() throws {
        let text = """
            import UIKit

            class ViewController: UIViewController {
                var storyIndex = 1
                let story1 = "The lift stops between floors."
                let answer1a = "Press the alarm"
                let answer1b = "Pry the doors"
                let story2 = "Nobody answers."
                let story3 = "The doors give way."

                @IBAction func buttonPressed(_ sender: UIButton) {
                    if sender.tag == 1 && storyIndex == 1 {
                        storyTextView.text = story2
                        storyIndex = 2
                    } else if sender.tag == 2 && storyIndex == 1 {
                        storyTextView.text = story3
                        storyIndex = 3
                    }
                }
            }
            """
        let result = try loadSource(text, path: "ViewController.swift")
        #expect(shape(result.story) == ["1: 2 3", "2:", "3:"])
        #expect(result.story.passages.map(\.text) == ["", "Nobody answers.", "The doors give way."])
        #expect(result.story.passages[0].choices.map(\.text) == ["button 1", "button 2"])
        #expect(result.story.passages[0].choices.map(\.location?.line) == [12, 15])
    }

    /// A file with a few numbered strings and no story is still "not a story".
    @Test func oneNumberedConstantIsNotTheConstantsShape() throws {
        #expect {
            try loadSource("let title1 = \"Settings\"\nlet button1 = \"OK\"\n", path: "Settings.swift")
        } throws: { error in
            ((error as? StoryLoadError)?.description ?? "").contains("not a story storygraph can read")
        }
    }

    /// Detection and loading share one parse: the summary of the text just summarised is
    /// reused, and a different text under the same path is not mistaken for it.
    @Test func summariesAreReusedOnlyForTheSameText() {
        let a = SourceText(
            path: "Same.swift", text: "let stories = [Story(title: \"a\", choice1: \"b\", choice1Destination: 0)]\n")
        let b = SourceText(path: "Same.swift", text: "let other = 1\n")
        let first = SwiftSourceParser.summarize(a, dialect: .swift)
        let again = SwiftSourceParser.summarize(a, dialect: .swift)
        let different = SwiftSourceParser.summarize(b, dialect: .swift)
        #expect(first.bindings.map(\.path) == [["stories"]])
        #expect(again.bindings.map(\.path) == [["stories"]])
        #expect(different.bindings.map(\.path) == [["other"]])
        #expect(
            SwiftSourceParser.summarize(a, dialect: .objectiveC).bindings.isEmpty, "another dialect is another reading")
    }
}
