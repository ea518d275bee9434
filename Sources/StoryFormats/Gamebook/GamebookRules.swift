import StoryGraph

/// The rules of the gamebook loader (JSON, YAML and JS/TS gamebook data), for the registry.
package enum GamebookRules {
    package static let schema = Rule(
        "gamebook-schema", .info,
        "Which fields of gamebook data were read as the sections, ids, texts, options and targets: inferred, or given with --schema."
    )
    package static let noStory = Rule(
        "gamebook-no-story", .error,
        "Gamebook data in which no reading of the fields finds sections whose options name other sections, or where two readings fit equally (ambiguous): --schema FILE says which fields are which."
    )
    package static let shape = Rule(
        "gamebook-shape", .warning,
        "A section or option of gamebook data that cannot be read (not a record, no id, no target); it is skipped.")
    package static let schemaFile = Rule(
        "gamebook-schema-file", .error,
        "A --schema file that is not a JSON object of the known keys (sections, id, idBase, text, options, label, target)."
    )
    package static let yamlSyntax = Rule(
        "yaml-syntax", .error, "A YAML file that libyaml cannot parse, or nested or aliased beyond the loader's limits."
    )
    package static let jsSyntax = Rule(
        "js-syntax", .error,
        "A JavaScript or TypeScript module whose exported object literal cannot be read, or that exports none.")
    package static let jsCode = Rule(
        "js-code", .warning,
        "Values in a JS/TS object literal that are code (a function, a variable, a ${…}) or a literal that cannot be read: read as nothing or kept as written."
    )

    package static let all: [Rule] = [schema, noStory, shape, schemaFile, yamlSyntax, jsSyntax, jsCode]
}
