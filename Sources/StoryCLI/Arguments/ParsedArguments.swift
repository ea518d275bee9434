/// The command line of one command, checked against its configuration: typed accessors
/// turn a wrong value into a usage error that says what was expected.
public struct ParsedArguments: Sendable {
    public let command: String
    public private(set) var positional: [String] = []
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []
    private let specs: [String: OptionSpec]

    /// Parses `arguments` (without the command names). `--name=value`, `--name value`,
    /// `-o value` and `--` (end of options) are understood.
    public init(_ arguments: [String], for configuration: CommandConfiguration, command: String) throws(CLIError) {
        self.command = command
        var specs: [String: OptionSpec] = [:]
        var shorts: [Character: String] = [:]
        for option in configuration.options + GlobalOptions.specs {
            specs[option.name] = option
            if let short = option.short { shorts[short] = option.name }
        }
        self.specs = specs
        var i = 0
        var onlyPositional = false
        while i < arguments.count {
            let argument = arguments[i]
            i += 1
            if onlyPositional || argument == "-" || !argument.hasPrefix("-") {
                positional.append(argument)
                continue
            }
            if argument == "--" { onlyPositional = true; continue }
            var name: String
            var inline: String?
            if argument.hasPrefix("--") {
                name = String(argument.dropFirst(2))
                if let eq = name.firstIndex(of: "=") {
                    inline = String(name[name.index(after: eq)...])
                    name = String(name[..<eq])
                }
            } else {
                let letters = argument.dropFirst()
                guard letters.count == 1, let long = shorts[letters.first!] else {
                    throw .usage("unknown option '\(argument)'", command: command)
                }
                name = long
            }
            guard let spec = specs[name] else {
                throw .usage("unknown option '--\(name)'\(Self.suggestion(name, among: Array(specs.keys)))", command: command)
            }
            if spec.isFlag {
                if inline != nil { throw .usage("option '--\(name)' takes no value", command: command) }
                flags.insert(name)
                continue
            }
            let value: String
            if let inline {
                value = inline
            } else {
                guard i < arguments.count else {
                    throw .usage("option '--\(name)' expects a value (\(spec.valueName!))", command: command)
                }
                value = arguments[i]
                i += 1
            }
            if let allowed = spec.allowedValues, !allowed.contains(value) {
                throw .usage(
                    "invalid value '\(value)' for '--\(name)'; expected one of: \(allowed.joined(separator: ", "))",
                    command: command)
            }
            if !spec.isRepeating, values[name] != nil {
                throw .usage("option '--\(name)' given more than once", command: command)
            }
            values[name, default: []].append(value)
        }
        try checkPositional(configuration.arguments)
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

    private static func suggestion(_ name: String, among names: [String]) -> String {
        let close = names.filter { $0.hasPrefix(name) || name.hasPrefix($0) }.sorted()
        return close.isEmpty ? "" : "; did you mean '--\(close[0])'?"
    }

    public func flag(_ name: String) -> Bool { flags.contains(name) }

    /// The value given, or the option's default.
    public func value(_ name: String) -> String? { values[name]?.last ?? specs[name]?.defaultValue }

    public func values(_ name: String) -> [String] { values[name] ?? [] }

    public func has(_ name: String) -> Bool { values[name] != nil || flags.contains(name) }

    /// An integer option within `range`, or its default.
    public func int(_ name: String, in range: ClosedRange<Int> = 0...Int.max) throws(CLIError) -> Int? {
        guard let text = value(name) else { return nil }
        let cleaned = text.replacingOccurrences(of: "_", with: "").replacingOccurrences(of: ",", with: "")
        guard let number = Int(cleaned), range.contains(number) else {
            let bounds = range.upperBound == Int.max ? "at least \(range.lowerBound)" : "from \(range.lowerBound) to \(range.upperBound)"
            throw .usage("invalid value '\(text)' for '--\(name)'; expected a whole number \(bounds)", command: command)
        }
        return number
    }

    public func double(_ name: String) throws(CLIError) -> Double? {
        guard let text = value(name) else { return nil }
        guard let number = Double(text), number.isFinite, number >= 0 else {
            throw .usage("invalid value '\(text)' for '--\(name)'; expected a non-negative number", command: command)
        }
        return number
    }

    /// An enum option (already checked against its allowed values).
    public func choice<E: RawRepresentable>(_ name: String, as type: E.Type) -> E? where E.RawValue == String {
        value(name).flatMap(E.init(rawValue:))
    }
}

import Foundation
