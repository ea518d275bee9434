import StoryGraph
/// Twine passage text as the reader sees it, for map labels: link markup becomes its
/// label (as `TwineLinkMarkup` reads it for the analysis), macros that print a label (`<<link "…">>`, `(link-goto: "…")`,
/// `{link to: …, label: '…'}`) keep it, every other macro, HTML tag and comment goes, and
/// whitespace is collapsed. The source text itself stays on the passage (and in the map's
/// tooltip); this only decides what the box shows.
enum TwineReadableText {
    /// How far one bracket search looks ahead (as the link scanner's).
    static let maximumSearch = 1 << 16

    /// - Complexity: O(n) in the length of the text: literal searches are memoized
    ///   (`MemoizedFind`) and bracket searches share a look-ahead budget of 4n + 100,000.
    static func of(_ text: String) -> String {
        let s = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
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
            let found = TwineMarkup.balancingClose(in: s, open: open, close: close, from: start + 1, end: end)
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
            var name = String.UnicodeScalarView()
            while j < s.count, s[j].properties.isAlphabetic || s[j] == "-" || s[j] == "_" {
                name.append(s[j])
                j += 1
            }
            return String(name).lowercased().replacingOccurrences(of: "-", with: "").replacingOccurrences(of: "_", with: "")
        }
        let labelled: Set<String> = ["link", "button", "linkgoto", "linkreveal", "linkrevealgoto", "clickgoto", "linkrepeat", "linkrerun", "actions", "choice"]

        while i < s.count {
            let c = s[i]
            // [[link]]: its label, read by the reader the link scanner uses.
            if c == "[", TwineLinkMarkupReader.opens(s, at: i), case .link(let link, let end) = links.read(s, at: i) {
                out.append(contentsOf: link.label.unicodeScalars)
                i = end
                continue
            }
            // Comments.
            if c == "<", let end = match("<!--", "-->", at: i) { i = end; continue }
            if c == "/", i + 1 < s.count, s[i + 1] == "*", let close = find("*/", from: i + 2) { i = close + 2; continue }
            if c == "/", i + 1 < s.count, s[i + 1] == "%", let close = find("%/", from: i + 2) { i = close + 2; continue }
            // SugarCube macros: <<name …>>, keeping a link's label.
            if c == "<", i + 1 < s.count, s[i + 1] == "<", let close = find(">>", from: i + 2) {
                let name = word(at: i + 2)
                if labelled.contains(name), let label = firstQuoted((i + 2)..<close) {
                    out.append(contentsOf: label.unicodeScalars)
                } else if labelled.contains(name), let inner = find("[[", from: i + 2), inner < close,
                          let end = find("]]", from: inner + 2), end < close {
                    out.append(contentsOf: of(String(String.UnicodeScalarView(s[inner..<(end + 2)]))).unicodeScalars)
                }
                out.append(" ")  // a macro between two words still parts them
                i = close + 2
                continue
            }
            // Harlowe's hook names, |name>[…] and […]<name|, go; hook brackets leave their text.
            if c == "|" || c == "<" {
                var j = i + 1
                while j < s.count, s[j].properties.isAlphabetic || s[j].properties.numericType != nil || s[j] == "-" || s[j] == "_" { j += 1 }
                if j > i + 1, j < s.count, s[j] == (c == "|" ? ">" : "|") { i = j + 1; continue }
            }
            // HTML tags.
            if c == "<", i + 1 < s.count, s[i + 1].properties.isAlphabetic || s[i + 1] == "/",
               let close = find(">", from: i + 1) {
                i = close + 1
                continue
            }
            // Harlowe macros: (name: …), keeping a link's label.
            if c == "(", i + 1 < s.count, s[i + 1].properties.isAlphabetic {
                let name = word(at: i + 1)
                let after = i + 1 + name.unicodeScalars.count
                if !name.isEmpty, after < s.count, nameEndsWithColon(from: i + 1),
                   let end = balanced(from: i, open: "(", close: ")") {
                    if labelled.contains(name), let label = firstQuoted((i + 1)..<end) {
                        out.append(contentsOf: label.unicodeScalars)
                    }
                    out.append(" ")
                    i = end
                    continue
                }
            }
            // Chapbook inserts: {name …}, keeping a link's label.
            if c == "{", let end = balanced(from: i, open: "{", close: "}") {
                let inner = String(String.UnicodeScalarView(s[(i + 1)..<(end - 1)]))
                if inner.lowercased().hasPrefix("link to"), let label = inner.range(of: "label:") {
                    let rest = Array(inner[label.upperBound...].unicodeScalars)
                    if let q = rest.firstIndex(where: { $0 == "'" || $0 == "\"" }),
                       let e = rest[(q + 1)...].firstIndex(of: rest[q]) {
                        out.append(contentsOf: rest[(q + 1)..<e])
                    }
                } else if inner.first?.isLetter != true {
                    out.append(contentsOf: s[i..<end])
                }
                i = end
                continue
            }
            if c == "[" || c == "]" { i += 1; continue }
            out.append(c)
            i += 1
        }

        func match(_ open: String, _ close: String, at start: Int) -> Int? {
            let o = Array(open.unicodeScalars)
            guard start + o.count <= s.count, Array(s[start..<(start + o.count)]) == o,
                  let end = find(close, from: start + o.count) else { return nil }
            return end + close.unicodeScalars.count
        }
        func nameEndsWithColon(from start: Int) -> Bool {
            var j = start
            while j < s.count, s[j].properties.isAlphabetic || s[j] == "-" || s[j] == "_" || s[j].properties.numericType != nil { j += 1 }
            return j < s.count && s[j] == ":"
        }
        return String(out).split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
