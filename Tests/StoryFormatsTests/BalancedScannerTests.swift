import Testing

@testable import StoryFormats

/// The shared balanced scanner: nesting, strings and escapes skipped, and where a run
/// that never closes was left open.
@Suite struct BalancedScannerTests {
    static func scan(
        _ text: String, _ open: Unicode.Scalar = "(", _ close: Unicode.Scalar = ")",
        quotes: [Unicode.Scalar] = ["\"", "'"]
    ) -> BalancedScanner.Outcome {
        let s = Array(text.unicodeScalars)
        return BalancedScanner(open: open, close: close, quotes: quotes).scan(s, from: 1, end: s.count)
    }

    @Test(arguments: [
        ("(a (b) c) d", BalancedScanner.Outcome.closed(at: 8)),
        (#"(print: "a)") x"#, .closed(at: 12)),
        (#"(print: 'it\'s )') x"#, .closed(at: 17)),
        (#"("a\")" b)"#, .closed(at: 9)),
        ("(a (b c", .unbalanced(at: 0)),
        (#"(a "never)"#, .unbalanced(at: 3)),
    ])
    func closesOrSaysWhereItWasLeftOpen(_ text: String, _ expected: BalancedScanner.Outcome) {
        #expect(Self.scan(text) == expected)
    }

    @Test func otherBracketsAndQuotes() {
        #expect(Self.scan("[a [b] \"]\" c] d", "[", "]") == .closed(at: 12))
        #expect(Self.scan(#"(a ')' b) c"#, quotes: ["\""]) == .closed(at: 4))
        #expect(Self.scan("(a) b").closedAt == 2)
        #expect(Self.scan("(a b").closedAt == nil)
    }
}
