import Foundation
import StoryFormats
import StoryGraph

/// STORY `-`: the story read from standard input, as a stream of at most the input limit,
/// named `<stdin>` in diagnostics. With no file extension to go by, the loader is picked by
/// `--input-format` or by what the loaders recognise in the text.
enum StandardInput {
    /// The STORY argument that means standard input.
    static let path = "-"
    /// The file name diagnostics give it.
    static let name = "<stdin>"

    /// Whether a STORY argument means standard input: `-`, or a name of it (`/dev/stdin`,
    /// `/dev/fd/0`, `/proc/self/fd/0`), read the same way and named `<stdin>`.
    static func means(_ path: String) -> Bool {
        path == Self.path || path == "/dev/stdin" || path == "/dev/fd/0" || path == "/proc/self/fd/0"
    }

    /// A story given as text in place of standard input (the MCP server's `text`), for
    /// the work done inside `$given.withValue`: STORY `-` reads it, under its own name.
    @TaskLocal static var given: SourceText?

    static func source() throws(StoryLoadError) -> SourceText {
        if let given { return given }
        switch FileReader.contents("/dev/stdin", limit: SourceText.maximumSize, waitsForWriter: false) {
        case .success(let bytes):
            return try SourceText(path: name, data: Data(bytes))
        case .failure(let failure):
            throw StoryLoadError(failure.description, at: SourceLocation(file: name, line: 1, column: 1))
        }
    }
}
