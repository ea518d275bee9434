import Dispatch
import Foundation
import StoryGraph
import Synchronization

/// `storygraph lsp`: the language server (`LanguageServer`) over standard input and output.
struct LSPCommand: Command {
    static let configuration = CommandConfiguration(
        name: "lsp",
        abstract: "Run the language server for editors (LSP over stdio).",
        discussion: """
            Speaks the Language Server Protocol (JSON-RPC 2.0 with Content-Length headers) on \
            stdin and stdout, for every format storygraph reads: diagnostics for every rule \
            'storygraph check' reports, as the editor's text changes; go to definition from a \
            link to its passage; hover with paths, endings, odds and the state verdict; document \
            symbols; completion of passage names in links; a quick fix for a broken link. A file \
            in a ChoiceScript game or a Yarn project is analysed with its project. The editor \
            starts it; see Documentation/editors.md.
            """,
        options: [debounceOption.spec] + AnalysisOptions.stateSpecs + InputOptions.specs)

    static let debounceOption = Option<Int>.integer(
        "debounce", value: "MS", help: "Milliseconds a change waits for the next one before it is analysed.",
        default: 300, in: 0...10_000)

    let input: InputOptions
    let stateBudget: StateAnalysis.Budget
    let debounce: Int

    init(_ arguments: ParsedArguments) throws(CLIError) {
        input = try InputOptions(arguments)
        stateBudget = AnalysisOptions.stateBudget(arguments)
        debounce = arguments[Self.debounceOption]
    }

    func run(_ terminal: Terminal) throws(CLIError) -> ExitCode {
        let server = LanguageServer(input: input, stateBudget: stateBudget, debounce: Double(debounce) / 1000)
        let inbox = Inbox()
        let reader = Thread {
            var framing = MessageFraming()
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 {
                    inbox.put(.end)
                    return
                }
                framing.append(buffer[0..<count])
                while let next = framing.next() { inbox.put(.message(next)) }
            }
        }
        reader.start()
        while true {
            let wait = server.deadline.map { max(0, $0 - Double(DispatchTime.now().uptimeNanoseconds) / 1e9) }
            var out: [JSONValue] = []
            switch inbox.take(waiting: wait) {
            case .message(.success(let body))?:
                out = server.receive(body)
            case .message(.failure(let failure))?:
                out = [LanguageServer.error(id: .null, .parseError, failure.message)]
            case .end?:
                // The editor went away without `exit`: as `exit` would.
                _ = server.receive(["jsonrpc": "2.0", "method": "exit"])
            case nil:
                break
            }
            out += server.flush()
            for message in out { Self.write(MessageFraming.frame(message.data)) }
            if let code = server.exitCode { return code == 0 ? .success : .findings }
        }
    }

    private static func write(_ data: Data) {
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Foundation.write(1, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += written
            }
        }
    }

    /// What the reading thread hands to the main one.
    private enum Incoming: Sendable {
        case message(Result<Data, MessageFraming.Failure>)
        case end
    }

    /// A queue of messages read, with a wait that can time out (the debounce).
    private final class Inbox: Sendable {
        private let items = Mutex<[Incoming]>([])
        private let signal = DispatchSemaphore(value: 0)

        func put(_ item: Incoming) {
            items.withLock { $0.append(item) }
            signal.signal()
        }

        /// The next item; nil when `waiting` seconds passed first.
        func take(waiting seconds: Double?) -> Incoming? {
            let result: DispatchTimeoutResult
            if let seconds {
                result = signal.wait(timeout: .now() + seconds)
            } else {
                signal.wait()
                result = .success
            }
            guard result == .success else { return nil }
            return items.withLock { $0.removeFirst() }
        }
    }
}
