import Foundation
import StoryFormats
import StoryMap
import TestSupport
import Testing

@testable import StoryGraph
@testable import StoryHTML

/// The HTML report's structure, exactly: one self-contained page, no network reference,
/// the embedded passage data, and story text that cannot become markup.
@Suite struct HTMLReportTests {
    static let root = Repository.root

    static func page(_ example: String, heat: MapOverlays.Heat? = nil) throws -> String {
        let result = try StoryLoading.load(paths: [root.appendingPathComponent("Examples/\(example)").path])
        let analysis = StoryAnalysis(StoryGraph(result.story), loadDiagnostics: result.diagnostics)
        return try HTMLReport.page(analysis, overlays: MapOverlays(heat: heat)).html
    }

    static func page(_ story: Story) throws -> String {
        let (validated, findings) = try story.validated()
        return try HTMLReport.page(StoryAnalysis(StoryGraph(validated), loadDiagnostics: findings)).html
    }

    static func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    /// The text between `open` and the next `close`.
    static func between(_ open: String, _ close: String, in text: String) -> String? {
        guard let a = text.range(of: open), let b = text.range(of: close, range: a.upperBound..<text.endIndex) else {
            return nil
        }
        return String(text[a.upperBound..<b.lowerBound])
    }

    static func embedded(_ html: String) throws -> [String: Any] {
        let json = try #require(between("<script type=\"application/json\" id=\"story-data\">", "</script>", in: html))
        return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    }

    @Test func thePageIsOneFileWithNoNetworkReference() throws {
        let html = try Self.page("lighthouse.json")
        #expect(html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">"))
        #expect(html.hasSuffix("</script>\n</body>\n</html>\n"))
        // Inline style and script only: nothing is fetched.
        #expect(Self.count("<style>", in: html) == 1)
        #expect(Self.count("<script", in: html) == 2)
        for fetched in ["<link", " src=", "@import", "url(", "<iframe", "fetch(", "XMLHttpRequest", "@font-face"] {
            #expect(!html.contains(fetched), "\(fetched)")
        }
        // The only URIs are the SVG namespaces, once each per drawing.
        var uris: [String] = []
        var rest = Substring(html)
        while let r = rest.range(of: #"https?://[^"'\s<>)]*"#, options: .regularExpression) {
            uris.append(String(rest[r]))
            rest = rest[r.upperBound...]
        }
        #expect(uris == ["http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink"])
        // One drawing, inline, without the XML prolog.
        #expect(Self.count("<svg ", in: html) == 1)
        #expect(!html.contains("<?xml"))
        #expect(!html.contains("<!DOCTYPE svg"))
    }

    @Test func theEmbeddedJSONHoldsEveryPassageWithItsPlaceAndChoices() throws {
        let html = try Self.page("lighthouse.json")
        let data = try Self.embedded(html)
        #expect(data["title"] as? String == "The Lighthouse Keeper")
        #expect(data["start"] as? String == "0")
        #expect(data["paths_exact"] as? Bool == true)
        #expect(data["fuzz"] == nil)
        let passages = try #require(data["passages"] as? [[String: Any]])
        #expect(passages.map { $0["id"] as? String } == ["0", "1", "2", "3", "4", "5"])
        let first = passages[0]
        let location = try #require(first["location"] as? [String: Any])
        #expect(location["file"] as? String == Self.root.appendingPathComponent("Examples/lighthouse.json").path)
        #expect(location["line"] as? Int == 5)
        #expect(first["start"] as? Bool == true)
        let choices = try #require(first["choices"] as? [[String: Any]])
        #expect(choices.map { $0["text"] as? String } == ["Climb the tower", "Answer the radio"])
        #expect(choices.map { $0["target"] as? String } == ["2", "1"])
        // Every path goes through the start; the odds from it are the report's (25%,
        // 37.5%, 37.5%), most likely first.
        #expect(passages.map { $0["paths"] as? Int } == [5, 3, 4, 1, 2, 2])
        func odds(_ passage: [String: Any]) -> [String] {
            ((passage["odds"] as? [[String: Any]]) ?? []).map {
                "\($0["ending"] as? String ?? "?") \($0["probability"] as? Double ?? -1)"
            }
        }
        #expect(odds(first) == ["4 0.375", "5 0.375", "3 0.25"])
        #expect(odds(passages[1]) == ["3 0.5", "4 0.25", "5 0.25"])
        #expect(odds(passages[3]) == ["3 1.0"])
        #expect(passages[3]["ending"] as? String == "good")
        #expect(passages[0]["ending"] == nil)
    }

    @Test func storyTextCannotInjectMarkup() throws {
        let hostile = "<img src=x onerror=alert(1)>"
        let story = Story(
            title: "T </script><script>alert(0)</script>", start: hostile,
            passages: [
                Passage(
                    id: hostile, text: "a </script><script>alert(3)</script> --> <!-- b & 'q' \"d\"",
                    choices: [
                        Choice(text: "go </script>", target: "end </SCRIPT >")
                    ]),
                Passage(id: "end </SCRIPT >", text: "\u{2028}<b>done</b>"),
            ], format: "test")
        let html = try Self.page(story)
        // No story string reaches the page as a tag: every `<` of the story is escaped.
        for raw in ["<img", "<script>alert", "</script><script>", "<b>done", "</SCRIPT >"] {
            #expect(!html.contains(raw), "\(raw)")
        }
        #expect(Self.count("<script", in: html) == 2)
        #expect(Self.count("</script>", in: html) == 2)
        // The data still says exactly what the story says.
        let passages = try #require(try Self.embedded(html)["passages"] as? [[String: Any]])
        #expect(passages.map { $0["id"] as? String } == [hostile, "end </SCRIPT >"])
        #expect(passages[0]["text"] as? String == "a </script><script>alert(3)</script> --> <!-- b & 'q' \"d\"")
        #expect(passages[1]["text"] as? String == "\u{2028}<b>done</b>")
        // In the report's tables, ids are escaped in text and in attributes alike.
        #expect(
            html.contains(
                "starts at <code class=\"id\" data-passage=\"&lt;img src=x onerror=alert(1)&gt;\">&lt;img src=x onerror=alert(1)&gt;</code>."
            ))
        #expect(
            html.contains("<title>T &lt;/script&gt;&lt;script&gt;alert(0)&lt;/script&gt; — storygraph report</title>"))
    }

    @Test func embeddedJSONEscapesWhatCouldCloseTheScript() {
        #expect(
            HTMLReport.embeddedJSON(.string("</script><!--&\u{2028}\u{2029}"))
                == #""\u003c/script\u003e\u003c!--\u0026\u2028\u2029""#)
    }

    /// "Read a path": every path of the lighthouse (5) under its id, the first one's text
    /// passage by passage with the choices taken between.
    @Test func readAPathShowsEachPathsTextUnderItsID() throws {
        let html = try Self.page("lighthouse.json")
        let section = try #require(
            Self.between("<section class=\"report-section\" id=\"section-read-paths\">", "</section>", in: html))
        #expect(Self.count("<details class=\"read-path\"", in: section) == 5)
        let first = try #require(Self.between("<details class=\"read-path\" id=\"path-", "</details>", in: section))
        #expect(
            first.hasPrefix(
                "a159c1043b5c\"><summary>Path <code>a159c1043b5c</code>: <code>0</code> → <code>2</code> → <code>5</code></summary>"
            ))
        #expect(Self.count("<p class=\"read-choice\"><strong>→ ", in: first) == 2)
        #expect(first.contains("<p class=\"read-choice\"><strong>→ Climb the tower</strong></p>"))
        #expect(first.hasSuffix("<p class=\"read-end\"><em>The end: 5.</em></p>\n"))
    }

    @Test func theReportRendererWritesTheDocumentsSectionsAndCuts() throws {
        let html = try Self.page("lighthouse.json")
        let report = try #require(Self.between("<article class=\"report\" id=\"report\">\n", "</article>", in: html))
        #expect(Self.count("<section class=\"report-section\"", in: report) == 9)
        for section in [
            "structure", "paths", "endings", "odds", "length", "loops", "bottlenecks", "problems", "read-paths",
        ] {
            #expect(report.contains("<section class=\"report-section\" id=\"section-\(section)\">"), "\(section)")
        }
        #expect(report.contains("<table class=\"sortable\" id=\"table-endings\">"))
        #expect(report.contains("<tr><th scope=\"row\">passages</th><td>6</td></tr>"))
        #expect(report.contains("<tr><th scope=\"row\">paths</th><td>5 (exact)</td></tr>"))
    }
}
