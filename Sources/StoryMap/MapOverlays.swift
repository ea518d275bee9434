import StoryGraph

/// Everything a map can show beyond the plain story, as one value: the command line, the
/// benchmark and the HTML report fill it the same way and get the same map.
public struct MapOverlays: Sendable {
    /// A fuzz run whose visit shares colour the map.
    public struct Heat: Sendable, Hashable {
        public var runs: Int
        public var seed: UInt64
        public var policy: PlayPolicy

        public init(runs: Int = 10_000, seed: UInt64 = 1, policy: PlayPolicy = .uniform) {
            self.runs = runs
            self.seed = seed
            self.policy = policy
        }
    }

    /// Trapping loops outlined, bottlenecks double-bordered (on by default).
    public var analysisMarks: Bool
    /// The N-th path (1-based, in `paths` order) highlighted.
    public var highlightedPath: Int?
    /// Only the passages within `radius` choices of `focus` (either way).
    public var focus: String?
    public var radius: Int
    /// Only the passages on paths from the start to this ending.
    public var ending: String?
    /// Passages grouped in outlined boxes.
    public var cluster: PartialMap.ClusterBy?
    /// Passages pinned where the author placed them (a `position` in their metadata).
    public var pinnedLayout: Bool
    public var heat: Heat?
    /// What a reader can really reach, given the story's variables (`StateMarks`), drawn
    /// from the analysis' state search (`MapAnalysis.state`, run within its budget).
    public var stateMarks: Bool

    public init(
        analysisMarks: Bool = true, highlightedPath: Int? = nil, focus: String? = nil, radius: Int = 2,
        ending: String? = nil, cluster: PartialMap.ClusterBy? = nil, pinnedLayout: Bool = false,
        heat: Heat? = nil, stateMarks: Bool = false
    ) {
        self.analysisMarks = analysisMarks
        self.highlightedPath = highlightedPath
        self.focus = focus
        self.radius = radius
        self.ending = ending
        self.cluster = cluster
        self.pinnedLayout = pinnedLayout
        self.heat = heat
        self.stateMarks = stateMarks
    }

    /// Adds every overlay asked for to `options`, in a fixed order (analysis, state,
    /// partial map, pinned layout, heat), reading the analyses from `analysis` (none is
    /// run again). Returns warnings for the user (a pinned layout asked of a story without
    /// positions, a state search that stopped at its budget).
    package func apply(to options: inout DOTOptions, analysis: MapAnalysis) throws(MapError) -> [String] {
        try applied(to: &options, analysis: analysis).warnings
    }

    /// `apply`, also giving back the fuzz run the heat overlay played (the HTML report
    /// shows each passage's visits from it).
    package func applied(to options: inout DOTOptions, analysis: MapAnalysis) throws(MapError) -> (
        warnings: [String], fuzz: FuzzReport?
    ) {
        let graph = analysis.graph
        var warnings: [String] = []
        var fuzz: FuzzReport?
        try AnalysisMarks.apply(
            marks: analysisMarks, path: highlightedPath, analysis: analysis, to: &options.decorations)
        if stateMarks, let stopped = StateMarks.apply(graph: graph, state: analysis.state, to: &options.decorations) {
            warnings.append(stopped)
        }
        try PartialMap.apply(self, graph: graph, to: &options.decorations)
        // dot routes edges between clusters through the boxes in their way (6 edges of the
        // harbour example crossed a passage or choice box with `--cluster tag`); orthogonal
        // edges go round every box. (Later attributes, a plan's or a pinned layout's, win.)
        if cluster != nil { options.graphAttributes.append(("splines", "ortho")) }
        if pinnedLayout, !PinnedLayout.apply(graph: graph, to: &options) {
            warnings.append(
                "--layout twine: no passage of this story has a Twine position; laying it out automatically")
        }
        if let heat {
            let report = Fuzzer(runs: heat.runs, seed: heat.seed, policy: heat.policy).run(PlayGraph(graph))
            HeatMap.decorate(&options.decorations, with: report)
            fuzz = report
        }
        return (warnings, fuzz)
    }
}
