import StoryGraph

/// A sure jump pre-empts the links beside it: a `<<goto "X">>` (SugarCube) or
/// `(go-to: "X")` (Harlowe) that runs whenever the passage renders sends the reader on
/// before they can click anything (Harlowe stops rendering at it; SugarCube's goes on
/// `Engine.minDomActionDelay` after rendering). The passage's clicks are then choices no
/// reader can make: they are taken out of the graph (so `play` does not offer them and no
/// path counts them) and each is reported (`twine-preempted-link`), as ink's flow does
/// with what follows a divert (`PlaySession.goesOnByItself`).
///
/// A jump is sure only when it goes to a passage that exists (a computed target or a
/// missing one may fail, leaving the reader where they are), is unconditional, and stands
/// outside every block: not in
/// a hook (`(link:)[…]`, `(click:)[…]`, `(event:)[…]`, `(if:)[…]`, a named hook), nor in a
/// container macro (`<<link>>`, `<<button>>`, `<<timed>>`, `<<repeat>>`, `<<if>>`,
/// `<<nobr>>` …), and it is the passage's only such jump. Inclusions and other jumps are
/// kept, and so are links the passage gets from widgets, macros or what it prints.
enum TwinePreemption {
    /// The passage's sure jump and the clicks it pre-empts.
    struct Found {
        var jump: Choice
        var preempted: [Choice]
    }

    /// The sure jump of a scanned passage (`choices` as placed from `found`, one for one)
    /// and the clicks it pre-empts, or nil.
    ///
    /// - Complexity: O(n) in the text.
    static func find(
        _ found: TwineLinkScanner.Result, choices: [Choice], text: [Unicode.Scalar], names: Set<String>
    ) -> Found? {
        guard choices.count > 1, choices.count == found.choiceOffsets.count else { return nil }
        // A jump to a passage that exists: one to a computed or missing name may fail (the
        // runtime shows an error and the passage stays), so it pre-empts nothing.
        let candidates = choices.indices.filter { c in
            let choice = choices[c]
            return choice.kind == .auto && names.contains(choice.target) && choice.condition == nil && !choice.isRestart
        }
        guard !candidates.isEmpty else { return nil }
        let topLevel = candidates.filter { isTopLevel(found.choiceOffsets[$0], in: text) }
        guard topLevel.count == 1, let jump = topLevel.first else { return nil }
        let preempted = choices.indices.filter { c in
            c != jump
                && (choices[c].kind == .choice || (choices[c].kind == .dynamic && found.intendedKinds[c] == .choice))
        }
        guard !preempted.isEmpty else { return nil }
        return Found(jump: choices[jump], preempted: preempted.map { choices[$0] })
    }

    /// Whether `offset` stands outside every hook and container macro of `text`.
    static func isTopLevel(_ offset: Int, in s: [Unicode.Scalar]) -> Bool {
        var hooks = 0
        var open: [String: Int] = [:]
        var closers: Set<String>?
        func at(_ j: Int, _ word: [Unicode.Scalar]) -> Bool {
            j + word.count <= s.count && s[j..<j + word.count].elementsEqual(word)
        }
        let linkOpen = Array("[[".unicodeScalars)
        let macroOpen = Array("<<".unicodeScalars)
        var k = 0
        while k < min(offset, s.count) {
            if at(k, linkOpen) {
                var j = k + 2
                while j + 1 < s.count && !(s[j] == "]" && s[j + 1] == "]") && s[j] != "\n" { j += 1 }
                k = j + 2
                continue
            }
            if s[k] == "[" { hooks += 1 }
            if s[k] == "]" && hooks > 0 { hooks -= 1 }
            if at(k, macroOpen) {
                var j = k + 2
                let closing = j < s.count && s[j] == "/"
                if closing { j += 1 }
                let start = j
                while j < s.count && (s[j].properties.isAlphabetic || ("0"..."9").contains(s[j]) || s[j] == "_" || s[j] == "-") {
                    j += 1
                }
                let name = String(scalars: s[start..<j]).lowercased()
                if closing {
                    if let n = open[name], n > 0 { open[name] = n - 1 }
                } else if !name.isEmpty {
                    // A container: its closing tag appears in the passage.
                    if closers == nil { closers = Self.closingTags(s) }
                    if closers!.contains(name) { open[name, default: 0] += 1 }
                }
                while j + 1 < s.count && !(s[j] == ">" && s[j + 1] == ">") { j += 1 }
                k = j + 2
                continue
            }
            k += 1
        }
        return hooks == 0 && open.values.allSatisfy { $0 == 0 }
    }

    /// The names of the closing tags (`<</name>>`) in `s`.
    static func closingTags(_ s: [Unicode.Scalar]) -> Set<String> {
        var names: Set<String> = []
        var k = 0
        while k + 3 < s.count {
            if s[k] == "<" && s[k + 1] == "<" && s[k + 2] == "/" {
                var j = k + 3
                while j < s.count && (s[j].properties.isAlphabetic || ("0"..."9").contains(s[j]) || s[j] == "_" || s[j] == "-") {
                    j += 1
                }
                names.insert(String(scalars: s[k + 3..<j]).lowercased())
                k = j
                continue
            }
            k += 1
        }
        return names
    }

    /// Takes the pre-empted clicks out of their passages (after the story-wide pass, which
    /// keeps each choice's location) and reports each one.
    ///
    /// - Complexity: O(C) for C choices.
    static func apply(_ found: [String: Found], to passages: inout [Passage], diagnostics: inout [Diagnostic]) {
        guard !found.isEmpty else { return }
        for k in passages.indices {
            guard let sure = found[passages[k].id] else { continue }
            let locations = Set(sure.preempted.compactMap(\.location))
            passages[k].choices.removeAll { choice in
                guard let location = choice.location, locations.contains(location) else { return false }
                return choice.kind == .choice || choice.kind == .dynamic
            }
            let line = sure.jump.location.map { " at line \($0.line)" } ?? ""
            let target = sure.jump.target
            for choice in sure.preempted {
                diagnostics.append(
                    Diagnostic(
                        .warning,
                        "'\(choice.text)' in passage '\(passages[k].id)' can never be clicked: the passage always goes on to '\(target)' by itself\(line) before the reader can choose",
                        at: choice.location ?? passages[k].location, rule: FormatRules.twinePreemptedLink.id))
            }
        }
    }
}
