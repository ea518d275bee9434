import StoryGraph

/// One line for the terminal, the one way every command builds what it prints line by line
/// (`Terminal.print`, `Terminal.printError`): the tool's own words, written as string
/// literals, are kept; every value interpolated into them (a file name, a title, a passage
/// id, a message) goes through `TerminalText.escaped`, so no story-provided string, file
/// names included, can move the cursor, clear the screen or start a line of its own.
///
/// ```swift
/// terminal.printError("wrote \(output) (\(bytes) bytes)")   // `output` escaped
/// terminal.printError(TerminalLine(summary))                 // a whole string escaped
/// terminal.print(.trusted(helpText))                         // the tool's own lines, as is
/// ```
package struct TerminalLine: ExpressibleByStringInterpolation, Sendable {
    /// The text to write, safe for a terminal.
    package let text: String

    /// A string from anywhere, escaped whole.
    package init(_ value: String) { text = TerminalText.escaped(value) }

    package init(stringLiteral value: String) { text = value }

    package init(stringInterpolation: Interpolation) { text = stringInterpolation.text }

    private init(trusted text: String) { self.text = text }

    /// Text the tool wrote itself, several lines or escape sequences of its own (help,
    /// diagnostics already escaped part by part): written as it is.
    package static func trusted(_ text: String) -> TerminalLine { TerminalLine(trusted: text) }

    package struct Interpolation: StringInterpolationProtocol {
        var text = ""

        package init(literalCapacity: Int, interpolationCount: Int) { text.reserveCapacity(literalCapacity) }

        package mutating func appendLiteral(_ literal: String) { text += literal }

        /// A value, escaped.
        package mutating func appendInterpolation(_ value: some CustomStringConvertible) {
            text += TerminalText.escaped(value.description)
        }

        /// A line already safe (another `TerminalLine`), as it is.
        package mutating func appendInterpolation(_ line: TerminalLine) { text += line.text }
    }
}
