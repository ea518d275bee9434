import StoryGraph

/// Options of the commands that run the budgeted analyses (`report`, `paths`).
struct AnalysisOptions {
    static let specs: [OptionSpec] = [
        OptionSpec(
            "budget", value: "SECONDS",
            help: "Work allowed to the simple-path and cycle searches of a cyclic story before they stop and report a lower bound.",
            default: String(AnalysisBudget.defaultSeconds)),
        OptionSpec("max-cycles", value: "N", help: "Elementary cycles to list in the JSON report (all are counted, within the budget; text and Markdown show 10).", default: "100"),
    ]

    var budget: AnalysisBudget
    var maxCycles: Int

    init(_ arguments: ParsedArguments) throws(CLIError) {
        let seconds = try arguments.double("budget") ?? AnalysisBudget.defaultSeconds
        guard seconds <= 86_400 else {
            throw .usage("invalid value '\(seconds)' for '--budget'; expected at most 86400 seconds", command: arguments.command)
        }
        budget = AnalysisBudget(seconds: seconds)
        maxCycles = try arguments.int("max-cycles", in: 0...1_000_000) ?? 100
    }
}
