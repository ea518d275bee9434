import Testing

@testable import StoryGraph

/// Terminal columns: wide Hangul and CJK count 2, emoji 2, combining marks 0.
@Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("forest", 6), ("숲", 2), ("日本", 4), ("🌲", 2), ("e\u{301}", 1), ("\u{301}", 0),
        ("café", 4), ("ｆｕｌｌ", 8), ("❤\u{FE0F}", 2), ("❤", 1), ("👩‍👩‍👧", 2), ("🇰🇷", 2),
        ("\u{1112}\u{1161}\u{11AB}", 2), ("zero\u{200B}width", 9), ("숲 속의 집", 10),
    ])
    func columns(_ text: String, _ expected: Int) {
        #expect(DisplayWidth.of(text) == expected)
    }

    @Test func tablesAlignByColumnsNotCharacters() {
        let lines = TextTable.render(
            [["ending", "paths"], ["숲", "3"], ["日本", "12"], ["🌲 tree", "1"], ["cafe\u{301}", "7"]],
            indent: 2, rightAligned: [1], header: true)
        #expect(
            lines == [
                "  ending   paths",
                "  -------  -----",
                "  숲           3",
                "  日本        12",
                "  🌲 tree      1",
                "  cafe\u{301}         7",
            ])
        // Every row ends at the same terminal column.
        #expect(Set(lines.map(DisplayWidth.of)) == [16])
    }

    @Test func transcriptPaddingCountsColumns() {
        #expect("숲".rightPadded(to: 4) + "|" == "숲  |")
        #expect("日本".leftPadded(to: 5) == " 日本")
        #expect("e\u{301}".leftPadded(to: 3) == "  e\u{301}")
    }
}
