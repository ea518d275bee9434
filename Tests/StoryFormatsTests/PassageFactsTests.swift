import StoryFormats
import TestSupport
import Testing

@testable import StoryGraph

/// What the analysis knows of each passage, which every output can show (issue 32 item 3).
@Suite struct PassageFactsTests {
    /// The analysis of a story in storygraph's JSON, read as `t.json` (its findings' lines).
    static func analysis(_ json: String) throws -> StoryAnalysis {
        Load.analysis(try Load.text(json, path: "t.json"), budget: .unlimited)
    }

    @Test func pathsThroughAndOddsFromEachPassage() throws {
        let analysis = Fixture.analysis(Fixture.destini)
        let facts = PassageFacts(analysis)
        // 0→2→5, 0→2→4, 0→1→2→5, 0→1→2→4, 0→1→3.
        #expect(facts.pathsThrough == [5, 3, 4, 1, 2, 2])
        #expect(facts.pathsExact)
        func odds(_ v: Int) -> [String] {
            (facts.odds[v]?.endings ?? []).map { "\(analysis.graph.ids[$0.passage]) \($0.probability)" }
        }
        #expect(odds(0) == ["4 0.375", "5 0.375", "3 0.25"])
        #expect(odds(1) == ["3 0.5", "4 0.25", "5 0.25"])
        #expect(odds(2) == ["4 0.5", "5 0.5"])
        #expect(odds(3) == ["3 1.0"])
        #expect(facts.odds[0]?.neverEnding == 0)
        #expect(facts.loop == [nil, nil, nil, nil, nil, nil])
    }

    @Test func loopsUnreachablePassagesAndNeverEnding() throws {
        let analysis = try Self.analysis(
            """
            {"start": "a", "passages": [
              {"id": "a", "text": "t", "choices": [{"text": "x", "to": "b"}, {"text": "y", "to": "end"}]},
              {"id": "b", "text": "t", "choices": [{"text": "x", "to": "a"}, {"text": "y", "to": "b"}]},
              {"id": "end", "text": "t", "ending": true},
              {"id": "lost", "text": "t", "choices": [{"text": "x", "to": "end"}]}
            ]}
            """)
        let facts = PassageFacts(analysis)
        #expect(facts.loop == [0, 0, nil, nil])
        #expect(facts.odds[3] == nil)
        #expect(facts.odds[1]?.endings.map(\.passage) == [2])
        #expect(facts.odds[1]?.neverEnding == 0)
        #expect(facts.pathsThrough == [1, 0, 1, 0])
    }

    @Test func findingsArePlacedOnThePassageWhoseLinesTheySitOn() throws {
        let analysis = try Self.analysis(
            """
            {"start": "a", "passages": [
              {"id": "a", "text": "t", "choices": [{"text": "x", "to": "b"}]},
              {"id": "b", "text": "t", "choices": [{"text": "y", "to": "nowhere"}, {"text": "z", "to": "c"}]},
              {"id": "c", "text": "t", "ending": true}
            ]}
            """)
        let facts = PassageFacts(analysis)
        #expect(facts.findings.map { $0.map { $0.rule ?? "-" } } == [[], ["broken-link"], []])
        let before = Report.Finding(
            severity: "info", rule: "r", message: "m", location: SourceLocation(file: "t.json", line: 1, column: 1))
        let nowhere = Report.Finding(severity: "info", rule: "r", message: "m", location: nil)
        let elsewhere = Report.Finding(
            severity: "info", rule: "r", message: "m", location: SourceLocation(file: "u.json", line: 3, column: 1))
        let onC = Report.Finding(
            severity: "info", rule: "r", message: "m", location: SourceLocation(file: "t.json", line: 9, column: 1))
        #expect(PassageFacts.place([before, nowhere, elsewhere, onC], in: analysis.graph.story) == [2: [onC]])
    }
}
