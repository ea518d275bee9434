import StoryGraph

/// What the Python of a Ren'Py script (`$ x = …`, `python:` blocks, `define`, `default`)
/// does to the story's variables. A plain assignment to a store name (`x = 3`,
/// `points += 1`) is an effect with its value read; every other statement havocs what it
/// may write: the names it assigns (`a, b = …`, `for i in …`, a method called on a name),
/// and, when it calls a function of the game's own Python, every name such functions
/// write (`global x`, `store.x = …`), or every variable when the game's Python writes
/// the store in ways storygraph cannot follow (`setattr(store, …)`, `globals()`).
/// A havoc's value is unknown and reads every name the statement mentions.
struct RenPyPython: Sendable {
    /// Functions the game's Python defines (`def name(`).
    var functions: Set<String> = []
    /// Store names those functions, or any Python of the game, may write out of sight.
    var writtenByFunctions: Set<String> = []
    /// The game's Python writes the store in ways storygraph cannot follow.
    var writesAnything = false
    /// Every store name the game assigns anywhere (for `writesAnything`).
    var allNames: Set<String> = []
    private(set) var sortedAllNames: [String] = []
    private(set) var sortedWrittenByFunctions: [String] = []
    /// `sortedAllNames` less the engine's names: what a call havocs when `writesAnything`
    /// (hundreds of names in a large game, and thousands of statements call something),
    /// with each name's index in it.
    private var havocAll: [String] = []
    private var havocAllIndex: [String: Int] = [:]

    /// Sorts what `learn` found, once every piece of the game's Python is read.
    mutating func seal() {
        sortedAllNames = allNames.sorted()
        sortedWrittenByFunctions = writtenByFunctions.sorted()
        havocAll = sortedAllNames.filter { !RenPyExpressionParser.isEngineName($0) }
        havocAllIndex = Dictionary(uniqueKeysWithValues: havocAll.enumerated().map { ($1, $0) })
    }

    /// The first words of every statement the game registers (`renpy.register_statement`,
    /// `renpy.statements.register`), and those registered with a block of script.
    static func registeredStatements(in scripts: [RenPyScript]) -> (all: Set<String>, scriptBlocks: Set<String>) {
        var all = Set<String>()
        var names = Set<String>()
        for script in scripts {
            for (i, statement) in script.statements.enumerated() {
                guard case .pythonBlock = statement else { continue }
                let code = script.blockText(of: i)
                for function in ["register_statement(", "statements.register("] {
                    var rest = Substring(code)
                    while let range = rest.range(of: function) {
                        rest = rest[range.upperBound...]
                        var reader = RenPyReader(String(rest.prefix(4_000)))
                        guard let name = reader.string()?.value else { continue }
                        if let word = name.split(separator: " ").first { all.insert(String(word)) }
                        guard !name.contains(" ") else { continue }
                        let call = reader.expression(stoppingAt: [], colon: false)
                        if call.contains("block=\"script\"") || call.contains("block='script'") { names.insert(name) }
                    }
                }
            }
        }
        return (all, names)
    }

    /// Learns the game's functions and hidden writes from one piece of its Python.
    mutating func learn(_ code: String) {
        let tokens = RenPyExpressionParser.tokens(of: code, lenient: true) ?? []
        for (k, token) in tokens.enumerated() {
            guard case .name(let name) = token else { continue }
            if name == "def", k + 1 < tokens.count, case .name(let function) = tokens[k + 1] {
                functions.insert(function)
            }
            if name == "global" {
                var j = k + 1
                while j < tokens.count, case .name(let written) = tokens[j] {
                    writtenByFunctions.insert(written)
                    j += 1
                    if j < tokens.count, tokens[j] == .symbol(",") { j += 1 }
                }
            }
            if name.hasPrefix("store."), k + 1 < tokens.count, Self.isAssignment(tokens, at: k + 1) {
                writtenByFunctions.insert(RenPyExpressionParser.variableName(name))
            }
            if ["setattr", "globals", "exec", "vars", "renpy.store"].contains(name) { writesAnything = true }
        }
    }

    private static func isAssignment(_ tokens: [RenPyExpressionParser.Token], at k: Int) -> Bool {
        guard k < tokens.count else { return false }
        if tokens[k] == .symbol("=") { return k + 1 >= tokens.count || tokens[k + 1] != .symbol("=") }
        if case .symbol(let s) = tokens[k], "+-*/%|&".contains(s), k + 1 < tokens.count, tokens[k + 1] == .symbol("=") {
            return true
        }
        return false
    }

    /// The effects of one Python statement (a `$` line or a line of a straight `python:`
    /// block).
    func effects(ofStatement code: String, at location: SourceLocation) -> [Effect] {
        var effects: [Effect] = []
        for part in Self.statements(code) {
            effects += effectsOfOne(part, at: location)
        }
        return effects
    }

    /// `code` split at top-level `;`.
    static func statements(_ code: String) -> [String] {
        var parts: [String] = []
        var reader = RenPyReader(code)
        while !reader.atEnd {
            let part = reader.expression(stoppingAt: [], colon: false, semicolon: true)
            if !part.isEmpty { parts.append(part) }
            _ = reader.symbol(";")
            if part.isEmpty && !reader.atEnd { reader.advance() }
        }
        return parts
    }

    private func effectsOfOne(_ code: String, at location: SourceLocation) -> [Effect] {
        let tokens = RenPyExpressionParser.tokens(of: code, lenient: true) ?? []
        // `name op= value` with one store name on the left.
        if tokens.count >= 2, case .name(let name) = tokens[0], !RenPyExpressionParser.keywords.contains(name),
            !name.contains(".") || name.hasPrefix("store.") || name.hasPrefix("persistent.")
        {
            let variable = RenPyExpressionParser.variableName(name)
            if RenPyExpressionParser.isEngineName(name), !name.hasPrefix("store.") { return [] }
            var operation: Effect.Operation?
            var valueStart: String.Index?
            if tokens[1] == .symbol("="), tokens.count < 3 || tokens[2] != .symbol("=") {
                operation = .set
                valueStart = Self.after(code, symbol: "=")
            } else if tokens.count >= 3, case .symbol(let op) = tokens[1], tokens[2] == .symbol("=") {
                let operations: [String: Effect.Operation] = [
                    "+": .add, "-": .subtract, "*": .multiply, "/": .divide,
                ]
                operation = operations[op]
                valueStart = Self.after(code, symbol: op + "=")
                if operation == nil { return havoc([variable], reading: code, at: location) }
            }
            if let operation, let valueStart {
                let value = String(code[valueStart...])
                // `a = b = 1` assigns two names.
                if Self.hasTopLevelAssignment(value) {
                    return havoc([variable] + Self.assignedNames(value), reading: code, at: location)
                }
                return [
                    Effect(
                        variable: variable, operation: operation, value: RenPyExpressionParser.parse(value),
                        text: code, location: location)
                ]
            }
        }
        return havoc(written(by: code, tokens: tokens), reading: code, at: location)
    }

    /// The names a statement storygraph does not read may write.
    func written(by code: String, tokens: [RenPyExpressionParser.Token]) -> [String] {
        var names = Self.assignedNames(code)
        var calls = false
        for (k, token) in tokens.enumerated() {
            guard case .name(let name) = token, k + 1 < tokens.count, tokens[k + 1] == .symbol("(") else { continue }
            calls = true
            // A method called on a store name (`inventory.append(…)`) may change it.
            if name.contains("."), !name.hasPrefix("renpy."), !name.hasPrefix("store.") {
                names.append(RenPyExpressionParser.variableName(name))
            }
            if functions.contains(name) { names += sortedWrittenByFunctions }
        }
        var seen = Set<String>()
        var written = names.filter { !RenPyExpressionParser.isEngineName($0) && seen.insert($0).inserted }
        guard calls && writesAnything else { return written }
        // Then every name of the game not already there, in sorted order: `havocAll` less
        // the few names above, found by index rather than by hashing each of the hundreds.
        let skipped = written.compactMap { havocAllIndex[$0] }.sorted()
        written.reserveCapacity(written.count + havocAll.count - skipped.count)
        var s = 0
        for (k, name) in havocAll.enumerated() {
            if s < skipped.count, skipped[s] == k {
                s += 1
                continue
            }
            written.append(name)
        }
        return written
    }

    /// Unknown values for `names`, each reading what `code` mentions.
    func havoc(_ names: [String], reading code: String, at location: SourceLocation) -> [Effect] {
        let value = RenPyExpressionParser.opaque(code)
        return names.map { Effect(variable: $0, value: value, text: code, location: location) }
    }

    /// The names assigned anywhere in a piece of Python (`a = …`, `a, b = …`, `a += …`,
    /// `for a in …`, `store.a = …`), in order.
    static func assignedNames(_ code: String) -> [String] {
        let tokens = RenPyExpressionParser.tokens(of: code, lenient: true) ?? []
        var names: [String] = []
        var k = 0
        var statementStart = 0
        var depth = 0
        while k < tokens.count {
            if case .symbol(let s) = tokens[k] {
                if s == "(" || s == "[" || s == "{" { depth += 1 }
                if s == ")" || s == "]" || s == "}" { depth = max(0, depth - 1) }
                if s == ";" {
                    statementStart = k + 1
                    k += 1
                    continue
                }
            }
            guard depth == 0 else {
                k += 1
                continue
            }
            if case .name("for") = tokens[k] {
                var j = k + 1
                while j < tokens.count, tokens[j] != .name("in") {
                    if case .name(let n) = tokens[j] { names.append(RenPyExpressionParser.variableName(n)) }
                    j += 1
                }
            }
            if isAssignment(tokens, at: k) {
                for j in statementStart..<k {
                    if case .name(let n) = tokens[j], !RenPyExpressionParser.keywords.contains(n),
                        j == 0 || tokens[j - 1] != .symbol(".")
                    {
                        names.append(RenPyExpressionParser.variableName(n))
                    }
                }
                statementStart = k + 1
            }
            if tokens[k] == .symbol(":") { statementStart = k + 1 }
            k += 1
        }
        return names.filter { !RenPyExpressionParser.isEngineName($0) }
    }

    private static func after(_ code: String, symbol: String) -> String.Index? {
        guard let range = code.range(of: symbol) else { return nil }
        return range.upperBound
    }

    private static func hasTopLevelAssignment(_ code: String) -> Bool {
        let tokens = RenPyExpressionParser.tokens(of: code, lenient: true) ?? []
        var depth = 0
        for k in tokens.indices {
            if case .symbol(let s) = tokens[k] {
                if "([{".contains(s) { depth += 1 }
                if ")]}".contains(s) { depth -= 1 }
            }
            if depth == 0, tokens[k] == .symbol("="), k > 0 {
                if case .symbol(let s) = tokens[k - 1], "=!<>".contains(s) { continue }
                if k + 1 < tokens.count, tokens[k + 1] == .symbol("=") { continue }
                return true
            }
        }
        return false
    }
}
