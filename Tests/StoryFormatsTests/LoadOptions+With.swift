import StoryFormats

extension LoadOptions {
    /// The default options with one option of a format's own set
    /// (`LoadOptions.with(\.storyName, "First")`).
    static func with<Value>(_ key: WritableKeyPath<LoadOptions, Value>, _ value: Value) -> LoadOptions {
        var options = LoadOptions()
        options[keyPath: key] = value
        return options
    }
}
