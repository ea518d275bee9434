/// A positional argument of a command, for parsing and for help.
package struct ArgumentSpec: Sendable {
    package var name: String
    package var help: String
    package var isRepeating: Bool
    package var isOptional: Bool
    /// The only values allowed (what completion offers); `nil`: any (a file).
    package var allowedValues: [String]?

    package init(
        _ name: String, help: String, repeating: Bool = false, optional: Bool = false, allowed: [String]? = nil
    ) {
        self.name = name
        self.help = help
        self.isRepeating = repeating
        self.isOptional = optional
        self.allowedValues = allowed
    }
}

/// An option (`--output FILE`) or flag (`--quiet`) of a command, as the parser and the help
/// text see it. Commands declare options as `Option` values, which make their spec.
package struct OptionSpec: Sendable {
    /// Long name without dashes (`output`); it is also the key the parsed value is kept under.
    package var name: String
    /// One-letter short name, if any (`o` for `-o`).
    package var short: Character?
    /// Placeholder for the value in help (`FILE`); `nil` for a flag, which takes no value.
    package var valueName: String?
    package var help: String
    /// The only values allowed (from a `CaseIterable` enum); anything else is a usage error.
    package var allowedValues: [String]?
    /// Whether help lists `allowedValues` after the option's text; `false` for a list too
    /// long for help (rule ids: `storygraph help rules` lists them, and the help says so).
    package var valuesInHelp = true
    package var defaultValue: String?
    /// Whether the option may be given several times (`--disable A --disable B`).
    package var isRepeating: Bool
    /// What is wrong with a value ("a whole number from 1 to 9"), or `nil` when it is valid;
    /// `Option` fills it from its value type.
    package var check: (@Sendable (String) -> String?)?
    /// The type of the value, for a JSON Schema of the option (the MCP server's tools).
    package var kind: ValueKind = .text

    /// What values an option takes, as a schema states them.
    package enum ValueKind: Sendable, Hashable {
        /// No value (a flag).
        case flag
        case text
        case integer(ClosedRange<Int>)
        case number(ClosedRange<Double>)
    }

    package init(
        _ name: String, short: Character? = nil, value valueName: String? = nil, help: String,
        allowed: [String]? = nil, default defaultValue: String? = nil, repeating: Bool = false,
        check: (@Sendable (String) -> String?)? = nil
    ) {
        self.name = name
        self.short = short
        self.valueName = valueName
        self.help = help
        self.allowedValues = allowed
        self.defaultValue = defaultValue
        self.isRepeating = repeating
        self.check = check
        if valueName == nil { kind = .flag }
    }

    package var isFlag: Bool { valueName == nil }
}

/// What a command is called, what it does, and what it takes.
package struct CommandConfiguration: Sendable {
    package var name: String
    package var abstract: String
    package var discussion: String
    package var arguments: [ArgumentSpec]
    package var options: [OptionSpec]
    /// The options every command of the tool takes besides its own (`--quiet`, `--color`,
    /// `--help`), parsed and listed with them.
    package var sharedOptions: [OptionSpec]
    package var subcommands: [any Command.Type]

    package init(
        name: String, abstract: String, discussion: String = "", arguments: [ArgumentSpec] = [],
        options: [OptionSpec] = [], sharedOptions: [OptionSpec] = GlobalOptions.specs,
        subcommands: [any Command.Type] = []
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.options = options
        self.sharedOptions = sharedOptions
        self.subcommands = subcommands
    }
}
