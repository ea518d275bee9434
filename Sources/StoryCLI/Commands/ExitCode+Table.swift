import Foundation

extension ExitCode {
    /// What each code means, the same for every command (`storygraph --help`, README).
    static let meanings: [(ExitCode, String)] = [
        (.success, "success"),
        (
            .findings,
            "check found errors (or warnings under --strict), diff found what --fail-on names, test found an expectation that fails, or a fuzz run (or play --auto) got stuck; the other commands print a story's findings and exit 0 once their output is made"
        ),
        (
            .unknown,
            "test: no expectation fails, but one is unknown (the search stopped at its budget, met a computed link, or assumed a condition it cannot decide)"
        ),
        (.usage, "usage error: a wrong command, option or value"),
        (
            .dataError,
            "input that cannot be read or parsed, an output file that cannot be created (a missing folder), a map too big to lay out under --max-memory, or a PNG past the bitmap renderer's 32,766 pixels a side"
        ),
        (.internalError, "internal failure (storygraph or Graphviz)"),
        (.ioError, "output that cannot be written (a full disk, a closed pipe)"),
    ]

    /// The table as help prints it.
    static var table: String {
        (["EXIT CODES:"]
            + meanings.map { code, meaning in
                "  " + String(code.rawValue).padding(toLength: 4, withPad: " ", startingAt: 0) + meaning
            }).joined(separator: "\n")
    }
}
