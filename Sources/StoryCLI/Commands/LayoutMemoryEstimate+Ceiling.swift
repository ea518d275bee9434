import StoryFormats
import StoryGraph
import StoryMap

/// `map --max-memory MIB`: the ceiling on the estimated memory of a layout.
extension LayoutMemoryEstimate {
    static let maxMemoryOption = Option<Int>.integer(
        "max-memory", value: "MIB",
        help: "Refuse a layout whose estimated Graphviz memory is above MIB mebibytes (0: no ceiling).",
        default: defaultCeilingMiB, in: 0...(1 << 30))

    /// Throws the refusal when the planned layout of `graph` would exceed `ceiling` MiB;
    /// run only when Graphviz is about to lay the map out.
    static func check(
        ceiling: Int, engine: MapEngine, plan: EnginePlan, graph: StoryGraph, options: DOTOptions, story path: String
    ) throws(CLIError) {
        let estimate = LayoutMemoryEstimate(plan: plan, graph: graph, options: options)
        var compact: LayoutMemoryEstimate?
        if options.style == .chart {
            var compactOptions = options
            compactOptions.style = .compact
            compact = LayoutMemoryEstimate(plan: EnginePlan(engine, graph: graph, options: compactOptions), graph: graph, options: compactOptions)
        }
        if let refusal = estimate.refusal(ceilingMiB: ceiling, engine: plan.engine, compact: compact) {
            // Exit 65, as for input past the size limit: this story is too big for this map.
            throw .input(StoryLoadError(refusal, at: SourceLocation(file: path, line: 1, column: 1), rule: MapRules.mapMemoryCeiling.id))
        }
    }
}
