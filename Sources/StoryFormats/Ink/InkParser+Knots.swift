import StoryGraph

extension InkParser {
    /// `=== knot(params) ===`, `=== function f(x) ===` and `= stitch`: a new flow. The
    /// knot or stitch is a passage whose id is its name (`knot`, `knot.stitch`; a stitch
    /// before the first knot, at the story's top level: `stitch`);
    /// functions are not passages (ink calls them, they return).
    mutating func flowHeader(_ cursor: inout InkCursor) {
        let location = cursor.location
        var equals = 0
        while cursor.current == "=" {
            cursor.advance()
            equals += 1
        }
        cursor.skipSpaces()
        let isFunction = equals >= 2 && cursor.matchWord("function")
        cursor.skipSpaces()
        guard let name = cursor.identifier() else {
            report(
                InkRules.syntax,
                "expected a \(equals >= 2 ? "knot" : "stitch") name after '\(String(repeating: "=", count: equals))'",
                at: cursor.location)
            return
        }
        cursor.skipSpaces()
        let parameters = flowParameters(&cursor)
        closeBlocks(at: location)
        if equals >= 2 {
            if !suspendIncluder() { finishFlow() }
            statistics.knots += 1
            if isFunction {
                statistics.functions += 1
                functionNames.insert(name)
            } else if firstKnot == nil {
                firstKnot = name
            }
            knot = name
            stitch = nil
            flow = Flow(id: name, isFunction: isFunction)
        } else {
            statistics.stitches += 1
            if let knot {
                let knotFlow = flow
                // A knot with no content of its own goes on into its first stitch.
                if stitch == nil, !knotFlow.isFunction, !knotFlow.hasContent, let k = indexByID[knot] {
                    passages[k].choices.append(
                        Choice(text: "", target: knot + "." + name, kind: .auto, location: location))
                    emptyKnotHeads.append(knot)
                    flow.current = .none
                }
                finishFlow()
                stitch = name
                flow = Flow(id: knot + "." + name, isFunction: knotFlow.isFunction)
            } else {
                // A stitch before the first knot belongs to the story's top level, as ink
                // compiles it: a flow of its own, named by its name alone (`-> name`).
                if !suspendIncluder() { finishFlow() }
                stitch = nil
                flow = Flow(id: name, isFunction: false)
            }
        }
        for (n, parameter) in parameters.enumerated() {
            valueNames.insert(parameter.name)
            if parameter.isTarget { targetParameters[flow.id, default: [:]][n] = parameter.name }
            if parameter.isRef { referenceParameters.insert(flow.id + "\u{0}" + parameter.name) }
        }
        flowParameters[flow.id] = parameters.map(\.name)
        let p = newPassage(id: flow.id, location: location, declared: true)
        flow.current = .passage(p)
    }

    /// A knot with no content before its first stitch compiles to a divert into that
    /// stitch. A divert to the stitch (`-> K.s`) enters the stitch's container directly:
    /// ink's runtime never runs the knot's own start. So when nothing diverts to the knot
    /// itself (a divert, a tunnel or thread, a divert value), its start is entered by
    /// nothing, holds nothing the author wrote, and is no passage; claiming it "cannot be
    /// reached" would say the knot is dead while its stitches run. Where something does,
    /// the passage stays (reached or not, as that is).
    ///
    /// ink counts a visit of a knot whenever the flow enters it from outside, at its start
    /// or at a stitch (inkjs: `-> K.s` then `{K}` shows 1), and not when a divert from
    /// inside it goes back to its start. The passage's visits count every entry of its
    /// start; so a read count of a knot entered at a stitch from outside it, or of a knot
    /// or stitch a divert inside it goes back to, is not known here (`.unknown`: no claim
    /// rests on it), rather than a wrong count.
    mutating func dropUnenteredKnotHeads(start: String) {
        var entered = Set<String>([start])
        entered.formUnion(readElsewhere)
        var atStitch = Set<String>()
        let knotOf = { (id: String) in String(id.split(separator: ".").first ?? "") }
        for passage in passages {
            for choice in passage.choices {
                entered.insert(choice.target)
                let k = knotOf(choice.target)
                if choice.target.contains("."), knotOf(passage.id) != k, indexByID[k] != nil { atStitch.insert(k) }
                // A divert to a knot or stitch from inside it (`-> market` in one of
                // market's choices): ink's runtime does not count that visit (the knot is
                // open already; inkjs shows `{market}` 1 after it), the passage's visits do.
                if !choice.target.isEmpty, passage.id == choice.target || passage.id.hasPrefix(choice.target + ".") {
                    atStitch.insert(choice.target)
                }
            }
        }
        let heads = Set(emptyKnotHeads)
        func note(_ expression: Expression) {
            var stack = [expression]
            while let e = stack.popLast() {
                switch e {
                case .string(let text) where text.hasPrefix("-> "): entered.insert(String(text.dropFirst(3)))
                // Not read here: keep any knot it may name.
                case .unknown(let text), .tooDeep(let text): entered.formUnion(heads.filter { text.contains($0) })
                case .unary(_, let a): stack.append(a)
                case .binary(_, let a, let b): stack += [a, b]
                case .call(_, let arguments): stack += arguments
                case .integer, .decimal, .string, .boolean, .variable, .visits: break
                }
            }
        }
        func note(_ condition: Condition) {
            switch condition {
            case .test(_, let expression): if let expression { note(expression) }
            case .not(let inner): note(inner)
            case .all(let parts): parts.forEach(note)
            }
        }
        for variable in variables { if let initial = variable.initial { note(initial) } }
        for passage in passages {
            for choice in passage.choices { if let condition = choice.condition { note(condition) } }
            for effect in passage.effects { note(effect.value) }
        }
        if !atStitch.isEmpty {
            for v in variables.indices {
                if let initial = variables[v].initial { variables[v].initial = Self.unknowing(atStitch, in: initial) }
            }
            for p in passages.indices {
                for c in passages[p].choices.indices {
                    if let condition = passages[p].choices[c].condition {
                        passages[p].choices[c].condition = Self.unknowing(atStitch, in: condition)
                    }
                }
                for e in passages[p].effects.indices {
                    passages[p].effects[e].value = Self.unknowing(atStitch, in: passages[p].effects[e].value)
                }
            }
        }
        let unentered = heads.subtracting(entered)
        if !unentered.isEmpty { passages.removeAll { unentered.contains($0.id) } }
    }

    /// `condition` with the read counts of `knots` unknown.
    static func unknowing(_ knots: Set<String>, in condition: Condition) -> Condition {
        switch condition {
        case .test(let text, let expression): .test(text, expression.map { unknowing(knots, in: $0) })
        case .not(let inner): .not(unknowing(knots, in: inner))
        case .all(let parts): .all(parts.map { unknowing(knots, in: $0) })
        }
    }

    static func unknowing(_ knots: Set<String>, in expression: Expression) -> Expression {
        switch expression {
        case .visits(let id) where knots.contains(id): .unknown("READ_COUNT(-> \(id))")
        case .unary(let op, let a): .unary(op, unknowing(knots, in: a))
        case .binary(let op, let a, let b): .binary(op, unknowing(knots, in: a), unknowing(knots, in: b))
        case .call(let name, let arguments): .call(name, arguments.map { unknowing(knots, in: $0) })
        default: expression
        }
    }

    /// ink's "name has already been used": a knot or stitch named as a variable of the
    /// story (VAR, CONST, LIST), reported at the knot or stitch.
    mutating func reportNameClashes() {
        var declared: [String: Variable] = [:]
        for variable in variables where declared[variable.name] == nil { declared[variable.name] = variable }
        for (p, passage) in passages.enumerated() where !passage.isFlowPoint && p > 0 && !isFunctionPassage(p) {
            let name = String(passage.id.split(separator: ".").last ?? "")
            guard let variable = declared[name] else { continue }
            let kind = passage.id.contains(".") ? "stitch" : "knot"
            let place =
                variable.location.map { " (line \($0.line) of \($0.file.split(separator: "/").last ?? ""))" } ?? ""
            report(
                InkRules.nameClash, "\(kind) '\(name)': the name is already a variable's\(place)", at: passage.location)
        }
    }

    /// `(a, ref b, -> c)` after a flow's name: the parameter names, and which of them
    /// are divert targets (`-> c`) and which are passed by reference (`ref b`).
    mutating func flowParameters(_ cursor: inout InkCursor) -> [(name: String, isTarget: Bool, isRef: Bool)] {
        guard cursor.match("(") else { return [] }
        var names: [(name: String, isTarget: Bool, isRef: Bool)] = []
        while !cursor.atEnd && cursor.current != ")" {
            cursor.skipSpaces()
            let isRef = cursor.matchWord("ref")
            cursor.skipSpaces()
            let isTarget = cursor.match("->")
            cursor.skipSpaces()
            if let name = cursor.identifier() { names.append((name, isTarget, isRef)) } else { cursor.advance() }
            cursor.skipSpaces()
            _ = cursor.match(",")
        }
        _ = cursor.match(")")
        return names
    }

    /// `(label)` on a choice or gather.
    mutating func weaveLabel(_ cursor: inout InkCursor) -> String? {
        let save = cursor.position
        guard cursor.match("(") else { return nil }
        cursor.skipSpaces()
        guard let name = cursor.identifier() else {
            cursor.position = save
            return nil
        }
        cursor.skipSpaces()
        guard cursor.match(")") else {
            cursor.position = save
            return nil
        }
        cursor.skipSpaces()
        return name
    }
}
