import StoryGraph

/// Chapbook: modifier lines (`[if …]`, `[else]`) and inserts (`{link to: …}`, `{embed passage: …}`).
extension TwineScan {
    // MARK: Chapbook

    static let chapbookModifiers: Set<String> = [
        "continue", "cont", "cont'd", "after", "append", "align", "note", "transition", "embed",
    ]

    /// A Chapbook modifier line (`[if hasKey]`, `[else]`, `[continue]`) starts a section;
    /// links in an `[if …]` section are conditional. Returns false when the line is not
    /// a modifier (then `[` is read as ordinary text or a hook).
    mutating func modifierLine() -> Bool {
        var k = i + 1
        while k < s.count && s[k] != "]" && s[k] != "\n" && s[k] != "[" { k += 1 }
        guard k < s.count, s[k] == "]" else { return false }
        var e = k + 1
        while e < s.count && (s[e] == " " || s[e] == "\t" || s[e] == "\r") { e += 1 }
        guard e == s.count || s[e] == "\n" else { return false }
        var recognised = false
        var condition: Condition?
        var startsChain = false
        for part in text(i + 1..<k).split(separator: ";") {
            let words = part.trimmingTwineSpace()
            let first = words.split(separator: " ").first.map { $0.lowercased() } ?? ""
            let rest = String(words.dropFirst(first.count)).trimmingTwineSpace()
            switch first {
            case "if":
                condition = TwineScan.test(rest)
                startsChain = true
                recognised = true
            case "unless":
                condition = .not(TwineScan.test(rest))
                startsChain = false
                recognised = true
            case "else":
                condition =
                    chapbookCondition.map { .not($0) } ?? TwineScan.branch(after: harloweChain, nil)
                    ?? TwineScan.test("[else]")
                startsChain = false
                recognised = true
            default:
                if TwineScan.chapbookModifiers.contains(first) { recognised = true }
            }
        }
        guard recognised else { return false }
        if startsChain, let condition { harloweChain = [condition] }
        chapbookCondition = condition
        i = e
        return true
    }

    static let chapbookInserts: [String] = [
        "link to", "embed passage named", "embed passage", "restart link", "back link", "reveal link",
    ]

    /// `{link to: 'P', label: 'text'}`, `{embed passage: 'P'}`, `{restart link}`, `{back link}`,
    /// `{reveal link: 'text', passage: 'P'}`.
    mutating func chapbookInsert() {
        let start = i
        var k = start + 1
        while k < s.count && (s[k] == " " || s[k] == "\t") { k += 1 }
        guard let name = TwineScan.chapbookInserts.first(where: { atIgnoringCase(k, $0) }) else {
            i = start + 1
            return
        }
        let after = k + name.unicodeScalars.count
        guard after < s.count, s[after] == ":" || s[after] == "}" || s[after] == "," || s[after] == " " else {
            i = start + 1
            return
        }
        guard let close = findBalanced(open: "{", close: "}", from: start + 1) else {
            result.diagnostics.append(
                Diagnostic(
                    .warning, "'{\(name)' is not closed by '}'; it is not read", at: locate(start),
                    rule: FormatRules.twineUnterminatedMacro.id))
            i = after
            return
        }
        i = close + 1
        var properties: [String: String] = [:]
        var value: String?
        let body = text(after..<close).trimmingTwineSpace()
        let parts = TwineScan.splitTopLevel(body.hasPrefix(":") ? String(body.dropFirst()) : "," + body)
        for (n, part) in parts.enumerated() {
            if n == 0 && body.hasPrefix(":") {
                value = part
                continue
            }
            guard let colon = part.firstIndex(of: ":") else { continue }
            properties[String(part[..<colon]).trimmingTwineSpace().lowercased()] = String(
                part[part.index(after: colon)...]
            ).trimmingTwineSpace()
        }
        let label = properties["label"].map { TwineScan.harloweString($0) ?? $0 }
        switch name {
        case "link to":
            guard let value else { return }
            if let target = TwineScan.harloweString(value) {
                add(label ?? target, target, kind: .choice, at: start)
            } else {
                add(label ?? value, value, kind: .dynamic, at: start)
            }
        case "embed passage", "embed passage named":
            guard let value else { return }
            if let target = TwineScan.harloweString(value) {
                add(target, target, kind: .include, at: start)
            } else {
                add(value, value, kind: .dynamic, at: start)
            }
        case "restart link":
            add(label ?? "Restart", "", kind: .choice, at: start, restart: true)
        case "back link":
            add(label ?? "Back", "{back link}", kind: .dynamic, at: start)
        case "reveal link":
            if let passage = properties["passage"], let target = TwineScan.harloweString(passage) {
                add(value.flatMap(TwineScan.harloweString) ?? target, target, kind: .include, at: start)
            }
        default:
            break
        }
    }

}
