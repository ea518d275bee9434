import Foundation
import StoryFormats

/// `storygraph mcp`: a Model Context Protocol server on stdin and stdout, for an assistant
/// (Claude Desktop, Claude Code, VS Code): its tools are the commands (`MCPTools`).
struct MCPCommand: Command {
    static let configuration = CommandConfiguration(
        name: "mcp",
        abstract: "Serve the commands to an assistant as tools (Model Context Protocol, stdio).",
        discussion: """
            Reads JSON-RPC 2.0 messages from stdin, one a line, and answers on stdout, as the \
            MCP stdio transport says; an assistant starts it (Documentation/assistants.md \
            shows the configuration). The tools are report, check, paths, fuzz and map, each \
            answering with its --format json document (map with SVG or DOT text), and play, \
            one step at a time. A story is given as a path or as its text. Ends at the end \
            of stdin.
            """)

    /// The longest message read: a story of the largest size, escaped in JSON.
    static let maximumMessage = SourceText.maximumSize * 2

    init(_ arguments: ParsedArguments) throws(CLIError) {}

    func run(_ terminal: Terminal) throws(CLIError) -> ExitCode {
        let server = MCPServer()
        let input = InputLines(STDIN_FILENO, limit: Self.maximumMessage)
        while true {
            switch input.next() {
            case .end, .stopped:
                return .success
            case .tooLong(let bytes):
                terminal.write(
                    MCPServer.error(
                        .null, .parse,
                        "Parse error: a message of \(bytes) bytes, past the \(Self.maximumMessage) bytes read") + "\n")
            case .text(let line):
                if line.allSatisfy(\.isWhitespace) { continue }
                if let answer = server.handle(line) { terminal.write(answer + "\n") }
            }
        }
    }
}
