import StoryGraph

/// ink's comment pass, as its `CommentEliminator` does it before parsing: `// …` to the
/// end of the line and `/* … */` are removed (a block comment leaves its newlines, so
/// line numbers stay those of the file), whatever they are inside of; CR LF becomes LF.
/// A line that ends in `\` goes on on the next (ink escapes the newline): the two are one
/// line, numbered by the first.
enum InkComments {
    /// The lines of `scalars` with comments removed and escaped newlines joined, each
    /// with its 1-based line number.
    ///
    /// - Complexity: O(n).
    static func numberedLines(of scalars: [Unicode.Scalar]) -> [(line: Int, scalars: [Unicode.Scalar])] {
        var result: [(line: Int, scalars: [Unicode.Scalar])] = []
        var joining = false
        for (k, line) in lines(of: scalars).enumerated() {
            if joining {
                result[result.count - 1].scalars.append("\n")
                result[result.count - 1].scalars += line
            } else {
                result.append((k + 1, line))
            }
            var slashes = 0
            for c in line.reversed() {
                guard c == "\\" else { break }
                slashes += 1
            }
            joining = slashes % 2 == 1
        }
        return result
    }

    /// The lines of `scalars` with comments removed.
    ///
    /// - Complexity: O(n).
    static func lines(of scalars: [Unicode.Scalar]) -> [[Unicode.Scalar]] {
        var lines: [[Unicode.Scalar]] = []
        var line: [Unicode.Scalar] = []
        var i = 0
        let n = scalars.count
        var inBlock = false
        while i < n {
            let c = scalars[i]
            if inBlock {
                if c == "*", i + 1 < n, scalars[i + 1] == "/" {
                    inBlock = false
                    i += 2
                    continue
                }
                if c == "\n" {
                    lines.append(line)
                    line = []
                }
                i += 1
                continue
            }
            if c == "/", i + 1 < n, scalars[i + 1] == "/" {
                while i < n, scalars[i] != "\n" { i += 1 }
                continue
            }
            if c == "/", i + 1 < n, scalars[i + 1] == "*" {
                inBlock = true
                i += 2
                continue
            }
            if c == "\n" {
                if line.last == "\r" { line.removeLast() }
                lines.append(line)
                line = []
            } else {
                line.append(c)
            }
            i += 1
        }
        if line.last == "\r" { line.removeLast() }
        lines.append(line)
        return lines
    }
}
