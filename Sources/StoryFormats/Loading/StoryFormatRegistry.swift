import StoryGraph

/// The story formats a load can use, in the order they are tried, with what they add:
/// their rules, the rules whose errors never refuse a story, and their options. A value,
/// so a caller extends it without touching anyone else's (`StoryFormatRegistry.standard`
/// is every format storygraph knows; `adding(_:)` makes one with a format of the caller's).
public struct StoryFormatRegistry: Sendable {
    /// The loaders, in the order they are tried (the first of two equally confident wins).
    package let loaders: [any StoryLoader.Type]
    /// Every rule a load can emit: the analysers', the map's, `FormatRules` and each
    /// format's own.
    package let rules: RuleRegistry
    /// Ids of rules whose errors describe a story read in full (`StoryLoader.storyFindingRules`).
    package let storyFindingRules: Set<String>
    /// The formats' own options, each name once, in the order of the loaders.
    package let options: [FormatOption]
    /// The kinds of project whose story is one of their files, each once.
    package let projects: [StoryProject]

    package init(_ loaders: [any StoryLoader.Type]) {
        self.loaders = loaders
        // Loaders of one family give one list: each rule once (an id two families
        // declare is a programming error, which `RuleRegistry` stops at).
        var own: [Rule] = []
        for rule in loaders.flatMap({ $0.rules }) where !own.contains(rule) { own.append(rule) }
        rules = RuleRegistry(RuleRegistry.analysis.rules, MapRules.all, FormatRules.all, own)
        storyFindingRules = loaders.reduce(into: []) { $0.formUnion($1.storyFindingRules) }
        var names = Set<String>()
        options = loaders.flatMap { $0.options }.filter { names.insert($0.name).inserted }
        var kinds = Set<String>()
        projects = loaders.compactMap { $0.project }.filter { kinds.insert($0.name).inserted }
    }

    /// The folder a path given stands for, as a kind of project says (an `.xcodeproj`
    /// for the folder around it); the path itself otherwise.
    func projectFolder(_ path: String) -> String {
        projects.reduce(path) { $1.folder($0) }
    }

    /// This registry with `loader` tried last.
    package func adding(_ loader: any StoryLoader.Type) -> StoryFormatRegistry {
        StoryFormatRegistry(loaders + [loader])
    }

    /// The names `--input-format` accepts, in the order of the loaders.
    public var formatNames: [String] { loaders.map { $0.formatName } }

    /// The loader of a format name (`story-json`).
    package func loader(named name: String) -> (any StoryLoader.Type)? {
        loaders.first { $0.formatName == name }
    }
}
