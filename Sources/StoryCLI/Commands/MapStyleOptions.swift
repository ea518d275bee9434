import StoryGraph
import StoryMap

/// Drawing options shared by `map` and `dot`.
struct MapStyleOptions {
    static let specs: [OptionSpec] = [
        OptionSpec.choice("style", DOTOptions.Style.self, help: "chart: each choice its own green box; compact: choice texts on the edges.", default: .chart),
        OptionSpec.choice("direction", DOTOptions.Direction.self, help: "Top to bottom or left to right.", default: .TB),
        OptionSpec("max-text", value: "N", help: "Shorten passage texts past N characters with '…' (0: never).", default: "120"),
        OptionSpec("no-restarts", help: "Leave out the dashed restart edges back to the start."),
    ]

    var options: DOTOptions

    init(_ arguments: ParsedArguments) throws(CLIError) {
        options = DOTOptions(
            style: arguments.choice("style", as: DOTOptions.Style.self) ?? .chart,
            direction: arguments.choice("direction", as: DOTOptions.Direction.self) ?? .TB,
            maxText: try arguments.int("max-text", in: 0...100_000) ?? 120,
            showRestarts: !arguments.flag("no-restarts"))
    }
}
