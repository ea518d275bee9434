import StoryGraph
import StoryMap

/// The options of `map` and `dot` that ask for overlays, read into `StoryMap`'s
/// `MapOverlays` before any story is loaded (so a bad value is a usage error at once).
struct MapOverlayOptions {
    enum Layout: String, CaseIterable {
        /// Graphviz lays out the whole map (the default).
        case auto
        /// Passages pinned at their Twine positions, neato for the rest.
        case twine
    }

    static let specs: [OptionSpec] = [
        OptionSpec("no-analysis", help: "Leave out the analysis marks: trapping loops outlined in orange, bottleneck passages with a double border."),
        OptionSpec("path", value: "N", help: "Highlight the N-th path (numbered as 'storygraph paths' lists them, from 1)."),
        OptionSpec("focus", value: "PASSAGE", help: "Draw only the passages within --radius choices of this passage (either way)."),
        OptionSpec("radius", value: "K", help: "How many choices away from --focus to draw.", default: "2"),
        OptionSpec("ending", value: "ENDING", help: "Draw only the passages on paths from the start to this ending."),
        OptionSpec.choice("cluster", PartialMap.ClusterBy.self, help: "Group passages in boxes by their first tag or by the file they come from."),
        OptionSpec.choice(
            "layout", Layout.self,
            help: "twine: pin passages where the author placed them in Twine (neato); auto: let Graphviz place everything.",
            default: .auto),
        OptionSpec("heat", help: "Colour passages and choices by the share of random runs that reached them."),
        OptionSpec("runs", value: "N", help: "With --heat: how many runs to play.", default: "10000"),
        OptionSpec("seed", value: "S", help: "With --heat: the seed of the runs.", default: "1"),
        OptionSpec.choice("policy", PlayPolicy.self, help: "With --heat: how the random readers choose.", default: .uniform),
    ]

    var overlays: MapOverlays

    init(_ arguments: ParsedArguments) throws(CLIError) {
        if arguments.has("radius") && !arguments.has("focus") {
            throw .usage("--radius needs --focus PASSAGE", command: "map")
        }
        var heat: MapOverlays.Heat?
        if arguments.flag("heat") {
            heat = MapOverlays.Heat(
                runs: try arguments.int("runs", in: 1...Int(Int32.max)) ?? 10_000,
                seed: try FuzzCommand.seed(arguments, command: "map"),
                policy: arguments.choice("policy", as: PlayPolicy.self) ?? .uniform)
        } else {
            for name in ["runs", "seed", "policy"] where arguments.has(name) {
                throw .usage("option '--\(name)' of map needs --heat", command: "map")
            }
        }
        overlays = MapOverlays(
            analysisMarks: !arguments.flag("no-analysis"),
            highlightedPath: try arguments.int("path", in: 1...Int.max),
            focus: arguments.value("focus"),
            radius: try arguments.int("radius", in: 0...1_000_000) ?? 2,
            ending: arguments.value("ending"),
            cluster: arguments.choice("cluster", as: PartialMap.ClusterBy.self),
            pinnedLayout: arguments.choice("layout", as: Layout.self) == .twine,
            heat: heat)
    }
}
