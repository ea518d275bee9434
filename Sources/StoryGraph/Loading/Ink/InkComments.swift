/// ink's comment pass, as its `CommentEliminator` does it before parsing: `// …` to the
/// end of the line and `/* … */` are removed (a block comment leaves its newlines, so
/// line numbers stay those of the file), whatever they are inside of; CR LF becomes LF.
enum InkComments {
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
