import Foundation
import StoryMap
import Testing

@testable import StoryGraph
@testable import StoryHTML

/// A story too big for one map: the page opens on the chapter overview and holds every
/// chapter's map, each passage drawn in its own chapter's map only.
@Suite struct HTMLOverviewTests {
    @Test func aBigStorysPageOpensOnItsChapters() throws {
        let html = try HTMLReportTests.page(StoryGenerator.story(.gamebook(600)))
        let figures = html.components(separatedBy: "<figure class=\"map\" id=\"map-").dropFirst().map {
            String($0.prefix { $0 != "\"" })
        }
        #expect(figures == ["overview", "chapter-1", "chapter-2", "chapter-3", "chapter-4", "chapter-5"])
        // Only the overview shows without script.
        #expect(HTMLReportTests.count("\" hidden>\n<figcaption>", in: html) == 5)
        #expect(
            html.contains(
                "<figure class=\"map\" id=\"map-overview\" data-prefix=\"\">\n<figcaption>Overview: 5 chapters by reading order (click one to open its map)</figcaption>"
            ))
        #expect(html.contains("<button type=\"button\" id=\"overview\">overview</button>"))
        for k in 1...5 { #expect(HTMLReportTests.count("id=\"chapter:\(k)\"", in: html) == 1) }
        // Each passage has one box, in its chapter's map.
        let sizes = (1...5).map { HTMLReportTests.count("id=\"chapter-\($0)-passage:", in: html) }
        #expect(sizes == [142, 141, 142, 137, 38])
        #expect(HTMLReportTests.count("id=\"passage:", in: html) == 0)
        let data = try HTMLReportTests.embedded(html)
        let chapterOf = try #require(data["chapter_of"] as? [Int])
        #expect(chapterOf.count == 600)
        #expect((1...5).map { k in chapterOf.count { $0 == k } } == sizes)
    }

    @Test func aSmallStorysPageHasOneMapAndNoChapters() throws {
        let html = try HTMLReportTests.page(StoryGenerator.story(.gamebook(100)))
        #expect(HTMLReportTests.count("<figure class=\"map\"", in: html) == 1)
        #expect(!html.contains("id=\"overview\""))
        #expect(try HTMLReportTests.embedded(html)["chapter_of"] == nil)
    }
}
