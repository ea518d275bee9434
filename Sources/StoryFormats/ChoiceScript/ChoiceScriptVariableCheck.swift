import StoryGraph

/// quicktest's "Non-existent variable" error, made without running the game: a variable
/// read or set (in `*set`, `*if`/`*elseif`, `*selectable_if`, inline option conditions,
/// `*rand`, `*input_*`, and `${…}` in text) that no `*create` of the startup scene, no
/// `*temp`/`*params`/array declaration of the same scene and no built-in (`choice_…`)
/// declares. Reported on the line that uses it, once per variable and line.
enum ChoiceScriptVariableCheck {
    static func findings(_ scene: ChoiceScriptSceneText, created: Set<String>) -> [Diagnostic] {
        var known = created
        for line in scene.lines {
            guard let command = line.command else { continue }
            let words = line.data.split(separator: " ", omittingEmptySubsequences: true).map { $0.lowercased() }
            switch command {
            case "temp", "create":
                if let name = words.first { known.insert(name) }
            case "temp_array", "create_array":
                if let name = words.first {
                    known.insert(name + "_count")
                    let count = words.count == 2 ? Int(words[1]) ?? (words.count - 1) : words.count - 1
                    for k in 0...max(count, 0) { known.insert("\(name)_\(k)") }
                }
            case "params":
                for (k, name) in words.enumerated() {
                    known.insert(name)
                    known.insert("param_\(k + 1)")
                }
                known.insert("param_count")
            default: break
            }
        }
        var findings: [Diagnostic] = []
        for (i, line) in scene.lines.enumerated() {
            var used: [String] = []
            if let command = line.command {
                switch command {
                case "set", "rand", "input_text", "input_number":
                    let name = line.data.prefix(while: ChoiceScriptLine.isWordCharacter)
                    let next = line.data.dropFirst(name.count).first
                    if !name.isEmpty, next != "[", next != "{" { used.append(name.lowercased()) }
                    if command == "set",
                        let effect = ChoiceScriptStatements.effect(
                            command: command, data: line.data, at: scene.location(i))
                    {
                        used += effect.value.variables
                    }
                case "if", "elseif", "elsif", "selectable_if":
                    var test = line.data
                    if test.first == "(", let close = ChoiceScriptChoiceBlock.closingParenthesis(test) {
                        let rest = ChoiceScriptLine.trimmed(test[test.index(after: close)...])
                        if rest.first == "#" { test = test[test.index(after: test.startIndex)..<close] }
                    }
                    used += ChoiceScriptExpressionParser.parse(test).variables
                default: break
                }
            }
            if line.command == nil || line.command == "if" || line.command == "selectable_if" {
                used += interpolated(line.content)
            }
            var seen: Set<String> = []
            for name in used
            where !known.contains(name) && !name.hasPrefix("choice_") && name != "implicit_control_flow" {
                guard seen.insert(name).inserted else { continue }
                findings.append(
                    scene.error("Non-existent variable '\(name)'", at: i, rule: ChoiceScriptRules.unknownVariable))
            }
        }
        return findings
    }

    /// The variables of `${name}`, `$!{name}`, `$!!{name}` and `@{name …}` in text.
    static func interpolated(_ text: Substring) -> [String] {
        var names: [String] = []
        var i = text.startIndex
        while let brace = text[i...].firstIndex(of: "{") {
            let before = text[..<brace]
            let isReference =
                before.hasSuffix("$") || before.hasSuffix("$!") || before.hasSuffix("$!!") || before.hasSuffix("@")
                || before.hasSuffix("@!") || before.hasSuffix("@!!")
            i = text.index(after: brace)
            guard isReference else { continue }
            var end = i
            var depth = 1
            while end < text.endIndex {
                if text[end] == "{" { depth += 1 }
                if text[end] == "}" {
                    depth -= 1
                    if depth == 0 { break }
                }
                end = text.index(after: end)
            }
            var inner = text[i..<end]
            if before.hasSuffix("@") || before.hasSuffix("@!") || before.hasSuffix("@!!") {
                // @{variable option|option}: the expression is the first word (or parenthesised).
                if inner.first == "(", let close = ChoiceScriptChoiceBlock.closingParenthesis(inner) {
                    inner = inner[inner.index(after: inner.startIndex)..<close]
                } else if let space = inner.firstIndex(of: " ") {
                    inner = inner[..<space]
                }
            }
            names += ChoiceScriptExpressionParser.parse(inner).variables
            i = end < text.endIndex ? text.index(after: end) : end
        }
        return names
    }
}
