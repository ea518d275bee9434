import Foundation
import StoryFormats
import StoryGraph

/// Help text in the sections OVERVIEW / USAGE / ARGUMENTS / OPTIONS / SUBCOMMANDS, wrapped
/// to `width` columns (`HelpLayout`).
enum Help {
    static func text(for configuration: CommandConfiguration, path: String, width: Int = HelpLayout.defaultWidth)
        -> String
    {
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
            lines += table(width: width, configuration.arguments.map { ($0.name, $0.help) })
        }
        let options = configuration.options + configuration.sharedOptions
        if !options.isEmpty {
            lines.append("")
            lines.append("OPTIONS:")
            lines += table(
                width: width,
                options.map { option in
                    var names = option.short.map { "-\($0), " } ?? ""
                    names += "--\(option.name)"
                    if let value = option.valueName { names += " <\(value)>" }
                    var help = option.help
                    if let allowed = option.allowedValues, option.valuesInHelp {
                        help += " (values: \(allowed.joined(separator: ", ")))"
                    }
                    if let value = option.defaultValue { help += " (default: \(value))" }
                    return (names, help)
                })
        }
        if !configuration.subcommands.isEmpty {
            lines.append("")
            lines.append("SUBCOMMANDS:")
            lines += table(
                width: width,
                configuration.subcommands.map { ($0.configuration.name, $0.configuration.abstract) }
                    + [
                        (
                            "help <subcommand>",
                            "Show help for a subcommand; 'help formats' lists story formats, 'help rules' the rules of findings."
                        )
                    ])
        }
        return HelpLayout.wrapped(lines.joined(separator: "\n"), width: width)
    }

    static func formats(width: Int = HelpLayout.defaultWidth) -> String {
        var lines = ["STORY FORMATS (--input-format):"]
        lines += table(
            width: width,
            StoryLoading.loaders.map { loader in
                (
                    "\(loader.formatName)",
                    "\(loader.formatDescription) (.\(loader.fileExtensions.joined(separator: ", .")))"
                )
            })
        return HelpLayout.wrapped(lines.joined(separator: "\n"), width: width)
    }

    /// Every rule a finding can carry (what `--disable` takes), with its severity and meaning:
    /// the one place the rule ids are listed (a command's help points here).
    static func rules(width: Int = HelpLayout.defaultWidth) -> String {
        var lines = ["RULES (--disable RULE):"]
        lines += table(
            width: width,
            StoryLoading.rules.rules.map { rule in
                (
                    rule.id,
                    "\(rule.severity.rawValue.padding(toLength: 7, withPad: " ", startingAt: 0))  \(rule.meaning)"
                )
            })
        return HelpLayout.wrapped(lines.joined(separator: "\n"), width: width)
    }

    /// Two columns: names, and their help from column `4 + name width`; a name wider than
    /// its column (28, or 30% of the line on a narrow one) stands on a line of its own.
    private static func table(width lineWidth: Int, _ rows: [(String, String)]) -> [String] {
        let width = min(28, lineWidth * 3 / 10, rows.map(\.0.count).max() ?? 0)
        return rows.map { name, help in
            let padded =
                name.count > width
                ? name + "\n" + String(repeating: " ", count: width + 2)
                : name.padding(toLength: width, withPad: " ", startingAt: 0)
            return "  \(padded)  \(help)"
        }
    }
}
