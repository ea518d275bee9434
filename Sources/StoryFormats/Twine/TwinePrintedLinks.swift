import StoryGraph

/// Links inside a string a passage prints: `(set: $footer to "There are 8 [[Endings]]")`
/// in a startup passage, then `$footer` (or `(print: $footer)`, `<<print $footer>>`,
/// `<<= $footer>>`) in a passage's text. Harlowe and SugarCube render the printed markup,
/// so its links are links of the passage that prints it, where the values the variable can
/// hold are known (`TwineTargetValues`: only string literals and copies of them).
///
/// A variable is printed where it stands in the text outside any macro's arguments, or as
/// the argument of a print macro. Inside a hook or block storygraph does not track here
/// (one `[`…`]` or `<<if>>` deep), the link is guarded by an unknown test: it may be
/// shown, and nothing is claimed from it.
extension TwineFlow {
    /// Notes the variables an assignment gives a string holding link markup.
    mutating func notePrintedCandidates(_ found: TwineLinkScanner.Result) {
        for written in found.writtenAssignments where written.text.contains("[[") {
            for name in TwineTargetValues.variableNames(in: written.text) where name.hasPrefix("$") {
                printedCandidates.insert(name)
            }
        }
    }

    /// Adds to every passage the links of the strings it prints.
    ///
    /// - Complexity: O(T) over the texts of the passages that mention a candidate
    ///   variable, nothing when no assignment holds link markup.
    mutating func addPrintedLinks(to passages: inout [Passage], names: Set<String>) {
        guard !printedCandidates.isEmpty else { return }
        var links: [String: [String]] = [:]
        for variable in printedCandidates.sorted() {
            guard case .strings(let held) = values.values(of: variable, passage: nil) else { continue }
            let markup = held.filter { $0.contains("[[") }.sorted()
            if !markup.isEmpty { links[variable] = markup }
        }
        guard !links.isEmpty else { return }
        for k in passages.indices {
            let text = passages[k].text
            guard text.contains("$") else { continue }
            for (variable, strings) in links.sorted(by: { $0.key < $1.key }) where text.contains(variable) {
                for print in Self.prints(of: variable, in: text) {
                    let location = passages[k].location.map {
                        SourceLocation(file: $0.file, line: $0.line + 1 + print.line, column: print.column)
                    }
                    for string in strings {
                        for var choice in TwineLinkScanner.scan(string).choices where choice.kind != .dynamic {
                            guard names.contains(choice.target) else { continue }
                            choice.location = location
                            choice.condition =
                                print.nested ? .test("where \(variable) is printed in '\(passages[k].id)'", nil) : nil
                            passages[k].choices.append(choice)
                        }
                    }
                }
            }
        }
    }

    /// Where `variable` is printed in `text`: its line (0-based, from the text's first
    /// line), column (1-based), and whether it stands inside a hook or a block.
    static func prints(of variable: String, in text: String) -> [(line: Int, column: Int, nested: Bool)] {
        let s = Array(text.unicodeScalars)
        let v = Array(variable.unicodeScalars)
        var found: [(offset: Int, nested: Bool)] = []
        var hooks = 0  // open `[` of Harlowe hooks (not `[[` links)
        var blocks = 0  // open SugarCube container macros that decide (`<<if>>`, `<<link>>` …)
        var k = 0
        func isName(_ c: Unicode.Scalar) -> Bool {
            c.properties.isAlphabetic || ("0"..."9").contains(c) || c == "_"
        }
        func at(_ j: Int, _ word: String) -> Bool {
            let w = Array(word.unicodeScalars)
            return j + w.count <= s.count && Array(s[j..<j + w.count]) == w
        }
        while k < s.count {
            let c = s[k]
            if at(k, "[[") {
                // Link markup: to its `]]`.
                var j = k + 2
                while j + 1 < s.count && !(s[j] == "]" && s[j + 1] == "]") && s[j] != "\n" { j += 1 }
                k = j + 2
                continue
            }
            if c == "[" { hooks += 1 }
            if c == "]" && hooks > 0 { hooks -= 1 }
            if at(k, "<<") {
                // A macro: only a print macro's argument prints.
                var j = k + 2
                let closing = j < s.count && s[j] == "/"
                if closing { j += 1 }
                let nameStart = j
                while j < s.count && (isName(s[j]) || s[j] == "=" || s[j] == "-") { j += 1 }
                let name = String(scalars: s[nameStart..<j]).lowercased()
                var end = j
                while end + 1 < s.count && !(s[end] == ">" && s[end + 1] == ">") { end += 1 }
                let containers: Set<String> = ["if", "link", "button", "linkreplace", "linkappend", "linkprepend", "timed", "switch", "for", "widget", "repeat"]
                if containers.contains(name) { blocks += closing ? (blocks > 0 ? -1 : 0) : 1 }
                if !closing, ["print", "=", "-"].contains(name),
                    let hit = (j..<end).first(where: { at($0, variable) && ($0 + v.count >= s.count || !isName(s[$0 + v.count])) })
                {
                    found.append((hit, hooks > 0 || blocks > 0))
                }
                k = min(s.count, end + 2)
                continue
            }
            if c == "(", let colon = (k + 1..<min(s.count, k + 40)).first(where: { !isName(s[$0]) && s[$0] != "-" }),
                s[colon] == ":", colon > k + 1
            {
                // A Harlowe macro: only `(print:)`'s argument prints.
                let name = String(scalars: s[k + 1..<colon]).lowercased()
                var depth = 0
                var end = k
                while end < s.count {
                    if s[end] == "(" { depth += 1 }
                    if s[end] == ")" {
                        depth -= 1
                        if depth == 0 { break }
                    }
                    end += 1
                }
                if name == "print",
                    let hit = (colon..<end).first(where: { at($0, variable) && ($0 + v.count >= s.count || !isName(s[$0 + v.count])) })
                {
                    found.append((hit, hooks > 0 || blocks > 0))
                }
                k = min(s.count, end + 1)
                continue
            }
            if c == "$", at(k, variable), k + v.count >= s.count || !isName(s[k + v.count]),
                k == 0 || !isName(s[k - 1])
            {
                found.append((k, hooks > 0 || blocks > 0))
                k += v.count
                continue
            }
            k += 1
        }
        return found.map { print in
            let before = s[..<print.offset]
            let line = before.count(where: { $0 == "\n" })
            let column = print.offset - (before.lastIndex(of: "\n").map { $0 + 1 } ?? 0) + 1
            return (line, column, print.nested)
        }
    }
}
