import StoryGraph

/// Harlowe macros: `(link-goto:)`, `(goto:)`, `(display:)`, `(if:)` and the changers that
/// wait for a hook, and the argument helpers Chapbook shares.
extension TwineScan {
    // MARK: Harlowe

    mutating func harloweMacro() {
        let start = i
        var k = start + 1
        while k < s.count, s[k].properties.isAlphabetic || ("0"..."9").contains(s[k]) || s[k] == "-" || s[k] == "_" {
            k += 1
        }
        guard k > start + 1, k < s.count, s[k] == ":" else {
            i = start + 1
            return
        }
        let name = text(start + 1..<k).lowercased().replacingOccurrences(of: "-", with: "").replacingOccurrences(
            of: "_", with: "")
        guard let close = findBalanced(open: "(", close: ")", from: k + 1) else {
            result.diagnostics.append(
                Diagnostic(
                    .warning, "'(\(text(start + 1..<k)):' is not closed by ')'; it is not read",
                    at: locate(start), rule: FormatRules.twineUnterminatedMacro.id))
            i = k + 1
            return
        }
        let argumentText = text(k + 1..<close).trimmingTwineSpace()
        let written = text(start..<close + 1)
        i = close + 1
        let arguments = TwineScan.splitTopLevel(argumentText)
        // `(for: each _s, ...(open-storylets:))[(link-goto: _s's name)]`: the storylets
        // listed inside another macro's arguments.
        if name != "openstorylets", TwineScan.mentionsOpenStorylets(argumentText) { result.opensStorylets = true }
        var hook = pending ?? TwinePendingHook()
        var setsHook = false
        switch name {
        case "linkgoto", "linkrevealgoto":
            if let last = arguments.last {
                let label = TwineScan.harloweString(arguments[0]) ?? arguments[0]
                harloweJump(last, label: label, kind: .choice, at: start, written: written)
            }
        case "clickgoto":
            if arguments.count >= 2 {
                harloweJump(
                    arguments[arguments.count - 1], label: TwineScan.harloweString(arguments[0]) ?? arguments[0],
                    kind: .choice, at: start, written: written)
            }
        case "goto", "redirect":
            if let first = arguments.first { harloweJump(first, label: nil, kind: .auto, at: start, written: written) }
        case "storylet":
            let test = argumentText.hasPrefix("when ") ? String(argumentText.dropFirst(5)) : argumentText
            result.storylet = harloweTest(test.trimmingTwineSpace())
        case "openstorylets":
            result.opensStorylets = true
        case "for", "loop":
            result.havocked += TwineTargetValues.variableNames(in: argumentText)
        case "linkstorylet":
            addComputed(linkText ?? "storylet", written, as: .choice, at: start)
            result.storyletLinks.append(result.choices.count - 1)
        case "display":
            if let first = arguments.first {
                harloweJump(first, label: nil, kind: .include, at: start, written: written)
            }
        case "linkundo", "undo":
            let label = arguments.first.flatMap(TwineScan.harloweString) ?? linkText ?? "undo"
            add(label, written, kind: .dynamic, at: start)
        case "set", "put", "move":
            harloweAssignment(name, arguments, at: start)
        case "inputbox", "forceinputbox", "dropdown", "checkbox", "checkboxes", "cyclinglink", "seqlink", "meter",
            "input", "forceinput":
            // `bind $x` / `2bind $x`: the reader gives the variable its value.
            for argument in arguments {
                let words = argument.split(separator: " ")
                if words.count == 2, words[0] == "bind" || words[0] == "2bind" {
                    readerInput(String(words[1]), at: start)
                }
            }
        case "restart", "reload":
            add(linkText ?? "restart", "", kind: .choice, at: start, restart: true)
        case "if":
            let test = harloweTest(argumentText)
            hook.condition = test
            harloweChain = [test]
            setsHook = true
        case "elseif":
            let test = harloweTest(argumentText)
            hook.condition = TwineScan.branch(after: harloweChain, test)
            harloweChain.append(test)
            setsHook = true
        case "unless":
            hook.condition = .not(harloweTest(argumentText))
            setsHook = true
        case "else":
            hook.condition = TwineScan.branch(after: harloweChain, nil) ?? TwineScan.test("(else:)")
            setsHook = true
        case "link", "linkreveal", "linkrepeat", "linkreplace", "linkappend", "linkprepend",
            "click", "clickreplace", "clickappend", "clickprepend", "mouseover", "mouseout":
            hook.linkText = arguments.first.map { TwineScan.harloweString($0) ?? $0 }
            setsHook = true
        default:
            break
        }
        if setsHook || pending != nil { pending = hook }
    }

    /// Whether macro arguments call `(open-storylets:)` (in any of Harlowe's spellings).
    static func mentionsOpenStorylets(_ text: String) -> Bool {
        guard text.contains(":") else { return false }
        let folded = String(text.lowercased().unicodeScalars.filter { $0 != "-" && $0 != "_" })
        return folded.contains("(openstorylets:")
    }

    /// A Harlowe target: a string literal names a passage; anything else is computed.
    mutating func harloweJump(_ argument: String, label: String?, kind: Choice.Kind, at start: Int, written: String) {
        if let target = TwineScan.harloweString(argument) {
            add(label ?? target, target, kind: kind, at: start)
        } else {
            addComputed(label ?? argument, argument, as: kind, at: start)
        }
    }

    /// The value of a lone quoted string (`"P"`, `'P'`), or nil for any other expression.
    static func harloweString(_ argument: String) -> String? {
        let s = Array(argument.unicodeScalars)
        guard s.count >= 2, let quote = s.first, quote == "\"" || quote == "'", s.last == quote else { return nil }
        var value = String.UnicodeScalarView()
        var k = 1
        while k < s.count - 1 {
            if s[k] == quote { return nil }
            if s[k] == "\\" && k + 1 < s.count - 1 { k += 1 }
            value.append(s[k])
            k += 1
        }
        return String(value)
    }

    /// Splits macro arguments at commas outside strings, parentheses and brackets, each
    /// trimmed (no argument at all for empty text).
    ///
    /// - Complexity: O(n).
    static func splitTopLevel(_ text: String) -> [String] {
        let parts = splitTopLevel(text, separators: [","], quotes: ["\"", "'"]).map { $0.trimmingTwineSpace() }
        return parts == [""] ? [] : parts
    }

    /// Splits at `separators` outside strings (opened by one of `quotes`, with `\`
    /// escapes) and brackets; the parts as written.
    ///
    /// - Complexity: O(n).
    static func splitTopLevel(_ text: String, separators: Set<Unicode.Scalar>, quotes: Set<Unicode.Scalar>) -> [String] {
        // (The sets hold a few scalars each: looked through, not hashed, per scalar.)
        let separators = Array(separators)
        let quotes = Array(quotes)
        var parts: [String] = []
        var current: [Unicode.Scalar] = []
        var depth = 0
        var quote: Unicode.Scalar?
        var escaped = false
        for c in text.unicodeScalars {
            if let q = quote {
                current.append(c)
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == q { quote = nil }
                continue
            }
            switch c {
            case _ where quotes.contains(c):
                quote = c
                current.append(c)
            case "(", "[", "{":
                depth += 1
                current.append(c)
            case ")", "]", "}":
                depth -= 1
                current.append(c)
            case _ where depth <= 0 && separators.contains(c):
                parts.append(String(scalars: current))
                current.removeAll(keepingCapacity: true)
            default: current.append(c)
            }
        }
        parts.append(String(scalars: current))
        return parts
    }

}
