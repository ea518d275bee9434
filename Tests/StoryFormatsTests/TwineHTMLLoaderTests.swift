import Foundation
import StoryGraph
import TestSupport
import Testing

@testable import StoryFormats

@Suite struct TwineHTMLLoaderTests: LoadsStoryText {
    static let fileName = "story.html"

    static let twoStories = """
        <tw-storydata name="First" startnode="2" format="SugarCube" ifid="A">
        <tw-passagedata pid="1" name="Hall" tags="" position="100,100">A hall. [[Yard]]</tw-passagedata>
        <tw-passagedata pid="2" name="Yard" tags="outside" position="250,100">A yard.</tw-passagedata>
        </tw-storydata>
        <tw-storydata name="Second" startnode="1" format="Harlowe" ifid="B">
        <tw-passagedata pid="1" name="Gate" tags="">(link-goto: "Open", "Lane")</tw-passagedata>
        <tw-passagedata pid="2" name="Lane" tags="">
        The lane.
          (goto: "Gate")</tw-passagedata>
        </tw-storydata>
        """

    @Test func readsStoryDataAndPassages() throws {
        let result = try Self.load(Self.twoStories, options: LoadOptions.with(\.storyName, "First"))
        let story = result.story
        #expect(story.title == "First")
        #expect(story.format == "twine-html")
        #expect(story.start == "Yard")
        #expect(story.passages.map(\.id) == ["Hall", "Yard"])
        #expect(story.passages[1].tags == ["outside"])
        #expect(story.passages[1].metadata == ["position": "250,100"])
        #expect(story.passages.map { $0.location?.description } == ["story.html:2:1", "story.html:3:1"])
        #expect(story.passages[0].choices.map { $0.location?.description } == ["story.html:2:72"])
        #expect(result.diagnostics.isEmpty)
    }

    @Test func anArchiveReadsTheFirstStoryAndNamesTheOthers() throws {
        let result = try Self.load(Self.twoStories)
        #expect(result.story.title == "First")
        #expect(
            result.diagnostics.map(\.description) == [
                "story.html:1:1: info: this file holds 2 stories; reading the first, 'First'; pick another with --story NAME [twine-archive]\nstory.html:5:1: note: it also holds 'Second'"
            ])
    }

    @Test func storyNamePicksAnotherStoryOfTheArchive() throws {
        let result = try Self.load(Self.twoStories, options: LoadOptions.with(\.storyName, "second"))
        let story = result.story
        #expect(story.title == "Second")
        #expect(story.start == "Gate")
        #expect(story.passages.map(\.id) == ["Gate", "Lane"])
        #expect(story.passages.map { $0.location?.description } == ["story.html:6:1", "story.html:7:1"])
        #expect(story.passages[0].choices.map(\.kind) == [.choice])
        #expect(story.passages[1].choices.map(\.kind) == [.auto])
        #expect(story.passages[1].choices.map { $0.location?.description } == ["story.html:9:3"])
        #expect(result.diagnostics.isEmpty)
    }

    @Test func anUnknownStoryNameIsAnErrorListingTheStories() {
        #expect {
            _ = try Self.load(Self.twoStories, options: LoadOptions.with(\.storyName, "Third"))
        } throws: { error in
            (error as? StoryLoadError)?.description
                == "story.html:1:1: error: no story named 'Third' in this file; it holds 'First', 'Second' [no-story]"
        }
    }

    @Test func entitiesAreDecodedAndLinksLocatedThroughThem() throws {
        let html = """
            <tw-storydata name="E" startnode="1" format="SugarCube">
            <tw-passagedata pid="1" name="Tom &amp; Jerry" tags="">Fish &amp; chips, &#39;quoted&#39; &#x41;
            &lt;&lt;goto &quot;Caf&eacute;&quot;&gt;&gt; [[Go-&gt;Caf&#233;]]</tw-passagedata>
            <tw-passagedata pid="2" name="Café">Done.</tw-passagedata>
            </tw-storydata>
            """
        let result = try Self.load(html)
        let passage = try #require(result.story.passage("Tom & Jerry"))
        #expect(passage.text == "Fish & chips, 'quoted' A\n<<goto \"Café\">> [[Go->Café]]")
        // The sure `<<goto>>` pre-empts the link beside it (reported at the link's place).
        #expect(passage.choices.map(\.target) == ["Café"])
        #expect(passage.choices.map(\.kind) == [.auto])
        #expect(passage.choices.map { $0.location?.description } == ["story.html:3:1"])
        #expect(
            result.diagnostics.map(\.description) == [
                "story.html:3:46: warning: 'Go' in passage 'Tom & Jerry' can never be clicked: the passage always goes on to 'Café' by itself at line 3 before the reader can choose [twine-preempted-link]"
            ])
    }

    @Test func aMissingStartnodeIsAWarningAndTheFirstPassageStarts() throws {
        let html =
            "<p>x</p>\n<tw-storydata name=\"S\">\n<tw-passagedata pid=\"1\" name=\"One\">[[Two]]</tw-passagedata><tw-passagedata pid=\"2\" name=\"Two\">x</tw-passagedata></tw-storydata>"
        let result = try Self.load(html)
        #expect(result.story.start == "One")
        #expect(
            result.diagnostics.map(\.description) == [
                "story.html:2:1: warning: <tw-storydata> has no startnode; the story starts at the first passage, 'One' [start-fallback]"
            ])
    }

    @Test func aWrongStartnodeIsAWarningAndTheFirstPassageStarts() throws {
        let html =
            "<tw-storydata name=\"S\" startnode=\"9\"><tw-passagedata pid=\"1\" name=\"One\">[[Two]]</tw-passagedata>\n<tw-passagedata pid=\"2\" name=\"Two\">x</tw-passagedata></tw-storydata>"
        let result = try Self.load(html)
        #expect(result.story.start == "One")
        #expect(
            result.diagnostics.map(\.description) == [
                "story.html:1:1: warning: startnode 9 names no passage; the story starts at the first passage, 'One' [start-fallback]"
            ])
        #expect(result.story.passages.map { $0.location?.description } == ["story.html:1:38", "story.html:2:1"])
    }

    @Test func aPublishedPageAroundTheStoryIsSkipped() throws {
        let html = """
            <!DOCTYPE html><html><head><title>T</title>
            <script>var s = "<tw-passagedata name='Fake'>"; if (a < b && c) {}</script></head>
            <body><tw-story></tw-story>
            <tw-storydata name="Pub" startnode="1" format="Harlowe" hidden><style role="stylesheet"></style>
            <tw-passagedata pid="1" name="Start" tags="" position="1,2" size="100,100">(display: "Aside")[[Aside]]</tw-passagedata><tw-passagedata pid="2" name="Aside" tags="header">x</tw-passagedata>
            </tw-storydata><script>/* engine */ document.write("</div>");</script></body></html>
            """
        let result = try Self.load(html)
        #expect(result.story.passages.map(\.id) == ["Start"])
        #expect(result.story.specialPassages.map(\.id) == ["Aside"])
        #expect(result.story.passages[0].location?.description == "story.html:5:1")
        #expect(
            result.story.passages[0].choices.map { $0.location?.description } == ["story.html:5:76", "story.html:5:94"])
    }

    @Test func twine1HTMLIsRead() throws {
        let html = #"""
            <html><body><div id="storeArea">
            <div tiddler="StoryTitle" tags="" modifier="twee">The Old Mill</div>
            <div tiddler="Start" tags="intro" twine-position="10,20">Wheels turn.\n\tNo \s escape.\n[[Go in|Mill Room]]</div>
            <div tiddler="Mill Room" tags="">Flour &amp; dust.</div>
            <div tiddler="StorySettings" tags="">undo:off</div>
            </div></body></html>
            """#
        let result = try Self.load(html)
        let story = result.story
        #expect(story.title == "The Old Mill")
        #expect(story.start == "Start")
        #expect(story.passages.map(\.id) == ["Start", "Mill Room"])
        #expect(story.specialPassages.map(\.id) == ["StoryTitle", "StorySettings"])
        #expect(story.passages[0].text == "Wheels turn.\n\tNo \\ escape.\n[[Go in|Mill Room]]")
        #expect(story.passages[0].tags == ["intro"])
        #expect(story.passages[0].metadata == ["position": "10,20"])
        #expect(story.passages[1].text == "Flour & dust.")
        #expect(story.passages[0].choices.map { $0.location?.description } == ["story.html:3:89"])
        #expect(result.diagnostics.isEmpty)
    }

    @Test func htmlWithoutAStoryCannotBeRead() {
        #expect {
            _ = try Self.load("<html><body><p>Nothing here</p></body></html>", options: LoadOptions())
        } throws: { error in
            (error as? StoryLoadError)?.description.hasPrefix("story.html:1:1: error:") == true
        }
    }

    @Test func hostileHTMLNeverTraps() throws {
        let deep = String(repeating: "<div>", count: 100_000)
        let garbage =
            "<tw-storydata name=\"H\" startnode=\"1\"><tw-passagedata pid=\"1\" name=\"A\">"
            + String(repeating: "&lt;&lt;if 1&gt;&gt;[[", count: 20_000) + deep + "</tw-passagedata"
        let result = try Self.load(garbage)
        #expect(result.story.passages.map(\.id) == ["A"])
        #expect(throws: StoryLoadError.self) { _ = try Self.load("<" + deep + "\u{0}<<>>&&&") }
    }

    @Test func clockworkHTMLIsTheSameStoryAsItsTwee() throws {
        let path = TweeLoaderTests.example("clockwork.html")
        let html = try StoryLoading.load(paths: [path])
        let twee = try StoryLoading.load(paths: [TweeLoaderTests.example("clockwork-sugarcube.twee")])
        #expect(
            html.diagnostics.map(\.description) == [
                "\(path):50:53: info: 'Let go of the key' in passage 'Mainspring' goes where the story computes when it runs ($next); it is drawn but not followed [dynamic-link]"
            ])
        #expect(html.story.title == "The Clockwork Tower")
        #expect(html.story.start == "Workshop")
        #expect(html.story.passages.count == 15)
        #expect(html.story.specialPassages.map(\.id) == ["StoryInit", "StoryCaption"])
        #expect(html.story.passages.map(\.id) == twee.story.passages.map(\.id))
        #expect(html.story.passages.map(\.text) == twee.story.passages.map(\.text))
        let strip = { (choices: [Choice]) in
            choices.map { [$0.text, $0.target, $0.kind.rawValue, $0.condition?.description ?? "-"] }
        }
        #expect(strip(html.story.passages.flatMap(\.choices)) == strip(twee.story.passages.flatMap(\.choices)))
        #expect(html.story.passages.flatMap(\.choices).count == 21)
        #expect(html.story.passages.filter(\.isEnding).count == 3)
        #expect(html.story.passages.allSatisfy { $0.metadata["position"] != nil })
        // Every link is located at its first character in the HTML file: `[[` or the
        // escaped `<<` (`&lt;&lt;`).
        let lines = try String(contentsOfFile: TweeLoaderTests.example("clockwork.html"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map { Array($0.unicodeScalars) }
        for choice in html.story.passages.flatMap(\.choices) {
            let location = try #require(choice.location)
            let line = lines[location.line - 1]
            let rest = String(String.UnicodeScalarView(line[(location.column - 1)...]))
            #expect(rest.hasPrefix("[[") || rest.hasPrefix("&lt;&lt;"), "\(location): \(rest.prefix(20))")
        }
    }
}
