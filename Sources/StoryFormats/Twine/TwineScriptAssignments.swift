/// The story variables a Twine story's JavaScript changes: `State.variables.x = …`,
/// `State.variables["x"]++`, `variables().x += …`, `V.x = …`, `State.setVar("$x", …)`,
/// and in TwineScript (`<<run>>`) `$x = …` or a method call on one (`$bag.push(…)`).
/// Such code runs when a function the story defines is called, which the analysis cannot
/// follow: each of these variables may hold any value at any time.
///
/// Read: the whole text of a `script` passage, and the `<<script>>…<</script>>` bodies
/// and `<<run …>>` arguments of any other.
///
/// - Complexity: O(n) for n scalars.
enum TwineScriptAssignments {
    static func names(in s: [Unicode.Scalar], isScript: Bool) -> [String] {
        var names: [String] = []
        var seen: Set<String> = []
        func note(_ name: String) { if seen.insert(name).inserted { names.append(name) } }
        if isScript {
            scan(s, 0..<s.count, note)
            return names
        }
        var k = 0
        while k < s.count {
            // Both macros open with `<<`: every other scalar is passed at once.
            guard s[k] == "<" else {
                k += 1
                continue
            }
            if matches(s, k, "<<script>>") {
                let start = k + 10
                var end = start
                while end < s.count && !matches(s, end, "<</script>>") { end += 1 }
                scan(s, start..<end, note)
                k = end
            } else if matches(s, k, "<<run ") || matches(s, k, "<<run\n") {
                let start = k + 6
                var end = start
                while end + 1 < s.count && !(s[end] == ">" && s[end + 1] == ">") { end += 1 }
                scan(s, start..<end, note)
                k = end
            } else {
                k += 1
            }
        }
        return names
    }

    static func matches(_ s: [Unicode.Scalar], _ k: Int, _ literal: String) -> Bool {
        var j = k
        for c in literal.unicodeScalars {
            guard j < s.count, s[j] == c else { return false }
            j += 1
        }
        return true
    }

    /// Notes each variable assigned or mutated in `s[range]`.
    static func scan(_ s: [Unicode.Scalar], _ range: Range<Int>, _ note: (String) -> Void) {
        var k = range.lowerBound
        let end = range.upperBound
        func name(at j: Int) -> (String, Int)? {
            var e = j
            while e < end, TwineExpressionLexer.isWordPart(s[e]), s[e] != "$" { e += 1 }
            guard e > j else { return nil }
            return (String(scalars: s[j..<e]), e)
        }
        while k < end {
            // Every form below starts with one of these scalars.
            let c = s[k]
            guard c == "S" || c == "v" || c == "V" || c == "$" else {
                k += 1
                continue
            }
            var found: (String, Int)?
            if matches(s, k, "State.setVar(") {
                var j = k + 13
                while j < end, s[j] == " " { j += 1 }
                if j + 1 < end, s[j] == "\"" || s[j] == "'", s[j + 1] == "$" {
                    found = name(at: j + 2).map { ($0.0, end) }
                }
                if let (n, _) = found { note(n) }
                k += 13
                continue
            }
            for prefix in ["State.variables.", "variables().", "V."]
            where matches(s, k, prefix) && (k == 0 || !TwineExpressionLexer.isWordPart(s[k - 1])) {
                found = name(at: k + prefix.unicodeScalars.count)
            }
            for prefix in ["State.variables[", "variables()["] where matches(s, k, prefix) {
                let j = k + prefix.unicodeScalars.count
                if j < end, s[j] == "\"" || s[j] == "'", let (n, after) = name(at: j + 1), after + 1 < end {
                    found = (n, after + 2)
                }
            }
            if found == nil, s[k] == "$", k + 1 < end, !(k > 0 && TwineExpressionLexer.isWordPart(s[k - 1])) {
                found = name(at: k + 1)
            }
            guard let (n, after) = found else {
                k += 1
                continue
            }
            if isAssignment(s, after, end) { note(n) }
            k = after
        }
    }

    /// Whether what follows a variable assigns or mutates it: `=` (not `==`), `+=` and
    /// the like, `++`, `--`, or a method call (`.push(`).
    static func isAssignment(_ s: [Unicode.Scalar], _ from: Int, _ end: Int) -> Bool {
        var j = from
        while j < end, s[j] == " " || s[j] == "\t" { j += 1 }
        guard j < end else { return false }
        let c = s[j]
        let next: Unicode.Scalar? = j + 1 < end ? s[j + 1] : nil
        if c == "=" { return next != "=" }
        if "+-*/%".unicodeScalars.contains(c) { return next == "=" || (next == c && (c == "+" || c == "-")) }
        if c == "." {
            var e = j + 1
            while e < end, TwineExpressionLexer.isWordPart(s[e]) { e += 1 }
            return e > j + 1 && e < end && s[e] == "("
        }
        return false
    }
}
