import StoryGraph

extension InkParser {
    /// `=== knot(params) ===`, `=== function f(x) ===` and `= stitch`: a new flow. The
    /// knot or stitch is a passage whose id is its name (`knot`, `knot.stitch`);
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
            guard let knot else {
                report(InkRules.syntax, "stitch '\(name)' outside any knot", at: location)
                return
            }
            let knotFlow = flow
            // A knot with no content of its own goes on into its first stitch.
            if stitch == nil, !knotFlow.isFunction, !knotFlow.hasContent, let k = indexByID[knot] {
                passages[k].choices.append(Choice(text: "", target: knot + "." + name, kind: .auto, location: location))
                emptyKnotHeads.append(knot)
                flow.current = .none
            }
            finishFlow()
            stitch = name
            flow = Flow(id: knot + "." + name, isFunction: knotFlow.isFunction)
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
    /// ink's runtime never runs the knot's own start and does not count it a visit of the
    /// knot (knots count visits only when entered at their start). So when nothing names
    /// the knot itself (a divert, a tunnel or thread, a read count, a divert value), its
    /// start is entered by nothing, holds nothing the author wrote, and is no passage;
    /// claiming it "cannot be reached" would say the knot is dead while its stitches run.
    /// Where something does name it, the passage stays (reached or not, as that is).
    mutating func dropUnenteredKnotHeads(start: String) {
        guard !emptyKnotHeads.isEmpty else { return }
        var named = Set<String>([start])
        named.formUnion(readElsewhere)
        func note(_ expression: Expression) {
            var stack = [expression]
            while let e = stack.popLast() {
                switch e {
                case .visits(let id): named.insert(id)
                case .string(let text) where text.hasPrefix("-> "): named.insert(String(text.dropFirst(3)))
                // Not read here: keep any knot it may name.
                case .unknown(let text), .tooDeep(let text): named.formUnion(emptyKnotHeads.filter { text.contains($0) })
                case .unary(_, let a): stack.append(a)
                case .binary(_, let a, let b): stack += [a, b]
                case .call(_, let arguments): stack += arguments
                case .integer, .decimal, .string, .boolean, .variable: break
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
            for choice in passage.choices {
                named.insert(choice.target)
                if let condition = choice.condition { note(condition) }
            }
            for effect in passage.effects { note(effect.value) }
        }
        let unentered = Set(emptyKnotHeads).subtracting(named)
        passages.removeAll { unentered.contains($0.id) }
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
