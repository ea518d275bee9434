import StoryGraph
import Testing

@testable import StoryFormats

/// The shared `Source/` layer: one line table, the scalar cursor's look-ahead budget, the
/// title rule, and the parse shared between loaders of one file.
@Suite struct SourceLayerTests {
    @Test func oneLineTableServesScalarAndByteOffsets() {
        let source = SourceText(path: "t.txt", text: "ab\nκόσμε\r\n\nz")
        #expect(source.lines.byteStarts == [0, 3, 15, 16])
        #expect(source.lines.scalarStarts == [0, 3, 10, 11])
        #expect(source.location(at: 4).description == "t.txt:2:2")
        #expect(source.location(atByte: 5).description == "t.txt:2:2")
        #expect(source.location(at: 11).description == "t.txt:4:1")
        #expect(LineTable.line(containing: 2, in: source.lines.scalarStarts) == 0)
        #expect(LineTable.line(containing: 3, in: source.lines.scalarStarts) == 1)
    }

    @Test func theCursorMovesFreelyButPaysForLookingAhead() {
        var cursor = ScalarCursor(Array("<<link [[a|b]]>>".unicodeScalars), budget: 20)
        let skipped = cursor.skip("<<")
        #expect(skipped)
        let word = cursor.scan(while: { $0.properties.isAlphabetic })
        #expect(word == 2..<6)
        #expect(cursor.current == " ")
        let close = cursor.find("]]")
        #expect(close == 12)
        #expect(cursor.budget == 12) // 20, less 1 for "<<", less 7 scalars searched
        let ahead = cursor.peek(3)
        #expect(ahead == "a")
        #expect(cursor.budget == 9)
        let looks = cursor.looksAt(" x")
        #expect(!looks)
        #expect(cursor.offset == 6)
    }

    @Test func aCursorOutOfBudgetStopsLooking() {
        let text = Array(String(repeating: "[", count: 1000).unicodeScalars)
        var cursor = ScalarCursor(text, budget: 100)
        let close = cursor.find("]]")
        #expect(close == nil)
        #expect(cursor.isExhausted)
        let ahead = cursor.peek(1)
        #expect(ahead == nil)
        cursor.advance(999)
        #expect(cursor.current == "[")
        cursor.advance(5)
        #expect(cursor.isAtEnd)
        #expect(cursor.current == nil)
    }

    @Test(arguments: [
        ("Examples/harbour.json", "harbour"), ("a/b/Night Walk.twee", "Night Walk"), ("story", "story"),
        ("dir.v2/StoryBrain.swift", "StoryBrain"),
    ])
    func theTitleIsTheFileNameWithoutFolderOrExtension(_ path: String, _ title: String) {
        #expect(FileTitle.of(path) == title)
    }

    @Test func loadersOfOneFamilyShareOneParseOfAFile() throws {
        let parses = SourceParses()
        var made = 0
        let source = SourceText(path: "s.json", text: #"{"intro": {"story": ["x"], "options": []}}"#)
        for _ in 0..<3 {
            _ = try parses.value("json-tape") { () throws(StoryLoadError) -> JSONTape in
                made += 1
                return try JSONTape(source)
            }
        }
        #expect(made == 1)
        #expect(StoryJSONLoader.recognize(source, parses)?.confidence == 1)
        #expect(CYOAJSONLoader.recognize(source, parses)?.confidence == 20)
        #expect(made == 1)
        let broken = SourceText(path: "b.json", text: "{\"a\": ")
        #expect(StoryJSONLoader.recognize(broken, SourceParses()).map { (try? $0.parsed.get()) == nil } == true)
    }
}
