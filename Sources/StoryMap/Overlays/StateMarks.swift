import StoryGraph

/// What the state search adds to a map (`map --state`): choices whose condition never
/// holds where a reader meets it drawn dashed grey and marked "never", passages the links
/// reach and no reader does greyed ("only by the links"), and endings no reader reaches
/// outlined dashed in purple ("no reader gets here"). Nothing on a story without state
/// to search (`StateModel.applies(to:)`).
package enum StateMarks {
    package static let blockedColor = "#7b3fa0"

    /// - Complexity: O(P + C), over the search given (nothing is marked without one). Only
    ///   what is certain is marked: a "never" needs every state explored, so an incomplete
    ///   search (or one that meets a computed link) marks nothing, and says which bound
    ///   stopped it (the warning returned).
    @discardableResult
    package static func apply(graph: StoryGraph, state: StateAnalysis?, to decorations: inout MapDecorations) -> String?
    {
        guard let state else { return nil }
        if let stop = state.stopDescription {
            return "--state: the state search \(stop) after \(state.states) states; nothing is marked as no reader's"
        }
        guard state.provesAbsence else { return nil }
        for ref in state.neverTrue {
            decorations.dimmedChoices.insert(ref)
            decorations.choiceNotes[ref] = note(decorations.choiceNotes[ref], "never")
        }
        for p in state.onlyStructural {
            // Its choices are never met: drawn the same grey, with no mark of their own.
            for c in graph.story.passages[p].choices.indices {
                decorations.dimmedChoices.insert(ChoiceRef(passage: p, choice: c))
            }
            decorations.dimmedPassages.insert(p)
            decorations.passageNotes[p] = note(decorations.passageNotes[p], "only by the links")
        }
        for ending in state.blockedEndings {
            decorations.outlinedPassages[ending.passage] = blockedColor
            decorations.passageNotes[ending.passage] = note(
                decorations.passageNotes[ending.passage], "no reader gets here")
        }
        return nil
    }

    private static func note(_ old: String?, _ new: String) -> String { old.map { "\($0) · \(new)" } ?? new }
}
