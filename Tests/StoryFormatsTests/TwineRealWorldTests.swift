import Foundation
import StoryGraph
import Testing

@testable import StoryFormats

/// Shapes met in real Twine stories from public repositories (see
/// `Documentation/trials/twine-realworld.md`), each rebuilt here in text of our own.
@Suite("Twine loaders on the shapes of real files")
struct TwineRealWorldTests {
    private func loadTwee(_ text: String, path: String = "real.twee") throws -> LoadResult {
        let source = SourceText(path: path, text: text)
        var context = LoadContext(options: LoadOptions())
        let parsed = ParsedSource(source: source, parsed: TweeLoader.parse(source, SourceParses()))
        let story = try TweeLoader.load([parsed], context: &context)
        return LoadResult(story: story, diagnostics: context.sink.diagnostics)
    }

    /// A story's own link macro (defined by a macro library in its script passage) is
    /// not followed, but each passage it names is reported once, at the macro.
    @Test func aCustomMacroThatNamesAPassageIsReportedWhereItIsWritten() throws {
        let text = """
            :: StoryData
            {"format": "SugarCube", "start": "Hall"}

            :: Hall
            <<set $name to "Cellar">>
            <<goto2 "Door" "Cellar">>
            <<goto2 "Door" "Cellar">>
            <<mywidget "no such passage">>

            :: Cellar
            Dark.
            """
        let result = try loadTwee(text)
        #expect(result.story.passages.map(\.id) == ["Hall", "Cellar"])
        #expect(result.story.passages[0].choices.isEmpty)
        let notes = result.diagnostics.filter { $0.ruleID == "twine-unknown-macro" }
        #expect(notes.count == 1)
        #expect(notes.first?.severity == .info)
        #expect(notes.first?.location == SourceLocation(file: "real.twee", line: 6, column: 1))
        #expect(notes.first?.message.contains("<<goto2>>") == true)
        #expect(notes.first?.message.contains("'Cellar'") == true)
    }

    /// Writes files (relative path → text) into a fresh temporary folder.
    private func folder(_ files: [String: String]) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("twine-trial-\(UUID().uuidString)")
            .path
        for (name, text) in files {
            let path = (root as NSString).appendingPathComponent(name)
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        return root
    }

    /// A Tweego project that keeps StoryTitle and StoryData in files of their own (as
    /// Tweego's own examples and many real projects do) is one story, not one per file.
    @Test func aTweegoProjectWithStoryTitleAndStoryDataInTheirOwnFilesIsOneStory() throws {
        let root = try folder([
            "StoryTitle.twee": ":: StoryTitle\nThe Lock Keeper\n",
            "StoryData.twee": ":: StoryData\n{\"format\": \"Harlowe\", \"start\": \"Gate\"}\n",
            "chapters/gate.twee": ":: Gate\n[[Open the sluice->Sluice]] or [[wait|Dusk]]\n",
            "chapters/sluice.twee": ":: Sluice\nWater.\n\n:: Dusk\nNight falls.\n",
            "style.twee": ":: Looks [stylesheet]\nbody { color: teal; }\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(try StoryFolder(root).stories.count == 1)
        let result = try StoryLoading.load(paths: [root])
        #expect(result.story.title == "The Lock Keeper")
        #expect(result.story.start == "Gate")
        #expect(result.story.passages.map(\.id) == ["Gate", "Sluice", "Dusk"])
        #expect(result.story.passages[0].choices.map(\.target) == ["Sluice", "Dusk"])
    }

    /// Two files that each declare a StoryData are still two stories.
    @Test func twoStoryDataFilesAreStillTwoStories() throws {
        let root = try folder([
            "a.twee": ":: StoryData\n{\"start\": \"A\"}\n\n:: A\nOne.\n",
            "b.twee": ":: StoryData\n{\"start\": \"B\"}\n\n:: B\nTwo.\n",
            "title.twee": ":: StoryTitle\nShared\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        #expect(
            try StoryFolder(root).stories.map { $0.map { ($0 as NSString).lastPathComponent } } == [
                ["a.twee"], ["b.twee"], ["title.twee"],
            ])
    }

    /// SugarCube reads a link target that names no passage as TwineScript: `previous()`
    /// (a link back, as Kintsugi has one) and `$next` are computed, not broken; a name
    /// that looks like a call but is a passage stays that passage.
    @Test func aSugarCubeLinkToAnExpressionIsComputedNotBroken() throws {
        let text = """
            :: StoryData
            {"format": "SugarCube", "start": "Desk"}

            :: Desk
            [[Step back out|previous()]]
            [[Go on|$next]]
            [[Talk (again)]]
            [[Count|count(2)]]

            :: Talk (again)
            Hello.

            :: count(2)
            Two.
            """
        let result = try StoryLoading.load(sources: [SourceText(path: "desk.twee", text: text)])
        let desk = try #require(result.story.passages.first)
        #expect(desk.choices.map(\.target) == ["previous()", "$next", "Talk (again)", "count(2)"])
        #expect(desk.choices.map(\.kind) == [.dynamic, .dynamic, .choice, .choice])
        #expect(result.diagnostics.filter { $0.ruleID == "broken-link" }.isEmpty)
        // Each computed link, and (first, at the first of them) the count of those left by kind.
        #expect(result.diagnostics.filter { $0.ruleID == "dynamic-link" }.map(\.location?.line) == [5, 5, 6])
    }

    /// Harlowe does not evaluate link markup: `[[Back->previous()]]` there names a passage.
    @Test func aHarloweLinkToACallIsStillANameAndBroken() throws {
        let text = """
            :: StoryData
            {"format": "Harlowe", "start": "Desk"}

            :: Desk
            [[Back->previous()]]
            """
        let result = try StoryLoading.load(sources: [SourceText(path: "desk.twee", text: text)])
        #expect(result.story.passages[0].choices.map(\.kind) == [.choice])
        #expect(result.diagnostics.filter { $0.ruleID == "broken-link" }.map(\.location?.line) == [5])
    }

    /// A Twee 2 project's main file lists its other files in `StoryIncludes` (You Quote
    /// It, You Note It! keeps every story passage in included files): given the main file
    /// alone, the story is read from all of them, each once, and a missing one is named.
    @Test func twee2StoryIncludesBringsInTheListedFiles() throws {
        let root = try folder([
            "story.tw":
                "::StoryTitle\nTide Tables\n\n::StoryIncludes\nstyle.scss\nparts/harbour.tw\nparts/harbour.tw\nmissing.tw\n\n::StoryInit\n<<set $tide to 0>>\n",
            "parts/harbour.tw": "::Start\n[[Read the table|Table]]\n\n::StoryIncludes\ntable.tw\n",
            "parts/table.tw": "::Table\nHigh water at noon.\n",
            "style.scss": "body { color: navy; }\n",
        ])
        defer { try? FileManager.default.removeItem(atPath: root) }
        let result = try StoryLoading.load(paths: [root + "/story.tw"])
        #expect(result.story.title == "Tide Tables")
        #expect(result.story.passages.map(\.id) == ["Start", "Table"])
        #expect(result.story.passages[0].choices.map(\.target) == ["Table"])
        let missing = result.diagnostics.filter { $0.message.contains("'missing.tw'") }
        #expect(missing.map(\.severity) == [.warning])
        #expect(missing.first?.location?.line == 8)
        // The folder holds the same files: each is read once, no passage twice.
        let whole = try StoryLoading.load(paths: [root])
        #expect(whole.story.passages.map(\.id) == ["Start", "Table"])
        #expect(whole.diagnostics.filter { $0.ruleID == "duplicate-id" }.isEmpty)
        #expect(result.diagnostics.filter { $0.ruleID == "duplicate-id" }.isEmpty)
    }
}
