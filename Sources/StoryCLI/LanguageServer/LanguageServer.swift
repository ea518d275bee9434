import Foundation
import StoryFormats
import StoryGraph

/// storygraph's Language Server Protocol session, apart from any stream: it is given each
/// message's body (`receive`) and returns the messages to write (responses, then
/// notifications such as `textDocument/publishDiagnostics`); a change's analysis waits
/// `debounce` seconds for the next keystroke and is done by `flush` (the stdio loop of
/// `storygraph lsp` calls it at `deadline`). One thread drives it.
///
/// Lifecycle as the specification says: a request before `initialize` gets
/// ServerNotInitialized (-32002) and a notification is dropped; after `shutdown`, a request
/// gets InvalidRequest (-32600); `exit` ends the session with code 0 after `shutdown`, 1
/// without. A body that is not JSON gets ParseError (-32700), a message that is not JSON-RPC
/// InvalidRequest, an unknown request MethodNotFound (-32601), bad parameters InvalidParams
/// (-32602).
package final class LanguageServer {
    package enum ErrorCode: Int {
        case parseError = -32700
        case invalidRequest = -32600
        case methodNotFound = -32601
        case invalidParams = -32602
        case internalError = -32603
        case serverNotInitialized = -32002
    }

    private enum Phase { case uninitialized, running, shutDown }

    private var phase = Phase.uninitialized
    /// The process exit code once `exit` came.
    package private(set) var exitCode: Int32?
    /// Seconds a change waits before it is analysed.
    package let debounce: Double
    /// The time now, in seconds on a monotonic clock.
    private let clock: () -> Double
    let workspace: StoryWorkspace
    /// Documents changed and not yet analysed, with the time their analysis is due.
    private var pending: [String: Double] = [:]
    /// URIs each story's diagnostics were last published to (to clear them when fixed).
    private var published: [[String]: Set<String>] = [:]

    package init(
        input: InputOptions, stateBudget: StateAnalysis.Budget = .init(), debounce: Double = 0.3,
        clock: @escaping () -> Double = { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
    ) {
        workspace = StoryWorkspace(input: input, stateBudget: stateBudget)
        self.debounce = debounce
        self.clock = clock
    }

    /// How many story analyses the session made.
    package var analysisCount: Int { workspace.analysisCount }

    /// When the next debounced analysis is due (nil: none waits).
    package var deadline: Double? { pending.values.min() }

    // MARK: Messages

    /// One message's body, as read from the stream.
    package func receive(_ body: Data) -> [JSONValue] {
        guard let message = JSONValue.parse(body) else {
            return [Self.error(id: .null, .parseError, "the message is not JSON")]
        }
        if let batch = message.array {
            guard !batch.isEmpty else { return [Self.error(id: .null, .invalidRequest, "an empty batch")] }
            return batch.flatMap(receive)
        }
        return receive(message)
    }

    package func receive(_ message: JSONValue) -> [JSONValue] {
        guard case .object = message, message["jsonrpc"] == "2.0", let method = message["method"]?.string else {
            // A response from the client (we send no requests) is not answered.
            if case .object = message, message["jsonrpc"] == "2.0", message["method"] == nil,
                message["result"] != nil || message["error"] != nil
            {
                return []
            }
            return [Self.error(id: message["id"] ?? .null, .invalidRequest, "not a JSON-RPC 2.0 request")]
        }
        let params = message["params"] ?? .null
        guard let id = message["id"] else {
            return notification(method, params)
        }
        switch id {
        case .integer, .string: break
        default: return [Self.error(id: .null, .invalidRequest, "a request id is a number or a string")]
        }
        switch phase {
        case .uninitialized where method != "initialize":
            return [Self.error(id: id, .serverNotInitialized, "initialize first")]
        case .shutDown:
            return [Self.error(id: id, .invalidRequest, "the server is shut down")]
        default: break
        }
        do throws(RequestError) {
            let (result, notifications) = try request(method, params)
            return [["jsonrpc": "2.0", "id": id, "result": result]] + notifications
        } catch {
            return [Self.error(id: id, error.code, error.message)]
        }
    }

    /// Analyses every changed document whose wait is over; returns their diagnostics.
    package func flush() -> [JSONValue] {
        let now = clock()
        let due = pending.filter { $0.value <= now }.keys.sorted()
        var out: [JSONValue] = []
        for path in due {
            pending[path] = nil
            out += analyse(path)
        }
        return out
    }

    struct RequestError: Error {
        let code: ErrorCode
        let message: String
    }

    private func request(_ method: String, _ params: JSONValue) throws(RequestError) -> (JSONValue, [JSONValue]) {
        switch method {
        case "initialize":
            guard phase == .uninitialized else {
                throw RequestError(code: .invalidRequest, message: "initialize was already called")
            }
            phase = .running
            return (Self.initializeResult, [])
        case "shutdown":
            phase = .shutDown
            return (.null, [])
        case "textDocument/hover":
            return try answer(params) { story, file, line, column in self.hover(story, file, line, column) }
        case "textDocument/definition":
            return try answer(params) { story, file, line, column in self.definition(story, file, line, column) }
        case "textDocument/completion":
            return try answer(params) { story, file, line, column in self.completion(story, file, line, column) }
        case "textDocument/documentSymbol":
            let (path, _) = try document(params)
            return try answerStory(path) { story in self.symbols(story, path) }
        case "textDocument/codeAction":
            let (path, _) = try document(params)
            guard let range = params["range"], let from = Self.position(range["start"]),
                let to = Self.position(range["end"])
            else { throw RequestError(code: .invalidParams, message: "codeAction needs a range") }
            return try answerStory(path) { story in self.codeActions(story, path, from: from, to: to) }
        default:
            throw RequestError(code: .methodNotFound, message: "no method \(method)")
        }
    }

    private func notification(_ method: String, _ params: JSONValue) -> [JSONValue] {
        if method == "exit" {
            exitCode = phase == .shutDown ? 0 : 1
            return []
        }
        guard phase == .running else { return [] }
        switch method {
        case "textDocument/didOpen":
            guard let item = params["textDocument"], let uri = item["uri"]?.string, let text = item["text"]?.string,
                let path = StoryWorkspace.path(of: uri)
            else { return [] }
            workspace.open(path, uri: uri, text: text, version: item["version"]?.int ?? 0)
            pending[path] = nil
            return analyse(path)
        case "textDocument/didChange":
            guard let item = params["textDocument"], let uri = item["uri"]?.string,
                let path = StoryWorkspace.path(of: uri), var text = workspace.documents[path]?.text,
                let changes = params["contentChanges"]?.array
            else { return [] }
            for change in changes { text = Self.apply(change, to: text) }
            workspace.update(path, text: text, version: item["version"]?.int ?? 0)
            pending[path] = clock() + debounce
            return []
        case "textDocument/didSave":
            guard let uri = params["textDocument"]?["uri"]?.string, let path = StoryWorkspace.path(of: uri),
                workspace.documents[path] != nil
            else { return [] }
            if let text = params["text"]?.string, let version = workspace.documents[path]?.version {
                workspace.update(path, text: text, version: version)
            }
            pending[path] = nil
            return analyse(path)
        case "textDocument/didClose":
            guard let uri = params["textDocument"]?["uri"]?.string, let path = StoryWorkspace.path(of: uri) else {
                return []
            }
            pending[path] = nil
            let story = workspace.story(of: path)
            if let forgotten = workspace.close(path) {
                let uris = published.removeValue(forKey: forgotten.files) ?? []
                return uris.sorted().map { Self.publish(uri: $0, []) }
            }
            // Another open document shares the story: it is read from disk for this file now.
            if let story,
                let other = workspace.documents.keys.sorted().first(where: { workspace.story(of: $0) == story })
            {
                return analyse(other)
            }
            return []
        default:
            return []
        }
    }

    // MARK: Analysis

    /// Analyses the story of `path` (if a document of it changed) and publishes its
    /// diagnostics to every file of it that has some or had some.
    private func analyse(_ path: String) -> [JSONValue] {
        guard let files = workspace.story(of: path) else { return [] }
        let story: AnalysedStory
        do {
            let made = try workspace.analysis(of: files, primary: path)
            guard made.fresh else { return [] }
            story = made.story
        } catch {
            return [Self.logMessage("storygraph: \(error)")]
        }
        var byURI: [String: [JSONValue]] = [:]
        for finding in story.findings {
            byURI[workspace.uri(of: finding.file), default: []].append(diagnostic(finding, in: story))
        }
        let before = published[files] ?? []
        published[files] = Set(byURI.keys)
        // Every open document of the story gets its list, empty when it has no finding.
        var uris = before.union(byURI.keys)
        for file in workspace.members(of: files) where workspace.documents[file] != nil {
            uris.insert(workspace.uri(of: file))
        }
        return uris.sorted().map { Self.publish(uri: $0, byURI[$0] ?? []) }
    }

    func diagnostic(_ finding: AnalysedStory.Finding, in story: AnalysedStory) -> JSONValue {
        let text = story.texts[finding.file] ?? TextLines("")
        let d = finding.diagnostic
        var value: [String: JSONValue] = [
            "range": text.range(line: finding.line, from: finding.start, to: finding.end),
            "severity": .integer(d.severity == .error ? 1 : d.severity == .warning ? 2 : 3),
            "source": "storygraph",
            "message": .string(d.message),
        ]
        if let rule = d.ruleID { value["code"] = .string(rule) }
        let related: [JSONValue] = d.notes.compactMap { note in
            guard let location = note.location else { return nil }
            let lines = story.texts[location.file] ?? TextLines("")
            let line = max(0, location.line - 1)
            let start = max(0, location.column - 1)
            return [
                "location": LSP.location(
                    uri: workspace.uri(of: location.file),
                    range: lines.range(line: line, from: start, to: max(start, lines.contentEnd(line)))),
                "message": .string(note.message),
            ]
        }
        if !related.isEmpty { value["relatedInformation"] = .array(related) }
        return .object(value)
    }

    // MARK: Requests on a position

    private func document(_ params: JSONValue) throws(RequestError) -> (String, String) {
        guard let uri = params["textDocument"]?["uri"]?.string, let path = StoryWorkspace.path(of: uri) else {
            throw RequestError(code: .invalidParams, message: "textDocument.uri must be a file: URI")
        }
        return (path, uri)
    }

    static func position(_ value: JSONValue?) -> (line: Int, character: Int)? {
        guard let line = value?["line"]?.int, let character = value?["character"]?.int, line >= 0, character >= 0
        else { return nil }
        return (line, character)
    }

    /// The story of an open document, analysed now if a change of it is still waiting.
    private func answerStory(_ path: String, _ body: (AnalysedStory) -> JSONValue) throws(RequestError) -> (
        JSONValue, [JSONValue]
    ) {
        guard let files = workspace.story(of: path) else { return (.null, []) }
        var notifications: [JSONValue] = []
        if pending.removeValue(forKey: path) != nil { notifications = analyse(path) }
        do {
            let story = try workspace.analysis(of: files, primary: path).story
            return (body(story), notifications)
        } catch {
            throw RequestError(code: .internalError, message: "\(error)")
        }
    }

    private func answer(_ params: JSONValue, _ body: @escaping (AnalysedStory, String, Int, Int) -> JSONValue)
        throws(RequestError) -> (JSONValue, [JSONValue])
    {
        let (path, _) = try document(params)
        guard let position = Self.position(params["position"]) else {
            throw RequestError(code: .invalidParams, message: "position needs a line and a character")
        }
        return try answerStory(path) { story in
            let text = story.texts[path] ?? TextLines("")
            let column = text.scalar(line: position.line, utf16: position.character)
            return body(story, path, position.line, column)
        }
    }

    // MARK: Messages written

    static func error(id: JSONValue, _ code: ErrorCode, _ message: String) -> JSONValue {
        ["jsonrpc": "2.0", "id": id, "error": ["code": .integer(code.rawValue), "message": .string(message)]]
    }

    static func publish(uri: String, _ diagnostics: [JSONValue]) -> JSONValue {
        [
            "jsonrpc": "2.0", "method": "textDocument/publishDiagnostics",
            "params": ["uri": .string(uri), "diagnostics": .array(diagnostics)],
        ]
    }

    static func logMessage(_ text: String) -> JSONValue {
        ["jsonrpc": "2.0", "method": "window/logMessage", "params": ["type": 1, "message": .string(text)]]
    }

    /// Characters after which an editor asks for completion: Twine's `[[`, `->` and `|`,
    /// ink's `->`, the space after Yarn's `<<jump` and ChoiceScript's `*goto`.
    static let triggerCharacters: [JSONValue] = ["[", ">", "|", " ", "."]

    static let initializeResult: JSONValue = [
        "capabilities": [
            "positionEncoding": "utf-16",
            "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": false]],
            "hoverProvider": true,
            "definitionProvider": true,
            "documentSymbolProvider": true,
            "completionProvider": ["triggerCharacters": .array(triggerCharacters), "resolveProvider": false],
            "codeActionProvider": ["codeActionKinds": ["quickfix"]],
        ],
        "serverInfo": ["name": "storygraph", "version": .string(StoryGraphCLI.version)],
    ]

    /// Applies one `contentChanges` entry: a whole new text, or a range (UTF-16 positions)
    /// replaced by `text`.
    static func apply(_ change: JSONValue, to text: String) -> String {
        guard let replacement = change["text"]?.string else { return text }
        guard let range = change["range"], let from = position(range["start"]), let to = position(range["end"]) else {
            return replacement
        }
        let utf16 = Array(text.utf16)
        func offset(_ p: (line: Int, character: Int)) -> Int {
            var line = 0
            var i = 0
            while line < p.line, i < utf16.count {
                if utf16[i] == 10 { line += 1 }
                i += 1
            }
            var character = 0
            while character < p.character, i < utf16.count, utf16[i] != 10 {
                i += 1
                character += 1
            }
            return i
        }
        let start = offset(from)
        let end = max(start, offset(to))
        return String(decoding: utf16[..<start], as: UTF16.self) + replacement
            + String(decoding: utf16[end...], as: UTF16.self)
    }
}
