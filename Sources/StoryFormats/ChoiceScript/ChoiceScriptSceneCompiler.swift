import StoryGraph

/// Turns one scene into passages by following ChoiceScript's own control flow, which runs
/// line by line: text and state commands belong to the passage being read; `*choice`,
/// `*page_break`, `*finish` and the jumps end it. A passage starts at the scene's first
/// line, at each `*label`, at each option's body, after each `*page_break`, after each
/// `*gosub` (where the call returns), and where flow joins after an `*if` or a
/// `*fake_choice`. Each passage is compiled once from a worklist; no recursion.
struct ChoiceScriptSceneCompiler {
    /// What the compiler needs to know of the rest of the game.
    struct Context {
        /// The scene `*finish` goes on to, nil for the last one.
        var nextScene: String?
        /// `*create implicit_control_flow true`: branches and options may fall through.
        var implicitControlFlow: Bool
        /// The game's first scene, where `*restart` goes.
        var startScene: String
        /// quicktest's message for a missing image or sound file, nil when it is there.
        var assetProblem: @Sendable (String) -> String? = { _ in nil }
    }

    /// A `*goto_scene`, `*gosub_scene`, `*goto_random_scene` or `*redirect_scene` target
    /// (scene names are not lower-cased: file names are case-sensitive).
    struct SceneReference {
        var scene: String
        var label: String?
        var line: Int
    }

    /// Why a passage exists: only bodies and joins with nothing to show are folded away.
    enum Origin: Equatable {
        case start, label, body, join, pageBreak, returnPoint

        /// Every passage but a scene's start carries the flow (`Passage.isFlowPoint`): the
        /// compiler makes bodies, joins, page breaks and return points, and a `*label`
        /// names a line to jump to, not a page: `*goto` keeps the page, so a label's
        /// passage is often only the options under text shown before the jump.
        var isFlowPoint: Bool { self != .start }
    }

    /// quicktest's own words for the two fall-through errors.
    static let fallOutMessage =
        "It is illegal to fall out of a *choice statement; you must *goto or *finish before the end of the indented block."
    static let fallInMessage =
        "It is illegal to fall in to an *else statement; you must *goto or *finish before the end of the indented block."

    let scene: ChoiceScriptSceneText
    let context: Context
    private(set) var passages: [Passage] = []
    private(set) var origins: [String: Origin] = [:]
    private(set) var diagnostics: [Diagnostic] = []
    private(set) var sceneReferences: [SceneReference] = []

    private var entries: [Int: String] = [:]
    private var worklist: [(id: String, line: Int)] = []
    /// Option-level lines of a `*choice`: falling onto one falls out of the choice.
    private var fallOuts: [Int: (allowed: Bool, join: Int)] = [:]
    /// The line after a `*choice` (reached by falling out of its last option).
    private var choiceEnds: [Int: (allowed: Bool, join: Int)] = [:]
    private var reported: Set<String> = []
    /// Set once the passage being compiled has met a command ChoiceScript does not have:
    /// the game stops there, so the passage falling through after it is not reported too.
    private var stoppedByUnknownCommand = false
    private var sceneReuse = false

    init(scene: ChoiceScriptSceneText, context: Context) {
        self.scene = scene
        self.context = context
    }

    /// Compiles every passage reachable in the scene's own flow, and every label.
    ///
    /// - Complexity: O(n · b) for n lines, where b is the number of times a line is read
    ///   (once per passage it belongs to, usually 1).
    mutating func compile() {
        for (label, line) in scene.labels.sorted(by: { $0.value < $1.value }) {
            entries[line] = ChoiceScriptPassageIDs.label(scene.name, label)
        }
        let startID = ChoiceScriptPassageIDs.start(scene.name)
        origins[startID] = .start
        worklist.append((startID, 0))
        for (label, line) in scene.labels.sorted(by: { $0.value < $1.value }) {
            let id = ChoiceScriptPassageIDs.label(scene.name, label)
            origins[id] = .label
            worklist.append((id, line))
        }
        // A label written twice is two passages of one id: the shared validation reports the
        // duplicate id at both places, and the first wins.
        for (label, line) in scene.duplicateLabels {
            let id = ChoiceScriptPassageIDs.label(scene.name, label)
            entries[line] = id
            worklist.append((id, line))
        }
        var done: Set<String> = []
        var next = 0
        while next < worklist.count {
            let (id, line) = worklist[next]
            next += 1
            guard done.insert("\(line) \(id)").inserted else { continue }
            passages.append(compilePassage(id: id, from: line))
        }
        passages.sort { ($0.location?.line ?? 0, $0.id) < ($1.location?.line ?? 0, $1.id) }
        if let startIndex = passages.firstIndex(where: { $0.id == startID }), startIndex != 0 {
            passages.insert(passages.remove(at: startIndex), at: 0)
        }
    }

    private mutating func report(_ diagnostic: Diagnostic) {
        let fallThrough = [ChoiceScriptRules.fallOut.id, ChoiceScriptRules.fallOutLast.id, ChoiceScriptRules.fallInElse.id]
        if stoppedByUnknownCommand, fallThrough.contains(diagnostic.ruleID ?? "") { return }
        let key = "\(diagnostic.location?.line ?? 0)|\(diagnostic.ruleID ?? "")"
        if reported.insert(key).inserted { diagnostics.append(diagnostic) }
    }

    /// The passage starting at line `i` (blank lines and comments skipped), made an entry.
    private mutating func entry(_ i: Int, _ origin: Origin) -> String {
        let line = scene.nonBlank(from: i)
        if let id = entries[line] { return id }
        let id = ChoiceScriptPassageIDs.point(scene.name, line: line)
        entries[line] = id
        origins[id] = origin
        worklist.append((id, line))
        return id
    }

    private func location(_ i: Int) -> SourceLocation { scene.location(i) }

    // swiftlint:disable:next function_body_length cyclomatic_complexity
    private mutating func compilePassage(id: String, from start: Int) -> Passage {
        let lines = scene.lines
        var passage = Passage(id: id, location: location(min(start, max(0, lines.count - 1))))
        stoppedByUnknownCommand = false
        if start >= lines.count { passage.location = location(start) }
        passage.metadata["scene"] = scene.name
        passage.isFlowPoint = origins[id]?.isFlowPoint ?? true
        var text: [Substring] = []
        let firstLine = scene.nonBlank(from: start)
        var indent = firstLine < lines.count ? lines[firstLine].indent : 0
        var i = start
        func auto(_ target: String, at line: Int) -> Choice {
            Choice(text: "", target: target, kind: .auto, location: location(line))
        }
        flow: while true {
            // Also where a passage starts: a join after an inner *choice can land on an
            // outer option line, and the outer *choice decides.
            if let fall = fallOuts[i] {
                if !fall.allowed {
                    report(
                        scene.error(
                            Self.fallOutMessage,
                            at: i, rule: ChoiceScriptRules.fallOut))
                }
                passage.choices.append(auto(entry(fall.join, .join), at: i))
                break
            }
            if i != start, let end = choiceEnds[i] {
                if !end.allowed {
                    report(
                        scene.warning(
                            "falling out of the last option of a *choice: ChoiceScript goes on after the *choice, where a *goto or *finish was meant",
                            at: i, rule: ChoiceScriptRules.fallOutLast))
                }
                passage.choices.append(auto(entry(end.join, .join), at: i))
                break
            }
            if i != start || origins[id] == .start, let target = entries[i], target != id {
                passage.choices.append(auto(target, at: i))
                break
            }
            guard i < lines.count else {
                finish(&passage, at: lines.count - 1, explicit: false, screenEmpty: text.isEmpty)
                break
            }
            let line = lines[i]
            if line.isBlank {
                i += 1
                continue
            }
            if line.command != "comment" {
                if line.indent > indent, i != start {
                    report(
                        scene.error(
                            "increasing indent not allowed, expected \(indent) was \(line.indent)", at: i,
                            rule: ChoiceScriptRules.indentation))
                }
                indent = line.indent
            }
            guard let command = line.command else {
                if line.content.first == "#" {
                    report(
                        scene.error(
                            Self.fallOutMessage,
                            at: i, rule: ChoiceScriptRules.fallOut))
                    break
                }
                text.append(line.content)
                i += 1
                continue
            }
            switch command {
            case "label":
                i += 1
            case "goto", "gotoref":
                let target = line.data.split(separator: " ").first.map(String.init) ?? ""
                if command == "gotoref" || target.contains("{") || target.contains("[") {
                    passage.choices.append(
                        Choice(text: "", target: String(line.data), kind: .dynamic, location: location(i)))
                } else {
                    passage.choices.append(auto(labelTarget(target, at: i), at: i))
                }
                break flow
            case "gosub":
                let target = line.data.split(separator: " ").first.map(String.init) ?? ""
                let after = entry(i + 1, .returnPoint)
                if target.contains("{") || target.contains("[") {
                    passage.choices.append(
                        Choice(text: "", target: String(line.data), kind: .dynamic, location: location(i)))
                } else {
                    passage.choices.append(
                        Choice(
                            text: "", target: labelTarget(target, at: i), kind: .call, returnTo: after,
                            location: location(i)))
                }
                break flow
            case "goto_scene", "gosub_scene":
                let words = line.data.split(separator: " ", omittingEmptySubsequences: true)
                let sceneName = words.first.map(String.init) ?? ""
                let label = words.count > 1 ? String(words[1]) : nil
                let dynamic = line.data.contains("{") || line.data.contains("[")
                if dynamic || sceneName.isEmpty {
                    passage.choices.append(
                        Choice(text: "", target: String(line.data), kind: .dynamic, location: location(i)))
                    break flow
                }
                sceneReferences.append(SceneReference(scene: sceneName, label: label?.lowercased(), line: i))
                let target =
                    label.map { ChoiceScriptPassageIDs.label(sceneName, $0) } ?? ChoiceScriptPassageIDs.start(sceneName)
                if command == "gosub_scene" {
                    let after = entry(i + 1, .returnPoint)
                    passage.choices.append(
                        Choice(text: "", target: target, kind: .call, returnTo: after, location: location(i)))
                } else {
                    passage.choices.append(auto(target, at: i))
                }
                break flow
            case "goto_random_scene":
                var names: [String] = []
                var j = i + 1
                while j < scene.blockEnd[i] {
                    let name = ChoiceScriptLine.trimmed(lines[j].content)
                    if !name.isEmpty {
                        names.append(String(name))
                        sceneReferences.append(SceneReference(scene: String(name), label: nil, line: j))
                    }
                    j += 1
                }
                passage.choices.append(
                    Choice(
                        text: "", target: names.joined(separator: " | "), kind: .dynamic, location: location(i)))
                break flow
            case "redirect_scene":
                passage.choices.append(
                    Choice(text: "", target: String(line.data), kind: .dynamic, location: location(i)))
                break flow
            case "return":
                passage.choices.append(Choice(text: "", target: "", kind: .return, location: location(i)))
                break flow
            case "finish":
                finish(&passage, at: i, explicit: true, screenEmpty: text.isEmpty)
                break flow
            case "ending", "abort", "end_trial":
                passage.ending = Passage.Ending()
                break flow
            case "restart":
                passage.ending = Passage.Ending()
                passage.choices.append(
                    Choice(
                        text: "Restart", target: ChoiceScriptPassageIDs.start(context.startScene), isRestart: true,
                        location: location(i)))
                break flow
            case "page_break", "delay_break", "page_break_advertisement":
                // On a page with nothing on it yet, ChoiceScript shows no button.
                if text.isEmpty, command == "page_break" {
                    i += 1
                    continue
                }
                let label = command == "page_break" && !line.data.isEmpty ? String(line.data) : "Next"
                passage.choices.append(Choice(text: label, target: entry(i + 1, .pageBreak), location: location(i)))
                break flow
            case "choice", "fake_choice":
                compileChoice(&passage, at: i)
                break flow
            case "if":
                if let next = compileIf(&passage, at: i) {
                    i = next
                    continue
                }
                break flow
            case "elseif", "elsif", "else":
                // Reached by running off the end of a true branch.
                var end = scene.blockEnd[i]
                while end < lines.count, lines[end].indent == line.indent,
                    ["elseif", "elsif", "else"].contains(lines[end].command ?? "")
                {
                    end = scene.blockEnd[end]
                }
                if !context.implicitControlFlow {
                    report(
                        scene.error(
                            Self.fallInMessage,
                            at: i, rule: ChoiceScriptRules.fallInElse))
                }
                passage.choices.append(auto(entry(end, .join), at: i))
                break flow
            case "disable_reuse", "hide_reuse", "allow_reuse":
                if line.data.isEmpty { sceneReuse = command != "allow_reuse" }
                i += 1
            case "set", "temp", "rand", "input_text", "input_number":
                if let effect = ChoiceScriptStatements.effect(command: command, data: line.data, at: location(i)) {
                    passage.effects.append(effect)
                }
                i += 1
            case "image", "text_image", "sound":
                if let name = line.data.split(separator: " ").first, let problem = context.assetProblem(String(name)) {
                    report(scene.error(problem, at: i, rule: ChoiceScriptRules.missingFile))
                }
                i += 1
            case "scene_list", "stat_chart", "achievement":
                i = scene.blockEnd[i]
            default:
                // A command ChoiceScript does not have stops the game there: it is
                // reported, and the passage is read on as if the line were not written.
                if let unknown = ChoiceScriptCommands.unknown(command, at: i, in: scene) {
                    report(unknown)
                    stoppedByUnknownCommand = true
                }
                i += 1
            }
        }
        passage.text = text.joined(separator: "\n")
        return passage
    }

    /// The passage id of `*goto label` in this scene. A label that is not there is a broken
    /// link at the `*goto` (quicktest's "bad label"), reported once for every format.
    private func labelTarget(_ label: String, at i: Int) -> String {
        ChoiceScriptPassageIDs.label(scene.name, label.lowercased())
    }

    /// `*finish` (or the end of the scene): on to the next scene, or the end of the game.
    /// With nothing on the page, ChoiceScript goes on without a "Next Chapter" button.
    private mutating func finish(_ passage: inout Passage, at i: Int, explicit: Bool, screenEmpty: Bool) {
        if let next = context.nextScene {
            let target = ChoiceScriptPassageIDs.start(next)
            if screenEmpty {
                passage.choices.append(Choice(text: "", target: target, kind: .auto, location: location(max(0, i))))
                return
            }
            let label =
                explicit && i >= 0 && !scene.lines[i].data.isEmpty ? String(scene.lines[i].data) : "Next Chapter"
            passage.choices.append(Choice(text: label, target: target, location: location(max(0, i))))
            return
        }
        passage.ending = Passage.Ending()
        if explicit, !scene.name.hasPrefix("choicescript_") {
            report(
                scene.warning(
                    "there is no next scene; *finish will end game. Use *ending instead.", at: i,
                    rule: ChoiceScriptRules.finishNoNext))
        }
    }

    /// `*if`/`*elseif`/`*else`: branches whose bodies are only text are read in place (the
    /// line to go on at is returned); otherwise the passage ends in one automatic,
    /// conditional step per branch (and one past the chain when there is no `*else`).
    private mutating func compileIf(_ passage: inout Passage, at i: Int) -> Int? {
        let lines = scene.lines
        let indent = lines[i].indent
        var headers = [i]
        var end = scene.blockEnd[i]
        var hasElse = false
        while end < lines.count, lines[end].indent == indent {
            let command = lines[end].command ?? ""
            guard ["elseif", "elsif", "else"].contains(command) else { break }
            headers.append(end)
            hasElse = command == "else"
            end = scene.blockEnd[end]
            if hasElse { break }
        }
        var textOnly = true
        for header in headers {
            for j in (header + 1)..<scene.blockEnd[header]
            where !(lines[j].isBlank || lines[j].isText || lines[j].command == "comment") {
                textOnly = false
            }
        }
        if textOnly {
            if !context.implicitControlFlow {
                for header in headers.dropFirst() {
                    report(
                        scene.error(
                            Self.fallInMessage,
                            at: header, rule: ChoiceScriptRules.fallInElse))
                }
            }
            return end
        }
        var earlier: [Condition] = []
        for header in headers {
            let line = lines[header]
            var condition: Condition?
            if line.command == "else" {
                condition = earlier.count == 1 ? .not(earlier[0]) : .all(earlier.map { .not($0) })
            } else {
                var test = line.data
                if test.first == "(", let close = ChoiceScriptChoiceBlock.closingParenthesis(test),
                    test.index(after: close) == test.endIndex
                {
                    test = test[test.index(after: test.startIndex)..<close]
                }
                let parsed = Condition.test(String(line.data), ChoiceScriptExpressionParser.parse(test))
                condition = earlier.isEmpty ? parsed : .all(earlier.map { .not($0) } + [parsed])
                earlier.append(parsed)
            }
            let body = scene.nonBlank(from: header + 1)
            let target = body < scene.blockEnd[header] ? entry(body, .body) : entry(end, .join)
            passage.choices.append(
                Choice(
                    text: "", target: target, condition: condition, kind: .auto, location: location(header)))
        }
        if !hasElse {
            let condition: Condition = earlier.count == 1 ? .not(earlier[0]) : .all(earlier.map { .not($0) })
            passage.choices.append(
                Choice(
                    text: "", target: entry(end, .join), condition: condition, kind: .auto, location: location(i)))
        }
        return nil
    }

    /// `*choice` / `*fake_choice`: one choice per option (nested options flattened).
    private mutating func compileChoice(_ passage: inout Passage, at i: Int) {
        let block = ChoiceScriptChoiceBlock(scene: scene, at: i, sceneReuse: sceneReuse)
        for diagnostic in block.diagnostics { report(diagnostic) }
        let allowed = block.isFake || context.implicitControlFlow
        for line in block.optionLevelLines where fallOuts[line] == nil {
            fallOuts[line] = (allowed, block.end)
        }
        if choiceEnds[block.end] == nil { choiceEnds[block.end] = (allowed, block.end) }
        for (n, option) in block.options.enumerated() {
            let target: String
            if let body = option.bodyStart {
                target = entry(body, .body)
            } else {
                if !allowed {
                    if n == block.options.count - 1 {
                        report(scene.error("Expected choice body", at: block.end, rule: ChoiceScriptRules.noOptionBody))
                    } else {
                        report(
                            scene.error(
                                Self.fallOutMessage,
                                at: option.bodyEnd, rule: ChoiceScriptRules.fallOut))
                    }
                }
                target = entry(block.end, .join)
            }
            var choice = Choice(
                text: option.texts.joined(separator: " / "), target: target, condition: option.condition,
                location: location(option.line))
            choice.isOnceOnly = option.isOnceOnly
            passage.choices.append(choice)
        }
        if !block.options.isEmpty, block.options.allSatisfy({ $0.condition != nil }) {
            report(
                scene.warning(
                    "every option of this *\(scene.lines[i].command ?? "choice") has a condition: a reader may find none selectable",
                    at: i, rule: ChoiceScriptRules.noSelectableOption))
        }
    }
}
