import StoryGraph

/// The pieces of one line of a Yarn body: comments cut, the trailing `<<if …>>` /
/// `<<once>>` and `#hashtags` split from the text, commands found, v1 `[[links]]` read.
enum YarnLineScanner {
    /// What follows the text of a line or option: its condition, `<<once>>`, hashtags.
    struct Trailer: Equatable {
        var text: String
        var condition: String?
        var isOnce = false
        var tags: [String] = []
    }

    /// The line without a `//` comment (outside quotes inside `<<…>>` and `{…}`; `\/` escapes).
    ///
    /// - Complexity: O(n) for n scalars.
    static func uncommented(_ line: String) -> String {
        let s = Array(line.unicodeScalars)
        var inCode = 0
        var inQuote = false
        var i = 0
        while i < s.count {
            let c = s[i]
            if c == "\\" {
                i += 2
                continue
            }
            if inCode > 0 && c == "\"" { inQuote.toggle() }
            if !inQuote {
                if c == "<", i + 1 < s.count, s[i + 1] == "<" {
                    inCode += 1
                    i += 2
                    continue
                }
                if c == ">", i + 1 < s.count, s[i + 1] == ">", inCode > 0 {
                    inCode -= 1
                    i += 2
                    continue
                }
                if c == "{" { inCode += 1 }
                if c == "}", inCode > 0 { inCode -= 1 }
                if c == "/", i + 1 < s.count, s[i + 1] == "/" {
                    return String(String.UnicodeScalarView(s[0..<i]))
                }
            }
            i += 1
        }
        return line
    }

    /// The columns of indentation (a tab counts 8, as Yarn Spinner's lexer counts it) and
    /// the offset of the first other scalar.
    static func indentation(_ line: String) -> (width: Int, offset: Int) {
        var width = 0
        var offset = 0
        for c in line.unicodeScalars {
            if c == " " { width += 1 } else if c == "\t" { width += 8 } else { break }
            offset += 1
        }
        return (width, offset)
    }

    /// The offset just past the `>>` that closes the `<<` at `start`, or nil.
    static func commandEnd(_ s: [Unicode.Scalar], from start: Int) -> Int? {
        var i = start + 2
        var inQuote = false
        while i + 1 < s.count {
            if s[i] == "\\" {
                i += 2
                continue
            }
            if s[i] == "\"" { inQuote.toggle() }
            if !inQuote, s[i] == ">", s[i + 1] == ">" { return i + 2 }
            i += 1
        }
        return nil
    }

    /// Splits `text` into its text, its trailing `<<if …>>`/`<<once>>` and its hashtags.
    static func trailer(_ text: String) -> Trailer {
        var s = Array(text.unicodeScalars)
        var tags: [String] = []
        // Hashtags: from the first `#` at a word start outside `<<…>>` and `{…}`.
        var depth = 0
        var i = 0
        while i < s.count {
            let c = s[i]
            if c == "\\" {
                i += 2
                continue
            }
            if c == "<", i + 1 < s.count, s[i + 1] == "<" {
                depth += 1
                i += 2
                continue
            }
            if c == ">", i + 1 < s.count, s[i + 1] == ">", depth > 0 {
                depth -= 1
                i += 2
                continue
            }
            if c == "{" { depth += 1 } else if c == "}", depth > 0 { depth -= 1 }
            if c == "#", depth == 0, i == 0 || s[i - 1] == " " || s[i - 1] == "\t" {
                let rest = String(String.UnicodeScalarView(s[i...]))
                tags = rest.split(whereSeparator: { $0 == " " || $0 == "\t" })
                    .map { $0.hasPrefix("#") ? String($0.dropFirst()) : String($0) }.filter { !$0.isEmpty }
                s = Array(s[0..<i])
                break
            }
            i += 1
        }
        var trailer = Trailer(text: "", tags: tags)
        // Trailing commands: `<<if …>>`, `<<once>>`, `<<once if …>>`, right to left.
        while true {
            var end = s.count
            while end > 0, s[end - 1] == " " || s[end - 1] == "\t" { end -= 1 }
            guard end >= 4, s[end - 1] == ">", s[end - 2] == ">" else { break }
            var open: Int?
            var k = end - 3
            while k > 0 {
                if s[k] == "<", s[k - 1] == "<" {
                    open = k - 1
                    break
                }
                k -= 1
            }
            guard let open, commandEnd(s, from: open) == end else { break }
            let inner = String(String.UnicodeScalarView(s[(open + 2)..<(end - 2)])).trimmingYarnSpace()
            let (word, rest) = YarnCommand.split(inner)
            if word == "if" {
                trailer.condition = rest
            } else if word == "once" {
                trailer.isOnce = true
                let (ifWord, condition) = YarnCommand.split(rest)
                if ifWord == "if" { trailer.condition = condition }
            } else {
                break
            }
            s = Array(s[0..<open])
        }
        trailer.text = String(String.UnicodeScalarView(s)).trimmingYarnSpace()
        return trailer
    }

    /// The v1 links of a line (`[[Text|Node]]`, `[[Node]]`) and the text around them.
    static func links(_ text: String) -> (text: String, links: [(text: String, target: String)]) {
        var links: [(String, String)] = []
        var rest = ""
        var remaining = Substring(text)
        while let open = remaining.range(of: "[["), let close = remaining[open.upperBound...].range(of: "]]") {
            rest += remaining[..<open.lowerBound]
            let inner = String(remaining[open.upperBound..<close.lowerBound])
            if let bar = inner.lastIndex(of: "|") {
                links.append(
                    (
                        String(inner[..<bar]).trimmingYarnSpace(),
                        String(inner[inner.index(after: bar)...]).trimmingYarnSpace()
                    ))
            } else {
                let target = inner.trimmingYarnSpace()
                links.append((target, target))
            }
            remaining = remaining[close.upperBound...]
        }
        rest += remaining
        return (rest.trimmingYarnSpace(), links)
    }
}
