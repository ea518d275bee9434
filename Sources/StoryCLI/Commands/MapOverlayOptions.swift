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

    static let noAnalysis = Option.flag(
        "no-analysis",
        help:
            "Leave out the analysis marks: trapping loops outlined in orange, bottleneck passages with a double border."
    )
    static let path = Option<Int>.integer(
        "path", help: "Highlight the N-th path (numbered as 'storygraph paths' lists them, from 1).", in: 1...Int.max)
    static let focus = Option.text(
        "focus", value: "PASSAGE", help: "Draw only the passages within --radius choices of this passage (either way).")
    static let radius = Option<Int>.integer(
        "radius", value: "K", help: "How many choices away from --focus to draw.", default: 2, in: 0...1_000_000)
    static let ending = Option.text(
        "ending", value: "ENDING", help: "Draw only the passages on paths from the start to this ending.")
    static let cluster = Option<PartialMap.ClusterBy>.choice(
        "cluster", help: "Group passages in boxes by their first tag or by the file they come from.")
    static let layout = Option<Layout>.choice(
        "layout",
        help: "twine: pin passages where the author placed them in Twine (neato); auto: let Graphviz place everything.",
        default: .auto)
    static let heat = Option.flag(
        "heat", help: "Colour passages and choices by the share of random runs that reached them.")
    static let runs = Option<Int>.integer(
        "runs", help: "With --heat: how many runs to play.", default: 10_000, in: 1...Int(Int32.max))
    static let seed = Option<UInt64>.seed(help: "With --heat: the seed of the runs.")
    static let policy = Option<PlayPolicy>.choice(
        "policy", help: "With --heat: how the random readers choose.", default: .uniform)
    static let state = Option.flag(
        "state",
        help:
            "Draw what the story's variables allow: choices whose condition never holds dashed grey, passages only the links reach greyed, endings no reader reaches outlined in purple."
    )

    static let specs: [OptionSpec] =
        [
            noAnalysis.spec, path.spec, focus.spec, radius.spec, ending.spec, cluster.spec, layout.spec,
            heat.spec, runs.spec, seed.spec, policy.spec, state.spec,
        ] + AnalysisOptions.stateSpecs

    var overlays: MapOverlays
    /// The state search's budget (`--max-states`, `--state-budget`; given only with
    /// `--state`), for every search the command runs.
    var stateBudget: StateAnalysis.Budget
    /// The usage errors of options given without the one they need, for `validate`.
    var problems: [String] = []

    init(_ arguments: ParsedArguments) {
        if arguments.has(Self.radius) && !arguments.has(Self.focus) {
            problems.append("--radius needs --focus PASSAGE")
        }
        var heat: MapOverlays.Heat?
        if arguments[Self.heat] {
            heat = MapOverlays.Heat(
                runs: arguments[Self.runs], seed: arguments[Self.seed], policy: arguments[Self.policy])
        } else {
            let given = [
                (Self.runs.name, arguments.has(Self.runs)), (Self.seed.name, arguments.has(Self.seed)),
                (Self.policy.name, arguments.has(Self.policy)),
            ]
            for (name, isGiven) in given where isGiven {
                problems.append("option '--\(name)' of \(arguments.command) needs --heat")
            }
        }
        if !arguments[Self.state] {
            for name in AnalysisOptions.givenStateOptions(arguments) {
                problems.append("option '--\(name)' of \(arguments.command) needs --state")
            }
        }
        overlays = MapOverlays(
            analysisMarks: !arguments[Self.noAnalysis],
            highlightedPath: arguments.value(Self.path),
            focus: arguments.value(Self.focus),
            radius: arguments[Self.radius],
            ending: arguments.value(Self.ending),
            cluster: arguments.value(Self.cluster),
            pinnedLayout: arguments[Self.layout] == .twine,
            heat: heat,
            stateMarks: arguments[Self.state])
        stateBudget = AnalysisOptions.stateBudget(arguments)
    }

    /// The usage error for an option given without the one it needs.
    func validate(command: String) throws(CLIError) {
        if let first = problems.first { throw .usage(first, command: command) }
    }
}
