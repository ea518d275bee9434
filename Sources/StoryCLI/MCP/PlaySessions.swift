import Foundation
import StoryFormats
import StoryGraph

/// The stories an assistant is playing through the MCP server's `play` tool, one session
/// each, by id. Bounded: at most `maximumSessions` sessions holding at most
/// `maximumSize` passages and choices together (starting one past either closes the
/// least recently used), each at most `maximumSteps` choices long.
package final class PlaySessions: @unchecked Sendable {
    package static let maximumSessions = 16
    /// Passages and choices of all the sessions' stories together.
    package static let maximumSize = 4_000_000
    package static let maximumSteps = 100_000

    private struct Entry {
        var session: PlaySession
        var size: Int
        var used: Int
    }

    private let lock = NSLock()
    private var entries: [String: Entry] = [:]
    private var nextID = 1
    private var clock = 0

    package init() {}

    package var count: Int { lock.withLock { entries.count } }

    /// Keeps `session` and returns its id; nil when its story alone is past `maximumSize`.
    package func open(_ session: PlaySession) -> String? {
        let size = session.graph.nodeCount + session.graph.targets.count
        guard size <= Self.maximumSize else { return nil }
        return lock.withLock {
            while !entries.isEmpty,
                entries.count >= Self.maximumSessions
                    || entries.values.reduce(0, { $0 + $1.size }) + size > Self.maximumSize
            {
                let oldest = entries.min { $0.value.used < $1.value.used }!.key
                entries[oldest] = nil
            }
            let id = String(nextID)
            nextID += 1
            clock += 1
            entries[id] = Entry(session: session, size: size, used: clock)
            return id
        }
    }

    /// Changes the session `id` with `change`; false when there is no such session.
    package func update<T>(_ id: String, _ change: (inout PlaySession) throws(MCPArgumentError) -> T)
        throws(MCPArgumentError) -> T?
    {
        lock.lock()
        defer { lock.unlock() }
        guard var entry = entries[id] else { return nil }
        clock += 1
        entry.used = clock
        let result = try change(&entry.session)
        entries[id] = entry
        return result
    }
}

extension MCPTool {
    /// The arguments of `play` that go on with a session instead of starting one.
    static let playMoves: [(String, JSONValue)] = [
        (
            "session",
            [
                "type": "string",
                "description":
                    "Go on with this session (the id a start returned) instead of starting one; then give 'choice', 'back' or 'restart'.",
            ]
        ),
        (
            "choice",
            [
                "type": "integer", "minimum": 1,
                "description": "With 'session': take the choice of this number (as the last answer numbered it).",
            ]
        ),
        ("back", ["type": "boolean", "description": "With 'session': undo the last choice."]),
        ("restart", ["type": "boolean", "description": "With 'session': go back to where play began."]),
    ]

    /// `play`, one step at a time: a call with the story starts a session at the start (or
    /// `from`) and answers with the first passage, its numbered choices and the session's
    /// id; a call with `session` and `choice` takes that choice and answers with the next
    /// passage. Jumps the story makes by itself are followed. The story's variables are
    /// played (a choice whose condition is false is locked) unless `ignore-conditions`.
    static func play(title: String) -> MCPTool {
        let keep = Set(["from", "ignore-conditions"]).union(InputOptions.specs.map(\.name)).subtracting(["disable"])
        let specs = PlayCommand.configuration.options.filter { keep.contains($0.name) }
        let description =
            "Play the story one step at a time: start with 'file' or 'text' to get the first passage, its numbered choices and a session id; then call with 'session' and 'choice' for the next passage, until an ending."
        return MCPTool(
            name: PlayCommand.configuration.name, title: title, description: description,
            inputSchema: schema(specs, extra: playMoves)
        ) { arguments, context in
            do throws(MCPArgumentError) {
                if case .some(let session) = arguments["session"] {
                    guard case .string(let id) = session else {
                        throw MCPArgumentError(message: "argument 'session' must be a string, not \(session.kindName)")
                    }
                    return try move(id, arguments, context.sessions)
                }
                for key in ["choice", "back", "restart"] where arguments[key] != nil {
                    throw MCPArgumentError(message: "argument '\(key)' needs 'session' (the id a start returned)")
                }
                return try start(arguments, specs: specs, context.sessions)
            } catch {
                return .error(error.message)
            }
        }
    }

    private static func start(_ arguments: [String: JSONValue], specs: [OptionSpec], _ sessions: PlaySessions)
        throws(MCPArgumentError) -> MCPToolResult
    {
        let call = try commandLine(arguments, specs: specs, tool: "play")
        let err = Captured()
        let terminal = Terminal(quiet: true, color: .never, out: { _ in }, err: err.append, stderrIsTerminal: false)
        let loaded: (session: PlaySession, arrived: [Int])
        do throws(CLIError) {
            let given: SourceText?
            do {
                given = try source(call.text)
            } catch {
                throw .input(error)
            }
            loaded = try StandardInput.$given.withValue(given) {
                Result { () throws(CLIError) in try begin(call, terminal) }
            }.get()
        } catch {
            StoryGraphCLI.report(error, terminal)
            return .error(err.text.trimmingCharacters(in: .newlines))
        }
        guard let id = sessions.open(loaded.session) else {
            return .error(
                "the story is too big to play here: more than \(NumberText.grouped(PlaySessions.maximumSize)) passages and choices"
            )
        }
        return .document(PlayStepDocument(loaded.session, arrived: loaded.arrived, id: id).json())
    }

    /// Loads the story of a start as `play` loads it, and begins a session at the start (or
    /// `--from`), through the story's own jumps.
    private static func begin(_ call: (options: [String], story: String, text: String?), _ terminal: Terminal)
        throws(CLIError) -> (session: PlaySession, arrived: [Int])
    {
        let parsed = try ParsedArguments(
            call.options + ["--", call.story], for: PlayCommand.configuration, command: "play")
        let command = try PlayCommand(parsed)
        let graph = StoryGraph(try command.input.load(command.paths, terminal).story)
        var session = PlaySession(
            PlayGraph(graph), from: try PlayCommand.origin(command.from, graph),
            evaluatingConditions: !command.ignoresConditions)
        let arrived = session.arrive()
        return (session, arrived)
    }

    private static func move(_ id: String, _ arguments: [String: JSONValue], _ sessions: PlaySessions)
        throws(MCPArgumentError) -> MCPToolResult
    {
        let moves = ["choice", "back", "restart"].filter { arguments[$0] != nil }
        if let other = arguments.keys.sorted().first(where: { $0 != "session" && !moves.contains($0) }) {
            throw MCPArgumentError(
                message: "argument '\(other)' starts a session; with 'session', give 'choice', 'back' or 'restart'")
        }
        guard moves.count == 1 else {
            throw MCPArgumentError(message: "with 'session', give one of 'choice', 'back' or 'restart'")
        }
        let document = try sessions.update(id) { (session) throws(MCPArgumentError) -> String in
            var arrived: [Int] = []
            switch (moves[0], arguments[moves[0]]!) {
            case ("choice", .integer(let n)):
                let offered = session.state == .choosing ? session.offered : []
                guard !offered.isEmpty else {
                    throw MCPArgumentError(
                        message:
                            "no choice is offered here (\(PlayStepDocument(session).state)): give 'back' or 'restart'")
                }
                guard (1...offered.count).contains(n) else {
                    throw MCPArgumentError(
                        message:
                            "choice \(n) is not offered: give \(offered.count == 1 ? "1" : "a number from 1 to \(offered.count)")"
                    )
                }
                guard session.steps.count < PlaySessions.maximumSteps else {
                    throw MCPArgumentError(
                        message:
                            "this session has taken \(NumberText.grouped(PlaySessions.maximumSteps)) choices, the most one may: give 'restart'"
                    )
                }
                session.take(offered[n - 1])
                arrived = session.arrive()
            case ("back", .bool(true)):
                guard session.back() else {
                    throw MCPArgumentError(message: "nothing to go back to: no choice has been made yet")
                }
            case ("restart", .bool(true)):
                session.restart()
                arrived = session.arrive()
            case ("choice", let value):
                throw MCPArgumentError(message: "argument 'choice' must be an integer, not \(value.kindName)")
            case (let name, let value):
                throw MCPArgumentError(message: "argument '\(name)' must be true, not \(value.line)")
            }
            return PlayStepDocument(session, arrived: arrived, id: id).json()
        }
        guard let document else {
            throw MCPArgumentError(
                message:
                    "no play session '\(id)': it ended (the server keeps the \(PlaySessions.maximumSessions) most recently used) or never began; start one with 'file' or 'text'"
            )
        }
        return .document(document)
    }
}
