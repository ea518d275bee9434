import StoryFormats
import StoryGraph

/// What `storygraph check` finds in one story, worked out once for every caller (`check`,
/// and the language server, which keeps the analyses for hover): the load's findings that
/// are not disabled, then the lint over the graph, reachability, components and (where
/// the story has state) the state search. A story that cannot be read is its load error's
/// findings, or one `unreadable-file` finding at line 1 of `name`.
struct StoryCheck: Sendable {
    /// The analyses of a story that was read; nil when it was refused.
    struct Analysed: Sendable {
        let graph: StoryGraph
        let reachability: Reachability
        let components: StronglyConnectedComponents
        let state: StateAnalysis?
    }

    let findings: [Diagnostic]
    let analysed: Analysed?

    /// `read` loads the story (from disk, standard input or an editor's unsaved texts);
    /// a load error it throws is a finding, except a usage error (`InputOptions.refusal`),
    /// which is thrown on.
    init(
        name: String, input: InputOptions, stateBudget: StateAnalysis.Budget,
        read: () throws(StoryLoadError) -> LoadResult
    ) throws(CLIError) {
        let disabled = input.disabled
        do throws(StoryLoadError) {
            var loaded = try read()
            loaded.diagnostics.removeAll { $0.ruleID.map(disabled.contains) ?? false }
            if let refusal = StoryLoading.refusal(of: loaded) { throw refusal }
            let graph = StoryGraph(loaded.story)
            let reachability = Reachability(graph)
            let components = StronglyConnectedComponents(graph)
            let state =
                StateModel.applies(to: graph.story)
                ? StateAnalysis(graph, reachability: reachability, budget: stateBudget) : nil
            findings =
                Lint(
                    graph, loadDiagnostics: loaded.diagnostics, reachability: reachability,
                    components: components, state: state, disabled: disabled
                ).findings
            analysed = Analysed(graph: graph, reachability: reachability, components: components, state: state)
        } catch {
            if case .usage = input.refusal(error) { throw input.refusal(error) }
            findings =
                error.diagnostics.isEmpty
                ? [
                    Diagnostic(
                        FormatRules.unreadableFile, "cannot read the story", at: SourceLocation(file: name, line: 1))
                ]
                : error.diagnostics.filter { !($0.ruleID.map(disabled.contains) ?? false) }
            analysed = nil
        }
    }
}
