import Foundation
import TestSupport
import Testing

@testable import StoryFormats
@testable import StoryGraph

/// Every limit that cuts something says which limit and what lifts it.
@Suite struct LimitsReportedTests {
    @Test func theInputLimitNamesItself() throws {
        let data = Data(count: SourceText.maximumSize + 1)
        #expect(throws: StoryLoadError.self) { try SourceText(path: "big.json", data: data) }
        do {
            _ = try SourceText(path: "big.json", data: data)
        } catch {
            #expect(
                error.description
                    == "big.json:1:1: error: file is 67108865 bytes; the limit is 67108864 bytes (64 MiB), and no option lifts it [file-too-large]"
            )
        }
    }

    @Test func cutListsInTheReportNameTheirLimitAndWhatLiftsThem() {
        // 30 unreachable passages (30 findings, 30 names) and 45 endings.
        let n = 45
        let graph = Fixture.story([Array(1...n)] + Array(repeating: [], count: n) + Array(repeating: [0], count: 30))
        let report = Report(StoryAnalysis(graph))
        let text = report.text()
        #expect(text.contains("  … 40 of 45 endings shown; the JSON report lists them all"))
        #expect(text.contains("  … 20 of 30 findings shown; storygraph check lists them all"))
        #expect(text.contains(", … 20 more in the JSON report)"))
        #expect(report.markdown().contains("_40 of 45 endings shown; the JSON report lists them all._"))
    }

    @Test func oddsCutByTheBudgetWithOneWayOutStayExact() {
        let n = 60
        let graph = Fixture.story((0..<n).map { v in (0..<n).filter { $0 != v } + [n] } + [[]])
        let report = Report(StoryAnalysis(graph, options: .init(budget: .init(seconds: 1, steps: 1_000))))
        #expect(!report.odds.converged && report.odds.unresolved == 0)
        #expect(report.endings.map(\.probability) == [1])
        let text = report.text()
        #expect(text.contains("expected choices        - (not solved within the budget)"))
        #expect(
            text.contains(
                "odds exact (every unsolved loop has one way out); expected choices unknown: search stopped at its budget of 1 s; a larger --budget lifts it"
            ))
    }

    @Test func oddsCutByTheBudgetSayHowFarOff() {
        let n = 60
        // Two ways out (n and n + 1), so the cut leaves mass unresolved.
        let graph = Fixture.story(
            (0..<n).map { v in (0..<n).filter { $0 != v } + [n] + (v == 0 ? [n + 1] : []) } + [[], []])
        let report = Report(StoryAnalysis(graph, options: .init(budget: .init(seconds: 1, steps: 1_000))))
        #expect(!report.odds.converged)
        #expect(report.odds.unresolved > 0 && report.odds.unresolved < 1)
        #expect(
            report.text().contains(
                "odds search stopped at its budget of 1 s; a larger --budget lifts it: every probability is a lower bound, at most \(NumberText.percent(report.odds.unresolved)) below the exact one"
            ))
    }
}
