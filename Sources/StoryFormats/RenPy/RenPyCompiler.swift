import Foundation
import StoryGraph

/// Turns a Ren'Py game into passages by following Ren'Py's own flow: each label is a
/// passage; say statements are its text; a `menu` ends it in one choice per item (its
/// `if` a condition); an `if`/`elif`/`else` or `while` ends it in automatic conditional
/// steps; `jump` is a step, `call` a call that returns to the statement after it, and
/// the end of a label's block falls through to the next statement (the next label).
/// A `return` (or the end of a file) goes back to the caller inside a called label and
/// ends the game elsewhere. Passages also start at menu items' and branches' bodies and
/// where flow joins after them. Each passage is compiled once from a worklist.
struct RenPyCompiler {
    typealias Place = RenPyGame.Place

    let game: RenPyGame
    private(set) var passages: [Passage] = []
    private(set) var diagnostics: [Diagnostic] = []

    private var entries: [Place: String] = [:]
    /// Passages to compile: their id, where their flow starts, and the label statement
    /// that names them (nil for a passage that starts inside a label).
    private var worklist: [(id: String, place: Place, label: Place?)] = []
    /// Passages whose flow ends in a `return`, with where.
    private var returns: [String: SourceLocation] = [:]
    /// Every statement the flow of some passage reads.
    private(set) var visited = Set<Place>()
    /// Which label owns each internal passage (for the standard labels' machinery).
    private(set) var ownerOf: [String: String] = [:]
    /// The effects of each Python statement already read, at the place first read: a
    /// statement's effects depend on its text alone (and the game's Python, read before),
    /// and large games repeat the same `$` lines thousands of times.
    private var effectsOfCode: [String: [Effect]] = [:]
    /// Each script's file name, for the passages' metadata.
    private var fileNames: [Int: String] = [:]
    /// The `show screen`/`hide screen` statements of each passage, in order.
    private var screenEvents: [String: [(name: String, shown: Bool)]] = [:]

    /// The `define`d variables with a constant value, shown in `[var]` interpolations.
    private let defined: [String: RenPyValue]

    init(game: RenPyGame) {
        self.game = game
        var defined: [String: RenPyValue] = [:]
        for variable in game.variables where variable.isConstant {
            if let value = variable.initial, RenPyInterpolation.isShown(value) { defined[variable.name] = value }
        }
        self.defined = defined
    }

    mutating func compile() {
        for (name, place) in game.labels {
            let script = game.scripts[place.file]
            entries[place] = name
            let first = script.blockEnd[place.line] > place.line + 1 ? place.line + 1 : script.next[place.line]
            // A duplicate keeps its passage (the shared validation reports it, first wins).
            worklist.append((name, Place(file: place.file, line: first), place))
            ownerOf[name] = name
            if case .menu = script.statements[place.line] {
                worklist[worklist.count - 1].place = place
            }
        }
        var next = 0
        var order: [(file: Int, line: Int)] = []
        while next < worklist.count {
            let (id, place, label) = worklist[next]
            next += 1
            passages.append(compilePassage(id: id, from: place, label: label))
            let at = label ?? place
            order.append((at.file, at.line))
        }
        // In source order: by file, then by line.
        passages = zip(order, passages).sorted { ($0.0.file, $0.0.line) < ($1.0.file, $1.0.line) }.map(\.1)
        offerShownScreens()
        resolveReturns()
    }

    /// The passage that starts at `place`, made an entry.
    private mutating func entry(_ place: Place) -> String {
        if let id = entries[place] { return id }
        let script = game.scripts[place.file]
        let owner = game.globalLabel[place.file][safe: place.line] ?? game.globalLabel[place.file].last ?? nil
        let stem = ((script.source.path as NSString).lastPathComponent as NSString).deletingPathExtension
        let line = place.line < script.lines.count ? script.lines[place.line].number : script.location(place.line).line
        let id = "\(owner ?? stem):\(place.line < script.lines.count ? "\(line)" : "end")"
        entries[place] = id
        ownerOf[id] = owner ?? stem
        worklist.append((id, place, nil))
        return id
    }

    private func location(_ place: Place) -> SourceLocation { game.scripts[place.file].location(place.line) }

    /// The effects of one Python statement (`RenPyPython.effects(ofStatement:at:)`), read
    /// once per distinct text; a statement that havocs many names is read each time (kept,
    /// its effects would hold hundreds of entries per distinct text).
    private mutating func effects(of code: String, at location: SourceLocation) -> [Effect] {
        guard var effects = effectsOfCode[code] else {
            let effects = game.python.effects(ofStatement: code, at: location)
            if effects.count <= 16 { effectsOfCode[code] = effects }
            return effects
        }
        for k in effects.indices { effects[k].location = location }
        return effects
    }

    private mutating func fileName(_ file: Int) -> String {
        if let name = fileNames[file] { return name }
        let name = (game.scripts[file].source.path as NSString).lastPathComponent
        fileNames[file] = name
        return name
    }

    // swiftlint:disable:next function_body_length cyclomatic_complexity
    private mutating func compilePassage(id: String, from start: Place, label labelPlace: Place?) -> Passage {
        let script = game.scripts[start.file]
        let f = start.file
        var passage = Passage(id: id, location: location(labelPlace ?? start))
        // A label names a place to jump to, not a page: often a branch with no text.
        passage.isFlowPoint = true
        passage.metadata["file"] = fileName(f)
        var text: [String] = []
        // The text as shown, once an interpolation in it has a known value
        // (`RenPyInterpolation`), and the values known so far in the passage.
        var shown: [String]?
        var known = defined
        var effectsSeen = 0
        var i = start.line
        func auto(_ target: String, at line: Int) -> Choice {
            Choice(text: "", target: target, kind: .auto, location: script.location(line))
        }
        var previous: Int?
        flow: while true {
            guard i < script.lines.count else {
                returns[id] = script.location(i)
                break
            }
            let here = Place(file: f, line: i)
            if let target = entries[here], target != id || i != start.line {
                passage.choices.append(auto(target, at: i))
                break
            }
            // Out of a block (a menu item's, a branch's) onto the statement after it: the
            // flow joins there, one passage for every way in.
            if let p = previous, script.parent[i] != script.parent[p], !(p < i && i < script.blockEnd[p]) {
                passage.choices.append(auto(entry(here), at: p))
                break
            }
            visited.insert(here)
            previous = i
            switch script.statements[i] {
            case .label:
                if let target = entries[here] { passage.choices.append(auto(target, at: i)) }
                break flow
            case .say(let who, let what, let triple):
                for paragraph in triple ? what.components(separatedBy: "\n\n") : [what] {
                    say(who, paragraph, into: &text)
                    guard paragraph.contains("[") || shown != nil else { continue }
                    Self.learn(passage.effects[effectsSeen...], into: &known)
                    effectsSeen = passage.effects.count
                    let interpolated = RenPyInterpolation.interpolate(paragraph, known: known)
                    if shown == nil, interpolated != paragraph { shown = Array(text.dropLast()) }
                    if shown != nil { say(who, interpolated, into: &shown!) }
                }
                i = script.next[i]
            case .menu:
                compileMenu(&passage, &text, at: here)
                break flow
            case .if:
                compileIf(&passage, at: here)
                break flow
            case .while(let test):
                if i != start.line || entries[here] == nil {
                    passage.choices.append(auto(entry(here), at: i))
                    break flow
                }
                let condition = Condition.test(test, RenPyExpressionParser.parse(test))
                passage.choices.append(
                    Choice(
                        text: "", target: entry(Place(file: f, line: firstInBlock(script, i))), condition: condition,
                        kind: .auto, location: script.location(i)))
                passage.choices.append(
                    Choice(
                        text: "", target: entry(Place(file: f, line: script.next[i])), condition: .not(condition),
                        kind: .auto, location: script.location(i)))
                break flow
            case .scriptBlock:
                i = firstInBlock(script, i)
            case .elif, .else:
                // Reached only by a block's flow: the chain is done.
                i = script.next[i]
            case .jump(let written):
                let target = game.target(written, at: here)
                // A jump into Ren'Py's own library (`jump _quit`) leaves the story.
                if RenPyGame.commonLabels.contains(target) {
                    passage.ending = Passage.Ending()
                } else {
                    passage.choices.append(jump(target, at: i, in: script))
                }
                break flow
            case .jumpExpression(let expression):
                if let constant = Self.constantString(expression) {
                    passage.choices.append(jump(game.target(constant, at: here), at: i, in: script))
                } else {
                    passage.choices.append(
                        Choice(text: "", target: expression, kind: .dynamic, location: script.location(i)))
                }
                break flow
            case .call(let written):
                let target = game.target(written, at: here)
                if RenPyGame.commonLabels.contains(target) {
                    i = script.next[i]
                    continue
                }
                passage.choices.append(call(target, after: Place(file: f, line: script.next[i]), at: i, in: script))
                break flow
            case .callExpression(let expression):
                if let constant = Self.constantString(expression) {
                    passage.choices.append(
                        call(game.target(constant, at: here), after: Place(file: f, line: script.next[i]), at: i, in: script))
                } else {
                    // The label is computed; when it returns, the flow goes on after the call.
                    passage.choices.append(
                        Choice(text: "", target: expression, kind: .dynamic, location: script.location(i)))
                    passage.choices.append(auto(entry(Place(file: f, line: script.next[i])), at: i))
                }
                break flow
            case .callScreen(let name):
                // A screen whose buttons change variables and stay is a passage of its
                // own, which those buttons come back to.
                if i != start.line || entries[here] == nil, Self.hasStay(RenPyScreens(game: game).buttons(of: name)) {
                    passage.choices.append(auto(entry(here), at: i))
                    break flow
                }
                compileScreen(name, &passage, at: here)
                break flow
            case .showScreen(let name), .hideScreen(let name):
                screenEvents[id, default: []].append((name, script.statements[i] == .showScreen(name)))
                i = script.next[i]
            case .return:
                returns[id] = script.location(i)
                break flow
            case .python(let code):
                if navigate(code, &passage, at: here) { break flow }
                passage.effects += game.menuSetEffects(effects(of: code, at: script.location(i)))
                i = script.next[i]
            case .pythonBlock(isInit: false):
                let code = script.blockText(of: i)
                let straight = (i + 1..<script.blockEnd[i]).allSatisfy { script.blockEnd[$0] == $0 + 1 }
                    && (i + 1..<script.blockEnd[i]).allSatisfy { script.lines[$0].indent == script.lines[i + 1].indent }
                if straight {
                    var stopped = false
                    for k in (i + 1)..<script.blockEnd[i] {
                        if navigate(script.lines[k].text, &passage, at: Place(file: f, line: k)) {
                            stopped = true
                            break
                        }
                        passage.effects += effects(of: script.lines[k].text, at: script.location(k))
                    }
                    if stopped { break flow }
                } else {
                    let tokens = RenPyExpressionParser.tokens(of: code, lenient: true) ?? []
                    passage.effects += game.python.havoc(
                        game.python.written(by: code, tokens: tokens), reading: code, at: script.location(i))
                    // A jump inside code storygraph does not follow may or may not happen.
                    let jumps = Self.constantCalls(of: "renpy.jump", in: code).filter {
                        !RenPyGame.commonLabels.contains($0)
                    }
                    if !jumps.isEmpty {
                        for target in jumps { passage.choices.append(jump(target, at: i, in: script)) }
                        passage.choices.append(auto(entry(Place(file: f, line: script.next[i])), at: i))
                        break flow
                    }
                }
                i = script.next[i]
            default:
                i = script.next[i]
            }
        }
        passage.text = text.joined(separator: "\n")
        if var shown {
            // A menu's caption, said after the last line.
            Self.learn(passage.effects[effectsSeen...], into: &known)
            shown += text[min(shown.count, text.count)...].map { RenPyInterpolation.interpolate($0, known: known) }
            passage.readerText = shown.joined(separator: "\n")
        }
        return passage
    }

    /// The values a passage's effects leave known: a constant assigned, until something
    /// else writes the variable.
    private static func learn(_ effects: ArraySlice<Effect>, into known: inout [String: RenPyValue]) {
        for effect in effects {
            if effect.operation == .set, RenPyInterpolation.isShown(effect.value) {
                known[effect.variable] = effect.value
            } else {
                known[effect.variable] = nil
            }
        }
    }

    /// A say statement's line: `Who: text` (the character's name), narration as it is;
    /// `extend` continues the line before.
    private func say(_ who: String?, _ what: String, into text: inout [String]) {
        guard let who else {
            text.append(what)
            return
        }
        if who == "extend", !text.isEmpty {
            text[text.count - 1] += what
            return
        }
        if who == "narrator" || who == "centered" {
            text.append(what)
            return
        }
        text.append("\(game.characters[who] ?? who): \(what)")
    }

    /// The first statement of `i`'s block, or what runs after `i` when it has none.
    private func firstInBlock(_ script: RenPyScript, _ i: Int) -> Int {
        script.blockEnd[i] > i + 1 ? i + 1 : script.next[i]
    }

    /// A jump: a step to the label.
    private func jump(_ target: String, at i: Int, in script: RenPyScript) -> Choice {
        Choice(text: "", target: target, kind: .auto, location: script.location(i))
    }

    private mutating func call(_ target: String, after: Place, at i: Int, in script: RenPyScript) -> Choice {
        Choice(text: "", target: target, kind: .call, returnTo: entry(after), location: script.location(i))
    }

    /// `renpy.jump("x")`, `renpy.call("x")` and the calls that end the game, in a line of
    /// Python: true when the passage ends there.
    private mutating func navigate(_ code: String, _ passage: inout Passage, at place: Place) -> Bool {
        let script = game.scripts[place.file]
        let trimmed = RenPyReader.trimmed(code)
        for function in ["renpy.jump", "renpy.jump_out_of_context"] where trimmed.hasPrefix(function + "(") {
            let argument = String(trimmed.dropFirst(function.count + 1).dropLast())
            if let target = Self.constantString(argument) {
                let label = game.target(target, at: place)
                // Into Ren'Py's own library (`renpy.jump("_return")`): the story ends here.
                if RenPyGame.commonLabels.contains(label) {
                    passage.ending = Passage.Ending()
                } else {
                    passage.choices.append(jump(label, at: place.line, in: script))
                }
            } else {
                passage.choices.append(
                    Choice(text: "", target: argument, kind: .dynamic, location: script.location(place.line)))
            }
            return true
        }
        if trimmed.hasPrefix("renpy.call("), let target = Self.constantCalls(of: "renpy.call", in: trimmed).first {
            passage.choices.append(
                call(
                    game.target(target, at: place), after: Place(file: place.file, line: script.next[place.line]),
                    at: place.line, in: script))
            return true
        }
        for ending in ["renpy.full_restart(", "renpy.quit(", "MainMenu("] where trimmed.hasPrefix(ending) {
            passage.ending = Passage.Ending()
            return true
        }
        return false
    }

    /// The string a Python expression always is: a literal, or literals joined by `+`.
    static func constantString(_ expression: String) -> String? {
        var stack = [RenPyExpressionParser.parse(expression)]
        var parts: [String] = []
        while let e = stack.popLast() {
            switch e {
            case .string(let s): parts.append(s)
            case .binary(.add, let a, let b): stack += [b, a]
            default: return nil
            }
        }
        return parts.joined()
    }

    /// The constant first arguments of every `function("x")` in `code`.
    static func constantCalls(of function: String, in code: String) -> [String] {
        var found: [String] = []
        var rest = Substring(code)
        while let range = rest.range(of: function + "(") {
            var reader = RenPyReader(String(rest[range.upperBound...].prefix(1_000)))
            if let string = reader.string(), reader.symbol(")") || reader.symbol(",") { found.append(string.value) }
            rest = rest[range.upperBound...]
        }
        return found
    }

    /// `menu:`: one choice per item, its `if` its condition; a caption or a say item is
    /// the passage's text.
    private mutating func compileMenu(_ passage: inout Passage, _ text: inout [String], at place: Place) {
        let script = game.scripts[place.file]
        let menuSet = RenPyMenuSet(script, menu: place.line)
        var items: [Condition?] = []
        for k in script.children(of: place.line) {
            var reader = RenPyReader(script.lines[k].text)
            if reader.keyword("set") { continue }
            let hasBlock = script.blockEnd[k] > k + 1
            if !hasBlock {
                if case .say(let who, let what, _) = RenPyStatement.say(script.lines[k].text) ?? .pass {
                    say(who, what, into: &text)
                }
                continue
            }
            guard let label = reader.string() else { continue }
            if reader.symbol("(") {
                // Item arguments: skipped whole.
                var depth = 1
                while depth > 0, !reader.atEnd {
                    if reader.symbol("(") {
                        depth += 1
                    } else if reader.symbol(")") {
                        depth -= 1
                    } else if reader.peekQuote {
                        _ = reader.string()
                    } else {
                        reader.advance()
                    }
                }
            }
            var condition: Condition?
            if reader.keyword("if") {
                let test = reader.expression()
                condition = .test(test, RenPyExpressionParser.parse(test))
            }
            condition = Condition.joined(condition, menuSet?.notTaken(label.value))
            items.append(condition)
            let body = Place(file: place.file, line: k + 1)
            let (target, location) = direct(body) ?? (entry(body), script.location(k))
            passage.choices.append(
                Choice(
                    text: label.value, target: target, condition: condition,
                    effects: menuSet.map { [$0.taking(label.value, at: script.location(k))] } ?? [], location: location))
        }
        // With no item to show (each one's `if` false, or taken from the menu's set),
        // Ren'Py skips the menu: the flow goes on after it.
        // A fallback: taken only when no item is offered.
        if !items.isEmpty, items.allSatisfy({ $0 != nil }) {
            var skip = Choice(
                text: "", target: entry(Place(file: place.file, line: script.next[place.line])), kind: .auto,
                location: script.location(place.line))
            skip.isFallback = true
            passage.choices.append(skip)
        }
        passage.text = text.joined(separator: "\n")
    }

    /// lint's check of every `jump` and `call` of the script, reachable or not: those the
    /// flow never reads (dead code, statements outside any label) are checked here, the
    /// others are links that the shared validation checks.
    func unreadJumpsToMissingLabels() -> [Diagnostic] {
        var findings: [Diagnostic] = []
        let known = Set(game.labels.map(\.name))
        for (f, script) in game.scripts.enumerated() {
            for (i, statement) in script.statements.enumerated() where !game.excluded[f][i] {
                let place = Place(file: f, line: i)
                guard !visited.contains(place) else { continue }
                let (kind, written): (String, String)
                switch statement {
                case .jump(let w): (kind, written) = ("jump", w)
                case .call(let w): (kind, written) = ("call", w)
                default: continue
                }
                let target = game.target(written, at: place)
                guard !known.contains(target), !RenPyGame.commonLabels.contains(target) else { continue }
                findings.append(
                    Diagnostic(
                        RenPyRules.missingLabel, "The \(kind) is to nonexistent label '\(target)'.",
                        at: script.location(i)))
            }
        }
        return findings
    }

    /// A body that is only a `jump` (or starts with one) leads straight to its label, at
    /// the jump's place (where lint reports a label that does not exist).
    private mutating func direct(_ place: Place) -> (String, SourceLocation)? {
        let script = game.scripts[place.file]
        guard place.line < script.lines.count, case .jump(let written) = script.statements[place.line] else {
            return nil
        }
        let target = game.target(written, at: place)
        guard !RenPyGame.commonLabels.contains(target), entries[place] == nil else { return nil }
        visited.insert(place)
        return (target, script.location(place.line))
    }

    /// `if`/`elif`/`else`: one automatic step per branch, each with its condition (the
    /// earlier ones not holding), and one past the chain when there is no `else`.
    private mutating func compileIf(_ passage: inout Passage, at place: Place) {
        let script = game.scripts[place.file]
        var heads = [place.line]
        var k = script.blockEnd[place.line]
        let owner = script.parent[place.line]
        let end = owner >= 0 ? script.blockEnd[owner] : script.lines.count
        var hasElse = false
        while k < end, script.parent[k] == owner {
            if case .elif = script.statements[k] {
                heads.append(k)
            } else if script.statements[k] == .else {
                heads.append(k)
                hasElse = true
                break
            } else {
                break
            }
            k = script.blockEnd[k]
        }
        var earlier: [Condition] = []
        for head in heads {
            var condition: Condition
            switch script.statements[head] {
            case .if(let test), .elif(let test):
                let parsed = Condition.test(test, RenPyExpressionParser.parse(test))
                condition = earlier.isEmpty ? parsed : .all(earlier.map { .not($0) } + [parsed])
                earlier.append(parsed)
            default:
                condition = earlier.count == 1 ? .not(earlier[0]) : .all(earlier.map { .not($0) })
            }
            let body = Place(file: place.file, line: firstInBlock(script, head))
            let (target, location) = direct(body) ?? (entry(body), script.location(head))
            passage.choices.append(
                Choice(text: "", target: target, condition: condition, kind: .auto, location: location))
        }
        if !hasElse {
            let condition: Condition = earlier.count == 1 ? .not(earlier[0]) : .all(earlier.map { .not($0) })
            passage.choices.append(
                Choice(
                    text: "", target: entry(Place(file: place.file, line: script.next[place.line])),
                    condition: condition, kind: .auto, location: script.location(place.line)))
        }
    }

    /// `call screen name`: a choice per button of the screen (`RenPyScreens`): a jump to
    /// its label, a call that returns past the statement, a choice on past the statement
    /// for `Return()`, a dynamic link for an action storygraph does not read. A screen
    /// with none of them (or no screen of the name) goes on after the statement, with a
    /// finding.
    private mutating func compileScreen(_ name: String, _ passage: inout Passage, at place: Place) {
        let script = game.scripts[place.file]
        let after = Place(file: place.file, line: script.next[place.line])
        guard let buttons = RenPyScreens(game: game).buttons(of: name) else {
            diagnostics.append(
                Diagnostic(
                    RenPyRules.screen, "call screen \(name): the game defines no screen '\(name)'; the flow goes on after it",
                    at: script.location(place.line)))
            passage.choices.append(Choice(text: "", target: entry(after), kind: .auto, location: script.location(place.line)))
            return
        }
        let id = passage.id
        for button in buttons {
            var choice = screenChoice(button, returnTo: { $0.entry(after) })
            if button.action == .stay { choice.target = id }
            passage.choices.append(choice)
        }
        let unread = buttons.compactMap { if case .dynamic(_, let kind) = $0.action { kind } else { nil } }
        if !unread.isEmpty {
            diagnostics.append(
                Diagnostic(
                    RenPyRules.screen,
                    "call screen \(name): \(Self.tally(unread)) storygraph does not read; each is a dynamic link",
                    at: script.location(place.line)))
        }
        if buttons.isEmpty {
            diagnostics.append(
                Diagnostic(
                    RenPyRules.screen,
                    "call screen \(name): no button storygraph can read; the flow goes on after it",
                    at: script.location(place.line)))
            passage.choices.append(Choice(text: "", target: entry(after), kind: .auto, location: script.location(place.line)))
        }
    }

    static func hasStay(_ buttons: [RenPyScreens.Button]?) -> Bool {
        buttons?.contains { $0.action == .stay } ?? false
    }

    /// `Function ×2, expression ×1`: how many actions of each kind.
    static func tally(_ kinds: [String]) -> String {
        var counts: [String: Int] = [:]
        for kind in kinds { counts[kind, default: 0] += 1 }
        let parts = counts.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }
        return "\(kinds.count) action\(kinds.count == 1 ? "" : "s") (\(parts.joined(separator: ", ")))"
    }

    /// The choice a screen's button makes; `returnTo` gives the passage a `Call()` returns
    /// to and a `Return()` goes on to.
    private mutating func screenChoice(_ button: RenPyScreens.Button, returnTo: (inout Self) -> String) -> Choice {
        var choice = Choice(
            text: button.text, target: "", condition: button.condition, effects: button.effects,
            location: button.location)
        switch button.action {
        case .jump(let target): choice.target = target
        case .call(let target):
            choice.target = target
            choice.kind = .call
            choice.returnTo = returnTo(&self)
        case .returns, .stay: choice.target = returnTo(&self)
        case .dynamic(let written, _):
            choice.target = written
            choice.kind = .dynamic
        }
        return choice
    }

    /// `show screen name`: while the screen is shown (from the passage that shows it, along
    /// every way on, calls and returns included, up to a passage that hides it) its buttons
    /// are choices of every passage that goes on, offered after the passage's text (not of a
    /// passage that ends the game or returns: it would be an ending no more). A `Return()` of a
    /// shown screen only ends the interaction (no flow); a `Call()` returns to the passage
    /// it was made from.
    private mutating func offerShownScreens() {
        guard !screenEvents.isEmpty else { return }
        let index = Dictionary(passages.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        let screens = RenPyScreens(game: game)
        let returnPoints = Set(passages.flatMap { $0.choices.compactMap(\.returnTo) })
        let names = Set(screenEvents.values.flatMap { $0.map(\.name) }).sorted()
        for name in names {
            let all = screens.buttons(of: name) ?? []
            let buttons = all.filter { $0.action != .returns && $0.action != .stay }
            // What the buttons that stay change, unknown while the screen is shown.
            var havocked = Set<String>()
            let havoc = all.filter { $0.action == .stay }.flatMap(\.effects).filter {
                havocked.insert($0.variable).inserted
            }.map { effect in
                Effect(
                    variable: effect.variable, value: RenPyExpressionParser.opaque(effect.text),
                    text: "screen \(name): \(effect.text)", location: effect.location)
            }
            guard !buttons.isEmpty || !havoc.isEmpty else { continue }
            func lastEvent(_ p: Int) -> Bool? { screenEvents[passages[p].id]?.last { $0.name == name }?.shown }
            var live = Array(repeating: false, count: passages.count)
            var stack = passages.indices.filter { lastEvent($0) == true }
            for p in stack { live[p] = true }
            var returnsReached = false
            while let p = stack.popLast() {
                var nexts = passages[p].choices.flatMap { [$0.kind == .dynamic ? nil : $0.target, $0.returnTo] }
                // A return from a label run while the screen is shown: to any return point.
                if returns[passages[p].id] != nil, !returnsReached {
                    returnsReached = true
                    nexts += returnPoints.sorted()
                }
                for case let next? in nexts {
                    guard let t = index[next], !live[t] else { continue }
                    live[t] = true
                    // A passage that hides the screen is offered its buttons (its text may
                    // come before the hide) but the screen is gone after it.
                    if lastEvent(t) != false { stack.append(t) }
                }
            }
            // Not at a passage that ends the game or returns: its buttons would make it
            // no ending (their jumps from its text are not drawn).
            // At the end of each passage: every way into a passage where the screen is up
            // comes from the end of one (or from where it was shown).
            for p in passages.indices where live[p] && !havoc.isEmpty {
                passages[p].effects += havoc
            }
            for p in passages.indices where live[p] && !passages[p].choices.isEmpty && returns[passages[p].id] == nil {
                let id = passages[p].id
                for button in buttons {
                    passages[p].choices.append(screenChoice(button, returnTo: { _ in id }))
                }
            }
        }
    }

    /// A `return` inside a called label goes back to the caller; anywhere else it ends the
    /// game (Ren'Py returns to the main menu). A passage is inside a called label when
    /// the flow can get to it from a call's target without returning.
    private mutating func resolveReturns() {
        guard !returns.isEmpty else { return }
        let index = Dictionary(passages.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        var inBody = Array(repeating: false, count: passages.count)
        var stack: [Int] = []
        for passage in passages {
            for choice in passage.choices where choice.kind == .call {
                if let t = index[choice.target], !inBody[t] {
                    inBody[t] = true
                    stack.append(t)
                }
            }
        }
        while let p = stack.popLast() {
            for choice in passages[p].choices {
                let next: String? =
                    switch choice.kind {
                    case .choice, .auto: choice.target
                    case .call: choice.returnTo
                    default: nil
                    }
                if let next, let t = index[next], !inBody[t] {
                    inBody[t] = true
                    stack.append(t)
                }
            }
        }
        for (p, passage) in passages.enumerated() {
            guard let location = returns[passage.id] else { continue }
            if inBody[p] {
                passages[p].choices.append(Choice(text: "", target: "", kind: .return, location: location))
            }
        }
    }
}

extension Array {
    fileprivate subscript(safe index: Int) -> Element? { indices.contains(index) ? self[index] : nil }
}
