/// The rules of findings about drawing a map (raised by `StoryMap` and the CLI's layout
/// plan), in the one registry beside the analysers' and the loaders'.
package enum MapRules {
    package static let layoutPosition = Rule(
        "layout-position", .warning,
        "A pinned layout cannot use a passage's stored position (missing or unreadable, whichever format's metadata it came from); the passage is placed by the engine."
    )
    package static let mapMemoryCeiling = Rule(
        "map-memory-ceiling", .error,
        "The layout of this map would need more memory than the ceiling allows; the map is refused with the alternatives."
    )

    package static let bitmapSize = Rule(
        "map-bitmap-size", .error,
        "The laid-out map is wider or taller than Graphviz's bitmap renderer can draw (32,766 pixels a side); a PNG is refused with the alternatives instead of shrunk to a blank."
    )

    package static let all: [Rule] = [layoutPosition, mapMemoryCeiling, bitmapSize]
}
