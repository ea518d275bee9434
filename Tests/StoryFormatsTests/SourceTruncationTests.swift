import Foundation
import Testing

@testable import StoryFormats
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
        ("let x = f(a:", SwiftSourceLexer.Dialect.swift, ["t.swift:1:10: error: '(' is never closed [source-syntax]"]),
        ("let x = f(a: 1, b:", .swift, ["t.swift:1:10: error: '(' is never closed [source-syntax]"]),
        (
            "let x = [Story(title: \"A\", choice1:", .swift,
            [
                "t.swift:1:15: error: '(' is never closed [source-syntax]",
                "t.swift:1:9: error: '[' is never closed [source-syntax]",
            ]
        ),
        ("x = [a b:", .objectiveC, ["t.m:1:5: error: '[' is never closed [source-syntax]"]),
        ("x = [a b: 1 :", .objectiveC, ["t.m:1:5: error: '[' is never closed [source-syntax]"]),
        ("x = [a b: 1 ,", .objectiveC, ["t.m:1:5: error: '[' is never closed [source-syntax]"]),
    ])
    func callEndingAfterALabelIsAnError(text: String, dialect: SwiftSourceLexer.Dialect, expected: [String]) {
        let path = dialect == .swift ? "t.swift" : "t.m"
        let summary = SwiftSourceParser.summarize(SourceText(path: path, text: text), dialect: dialect)
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

    /// Constructs the examples lack (multi-line, raw and interpolated strings, unicode
    /// escapes, nested comments, attributes, closures, literals of every kind), cut
    /// after every scalar, in both dialects.
    static let constructs = ##"""
        import Foundation
        /* a /* nested */ comment */
        @objc final class Brain: NSObject {
            let stories: [Story] = [
                Story(title: """
                    Line one \(name) and \u{1F600}
                      indented "quote" \
                    continued
                    """, choice1: #"raw \#(x) "q""#, choice1Destination: 1, choice2: "b\n\t", choice2Destination: -2),
                Story(title: 'c', choice1: 0x1F, choice1Destination: 1.5e3, choice2: `tick`, choice2Destination: a?.b!.c),
            ]
            var x: [Int: String] = [1: "one", 2: "two"] { didSet { print(#selector(run), x) } }
            func run() { stories.append(contentsOf: [Story(title: "d" + "e", choice1: f(_: { $0 }), choice1Destination: 0)]) }
        }
        #if DEBUG
        let y = #file
        #endif
        """##
    static let objectiveCConstructs = #"""
        #import <Foundation/Foundation.h>
        // comment \
           continued
        @implementation Brain
        - (void)viewDidLoad {
            AdventurePiece *start = [[AdventurePiece alloc] initWithText:@"Start " @"joined" ending:NO];
            __block AdventurePiece* next = [AdventurePiece pieceWithText:@"Next\n" choices:@[@"a", @"b"] map:@{@"k": @5}];
            [start setFirstPiece:next]; start.secondPiece = next; char c = 'x'; int n = -3;
            self.title = [NSString stringWithFormat:@"%d", (int)n];
        }
        @end
        """#

    @Test(arguments: [SwiftSourceLexer.Dialect.swift, .objectiveC])
    func everyPrefixOfEveryConstruct(dialect: SwiftSourceLexer.Dialect) {
        let scalars = Array((dialect == .swift ? Self.constructs : Self.objectiveCConstructs).unicodeScalars)
        var diagnosed = 0
        for end in 0...scalars.count {
            var prefix = String.UnicodeScalarView()
            prefix.append(contentsOf: scalars[0..<end])
            let summary = SwiftSourceParser.summarize(SourceText(path: "t", text: String(prefix)), dialect: dialect)
            if !summary.diagnostics.isEmpty { diagnosed += 1 }
            #expect(summary.diagnostics.allSatisfy { $0.location != nil })
        }
        // Whole, the file reads cleanly; cut inside a bracket, it says what is unclosed.
        let whole = SwiftSourceParser.summarize(
            SourceText(path: "t", text: String(String.UnicodeScalarView(scalars))), dialect: dialect)
        #expect(whole.diagnostics.map(\.description) == [])
        #expect(diagnosed > 100)
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
            let summary = SwiftSourceParser.summarize(SourceText(path: "t", text: text), dialect: dialect)
            for diagnostic in summary.diagnostics {
                #expect(diagnostic.location != nil)
            }
        }
    }
}
