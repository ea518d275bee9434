import StoryMap

/// `map --max-memory MIB`: the ceiling on the estimated memory of a layout
/// (`MapRequest.memoryCeilingMiB`).
extension LayoutMemoryEstimate {
    static let maxMemoryOption = Option<Int>.integer(
        "max-memory", value: "MIB",
        help: "Refuse a layout whose estimated Graphviz memory is above MIB mebibytes (0: no ceiling).",
        default: defaultCeilingMiB, in: 0...(1 << 30))
}
