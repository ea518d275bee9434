import StoryGraph

/// Twine passage text as the reader sees it, for map labels and `play`: link markup
/// becomes its label (as `TwineLinkMarkup` reads it for the analysis), macros that print
/// a label (`<<link "…">>`, `(link-goto: "…")`, `{link to: …, label: '…'}`) keep it,
/// every other macro, HTML tag and comment goes, and whitespace is collapsed. The source
/// text itself stays on the passage (and in the map's tooltip); this only decides what
/// the box shows.
///
/// One look for every dialect, line by line:
/// - the prose, its lines joined into one;
/// - a line of the source that holds links and nothing else to read gives each link a
///   line of its own, `→ label` (a link inside a sentence stays in it as its label);
/// - each branch of a conditional (`<<if>>`/`<<elseif>>`/`<<else>>`, Harlowe's `(if:)`,
///   `(else-if:)`, `(else:)`, `(unless:)` and their hooks, Chapbook's `[if …]`, `[unless
///   …]`, `[else]` modifiers, Snowman's `<% if (…) { %>`…`<% } else { %>`) starts a line
///   marked `[if condition]`, `[else if condition]`, `[unless condition]` or `[else]`;
///   the text after the conditional starts a line of its own;
/// - a macro that names a passage but prints nothing of its own (`(click-goto: ?crab,
///   "Rock")`, whose words are the hook's) adds nothing.
enum TwineReadableText {
    /// How far one bracket search looks ahead (as the link scanner's).
    static let maximumSearch = 1 << 16

    /// - Complexity: O(n) in the length of the text: literal searches are memoized
    ///   (`MemoizedFind`) and bracket searches share a look-ahead budget of 4n + 100,000.
    static func of(_ text: String) -> String {
        of(scalars: Array(text.unicodeScalars))
    }

    /// `of` the text of `s`.
    static func of(scalars s: [Unicode.Scalar]) -> String {
        var i = 0
        var search = MemoizedFind(s)
        var links = TwineLinkMarkupReader()
        func find(_ needle: String, from start: Int) -> Int? { search.find(needle, from: start) }
        // Bracket balancing (`(name: …)`, `{…}`) cannot be memoized the same way: each
        // search looks at most `maximumSearch` scalars ahead and all of them together at
        // most `lookAhead`, after which brackets are read as text (labels only; the link
        // scanner reports its own limit).
        var lookAhead = s.count * 4 + 100_000
        /// The end (exclusive) of a bracketed run opened at `start`; `nil` when it never closes.
        func balanced(from start: Int, open: Unicode.Scalar, close: Unicode.Scalar) -> Int? {
            guard lookAhead > 0 else { return nil }
            let end = min(s.count, start + 1 + TwineReadableText.maximumSearch)
            let found = BalancedScanner(open: open, close: close).scan(s, from: start + 1, end: end).closedAt
            lookAhead -= (found ?? end) - start
            return found.map { $0 + 1 }
        }
        /// The first quoted string in `range`, if any.
        func firstQuoted(_ range: Range<Int>) -> String? {
            var j = range.lowerBound
            while j < range.upperBound {
                let c = s[j]
                if c == "\"" || c == "'" {
                    var k = j + 1
                    var value = String.UnicodeScalarView()
                    while k < range.upperBound, s[k] != c {
                        if s[k] == "\\", k + 1 < range.upperBound { k += 1 }
                        value.append(s[k])
                        k += 1
                    }
                    return String(value)
                }
                j += 1
            }
            return nil
        }
        func word(at start: Int) -> String {
            var j = start
            var ascii = true
            while j < s.count, s[j].isAlphabeticFast || s[j] == "-" || s[j] == "_" {
                if s[j].value >= 0x80 { ascii = false }
                j += 1
            }
            guard ascii else {
                return String(scalars: s[start..<j]).lowercased().replacingOccurrences(of: "-", with: "")
                    .replacingOccurrences(of: "_", with: "")
            }
            // ASCII letters: lowercased in place, `-` and `_` left out.
            return String(
                scalars: s[start..<j].lazy.filter { $0 != "-" && $0 != "_" }.map {
                    $0.value >= 0x41 && $0.value <= 0x5A ? Unicode.Scalar(UInt8($0.value | 0x20)) : $0
                })
        }
        let labelled: Set<String> = [
            "link", "button", "linkgoto", "linkreveal", "linkrevealgoto", "linkrepeat", "linkrerun", "actions",
            "choice",
        ]
        var lines = ReaderLines()
        /// Where each open Harlowe hook of a conditional closes (its `]`), innermost last.
        var hookEnds: [Int] = []
        func condition(_ range: Range<Int>) -> String {
            let text = ReaderLines.collapsed(scalars: s[range]) { String(scalars: s[range]) }
            return text.count <= 40 ? text : String(text.prefix(39)) + "…"
        }
        /// At the start of a source line (after spaces), a Chapbook modifier `[…]` alone on
        /// its line: the end of its line (exclusive) and its words.
        func modifier(at start: Int) -> (end: Int, words: String)? {
            var j = start - 1
            while j >= 0, s[j] == " " || s[j] == "\t" { j -= 1 }
            guard j < 0 || s[j] == "\n" else { return nil }
            var k = start + 1
            while k < s.count, k - start < 200, s[k] != "]", s[k] != "\n", s[k] != "[" { k += 1 }
            guard k < s.count, s[k] == "]" else { return nil }
            var e = k + 1
            while e < s.count, s[e] == " " || s[e] == "\t" || s[e] == "\r" { e += 1 }
            guard e == s.count || s[e] == "\n" else { return nil }
            return (e, condition((start + 1)..<k))
        }

        while i < s.count {
            let c = s[i]
            // The end of a conditional's hook: what follows is not in the branch.
            if let end = hookEnds.last, i >= end - 1 {
                hookEnds.removeLast()
                lines.endBranch()
                if i == end - 1 { i += 1 }
                continue
            }
            if c == "\n" {
                lines.endSourceLine()
                i += 1
                continue
            }
            // [[link]]: its label, read by the reader the link scanner uses.
            if c == "[", TwineLinkMarkupReader.opens(s, at: i), case .link(let link, let end) = links.read(s, at: i) {
                lines.link(link.label)
                i = end
                continue
            }
            // Chapbook's modifiers: conditions mark their branch, the others go.
            if c == "[", let (end, words) = modifier(at: i) {
                let lower = words.lowercased()
                if lower.hasPrefix("if ") || lower.hasPrefix("unless ") {
                    lines.branch("[\(words)]")
                } else if lower == "else" {
                    lines.branch("[else]")
                } else {
                    lines.endBranch()
                }
                i = end
                continue
            }
            // Snowman's (and Twine 1's) templates: `<% if (…) { %>` and its `else`s mark
            // branches, `<% } %>` ends them; every other template goes.
            if c == "<", i + 1 < s.count, s[i + 1] == "%", let close = find("%>", from: i + 2) {
                var code = condition((i + 2)..<close)
                if code.hasPrefix("=") || code.hasPrefix("-") { code = "" }
                let closesBlock = code.hasPrefix("}")
                if closesBlock { code = String(code.dropFirst()).trimmingCharacters(in: .whitespaces) }
                if code.hasPrefix("else if"), code.hasSuffix("{"), let open = code.firstIndex(of: "("),
                    let shut = code.lastIndex(of: ")")
                {
                    lines.branch("[else if \(code[code.index(after: open)..<shut])]")
                } else if code.hasPrefix("else"), code.hasSuffix("{") {
                    lines.branch("[else]")
                } else if code.hasPrefix("if"), code.hasSuffix("{"), let open = code.firstIndex(of: "("),
                    let shut = code.lastIndex(of: ")")
                {
                    lines.branch("[if \(code[code.index(after: open)..<shut])]")
                } else if closesBlock {
                    lines.endBranch()
                }
                i = close + 2
                continue
            }
            // Comments.
            if c == "<", let end = match("<!--", "-->", at: i) {
                i = end
                continue
            }
            if c == "/", i + 1 < s.count, s[i + 1] == "*", let close = find("*/", from: i + 2) {
                i = close + 2
                continue
            }
            if c == "/", i + 1 < s.count, s[i + 1] == "%", let close = find("%/", from: i + 2) {
                i = close + 2
                continue
            }
            // SugarCube macros: <<name …>>, keeping a link's label.
            if c == "<", i + 1 < s.count, s[i + 1] == "<", let close = find(">>", from: i + 2) {
                let name = word(at: i + 2)
                let after = i + 2 + name.unicodeScalars.count
                if labelled.contains(name), let label = firstQuoted((i + 2)..<close) {
                    lines.link(label)
                } else if labelled.contains(name), let inner = find("[[", from: i + 2), inner < close,
                    let end = find("]]", from: inner + 2), end < close,
                    case .link(let link, _) = links.read(s, at: inner)
                {
                    lines.link(link.label)
                } else if name == "if" {
                    lines.branch("[if \(condition(after..<close))]")
                } else if name == "elseif" || (name == "else" && condition(after..<close).hasPrefix("if ")) {
                    let rest = condition(after..<close)
                    lines.branch("[else if \(name == "else" ? String(rest.dropFirst(3)) : rest)]")
                } else if name == "else" {
                    lines.branch("[else]")
                } else if s[i + 2] == "/", word(at: i + 3) == "if" {
                    lines.endBranch()
                } else {
                    lines.text(" ") // a macro between two words still parts them
                }
                i = close + 2
                continue
            }
            // Harlowe's hook names, |name>[…] and […]<name|, go; hook brackets leave their text.
            if c == "|" || c == "<" {
                var j = i + 1
                while j < s.count,
                    s[j].isAlphabeticFast || s[j].isNumericFast || s[j] == "-" || s[j] == "_"
                { j += 1 }
                if j > i + 1, j < s.count, s[j] == (c == "|" ? ">" : "|") {
                    i = j + 1
                    continue
                }
            }
            // HTML tags.
            if c == "<", i + 1 < s.count, s[i + 1].isAlphabeticFast || s[i + 1] == "/",
                let close = find(">", from: i + 1)
            {
                i = close + 1
                continue
            }
            // Harlowe macros: (name: …), keeping a link's label.
            if c == "(", i + 1 < s.count, s[i + 1].isAlphabeticFast {
                let name = word(at: i + 1)
                let after = i + 1 + name.unicodeScalars.count
                if !name.isEmpty, after < s.count, nameEndsWithColon(from: i + 1),
                    let end = balanced(from: i, open: "(", close: ")")
                {
                    var colon = after
                    while s[colon] != ":" { colon += 1 }
                    let marker: String? =
                        switch name {
                        case "if": "[if \(condition((colon + 1)..<(end - 1)))]"
                        case "unless": "[unless \(condition((colon + 1)..<(end - 1)))]"
                        case "elseif": "[else if \(condition((colon + 1)..<(end - 1)))]"
                        case "else": "[else]"
                        default: nil
                        }
                    if let marker {
                        lines.branch(marker)
                        // Its hook, `[…]` right after, is the branch.
                        var h = end
                        while h < s.count, s[h] == " " { h += 1 }
                        if h < s.count, s[h] == "[", !TwineLinkMarkupReader.opens(s, at: h),
                            let hookEnd = balanced(from: h, open: "[", close: "]")
                        {
                            hookEnds.append(hookEnd)
                            i = h + 1
                            continue
                        }
                    } else if labelled.contains(name), let label = firstQuoted((i + 1)..<end) {
                        lines.link(label)
                    } else {
                        lines.text(" ")
                    }
                    i = end
                    continue
                }
            }
            // Chapbook inserts: {name …}, keeping a link's label.
            if c == "{", let end = balanced(from: i, open: "{", close: "}") {
                let inner = String(scalars: s[(i + 1)..<(end - 1)])
                if inner.lowercased().hasPrefix("link to"), let label = inner.range(of: "label:") {
                    let rest = Array(inner[label.upperBound...].unicodeScalars)
                    if let q = rest.firstIndex(where: { $0 == "'" || $0 == "\"" }),
                        let e = rest[(q + 1)...].firstIndex(of: rest[q])
                    {
                        lines.link(String(scalars: rest[(q + 1)..<e]))
                    }
                } else if inner.first?.isLetter != true {
                    lines.text(String(scalars: s[i..<end]))
                }
                i = end
                continue
            }
            if c == "[" || c == "]" {
                i += 1
                continue
            }
            lines.text(c)
            i += 1
        }

        func match(_ open: String, _ close: String, at start: Int) -> Int? {
            let o = Array(open.unicodeScalars)
            guard start + o.count <= s.count, Array(s[start..<(start + o.count)]) == o,
                let end = find(close, from: start + o.count)
            else { return nil }
            return end + close.unicodeScalars.count
        }
        func nameEndsWithColon(from start: Int) -> Bool {
            var j = start
            while j < s.count,
                s[j].isAlphabeticFast || s[j] == "-" || s[j] == "_" || s[j].isNumericFast
            { j += 1 }
            return j < s.count && s[j] == ":"
        }
        return lines.finished()
    }
}

/// The lines of a passage as the reader sees it, built as its source is read (see
/// `TwineReadableText`).
struct ReaderLines {
    private enum Piece {
        case text([Unicode.Scalar])
        case link(String)
    }

    private var done: [String] = []
    /// Whether the last line done is prose that the next prose line joins.
    private var joinable = false
    private var pieces: [Piece] = []
    /// The marker of the branch that the next line starts.
    private var marker: String?

    /// The text read since the last link (appended to in place: O(1) a scalar).
    private var run: [Unicode.Scalar] = []

    mutating func text(_ c: Unicode.Scalar) { run.append(c) }

    mutating func text(_ string: String) { run.append(contentsOf: string.unicodeScalars) }

    mutating func link(_ label: String) {
        flushRun()
        pieces.append(.link(label))
    }

    private mutating func flushRun() {
        if !run.isEmpty { pieces.append(.text(run)) }
        run = []
    }

    /// A branch of a conditional starts: its marker begins the next line.
    mutating func branch(_ marker: String) {
        endSourceLine()
        flushMarker()
        self.marker = marker
        joinable = false
    }

    /// A conditional ends: what follows starts a line of its own.
    mutating func endBranch() {
        endSourceLine()
        flushMarker()
        joinable = false
    }

    /// A marker with nothing after it in its branch still shows.
    private mutating func flushMarker() {
        if let marker { done.append(marker) }
        marker = nil
    }

    /// The text's words (split at whitespace characters) joined by single spaces.
    ///
    /// Scalar by scalar when every whitespace scalar's neighbours are scalars that never
    /// join a grapheme with it (ASCII, Latin, Cyrillic letters, punctuation): there the
    /// characters `split` would see break exactly at the whitespace scalars. Otherwise
    /// (a combining mark after a space…) by characters, as before.
    static func collapsed(_ text: String) -> String {
        collapsed(scalars: text.unicodeScalars) { text }
    }

    /// `collapsed` of the string of `scalars` (`text` makes that string, for the slow
    /// way only): the words gathered as scalars and encoded once.
    static func collapsed<C: Collection<Unicode.Scalar>>(scalars: C, text: () -> String) -> String {
        var words: [Unicode.Scalar] = []
        words.reserveCapacity(scalars.count)
        var pendingSpace = false
        var previous: Unicode.Scalar?
        var afterSpace = false
        for scalar in scalars {
            let space = scalar.isSpaceFast
            if space, let previous, !previous.isSpaceFast, !separates(previous) { return slowCollapsed(text()) }
            if afterSpace && !space && !separates(scalar) { return slowCollapsed(text()) }
            if space {
                pendingSpace = !words.isEmpty
            } else {
                if pendingSpace { words.append(" ") }
                pendingSpace = false
                words.append(scalar)
            }
            afterSpace = space
            previous = scalar
        }
        return String(scalars: words)
    }

    /// Whether a scalar next to a whitespace scalar is a grapheme of its own there: no
    /// combining mark, joiner, spacing mark or prepended sign (ranges known to hold none).
    @inline(__always)
    private static func separates(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20..<0x7F, 0xA0...0x24F, 0x400...0x482, 0x48A...0x52F, 0x2010...0x2027, 0x2030...0x205E: true
        default: false
        }
    }

    private static func slowCollapsed(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    mutating func endSourceLine() {
        flushRun()
        defer { pieces = [] }
        let prose = pieces.contains { piece in
            if case .text(let run) = piece { return run.contains { !$0.isSpaceFast } }
            return false
        }
        let labels = pieces.compactMap { piece -> String? in
            if case .link(let label) = piece { return Self.collapsed(label) }
            return nil
        }
        if !prose {
            guard !labels.isEmpty else { return }
            for (k, label) in labels.enumerated() {
                let line = "→ " + label
                done.append(k == 0 ? (marker.map { $0 + " " } ?? "") + line : line)
            }
            marker = nil
            joinable = false
            return
        }
        // The pieces' scalars in order: the scalars of the pieces joined as strings.
        var scalars: [Unicode.Scalar] = []
        for piece in pieces {
            switch piece {
            case .text(let run): scalars += run
            case .link(let label): scalars += label.unicodeScalars
            }
        }
        let line = Self.collapsed(scalars: scalars) { String(scalars: scalars) }
        if let marker {
            done.append(marker + " " + line)
            self.marker = nil
        } else if joinable, !done.isEmpty {
            // In place: a long paragraph's lines are joined in linear time.
            done[done.count - 1] += " " + line
        } else {
            done.append(line)
        }
        joinable = true
    }

    mutating func finished() -> String {
        endSourceLine()
        flushMarker()
        return done.joined(separator: "\n")
    }
}
