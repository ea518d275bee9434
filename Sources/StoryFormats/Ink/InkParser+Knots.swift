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
