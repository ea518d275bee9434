import Foundation
import TestSupport
import Testing

@testable import StoryGraph

@Suite struct AnalysisReportTests {
    @Test func structureFiguresOfTheAdventurePiece() throws {
        let s = Fixture.analysis(Fixture.adventurePiece).structure
        #expect(s.passages == 6)
        #expect(s.choices == 6)
        #expect(s.words == 6)
        #expect(s.endings == 3)
        #expect(s.meanChoices == 2)
        #expect(s.merges == 1)
        #expect(s.shortestPath == 2)
        #expect(s.longestPath == 2)
    }

    @Test func jsonHasStableKeysAndDecimalCounts() throws {
        let report = Report(StoryAnalysis(Fixture.diamonds(70), options: .init(budget: .init(seconds: 1))))
        let object = try JSONSerialization.jsonObject(with: Data(report.json().utf8)) as! [String: Any]
        #expect(
            Set(object.keys) == [
                "schema_version", "title", "format", "start", "structure", "paths", "endings", "unreachable_endings",
                "odds", "length",
                "unreachable", "trapped", "loops", "cycles", "bottlenecks", "findings", "budget_seconds",
            ])
        let paths = object["paths"] as! [String: Any]
        #expect(paths["total"] as? String == "1180591620717411303424") // 2^70
        #expect(paths["exact"] as? Bool == true)
        #expect(paths["unbounded_walks"] as? Bool == false)
        let structure = object["structure"] as! [String: Any]
        #expect(structure["mean_choices"] != nil)
        #expect((object["bottlenecks"] as! [String]).count == 71)
        #expect(try Report(json: Data(report.json().utf8)) == report)
    }

    @Test func textGroupsThousandsAndMarksLowerBounds() {
        let n = 12
        let graph = Fixture.story((0..<n).map { v in (0..<n).filter { $0 != v } + [n] } + [[]])
        let report = Report(StoryAnalysis(graph, options: .init(budget: .init(seconds: 10, steps: 100_000))))
        #expect(!report.paths.exact)
        #expect(!report.cycles.exact)
        let text = report.text()
        #expect(text.contains("(at least: search stopped at its budget of "))
        #expect(text.contains("unbounded walks  yes"))
        #expect(report.markdown().contains("| paths | "))
    }
}
