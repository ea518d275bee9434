import StoryGraph

/// Snowman's story variables (`s.name`, `story.state.name`) as the constant propagation of
/// computed targets reads them: each is the variable `$name`.
extension TwineScan {
    /// The assignments of a Snowman template block `<% … %>` (or a `<script>` element) at
    /// `i` to story variables (`s.next = "Attic"`), recorded as `$next to …` so that a
    /// target read from them (`[[Go-><%= s.next %>]]`) resolves like SugarCube's; one that
    /// is not a plain `=` (`s.next += "x"`, `s.next++`) makes the variable hold anything.
    mutating func snowmanAssignments(closedBy marker: String) {
        guard let close = find(marker, from: i + 2) else { return }
        for (variable, value) in TwineScan.snowmanAssignments(in: s[(i + 2)..<close]) {
            if let value {
                result.writtenAssignments.append(.init(text: "\(variable) to \(value)", macro: "set", offset: i))
            } else {
                result.havocked.append(variable)
            }
        }
    }

    /// Every assignment to a Snowman story variable in JavaScript: the variable (`$name`)
    /// and its value with `s.name` read as `$name`, or nil when it is not a plain `=`.
    ///
    /// - Complexity: O(n) for n scalars.
    static func snowmanAssignments(in code: ArraySlice<Unicode.Scalar>) -> [(String, String?)] {
        let s = Array(code)
        var found: [(String, String?)] = []
        var k = 0
        var quote: Unicode.Scalar?
        while k < s.count {
            let c = s[k]
            if let q = quote {
                if c == "\\" { k += 1 } else if c == q { quote = nil }
                k += 1
                continue
            }
            if c == "\"" || c == "'" || c == "`" {
                quote = c
                k += 1
                continue
            }
            let boundary = k == 0 || !(TwineExpressionLexer.isWordPart(s[k - 1]) || s[k - 1] == ".")
            guard boundary, let length = snowmanStatePrefix(s, at: k) else {
                k += 1
                continue
            }
            var j = k + length
            let nameStart = j
            while j < s.count && TwineExpressionLexer.isWordPart(s[j]) { j += 1 }
            let name = "$" + String(scalars: s[nameStart..<j])
            k = j
            while j < s.count && (s[j] == " " || s[j] == "\t") { j += 1 }
            guard j < s.count else { continue }
            let next: Unicode.Scalar? = j + 1 < s.count ? s[j + 1] : nil
            if s[j] == "=" && next != "=" && next != ">" {
                let end = valueEnd(s, from: j + 1)
                found.append((name, snowmanExpression(String(scalars: s[(j + 1)..<end]))))
                k = end
            } else if "+-*/%&|^".unicodeScalars.contains(s[j]) && (next == "=" || next == s[j]) {
                found.append((name, nil))
            }
            // (`s.bag.push(…)`, `s.a[0] = …` change what the variable holds inside, not
            // which name it holds.)
        }
        return found
    }

    /// Where a JavaScript value starting at `from` ends: the first `;`, `,` or line end
    /// outside strings and brackets, or a closing bracket of an enclosing one.
    static func valueEnd(_ s: [Unicode.Scalar], from: Int) -> Int {
        var e = from
        var depth = 0
        var quote: Unicode.Scalar?
        while e < s.count {
            let d = s[e]
            if let q = quote {
                if d == "\\" { e += 1 } else if d == q { quote = nil }
            } else if d == "\"" || d == "'" || d == "`" {
                quote = d
            } else if d == "(" || d == "[" || d == "{" {
                depth += 1
            } else if d == ")" || d == "]" || d == "}" {
                if depth == 0 { return e }
                depth -= 1
            } else if depth == 0 && (d == ";" || d == "\n" || d == ",") {
                return e
            }
            e += 1
        }
        return min(e, s.count)
    }

    /// The length of `s.`, `story.state.` or `window.story.state.` at `k`, before a name.
    static func snowmanStatePrefix(_ s: [Unicode.Scalar], at k: Int) -> Int? {
        for prefix in ["window.story.state.", "story.state.", "s."] {
            let p = Array(prefix.unicodeScalars)
            if k + p.count < s.count, Array(s[k..<k + p.count]) == p,
                s[k + p.count].properties.isAlphabetic || s[k + p.count] == "_"
            {
                return p.count
            }
        }
        return nil
    }

    /// An expression with Snowman's story variables (`s.name`) written as `$name`.
    static func snowmanExpression(_ text: String) -> String {
        let s = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var k = 0
        var quote: Unicode.Scalar?
        while k < s.count {
            let c = s[k]
            if let q = quote {
                out.append(c)
                if c == "\\", k + 1 < s.count {
                    out.append(s[k + 1])
                    k += 2
                    continue
                }
                if c == q { quote = nil }
                k += 1
                continue
            }
            if c == "\"" || c == "'" || c == "`" { quote = c }
            let boundary = k == 0 || !(TwineExpressionLexer.isWordPart(s[k - 1]) || s[k - 1] == ".")
            if boundary, let length = snowmanStatePrefix(s, at: k) {
                out.append("$")
                k += length
                continue
            }
            out.append(c)
            k += 1
        }
        return String(out)
    }
}
