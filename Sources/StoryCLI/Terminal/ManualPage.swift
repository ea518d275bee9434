import StoryFormats

/// The manual page `storygraph.1` (roff, man(7) macros), made from the same declarations
/// as `--help`: every command's abstract, discussion, arguments and options (their values
/// and defaults), the formats, and the exit-code table. `storygraph help --man` prints it;
/// `make install` installs it.
enum ManualPage {
    static func text(
        tool: CommandConfiguration = StoryGraphCLI.configuration,
        commands: [CommandConfiguration] = Commands.all.map { $0.configuration } + [StoryGraphCLI.helpConfiguration],
        version: String = StoryGraphCLI.version
    ) -> String {
        var page: [String] = []
        page.append(#".TH STORYGRAPH 1 "" "storygraph \#(version)" "User Commands""#)
        page.append(".SH NAME")
        page.append("storygraph \\- " + escaped(tool.abstract))
        page.append(".SH SYNOPSIS")
        page.append(".B storygraph")
        page.append(".I command")
        page.append("[\\fIoptions\\fR] [\\fIarguments\\fR]")
        page.append(".br")
        page.append(".B storygraph help")
        page.append("[\\fIcommand\\fR | \\fBformats\\fR | \\fBrules\\fR]")
        page.append(".SH DESCRIPTION")
        page += paragraphs(tool.discussion.components(separatedBy: "\n\n").first ?? "")
        page.append(".SH OPTIONS")
        for option in tool.options {
            page.append(".TP")
            page.append(item(option))
            page.append(escaped(description(option)))
        }
        page.append(".SH COMMANDS")
        for configuration in commands {
            page.append(".SS \(escaped(configuration.name))")
            page.append(".B storygraph \(escaped(configuration.name))")
            var usage = configuration.options.isEmpty ? "" : "[\\fIoptions\\fR]"
            for argument in configuration.arguments {
                let name = "\\fI\(escaped(argument.name))\\fR" + (argument.isRepeating ? "..." : "")
                usage += (usage.isEmpty ? "" : " ") + (argument.isOptional ? "[\(name)]" : name)
            }
            if !usage.isEmpty { page.append(usage) }
            page.append(".PP")
            page.append(escaped(configuration.abstract))
            if !configuration.discussion.isEmpty { page += paragraphs(configuration.discussion) }
            for argument in configuration.arguments {
                page.append(".TP")
                page.append("\\fI\(escaped(argument.name))\\fR")
                page.append(escaped(argument.help))
            }
            for option in configuration.options + configuration.sharedOptions {
                page.append(".TP")
                page.append(item(option))
                page.append(escaped(description(option)))
            }
        }
        page.append(".SH FORMATS")
        page.append("Story formats \\fB\\-\\-input\\-format\\fR takes:")
        for loader in StoryLoading.loaders {
            page.append(".TP")
            page.append("\\fB\(escaped(loader.formatName))\\fR")
            page.append(escaped("\(loader.formatDescription) (.\(loader.fileExtensions.joined(separator: ", .")))"))
        }
        page.append(".SH EXIT STATUS")
        for (code, meaning) in ExitCode.meanings {
            page.append(".TP")
            page.append("\\fB\(code.rawValue)\\fR")
            page.append(escaped(meaning))
        }
        page.append(".SH ENVIRONMENT")
        page.append(".TP")
        page.append("\\fBNO_COLOR\\fR")
        page.append("When set and not empty, diagnostics are never coloured (no-color.org).")
        page.append(".SH SEE ALSO")
        page.append(
            "\\fBstorygraph help rules\\fR lists the rules of findings; \\fBdot\\fR(1) draws the DOT text \\fBstorygraph dot\\fR writes."
        )
        // `help --man` prints it as a line, as it prints every help text.
        return page.joined(separator: "\n")
    }

    /// `\fB\-o\fR, \fB\-\-output\fR \fIFILE\fR`.
    static func item(_ option: OptionSpec) -> String {
        var names = option.short.map { "\\fB\\-\(escaped(String($0)))\\fR, " } ?? ""
        names += "\\fB\(escaped("--" + option.name))\\fR"
        if let value = option.valueName { names += " \\fI\(escaped(value))\\fR" }
        return names
    }

    /// An option's help with its values and default, as `--help` shows them.
    static func description(_ option: OptionSpec) -> String {
        var help = option.help
        if let allowed = option.allowedValues, option.valuesInHelp {
            help += " (values: \(allowed.joined(separator: ", ")))"
        }
        if let value = option.defaultValue { help += " (default: \(value))" }
        return help
    }

    /// Discussion text: blank lines part paragraphs; a table's lines (starting with spaces)
    /// are kept as they are, unfilled.
    static func paragraphs(_ text: String) -> [String] {
        var out: [String] = []
        for paragraph in text.components(separatedBy: "\n\n") where !paragraph.isEmpty {
            out.append(".PP")
            let lines = paragraph.components(separatedBy: "\n")
            if lines.count > 1 {
                out.append(".nf")
                out += lines.map(escaped)
                out.append(".fi")
            } else {
                out.append(escaped(paragraph))
            }
        }
        return out
    }

    /// Text safe in roff: backslashes and hyphens escaped, characters beyond ASCII as
    /// `\[uXXXX]` (groff reads the page without a preprocessor), and a line that would
    /// start with a control character (`.` or `'`) started with `\&`.
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\e"
            case "-": out += "\\-"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value): out += " "
            case _ where scalar.value > 0x7E:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                out += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
            default: out.unicodeScalars.append(scalar)
            }
        }
        if out.hasPrefix(".") || out.hasPrefix("'") { out = "\\&" + out }
        return out
    }
}
