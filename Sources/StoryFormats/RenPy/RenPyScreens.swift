import StoryGraph

/// What a screen's buttons do, as far as storygraph reads them (`call screen` and
/// `show screen`): each line of a screen with an `action` (a `textbutton`, an
/// `imagebutton`, a `key`, a `timer`, an `action` line in a button's block) is a button,
/// under the conditions of the screen's `if`/`elif`/`else`/`showif` around it. Its
/// action (one, or a list run in order) is read up to the first that leaves the screen:
///
/// - `Jump("label")`, `Call("label")`, `Start("label")`, `Return(value)`: the button's
///   flow; `SetVariable("x", value)` and `ToggleVariable("x")` before it are its effects.
///   A button with effects and no flow (`action SetVariable("found", True)`, `hovered
///   SetVariable(…)`) changes them while the screen stays.
/// - `Show("s")`, `ShowMenu("s")` and `use s` of another screen: that screen's buttons too.
/// - `If(condition, a, b)`: what its actions set is unknown, and one that leaves the screen
///   is a dynamic link.
/// - an action storygraph does not read (`Function(f)`, a game's own `Action` class, an
///   action computed by an expression, a `Jump` to a computed label): a dynamic link,
///   never a guess.
///
/// A condition that reads a name the screen binds itself (a parameter, a `default`, a
/// `for` variable, a `$` assignment) is unknown: it is not the story's variable.
struct RenPyScreens {
    struct Button {
        enum Action: Equatable {
            case jump(String)
            case call(String)
            case returns
            /// No flow: the button only changes variables (its effects) and the screen
            /// stays.
            case stay
            /// The action as written and the kind of action it is (`Function`, `Jump`…).
            case dynamic(String, kind: String)
        }

        var text: String
        var condition: Condition?
        var effects: [Effect]
        var action: Action
        var location: SourceLocation
    }

    let game: RenPyGame

    /// Actions that neither leave the screen nor change the story's flow.
    static let quietActions: Set<String> = [
        "SetVariable", "ToggleVariable", "SetScreenVariable", "ToggleScreenVariable", "SetLocalVariable",
        "ToggleLocalVariable", "SetField", "ToggleField", "SetDict", "ToggleDict", "Hide", "NullAction", "Notify",
        "Play", "Stop", "Queue", "PauseAudio", "SetMixer", "SetMute", "ToggleMute", "SelectedIf", "SensitiveIf",
        "Preference", "With", "Rollback", "RollForward", "Skip", "OpenURL", "Help", "Screenshot", "QuickSave",
        "FileSave", "FileDelete", "FilePage", "FilePageNext", "FilePagePrevious", "HideInterface", "InvertSelected",
        "If", "ShowTransient", "Language", "SetCharacterVolume", "AddToSet", "RemoveFromSet", "ToggleSetMembership",
        "Confirm", "GetTooltip", "Scroll", "CaptureFocus", "ClearFocus", "ToggleFocus", "DisableAllInputValues",
        "MouseMove", "PlayCharacterVoice", "ToggleVoiceMute", "SetVoiceMute", "Replay", "EndReplay", "Character",
        "Text", "AudioPositionValue", "VariableValue", "FieldValue", "DictValue", "ScreenVariableValue",
        "StaticValue", "AnimatedValue", "XScrollValue", "YScrollValue", "Return", "Jump", "Call", "Start", "Show",
        "ShowMenu", "MainMenu", "Quit",
    ]

    /// The buttons of screen `name` and of the screens it shows or uses; nil when the game
    /// defines no screen of that name.
    func buttons(of name: String) -> [Button]? {
        guard game.screens[name] != nil else { return nil }
        var seen: Set<String> = []
        return buttons(of: name, under: nil, seen: &seen)
    }

    private func buttons(of name: String, under outer: Condition?, seen: inout Set<String>) -> [Button] {
        guard let place = game.screens[name], seen.insert(name).inserted else { return [] }
        let script = game.scripts[place.file]
        let locals = Self.boundNames(script, screen: place.line)
        var out: [Button] = []
        for k in (place.line + 1)..<script.blockEnd[place.line] {
            let text = script.lines[k].text
            var reader = RenPyReader(text)
            let word = reader.name() ?? ""
            let condition = Condition.joined(outer, conditions(script, line: k, screen: place.line, locals: locals))
            if word == "use" {
                if let used = reader.name() { out += buttons(of: used, under: condition, seen: &seen) }
                continue
            }
            guard let actionText = Self.actionText(text) else { continue }
            let owner = Self.actionProperties.contains(word) && script.parent[k] > place.line ? script.parent[k] : k
            let label = Self.label(script.lines[owner].text)
            var effects: [Effect] = []
            var action: Button.Action?
            for (function, argument) in Self.calls(in: actionText) {
                let constant = RenPyCompiler.constantString(Self.firstArgument(argument) ?? "")
                switch function {
                case "SetVariable":
                    let parts = Self.arguments(argument)
                    if parts.count == 2, let variable = RenPyCompiler.constantString(parts[0]) {
                        effects += game.python.effects(
                            ofStatement: "\(variable) = \(parts[1])", at: script.location(k))
                    }
                case "ToggleVariable":
                    if let variable = constant {
                        effects += game.python.havoc([variable], reading: actionText, at: script.location(k))
                    }
                case "Jump", "Call", "Start":
                    if let target = constant ?? (function == "Start" && argument.isEmpty ? "start" : nil) {
                        action = function == "Call" ? .call(target) : .jump(target)
                    } else {
                        action = .dynamic(actionText, kind: function)
                    }
                case "Return": action = .returns
                case "Show", "ShowMenu":
                    if let shown = constant {
                        out += buttons(of: shown, under: condition, seen: &seen)
                    } else {
                        action = .dynamic(actionText, kind: function)
                    }
                case _ where !Self.quietActions.contains(function) && function.first?.isUppercase == true:
                    action = .dynamic(actionText, kind: function)
                default: break
                }
                if action != nil { break }
            }
            if action == nil, Self.calls(in: actionText).isEmpty, !Self.isQuietLiteral(actionText) {
                // `action some_value`: an action the game computes.
                action = .dynamic(actionText, kind: "expression")
            }
            // `If(condition, a, b)` runs one of its actions: what they set is unknown, and
            // where it leaves the screen is not read.
            if Self.calls(in: actionText).contains(where: { $0.0 == "If" }) {
                effects = effects.map { effect in
                    Effect(
                        variable: effect.variable, value: RenPyExpressionParser.opaque(actionText), text: effect.text,
                        location: effect.location)
                }
                if let flow = action, flow != .stay { action = .dynamic(actionText, kind: "If") }
            }
            if action == nil, !effects.isEmpty { action = .stay }
            guard let action else { continue }
            out.append(
                Button(text: label, condition: condition, effects: effects, action: action, location: script.location(k)))
        }
        return out
    }

    /// The conditions of the `if`/`elif`/`else`/`showif` blocks around line `k` inside
    /// the screen at `screen`.
    private func conditions(_ script: RenPyScript, line k: Int, screen: Int, locals: Set<String>) -> Condition? {
        var parts: [Condition] = []
        var a = script.parent[k]
        while a > screen {
            parts = branchCondition(script, a, locals: locals) + parts
            a = script.parent[a]
        }
        return parts.isEmpty ? nil : parts.count == 1 ? parts[0] : .all(parts)
    }

    /// The condition under which branch `a` (an `if`, `elif`, `else` or `showif` line) shows
    /// its block.
    private func branchCondition(_ script: RenPyScript, _ a: Int, locals: Set<String>) -> [Condition] {
        func test(_ text: String) -> Condition {
            let names = RenPyExpressionParser.names(in: text)
            if names.contains(where: locals.contains) { return .test(text, .unknown(text)) }
            return .test(text, RenPyExpressionParser.parse(text))
        }
        var reader = RenPyReader(script.lines[a].text)
        if reader.keyword("showif") { return [test(reader.expression())] }
        switch script.statements[a] {
        case .if(let t): return [test(t)]
        case .elif, .else:
            // The earlier branches of the chain did not hold.
            var earlier: [Condition] = []
            var k = a - 1
            while k > script.parent[a] {
                if script.parent[k] == script.parent[a] {
                    switch script.statements[k] {
                    case .if(let t):
                        earlier.append(test(t))
                        k = script.parent[a]
                        continue
                    case .elif(let t): earlier.append(test(t))
                    default: break
                    }
                }
                k -= 1
            }
            var out = earlier.reversed().map { Condition.not($0) }
            if case .elif(let t) = script.statements[a] { out.append(test(t)) }
            return out
        default: return []
        }
    }

    /// The names a screen binds itself: its parameters, `default`s, `for` variables and
    /// `$`/`python` assignments.
    static func boundNames(_ script: RenPyScript, screen: Int) -> Set<String> {
        var names: Set<String> = []
        var reader = RenPyReader(script.lines[screen].text)
        _ = reader.keyword("screen")
        _ = reader.name()
        if reader.symbol("(") {
            let parameters = reader.expression()
            for part in arguments(String(parameters.dropLast())) {
                var p = RenPyReader(part)
                _ = p.symbol("*")
                _ = p.symbol("*")
                if let name = p.name() { names.insert(name) }
            }
        }
        for k in (screen + 1)..<script.blockEnd[screen] {
            let text = script.lines[k].text
            var line = RenPyReader(text)
            switch line.name() {
            case "default":
                if let name = line.name() { names.insert(name) }
            case "for":
                let head = line.expression(stoppingAt: ["in"])
                names.formUnion(RenPyExpressionParser.names(in: head))
            default:
                if text.hasPrefix("$") { names.formUnion(RenPyPython.assignedNames(String(text.dropFirst()))) }
            }
        }
        return names
    }

    /// The properties whose value is an action: run on a click, on focus, on a
    /// right-click.
    static let actionProperties: Set<String> = ["action", "hovered", "unhovered", "alternate"]

    /// The text after a line's first action property (to the end of the line), nil
    /// without one.
    static func actionText(_ text: String) -> String? {
        var reader = RenPyReader(text)
        while !reader.atEnd {
            if reader.peekQuote {
                _ = reader.string()
                continue
            }
            if let word = reader.name() {
                if actionProperties.contains(word) { return reader.rest() }
                continue
            }
            reader.advance()
        }
        return nil
    }

    /// What a button is called: a `textbutton`'s text, else its kind (and first string).
    static func label(_ text: String) -> String {
        var reader = RenPyReader(text)
        let word = reader.name() ?? "button"
        let first = RenPyGame.firstString(text)
        if word == "textbutton", let first { return first }
        if word == "key", let first { return "key \(first)" }
        return word
    }

    /// A literal action that does nothing: `None`, an empty list (`[]`, `[[]]`).
    static func isQuietLiteral(_ text: String) -> Bool {
        var reader = RenPyReader(text)
        if reader.keyword("None") { return true }
        let list = text.prefix { $0 == "[" || $0 == "]" || $0 == "," || $0 == " " }
        return list.hasPrefix("[") && list.filter { $0 == "[" }.count == list.filter { $0 == "]" }.count
    }

    /// The calls `Name(arguments)` of a piece of Python in order (outer ones first), with
    /// their argument text.
    static func calls(in text: String) -> [(String, String)] {
        let s = Array(text.unicodeScalars)
        var out: [(String, String)] = []
        var i = 0
        while i < s.count {
            let c = s[i]
            if RenPyReader.isQuote(c) {
                i = RenPyReader.scanString(s, at: i)?.end ?? s.count
                continue
            }
            guard RenPyReader.isNameStart(c), i == 0 || (!RenPyReader.isNamePart(s[i - 1]) && s[i - 1] != ".") else {
                i += 1
                continue
            }
            var j = i
            while j < s.count, RenPyReader.isNamePart(s[j]) || s[j] == "." { j += 1 }
            let name = String(String.UnicodeScalarView(s[i..<j]))
            var k = j
            while k < s.count, s[k] == " " { k += 1 }
            guard k < s.count, s[k] == "(", !name.contains(".") else {
                i = j
                continue
            }
            let close = matching(s, open: k)
            out.append((name, String(String.UnicodeScalarView(s[(k + 1)..<max(k + 1, close)]))))
            i = k + 1
        }
        return out
    }

    /// Walks `s` from `start`, stepping over quoted strings, and calls `visit` with each
    /// other scalar's index and its bracket depth after it (an opening bracket counts itself,
    /// a closing one does not); `visit` returns false to stop. The one bracket scanner of
    /// `matching` and `arguments`.
    private static func walkBrackets(
        _ s: [Unicode.Scalar], from start: Int, _ visit: (_ index: Int, _ depth: Int) -> Bool
    ) {
        var depth = 0
        var i = start
        while i < s.count {
            let c = s[i]
            if RenPyReader.isQuote(c) {
                i = RenPyReader.scanString(s, at: i)?.end ?? s.count
                continue
            }
            if c == "(" || c == "[" || c == "{" { depth += 1 }
            if c == ")" || c == "]" || c == "}" { depth -= 1 }
            if !visit(i, depth) { return }
            i += 1
        }
    }

    /// The index of the bracket closing the one at `open` (or the end).
    private static func matching(_ s: [Unicode.Scalar], open: Int) -> Int {
        var close = s.count
        walkBrackets(s, from: open) { i, depth in
            let c = s[i]
            guard depth == 0, c == ")" || c == "]" || c == "}" else { return true }
            close = i
            return false
        }
        return close
    }

    /// The top-level comma-separated arguments of an argument list, trimmed.
    static func arguments(_ text: String) -> [String] {
        let s = Array(text.unicodeScalars)
        var parts: [String] = []
        var start = 0
        walkBrackets(s, from: 0) { i, depth in
            if s[i] == ",", depth == 0 {
                parts.append(String(String.UnicodeScalarView(s[start..<i])))
                start = i + 1
            }
            return true
        }
        parts.append(String(String.UnicodeScalarView(s[start..<s.count])))
        return parts.map(RenPyReader.trimmed).filter { !$0.isEmpty }
    }

    static func firstArgument(_ text: String) -> String? {
        guard let first = arguments(text).first, !first.contains("=") || first.hasPrefix("\"") || first.hasPrefix("'")
        else { return nil }
        return first
    }
}
