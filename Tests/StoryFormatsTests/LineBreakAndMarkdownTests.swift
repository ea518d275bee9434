import Foundation
import Testing

@testable import StoryFormats
@testable import StoryGraph

@Suite struct LineBreakAndMarkdownTests {
    @Test func aCROnlyTweeFileHasOneLinePerCR() throws {
        let text = ":: Start\r[[Go->Middle]]\r\r:: Middle\rText\r[[End]]\r:: End\rDone."
        let result = try StoryLoading.load(sources: [SourceText(path: "t.twee", text: text)])
        #expect(result.story.passages.map(\.id) == ["Start", "Middle", "End"])
        #expect(result.story.passages.map { $0.location?.line } == [1, 4, 7])
        #expect(result.story.passages[1].choices.map(\.target) == ["End"])
    }

    @Test func crlfStaysOneBreakAndCRAloneIsOne() {
        let source = SourceText(path: "t", text: "a\r\nb\rc\nd")
        #expect([0, 3, 5, 7].map { source.location(at: $0).line } == [1, 2, 3, 4])
        #expect(source.location(at: 5).column == 1)
    }

    @Test func aCROnlySwiftFileEndsLineCommentsAtTheCR() {
        let source = SourceText(path: "t.swift", text: "// note\rlet x = \"a\"\r// more\r1")
        let tokens = SwiftSourceLexer.tokenize(source, dialect: .swift).tokens
        #expect(tokens.map(\.text) == ["let", "x", "=", "a", "1"])
        #expect(tokens.map { source.location(at: $0.offset).line } == [2, 2, 2, 2, 4])
    }

    @Test func pipesNewlinesAndBackticksInIdsKeepMarkdownTablesWhole() throws {
        let json =
            #"{"start": "a|b", "passages": [{"id": "a|b", "text": "x", "choices": [{"text": "go", "to": "e`1\nx|y"}]}, {"id": "e`1\nx|y", "text": "y", "ending": true}]}"#
        let result = try StoryLoading.load(sources: [SourceText(path: "t.json", text: json)])
        let markdown = Report(StoryAnalysis(StoryGraph(result.story))).markdown()
        #expect(markdown.contains("Format `story-json`, starts at `a\\|b`."))
        #expect(markdown.contains("| ``e`1 x\\|y`` | "))
        // Every table row has as many cells as its header (the endings table's 6, the
        // length table's 3).
        var header: Int?
        var widths: [Int] = []
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("|") else {
                header = nil
                continue
            }
            let pipes = line.replacingOccurrences(of: "\\|", with: "").filter { $0 == "|" }.count
            if let header { #expect(pipes == header, "\(line)") } else { header = pipes; widths.append(pipes) }
        }
        #expect(widths.contains(7) && widths.contains(4))
    }
}
