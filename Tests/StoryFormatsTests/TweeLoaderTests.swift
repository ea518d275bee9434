import Foundation
import StoryGraph
import TestSupport
import Testing

@testable import StoryFormats

/// A passage header and what it must be read as.
struct HeaderCase: Sendable, CustomStringConvertible {
    var header: String
    var name: String
    var tags: [String] = []
    var metadata: [String: String] = [:]
    var description: String { header }
}

@Suite struct TweeLoaderTests: LoadsStoryText {
    static let fileName = "story.twee"

    static let headers: [HeaderCase] = [
        .init(header: ":: Hall", name: "Hall"),
        .init(header: "::Hall", name: "Hall"),
        .init(header: ":: Hall [dark cold]", name: "Hall", tags: ["dark", "cold"]),
        .init(
            header: ":: Hall {\"position\":\"600,400\",\"size\":\"100,200\"}", name: "Hall",
            metadata: ["position": "600,400", "size": "100,200"]),
        .init(
            header: ":: Hall [dark] {\"position\":\"1,2\"}", name: "Hall", tags: ["dark"], metadata: ["position": "1,2"]
        ),
        .init(header: ":: Hall [dark] <10,20>", name: "Hall", tags: ["dark"], metadata: ["position": "10,20"]),
        .init(header: ":: Hall <10.5, 20>", name: "Hall", metadata: ["position": "10.5,20"]),
        .init(header: ":: A \\[1\\] \\{x\\} \\\\ b", name: "A [1] {x} \\ b"),
        .init(header: ":: Hall [a\\]b c\\\\d]", name: "Hall", tags: ["a]b", "c\\d"]),
        .init(header: ":: Hall    ", name: "Hall"),
    ]

    @Test(arguments: headers)
    func eachHeaderForm(_ form: HeaderCase) throws {
        let result = try Self.load(":: Start\n[[Go->\(form.name)]]\n\n\(form.header)\nBody text.\n")
        let passage = try #require(result.story.passage(form.name))
        #expect(passage.tags == form.tags)
        #expect(passage.metadata == form.metadata)
        #expect(passage.text == "Body text.")
        #expect(passage.location?.description == "story.twee:4:1")
        #expect(result.diagnostics.isEmpty)
    }

    @Test func textRunsToTheNextHeaderAndCRLFIsRead() throws {
        let result = try Self.load(":: Start\r\nOne\r\n\r\nTwo [[Next]]\r\n\r\n:: Next\r\nEnd.\r\n")
        #expect(result.story.passages.map(\.id) == ["Start", "Next"])
        #expect(result.story.passages[0].text == "One\r\n\r\nTwo [[Next]]")
        #expect(result.story.passages[0].choices.map { $0.location?.description } == ["story.twee:4:5"])
    }

    @Test func invalidMetadataIsAWarningAndDropped() throws {
        let result = try Self.load(":: Start {\"position\":600,}\nText.")
        let passage = try #require(result.story.passage("Start"))
        #expect(passage.metadata.isEmpty)
        #expect(
            result.diagnostics.map(\.description) == [
                "story.twee:1:26: warning: the metadata of passage 'Start' is not valid JSON (unexpected '}': expected a string key); it is ignored [twine-metadata]"
            ])
    }

    @Test func storyTitleAndStoryDataNameTheStory() throws {
        let result = try Self.load(
            """
            :: StoryTitle
            The Mill

            :: StoryData
            {"ifid": "X", "format": "Harlowe", "format-version": "3.3.8", "start": "Gate"}

            :: Gate
            (goto: "Mill")

            :: Mill
            Done.
            """)
        #expect(result.story.title == "The Mill")
        #expect(result.story.start == "Gate")
        #expect(result.story.format == "twee")
        #expect(result.story.passages.map(\.id) == ["Gate", "Mill"])
        #expect(result.story.specialPassages.map(\.id) == ["StoryTitle", "StoryData"])
        // The Harlowe dialect from StoryData reads `(goto:)`.
        #expect(result.story.passages[0].choices.map(\.kind) == [.auto])
        #expect(result.diagnostics.isEmpty)
    }

    @Test func withoutStoryDataThePassageNamedStartStarts() throws {
        let result = try Self.load(":: Hall\nx\n:: Start\n[[Hall]]")
        #expect(result.story.start == "Start")
        #expect(result.story.title == "story")
        #expect(result.diagnostics.isEmpty)
    }

    @Test func withNoStartAtAllTheFirstPassageStartsWithAWarning() throws {
        let result = try Self.load("\n:: Hall\n[[Yard]]\n:: Yard\nx")
        #expect(result.story.start == "Hall")
        #expect(
            result.diagnostics.map(\.description) == [
                "story.twee:2:1: warning: no start passage: StoryData names none and no passage is called 'Start'; the story starts at the first passage, 'Hall' [start-fallback]"
            ])
    }

    @Test func storyDataThatIsNotJSONIsAWarning() throws {
        let result = try Self.load(":: StoryData\n{\"start\": Hall}\n\n:: Start\nx\n:: Hall\ny")
        #expect(result.story.start == "Start")
        #expect(
            result.diagnostics.map(\.description) == [
                "story.twee:2:11: warning: StoryData is not valid JSON (unexpected 'H': expected a value); it is ignored [twine-metadata]"
            ])
    }

    @Test func storyDataNamingAMissingStartFallsBackToStart() throws {
        let result = try Self.load(":: StoryData\n{\n  \"start\": \"Nowhere\"\n}\n:: Start\nx")
        #expect(result.story.start == "Start")
        #expect(
            result.diagnostics.map(\.description) == [
                "story.twee:3:12: warning: StoryData's \"start\" names the start passage 'Nowhere', which is not a story passage; the story starts at 'Start' [start-fallback]"
            ])
    }

    @Test func theStartOptionWinsWithoutWarnings() throws {
        let result = try Self.load(
            ":: StoryData\n{\"start\": \"Nowhere\"}\n:: Hall\n[[Yard]]\n:: Yard\nx", options: LoadOptions(start: "Yard")
        )
        #expect(result.story.start == "Yard")
        #expect(result.diagnostics.isEmpty)
    }

    @Test func specialPassagesAreKeptApart() throws {
        let result = try Self.load(
            """
            :: StoryData
            {"format": "SugarCube"}
            :: StoryInit
            <<set $x to 1>>
            :: StoryMenu
            [[Inventory]]
            :: Start
            [[Inventory]]
            :: Inventory [header]
            A SugarCube passage tagged header is an ordinary one.
            :: Helpers [widget]
            <<widget "w">>[[Nowhere]]<</widget>>
            :: Code [script]
            [[Not a link]]
            :: Look [stylesheet]
            body {}
            :: Notes [Twine.private]
            [[Private]]
            """)
        // StoryMenu's link is live on every passage that goes on (and the start): it is a
        // fragment the start shows (`TwineChrome`).
        #expect(result.story.passages.map(\.id) == ["Start", "Inventory", "StoryMenu"])
        #expect(
            result.story.specialPassages.map(\.id) == ["StoryData", "StoryInit", "Helpers", "Code", "Look", "Notes"])
        #expect(result.story.passages.first { $0.id == "StoryMenu" }?.choices.map(\.target) == ["Inventory"])
        #expect(
            result.story.passages.first { $0.id == "Start" }?.choices.map { "\($0.kind) \($0.target)" } == [
                "choice Inventory", "include StoryMenu",
            ])
        #expect(result.story.specialPassages.first { $0.id == "Code" }?.choices.isEmpty == true)
        // Special passages link to missing passages without a broken-link warning.
        #expect(result.diagnostics.isEmpty)
    }

    @Test func harloweHeaderTagsAreSpecial() throws {
        let result = try Self.load(
            ":: StoryData\n{\"format\": \"Harlowe\"}\n:: Start\nx\n:: Top [header]\n(set: $n to it + 1)\n:: Boot [startup]\ny"
        )
        #expect(result.story.passages.map(\.id) == ["Start"])
        #expect(result.story.specialPassages.map(\.id) == ["StoryData", "Top", "Boot"])
    }

    @Test func severalFilesMakeOneStoryAndDuplicatesNameBothPlaces() throws {
        let a = SourceText(path: "a.twee", text: ":: Start\n[[Hall]]\n:: Hall\nOne.")
        let b = SourceText(path: "b.twee", text: ":: Yard\nx\n\n:: Hall\nTwo.")
        let result = try StoryLoading.load(sources: [a, b])
        #expect(result.story.passages.map(\.id) == ["Start", "Hall", "Yard"])
        #expect(
            result.diagnostics.map(\.description) == [
                "b.twee:4:1: error: duplicate passage id 'Hall' [duplicate-id]\na.twee:3:1: note: 'Hall' is first defined here"
            ])
    }

    @Test func aDuplicateSpecialPassageIsAnErrorToo() throws {
        let a = SourceText(path: "a.twee", text: ":: Start\nx\n:: StoryInit\n<<set $a to 1>>")
        let b = SourceText(path: "b.twee", text: ":: StoryInit\n<<set $b to 1>>")
        let result = try StoryLoading.load(sources: [a, b])
        #expect(
            result.diagnostics.map(\.description) == [
                "b.twee:1:1: error: duplicate passage name 'StoryInit' [duplicate-id]\na.twee:3:1: note: 'StoryInit' is first defined here"
            ])
    }

    @Test func strayTextAndNamelessHeadersAreReported() throws {
        let result = try Self.load("A note.\n:: Start\nx\n::  [tag]\nlost text\n:: Hall\ny")
        #expect(result.story.passages.map(\.id) == ["Start", "Hall"])
        #expect(
            result.diagnostics.map(\.description) == [
                "story.twee:1:1: warning: text before the first passage header ('::') belongs to no passage and is ignored [twee-stray-text]",
                "story.twee:4:1: error: passage header has no name; the passage is skipped [nameless-passage]",
            ])
    }

    @Test func brokenLinksAreLocatedAtTheLink() throws {
        let result = try Self.load(":: Start\nSome text.\n  Then <<goto \"Cellar\">>.")
        #expect(
            result.diagnostics.map(\.description) == [
                "story.twee:3:8: error: choice 'Cellar' of passage 'Start' leads to 'Cellar', which does not exist [broken-link]"
            ])
    }

    @Test func textFilesAreTweeOnlyWithHeaders() {
        #expect(TweeLoader.confidence(for: SourceText(path: "s.txt", text: "Some notes\n:: Start\nx")) == 10)
        #expect(TweeLoader.confidence(for: SourceText(path: "s.txt", text: "*title Not Twee\n: x :: y")) == 0)
        #expect(throws: StoryLoadError.self) {
            _ = try StoryLoading.load(sources: [SourceText(path: "notes.txt", text: "just notes")])
        }
    }

    @Test func hostileTweeLoadsWithoutTrapping() throws {
        var text = ":: Start\n"
        text += String(repeating: "<<if $x>>(if: $y)[", count: 20_000)
        text +=
            "[[End]]\n:: End\n" + String(repeating: ":: ", count: 10) + "\n:: Odd [unclosed\n"
            + String(repeating: "[[", count: 50_000)
        let result = try Self.load(text)
        // `:: :: …` is a header whose name is the rest of the line, as in Tweego.
        #expect(result.story.passages.map(\.id) == ["Start", "End", ":: :: :: :: :: :: :: :: ::", "Odd"])
        #expect(result.story.passages[0].choices.map(\.target) == ["End"])
    }

    // MARK: Examples

    @Test func clockworkExampleHasExactCounts() throws {
        let path = Self.example("clockwork-sugarcube.twee")
        let result = try StoryLoading.load(paths: [path])
        let story = result.story
        #expect(
            result.diagnostics.map(\.description) == [
                "\(path):78:31: info: 'Let go of the key' in passage 'Mainspring' goes where the story computes when it runs ($next); it is drawn but not followed [dynamic-link]"
            ])
        #expect(story.title == "The Clockwork Tower")
        #expect(story.start == "Workshop")
        #expect(story.passages.count == 15)
        #expect(story.specialPassages.map(\.id) == ["StoryTitle", "StoryData", "StoryInit", "StoryCaption"])
        let choices = story.passages.flatMap(\.choices)
        #expect(choices.count == 21)
        #expect(choices.filter { $0.kind == .choice }.count == 18)
        #expect(choices.filter { $0.kind == .auto }.map(\.target) == ["Gear Room"])
        #expect(choices.filter { $0.kind == .include }.map(\.target) == ["Ticking"])
        #expect(choices.filter { $0.kind == .dynamic }.map(\.target) == ["$next"])
        #expect(choices.filter { $0.condition != nil }.map(\.target) == ["Mainspring", "Bell Rings", "Rope Snaps"])
        #expect(story.passages.filter(\.isEnding).map(\.id) == ["Bell Rings", "Rope Snaps", "Overwound"])
        #expect(story.passages.filter { $0.metadata["position"] != nil }.count == 15)
        let graph = StoryGraph(story)
        #expect(graph.reachableFromStart().filter { $0 }.count == 15)
    }

    @Test func tidepoolExampleHasExactCounts() throws {
        let path = Self.example("tidepool-harlowe.twee")
        let result = try StoryLoading.load(paths: [path])
        let story = result.story
        #expect(
            result.diagnostics.map(\.description) == [
                "\(path):45:1: info: 'Wish you had not' in passage 'Crab' goes where the story computes when it runs ((link-undo: \"Wish you had not\")); it is drawn but not followed [dynamic-link]"
            ])
        #expect(story.title == "Tidepool")
        #expect(story.start == "Start")
        #expect(story.passages.count == 12)
        #expect(story.specialPassages.map(\.id) == ["StoryTitle", "StoryData", "Tide Header"])
        let choices = story.passages.flatMap(\.choices)
        #expect(choices.count == 18)
        #expect(choices.filter { $0.kind == .auto }.map(\.target) == ["Tide Turns", "Swept Away"])
        #expect(choices.filter { $0.kind == .include }.map(\.target) == ["Tide Clock"])
        #expect(choices.filter { $0.kind == .dynamic }.count == 1)
        #expect(choices.filter(\.isRestart).count == 2)
        #expect(
            choices.filter { $0.condition != nil }.map(\.condition?.description) == [
                "$bucket", "not ($bucket)", "$turns > 3",
            ])
        #expect(story.passages.filter(\.isEnding).map(\.id) == ["Hermit Shell", "Sea Glass", "Swept Away"])
        #expect(StoryGraph(story).reachableFromStart().filter { $0 }.count == 12)
    }

    static func example(_ name: String) -> String {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { break }
        }
        return url.appendingPathComponent("Examples").appendingPathComponent(name).path
    }
}
