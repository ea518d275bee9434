import Foundation
import TestSupport
import Testing

/// `report --format html` and `map --format html` on the command line: the file, the line
/// said on stderr, and the usage errors of the heat options.
@Suite struct HTMLCommandTests {
    static let lighthouse = Repository.path("Examples/lighthouse.json")

    /// The page's embedded passage data.
    static func data(_ page: String) throws -> [String: Any] {
        let open = try #require(page.range(of: "<script type=\"application/json\" id=\"story-data\">"))
        let close = try #require(page.range(of: "</script>", range: open.upperBound..<page.endIndex))
        return try #require(
            try JSONSerialization.jsonObject(with: Data(page[open.upperBound..<close.lowerBound].utf8))
                as? [String: Any])
    }

    @Test func reportWritesTheHTMLPageToTheFileGiven() throws {
        let out = Repository.temporaryFolder().appendingPathComponent("story.html")
        let run = runCLI(["report", Self.lighthouse, "--format", "html", "-o", out.path])
        #expect(run.exitCode == 0)
        let page = try String(contentsOf: out, encoding: .utf8)
        #expect(run.stderr == "wrote \(out.path) (html, \(page.utf8.count) bytes)\n")
        #expect(run.stdout.isEmpty)
        #expect(page.hasPrefix("<!DOCTYPE html>\n"))
        #expect(page.contains("<title>The Lighthouse Keeper — storygraph report</title>"))
        // Without --heat: no heat view, no heat toggle, no fuzz data.
        #expect(page.components(separatedBy: "<svg ").count == 2)
        #expect(!page.contains("id=\"toggle-heat\""))
        #expect(try Self.data(page)["fuzz"] == nil)
    }

    @Test func mapWritesTheSamePageWithItsOverlays() throws {
        let out = Repository.temporaryFolder().appendingPathComponent("map.html")
        let run = runCLI(["map", Self.lighthouse, "--heat", "--runs", "500", "--seed", "3", "-o", out.path])
        #expect(run.exitCode == 0)
        let page = try String(contentsOf: out, encoding: .utf8)
        #expect(run.stderr == "wrote \(out.path) (html, 6 passages, \(page.utf8.count) bytes)\n")
        // The plain map and the heat map, the heat one with prefixed ids.
        #expect(page.components(separatedBy: "<svg ").count == 3)
        #expect(page.contains("<figure class=\"map\" id=\"map-story\" data-prefix=\"\" hidden>"))
        #expect(page.contains("<figure class=\"map\" id=\"map-heat\" data-prefix=\"heat-\">"))
        #expect(page.contains("id=\"heat-passage:0\""))
        #expect(page.contains("<input type=\"checkbox\" id=\"toggle-heat\" checked>"))
        let fuzz = try #require(try Self.data(page)["fuzz"] as? [String: Any])
        #expect(fuzz["runs"] as? Int == 500)
        #expect(fuzz["seed"] as? String == "3")
        #expect(fuzz["policy"] as? String == "uniform")
    }

    @Test(arguments: [
        (["--heat"], "error: --heat needs --format html"),
        (["--format", "html", "--runs", "5"], "error: option '--runs' of report needs --heat"),
        (["--format", "json", "--seed", "5"], "error: option '--seed' of report needs --heat"),
    ])
    func heatOptionsOfReportAreUsageErrors(_ options: [String], _ message: String) {
        let run = runCLI(["report", Self.lighthouse] + options)
        #expect(run.exitCode == 64)
        #expect(run.stderr.hasPrefix(message + "\n"))
        #expect(run.stdout.isEmpty)
    }

    @Test func theFormatFollowsTheHTMLExtension() throws {
        let out = Repository.temporaryFolder().appendingPathComponent("m.html")
        let run = runCLI(["map", Self.lighthouse, "-o", out.path, "--quiet"])
        #expect(run.exitCode == 0)
        #expect(run.stderr.isEmpty)
        #expect(try String(contentsOf: out, encoding: .utf8).hasPrefix("<!DOCTYPE html>\n"))
    }
}
