import StoryGraph
import StoryFormats

/// Help text in the sections OVERVIEW / USAGE / ARGUMENTS / OPTIONS / SUBCOMMANDS.
enum Help {
    static func text(for configuration: CommandConfiguration, path: String) -> String {
        var lines: [String] = []
        lines.append("OVERVIEW: \(configuration.abstract)")
        if !configuration.discussion.isEmpty {
            lines.append("")
            lines.append(configuration.discussion)
        }
        lines.append("")
        var usage = "USAGE: \(path)"
        if !configuration.subcommands.isEmpty {
            usage += " <subcommand>"
        } else {
            if !configuration.options.isEmpty { usage += " [options]" }
            for argument in configuration.arguments {
                let name = argument.isRepeating ? "\(argument.name)..." : argument.name
                usage += argument.isOptional ? " [\(name)]" : " \(name)"
            }
        }
        lines.append(usage)
        if configuration.subcommands.isEmpty, !configuration.arguments.isEmpty {
            lines.append("")
            lines.append("ARGUMENTS:")
            lines += table(configuration.arguments.map { ($0.name, $0.help) })
        }
        let options = configuration.options + configuration.sharedOptions
        if !options.isEmpty {
            lines.append("")
            lines.append("OPTIONS:")
            lines += table(options.map { option in
                var names = option.short.map { "-\($0), " } ?? ""
                names += "--\(option.name)"
                if let value = option.valueName { names += " <\(value)>" }
                var help = option.help
                if let allowed = option.allowedValues { help += " (values: \(allowed.joined(separator: ", ")))" }
                if let value = option.defaultValue { help += " (default: \(value))" }
                return (names, help)
            })
        }
        if !configuration.subcommands.isEmpty {
            lines.append("")
            lines.append("SUBCOMMANDS:")
            lines += table(configuration.subcommands.map { ($0.configuration.name, $0.configuration.abstract) }
                + [("help <subcommand>", "Show help for a subcommand; 'help formats' lists story formats, 'help rules' the rules of findings.")])
        }
        return lines.joined(separator: "\n")
    }

    static func formats() -> String {
        var lines = ["STORY FORMATS (--input-format):"]
        lines += table(StoryLoading.loaders.map { loader in
            ("\(loader.formatName)", "\(loader.formatDescription) (.\(loader.fileExtensions.joined(separator: ", .")))")
        })
        return lines.joined(separator: "\n")
    }

    /// Every rule a finding can carry (what `--disable` takes), with its severity and meaning.
    static func rules() -> String {
        var lines = ["RULES (--disable RULE):"]
        lines += table(StoryLoading.rules.rules.map { rule in
            (rule.id, "\(rule.severity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0))  \(rule.meaning)")
        })
        return lines.joined(separator: "\n")
    }

    private static func table(_ rows: [(String, String)]) -> [String] {
        let width = min(28, rows.map(\.0.count).max() ?? 0)
        return rows.map { name, help in
            let padded = name.count > width ? name + "\n" + String(repeating: " ", count: width + 4) : name.padding(toLength: width, withPad: " ", startingAt: 0)
            return "  \(padded)  \(help)"
        }
    }
}

import Foundation
