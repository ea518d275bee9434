import Foundation
import Testing

@testable import StoryFormats
@testable import StoryGraph
import TestSupport

/// Hostile inputs that once made a scanner quadratic: each must finish within a generous
/// bound (a debug build; the bound only catches quadratic work) and give the exact result.
@Suite struct LinearScanTests {
    /// Runs `body`, returning its result and the CPU seconds its thread spent in it.
    func timed<T>(_ body: () -> T) -> (T, Double) {
        let (result, seconds) = threadCPUTime(body)
        return (result, seconds)
    }

    @Test(arguments: ["[[", "<<", "{", "/*", "<!--", "<b", "(if:", "/%"])
    func unclosedMarkupInReadableTextIsLinear(_ opener: String) {
        let count = 100_000
        let text = String(repeating: opener + "a ", count: count)
        let (readable, seconds) = timed { TwineReadableText.of(text) }
        #expect(seconds < 5, "\(count) unclosed '\(opener)' took \(seconds) s")
        // Brackets that never close are read as text ("[" alone is dropped).
        let shown = opener == "[[" ? "a" : opener + "a"
        #expect(readable == Array(repeating: shown, count: count).joined(separator: " "))
    }

    @Test func closedMarkupAfterManyUnclosedOnesIsStillRead() {
        let text = String(repeating: "/*x (if: {y ", count: 1000) + "[[Go->B]] <<set $a to 1>>end"
        let readable = TwineReadableText.of(text)
        #expect(readable == String(repeating: "/*x (if: {y ", count: 1000) + "Go end")
    }

    @Test func aMegabyteOfHashesLexesLinearly() {
        let count = 1 << 20
        let source = SourceText(path: "t.swift", text: String(repeating: "#", count: count))
        let (result, seconds) = timed { SwiftSourceLexer.tokenize(source, dialect: .swift) }
        #expect(seconds < 5, "\(count) '#' took \(seconds) s")
        #expect(result.tokens.count == count)
        #expect(result.tokens.allSatisfy { $0.text == "#" })
    }

    @Test func hashesBeforeARawStringStillOpenIt() {
        let source = SourceText(path: "t.swift", text: "# ## ##\"raw \"# text\"##")
        let tokens = SwiftSourceLexer.tokenize(source, dialect: .swift).tokens
        #expect(tokens.map(\.text) == ["#", "#", "#", "raw \"# text"])
    }

    @Test func unclosedInterpolationsInAMultiLineStringLexLinearly() {
        let count = 100_000
        let text = "let s = \"\"\"\n" + String(repeating: "\\(", count: count)
        let source = SourceText(path: "t.swift", text: text)
        let (result, seconds) = timed { SwiftSourceLexer.tokenize(source, dialect: .swift) }
        #expect(seconds < 5, "\(count) unclosed '\\(' took \(seconds) s")
        #expect(
            result.diagnostics.map(\.message) == [
                "unterminated interpolation '\\(' in a multi-line string",
                "unterminated multi-line string: '\"\"\"' is never closed",
            ])
        #expect(result.diagnostics.map { $0.location?.line } == [2, 1])
    }
}
