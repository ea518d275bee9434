import Foundation
import StoryCLI
import Testing

/// The MCP server's JSON value (this target has a `JSONValue` of its own, for schemas).
typealias MCPJSON = StoryCLI.JSONValue

/// `storygraph mcp`'s protocol logic, without stdio: one message in, the answer out.
@Suite struct MCPServerTests {
    /// A story of three passages: a start with two choices, an ending, and a passage with
    /// a choice back to the ending and a broken link ('Knock' to 'zz', at column 229).
    static let tiny =
        #"{"title":"Tiny","start":"a","passages":[{"id":"a","text":"You wake.","choices":[{"text":"Left","to":"b"},{"text":"Right","to":"c"}]},{"id":"b","text":"The end."},{"id":"c","text":"A door.","choices":[{"text":"Open it","to":"b"},{"text":"Knock","to":"zz"}]}]}"#

    /// A server initialized at `version`.
    static func server(_ version: String = "2025-06-18") -> MCPServer {
        let server = MCPServer()
        _ = server.handle(request(1, "initialize", ["protocolVersion": .string(version), "capabilities": [:]]))
        return server
    }

    static func request(_ id: Int, _ method: String, _ params: MCPJSON? = nil) -> String {
        var message: [String: MCPJSON] = ["jsonrpc": "2.0", "id": .integer(id), "method": .string(method)]
        if let params { message["params"] = params }
        return MCPJSON.object(message).line
    }

    static func answer(_ server: MCPServer, _ line: String) -> MCPJSON {
        MCPJSON.parse(Data((server.handle(line) ?? "").utf8)) ?? .null
    }

    /// A tool call's result.
    static func call(_ server: MCPServer, _ tool: String, _ arguments: MCPJSON) -> MCPJSON {
        answer(server, request(7, "tools/call", ["name": .string(tool), "arguments": arguments]))["result"] ?? .null
    }

    static func text(_ result: MCPJSON) -> String? {
        guard case .array(let content) = result["content"], content.count == 1 else { return nil }
        return content[0]["text"]?.string
    }

    @Test(arguments: [
        ("2024-11-05", "2024-11-05"), ("2025-03-26", "2025-03-26"), ("2025-06-18", "2025-06-18"),
        ("2025-11-25", "2025-11-25"), ("1999-01-01", "2025-11-25"),
    ])
    func initializeAgreesOnTheClientsVersionOrOffersTheNewest(asked: String, agreed: String) {
        let server = MCPServer()
        let result = Self.answer(server, Self.request(1, "initialize", ["protocolVersion": .string(asked)]))["result"]
        #expect(result?["protocolVersion"] == .string(agreed))
        #expect(result?["capabilities"] == ["tools": ["listChanged": false]])
        #expect(result?["serverInfo"]?["name"] == "storygraph")
        #expect(server.version == agreed)
    }

    static let protocolErrors: [(line: String, id: MCPJSON, code: Int, message: String)] = [
        ("not json", MCPJSON.null, -32700, "Parse error: the message is not JSON"),
        (#"[{"jsonrpc":"2.0","id":1,"method":"ping"}]"#, .null, -32600, "Invalid Request: batches are not supported"),
        (
            #"{"jsonrpc":"1.0","id":3,"method":"ping"}"#, .integer(3), -32600,
            #"Invalid Request: 'jsonrpc' must be "2.0""#
        ),
        (
            #"{"jsonrpc":"2.0","id":4,"method":"resources/list"}"#, .integer(4), -32601,
            "Method not found: resources/list"
        ),
        (
            #"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":[1]}"#, .integer(5), -32602,
            "Invalid params: 'params' must be an object"
        ),
        (
            #"{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"draw"}}"#, .integer(6), -32602,
            "Unknown tool: draw (the tools: report, check, test, paths, fuzz, map, play)"
        ),
        (
            #"{"jsonrpc":"2.0","id":7,"method":"tools/call","params":{"name":"report","arguments":"x"}}"#, .integer(7),
            -32602,
            "Invalid params: 'arguments' must be an object"
        ),
        (
            #"{"jsonrpc":"2.0","id":true,"method":"ping"}"#, .null, -32600,
            "Invalid Request: 'id' must be a string or an integer"
        ),
        (
            #"{"jsonrpc":"2.0","id":9,"method":"initialize","params":{}}"#, .integer(9), -32602,
            "Invalid params: 'protocolVersion' must be a string"
        ),
    ]

    @Test(arguments: protocolErrors)
    func protocolErrorsAreJSONRPCErrors(line: String, id: MCPJSON, code: Int, message: String) {
        let answer = Self.answer(Self.server(), line)
        #expect(answer["id"] == id)
        #expect(answer["error"] == ["code": .integer(code), "message": .string(message)])
        #expect(answer["result"] == nil)
    }

    @Test func notificationsAndResponsesGetNoAnswer() {
        let server = Self.server()
        #expect(server.handle(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#) == nil)
        #expect(server.handle(#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}"#) == nil)
        #expect(server.handle(#"{"jsonrpc":"2.0","id":1,"result":{}}"#) == nil)
        #expect(Self.answer(server, Self.request(2, "ping")) == ["jsonrpc": "2.0", "id": 2, "result": [:]])
    }

    @Test func toolsWaitForInitialize() {
        let answer = Self.answer(MCPServer(), Self.request(1, "tools/list"))
        #expect(answer["error"]?["code"] == -32600)
        #expect(
            answer["error"]?["message"] == "Invalid Request: the session is not initialized (send 'initialize' first)")
    }

    @Test func toolsListTheCommandsWithSchemasFromTheirOptions() throws {
        let tools = Self.answer(Self.server(), Self.request(2, "tools/list"))["result"]?["tools"]
        guard case .array(let list) = tools else {
            Issue.record("no tools")
            return
        }
        #expect(list.compactMap { $0["name"]?.string } == ["report", "check", "test", "paths", "fuzz", "map", "play"])
        #expect(list.allSatisfy { $0["annotations"] == ["readOnlyHint": true, "openWorldHint": false] })
        let schemas = Dictionary(uniqueKeysWithValues: list.map { ($0["name"]?.string ?? "", $0["inputSchema"]) })
        let report = try #require(schemas["report"] ?? nil)
        #expect(report["type"] == "object")
        #expect(report["additionalProperties"] == false)
        #expect(report["properties"]?["file"]?["type"] == "string")
        #expect(report["properties"]?["budget"]?["type"] == "number")
        #expect(report["properties"]?["budget"]?["default"] == .number(0.1))
        #expect(report["properties"]?["max-cycles"]?["type"] == "integer")
        #expect(report["properties"]?["disable"]?["type"] == "array")
        for leftOut in ["format", "output", "watch", "timings", "heat"] {
            #expect(report["properties"]?[leftOut] == nil)
        }
        #expect(schemas["map"]??["properties"]?["format"]?["enum"] == ["svg", "dot"])
        #expect(schemas["paths"]??["properties"]?["limit"]?["default"] == 1000)
        #expect(schemas["fuzz"]??["properties"]?["runs"]?["minimum"] == 1)
        #expect(schemas["check"]??["properties"]?["strict"]?["type"] == "boolean")
        let play = schemas["play"]??["properties"]?.object?.keys.sorted()
        #expect(
            play == [
                "back", "choice", "file", "from", "ignore-conditions", "input-format", "link-macro", "restart",
                "restart-rule", "schema", "session", "start", "story", "text",
            ])
    }

    @Test func reportAnswersWithItsJSONDocumentAndAsStructuredContent() throws {
        let result = Self.call(Self.server(), "report", ["text": .string(Self.tiny), "input-format": "story-json"])
        #expect(result["isError"] == false)
        let document = try #require(MCPJSON.parse(Data((Self.text(result) ?? "").utf8)))
        #expect(result["structuredContent"] == document)
        #expect(document["paths"]?["total"] == "2")
        guard case .array(let endings) = document["endings"] else {
            Issue.record("no endings")
            return
        }
        #expect(endings.map { $0["id"] } == ["b"])
    }

    @Test func structuredContentOnlyFromTheRevisionThatHasIt() {
        let result = Self.call(Self.server("2025-03-26"), "check", ["text": .string(Self.tiny)])
        #expect(result["isError"] == false)
        #expect(result["structuredContent"] == nil)
        let document = MCPJSON.parse(Data((Self.text(result) ?? "").utf8))
        #expect(document?["errors"] == 1)
        guard case .array(let files) = document?["files"], case .array(let findings) = files.first?["findings"] else {
            Issue.record("no findings")
            return
        }
        #expect(findings.map { $0["rule"] } == ["broken-link"])
        #expect(findings.map { $0["location"] } == [["file": "<text>", "line": 1, "column": 229]])
        // The file as check names its STORY argument: '-', the story read in place of stdin.
        #expect(files.first?["file"] == "-")
    }

    static let badInputs: [(arguments: [String: MCPJSON], message: String)] = [
        (
            ["file": .string("/no/such/story.json")],
            "error: no such file or folder: /no/such/story.json [unreadable-file]"
        ),
        (["text": .string("{ bad")], "<text>:1:3: error: unexpected 'b': expected a string key [json-syntax]"),
        ([:], "give 'file' (the path of a story file or folder) or 'text' (the story itself)"),
        (["file": .string("a.json"), "text": .string("b")], "give 'file' or 'text', not both"),
        (["file": .integer(3)], "argument 'file' must be a string, not an integer"),
        (["text": .string(tiny), "budget": .string("2")], "argument 'budget' must be a number, not a string"),
        (
            ["text": .string(tiny), "max-cycles": .number(1.5)],
            "argument 'max-cycles' must be an integer, not a number"
        ),
        (
            ["text": .string(tiny), "disable": .string("broken-link")],
            "argument 'disable' must be an array, not a string"
        ),
        (
            ["text": .string(tiny), "budget": .integer(-1)],
            "error: invalid value '-1' for '--budget'; expected a number of seconds from 0 to 86400\nSee 'storygraph help report'."
        ),
        (
            ["text": .string(tiny), "bugdet": .integer(1)],
            "unknown argument 'bugdet' of tool 'report'; did you mean 'budget'?; it takes: file, text, budget, max-cycles, max-states, state-budget, input-format, start, story, restart-rule, disable, link-macro, schema"
        ),
        (
            ["text": .string(tiny), "start": .string("q")],
            "error: --start: the start passage 'q' does not exist; did you mean 'a'?\nSee 'storygraph help report'."
        ),
    ]

    @Test(arguments: badInputs)
    func badInputIsAToolErrorWithTheCommandLinesMessage(arguments: [String: MCPJSON], message: String) {
        let result = Self.call(Self.server(), "report", .object(arguments))
        #expect(result["isError"] == true)
        #expect(Self.text(result) == message)
        #expect(result["structuredContent"] == nil)
    }

    @Test func mapDrawsDOTOnRequestAndRefusesOtherFormats() {
        let server = Self.server()
        let dot = Self.call(server, "map", ["text": .string(Self.tiny), "format": "dot"])
        #expect(dot["isError"] == false)
        #expect(Self.text(dot)?.hasPrefix("digraph \"Tiny\" {\n") == true)
        let png = Self.call(server, "map", ["text": .string(Self.tiny), "format": "png"])
        #expect(Self.text(png) == "invalid value 'png' for 'format'; expected one of: svg, dot")
    }

    @Test func playGoesOneStepAtATimeToAnEnding() throws {
        let server = Self.server()
        let start = Self.call(server, "play", ["text": .string(Self.tiny)])
        let first = try #require(start["structuredContent"])
        #expect(first["session"] == "1")
        #expect(first["passage"] == "a")
        #expect(first["text"] == "You wake.")
        #expect(first["state"] == "choosing")
        #expect(
            first["choices"] == [
                ["number": 1, "text": "Left", "target": "b"], ["number": 2, "text": "Right", "target": "c"],
            ])
        let door = try #require(Self.call(server, "play", ["session": "1", "choice": 2])["structuredContent"])
        #expect(door["passage"] == "c")
        #expect(door["steps"] == 1)
        let wrong = Self.call(server, "play", ["session": "1", "choice": 3])
        #expect(wrong["isError"] == true)
        #expect(Self.text(wrong) == "choice 3 is not offered: give a number from 1 to 2")
        let broken = try #require(Self.call(server, "play", ["session": "1", "choice": 2])["structuredContent"])
        #expect(broken["state"] == "broken_link")
        #expect(broken["failed_link"] == ["target": "zz", "file": "<text>", "line": 1])
        let back = try #require(Self.call(server, "play", ["session": "1", "back": true])["structuredContent"])
        #expect(back["passage"] == "c")
        let end = try #require(Self.call(server, "play", ["session": "1", "choice": 1])["structuredContent"])
        #expect(end["passage"] == "b")
        #expect(end["state"] == "ending")
        #expect(end["choices"] == [])
        #expect(end["steps"] == 2)
        let over = Self.call(server, "play", ["session": "1", "choice": 1])
        #expect(Self.text(over) == "no choice is offered here (ending): give 'back' or 'restart'")
        let unknown = Self.call(server, "play", ["session": "9", "choice": 1])
        #expect(
            Self.text(unknown)
                == "no play session '9': it ended (the server keeps the 16 most recently used) or never began; start one with 'file' or 'text'"
        )
        #expect(
            Self.text(Self.call(server, "play", ["choice": 1]))
                == "argument 'choice' needs 'session' (the id a start returned)")
    }

    @Test func playSessionsAreBoundedAndTheLeastRecentlyUsedCloses() {
        let server = Self.server()
        for _ in 0..<(PlaySessions.maximumSessions + 1) {
            #expect(Self.call(server, "play", ["text": .string(Self.tiny)])["isError"] == false)
        }
        #expect(server.sessions.count == PlaySessions.maximumSessions)
        #expect(Self.call(server, "play", ["session": "1", "choice": 1])["isError"] == true)
        #expect(Self.call(server, "play", ["session": "2", "choice": 1])["isError"] == false)
    }
}
