import Foundation

/// The Model Context Protocol server behind `storygraph mcp`, apart from its transport:
/// one JSON-RPC 2.0 message in (a line of the stdio transport), the answer out (`nil` for a
/// notification, which gets none). It negotiates the protocol version, lists the tools
/// (`MCPTools.all`) and calls them. A message that is not JSON-RPC, an unknown method or
/// tool, or params of the wrong shape get a JSON-RPC error; a tool's own bad input (a
/// missing file, a wrong option) is a tool result with `isError`, so the assistant reads it.
package final class MCPServer: @unchecked Sendable {
    /// The revisions of the protocol this server speaks, the newest first.
    package static let protocolVersions = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]
    /// The first revision whose tool results carry `structuredContent`.
    static let structuredSince = "2025-06-18"

    /// JSON-RPC 2.0's error codes.
    package enum ErrorCode: Int {
        case parse = -32700
        case invalidRequest = -32600
        case methodNotFound = -32601
        case invalidParams = -32602
    }

    package let tools: [MCPTool]
    package let sessions = PlaySessions()
    /// The revision agreed by `initialize` (nil before it).
    package private(set) var version: String?

    package init(tools: [MCPTool] = MCPTools.all) {
        self.tools = tools
    }

    /// Answers one message: a JSON-RPC response on one line, or nil (a notification, or a
    /// response to a request this server never sends).
    package func handle(_ line: String) -> String? {
        guard let message = JSONValue.parse(Data(line.utf8)) else {
            return Self.error(.null, .parse, "Parse error: the message is not JSON")
        }
        guard case .object(let members) = message else {
            return Self.error(
                .null, .invalidRequest,
                message.kindName == "an array"
                    ? "Invalid Request: batches are not supported" : "Invalid Request: a message is a JSON object")
        }
        let id = members["id"]
        if id == nil, members["method"] == nil { return nil } // nothing to answer
        guard members["jsonrpc"] == "2.0" else {
            return Self.error(id ?? .null, .invalidRequest, "Invalid Request: 'jsonrpc' must be \"2.0\"")
        }
        guard case .string(let method) = members["method"] else {
            if id != nil, members["result"] != nil || members["error"] != nil { return nil } // a response
            return Self.error(id ?? .null, .invalidRequest, "Invalid Request: 'method' must be a string")
        }
        guard let id else { return nil } // a notification (initialized, cancelled): nothing to answer
        switch id {
        case .string, .integer: break
        default: return Self.error(.null, .invalidRequest, "Invalid Request: 'id' must be a string or an integer")
        }
        let params = members["params"] ?? [:]
        guard case .object(let arguments) = params else {
            return Self.error(id, .invalidParams, "Invalid params: 'params' must be an object")
        }
        switch method {
        case "initialize":
            return initialize(id, arguments)
        case "ping":
            return Self.result(id, [:])
        case "tools/list":
            guard version != nil else { return Self.notInitialized(id) }
            return Self.result(id, ["tools": .array(tools.map(\.listing))])
        case "tools/call":
            guard version != nil else { return Self.notInitialized(id) }
            return call(id, arguments)
        default:
            return Self.error(id, .methodNotFound, "Method not found: \(method)")
        }
    }

    /// Agrees on the client's revision when this server speaks it, else offers its newest.
    private func initialize(_ id: JSONValue, _ params: [String: JSONValue]) -> String {
        guard case .string(let asked) = params["protocolVersion"] else {
            return Self.error(id, .invalidParams, "Invalid params: 'protocolVersion' must be a string")
        }
        let agreed = Self.protocolVersions.contains(asked) ? asked : Self.protocolVersions[0]
        version = agreed
        return Self.result(
            id,
            [
                "protocolVersion": .string(agreed),
                "capabilities": ["tools": ["listChanged": false]],
                "serverInfo": ["name": "storygraph", "version": .string(StoryGraphCLI.version)],
                "instructions":
                    "storygraph reads branching stories (Twine, ink, Yarn Spinner, ChoiceScript, gamebook JSON/YAML, Destini-style app source). Each tool takes the story as 'file' (a path) or 'text' (the story itself) and answers with the JSON document of the storygraph command it is named after.",
            ])
    }

    private func call(_ id: JSONValue, _ params: [String: JSONValue]) -> String {
        guard case .string(let name) = params["name"] else {
            return Self.error(id, .invalidParams, "Invalid params: 'name' must be a string")
        }
        guard let tool = tools.first(where: { $0.name == name }) else {
            return Self.error(
                id, .invalidParams,
                "Unknown tool: \(name) (the tools: \(tools.map(\.name).joined(separator: ", ")))")
        }
        let given = params["arguments"] ?? [:]
        guard case .object(let arguments) = given else {
            return Self.error(id, .invalidParams, "Invalid params: 'arguments' must be an object")
        }
        let result = tool.work(arguments, MCPContext(sessions: sessions))
        var answer: [String: JSONValue] = [
            "content": [["type": "text", "text": .string(result.text)]],
            "isError": .bool(result.isError),
        ]
        // Revisions are dates: later ones sort after.
        if let structured = result.structured, let version, version >= Self.structuredSince {
            answer["structuredContent"] = structured
        }
        return Self.result(id, .object(answer))
    }

    private static func notInitialized(_ id: JSONValue) -> String {
        error(id, .invalidRequest, "Invalid Request: the session is not initialized (send 'initialize' first)")
    }

    static func result(_ id: JSONValue, _ result: JSONValue) -> String {
        JSONValue.object(["jsonrpc": "2.0", "id": id, "result": result]).line
    }

    static func error(_ id: JSONValue, _ code: ErrorCode, _ message: String) -> String {
        JSONValue.object([
            "jsonrpc": "2.0", "id": id, "error": ["code": .integer(code.rawValue), "message": .string(message)],
        ]).line
    }
}
