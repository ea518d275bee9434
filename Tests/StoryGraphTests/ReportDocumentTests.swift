import Foundation
import TestSupport
import Testing

@testable import StoryGraph

@Suite struct ReportDocumentTests {
    /// A hub `p0` with `spokes` passages that each lead back to it, and one ending: exactly
    /// `spokes` elementary cycles.
    static func hub(spokes: Int, maxCycles: Int = 100) -> Report {
        let graph = Fixture.story([Array(1...spokes) + [spokes + 1]] + (1...spokes).map { _ in [0] } + [[]])
        return Report(StoryAnalysis(graph, options: .init(budget: .unlimited, maxCycles: maxCycles)))
    }

    @Test func markdownAndTextSayWhenTheCyclesAreCut() {
        let report = Self.hub(spokes: 11)
        #expect(report.cycles.count == 11)
        #expect(report.cycles.listed.count == 11)
        let markdown = report.markdown()
        #expect(markdown.components(separatedBy: "\n- `p0` → `p").count - 1 == 10)
        #expect(markdown.contains("\n\n_10 of 11 cycles shown; the JSON report lists 11._\n"))
        #expect(report.text().contains("\n  … 10 of 11 cycles shown; the JSON report lists 11\n"))
        let json = try! JSONSerialization.jsonObject(with: Data(report.json().utf8)) as! [String: Any]
        #expect(((json["cycles"] as! [String: Any])["listed"] as! [Any]).count == 11)
    }

    @Test func htmlSaysTheSameCutsAsTextAndMarkdown() {
        let html = Self.hub(spokes: 11).document().html()
        #expect(
            html.components(separatedBy: "<li><code class=\"id\" data-passage=\"p0\">p0</code> → <code class=\"id\"")
                .count - 1 == 10)
        #expect(
            html.contains("</ul>\n<p class=\"cut\"><em>10 of 11 cycles shown; the JSON report lists 11.</em></p>\n"))
        #expect(!Self.hub(spokes: 10).document().html().contains("cycles shown"))
    }

    @Test func everySectionOfTheTextIsInTheHTML() throws {
        let report = Report(Fixture.analysis(Fixture.destini))
        let html = report.document().html()
        for section in report.document().sections {
            #expect(html.contains("<h2>\(section.title)"))
            for case .figures(let figures) in section.blocks {
                for figure in figures {
                    guard let label = figure.label else { continue }
                    #expect(html.contains("<tr><th scope=\"row\">\(ReportDocument.htmlEscaped(label))</th><td>"))
                }
            }
        }
        #expect(html.contains("<h2>Odds <small>(a reader who picks at random)</small></h2>"))
        #expect(
            html.contains(
                "<thead><tr><th scope=\"col\">ending</th><th scope=\"col\">kind</th><th scope=\"col\" class=\"number\">paths</th>"
            ))
        #expect(
            html.contains(
                "<tr><td><code class=\"id\" data-passage=\"3\">3</code></td><td>-</td><td class=\"number\">1</td><td class=\"number\">2</td><td class=\"number\">2</td><td class=\"number\">25%</td></tr>"
            ))
    }

    @Test func htmlEscapesEveryMarkupCharacter() {
        #expect(
            ReportDocument.htmlEscaped(#"<a href="x">&'</a>"#) == "&lt;a href=&quot;x&quot;&gt;&amp;&#39;&lt;/a&gt;")
        #expect(ReportDocument.htmlEscaped("숲 ✓") == "숲 ✓")
        let finding = Report.Finding(
            severity: "error", rule: "broken-link", message: "<b>x</b>",
            location: SourceLocation(file: "<f>.json", line: 3, column: 9))
        let document = ReportDocument(
            heading: nil,
            sections: [
                .init(
                    "Problems",
                    [
                        .findings(
                            .init(
                                key: "findings", findings: [finding], cut: .init(limit: 20, noun: "findings", hint: "h")
                            ))
                    ])
            ])
        #expect(
            document.html { $0 == finding ? "p\"1" : nil }.contains(
                "<tr class=\"finding error\" data-passage=\"p&quot;1\"><td>error</td><td><code>broken-link</code></td><td><code>&lt;f&gt;.json:3:9</code></td><td>&lt;b&gt;x&lt;/b&gt;</td></tr>"
            ))
    }

    @Test func aCutByMaxCyclesNamesTheOption() {
        let report = Self.hub(spokes: 11, maxCycles: 4)
        #expect(report.cycles.listed.count == 4)
        #expect(report.markdown().contains("_4 of 11 cycles shown; --max-cycles N lists more in the JSON report._"))
        #expect(report.text().contains("  … 4 of 11 cycles shown; --max-cycles N lists more in the JSON report\n"))
        let uncut = Self.hub(spokes: 10)
        #expect(!uncut.markdown().contains("cycles shown"))
        #expect(!uncut.text().contains("cycles shown"))
    }

    @Test func markdownKeepsTheLowerBoundMarksOfText() {
        let n = 12
        let graph = Fixture.story((0..<n).map { v in (0..<n).filter { $0 != v } + [n] } + [[]])
        let report = Report(StoryAnalysis(graph, options: .init(budget: .init(seconds: 10, steps: 100_000))))
        #expect(!report.paths.exact)
        let longest = report.structure.longestPath!
        let ending = report.endings[0]
        let text = report.text()
        let markdown = report.markdown()
        #expect(text.contains("  longest path                \(NumberText.grouped(longest))+ choices\n"))
        #expect(markdown.contains("| longest path | \(NumberText.grouped(longest))+ choices |\n"))
        #expect(
            markdown.contains(
                "| `p12` | - | \(ending.paths.formatted())+ | \(ending.shortest) | \(NumberText.grouped(ending.longest))+ | 100% |\n"
            ))
    }

    @Test func everySectionOfTheTextIsInTheMarkdown() throws {
        let report = Report(Fixture.analysis(Fixture.destini))
        let document = report.document()
        #expect(
            document.sections.map(\.title) == [
                "Structure", "Paths", "Endings", "Odds", "Length", "Loops", "Bottlenecks", "Problems",
            ])
        for section in document.sections {
            #expect(report.text().contains("\n\(section.title.uppercased())"))
            #expect(report.markdown().contains("\n### \(section.title)"))
        }
        // Each labelled figure shows the same value in text and Markdown.
        for section in document.sections {
            for case .figures(let figures) in section.blocks {
                for figure in figures {
                    guard let label = figure.label else { continue }
                    #expect(report.markdown().contains("| \(label) | \(figure.value.plain) |"))
                }
            }
        }
    }

    @Test func jsonReadsBackAsTheReport() throws {
        let keys = Report(StoryAnalysis(StoryGraph(StateAnalysisTests.keyStory)))
        #expect(keys.state?.states == 8)
        #expect(keys.state?.unreachableEndings.map(\.id) == ["Riches", "Treasury"])
        for report in [
            Report(Fixture.analysis(Fixture.destini)), Self.hub(spokes: 11),
            Report(Fixture.analysis(Fixture.neverEnding)), keys,
        ] {
            #expect(try Report(json: Data(report.json().utf8)) == report)
        }
        #expect(Report(Fixture.analysis(Fixture.destini)).state == nil)
        // The STATE section in every renderer, the same figures.
        #expect(
            keys.text().contains(
                "\nSTATE (what a reader can reach, given the story's variables)\n  states explored                            8 (complete)\n"
            ))
        #expect(keys.markdown().contains("| states explored | 8 (complete) |"))
    }

    @Test func markdownEscapesPipesAndLineBreaksInCells() throws {
        #expect(ReportDocument.markdownEscaped("a|b\nc\r\nd") == #"a\|b c d"#)
        #expect(ReportDocument.markdownEscaped(#"x\|*_`[]<>"#) == #"x\\\|\*\_\`\[\]\<\>"#)
        #expect(ReportDocument.markdownCode("plain") == "`plain`")
        #expect(ReportDocument.markdownCode("a|b") == #"`a\|b`"#)
        #expect(ReportDocument.markdownCode("x``y") == "```x``y```")
        #expect(ReportDocument.markdownCode("`tick") == "`` `tick ``")
        let analysis = Fixture.analysis(
            Fixture.story(
                title: "Pipes | and\nlines", start: "a|b", format: "story-json",
                [
                    ("a|b", [("x", "end|1")], nil),
                    ("end|1", [], ""),
                ]))
        let markdown = Report(analysis).markdown()
        #expect(markdown.hasPrefix("## Pipes \\| and lines\n\nFormat `story-json`, starts at `a\\|b`.\n"))
        // The ending row keeps its six cells: no pipe inside a cell is left unescaped.
        let row = try #require(markdown.split(separator: "\n").first { $0.hasPrefix("| `end") })
        #expect(row == #"| `end\|1` | - | 1 | 1 | 1 | 100% |"#)
    }

    @Test func aLongInlineListIsCutTheSameWayInTextAndMarkdown() {
        // A chain of 25 passages: every passage is a bottleneck; 20 are shown.
        let report = Report(StoryAnalysis(Fixture.chain(25)))
        #expect(report.bottlenecks.count == 25)
        let shown = report.bottlenecks.prefix(20)
        let text =
            "  " + shown.enumerated().map { $0 == 0 ? "\($1) (the start)" : $1 }.joined(separator: ", ")
            + ", … 5 more\n"
        let markdown =
            shown.enumerated().map { $0 == 0 ? "`\($1)` (the start)" : "`\($1)`" }.joined(separator: ", ")
            + ", … 5 more\n"
        #expect(report.text().contains("\n" + text))
        #expect(report.markdown().contains("\n" + markdown))
    }
}
