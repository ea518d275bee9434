import StoryGraph

/// How a story map is drawn.
public struct DOTOptions: Sendable {
    public enum Style: String, Sendable, CaseIterable {
        /// The prompt/choice/result chart: each choice its own green box.
        case chart
        /// Passages only, choice texts as edge labels.
        case compact
    }

    public enum Direction: String, Sendable, CaseIterable {
        case TB, LR
    }

    public var style: Style
    public var direction: Direction
    /// Passage texts longer than this are shortened with "…" (0: never).
    public var maxText: Int
    /// Characters per label line.
    public var wrapWidth: Int
    public var showRestarts: Bool
    /// Every restart as its own dashed edge back to the start. When false (the default),
    /// a passage whose only choices are restarts (a Destini ending's "The" and "End")
    /// gets one small restart marker instead; restarts beside other choices stay edges.
    public var restartEdges: Bool
    /// Extra graph attributes (`nslimit`, `splines`…) for big stories and engines.
    public var graphAttributes: [(String, String)]
    /// Overlays from analysis and playthroughs.
    public var decorations: MapDecorations
    /// The layout engine these options are meant for (`neato` for pinned Twine
    /// positions), used when the user did not name one.
    public var suggestedEngine: String? = nil

    public init(
        style: Style = .chart, direction: Direction = .TB, maxText: Int = 120, wrapWidth: Int = 30,
        showRestarts: Bool = true, restartEdges: Bool = false, graphAttributes: [(String, String)] = [],
        decorations: MapDecorations = MapDecorations()
    ) {
        self.style = style
        self.direction = direction
        self.maxText = maxText
        self.wrapWidth = wrapWidth
        self.showRestarts = showRestarts
        self.restartEdges = restartEdges
        self.graphAttributes = graphAttributes
        self.decorations = decorations
    }
}

/// What analysis and playthroughs add to a map. Every field is optional; the exporter
/// draws the plain story when all are empty.
public struct MapDecorations: Sendable {
    /// A group of passages drawn inside one outlined box (a trapping component, a tag).
    package struct Cluster: Sendable {
        package var label: String
        /// Outline colour (`#rrggbb`).
        package var color: String
        package var passages: [Int]
        package var style: String

        package init(label: String, color: String, passages: [Int], style: String = "rounded,bold") {
            self.label = label
            self.color = color
            self.passages = passages
            self.style = style
        }
    }

    /// One row of a legend drawn in a corner of the map (a heat scale).
    package struct LegendEntry: Sendable {
        package var label: String
        package var fill: String
        package init(label: String, fill: String) {
            self.label = label
            self.fill = fill
        }
    }

    /// Fill colour per passage index, replacing the white/red/grey fill (heat maps).
    package var passageFill: [Int: String] = [:]
    /// Fill colour per choice, replacing the green (heat maps).
    package var choiceFill: [ChoiceRef: String] = [:]
    /// An extra small line under a passage's text ("41.2% of runs", "bottleneck").
    package var passageNotes: [Int: String] = [:]
    package var choiceNotes: [ChoiceRef: String] = [:]
    /// Passages and choices drawn with a thick blue outline (`map --path N`).
    package var highlightedPassages: Set<Int> = []
    package var highlightedChoices: Set<ChoiceRef> = []
    /// Passages marked with a double border (bottlenecks).
    package var markedPassages: Set<Int> = []
    /// Passages drawn greyed (the links reach them, no reader does under state) and
    /// choices drawn dashed grey (their condition never holds where a reader meets them).
    package var dimmedPassages: Set<Int> = []
    package var dimmedChoices: Set<ChoiceRef> = []
    /// Passages outlined dashed in this colour (endings no reader reaches under state).
    package var outlinedPassages: [Int: String] = [:]
    package var clusters: [Cluster] = []
    package var legendTitle: String = ""
    package var legend: [LegendEntry] = []
    /// Pinned positions in points (`pos="x,y!"`), for engines that honour them (neato).
    package var positions: [Int: (x: Double, y: Double)] = [:]
    /// When set, only these passages are drawn (`--focus`, `--ending`); links to passages
    /// left out are drawn to a small "…" stub.
    package var visiblePassages: Set<Int>?

    public init() {}
}
