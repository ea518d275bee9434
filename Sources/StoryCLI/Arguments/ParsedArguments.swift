import Foundation
import StoryGraph

/// The command line of one command, checked against its configuration: every value is
/// checked against its option's type as it is parsed, so a wrong value is a usage error
/// before any story is read, and `value(_:)` returns it typed.
///
/// Understood, as getopt_long and swift-argument-parser do: `--name value`, `--name=value`,
/// `-o value`, attached `-n5` and `-o/path`, combined flags `-qn 5`, `--` (what follows is
/// positional), and `-` as a positional (standard input or output).
package struct ParsedArguments: Sendable {
    package let command: String
    package private(set) var positional: [String] = []
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []

    /// Parses `arguments` (without the command names).
    package init(_ arguments: [String], for configuration: CommandConfiguration, command: String) throws(CLIError) {
        self.command = command
        var specs: [String: OptionSpec] = [:]
        var shorts: [Character: OptionSpec] = [:]
        for option in configuration.options + configuration.sharedOptions {
            specs[option.name] = option
            if let short = option.short { shorts[short] = option }
        }
        var i = 0
        var onlyPositional = false
        /// The value of `spec`: `inline` if given, else the next argument.
        func value(of spec: OptionSpec, inline: String?) throws(CLIError) -> String {
            if let inline { return inline }
            guard i < arguments.count else {
                throw .usage("option '--\(spec.name)' expects a value (\(spec.valueName!))", command: command)
            }
            i += 1
            return arguments[i - 1]
        }
        while i < arguments.count {
            let argument = arguments[i]
            i += 1
            if onlyPositional || argument == "-" || !argument.hasPrefix("-") {
                positional.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositional = true
                continue
            }
            if argument.hasPrefix("--") {
                var name = String(argument.dropFirst(2))
                var inline: String?
                if let eq = name.firstIndex(of: "=") {
                    inline = String(name[name.index(after: eq)...])
                    name = String(name[..<eq])
                }
                guard let spec = specs[name] else {
                    throw .usage(
                        "unknown option '--\(name)'\(Suggestion.phrase(for: name, among: Array(specs.keys), prefix: "--"))",
                        command: command)
                }
                if spec.isFlag {
                    if inline != nil { throw .usage("option '--\(name)' takes no value", command: command) }
                    flags.insert(name)
                } else {
                    try record(try value(of: spec, inline: inline), for: spec)
                }
                continue
            }
            // Short options: `-q`, `-qn 5`, `-n5`, `-o/path`.
            var letters = Substring(argument.dropFirst())
            while let letter = letters.first {
                letters = letters.dropFirst()
                guard let spec = shorts[letter] else {
                    throw .usage(
                        "unknown option '-\(letter)'\(argument.count > 2 ? " in '\(argument)'" : "")", command: command)
                }
                if spec.isFlag {
                    flags.insert(spec.name)
                    continue
                }
                try record(try value(of: spec, inline: letters.isEmpty ? nil : String(letters)), for: spec)
                break
            }
        }
        // `--help` asks for nothing else: the arguments it would need are not missing.
        if !flags.contains(GlobalOptions.helpOption.name) { try checkPositional(configuration.arguments) }
    }

    /// Checks `text` against `spec` and keeps it.
    private mutating func record(_ text: String, for spec: OptionSpec) throws(CLIError) {
        if let allowed = spec.allowedValues, !allowed.contains(text) {
            throw .usage(
                "invalid value '\(text)' for '--\(spec.name)'; expected one of: \(allowed.joined(separator: ", "))"
                    + Suggestion.phrase(for: text, among: allowed),
                command: command)
        }
        if let problem = spec.check?(text) {
            throw .usage("invalid value '\(text)' for '--\(spec.name)'; expected \(problem)", command: command)
        }
        if !spec.isRepeating, values[spec.name] != nil {
            throw .usage("option '--\(spec.name)' given more than once", command: command)
        }
        values[spec.name, default: []].append(text)
    }

    private func checkPositional(_ arguments: [ArgumentSpec]) throws(CLIError) {
        let required = arguments.filter { !$0.isOptional }.count
        if positional.count < required {
            let missing = arguments.filter { !$0.isOptional }[positional.count]
            throw .usage("missing argument \(missing.name)", command: command)
        }
        if !arguments.contains(where: \.isRepeating), positional.count > arguments.count {
            throw .usage("unexpected argument '\(positional[arguments.count])'", command: command)
        }
    }

    /// Whether the option was given on the command line (not only defaulted).
    package func has<Value>(_ option: Option<Value>) -> Bool {
        values[option.name] != nil || flags.contains(option.name)
    }

    /// The value given (the last, for a repeating option), or the option's default.
    package func value<Value>(_ option: Option<Value>) -> Value? {
        if option.spec.isFlag { return flags.contains(option.name) ? option.convert("") : option.defaultValue }
        return values[option.name]?.last.flatMap(option.convert) ?? option.defaultValue
    }

    /// The value of an option declared with a default: the value given, or the default.
    package subscript<Value>(_ option: Option<Value>) -> Value {
        guard let value = value(option) else {
            preconditionFailure("option '--\(option.name)' has no default; read it with value(_:)")
        }
        return value
    }

    /// A flag: whether it was given.
    package subscript(_ flag: Option<Bool>) -> Bool { flags.contains(flag.name) }

    /// Every value of a repeating option, in the order given.
    package func values<Value>(_ option: Option<Value>) -> [Value] {
        (values[option.name] ?? []).compactMap(option.convert)
    }
}
