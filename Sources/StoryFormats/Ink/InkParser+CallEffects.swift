import StoryGraph

extension InkParser {
    /// `~ f(a, b)`: a call whose function may write the story's variables.
    struct CallStatement {
        var passage: Int
        /// Where its effects go among the passage's (after those written before it).
        var effectIndex: Int
        var function: String
        var arguments: [Expression]
        var text: String
        var location: SourceLocation
    }

    /// What each `~ f(…)` statement does to the story's variables, as effects at its place
    /// in its passage: a function of one passage with only assignments to its `ref`
    /// parameters and to globals (`=== function raise(ref x)` / `~ x = x + 1`) is read in
    /// place, the parameters bound to the arguments (`~ raise(forceful)` is `forceful =
    /// forceful + 1`); any other function sets what it may write (its `ref` arguments, the
    /// globals it or a function it calls assigns) to an unknown value. ink's runtime
    /// writes them; without these effects a condition on them would be decided wrongly.
    ///
    /// - Complexity: O(C · F) for C calls and F effects of the functions.
    mutating func applyCallEffects() {
        guard !callStatements.isEmpty else { return }
        let declared = Set(variables.map(\.name))
        // Each function's passages (its flow and what its weave made).
        var passagesOf: [String: [Int]] = [:]
        for p in passages.indices where isFunctionPassage(p) {
            passagesOf[String(passageFlow[p].split(separator: ".").first ?? ""), default: []].append(p)
        }
        // The globals each function assigns, with those of the functions it calls.
        var globals: [String: Set<String>] = [:]
        for (f, ps) in passagesOf {
            for p in ps { for effect in passages[p].effects where declared.contains(effect.variable) {
                globals[f, default: []].insert(effect.variable)
            } }
        }
        var changed = true
        while changed {
            changed = false
            for call in callStatements where isFunctionPassage(call.passage) {
                let caller = String(passageFlow[call.passage].split(separator: ".").first ?? "")
                let theirs = globals[call.function] ?? []
                if !theirs.isSubset(of: globals[caller] ?? []) {
                    globals[caller, default: []].formUnion(theirs)
                    changed = true
                }
            }
        }
        let calling = Set(callStatements.filter { isFunctionPassage($0.passage) }.map {
            String(passageFlow[$0.passage].split(separator: ".").first ?? "")
        })
        // Later calls first: the insertion places of the earlier ones stay where they were.
        for call in callStatements.reversed() where functionNames.contains(call.function) {
            let names = flowParameters[call.function] ?? []
            let isRef = names.map { referenceParameters.contains(call.function + "\u{0}" + $0) }
            var effects: [Effect] = []
            if let ps = passagesOf[call.function], ps.count == 1, !calling.contains(call.function),
                let inlined = inline(passages[ps[0]], names: names, isRef: isRef, call: call)
            {
                effects = inlined
            } else {
                for (i, name) in names.enumerated() where isRef[i] && i < call.arguments.count {
                    _ = name
                    if case .variable(let v) = call.arguments[i] {
                        effects.append(
                            Effect(variable: v, value: .unknown(call.text), text: v + " = " + call.text,
                                location: call.location))
                    }
                }
                for g in (globals[call.function] ?? []).sorted() {
                    effects.append(
                        Effect(variable: g, value: .unknown(call.text), text: g + " = " + call.text, location: call.location))
                }
            }
            passages[call.passage].effects.insert(contentsOf: effects, at: call.effectIndex)
        }
    }

    /// The effects of a straight-line function's one passage with its parameters bound
    /// to `call`'s arguments, or nil when they cannot be read so: it has a way out other
    /// than returning, assigns a parameter passed by value or a temporary, or an argument
    /// it reads is a variable the function writes (its value at the call is not known
    /// after the first write).
    func inline(_ body: Passage, names: [String], isRef: [Bool], call: CallStatement) -> [Effect]? {
        guard body.choices.allSatisfy({ $0.kind == .return }), call.arguments.count == names.count else { return nil }
        var bound: [String: Expression] = [:]
        var target: [String: String] = [:]
        for (i, name) in names.enumerated() {
            if isRef[i] {
                guard case .variable(let v) = call.arguments[i] else { return nil }
                target[name] = v
                bound[name] = .variable(v)
            } else {
                bound[name] = call.arguments[i]
            }
        }
        var written: Set<String> = []
        for effect in body.effects {
            if let v = target[effect.variable] {
                written.insert(v)
            } else if names.contains(effect.variable) || !variables.contains(where: { $0.name == effect.variable }) {
                return nil
            } else {
                written.insert(effect.variable)
            }
        }
        for (i, name) in names.enumerated() where !isRef[i] {
            if !Set(call.arguments[i].variables).isDisjoint(with: written) { return nil }
            _ = name
        }
        return body.effects.map { effect in
            let variable = target[effect.variable] ?? effect.variable
            let value = Self.substitute(bound, in: effect.value)
            return Effect(
                variable: variable, operation: effect.operation, value: value,
                text: call.text + ": " + effect.text, location: call.location)
        }
    }

    /// `expression` with each variable `bound` names replaced by its value.
    static func substitute(_ bound: [String: Expression], in expression: Expression) -> Expression {
        switch expression {
        case .variable(let name): bound[name] ?? expression
        case .unary(let op, let a): .unary(op, substitute(bound, in: a))
        case .binary(let op, let a, let b): .binary(op, substitute(bound, in: a), substitute(bound, in: b))
        case .call(let name, let arguments): .call(name, arguments.map { substitute(bound, in: $0) })
        default: expression
        }
    }
}
