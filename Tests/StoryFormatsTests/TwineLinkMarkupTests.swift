import StoryGraph
import Testing

@testable import StoryFormats

/// How `[[…]]` content splits into label, target and setter. Markup that is all ASCII is
/// split over its bytes and any other by Foundation's search: each case is read both ways
/// (as written, and with `a` spelled `ä`), and both must split at the same places.
@Suite struct TwineLinkMarkupTests {
    struct Case: Sendable, CustomStringConvertible {
        var content: String
        var label: String
        var target: String
        var setter: String?
        var description: String { content }
    }

    static let cases: [Case] = [
        // The rightmost `->`, else the leftmost `<-`, else the rightmost `|`.
        Case(content: "a->b->c", label: "a->b", target: "c"),
        Case(content: "c<-b<-a", label: "b<-a", target: "c"),
        Case(content: "a|b|c", label: "a|b", target: "c"),
        Case(content: "a->b|c", label: "a", target: "b|c"),
        Case(content: "a-->b", label: "a-", target: "b"),
        // An arrow or bar with nothing on its far side does not split.
        Case(content: "->a", label: "a", target: "a"),
        Case(content: "a->", label: "a->", target: "a->"),
        Case(content: "<-a", label: "<-a", target: "<-a"),
        Case(content: "a|", label: "a|", target: "a|"),
        // The first `][` starts the setter; both sides are trimmed.
        Case(content: " Go a | Room a ][ $a to 1", label: "Go a", target: "Room a", setter: " $a to 1"),
        Case(content: "a][b][c", label: "a", target: "a", setter: "b][c"),
        Case(content: " \t ", label: "", target: ""),
    ]

    @Test(arguments: cases)
    func splitsAsTwineDoes(_ c: Case) {
        for (content, label, target, setter) in [
            (c.content, c.label, c.target, c.setter),
            (umlaut(c.content), umlaut(c.label), umlaut(c.target), c.setter.map(umlaut)),
        ] {
            let markup = TwineLinkMarkup(content: content)
            #expect(markup.label == label, "\(content)")
            #expect(markup.target == target, "\(content)")
            #expect(markup.setter == setter, "\(content)")
            #expect(markup.isPassageLink == !target.isEmpty, "\(content)")
        }
    }

    @Test func externalTargetsLeaveTheStory() {
        // A scheme of letters (any script's), digits and `_`, then `://` and more.
        for content in ["Site|https://example.org", "Site|ä://x"] {
            #expect(TwineLinkMarkup(content: content).isExternal)
        }
        #expect(TwineLinkMarkup(content: "Site|a-b://x").isExternal == false)
        #expect(TwineLinkMarkup(content: "Tel:Aviv").isExternal == false)
        #expect(TwineLinkMarkup(content: "Go|ftp://files.example.org ").target == "ftp://files.example.org")
    }

    func umlaut(_ text: String) -> String { text.replacingOccurrences(of: "a", with: "ä") }
}
