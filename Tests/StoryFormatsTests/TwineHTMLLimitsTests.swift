import Foundation
import TestSupport
import Testing

@testable import StoryFormats
@testable import StoryGraph

/// libxml2's weak spots, bounded and reported: attribute floods, its nesting limit, and
/// references to U+0000.
@Suite struct TwineHTMLLimitsTests: LoadsStoryText {
    static let fileName = "s.html"

    static func story(wrappedIn depth: Int = 0, firstAttributes: String = "", after: String = "") -> String {
        String(repeating: "<div>", count: depth) + """
            <tw-storydata name="S" startnode="1" format="Harlowe">
            <tw-passagedata pid="1" name="A"\(firstAttributes)>[[B]]</tw-passagedata>
            <tw-passagedata pid="2" name="B">end</tw-passagedata>
            </tw-storydata>
            """ + String(repeating: "</div>", count: depth) + after
    }

    @Test func aHundredThousandAttributesAreRefusedQuickly() throws {
        let attributes = (0..<100_000).map { " a\($0)=\"v\"" }.joined()
        var thrown: StoryLoadError?
        let (_, seconds) = threadCPUTime {
            do { _ = try Self.load(Self.story(firstAttributes: attributes)) } catch {
                thrown = error as? StoryLoadError
            }
        }
        #expect(seconds < 5, "took \(seconds) s of CPU")
        #expect(
            thrown?.description
                == "s.html:2:1: error: this tag has more than 1000 attributes, storygraph's limit for an HTML tag (libxml2 would take minutes over it); no option lifts it"
        )
    }

    @Test func aThousandAttributesAreRead() throws {
        let attributes = (0..<998).map { " a\($0)=\"v\"" }.joined()
        let result = try Self.load(Self.story(firstAttributes: attributes))
        #expect(result.story.passages.map(\.id) == ["A", "B"])
    }

    @Test func nestingPastLibxml2sLimitIsAnErrorAtItsLine() throws {
        #expect(try Self.load(Self.story(wrappedIn: 250)).story.passages.count == 2)
        #expect(throws: StoryLoadError.self) { try Self.load(Self.story(wrappedIn: 300)) }
        do {
            _ = try Self.load(Self.story(wrappedIn: 300))
        } catch {
            #expect(
                error.description
                    == "s.html:1:1: error: libxml2 stopped reading here: the elements nest more than 256 deep, libxml2's limit, and no option lifts it; no Twine story was read before it"
            )
        }
        // A story read before the deep part, and the passages after it lost: said so.
        let deepAfter = Self.story(
            after: "\n" + String(repeating: "<div>", count: 300)
                + "<tw-passagedata pid=\"3\" name=\"C\">lost</tw-passagedata>")
        let result = try Self.load(deepAfter)
        #expect(result.story.passages.map(\.id) == ["A", "B"])
        #expect(
            result.diagnostics.map(\.description) == [
                "s.html:5:1: error: libxml2 stopped reading here: the elements nest more than 256 deep, libxml2's limit, and no option lifts it; passages after this point are missing [twine-html]"
            ])
    }

    @Test(arguments: ["&#0;", "&#00;", "&#x0;", "&#X000;", "&#0"])
    func aReferenceToNULBecomesTheReplacementCharacter(_ reference: String) throws {
        let text = Self.story().replacingOccurrences(of: "name=\"B\"", with: "name=\"B\(reference)x\"")
            .replacingOccurrences(of: "[[B]]", with: "[[B\u{FFFD}x]] and a\(reference)b")
        let result = try Self.load(text)
        #expect(result.story.passages.map(\.id) == ["A", "B\u{FFFD}x"])
        #expect(result.story.passages[0].text == "[[B\u{FFFD}x]] and a\u{FFFD}b")
        #expect(result.diagnostics.isEmpty)
    }

    @Test func scriptsAndOtherReferencesAreLeftAlone() throws {
        let bytes = Array("<script>if (a <b && c) { x = \"&#0;\" }</script><p title=\"&#05; &#x10;\">&#48;</p>".utf8)
        #expect(try HTMLPreflight.prepare(bytes) == bytes)
        let rewritten = try HTMLPreflight.prepare(Array("<p>&#0;</p>&#x00".utf8))
        #expect(String(decoding: rewritten, as: UTF8.self) == "<p>&#xFFFD;</p>&#xFFFD;")
    }
}
