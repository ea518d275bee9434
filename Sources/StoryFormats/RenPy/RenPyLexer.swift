import StoryGraph

/// One logical line of a Ren'Py script, as Ren'Py's own lexer (`list_logical_lines`)
/// makes them: a physical line, joined with the lines after it while a bracket is open,
/// a string (of any quote, triple or not) is open, or the line ends in a backslash;
/// comments removed, strings kept as written.
struct RenPyLine: Sendable {
    /// The 1-based line it starts on.
    var number: Int
    /// Its indentation in spaces (Ren'Py's block depth).
    var indent: Int
    /// The text after the indentation.
    var text: String
}

/// Ren'Py's lexer over one file: logical lines, and the errors Ren'Py's parser stops at
/// (a tab outside a string, a string or bracket left open at the end of the file, a
/// logical line past 65,536 characters), each at Ren'Py's line. Where Ren'Py stops, this
/// reads on (a tab is read as a space) so that the rest of the file is still checked.
///
/// - Complexity: O(n) for a file of n scalars; no recursion.
struct RenPyLexer {
    /// Ren'Py's bound on one logical line ("Overly long logical line").
    static let maximumLogicalLine = 65_536

    private(set) var lines: [RenPyLine] = []
    private(set) var errors: [(line: Int, column: Int, message: String)] = []
    /// Lines where a tab was read as a space: their indentation is not checked again.
    private(set) var tabLines: Set<Int> = []

    init(_ scalars: [Unicode.Scalar]) {
        var pos = scalars.first == "\u{FEFF}" ? 1 : 0
        var number = 1
        var column = 1
        let count = scalars.count
        var tabReported = false
        while pos < count {
            let startNumber = number
            var line: [Unicode.Scalar] = []
            var depth = 0
            var start = pos
            var closed = false
            var stringOpen = false
            while pos < count {
                let c = scalars[pos]
                if c == "\t" {
                    tabLines.insert(number)
                    if !tabReported {
                        errors.append((number, column, "Tab characters are not allowed in Ren'Py scripts."))
                        tabReported = true
                    }
                    line.append(" ")
                    pos += 1
                    column += 1
                    continue
                }
                if c == "\n" {
                    pos += 1
                    number += 1
                    column = 1
                    if depth == 0 {
                        closed = true
                        break
                    }
                    line.append(" ")
                    continue
                }
                if c == "\r" {
                    pos += 1
                    continue
                }
                if c == "\\", pos + 1 < count, scalars[pos + 1] == "\n" || scalars[pos + 1] == "\r" {
                    pos += scalars[pos + 1] == "\r" && pos + 2 < count && scalars[pos + 2] == "\n" ? 3 : 2
                    number += 1
                    column = 1
                    line.append(" ")
                    continue
                }
                if c == "(" || c == "[" || c == "{" { depth += 1 }
                if (c == ")" || c == "]" || c == "}") && depth > 0 { depth -= 1 }
                if c == "#" {
                    while pos < count, scalars[pos] != "\n" { pos += 1 }
                    continue
                }
                if c == "\"" || c == "'" || c == "`" {
                    let delimiter = c
                    line.append(c)
                    pos += 1
                    column += 1
                    var triple = false
                    if pos + 1 < count, scalars[pos] == delimiter, scalars[pos + 1] == delimiter {
                        line.append(delimiter)
                        line.append(delimiter)
                        pos += 2
                        column += 2
                        triple = true
                    }
                    var escape = false
                    stringOpen = true
                    while pos < count {
                        let s = scalars[pos]
                        if s == "\n" {
                            number += 1
                            column = 0
                        }
                        if s == "\r" {
                            pos += 1
                            continue
                        }
                        pos += 1
                        column += 1
                        line.append(s)
                        if escape {
                            escape = false
                            continue
                        }
                        if s == delimiter {
                            if !triple {
                                stringOpen = false
                                break
                            }
                            if pos + 1 < count, scalars[pos] == delimiter, scalars[pos + 1] == delimiter {
                                line.append(delimiter)
                                line.append(delimiter)
                                pos += 2
                                column += 2
                                stringOpen = false
                                break
                            }
                        }
                        if s == "\\" { escape = true }
                    }
                    continue
                }
                line.append(c)
                pos += 1
                column += 1
                if pos - start > Self.maximumLogicalLine {
                    errors.append(
                        (startNumber, 1, "Overly long logical line. (Check strings and parenthesis.)"))
                    // Read on from the next physical line.
                    while pos < count, scalars[pos] != "\n" { pos += 1 }
                    depth = 0
                    start = pos
                }
            }
            if !closed, depth > 0 || stringOpen {
                errors.append(
                    (startNumber, 1, "is not terminated with a newline. (Check strings and parenthesis.)"))
            }
            var indent = 0
            while indent < line.count, line[indent] == " " { indent += 1 }
            var end = line.count
            while end > indent, line[end - 1] == " " || line[end - 1] == "\u{C}" || line[end - 1] == "\u{B}" { end -= 1 }
            if end > indent {
                let text = ScalarCursor.string(line[indent..<end])
                lines.append(RenPyLine(number: startNumber, indent: indent, text: text))
            }
        }
    }
}
