import StoryGraph

/// The budget of the analyses that search simple paths and cycles (`report`, `paths`).
struct AnalysisOptions {
    static let budgetOption = Option<Double>.number(
        "budget", value: "SECONDS",
        help:
            "Work allowed to the simple-path and cycle searches of a cyclic story before they stop and report a lower bound.",
        default: AnalysisBudget.defaultSeconds, in: 0...86_400, expected: "a number of seconds from 0 to 86400")
    /// Only `report` lists cycles.
    static let maxCyclesOption = Option<Int>.integer(
        "max-cycles",
        help:
            "Elementary cycles to list in the JSON report (all are counted, within the budget; text and Markdown show 10).",
        default: 100, in: 0...1_000_000)

    /// `report`, `check`, `map --state` and `play --witness`: the state search's budget.
    static let maxStatesOption = Option<Int>.integer(
        "max-states",
        help: "States the condition-aware search may explore (and 20 steps a state) before it stops and says so.",
        default: StateAnalysis.Budget().maxStates, in: 1...100_000_000)

    /// The state search's time, beside `--max-states`.
    static let stateBudgetOption = Option<Double>.number(
        "state-budget", value: "SECONDS",
        help:
            "Time the condition-aware search may take (counted as evaluation steps, with a deadline of twice this in CPU time) before it stops and says so.",
        default: StateAnalysis.Budget.defaultSeconds, in: 0...86_400, expected: "a number of seconds from 0 to 86400")

    /// The state budget `--max-states` and `--state-budget` ask for (and 1 GiB of states
    /// and values).
    static func stateBudget(_ arguments: ParsedArguments) -> StateAnalysis.Budget {
        let states = arguments[maxStatesOption]
        return StateAnalysis.Budget(maxStates: states, maxSteps: states * 20, seconds: arguments[stateBudgetOption])
    }

    /// The state options given on the command line, by name (`map` takes them only with
    /// `--state`, `play` only with `--witness`).
    static func givenStateOptions(_ arguments: ParsedArguments) -> [String] {
        [
            (maxStatesOption.name, arguments.has(maxStatesOption)),
            (stateBudgetOption.name, arguments.has(stateBudgetOption)),
        ]
        .filter(\.1).map(\.0)
    }

    /// Both state options, as `report` and `check` list them.
    static let stateSpecs: [OptionSpec] = [maxStatesOption.spec, stateBudgetOption.spec]

    static let specs: [OptionSpec] = [budgetOption.spec]

    var budget: AnalysisBudget

    init(_ arguments: ParsedArguments) {
        budget = AnalysisBudget(seconds: arguments[Self.budgetOption])
    }
}
