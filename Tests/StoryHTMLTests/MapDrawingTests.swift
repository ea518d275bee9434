import Foundation
import StoryFormats
import StoryGraph
import StoryMap
import Testing

@testable import StoryHTML

/// The one map call (`MapDrawing`): overlays read the analysis they are given (the state
/// search runs once however many maps a page draws), a layout past the memory ceiling is a
/// typed refusal, and DOT text is never refused.
@Suite struct MapDrawingTests {
    static let tollBridge = HTMLReportTests.root.appendingPathComponent("Examples/toll-bridge.json").path

    static func analysed(_ budget: StateAnalysis.Budget = StateAnalysis.Budget()) throws -> StoryAnalysis {
        let result = try StoryLoading.load(paths: [tollBridge])
        return StoryAnalysis(
            StoryGraph(result.story), loadDiagnostics: result.diagnostics, options: .init(stateBudget: budget))
    }

    /// What `map --format html --state --heat` does: one search (the analysis'), read by
    /// the report, the story map's state marks and the heat view's; before the map call,
    /// the page's probe, each view and the command's estimate searched again.
    @Test func aPageWithStateMarksAndHeatSearchesOnce() throws {
        let counter = StateAnalysis.SearchCounter()
        let drawn = try StateAnalysis.$searchCounter.withValue(counter) {
            let request = MapRequest(
                format: .html, overlays: MapOverlays(heat: .init(runs: 50, seed: 3), stateMarks: true))
            return try MapDrawing.draw(MapAnalysis(try Self.analysed()), request)
        }
        #expect(counter.count == 1)
        let html = String(decoding: drawn.data, as: UTF8.self)
        // The state marks are on both views: the ending no reader reaches outlined in purple
        // (its note on the story map; the heat view notes the share of runs instead).
        #expect(HTMLReportTests.count(StateMarks.blockedColor, in: html) == 2)
        #expect(HTMLReportTests.count("no reader gets here", in: html) == 1)
        #expect(drawn.warnings.isEmpty)
    }

    /// The budget the analysis was searched with is the map's: a search stopped at one
    /// state marks nothing and says so, as `report` does.
    @Test func theAnalysisBudgetReachesTheStateMarks() throws {
        let counter = StateAnalysis.SearchCounter()
        let budget = StateAnalysis.Budget(maxStates: 1, maxSteps: 20)
        let analysis = try Self.analysed(budget)
        let plan = try StateAnalysis.$searchCounter.withValue(counter) {
            try MapDrawing.plan(
                MapAnalysis(analysis), MapRequest(format: .dot, overlays: MapOverlays(stateMarks: true)))
        }
        #expect(counter.count == 0)
        #expect(
            plan.warnings == [
                "--state: the state search stopped at its bound of 1 states, --max-states after 1 states; nothing is marked as no reader's"
            ])
        #expect(plan.options.decorations.dimmedChoices.isEmpty)
        // A map analysis of its own searches once, within the budget it is given.
        let own = try StateAnalysis.$searchCounter.withValue(counter) {
            try MapDrawing.plan(
                MapAnalysis(analysis.graph, stateBudget: budget),
                MapRequest(format: .dot, overlays: MapOverlays(stateMarks: true)))
        }
        #expect(counter.count == 1)
        #expect(own.warnings == plan.warnings)
        #expect(own.dot == plan.dot)
    }

    /// Past the ceiling the plan holds a typed refusal and no DOT text, and `render` throws
    /// it; DOT text needs no layout and is never refused.
    @Test func aLayoutPastTheCeilingIsATypedRefusal() throws {
        let analysis = MapAnalysis(try Self.analysed().graph)
        let plan = try MapDrawing.plan(analysis, MapRequest(format: .svg, memoryCeilingMiB: 38))
        let refusal = try #require(plan.refusal)
        #expect(plan.dot == nil)
        #expect(refusal.ceilingMiB == 38)
        #expect(refusal.engine == .dot)
        #expect(refusal.estimate.boxes == 16)
        #expect(
            refusal.description == """
                the map's dot layout would need about 39 MiB (estimated from 16 boxes and 18 edges), above the ceiling of 38 MiB; \
                use --focus PASSAGE or --ending ENDING to draw part of the story; --format dot to write the DOT text without a layout; \
                --max-memory 0 to lift the ceiling
                """)
        #expect(throws: MapFailure.self) { try plan.render() }
        do {
            _ = try MapDrawing.draw(analysis, MapRequest(format: .svg, memoryCeilingMiB: 38))
            Issue.record("a map past the ceiling was drawn")
        } catch {
            guard case .memory(let thrown) = error else {
                Issue.record("expected the memory refusal, got \(error)")
                return
            }
            #expect(thrown.description == refusal.description)
        }
        let dot = try MapDrawing.draw(analysis, MapRequest(format: .dot, memoryCeilingMiB: 38))
        #expect(dot.plan?.refusal == nil)
        #expect(
            String(decoding: dot.data, as: UTF8.self)
                == DOTExporter(analysis.graph, options: try #require(dot.plan).options).dot())
    }

    /// The page needs the whole analysis (its report); a map analysis alone is refused.
    @Test func aPageNeedsTheWholeAnalysis() throws {
        let analysis = MapAnalysis(try Self.analysed().graph)
        #expect(analysis.full == nil)
        do {
            _ = try MapDrawing.draw(analysis, MapRequest(format: .html))
            Issue.record("a page was drawn without a report")
        } catch {
            guard case .request(let request) = error else {
                Issue.record("expected a request error, got \(error)")
                return
            }
            #expect(request.option == "format")
        }
    }
}
