import StoryGraph

/// The labels, screens, characters and variables of a whole Ren'Py game (every file of
/// it), as Ren'Py knows them once its scripts are loaded: what the flow compiler looks
/// up.
struct RenPyGame: Sendable {
    struct Place: Hashable, Sendable {
        var file: Int
        var line: Int
    }

    let scripts: [RenPyScript]
    /// Every label (and named menu) with its place, first definition first.
    private(set) var labels: [(name: String, place: Place)] = []
    /// The label name a label statement defines.
    private(set) var labelAt: [Place: String] = [:]
    /// Lines inside blocks that hold no script (screens, Python, translations…), by file.
    private(set) var excluded: [[Bool]] = []
    /// The global label in effect at each line (for `.local` names), by file.
    private(set) var globalLabel: [[String?]] = []
    /// Screens by name.
    private(set) var screens: [String: Place] = [:]
    /// Characters' shown names (`define e = Character("Eileen")`).
    private(set) var characters: [String: String] = [:]
    private(set) var variables: [Variable] = []
    /// The names of `variables` (a game declares thousands: one lookup each).
    private var variableNames: Set<String> = []
    private(set) var title: String?
    private(set) var python = RenPyPython()
    /// The variables that are some menu's `set` (`RenPyMenuSet`).
    private(set) var menuSets: Set<String> = []

    /// Labels of Ren'Py's own common library, which every game has (lint knows them too).
    static let commonLabels: Set<String> = [
        "_", "_after_load", "_after_warp", "_choose_renderer", "_compat_confirm_quit", "_confirm_quit", "_console",
        "_console_return", "_debugger_screen", "_developer", "_enter_game_menu", "_filename_list", "_fps_meter",
        "_game_menu", "_game_menu_load", "_game_menu_preferences", "_game_menu_save", "_gl_test", "_hide_windows",
        "_image_attributes", "_image_location_picker", "_image_location_picker_done", "_invoke_main_menu",
        "_joystick_screen", "_library_main_menu", "_load_reload_game", "_load_screen", "_main_menu",
        "_main_menu_prompt", "_main_menu_screen", "_noisy_return", "_prefs_screen", "_quit", "_quit_prompt",
        "_renpy_return", "_return", "_return_fast_skipping", "_return_skipping", "_save_reload_game",
        "_save_screen", "_splashscreen", "_start", "_start_replay", "_start_store", "_theme_test",
        "joystick_preferences_screen", "load_screen", "main_menu_screen", "preferences_screen", "save_screen",
    ]

    /// Labels Ren'Py itself runs outside the story's flow: before the main menu, as the
    /// main menu, after a load, on quitting.
    static let standardLabels: Set<String> = [
        "splashscreen", "before_main_menu", "main_menu", "after_load", "after_warp", "quit", "hide_windows",
    ]

    init(scripts: [RenPyScript]) {
        self.scripts = scripts
        menuSets = Self.menuSetVariables(scripts)
        for (f, script) in scripts.enumerated() {
            var globals: [String?] = []
            var excluded = Array(repeating: false, count: script.lines.count)
            // Ren'Py parses each block with a lexer of its own that starts with the global
            // label in effect where the block opens: a global label inside a block names the
            // local labels of that block only.
            var blockCurrent: [Int: String?] = [-1: nil]
            for (i, statement) in script.statements.enumerated() {
                let owner = script.parent[i]
                if owner >= 0, excluded[owner] { excluded[i] = true }
                var current = blockCurrent[owner] ?? (owner >= 0 ? globals[owner] : nil)
                defer {
                    blockCurrent[owner] = current
                    globals.append(current)
                }
                switch statement {
                case .label(let written), .menu(name: let written?):
                    guard !excluded[i] else { break }
                    let name = Self.resolve(written, global: current)
                    if !written.contains(".") { current = written }
                    labels.append((name, Place(file: f, line: i)))
                    labelAt[Place(file: f, line: i)] = name
                case .screen(let name):
                    if screens[name] == nil { screens[name] = Place(file: f, line: i) }
                    excluded[i] = true
                case .translate, .opaque, .showScreen, .hideScreen:
                    excluded[i] = true
                case .pythonBlock(let isInit):
                    excluded[i] = true
                    let code = script.blockText(of: i)
                    python.learn(code)
                    if isInit { initPython(code, at: script.location(i)) }
                case .python(let code):
                    python.learn(code)
                case .define(let name, let value), .default(let name, let value):
                    declare(statement, name: name, value: value, at: script.location(i))
                default: break
                }
            }
            globalLabel.append(globals)
            self.excluded.append(excluded)
        }
        python.allNames.formUnion(variables.map(\.name))
        python.seal()
    }

    /// The variables some menu's `set` clause names.
    static func menuSetVariables(_ scripts: [RenPyScript]) -> Set<String> {
        var names: Set<String> = []
        for script in scripts {
            for (i, statement) in script.statements.enumerated() {
                guard case .menu = statement, let set = RenPyMenuSet(script, menu: i), let variable = set.variable else {
                    continue
                }
                names.insert(variable)
            }
        }
        return names
    }

    /// A `$ chosen = set()` of a menu's set: the empty text of taken captions.
    func menuSetEffects(_ effects: [Effect]) -> [Effect] {
        guard !menuSets.isEmpty else { return effects }
        return effects.map { effect in
            guard effect.operation == .set, menuSets.contains(effect.variable),
                let value = effect.text.split(separator: "=", maxSplits: 1).last,
                RenPyMenuSet.isEmptyCollection(String(value))
            else { return effect }
            var empty = effect
            empty.value = .string("")
            return empty
        }
    }

    /// `.local` under the global label in effect; other names as written.
    static func resolve(_ written: String, global: String?) -> String {
        if written.hasPrefix("."), let global { return global + written }
        return written
    }

    /// The label a `jump`/`call` at `place` means.
    func target(_ written: String, at place: Place) -> String {
        Self.resolve(written, global: globalLabel[place.file][place.line])
    }

    private mutating func declare(_ statement: RenPyStatement, name: String, value: String, at location: SourceLocation) {
        if name == "config.name", let title = Self.firstString(value) {
            self.title = title
            return
        }
        if case .define = statement, value.hasPrefix("Character(") || value.hasPrefix("DynamicCharacter(") {
            characters[name] = Self.firstString(value) ?? name
            return
        }
        let isDefault = { if case .default = statement { return true } else { return false } }()
        // `config.`, `gui.`, `build.` settings are the engine's, not the story's.
        if name.contains("."), !name.hasPrefix("persistent."), !name.hasPrefix("store.") { return }
        let key = RenPyExpressionParser.variableName(name)
        // A menu's set starts as the empty text of taken captions.
        let initial: Expression =
            menuSets.contains(key) && RenPyMenuSet.isEmptyCollection(value)
            ? .string("") : RenPyExpressionParser.parse(value)
        guard isDefault || !Self.isOpaque(initial) else { return }
        guard variableNames.insert(key).inserted else { return }
        variables.append(
            Variable(
                name: key, initial: Self.isOpaque(initial) ? .unknown(value) : initial, isConstant: !isDefault,
                location: location))
    }

    /// `x = value` lines of an `init python:` block: the variable's initial value (unknown
    /// when storygraph does not read it).
    private mutating func initPython(_ code: String, at location: SourceLocation) {
        for line in code.split(separator: "\n") where !line.hasPrefix(" ") {
            let effects = python.effects(ofStatement: String(line), at: location)
            for effect in effects where variableNames.insert(effect.variable).inserted {
                let known = effect.operation == .set && !Self.isOpaque(effect.value)
                variables.append(
                    Variable(
                        name: effect.variable, initial: known ? effect.value : .unknown(effect.text),
                        location: location))
            }
        }
        for name in RenPyPython.assignedNames(code) where variableNames.insert(name).inserted {
            variables.append(Variable(name: name, initial: .unknown(name), location: location))
        }
    }

    static func isOpaque(_ e: Expression) -> Bool {
        if case .call("python", _) = e { return true }
        return e.hasUnknown
    }

    /// The first string literal in a piece of Python (`Character(_("Sylvie"), …)`).
    static func firstString(_ code: String) -> String? {
        var reader = RenPyReader(code)
        while !reader.atEnd {
            if reader.peekQuote { return reader.string()?.value }
            reader.advance()
        }
        return nil
    }
}

extension RenPyScript {
    /// The lines of `owner`'s block as Python source: each at its indentation under the
    /// block's first line.
    func blockText(of owner: Int) -> String {
        let end = blockEnd[owner]
        guard owner + 1 < end else { return "" }
        let base = lines[owner + 1].indent
        return lines[(owner + 1)..<end].map { String(repeating: " ", count: max(0, $0.indent - base)) + $0.text }
            .joined(separator: "\n")
    }
}
