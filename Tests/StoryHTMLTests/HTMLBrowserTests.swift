import Foundation
import StoryFormats
import StoryMap
import TestSupport
import Testing

@testable import StoryGraph
@testable import StoryHTML

/// The HTML report in a real browser: Debian's headless Chromium, driven over the DevTools
/// protocol by `Tests/tools/html-report-browser.py` with real input events (a click into
/// the search box, typed text, a mouse click on the passage's box), then the side panel
/// read back.
@Suite struct HTMLBrowserTests {
    static let chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// What the driver read from the page.
    struct Shown: Decodable {
        var heading: String
        var `where`: String
        var text: String
        var panel: String
        var selected: String?
        var search_count: String
        var match_before_click: Bool
        var images: Int
        var scripts: Int
        var pwned: Bool
        var checks: Checks?
        var overview: Overview?
        var search_seconds: Double?
    }

    /// What `--overview` read from a big story's page before the search.
    struct Overview: Decodable {
        var opens_on: String
        var ready_seconds: Double
        var chapter_boxes: Int
        var variance: Double
        var click_opens: String
        var chapter_passages: Int
        var button_opens: String
    }

    struct Checks: Decodable {
        var on_loop: Int
        var width_before: Int
        var width_after_wheel: Int
        var width_after_plus: Int
        var width_after_zero: Int
        var restarts_shown: Int
        var restarts_after_toggle: Int
        var endings_by_odds: [String]
        var endings_by_odds_descending: [String]
        var finding_opens: String?
        var heat_off_shows: String?
        var unreachable_shown: Int
        var unreachable_after_toggle: Int
    }

    static func drive(_ html: String, query: String, passage: String, checks: Bool = false, overview: Bool = false)
        throws -> Shown
    {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "storygraph-html-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let page = folder.appendingPathComponent("report.html")
        try Data(html.utf8).write(to: page)
        let run = try runBinary(
            [
                "python3", HTMLReportTests.root.appendingPathComponent("Tests/tools/html-report-browser.py").path,
                page.path, query, passage,
            ]
                + (checks ? ["--checks"] : []) + (overview ? ["--overview"] : []),
            executable: "/usr/bin/env")
        try #require(run.exitCode == 0, "browser driver exited \(run.exitCode): \(run.stderr)")
        return try JSONDecoder().decode(Shown.self, from: run.stdoutData)
    }

    @Test(.enabled(if: chromium != nil, "chromium is not installed: apt-get install chromium (make deps installs it)"))
    func searchThenClickOpensThePassagesPanel() throws {
        let path = "Examples/lighthouse.json"
        let result = try StoryLoading.load(paths: [HTMLReportTests.root.appendingPathComponent(path).path])
        let analysis = StoryAnalysis(StoryGraph(result.story), loadDiagnostics: result.diagnostics)
        let html = try HTMLReport.page(analysis).html
        let shown = try Self.drive(html, query: "skipper", passage: "1", checks: true)
        // "skipper" is in passages 1 and 4; the first match is highlighted and in view.
        #expect(shown.search_count == "1 of 2")
        #expect(shown.match_before_click)
        #expect(shown.selected == "passage:1")
        #expect(shown.heading == "1")
        #expect(shown.where == HTMLReportTests.root.appendingPathComponent(path).path + ":8")
        #expect(shown.text == "The skipper shouts that his engine is dead and begs you to guide him in by voice.")
        #expect(
            shown.panel == """
                1

                \(shown.where)

                TEXT

                The skipper shouts that his engine is dead and begs you to guide him in by voice.

                CHOICES
                Talk him through the channel → 2
                Tell him to drop anchor → 3
                PATHS THROUGH IT

                3 paths from the start to an ending

                ODDS FROM HERE
                3 50%
                4 25%
                5 25%
                FINDINGS

                none
                """)
        // Then the map and the tables, as a reader uses them: a wheel notch zooms in by
        // 1.2, "+" by 1.25, "0" fits the whole map (1,400 × 1,000 window, so the width is
        // that of Debian's Chromium and fonts); the restarts box hides the three
        // endings' restart markers and their edges; the odds header sorts the endings both ways.
        let checks = try #require(shown.checks)
        #expect(abs(Double(checks.width_before) / Double(checks.width_after_wheel) - 1.2) < 0.01)
        #expect(abs(Double(checks.width_after_wheel) / Double(checks.width_after_plus) - 1.25) < 0.01)
        #expect(checks.width_after_zero == 985)
        #expect(checks.restarts_shown == 6)
        #expect(checks.restarts_after_toggle == 0)
        #expect(checks.endings_by_odds == ["3", "4", "5"])
        #expect(checks.endings_by_odds_descending == ["4", "5", "3"])
        #expect(checks.finding_opens == nil)
        #expect(checks.on_loop == 0)
        #expect(checks.unreachable_shown == 0)
        #expect(checks.heat_off_shows == nil)
    }

    @Test(.enabled(if: chromium != nil, "chromium is not installed: apt-get install chromium (make deps installs it)"))
    func theHeatPanelCountsTheRunsAndFindingsSitOnTheirPassage() throws {
        let path = "Examples/harbour.json"
        let result = try StoryLoading.load(paths: [HTMLReportTests.root.appendingPathComponent(path).path])
        let graph = StoryGraph(result.story)
        let analysis = StoryAnalysis(graph, loadDiagnostics: result.diagnostics)
        let html = try HTMLReport.page(analysis, overlays: MapOverlays(heat: .init(runs: 1_000, seed: 7))).html
        // The panel shows the heat run's own count (run i of seed s is the same anywhere).
        let visits = Fuzzer(runs: 1_000, seed: 7).run(PlayGraph(graph)).passageRuns[
            try #require(graph.indexByID["chapel"])]
        let shown = try Self.drive(html, query: "crypt", passage: "chapel", checks: true)
        #expect(shown.selected == "heat-passage:chapel")
        #expect(shown.heading == "chapel")
        #expect(shown.where == HTMLReportTests.root.appendingPathComponent(path).path + ":372")
        let lines = shown.panel.components(separatedBy: "\n")
        let heading = try #require(lines.firstIndex(of: "FUZZ VISITS"))
        #expect(lines[heading + 2] == "\(visits) of 1,000 runs (seed 7, uniform)")
        #expect(visits == 249)
        // A click on the broken-link finding opens the passage it is in.
        #expect(shown.checks?.finding_opens == "chapel")
        #expect(shown.checks?.endings_by_odds_descending == ["home", "vigil", "lighthouse-keeper", "infirmary"])
        // Harbour's four loops (11 + 2 + 2 + 2 passages, all escapable) are marked.
        #expect(shown.checks?.on_loop == 17)
        // The heat map is shown first; the heat box switches to the plain map.
        #expect(shown.checks?.heat_off_shows == "map-story")
        #expect(lines.contains("on a loop #act2 #town"))
        #expect(lines.contains("Go down to the crypt → crypt (broken link)"))
        // A third of the readers who start at the chapel follow the broken link.
        let odds = try #require(lines.firstIndex(of: "ODDS FROM HERE"))
        #expect(
            Array(lines[(odds + 1)...(odds + 5)]) == [
                "home 33.18%", "vigil 16.59%", "lighthouse-keeper 10.88%", "infirmary 1.003%", "a broken link 38.35%",
            ])
        #expect(
            lines.contains {
                $0.hasPrefix(
                    "error [broken-link]: choice 'Go down to the crypt' of passage 'chapel' leads to 'crypt', which does not exist ("
                ) && $0.hasSuffix("harbour.json:388)")
            })
    }

    /// Story text that tries to be markup stays text in the browser: no element, no handler
    /// run, and the panel shows the names as written.
    @Test(.enabled(if: chromium != nil, "chromium is not installed: apt-get install chromium (make deps installs it)"))
    func hostileStoryTextStaysTextInTheBrowser() throws {
        let hostile = "<img src=x onerror=\"window.pwned=true\">"
        let story = Story(
            title: "</title><script>window.pwned=true</script>", start: hostile,
            passages: [
                Passage(
                    id: hostile, text: "</script><script>window.pwned=true</script><svg onload=\"window.pwned=true\">",
                    choices: [
                        Choice(text: "<b onclick=\"window.pwned=true\">go</b>", target: "end")
                    ], location: SourceLocation(file: "<i>.json", line: 2)),
                Passage(id: "end", text: "-->", location: SourceLocation(file: "<i>.json", line: 9)),
                Passage(
                    id: "<iframe>", text: "never reached",
                    choices: [
                        Choice(text: "on", target: "end")
                    ], location: SourceLocation(file: "<i>.json", line: 12)),
            ], format: "test")
        let (validated, findings) = try story.validated()
        let html = try HTMLReport.page(StoryAnalysis(StoryGraph(validated), loadDiagnostics: findings)).html
        let shown = try Self.drive(html, query: "onerror", passage: hostile, checks: true)
        #expect(shown.images == 0)
        #expect(shown.scripts == 2)
        #expect(!shown.pwned)
        #expect(shown.search_count == "1 of 1")
        #expect(shown.heading == hostile)
        #expect(shown.where == "<i>.json:2")
        #expect(shown.text == "</script><script>window.pwned=true</script><svg onload=\"window.pwned=true\">")
        #expect(shown.panel.contains("\n<b onclick=\"window.pwned=true\">go</b> → end\n"))
        // The unreachable passage, its choice box and its two edges hide with the box.
        #expect(shown.checks?.unreachable_shown == 4)
        #expect(shown.checks?.unreachable_after_toggle == 0)
    }

    /// Issue 15's big story: a 10,000-passage gamebook's page opens on its 72 chapters (a
    /// screenshot of the map area that is not blank), a mouse click on chapter 1's box
    /// opens chapter 1's map (142 passage boxes), and a search for a passage deep in the
    /// story opens its chapter with the passage in view, in under 2 s.
    @Test(.enabled(if: chromium != nil, "chromium is not installed: apt-get install chromium (make deps installs it)"))
    func aTenThousandPassageStoryOpensOnItsChaptersAndSearchOpensOne() throws {
        let html = try HTMLReportTests.page(StoryGenerator.story(.gamebook(10_000)))
        let shown = try Self.drive(html, query: "Section 7000.", passage: "p7000", overview: true)
        let overview = try #require(shown.overview)
        #expect(overview.opens_on == "map-overview")
        #expect(overview.chapter_boxes == 72)
        // A blank map area has variance 0; the overview's boxes and edges give hundreds.
        #expect(overview.variance > 100)
        #expect(overview.click_opens == "map-chapter-1")
        #expect(overview.chapter_passages == 142)
        #expect(overview.button_opens == "map-overview")
        #expect(try #require(shown.search_seconds) < 2)
        #expect(shown.search_count == "1 of 1")
        #expect(shown.match_before_click)
        #expect(shown.selected == "chapter-51-passage:p7000")
        #expect(shown.heading == "p7000")
        #expect(shown.text == "Section 7000.")
    }
}
