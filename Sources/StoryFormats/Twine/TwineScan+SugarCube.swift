import StoryGraph

/// SugarCube (and Twine 1) macros: `<<if>>` blocks, `<<link>>`, `<<goto>>`, `<<include>>`,
/// `<<actions>>`, `<<back>>`, and the arguments of macros storygraph does not know.
extension TwineScan {
    // MARK: SugarCube

    mutating func sugarCubeMacro() {
        let start = i
        var k = start + 2
        let closing = k < s.count && s[k] == "/"
        if closing { k += 1 }
        let nameStart = k
        while k < s.count, s[k].isAlphabeticFast || ("0"..."9").contains(s[k]) || s[k] == "_" || s[k] == "-" {
            k += 1
        }
        guard k > nameStart else {
            i = start + 2
            return
        }
        let name = text(nameStart..<k).lowercased()
        guard let end = macroEnd(from: k) else {
            result.diagnostics.append(
                Diagnostic(
                    .warning, "'<<\(closing ? "/" : "")\(name)' is not closed by '>>'; it is not read",
                    at: locate(start), rule: FormatRules.twineUnterminatedMacro.id))
            i = k
            return
        }
        // The arguments trimmed (as `trimmingTwineSpace` trims), read from the scalars.
        var first = k
        var last = end
        while first < last && s[first].isSpaceFast { first += 1 }
        while last > first && s[last - 1].isSpaceFast { last -= 1 }
        i = end + 2
        if closing {
            pop(name == "endif" ? "if" : name)
            return
        }
        let argumentText = text(first..<last)
        let arguments = TwineScan.arguments(s[first..<last])
        switch name {
        case "if":
            push("if", isHook: false, condition: sugarCubeTest(argumentText), linkText: nil)
            if dialect == .sugarcube { blocks[blocks.count - 1].openingTag = start }
        case "elseif":
            elseIf(sugarCubeTest(argumentText))
        case "else":
            if argumentText.hasPrefix("if ") {
                elseIf(sugarCubeTest(String(argumentText.dropFirst(3)).trimmingTwineSpace()))
            } else {
                recondition("if") { TwineScan.branch(after: $0.chain, nil) }
            }
        case "endif":
            pop("if")
        case "switch":
            push("switch", isHook: false, condition: nil, linkText: nil)
            blocks[blocks.count - 1].subject = argumentText
        case "case":
            let subject = blocks.last?.subject ?? ""
            let test = sugarCubeTest("\(subject) is \(argumentText)")
            recondition("switch") { _ in test }
            if blocks.last?.name == "switch" { blocks[blocks.count - 1].chain.append(test) }
        case "default":
            recondition("switch") { TwineScan.branch(after: $0.chain, nil) }
        case "link", "button":
            clickable(name, arguments, argumentText, at: start)
        case "set":
            result.writtenAssignments.append(.init(text: argumentText, macro: "set", offset: start))
            sugarCubeSet(argumentText, at: start)
        case "unset":
            sugarCubeUnset(argumentText, at: start)
        case "for":
            result.havocked += TwineTargetValues.variableNames(in: argumentText)
            push("for", isHook: false, condition: nil, linkText: nil, isLoop: true)
        case "linkreplace", "linkappend", "linkprepend":
            push(name, isHook: false, condition: nil, linkText: TwineScan.label(arguments.first))
        case "goto":
            jump(arguments, argumentText, kind: .auto, at: start)
        case "include", "display":
            jump(
                Array(arguments.prefix(1)), TwineScan.firstArgumentText(arguments) ?? argumentText, kind: .include,
                at: start)
        case "actions", "choice":
            choices(name, arguments, at: start)
        case "back", "return":
            if case .markup(let content)? = arguments.first, let (label, target) = TwineLinkMarkup.passageLink(content)
            {
                markupLink(label, target, kind: .choice, at: start)
            } else {
                add(
                    TwineScan.label(arguments.first) ?? name.capitalized,
                    "<<\(name)\(argumentText.isEmpty ? "" : " " + argumentText)>>", kind: .dynamic, at: start)
            }
        case "run":
            // `<<run Engine.play("P")>>`: the JavaScript's navigation calls.
            i = k
            scriptJumps(until: end)
            i = end + 2
        case "script":
            // JavaScript: only its navigation calls are read.
            var close = i
            while close < s.count && !(s[close] == "<" && at(close, "<</script>>")) { close += 1 }
            scriptJumps(until: close)
            i = min(s.count, close + "<</script>>".unicodeScalars.count)
        case "widget":
            let bodyStart = i
            skip(to: "<</widget>>")
            if case .string(let widgetName)? = arguments.first, !widgetName.isEmpty {
                let bodyEnd = at(i - 11, "<</widget>>") ? i - 11 : i
                result.widgets.append((widgetName, bodyStart..<max(bodyStart, bodyEnd)))
            }
        case "textbox", "textarea", "numberbox", "checkbox", "radiobutton", "listbox", "cycle":
            // The reader gives the variable its value.
            if case .string(let variable)? = arguments.first { readerInput(variable, at: start) }
            // `<<textbox "$name" "" "Next">>`: Enter in the box goes to the passage.
            if name == "textbox" || name == "numberbox", arguments.count >= 3 {
                switch arguments[2] {
                case .string(let target), .bare(let target):
                    if target != "autofocus" { add(target, target, kind: .choice, at: start) }
                case .markup(let content):
                    if let (_, target) = TwineLinkMarkup.passageLink(content) {
                        markupLink(target, target, kind: .choice, at: start)
                    }
                default: break
                }
            }
        default:
            guard !TwineScan.sugarCubeMacros.contains(name) else { break }
            result.macroCalls.append(
                .init(
                    name: name,
                    arguments: arguments.map {
                        switch $0 {
                        case .string(let value), .bare(let value): value
                        case .markup(let content): TwineLinkMarkup.passageLink(content)?.target
                        default: nil
                        }
                    },
                    written: arguments.map {
                        switch $0 {
                        case .string(let text), .bare(let text), .expression(let text), .markup(let text),
                            .image(let text):
                            text
                        }
                    }, offset: start, location: locate(start), condition: condition, linkText: linkText))
            for argument in arguments {
                if case .string(let value) = argument, !value.isEmpty {
                    result.unknownMacroArguments.append(
                        .init(macro: name, argument: value, location: locate(start), condition: condition))
                }
            }
        }
    }

    /// The `>>` that closes a macro's arguments, as SugarCube's parser finds it: outside
    /// strings, and outside link and image markup, which runs to its first `]]` on its line
    /// (`<<link [[Thank <<him>>|P]]>>` ends after the `]]`, not inside `<<him>>`).
    mutating func macroEnd(from: Int) -> Int? {
        var k = from
        let end = min(s.count, from + TwineScan.maximumSearch)
        var quote: Unicode.Scalar?
        defer { _ = spend(k - from + 1) }
        while k < end {
            let c = s[k]
            if let q = quote {
                if c == "\\" {
                    k += 2
                    continue
                }
                if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == "[", at(k, "[[") || at(k, "[img[") || at(k, "[<img[") || at(k, "[>img[") {
                var j = k + 2
                while j + 1 < end && s[j] != "\n" && !(s[j] == "]" && s[j + 1] == "]") { j += 1 }
                if j + 1 < end && s[j] == "]" {
                    k = j + 2
                    continue
                }
            } else if c == ">" && k + 1 < end && s[k + 1] == ">" {
                return k
            }
            k += 1
        }
        return nil
    }

    /// `<<elseif>>`: its test holds and every earlier one of the chain does not.
    mutating func elseIf(_ test: Condition) {
        recondition("if") { TwineScan.branch(after: $0.chain, test) }
        if blocks.last?.name == "if" { blocks[blocks.count - 1].chain.append(test) }
    }

    /// SugarCube 2's own macros (and Twine 1's), whose arguments are not passage names
    /// unless read above: an unknown macro is a story's widget or a library's.
    static let sugarCubeMacros: Set<String> = [
        "capture", "set", "unset", "run", "print", "=", "-", "do", "redo", "include", "display",
        "nobr", "silently", "type", "if", "elseif", "else", "endif", "for", "break", "continue",
        "switch", "case", "default", "button", "checkbox", "cycle", "option", "optionsfrom",
        "link", "linkappend", "linkprepend", "linkreplace", "listbox", "numberbox", "radiobutton",
        "textarea", "textbox", "actions", "back", "choice", "return", "addclass", "append", "copy",
        "prepend", "remove", "removeclass", "replace", "toggleclass", "audio", "cacheaudio",
        "createaudiogroup", "createplaylist", "masteraudio", "playlist", "removeaudiogroup",
        "removeplaylist", "waitforaudio", "goto", "repeat", "stop", "timed", "next", "widget",
        "script", "done", "remember", "forget", "click", "endsilently", "endnobr",
        "settimeout", "track", "volume", "stopallaudio", "loadscreen", "dialog", "popup",
    ]

    /// `<<link "text" "P">>`, `<<link [[text|P]]>>`, `<<link "text">>…<</link>>`.
    mutating func clickable(_ name: String, _ arguments: [TwineMacroArgument], _ argumentText: String, at start: Int) {
        var label = TwineScan.label(arguments.first)
        let before = result.choices.count
        defer { blocks[blocks.count - 1].firstChoice = before }
        switch arguments.first {
        case .markup(let content)?:
            let markup = TwineLinkMarkup(content: content)
            if markup.isPassageLink {
                markupLink(
                    markup.label, markup.target, kind: .choice, at: start,
                    effects: sugarCubeSetter(markup.setter, at: start))
                label = markup.label
            }
        case .image(let content)?:
            let parts = content.components(separatedBy: "][")
            if parts.count >= 2 {
                let target = parts[1].trimmingTwineSpace()
                if !target.isEmpty { add(target, target, kind: .choice, at: start) }
            }
        default:
            if arguments.count >= 2 {
                let text = label ?? argumentText
                switch arguments[1] {
                case .string(let target), .bare(let target):
                    add(text, target, kind: .choice, at: start)
                case .markup(let content):
                    if let (_, target) = TwineLinkMarkup.passageLink(content) {
                        markupLink(text, target, kind: .choice, at: start)
                    }
                case .expression(let expression), .image(let expression):
                    addComputed(text, expression, as: .choice, at: start)
                }
            }
        }
        push(name, isHook: false, condition: nil, linkText: label ?? argumentText)
    }

    /// `<<goto "P">>`, `<<goto [[P]]>>`, `<<include "P">>`; anything else is dynamic.
    mutating func jump(_ arguments: [TwineMacroArgument], _ argumentText: String, kind: Choice.Kind, at start: Int) {
        if arguments.count == 1 {
            switch arguments[0] {
            case .string(let target), .bare(let target):
                add(target, target, kind: kind, at: start)
                return
            case .markup(let content):
                if let (text, target) = TwineLinkMarkup.passageLink(content) {
                    markupLink(text, target, kind: kind, at: start)
                }
                return
            default:
                break
            }
        }
        guard !argumentText.isEmpty else { return }
        addComputed(argumentText, argumentText, as: kind, at: start)
    }

    /// A `[[…]]` link's target inside a macro: SugarCube reads one that is not a name
    /// as TwineScript (`<<link [[Next|$passage]]>>`), and a quoted one as its string.
    mutating func markupLink(
        _ text: String, _ target: String, kind: Choice.Kind, at start: Int, effects: [Effect] = []
    ) {
        if let literal = TwineScan.harloweString(target) {
            add(text, literal, kind: kind, at: start, effects: effects)
        } else if TwineScan.isSugarCubeExpression(target) {
            addComputed(text, target, as: kind, at: start, effects: effects)
        } else {
            add(text, target, kind: kind, at: start, effects: effects)
        }
    }

    /// `<<actions [[a]] "b">>`, `<<choice "P" "text">>`, `<<choice [[text|P]]>>`.
    mutating func choices(_ name: String, _ arguments: [TwineMacroArgument], at start: Int) {
        if name == "choice", arguments.count == 2, case .string(let target) = arguments[0],
            case .string(let text) = arguments[1]
        {
            add(text, target, kind: .choice, at: start)
            return
        }
        for argument in arguments {
            switch argument {
            case .string(let target), .bare(let target):
                add(target, target, kind: .choice, at: start)
            case .markup(let content):
                if let (text, target) = TwineLinkMarkup.passageLink(content) {
                    markupLink(text, target, kind: .choice, at: start)
                }
            case .expression(let expression):
                addComputed(expression, expression, as: .choice, at: start)
            case .image:
                break
            }
        }
    }

    static func label(_ argument: TwineMacroArgument?) -> String? {
        switch argument {
        case .string(let text)?, .bare(let text)?: text
        case .markup(let content)?: TwineLinkMarkup.passageLink(content)?.text
        default: nil
        }
    }

    static func firstArgumentText(_ arguments: [TwineMacroArgument]) -> String? {
        switch arguments.first {
        case .string(let text)?, .bare(let text)?, .expression(let text)?, .markup(let text)?, .image(let text)?: text
        case nil: nil
        }
    }

    static let keywords: Set<String> = [
        "true", "false", "null", "undefined", "setup", "settings", "previous", "passage", "NaN",
        "to", "is", "isnot", "and", "or", "not", "eq", "neq", "gt", "gte", "lt", "lte", "def", "ndef",
    ]

    /// Splits SugarCube macro arguments as SugarCube does: quoted strings, link markup,
    /// image markup, and barewords (a variable, call or keyword is an expression).
    ///
    /// - Complexity: O(n) in the length of the arguments.
    static func arguments(_ text: String) -> [TwineMacroArgument] {
        arguments(Array(text.unicodeScalars)[...])
    }

    /// `arguments` of the text of `s` (offsets are those of the array `s` is part of).
    static func arguments(_ s: ArraySlice<Unicode.Scalar>) -> [TwineMacroArgument] {
        var result: [TwineMacroArgument] = []
        var k = s.startIndex
        let count = s.endIndex
        func string(_ range: Range<Int>) -> String { String(scalars: s[range]) }
        while k < count {
            let c = s[k]
            if c.isSpaceFast {
                k += 1
                continue
            }
            if c == "\"" || c == "'" || c == "`" {
                var value: [Unicode.Scalar] = []
                var j = k + 1
                while j < count && s[j] != c {
                    if s[j] == "\\" && j + 1 < count { j += 1 }
                    value.append(s[j])
                    j += 1
                }
                result.append(c == "`" ? .expression(string(k..<min(j + 1, count))) : .string(String(scalars: value)))
                k = j + 1
                continue
            }
            if c == "[" && k + 1 < count && (s[k + 1] == "[" || s[k + 1] == "i" || s[k + 1] == "<" || s[k + 1] == ">")
            {
                var j = k
                while j + 1 < count && !(s[j] == "]" && s[j + 1] == "]") { j += 1 }
                let end = min(j + 2, count)
                if s[k + 1] == "[" {
                    result.append(.markup(string(k + 2..<max(k + 2, end - 2))))
                } else {
                    let open = s[k + 1] == "i" ? k + 5 : k + 6
                    result.append(.image(string(min(open, end)..<max(min(open, end), end - 2))))
                }
                k = end
                continue
            }
            var j = k
            while j < count && !s[j].isSpaceFast { j += 1 }
            let word = string(k..<j)
            // (An ASCII word's characters are its scalars: no `String.contains` search.)
            let ascii = s[k..<j].allSatisfy { $0.isASCII }
            let isExpression =
                word.hasPrefix("$") || word.hasPrefix("_")
                || (ascii ? s[k..<j].contains("(") || s[k..<j].contains(".") : word.contains("(") || word.contains("."))
                || keywords.contains(word) || !(word.first?.isLetter ?? false)
            result.append(isExpression ? .expression(word) : .bare(word))
            k = j
        }
        return result
    }

}

extension TwineScan {
    /// Whether a `[[…]]` target reads as a TwineScript expression rather than a passage
    /// name: a variable (`$next`, `_room`), a call (`previous()`, `setup.pick("a")`), or a
    /// quoted string built up (`"Room " + $n`). A name with a space before its bracket
    /// (`Talk (again)`) is a name.
    static func isSugarCubeExpression(_ target: String) -> Bool {
        let scalars = Array(target.unicodeScalars)
        guard let first = scalars.first else { return false }
        func isNameScalar(_ c: Unicode.Scalar) -> Bool {
            c.isAlphabeticFast || ("0"..."9").contains(c) || c == "_" || c == "$"
        }
        if first == "$" || first == "_", scalars.count > 1, scalars[1].isAlphabeticFast || scalars[1] == "_" {
            // `$next`, `$a.b[0]`, `$navigation.stack.last()`, `$a ? "X" : "Y"`: a
            // variable and what follows it (a passage of that very name stays a name).
            return true
        }
        // A backquoted expression (`` `$a ? $a : "B"` ``): what it evaluates to, read by the
        // story's SugarCube, is not settled here, so it is computed, not a broken name.
        if first == "`" && scalars.count > 1 && scalars.last == "`" { return true }
        if first == "\"" || first == "'" || first == "`" { return scalars.contains("+") }
        // name(…) or a.b.c(…), ending at its closing parenthesis
        guard first.isAlphabeticFast, scalars.last == ")" else { return false }
        var k = 0
        while k < scalars.count && (isNameScalar(scalars[k]) || scalars[k] == ".") { k += 1 }
        return k < scalars.count && scalars[k] == "("
    }
}
