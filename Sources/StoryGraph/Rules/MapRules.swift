/// The rules of findings about drawing a map (raised by `StoryMap` and the CLI's layout
/// plan), in the one registry beside the analysers' and the loaders'.
public enum MapRules {
    public static let twinePosition = Rule("twine-position", .warning, "A pinned layout cannot use a passage's stored position (missing or unreadable); the passage is placed by the engine.")
    public static let mapMemoryCeiling = Rule("map-memory-ceiling", .error, "The layout of this map would need more memory than the ceiling allows; the map is refused with the alternatives.")

    public static let all: [Rule] = [twinePosition, mapMemoryCeiling]
}
