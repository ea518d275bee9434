import Foundation
import StoryGraph
import Testing

@testable import StoryFormats

/// SourceText keeps bytes and decodes scalars on demand; JSON is located by byte offset.
/// These check that every way of locating gives the line and column the scalar-by-scalar
/// reading gives (columns in Unicode scalars, 1-based, BOM skipped, CR a column of its own).
@Suite struct SourceTextTests {
    static let texts: [String] = [
        "",
        "plain ascii\nsecond line\n",
        "caf\u{E9} na\u{EF}ve\n\u{D55C}\u{AD6D}\u{C5B4} \u{1F389}x\n\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467} end",
        "crlf line\r\nnext\r\n\r\nlast",
        "\u{FEFF}bom first\n\u{E9}\u{301}\n",
        "\u{FEFF}\u{FEFF}two boms\nx",
        "no newline at end \u{10FFFF}",
        "\n\n\n",
    ]

    /// The scalar offsets and the byte offsets at which each scalar starts (and the end).
    static func offsets(_ source: SourceText) -> [(scalar: Int, byte: Int)] {
        var result: [(Int, Int)] = []
        var byte = 0
        for (k, scalar) in source.scalars.enumerated() {
            result.append((k, byte))
            byte += String(scalar).utf8.count
        }
        result.append((source.scalars.count, byte))
        return result
    }

    /// Line and column counted the slow, obvious way.
    static func expected(_ scalars: [Unicode.Scalar], _ offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for scalar in scalars.prefix(offset) {
            if scalar == "\n" {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return (line, column)
    }

    @Test(arguments: texts)
    func everyLocatingAgrees(_ text: String) {
        let source = SourceText(path: "t.txt", text: text)
        var expectedScalars = Array(text.unicodeScalars)
        while expectedScalars.first == "\u{FEFF}" { expectedScalars.removeFirst() }
        #expect(source.scalars == expectedScalars)
        #expect(source.utf8.count == String(String.UnicodeScalarView(expectedScalars)).utf8.count)
        let offsets = Self.offsets(source)
        var forward = ByteLocator(source)
        var backward = ByteLocator(source)
        for (scalar, byte) in offsets {
            let want = Self.expected(expectedScalars, scalar)
            let wanted = SourceLocation(file: "t.txt", line: want.line, column: want.column)
            #expect(source.location(at: scalar) == wanted)
            #expect(source.location(atByte: byte) == wanted)
            #expect(forward.location(atByte: byte) == wanted)
            _ = backward
        }
        for (scalar, byte) in offsets.reversed() {
            let want = Self.expected(expectedScalars, scalar)
            #expect(
                backward.location(atByte: byte) == SourceLocation(file: "t.txt", line: want.line, column: want.column))
        }
    }

    @Test func invalidUTF8IsPlacedAfterWhatDecoded() {
        let data = Data([0xEF, 0xBB, 0xBF]) + Data("ab\r\n\u{E9}x".utf8) + Data([0xC3, 0x28])
        #expect(throws: StoryLoadError.self) { try SourceText(path: "bad.txt", data: data) }
        do {
            _ = try SourceText(path: "bad.txt", data: data)
        } catch {
            #expect(error.diagnostics.first?.location == SourceLocation(file: "bad.txt", line: 2, column: 3))
            #expect(error.diagnostics.first?.message == "invalid UTF-8 in file")
        }
    }

    @Test func blankAndSniffingReadOnlyWhatTheyNeed() {
        #expect(SourceText(path: "a", text: " \n\t\u{3000}\r\n").isBlank)
        #expect(!SourceText(path: "a", text: "\u{FEFF}  x").isBlank)
        let source = SourceText(path: "a", text: "  \u{E9}{")
        #expect(source.firstScalar(where: { !$0.properties.isWhitespace }) == "\u{E9}")
        #expect(source.firstScalar(within: 2, where: { !$0.properties.isWhitespace }) == nil)
        #expect(source.byteCount(ofFirst: 3) == 4)
        #expect(source.byteCount(ofFirst: 99) == 5)
    }

    /// The tape's strings decode as the scalar parser decoded them: escapes, surrogate
    /// pairs, lone surrogates (U+FFFD), and a bad low half that swallows what it escaped.
    @Test func jsonStringsDecodeAsBefore() throws {
        let text =
            #"["plain", "caf\u00e9 \"q\" \\ \/ \b\f\n\r\t", "\ud83c\udf89", "\ud800x", "\udc00", "\ud800\u0041z", "é🎉"]"#
        let json = try LocatedValue.parse(json: SourceText(path: "s.json", text: text))
        #expect(
            json.elements?.map { $0.string ?? "?" } == [
                "plain", "caf\u{E9} \"q\" \\ / \u{08}\u{0C}\n\r\t", "\u{1F389}", "\u{FFFD}x", "\u{FFFD}", "\u{FFFD}z",
                "é🎉",
            ])
        #expect(json.elements?.map(\.location.column) == [2, 11, 47, 63, 74, 84, 101])
    }

    @Test(arguments: [
        (#"["a\qb"]"#, "s.json:1:4: error: invalid escape '\\q' in string [json-syntax]"),
        (#"["a\éb"]"#, "s.json:1:4: error: invalid escape '\\é' in string [json-syntax]"),
        ("[\"é\u{01}\"]", "s.json:1:4: error: control character U+1 in string: escape it [json-syntax]"),
        ("[1, é]", "s.json:1:5: error: unexpected 'é': expected a value [json-syntax]"),
        ("{\"é\" 1}", "s.json:1:6: error: unexpected '1': expected ':' after key \"é\" [json-syntax]"),
        ("\r\n[tru]", "s.json:2:2: error: invalid literal: expected 'true' [json-syntax]"),
        ("[\"é", "s.json:1:2: error: unterminated string [json-syntax]"),
        ("[1.]", "s.json:1:2: error: invalid number [json-syntax]"),
        ("[] x", "s.json:1:4: error: unexpected 'x' after the JSON document [json-syntax]"),
    ])
    func jsonErrorsArePlacedInScalars(_ text: String, _ expected: String) {
        #expect(throws: StoryLoadError.self) { try LocatedValue.parse(json: SourceText(path: "s.json", text: text)) }
        do {
            _ = try LocatedValue.parse(json: SourceText(path: "s.json", text: text))
        } catch {
            #expect(error.diagnostics.first?.description == expected)
        }
    }
}
