import Testing

@testable import StoryGraph

/// A state search cut short by its budget claims nothing about what it did not reach
/// (issue 25, item 2): at every budget short of the whole search of `keyStory` (8 states),
/// the endings it reached keep the witnesses the whole search gives them, and no ending is
/// blocked, no passage only structural, no condition never or always true.
@Suite struct IncompleteStateSearchTests {
    @Test(arguments: 1...7)
    func aSearchCutShortReportsOnlyWhatItReached(_ maxStates: Int) {
        let graph = StoryGraph(StateAnalysisTests.keyStory)
        let whole = StateAnalysis(graph)
        #expect(whole.provesAbsence && whole.states == 8)
        let cut = StateAnalysis(graph, budget: .init(maxStates: maxStates))
        #expect(cut.stoppedBy == .states && !cut.provesAbsence)
        #expect(cut.states == maxStates)
        #expect(
            cut.blockedEndings.isEmpty && cut.onlyStructural.isEmpty && cut.neverTrue.isEmpty && cut.alwaysTrue.isEmpty)
        // What it reached, it reached by the whole search's shortest way.
        let witnesses = Dictionary(uniqueKeysWithValues: whole.reachedEndings.map { ($0.passage, $0.witness) })
        for ending in cut.reachedEndings { #expect(witnesses[ending.passage] == ending.witness) }
        // Duel is the 4th state found and Home the 5th.
        #expect(
            cut.reachedEndings.map { graph.ids[$0.passage] }
                == (maxStates >= 5 ? ["Duel", "Home"] : maxStates == 4 ? ["Duel"] : []))

        let state = Report.State(cut, outcomes: StateOutcomes(cut, graph: graph), graph: graph)
        #expect(!state.provesAbsence && !state.complete)
        #expect(
            state.unreachableEndings.isEmpty && state.onlyStructural.isEmpty && state.neverTrue.isEmpty
                && state.alwaysTrue.isEmpty)
        #expect(state.unboundedWalks == nil)
        let full = Report.State(whole, outcomes: StateOutcomes(whole, graph: graph), graph: graph)
        #expect(full.provesAbsence && full.unboundedWalks == false)
        #expect(full.unreachableEndings.map(\.id) == ["Riches", "Treasury"])
    }
}
