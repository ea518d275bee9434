import Foundation
import Testing
@testable import StoryFormats
import StoryGraph

/// Shapes met in real Twine stories from public repositories (see
/// `Examples/README-twine-realworld.md`), each rebuilt here in text of our own.
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
}
