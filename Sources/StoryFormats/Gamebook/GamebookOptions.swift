import StoryGraph

/// The gamebook loader's own option: the schema that names the fields of the data.
enum GamebookOptions {
    /// `--schema FILE`: the file read into `LoadOptions.gamebookSchema`, which then reads
    /// the story as gamebook data without guessing (`GamebookLoader.isRequested(by:)`).
    static let schema = FormatOption(
        "schema", value: "FILE",
        help:
            "Read gamebook data (JSON, YAML, JS/TS) with the fields this JSON mapping names, instead of inferring them: {\"sections\": \"pages\", \"id\": \"id\", \"text\": \"body\", \"options\": \"choices\", \"label\": \"text\", \"target\": \"goto\"}."
    ) { values, options throws(StoryLoadError) in
        guard let path = values.last else { return }
        options.gamebookSchema = try GamebookSchema(file: SourceText(contentsOf: path))
    }

    enum SchemaKey: LoadOptionKey {
        static let defaultValue: GamebookSchema? = nil
    }
}

extension LoadOptions {
    /// The fields of a gamebook's data (`--schema FILE`), instead of inferring them.
    public var gamebookSchema: GamebookSchema? {
        get { self[GamebookOptions.SchemaKey.self] }
        set { self[GamebookOptions.SchemaKey.self] = newValue }
    }
}

extension GamebookLoader {
    /// A schema given says the file is gamebook data.
    package static func isRequested(by options: LoadOptions) -> Bool { options.gamebookSchema != nil }
}
