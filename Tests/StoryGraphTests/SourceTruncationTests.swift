import Foundation
import Testing
@testable import StoryGraph

/// A Swift or Objective-C file may end after any token. Every prefix of a real story source
/// is lexed, parsed and loaded: none may crash (an index past the end used to trap in
/// `SwiftSourceParser.previousEnd`), and an unfinished call says where it began.
@Suite("SourceLoader: input that ends anywhere")
struct SourceTruncationTests {
    /// The package root: this file is Tests/StoryGraphTests/SourceTruncationTests.swift.
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test(arguments: [
        ("let x = f(a:", SwiftSourceLexer.Dialect.swift, ["t.swift:1:10: error: '(' is never closed"]),
        ("let x = f(a: 1, b:", .swift, ["t.swift:1:10: error: '(' is never closed"]),
        ("let x = [Story(title: \"A\", choice1:", .swift,
         ["t.swift:1:15: error: '(' is never closed", "t.swift:1:9: error: '[' is never closed"]),
        ("x = [a b:", .objectiveC, ["t.m:1:5: error: '[' is never closed"]),
        ("x = [a b: 1 :", .objectiveC, ["t.m:1:5: error: '[' is never closed"]),
        ("x = [a b: 1 ,", .objectiveC, ["t.m:1:5: error: '[' is never closed"]),
    ])
    func callEndingAfterALabelIsAnError(text: String, dialect: SwiftSourceLexer.Dialect, expected: [String]) {
        let path = dialect == .swift ? "t.swift" : "t.m"
        let summary = SwiftSourceParser.summarizeUncached(SourceText(path: path, text: text), dialect: dialect)
        #expect(summary.diagnostics.map(\.description) == expected)
    }

    /// Every prefix of the two example sources goes through the loader without a trap.
    @Test(arguments: [("Examples/StoryBrain.swift", "destini"), ("Examples/Mission.m", "adventure")])
    func everyPrefixOfAnExampleLoads(file: String, format: String) throws {
        let text = try String(contentsOf: Self.root.appendingPathComponent(file), encoding: .utf8)
        let scalars = Array(text.unicodeScalars)
        var loaded = 0
        var refused = 0
        for end in 1...scalars.count {
            var prefix = String.UnicodeScalarView()
            prefix.append(contentsOf: scalars[0..<end])
            let source = SourceText(path: (file as NSString).lastPathComponent, text: String(prefix))
            do {
                _ = try StoryLoading.load(sources: [source], format: format)
                loaded += 1
            } catch {
                refused += 1
            }
        }
        // Every prefix ended one way or the other, none in a trap.
        #expect(loaded + refused == scalars.count)
        #expect(loaded > 0)
    }

    /// Each token kind as the last thing in the file, in both dialects.
    @Test(arguments: [
        "let", "let x", "let x =", "let x: ", "let x: [Int", "let x = -", "let x = @", "let x = @[", "let x = #",
        "let x = #selector(", "x.", "x = .", "x = a.b.", "x = f(", "x = f(_:", "x = [", "x = [a:", "x = \"",
        "x = \"\"\"", "x = \"\\(", "x = #\"", "x = '", "x = 0x", "x = 1.", "x = 1e", "/*", "//", "#if", "@\"",
        "x = `", "x = {", "x = f(a: {", "[[a b] c:", "Type *x =", "Type *", "x = a +", "x = a!", "x = (",
    ])
    func lastTokenOfEachKind(text: String) {
        for dialect in [SwiftSourceLexer.Dialect.swift, .objectiveC] {
            let summary = SwiftSourceParser.summarizeUncached(SourceText(path: "t", text: text), dialect: dialect)
            for diagnostic in summary.diagnostics {
                #expect(diagnostic.location != nil)
            }
        }
    }
}
