import Foundation
import StoryGraph

/// `storygraph play STORY`: the story in the terminal as its reader sees it, one passage at
/// a time, with numbered choices, back, restart and quit; `--auto` plays a fuzz run by
/// itself, and `--replay I` plays run I and lets the reader go on from where it stopped.
struct PlayCommand: Command {
    static let configuration = CommandConfiguration(
        name: "play",
        abstract: "Play the story in the terminal, choosing at each passage.",
        discussion: """
            Each passage is shown as the reader sees it, with its id in brackets and its \
            choices numbered. The story's variables are played from their initial values, \
            the values that conditions read shown in parentheses: a choice whose condition is \
            false is listed as '-. … [locked: condition]' and cannot be taken, one storygraph \
            cannot decide is offered and marked 'undecided', and effects apply on each step \
            (--ignore-conditions offers every choice, its condition shown as written). Type a number to choose, b to go back one choice, r \
            to restart, q to quit. A jump the story makes by itself is followed. Without a \
            terminal, choices are read from standard input, one per line, and echoed; the end \
            of the input ends play (exit code 0). --auto plays run I (--replay, default 1) of \
            --seed as 'storygraph fuzz --replay I' does, exit code 1 when it does not reach an \
            ending; --replay I without --auto plays that run, then the reader goes on from \
            where it stopped. A uniform or fresh run is played without conditions; with \
            --policy state, with them. --witness ENDING plays the way report's STATE section \
            gives for that ending and stops there (exit code 1 when no reader reaches it), \
            searching within --max-states and --state-budget.
            """,
        arguments: [
            ArgumentSpec(
                "STORY", help: "The story file (or several files / a folder for formats that span files).",
                repeating: true)
        ],
        options: [
            fromOption.spec, autoOption.spec, seedOption.spec, replayOption.spec, policyOption.spec,
            maxStepsOption.spec,
            transcriptOption.spec, ignoreConditionsOption.spec, witnessOption.spec,
        ] + AnalysisOptions.stateSpecs + InputOptions.specs)

    static let witnessOption = Option.text(
        "witness", value: "ENDING",
        help:
            "Play the shortest way a reader reaches ENDING given the story's variables (report's STATE witness), step by step, and stop there."
    )

    static let ignoreConditionsOption = Option.flag(
        "ignore-conditions", help: "Offer every choice, its condition shown as written (no variables are played).")

    static let fromOption = Option.text("from", value: "PASSAGE", help: "Begin at this passage (r restarts there).")
    static let autoOption = Option.flag("auto", help: "Play by itself: run I (--replay) of the seed, as fuzz plays it.")
    /// The fuzz run's options, declared once (by `fuzz`), so a replay line fuzz prints
    /// works here too.
    static let seedOption = FuzzCommand.seedOption
    static let replayOption = Option<Int>.integer(
        "replay", value: "I", help: "Play run I (from 1) of the seed, then go on by hand from where it stopped.",
        in: 1...Int.max)
    static let policyOption = FuzzCommand.policyOption
    static let maxStepsOption = FuzzCommand.maxStepsOption
    static let transcriptOption = Option.text(
        "transcript", value: "FILE", help: "Also write the session (passages, choices and what was typed) to FILE.")

    let paths: [String]
    let input: InputOptions
    let from: String?
    let auto: Bool
    let seed: UInt64
    let replay: Int?
    let policy: PlayPolicy
    let maxSteps: Int?
    let transcript: String?
    let ignoresConditions: Bool
    let witness: String?
    /// `--max-states`, `--state-budget`: the budget of the witness' search.
    let stateBudget: StateAnalysis.Budget
    let givenRunOptions: [String]
    /// State options given without `--witness` (they bound its search only).
    let givenStateOptions: [String]

    init(_ arguments: ParsedArguments) throws(CLIError) {
        paths = arguments.positional
        input = try InputOptions(arguments)
        from = arguments.value(Self.fromOption)
        auto = arguments[Self.autoOption]
        seed = arguments[Self.seedOption]
        replay = arguments.value(Self.replayOption)
        policy = arguments[Self.policyOption]
        maxSteps = arguments.value(Self.maxStepsOption)
        transcript = arguments.value(Self.transcriptOption)
        ignoresConditions = arguments[Self.ignoreConditionsOption]
        witness = arguments.value(Self.witnessOption)
        stateBudget = AnalysisOptions.stateBudget(arguments)
        givenStateOptions = AnalysisOptions.givenStateOptions(arguments)
        var given: [String] = []
        if arguments.has(Self.seedOption) { given.append(Self.seedOption.name) }
        if arguments.has(Self.policyOption) { given.append(Self.policyOption.name) }
        if arguments.has(Self.maxStepsOption) { given.append(Self.maxStepsOption.name) }
        givenRunOptions = given
    }

    func validate() throws(CLIError) {
        let playsRun = auto || replay != nil
        if witness != nil {
            if let other = playsRun
                ? (auto ? "auto" : "replay")
                : from != nil ? "from" : ignoresConditions ? "ignore-conditions" : givenRunOptions.first
            {
                throw .usage(
                    "--witness cannot be used with --\(other): it plays the state search's own way from the start",
                    command: "play")
            }
            return
        }
        if let option = givenStateOptions.first {
            throw .usage("option '--\(option)' of play needs --witness", command: "play")
        }
        if !playsRun, let option = givenRunOptions.first {
            throw .usage("--\(option) needs --auto or --replay (it picks the fuzz run to play)", command: "play")
        }
        if playsRun, from != nil {
            throw .usage(
                "--from cannot be used with --auto or --replay: a fuzz run begins at the start", command: "play")
        }
        if ignoresConditions, policy == .state {
            throw .usage(
                "--ignore-conditions cannot be used with --policy state, which plays the conditions", command: "play")
        }
        if !auto, paths.count == 1, StandardInput.means(paths[0]) {
            throw .usage(
                "STORY '-' reads the story from standard input, where play reads the choices; give a file, or --auto",
                command: "play")
        }
    }

    func run(_ terminal: Terminal) throws(CLIError) -> ExitCode {
        let result = try input.load(paths, terminal)
        let graph = StoryGraph(result.story)
        let play = PlayGraph(graph)
        let origin = try Self.origin(from, graph)
        // The witness is found (or refused) before anything is shown.
        var witnessWay: [ChoiceRef]?
        if let witness {
            guard let way = try Self.witness(witness, graph, budget: stateBudget, terminal) else { return .findings }
            witnessWay = way
        }
        // A transcript that cannot be written is refused before play, not after it; it is
        // written as play goes, to a temporary file that replaces the file there (if any)
        // when play ends, or when a signal ends it (what was played is kept).
        // The signals are caught first, so none can end play between the two.
        let input = InputLines(stop: StopSignals.install())
        var writer: OutputFile.Writer?
        if let transcript { writer = try OutputFile.Writer(transcript, terminal: terminal) }
        defer { writer?.abandon() }
        let screen = PlayScreen(terminal, echo: isatty(STDIN_FILENO) != 1, transcript: writer)
        // A uniform or fresh run is structural: replayed and continued without conditions.
        let playsRun = auto || replay != nil
        let evaluates = !ignoresConditions && (playsRun ? policy == .state : true)
        var session = PlaySession(play, from: origin, evaluatingConditions: evaluates)
        screen.write(session.introduction(keys: !auto && witness == nil))

        if let way = witnessWay {
            guard Self.replay(way, into: &session, screen) else {
                throw .failure("the witness of '\(witness ?? "")' takes a choice play does not offer")
            }
            screen.write(session.passageText(session.node))
            screen.write(session.menuText(keys: false))
            try finish(writer, stoppedBy: input.signalled(), terminal)
            return session.state == .ending ? .success : .findings
        }
        var code = ExitCode.success
        if auto || replay != nil {
            let playthrough = Playthrough(play, seed: seed, run: replay ?? 1, policy: policy, maxSteps: maxSteps)
            guard Self.replay(playthrough.steps.map(\.choice), into: &session, screen) else {
                throw .failure("run \(playthrough.run ?? 1) of seed \(seed) took a choice play does not offer")
            }
        }
        if auto {
            if session.failedSlot == nil { screen.write(session.passageText(session.node)) }
            screen.write(session.menuText(keys: false))
            if session.state == .choosing { screen.write(session.stepCapText()) }
            if session.state != .ending { code = .findings }
            try finish(writer, stoppedBy: input.signalled(), terminal)
        } else {
            Self.arrive(&session, screen)
            try finish(writer, stoppedBy: input.signalled() ?? Self.interact(&session, screen, input), terminal)
        }
        return code
    }

    /// The passage `--from` names (nil without it); a name that is no passage is a usage error.
    static func origin(_ from: String?, _ graph: StoryGraph) throws(CLIError) -> Int? {
        guard let from else { return nil }
        guard let v = graph.indexByID[from] else {
            throw .usage(
                "--from: no passage named '\(from)'\(Suggestion.phrase(for: from, among: graph.ids))", command: "play")
        }
        return v
    }

    /// Puts the transcript in place; after a signal, says where the session is and ends the
    /// process as the signal would have.
    func finish(_ writer: OutputFile.Writer?, stoppedBy stop: Int32?, _ terminal: Terminal) throws(CLIError) {
        try writer?.finish()
        guard let stop else { return }
        if let writer, !terminal.quiet {
            let name = stop == SIGTERM ? "SIGTERM" : stop == SIGINT ? "SIGINT" : "signal \(stop)"
            terminal.printError("play: stopped by \(name); the session so far is in \(writer.path)")
        }
        signal(stop, SIG_DFL)
        raise(stop)
        exit(128 + stop)
    }

    /// `--witness ENDING`: the state search's shortest way to the ending (the choices,
    /// automatic ones too), or nil when the search did not reach it (said on stderr: exit
    /// code 1). Only a search that proves absence says no reader reaches it, with the
    /// choices that block it; one that stopped at its budget, or met a computed link, says
    /// so and claims nothing. The search runs within `budget`.
    static func witness(_ id: String, _ graph: StoryGraph, budget: StateAnalysis.Budget, _ terminal: Terminal)
        throws(CLIError) -> [ChoiceRef]?
    {
        guard let p = graph.indexByID[id] else {
            throw .usage(
                "--witness: no passage named '\(id)'\(Suggestion.phrase(for: id, among: graph.ids))", command: "play")
        }
        let endings = (0..<graph.passageCount).filter { graph.isEnding[$0] }
        guard endings.contains(p) else {
            let names = endings.map { graph.ids[$0] }.joined(separator: ", ")
            throw .usage(
                "--witness: '\(id)' is not an ending (the endings: \(names.isEmpty ? "none" : names))", command: "play")
        }
        let analysis = StateAnalysis(graph, budget: budget)
        if let reached = analysis.reachedEndings.first(where: { $0.passage == p }) { return reached.witness }
        if let stop = analysis.stopDescription {
            terminal.printError(
                TerminalLine(
                    "play: the state search \(stop) after \(NumberText.grouped(analysis.states)) states without reaching ending '\(id)':"
                        + " it may still be reachable; a larger --max-states or --state-budget searches further"))
            return nil
        }
        guard analysis.provesAbsence else {
            let unfollowed =
                analysis.computedLinks.isEmpty
                ? "calls whose returns it cannot follow (nested too deep, or past the copy budget)"
                : "computed links it cannot follow"
            terminal.printError(
                TerminalLine(
                    "play: the state search did not reach ending '\(id)', but a reader meets \(unfollowed): it may still be reachable"
                ))
            return nil
        }
        let blocked = analysis.blockedEndings.first { $0.passage == p }?.blocking ?? []
        let why = blocked.map { ref in
            let choice = graph.choice(ref)
            return "'\(choice.text)' in \(graph.ids[ref.passage])"
                + (choice.condition.map { " (\($0.description))" } ?? "")
        }
        terminal.printError(
            TerminalLine(
                "play: no reader reaches ending '\(id)' given the story's variables"
                    + (why.isEmpty ? "" : "; blocked by " + why.joined(separator: "; "))))
        return nil
    }

    /// Plays the steps of a fuzz run or a witness, showing each passage and, where the reader would
    /// choose, the menu and the choice; false if a step is not offered (it always is:
    /// both walk the same `PlayGraph` by the same rules).
    static func replay(_ choices: [ChoiceRef], into session: inout PlaySession, _ screen: PlayScreen) -> Bool {
        for choice in choices {
            guard let slot = session.offeredSlot(for: choice) else { return false }
            let automatic = session.goesOnByItself
            screen.write(session.passageText(session.node, passingThrough: automatic))
            if !automatic {
                screen.write(session.menuText())
                screen.write("> \((session.offered.firstIndex(of: slot) ?? 0) + 1)\n")
            }
            session.take(slot, automatic: automatic)
        }
        return true
    }

    /// Shows the passage the reader arrived at, follows the story's own jumps from it
    /// (showing each passage passed through), and shows what the reader can do.
    static func arrive(_ session: inout PlaySession, _ screen: PlayScreen) {
        // A broken or dynamic link taken leaves the reader where they were: not shown again.
        let nodes = session.arrive()
        for (i, node) in nodes.enumerated() {
            screen.write(session.passageText(node, passingThrough: i < nodes.count - 1))
        }
        screen.write(session.menuText())
    }

    /// Reads the reader's commands, one a line, until q or the end of the input; a signal
    /// ends it too (its number is returned). A line past `InputLines.maximumLength` is
    /// dropped unread, and said.
    static func interact(_ session: inout PlaySession, _ screen: PlayScreen, _ input: InputLines) -> Int32? {
        while true {
            screen.write("> ")
            let line: String
            switch input.next() {
            case .end:
                screen.write("\n")
                return nil
            case .stopped(let signal):
                screen.write("\n")
                return signal
            case .tooLong(let bytes):
                screen.typed("[\(NumberText.grouped(bytes)) bytes]")
                screen.write(
                    "That line is longer than \(NumberText.grouped(InputLines.maximumLength)) bytes; it was not read.\n"
                )
                continue
            case .text(let text):
                line = text
            }
            screen.typed(line)
            let command = line.trimmingCharacters(in: .whitespaces).lowercased()
            switch command {
            case "q", "quit":
                return nil
            case "b", "back":
                if session.back() {
                    screen.write("(back)\n")
                    screen.write(session.passageText(session.node))
                    screen.write(session.menuText())
                } else {
                    screen.write("Nothing to go back to: no choice has been made yet.\n")
                }
            case "r", "restart":
                session.restart()
                screen.write("(restart)\n")
                arrive(&session, screen)
            case "":
                continue
            default:
                let offered = session.state == .choosing ? session.offered : []
                if let n = Int(command), (1...max(1, offered.count)).contains(n), !offered.isEmpty {
                    session.take(offered[n - 1])
                    arrive(&session, screen)
                } else if offered.isEmpty {
                    screen.write("Type b (back), r (restart) or q (quit).\n")
                } else {
                    let range = offered.count == 1 ? "1" : "a number from 1 to \(offered.count)"
                    screen.write("Type \(range), b (back), r (restart) or q (quit).\n")
                }
            }
        }
    }
}

/// Where play writes: stdout, and the transcript as it goes (everything written, with what
/// the reader typed after each prompt, as a session without a terminal shows it).
final class PlayScreen: @unchecked Sendable {
    let terminal: Terminal
    /// Whether the reader's input is written back (no terminal echoes it).
    let echo: Bool
    let transcript: OutputFile.Writer?

    init(_ terminal: Terminal, echo: Bool, transcript: OutputFile.Writer?) {
        self.terminal = terminal
        self.echo = echo
        self.transcript = transcript
    }

    func write(_ text: String) {
        terminal.write(text)
        transcript?.append(text)
    }

    /// A line the reader typed (at most `InputLines.maximumLength` bytes).
    func typed(_ line: String) {
        let shown = TerminalText.escaped(line) + "\n"
        if echo { terminal.write(shown) }
        transcript?.append(shown)
    }
}
