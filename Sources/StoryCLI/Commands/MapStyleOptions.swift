import StoryGraph
import StoryMap

/// Drawing options shared by `map` and `dot`.
struct MapStyleOptions {
    static let style = Option<DOTOptions.Style>.choice(
        "style", help: "chart: each choice its own green box; compact: choice texts on the edges.", default: .chart)
    static let direction = Option<DOTOptions.Direction>.choice(
        "direction", help: "Top to bottom or left to right.", default: .TB)
    static let maxText = Option<Int>.integer(
        "max-text", help: "Shorten passage texts past N characters with '…' (0: never).", default: 120, in: 0...100_000)
    static let noRestarts = Option.flag(
        "no-restarts", help: "Leave out restarts (markers and edges back to the start).")
    static let restartEdges = Option.flag(
        "restart-edges",
        help:
            "Draw every restart as a dashed edge back to the start (by default a passage whose only choices are restarts gets one restart marker)."
    )

    static let specs: [OptionSpec] = [style.spec, direction.spec, maxText.spec, noRestarts.spec, restartEdges.spec]

    var options: DOTOptions

    init(_ arguments: ParsedArguments) {
        options = DOTOptions(
            style: arguments[Self.style],
            direction: arguments[Self.direction],
            maxText: arguments[Self.maxText],
            showRestarts: !arguments[Self.noRestarts],
            restartEdges: arguments[Self.restartEdges])
    }
}
