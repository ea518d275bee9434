import Foundation
import Testing

@testable import StoryCLI

/// The language server's session logic, fed messages in-process (the end-to-end tests with
/// a real client are Tests/editors/lsp, `make test-lsp`).
@Suite struct LanguageServerTests {
    /// A session with no debounce, initialized, on a clock the test moves.
    final class Session {
        var now = 0.0
        let server: LanguageServer
        var next = 1

        init() throws {
            let input = try InputOptions(ParsedArguments([], for: LSPCommand.configuration, command: "lsp"))
            var clock = { 0.0 }
            server = LanguageServer(input: input, debounce: 0.3, clock: { clock() })
            clock = { [unowned self] in self.now }
            _ = request("initialize", [:])
        }

        @discardableResult
        func request(_ method: String, _ params: MCPJSON) -> [MCPJSON] {
            next += 1
            return server.receive(["jsonrpc": "2.0", "id": .integer(next), "method": .string(method), "params": params])
        }

        func notify(_ method: String, _ params: MCPJSON) -> [MCPJSON] {
            server.receive(["jsonrpc": "2.0", "method": .string(method), "params": params])
        }

        func open(_ uri: String, _ text: String) -> [MCPJSON] {
            notify(
                "textDocument/didOpen",
                ["textDocument": ["uri": .string(uri), "languageId": "twee", "version": 1, "text": .string(text)]])
        }
    }

    /// A file URI in a fresh empty folder (no project around it).
    static func uri(_ name: String) -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent(name).absoluteString
    }

    static func position(_ uri: String, _ line: Int, _ character: Int) -> MCPJSON {
        [
            "textDocument": ["uri": .string(uri)],
            "position": ["line": .integer(line), "character": .integer(character)],
        ]
    }

    @Test func framingSplitsJoinedAndPartialMessagesAndSurvivesABadHeader() {
        var framing = MessageFraming()
        framing.append(Array("Content-Length: 2\r\n\r\n{}Content-Length: 4\r\n\r\nnu".utf8))
        #expect(framing.next() == .success(Data("{}".utf8)))
        #expect(framing.next() == nil)
        framing.append(Array("ll".utf8))
        #expect(framing.next() == .success(Data("null".utf8)))
        framing.append(Array("Content-Type: x\r\n\r\nContent-Length: 1\r\n\r\n7".utf8))
        #expect(framing.next() == .failure(MessageFraming.Failure(message: "header without Content-Length")))
        #expect(framing.next() == .success(Data("7".utf8)))
        #expect(MessageFraming.frame(Data("{}".utf8)) == Data("Content-Length: 2\r\n\r\n{}".utf8))
    }

    @Test func lifecycleAndErrors() throws {
        let input = try InputOptions(ParsedArguments([], for: LSPCommand.configuration, command: "lsp"))
        let server = LanguageServer(input: input)
        #expect(
            server.receive(["jsonrpc": "2.0", "id": 1, "method": "textDocument/hover", "params": [:]])
                == [["jsonrpc": "2.0", "id": 1, "error": ["code": -32002, "message": "initialize first"]]])
        #expect(
            server.receive(Data("{".utf8)) == [LanguageServer.error(id: .null, .parseError, "the message is not JSON")])
        let initialized = server.receive(["jsonrpc": "2.0", "id": "a", "method": "initialize", "params": [:]])
        #expect(initialized.first?["result"]?["capabilities"]?["definitionProvider"] == true)
        #expect(
            server.receive(["jsonrpc": "2.0", "id": 2, "method": "nope"])
                == [["jsonrpc": "2.0", "id": 2, "error": ["code": -32601, "message": "no method nope"]]])
        #expect(
            server.receive(["jsonrpc": "2.0", "id": 3, "method": "shutdown"]) == [
                ["jsonrpc": "2.0", "id": 3, "result": .null]
            ])
        #expect(server.exitCode == nil)
        #expect(server.receive(["jsonrpc": "2.0", "method": "exit"]) == [])
        #expect(server.exitCode == 0)
    }

    @Test func diagnosticsAtUTF16RangesAndTheQuickFix() throws {
        let session = try Session()
        let uri = Self.uri("emoji.twee")
        // The emoji is one scalar, two UTF-16 units: the target starts at unit 15, not 14.
        let published = session.open(uri, ":: Start\n🐚 [[Go on->Nxt]]\n[[Stay->Next]]\n\n:: Next\nThe end.\n")
        let diagnostics = try #require(published.first?["params"]?["diagnostics"]?.array)
        #expect(diagnostics.map { $0["code"] } == ["broken-link"])
        #expect(
            diagnostics[0]["range"]
                == ["start": ["line": 1, "character": 12], "end": ["line": 1, "character": 15]])
        let actions = session.request(
            "textDocument/codeAction",
            [
                "textDocument": ["uri": .string(uri)],
                "range": ["start": ["line": 1, "character": 13], "end": ["line": 1, "character": 13]],
                "context": ["diagnostics": []],
            ])
        let edit = actions.first?["result"]?.array?.first?["edit"]?["changes"]?[uri]?.array?.first
        #expect(
            edit == [
                "range": ["start": ["line": 1, "character": 12], "end": ["line": 1, "character": 15]],
                "newText": "Next",
            ])
    }

    @Test func aChangeIsDebouncedAndReanalysesOnlyItsStory() throws {
        let session = try Session()
        let a = Self.uri("a.twee")
        let b = Self.uri("b.twee")
        _ = session.open(a, ":: Start\n[[Go->End]]\n[[Stay->End]]\n\n:: End\nDone.\n")
        _ = session.open(b, ":: Start\n[[Go->Gone]]\n")
        #expect(session.server.analysisCount == 2)
        // Answered from the cache: no analysis.
        _ = session.request("textDocument/hover", Self.position(a, 3, 4))
        _ = session.request("textDocument/documentSymbol", ["textDocument": ["uri": .string(a)]])
        #expect(session.server.analysisCount == 2)
        let change: MCPJSON = [
            "textDocument": ["uri": .string(a), "version": 2],
            "contentChanges": [
                [
                    "range": ["start": ["line": 1, "character": 6], "end": ["line": 1, "character": 9]],
                    "text": "Nowhere",
                ]
            ],
        ]
        #expect(session.notify("textDocument/didChange", change) == [])
        #expect(session.server.deadline == 0.3)
        session.now = 0.2
        #expect(session.server.flush() == [])
        session.now = 0.3
        let published = session.server.flush()
        #expect(session.server.analysisCount == 3)
        #expect(published.count == 1)
        #expect(published.first?["params"]?["uri"] == .string(a))
        #expect(published.first?["params"]?["diagnostics"]?.array?.map { $0["code"] } == ["broken-link"])
    }

    @Test func hoverCountsPathsThroughAPassageAsAnExactBigInteger() throws {
        // 70 diamonds in a row: 2^70 paths, past any 64-bit integer.
        var text = ""
        for i in 0..<70 {
            text += ":: L\(i)\n[[A\(i)]] [[B\(i)]]\n\n:: A\(i)\n[[L\(i + 1)]]\n\n:: B\(i)\n[[L\(i + 1)]]\n\n"
        }
        text += ":: L70\nThe end.\n"
        let session = try Session()
        let uri = Self.uri("diamonds.twee")
        _ = session.open(uri, text)
        // A1's header is line 12 (0-based): 2^69 paths through it, of 2^70.
        let hover = session.request("textDocument/hover", Self.position(uri, 12, 4))
        let value = try #require(hover.first?["result"]?["contents"]?["value"]?.string)
        #expect(value.hasPrefix("**A1**\n\n- Paths through it: 590295810358705651712 of 1180591620717411303424 from"))
        let definition = session.request("textDocument/definition", Self.position(uri, 1, 3))
        #expect(
            definition.first?["result"]
                == [
                    "uri": .string(uri),
                    "range": ["start": ["line": 3, "character": 3], "end": ["line": 3, "character": 5]],
                ])
    }

    @Test func completionContexts() {
        #expect(LanguageServer.linkContext("[[Go->Ya")?.typed == "Ya")
        #expect(LanguageServer.linkContext("see [[Yard]] and") == nil)
        #expect(LanguageServer.linkContext("* [Board] -> dock.b")?.typed == "dock.b")
        #expect(LanguageServer.linkContext("    <<jump Le")?.typed == "Le")
        #expect(LanguageServer.linkContext("    *goto_scene ya")?.kind == .scene)
        #expect(LanguageServer.linkContext("    *goto mar")?.kind == .label)
        #expect(LanguageServer.linkContext("plain text") == nil)
    }
}
