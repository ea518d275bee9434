import StoryGraph

extension InkParser {
    /// The passage a divert path names from a flow: ink looks in the flow (its labels),
    /// then the knot (stitches, the knot's labels, then the labels of its stitches), then
    /// the story (knots).
    func resolve(_ path: String, from scope: String) -> String? {
        var scopes: [String] = []
        if scope != Self.rootID {
            let parts = scope.split(separator: ".")
            if parts.count > 1 { scopes.append(scope) }
            scopes.append(String(parts[0]))
        }
        for base in scopes {
            let id = base + "." + path
            if let p = indexByID[id], !isFunctionPassage(p) { return id }
        }
        if let p = indexByID[path], !isFunctionPassage(p) { return path }
        if let knot = scopes.last, !path.contains("."), let id = stitchLabels[knot + "." + path] { return id }
        return nil
    }

    /// `knot.label` → `knot.stitch.label` for every label inside a stitch (ink finds a
    /// stitch's weave point from anywhere in its knot).
    static func stitchLabels(_ ids: [String]) -> [String: String] {
        var result: [String: String] = [:]
        for id in ids {
            let parts = id.split(separator: ".")
            guard parts.count == 3, !parts[2].contains("-") else { continue }
            let key = String(parts[0]) + "." + String(parts[2])
            if result[key] == nil { result[key] = id }
        }
        return result
    }

    func isFunctionPassage(_ p: Int) -> Bool {
        let knot = passageFlow[p].split(separator: ".").first.map(String.init) ?? ""
        return functionNames.contains(knot)
    }

    /// Sets every divert's target; a divert to a variable is dynamic; one to nothing is
    /// ink's "target not found" error. Then drops the functions' passages.
    mutating func resolveTargets() {
        stitchLabels = Self.stitchLabels(passages.map(\.id))
        let held = divertValues()
        var read: Set<String> = []
        for site in callSites {
            for argument in site.arguments { read.formUnion(argument.variables.filter(valueNames.contains)) }
        }
        for pending in pendingTargets where !isFunctionPassage(pending.passage) {
            let head = String(pending.path.split(separator: ".").first ?? "")
            if resolve(pending.path, from: pending.scope) == nil, valueNames.contains(head) { read.insert(head) }
            if let id = resolve(pending.path, from: pending.scope) {
                passages[pending.passage].choices[pending.choice].target = id
            } else if pending.path == head, let key = variableKey(head, in: pending.scope), let values = held[key] {
                // A divert variable (a VAR, a temporary, a parameter) whose every value
                // is a target written out: it leads to one of them, as a condition on it.
                // A choice the reader clicks stays one choice, leading to a flow point
                // that goes on to each value.
                var from = pending.passage
                var written = passages[from].choices[pending.choice]
                if written.kind == .choice, values.count > 1 {
                    let point = Passage(id: pending.scope + ".-> " + head, location: written.location)
                    if indexByID[point.id] == nil {
                        passages.append(point)
                        passages[passages.count - 1].isFlowPoint = true
                        passageFlow.append(pending.scope)
                        indexByID[point.id] = passages.count - 1
                    }
                    passages[from].choices[pending.choice].target = point.id
                    from = indexByID[point.id]!
                    guard passages[from].choices.isEmpty else { continue }
                    written = Choice(text: "", target: "", kind: .auto, location: written.location)
                    passages[from].choices.append(written)
                }
                let c = from == pending.passage ? pending.choice : 0
                for (k, value) in values.sorted().enumerated() {
                    var choice = written
                    choice.target = value
                    if values.count > 1 {
                        let test = Condition.test(
                            head + " == -> " + value, .binary(.equal, .variable(head), Self.targetValue(value)))
                        choice.condition = Condition.joined(written.condition, test)
                    }
                    if k == 0 {
                        passages[from].choices[c] = choice
                    } else {
                        passages[from].choices.append(choice)
                    }
                }
            } else if valueNames.contains(head) {
                passages[pending.passage].choices[pending.choice].target = pending.path
                let kind = passages[pending.passage].choices[pending.choice].kind
                passages[pending.passage].choices[pending.choice].kind = .dynamic
                let what = kind == .call ? "tunnel" : kind == .include ? "thread" : "divert"
                report(
                    InkRules.computedDivert,
                    "\(what) to variable '\(pending.path)' is not followed: not every value it can hold is a target "
                        + "written out", at: pending.location)
            } else {
                // ink's "target not found": the platform's broken-link error, at the divert.
                passages[pending.passage].choices[pending.choice].target = pending.path
            }
        }
        readElsewhere = read.sorted()
        var kept: [Passage] = []
        var keptFlow: [String] = []
        for p in passages.indices where !isFunctionPassage(p) {
            kept.append(passages[p])
            keptFlow.append(passageFlow[p])
        }
        passages = kept
        passageFlow = keptFlow
        indexByID = [:]
        for p in passages.indices where indexByID[passages[p].id] == nil { indexByID[passages[p].id] = p }
    }

    /// A divert target as a value (`-> knot`): one string per passage, the same wherever
    /// it is written, so the state search can follow a divert variable exactly.
    static func targetValue(_ id: String) -> Expression { .string("-> " + id) }

    /// Names in conditions and effects that are knots, stitches or labels (ink's read
    /// counts) become `.visits(passage:)`; divert targets written as values become
    /// `targetValue`s.
    mutating func resolveVisits() {
        for v in variables.indices {
            if let initial = variables[v].initial { variables[v].initial = visits(in: initial, scope: Self.rootID) }
        }
        for p in passages.indices {
            let scope = passageFlow[p]
            for c in passages[p].choices.indices {
                if let condition = passages[p].choices[c].condition {
                    passages[p].choices[c].condition = visits(in: condition, scope: scope)
                }
            }
            for e in passages[p].effects.indices {
                passages[p].effects[e].value = visits(in: passages[p].effects[e].value, scope: scope)
            }
        }
    }

    func visits(in condition: Condition, scope: String) -> Condition {
        switch condition {
        case .test(let text, let expression): return .test(text, expression.map { visits(in: $0, scope: scope) })
        case .not(let inner): return .not(visits(in: inner, scope: scope))
        case .all(let parts): return .all(parts.map { visits(in: $0, scope: scope) })
        }
    }

    func visits(in expression: Expression, scope: String) -> Expression {
        switch expression {
        case .variable(let name):
            if !valueNames.contains(name), let id = resolve(name, from: scope) { return .visits(passage: id) }
            return expression
        case .unary(let op, let a): return .unary(op, visits(in: a, scope: scope))
        case .binary(let op, let a, let b): return .binary(op, visits(in: a, scope: scope), visits(in: b, scope: scope))
        case .call(let name, let arguments): return .call(name, arguments.map { visits(in: $0, scope: scope) })
        case .unknown(let text) where text.hasPrefix("-> "):
            return resolve(String(text.dropFirst(3)), from: scope).map(Self.targetValue) ?? expression
        default: return expression
        }
    }
}
