import Foundation
import StoryFormats
import StoryGraph

/// One tool of the MCP server: its name, what it does, the JSON Schema of its arguments,
/// and the work. A tool over a command (`command(_:…)`) runs that command in-process,
/// its options given as arguments, and answers with what the command writes; adding a
/// command as a tool is one entry in `MCPTools.all`.
package struct MCPTool: Sendable {
    package let name: String
    package let title: String
    package let description: String
    package let inputSchema: JSONValue
    let work: @Sendable (_ arguments: [String: JSONValue], _ context: MCPContext) -> MCPToolResult

    /// The tool as `tools/list` lists it. Every tool only reads (stories, and a format's
    /// `schema` file) and writes no file: read-only, in a closed world.
    var listing: JSONValue {
        [
            "name": .string(name), "title": .string(title), "description": .string(description),
            "inputSchema": inputSchema, "annotations": ["readOnlyHint": true, "openWorldHint": false],
        ]
    }
}

/// What a tool call may use besides its arguments: the play sessions of this server.
package struct MCPContext: Sendable {
    package let sessions: PlaySessions
}

/// What a tool answers: text (a JSON document, an SVG), that document as a value when it is
/// a JSON object, or an error for the assistant to read (`isError`).
package struct MCPToolResult: Sendable, Equatable {
    package var text: String
    package var structured: JSONValue?
    package var isError: Bool

    package static func error(_ message: String) -> MCPToolResult {
        MCPToolResult(text: message, structured: nil, isError: true)
    }

    /// A JSON document as the command wrote it, and as a value.
    package static func document(_ json: String) -> MCPToolResult {
        let value = JSONValue.parse(Data(json.utf8))
        return MCPToolResult(text: json, structured: value?.object == nil ? nil : value, isError: false)
    }
}

/// Bad arguments of a tool call: the message the assistant reads.
package struct MCPArgumentError: Error {
    package var message: String
}

extension MCPTool {
    /// The arguments every tool that reads a story takes in place of STORY.
    static let fileProperty = "file"
    static let textProperty = "text"

    /// A tool over `command`: its options, less `leftOut`, are the tool's arguments (with
    /// `allowed` narrowing the values of some, and `defaults` replacing the command's
    /// default of some); `fixed` is added to every command line (`--format json`).
    static func command(
        _ command: any Command.Type, title: String, description: String? = nil, fixed: [String] = [],
        leftOut: Set<String> = [], allowed: [String: [String]] = [:], defaults: [String: JSONValue] = [:]
    ) -> MCPTool {
        let configuration = command.configuration
        let specs = configuration.options.filter { !leftOut.contains($0.name) }.map { spec in
            var spec = spec
            if let values = allowed[spec.name] { spec.allowedValues = values }
            return spec
        }
        let name = configuration.name
        return MCPTool(
            name: name, title: title, description: description ?? configuration.abstract,
            inputSchema: schema(specs, defaults: defaults)
        ) { arguments, _ in
            var given = arguments
            for (key, value) in defaults where given[key] == nil { given[key] = value }
            do throws(MCPArgumentError) {
                let call = try commandLine(given, specs: specs, tool: name)
                return run([name] + fixed + call.options + ["--", call.story], text: call.text)
            } catch {
                return .error(error.message)
            }
        }
    }

    /// The JSON Schema of a tool's arguments: the story (a path or the text itself), then
    /// one property per option, typed as the option's value is (`OptionSpec.ValueKind`),
    /// with its help, allowed values, range and default.
    static func schema(_ specs: [OptionSpec], extra: [(String, JSONValue)] = [], defaults: [String: JSONValue] = [:])
        -> JSONValue
    {
        var properties: [String: JSONValue] = [
            fileProperty: [
                "type": "string",
                "description":
                    "The story file, or a folder for a story that spans files (a path on the server's machine, absolute or from the folder the server runs in; give this or 'text').",
            ],
            textProperty: [
                "type": "string",
                "description":
                    "The story itself, in place of a file (give this or 'file'); 'input-format' names its format when its content does not tell.",
            ],
        ]
        for spec in specs { properties[spec.name] = property(spec, default: defaults[spec.name]) }
        for (name, value) in extra { properties[name] = value }
        return ["type": "object", "properties": .object(properties), "additionalProperties": false]
    }

    static func property(_ spec: OptionSpec, default given: JSONValue? = nil) -> JSONValue {
        var value: [String: JSONValue] = ["description": .string(spec.help)]
        var shownDefault: JSONValue?
        switch spec.kind {
        case .flag:
            value["type"] = "boolean"
        case .text:
            value["type"] = "string"
            if let allowed = spec.allowedValues { value["enum"] = .array(allowed.map { .string($0) }) }
            shownDefault = spec.defaultValue.map { .string($0) }
        case .integer(let range):
            value["type"] = "integer"
            value["minimum"] = .integer(range.lowerBound)
            if range.upperBound != Int.max { value["maximum"] = .integer(range.upperBound) }
            shownDefault = spec.defaultValue.flatMap { Int($0) }.map { .integer($0) }
        case .number(let range):
            value["type"] = "number"
            value["minimum"] = .number(range.lowerBound)
            value["maximum"] = .number(range.upperBound)
            shownDefault = spec.defaultValue.flatMap { Double($0) }.map { .number($0) }
        }
        if let defaultValue = given ?? shownDefault { value["default"] = defaultValue }
        guard spec.isRepeating else { return .object(value) }
        value["default"] = nil
        let description = value.removeValue(forKey: "description") ?? ""
        return ["type": "array", "items": .object(value), "description": description]
    }

    /// A tool call's arguments as a command line: the options (`--name=value`, in the
    /// order of `specs`), and the story (a path, or `-` with its text). Each value must
    /// have its option's JSON type; what the value means (a range, a name) the command
    /// itself checks, with its own message.
    static func commandLine(_ arguments: [String: JSONValue], specs: [OptionSpec], tool: String)
        throws(MCPArgumentError) -> (options: [String], story: String, text: String?)
    {
        let names = Set(specs.map(\.name)).union([fileProperty, textProperty])
        if let unknown = arguments.keys.sorted().first(where: { !names.contains($0) }) {
            let known = [fileProperty, textProperty] + specs.map(\.name)
            throw MCPArgumentError(
                message:
                    "unknown argument '\(unknown)' of tool '\(tool)'\(Suggestion.phrase(for: unknown, among: known))"
                    + "; it takes: \(known.joined(separator: ", "))")
        }
        var options: [String] = []
        for spec in specs {
            guard let value = arguments[spec.name] else { continue }
            let values: [JSONValue]
            if spec.isRepeating {
                guard case .array(let items) = value else {
                    throw MCPArgumentError(message: "argument '\(spec.name)' must be an array, not \(value.kindName)")
                }
                values = items
            } else {
                values = [value]
            }
            for item in values {
                if spec.kind == .flag {
                    guard case .bool(let on) = item else {
                        throw MCPArgumentError(
                            message: "argument '\(spec.name)' must be a boolean, not \(item.kindName)")
                    }
                    if on { options.append("--\(spec.name)") }
                } else {
                    options.append("--\(spec.name)=\(try text(of: item, for: spec))")
                }
            }
        }
        switch (arguments[fileProperty], arguments[textProperty]) {
        case (.string(let path), nil):
            guard !path.isEmpty else { throw MCPArgumentError(message: "argument 'file' is empty: give a path") }
            return (options, path, nil)
        case (nil, .string(let text)):
            return (options, StandardInput.path, text)
        case (nil, nil):
            throw MCPArgumentError(
                message: "give 'file' (the path of a story file or folder) or 'text' (the story itself)")
        case (.some, .some):
            throw MCPArgumentError(message: "give 'file' or 'text', not both")
        case (.some(let value), nil):
            throw MCPArgumentError(message: "argument 'file' must be a string, not \(value.kindName)")
        case (nil, .some(let value)):
            throw MCPArgumentError(message: "argument 'text' must be a string, not \(value.kindName)")
        }
    }

    /// An option's value as the command line writes it, when the JSON type is right.
    private static func text(of value: JSONValue, for spec: OptionSpec) throws(MCPArgumentError) -> String {
        switch (spec.kind, value) {
        case (.text, .string(let text)):
            if let allowed = spec.allowedValues, !allowed.contains(text) {
                throw MCPArgumentError(
                    message:
                        "invalid value '\(text)' for '\(spec.name)'; expected one of: \(allowed.joined(separator: ", "))"
                )
            }
            return text
        case (.integer, .integer(let n)): return String(n)
        case (.number, .integer(let n)): return String(n)
        case (.number, .number(let x)): return String(x)
        default:
            let wanted =
                switch spec.kind {
                case .integer: "an integer"
                case .number: "a number"
                default: "a string"
                }
            throw MCPArgumentError(message: "argument '\(spec.name)' must be \(wanted), not \(value.kindName)")
        }
    }

    /// Where inline story text is said to come from in messages.
    static let textName = "<text>"

    /// A story given as text, as STORY `-` reads it (`StandardInput.given`), named `textName`.
    static func source(_ text: String?) throws(StoryLoadError) -> SourceText? {
        guard let text else { return nil }
        return try SourceText(path: textName, data: Data(text.utf8))
    }

    /// Runs a command line in this process, `text` (if any) read as STORY `-`: what it
    /// writes to stdout is the result; when it stops with a usage, input, internal or
    /// output error (exit codes 64, 65, 70, 74), its messages are the error, as the
    /// command line prints them. (`test`'s "none fails, one is unknown" is an answer.)
    static func run(_ commandLine: [String], text: String?) -> MCPToolResult {
        let out = Captured()
        let err = Captured()
        let terminal = Terminal(quiet: true, color: .never, out: out.append, err: err.append, stderrIsTerminal: false)
        let given: SourceText?
        do {
            given = try source(text)
        } catch {
            return .error(error.diagnostics.map(\.description).joined(separator: "\n"))
        }
        let code = StandardInput.$given.withValue(given) { StoryGraphCLI.main(commandLine, terminal: terminal) }
        let output = out.text
        guard [ExitCode.success, .findings, .unknown].map(\.rawValue).contains(code) else {
            let messages = err.text.trimmingCharacters(in: .newlines)
            return .error(messages.isEmpty ? output : messages)
        }
        return .document(output)
    }
}

/// The bytes a captured stream was given.
final class Captured: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()

    func append(_ bytes: Data) { lock.withLock { data.append(bytes) } }
    var text: String { lock.withLock { String(decoding: data, as: UTF8.self) } }
}
