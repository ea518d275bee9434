import StoryGraph

extension InkParser {
    /// The model's expression (named here, where Foundation's `Expression` is not seen).
    typealias ValueExpression = Expression

    /// Where a value held by a variable comes from, for the divert targets it can hold.
    enum ValueSource: Hashable {
        /// A divert target written out (`-> knot`), resolved to its passage.
        case target(String)
        /// Whatever another variable (`flow\0name`, or a global's name) holds.
        case copy(String)
        /// Something storygraph does not follow (a list, a function with no return
        /// written, a computation): the variable may hold any target.
        case unknown
    }

    /// The variable a name means in flow `scope`: the flow's parameter, its knot's
    /// parameter or temporary (`knot\0name`), or the global (`name`); nil for a name
    /// that is no variable (a knot's read count, a list item).
    func variableKey(_ name: String, in scope: String) -> String? {
        if flowParameters[scope]?.contains(name) == true { return scope + "\u{0}" + name }
        let knot = String(scope.split(separator: ".").first ?? "")
        if knot != scope, flowParameters[knot]?.contains(name) == true { return knot + "\u{0}" + name }
        if temporaries.contains(knot + "\u{0}" + name) { return knot + "\u{0}" + name }
        if variables.contains(where: { $0.name == name }) { return name }
        return nil
    }

    /// What an expression written in `scope` gives, as divert targets: nil when it
    /// cannot be one (a number, a comparison, a string).
    func valueSource(_ expression: Expression, in scope: String) -> ValueSource? {
        switch expression {
        case .unknown(let text):
            guard text.hasPrefix("-> ") else { return .unknown }
            let path = String(text.dropFirst(3))
            return resolve(path, from: scope).map(ValueSource.target) ?? .unknown
        case .variable(let name):
            if let key = variableKey(name, in: scope) { return .copy(key) }
            // A knot's name alone is its read count, a number.
            return resolve(name, from: scope) == nil && !valueNames.contains(name) ? .unknown : nil
        case .call(let name, _):
            return functionNames.contains(name) && returnValues[name] != nil ? .copy(name + "\u{0}return") : .unknown
        case .integer, .decimal, .string, .boolean, .visits, .unary, .binary:
            return nil
        case .tooDeep:
            return .unknown
        }
    }

    /// The divert targets each variable can hold, by `variableKey`: constant propagation
    /// over every assignment the story makes (`VAR`/`CONST` values, `~ x = …` in any
    /// flow or function, `~ return …`, and every argument a divert, tunnel or thread
    /// passes to a parameter). A variable missing from the result may hold a target
    /// storygraph cannot name (`ValueSource.unknown`), or is never given one.
    ///
    /// - Complexity: O(A + K·T) for A assignments and arguments, K variables and T
    ///   targets: each variable's set only grows, and is passed on when it does.
    func divertValues() -> [String: Set<String>] {
        var sources: [String: Set<ValueSource>] = [:]
        func add(_ key: String, _ source: ValueSource?) {
            guard let source else { return }
            sources[key, default: []].insert(source)
        }
        for variable in variables {
            if let initial = variable.initial { add(variable.name, valueSource(initial, in: Self.rootID)) }
        }
        for (p, passage) in passages.enumerated() {
            let scope = passageFlow[p]
            for effect in passage.effects {
                guard let key = variableKey(effect.variable, in: scope) else { continue }
                let source = effect.operation == .set ? valueSource(effect.value, in: scope) : nil
                add(key, source)
                if source != nil, referenceParameters.contains(key) {
                    // A `ref` parameter writes the caller's variable, which storygraph
                    // does not follow through function calls: every variable may hold it.
                    add("\u{0}ref", .unknown)
                }
            }
        }
        for (function, values) in returnValues {
            for value in values { add(function + "\u{0}return", valueSource(value, in: function)) }
        }
        var called: Set<String> = []
        for site in callSites {
            guard let callee = resolve(site.path, from: site.scope), let names = flowParameters[callee] else { continue }
            called.insert(callee)
            for (n, name) in names.enumerated() where n < site.arguments.count {
                add(callee + "\u{0}" + name, valueSource(site.arguments[n], in: site.scope))
            }
        }
        // A parameter of a flow that no divert calls with arguments (a function, or a
        // knot the game enters from code) may hold anything.
        for (flow, names) in flowParameters where !called.contains(flow) {
            for name in names { add(flow + "\u{0}" + name, .unknown) }
        }
        if sources["\u{0}ref"] != nil { return [:] }

        // Propagation: a variable's targets flow on to every variable copying it; one that
        // may hold anything makes its copies so too.
        var values: [String: Set<String>] = [:]
        var unknown: Set<String> = []
        var readers: [String: [String]] = [:]
        var work: [String] = []
        for (key, list) in sources {
            for source in list {
                switch source {
                case .target(let id): values[key, default: []].insert(id)
                case .copy(let from): readers[from, default: []].append(key)
                case .unknown: unknown.insert(key)
                }
            }
            work.append(key)
        }
        work.sort()
        while let key = work.popLast() {
            for reader in readers[key] ?? [] {
                var changed = false
                if unknown.contains(key), unknown.insert(reader).inserted { changed = true }
                let before = values[reader]?.count ?? 0
                values[reader, default: []].formUnion(values[key] ?? [])
                if values[reader]!.count != before { changed = true }
                if changed { work.append(reader) }
            }
        }
        for key in unknown { values[key] = nil }
        return values.filter { !$0.value.isEmpty }
    }
}
