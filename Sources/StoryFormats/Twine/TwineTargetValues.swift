/// An assignment as a Twine story wrote it: the text of one `<<set>>` (every assignment
/// in it) or of one argument of Harlowe's `(set:)`, `(put:)` or `(move:)` (`macro`).
package struct TwineWrittenAssignment: Sendable {
    package var text: String
    package var macro: String
    package var offset: Int
}

/// The passage names a variable can hold, by constant propagation over every assignment
/// of the story: a variable that is only ever given string literals, copies of such
/// variables (`$b to $a`, `clone($a)`), choices between them (`$c ? "A" : "B"`) or the
/// name of the passage that assigns it (`passage()`) holds one of those strings, whatever
/// order the passages run in. A variable given anything else (a computed value, the
/// reader's input, a loop's element, a value the JavaScript writes) can hold anything:
/// a target read from it stays a dynamic link.
///
/// The values are a superset of what the story can hold at any moment (every assignment
/// counts, wherever and whenever it runs): a link through the variable goes to one of
/// them, which is what reachability needs; storygraph does not claim which one.
///
/// - Complexity: O(A + T × R) for A assignments and T targets, R rounds of propagation
///   (at most `maximumRounds`).
package struct TwineTargetValues {
    /// What a variable or an expression can hold: some strings, or anything.
    package enum Values: Equatable {
        case strings(Set<String>)
        case anything
    }

    /// One right-hand side, read only as far as strings go.
    indirect enum Term {
        case literal(String)
        case variable(String)
        case either([Term])
        case anything
    }

    /// Per variable (with its sigil: `$x`, `_x`), every value given to it.
    private var given: [String: [Term]] = [:]
    private var havocked: Set<String> = []
    private var solved: [String: Values] = [:]
    static let maximumRounds = 64

    package init() {}

    /// A variable the reader, a loop or the JavaScript may give any value.
    package mutating func havoc(_ variable: String) {
        if havocked.insert(variable).inserted { solved = [:] }
    }

    /// Records an assignment written in `passage` (nil inside a widget, where
    /// `passage()` names whichever passage calls it).
    package mutating func record(_ written: TwineWrittenAssignment, passage: String?) {
        solved = [:]
        switch written.macro {
        case "put", "move":
            // (put: value into $x), (move: $a into $b)
            guard let into = Self.splitKeyword(written.text, " into ") else { return }
            let target = into.right.trimmingTwineSpace()
            guard Self.isPlainVariable(target) else { return }
            given[target, default: []].append(Self.term(into.left, passage: passage))
        default:
            for part in Self.splitTopLevel(written.text, separators: [",", ";"]) {
                recordSet(part.trimmingTwineSpace(), passage: passage)
            }
        }
    }

    private mutating func recordSet(_ part: String, passage: String?) {
        let scalars = Array(part.unicodeScalars)
        // ++$x, --$x
        if part.hasPrefix("++") || part.hasPrefix("--") {
            let name = String(part.dropFirst(2)).trimmingTwineSpace()
            if Self.isPlainVariable(name) { havocked.insert(name) }
            return
        }
        var k = 0
        if k < scalars.count, scalars[k] == "$" || scalars[k] == "_" { k += 1 } else { return }
        while k < scalars.count && TwineExpressionLexer.isWordPart(scalars[k]) { k += 1 }
        let name = String(scalars: scalars[0..<k])
        guard name.unicodeScalars.count > 1 else { return }
        var j = k
        while j < scalars.count && scalars[j].isSpaceFast { j += 1 }
        guard j < scalars.count else { return }
        // A property or an index (`$a.b to`, `$a[0] to`) leaves the variable itself as it was.
        if scalars[j] == "." || scalars[j] == "[" { return }
        let rest = String(scalars: scalars[j...])
        if rest.hasPrefix("to ") || rest.hasPrefix("to\t") {
            given[name, default: []].append(Self.term(String(rest.dropFirst(3)), passage: passage))
        } else if rest.hasPrefix("="), !rest.hasPrefix("==") {
            given[name, default: []].append(Self.term(String(rest.dropFirst(1)), passage: passage))
        } else {
            // `+=`, `++` and the like: a computed value.
            havocked.insert(name)
        }
    }

    /// What `expression` (a link target as written) can hold.
    package mutating func values(of expression: String, passage: String?) -> Values {
        if solved.isEmpty && !given.isEmpty { solve() }
        if expression.contains("<%=") { return template(expression, passage: passage) }
        return evaluate(Self.term(expression, passage: passage))
    }

    /// The most names a Snowman template target is resolved to.
    static let maximumTemplateValues = 256

    /// A Snowman template (`<%= s.who %>/Dining`): its text with each `<%= … %>` replaced
    /// by every value that expression can hold (Snowman's `s.name` read as `$name`).
    private func template(_ text: String, passage: String?) -> Values {
        var results: Set<String> = [""]
        var rest = Substring(text)
        while let open = rest.range(of: "<%=") {
            let literal = String(rest[..<open.lowerBound])
            guard let close = rest[open.upperBound...].range(of: "%>") else { return .anything }
            let code = TwineScan.snowmanExpression(String(rest[open.upperBound..<close.lowerBound]))
            guard case .strings(let held) = evaluate(Self.term(code, passage: passage)), !held.isEmpty,
                results.count * held.count <= Self.maximumTemplateValues
            else { return .anything }
            results = Set(results.flatMap { prefix in held.map { prefix + literal + $0 } })
            rest = rest[close.upperBound...]
        }
        return .strings(Set(results.map { $0 + rest }))
    }

    private func evaluate(_ term: Term) -> Values {
        switch term {
        case .literal(let value): return .strings([value])
        case .anything: return .anything
        case .variable(let name):
            if havocked.contains(name) { return .anything }
            return solved[name] ?? .strings([])
        case .either(let terms):
            var all: Set<String> = []
            for t in terms {
                guard case .strings(let some) = evaluate(t) else { return .anything }
                all.formUnion(some)
            }
            return .strings(all)
        }
    }

    /// The least fixed point: every variable starts with no value and gains those its
    /// assignments give, until nothing changes (or `maximumRounds`, past which whatever
    /// still changes can hold anything).
    private mutating func solve() {
        var values: [String: Values] = [:]
        for name in given.keys { values[name] = havocked.contains(name) ? .anything : .strings([]) }
        solved = values
        var changed = true
        var round = 0
        while changed && round < Self.maximumRounds {
            changed = false
            round += 1
            for (name, terms) in given where solved[name] != .anything {
                var result: Values = .strings([])
                for term in terms {
                    switch (result, evaluate(term)) {
                    case (.strings(let a), .strings(let b)): result = .strings(a.union(b))
                    default: result = .anything
                    }
                    if result == .anything { break }
                }
                if result != solved[name] {
                    solved[name] = result
                    changed = true
                }
            }
        }
        if changed {
            for name in given.keys { solved[name] = .anything }
        }
    }

    /// A right-hand side read as strings: a quoted string, a variable, `clone(…)`,
    /// `a ? b : c`, `passage()` (the assigning passage's name), parentheses.
    static func term(_ text: String, passage: String?) -> Term {
        var t = text.trimmingTwineSpace()
        while t.hasPrefix("("), t.hasSuffix(")"), isBalanced(String(t.dropFirst().dropLast())) {
            t = String(t.dropFirst().dropLast()).trimmingTwineSpace()
        }
        if let value = TwineScan.harloweString(t) { return .literal(value) }
        if isPlainVariable(t) { return .variable(t) }
        if t.hasPrefix("clone("), t.hasSuffix(")") {
            return term(String(t.dropFirst(6).dropLast()), passage: passage)
        }
        if t == "passage()" || t == "(passage:)'s name" {
            return passage.map { .literal($0) } ?? .anything
        }
        if let question = topLevelIndex(of: "?", in: t) {
            let branches = String(t.unicodeScalars[t.unicodeScalars.index(after: question)...])
            if let colon = topLevelIndex(of: ":", in: branches) {
                let yes = String(branches.unicodeScalars[..<colon])
                let no = String(branches.unicodeScalars[branches.unicodeScalars.index(after: colon)...])
                return .either([term(yes, passage: passage), term(no, passage: passage)])
            }
        }
        return .anything
    }

    /// `$name` or `_name`, nothing more.
    static func isPlainVariable(_ text: String) -> Bool {
        let s = Array(text.unicodeScalars)
        guard s.count > 1, s[0] == "$" || s[0] == "_", s[1].isAlphabeticFast || s[1] == "_" else {
            return false
        }
        return s.dropFirst().allSatisfy(TwineExpressionLexer.isWordPart)
    }

    /// Every `$name` and `_name` in `text` (outside strings), with its sigil.
    static func variableNames(in text: String) -> [String] {
        let s = Array(text.unicodeScalars)
        var names: [String] = []
        var k = 0
        var quote: Unicode.Scalar?
        while k < s.count {
            let c = s[k]
            if let q = quote {
                if c == "\\" { k += 1 } else if c == q { quote = nil }
                k += 1
                continue
            }
            if c == "\"" || c == "'" {
                quote = c
            } else if (c == "$" || c == "_") && (k == 0 || !TwineExpressionLexer.isWordPart(s[k - 1])) {
                var j = k + 1
                while j < s.count && TwineExpressionLexer.isWordPart(s[j]) { j += 1 }
                if j > k + 1 { names.append(String(scalars: s[k..<j])) }
                k = j
                continue
            }
            k += 1
        }
        return names
    }

    /// The temporaries (`_name`) a script writes through `T.name`, `State.temporary.name`
    /// or `temporary().name`: each may hold anything.
    static func scriptTemporaries(in s: [Unicode.Scalar]) -> [String] {
        var names: [String] = []
        var k = 0
        func word(from start: Int) -> Int {
            var j = start
            while j < s.count && TwineExpressionLexer.isWordPart(s[j]) { j += 1 }
            return j
        }
        func matches(_ at: Int, _ literal: String) -> Bool {
            var j = at
            for c in literal.unicodeScalars {
                guard j < s.count, s[j] == c else { return false }
                j += 1
            }
            return true
        }
        while k < s.count {
            let c = s[k]
            if c == "T" || c == "S" || c == "t", k == 0 || !TwineExpressionLexer.isWordPart(s[k - 1]) {
                var after: Int?
                if matches(k, "T.") {
                    after = k + 2
                } else if matches(k, "State.temporary.") {
                    after = k + 16
                } else if matches(k, "temporary().") {
                    after = k + 12
                }
                if let after {
                    let end = word(from: after)
                    if end > after { names.append("_" + String(scalars: s[after..<end])) }
                    k = max(end, k + 1)
                    continue
                }
            }
            k += 1
        }
        return names
    }

    /// The text before and after the last `keyword`.
    static func splitKeyword(_ text: String, _ keyword: String) -> (left: String, right: String)? {
        let s = Array(text.unicodeScalars)
        let k = Array(keyword.unicodeScalars)
        guard s.count >= k.count else { return nil }
        var start = s.count - k.count
        while start >= 0 {
            if Array(s[start..<start + k.count]) == k {
                return (
                    String(scalars: s[..<start]),
                    String(scalars: s[(start + k.count)...])
                )
            }
            start -= 1
        }
        return nil
    }

    /// Splits at the separators outside strings (JavaScript's three quotes) and brackets.
    static func splitTopLevel(_ text: String, separators: Set<Unicode.Scalar>) -> [String] {
        TwineScan.splitTopLevel(text, separators: separators, quotes: ["\"", "'", "`"])
    }

    /// The first `scalar` outside strings and brackets.
    static func topLevelIndex(of scalar: Unicode.Scalar, in text: String) -> String.UnicodeScalarView.Index? {
        var depth = 0
        var quote: Unicode.Scalar?
        var escaped = false
        var index = text.unicodeScalars.startIndex
        while index < text.unicodeScalars.endIndex {
            let c = text.unicodeScalars[index]
            defer { index = text.unicodeScalars.index(after: index) }
            if let q = quote {
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == q { quote = nil }
                continue
            }
            switch c {
            case "\"", "'", "`": quote = c
            case "(", "[", "{": depth += 1
            case ")", "]", "}": depth -= 1
            default: if depth == 0 && c == scalar { return index }
            }
        }
        return nil
    }

    static func isBalanced(_ text: String) -> Bool {
        var depth = 0
        var quote: Unicode.Scalar?
        var escaped = false
        for c in text.unicodeScalars {
            if let q = quote {
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == q { quote = nil }
                continue
            }
            switch c {
            case "\"", "'", "`": quote = c
            case "(": depth += 1
            case ")":
                depth -= 1
                if depth < 0 { return false }
            default: break
            }
        }
        return depth == 0 && quote == nil
    }
}
