import StoryGraph

/// The Twine loaders' own options: which story of an archive to read, and a story's own
/// macros whose arguments name passages.
enum TwineOptions {
    /// `--story NAME`: `LoadOptions.storyName`.
    static let story = FormatOption(
        "story", value: "NAME", help: "Pick one story from a file that holds several (a Twine archive)."
    ) { values, options throws(StoryLoadError) in
        options.storyName = values.last
    }

    /// `--link-macro NAME`, repeated: `LoadOptions.linkMacros`, lowercased.
    static let linkMacros = FormatOption(
        "link-macro", value: "NAME",
        help:
            "A story's own macro or widget whose quoted arguments name passages (<<fade \"Cellar\">>): follow them as links (repeat for several; also \"link_macros\" in a storygraph.json beside the story).",
        repeating: true
    ) { values, options throws(StoryLoadError) in
        options.linkMacros = Set(values.map { $0.lowercased() })
    }

    enum StoryNameKey: LoadOptionKey {
        static let defaultValue: String? = nil
    }

    enum LinkMacrosKey: LoadOptionKey {
        static let defaultValue: Set<String> = []
    }
}

extension LoadOptions {
    /// Picks one story out of a file that holds several (a Twine archive).
    public var storyName: String? {
        get { self[TwineOptions.StoryNameKey.self] }
        set { self[TwineOptions.StoryNameKey.self] = newValue }
    }

    /// A story's own macros or widgets whose quoted arguments name passages
    /// (`--link-macro fade`): their arguments that name a passage are links.
    public var linkMacros: Set<String> {
        get { self[TwineOptions.LinkMacrosKey.self] }
        set { self[TwineOptions.LinkMacrosKey.self] = newValue }
    }
}
