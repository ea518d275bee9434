import StoryGraph

extension InkJSONReader {
    /// What a function of the compiled story may assign: globals (`{"VAR=": g}`, in it or
    /// in what it calls), the parameters it assigns (through which a `ref` argument is
    /// written), and, for a function of straight-line logic only (`~ x = x + 1`), its
    /// content, which a call reads in place.
    struct FunctionWrites {
        var parameters: [String] = []
        var globals: Set<String> = []
        var assignedParameters: Set<String> = []
        /// Whether what it may write is not known (it calls a function with a computed
        /// name, or an external one): every variable.
        var writesAnything = false
        var isStraightLine = false
    }

    /// The value an element pushes on the evaluation stack, or nil when it pushes none:
    /// `{"VAR?": x}` a variable, `{"CNT?": path}` a read count, `{"^->": path}` a divert
    /// target, `{"^var": x}` a pointer (`ref x`), `{"list": …}` unknown.
    func value(of element: LocatedValue, in c: Int, ids: [Key: String]) -> InkJSONEvaluation.Item? {
        if let name = element["VAR?"]?.string { return .init(expression: .variable(name), text: name, depth: 1) }
        if let written = element["CNT?"]?.string {
            let path = Self.resolve(written, from: containers[c].path)
            let (reached, walked, steps) = walk(path)
            if let t = reached, walked == steps.count, let id = ids[Key(container: t, index: 0)],
                !enteredInside.contains(t) || countsAtStartOnly(t)
            {
                return .init(expression: .visits(passage: id), text: id, depth: 1)
            }
            // Not a passage, or entered at a stitch or a gather from outside it (which
            // ink counts, and the passage's visits do not): not known here.
            return InkJSONEvaluation.unknown("READ_COUNT(-> " + written + ")")
        }
        if let written = element["^->"]?.string {
            if let key = key(for: Self.resolve(written, from: containers[c].path)), let id = ids[key] {
                return .init(expression: InkParser.targetValue(id), text: "-> " + id, depth: 1)
            }
            return InkJSONEvaluation.unknown("-> " + written)
        }
        if let name = element["^var"]?.string {
            var item = InkJSONEvaluation.unknown("ref " + name)
            item.pointer = name
            return item
        }
        if element["list"] != nil { return InkJSONEvaluation.unknown("(list in compiled ink)") }
        return nil
    }

    /// Whether ink counts `t`'s visits only when the flow enters it at its start (count
    /// flags `#f` with 0x04).
    func countsAtStartOnly(_ t: Int) -> Bool {
        guard let flags = containerFlags(t) else { return false }
        return flags & 4 != 0
    }

    /// The count flags of container `t` (`{"#f": n}` in its last element), if written.
    func containerFlags(_ t: Int) -> Int? { containers[t].flags }

    /// A call to the function `written` (or an external one): pops its arguments, pushes
    /// its result (unknown), and gives what it does to the story's variables: a
    /// straight-line function's assignments read in place (`raise(ref x)` with `~ x = x +
    /// 1` is `x = x + 1`), otherwise each variable it may write set to an unknown value.
    func call(
        _ written: String, external: Bool, _ element: LocatedValue, in c: Int,
        values: inout InkJSONEvaluation
    ) -> [Effect] {
        let callee = external ? nil : container(for: Self.resolve(written, from: containers[c].path))
        let writes = callee.flatMap { functionWrites[$0] }
        let count =
            external
            ? Int(element["exArgs"]?.scalarText ?? "0") ?? 0 : writes?.parameters.count ?? 0
        var arguments: [InkJSONEvaluation.Item] = []
        // A hostile file's `exArgs` may be negative or huge: never more than the stack holds.
        for _ in 0..<max(0, min(count, values.items.count)) { arguments.insert(values.pop(), at: 0) }
        values.push(InkJSONEvaluation.unknown(written + "()"))
        guard let writes, let callee, !writes.writesAnything else {
            // What it may write is not known: every variable the story assigns anywhere.
            return (external && callee == nil ? [] : allAssigned()).map {
                Effect(variable: $0, value: .unknown(written + "()"), text: $0 + " = " + written + "()")
            }
        }
        var bound: [String: InkJSONEvaluation.Item] = [:]
        for (name, argument) in zip(writes.parameters, arguments) {
            if let pointee = argument.pointer {
                bound[name] = .init(expression: .variable(pointee), text: pointee, depth: 1, pointer: pointee)
            } else {
                bound[name] = argument
            }
        }
        if writes.isStraightLine {
            return inline(callee, parameters: writes.parameters.count, bound: bound, location: element.location)
        }
        var effects: [Effect] = []
        for name in writes.globals.sorted() {
            effects.append(Effect(variable: name, value: .unknown(written + "()"), text: name + " = " + written + "()"))
        }
        for name in writes.assignedParameters.sorted() {
            guard let pointee = bound[name]?.pointer else { continue }
            effects.append(
                Effect(variable: pointee, value: .unknown(written + "()"), text: pointee + " = " + written + "()"))
        }
        return effects
    }

    /// The assignments of a straight-line function's content, with its parameters bound
    /// to the call's arguments (a `ref` argument's assignments are the variable's).
    func inline(
        _ callee: Int, parameters: Int, bound: [String: InkJSONEvaluation.Item], location: SourceLocation
    ) -> [Effect] {
        var bound = bound
        var values = InkJSONEvaluation()
        var effects: [Effect] = []
        for element in containers[callee].content.dropFirst(parameters) {
            if let s = element.string {
                if !s.hasPrefix("^") { _ = values.apply(s) }
                continue
            }
            if case .scalar(let n, let kind) = element.value {
                if kind == .number { values.push(Int(n).map { .integer($0) } ?? .unknown(n), n) }
                if kind == .bool { values.push(.boolean(n == "true"), n) }
                continue
            }
            if let name = element["VAR?"]?.string {
                values.push(bound[name] ?? .init(expression: .variable(name), text: name, depth: 1))
            } else if let name = element["temp="]?.string {
                let value = values.pop()
                if let pointee = bound[name]?.pointer {
                    effects.append(
                        Effect(variable: pointee, value: value.expression, text: pointee + " = " + value.text,
                            location: location))
                    // The variable now holds it; later reads of the parameter read the variable.
                    continue
                }
                bound[name] = value
            } else if let name = element["VAR="]?.string {
                let value = values.pop()
                effects.append(
                    Effect(variable: name, value: value.expression, text: name + " = " + value.text, location: location))
            }
        }
        return effects
    }

    /// The containers whose visits ink's runtime counts otherwise than the passage's: for
    /// every divert, choice, tunnel, thread or target value, the containers holding its
    /// target (and the target's own container, when it names an element after the first)
    /// that do not hold the place it is written, which ink counts whenever the flow enters
    /// them (a passage's visits count only its start); and a container whose start is
    /// the target from inside it (`-> market` in market's choice), which ink does not
    /// count (it is open already), the passage does. Unless counted at the start only
    /// (`#f` 0x04), in which case ink counts exactly the passage's entries.
    ///
    /// - Complexity: O(E · d) for E elements and containers d deep.
    func entriesInside() -> Set<Int> {
        var entered: Set<Int> = []
        for c in containers.indices {
            let from = containers[c].path
            for element in containers[c].content {
                guard element["var"]?.bool != true,
                    let written = element["->"]?.string ?? element["*"]?.string ?? element["->t->"]?.string
                        ?? element["^->"]?.string,
                    let key = key(for: Self.resolve(written, from: from))
                else { continue }
                var t = key.container
                if key.index > 0, !Self.holds(containers[t].path, from) { entered.insert(t) }
                // A divert to a container's start from inside it: ink's runtime does not
                // count that visit (the container is open already), the passage's does.
                if key.index == 0, Self.holds(containers[t].path, from) { entered.insert(t) }
                while !containers[t].path.isEmpty {
                    guard let parent = indexByPath[Self.parent(containers[t].path)] else { break }
                    t = parent
                    if !Self.holds(containers[t].path, from) { entered.insert(t) }
                }
            }
        }
        return entered
    }

    /// Whether the container at `outer` holds (or is) the one at `inner`.
    static func holds(_ outer: String, _ inner: String) -> Bool {
        outer.isEmpty || inner == outer || inner.hasPrefix(outer + ".")
    }

    /// What each called function may write (`FunctionWrites`), closed over the functions
    /// it calls.
    func writesOfFunctions(_ called: Set<Int>) -> [Int: FunctionWrites] {
        var result: [Int: FunctionWrites] = [:]
        var calls: [Int: Set<Int>] = [:]
        for f in called.sorted() {
            var writes = FunctionWrites()
            let content = containers[f].content
            for element in content {
                guard let name = element["temp="]?.string, element["re"] == nil else { break }
                writes.parameters.append(name)
            }
            writes.parameters.reverse()
            writes.isStraightLine = true
            let base = containers[f].path
            for k in containers.indices where Self.holds(base, containers[k].path) {
                if k != f { writes.isStraightLine = false }
                for element in containers[k].content {
                    if element.elements != nil { writes.isStraightLine = false }
                    if let name = element["VAR="]?.string { writes.globals.insert(name) }
                    if let name = element["temp="]?.string, writes.parameters.contains(name) {
                        writes.assignedParameters.insert(name)
                    }
                    if let written = element["f()"]?.string {
                        writes.isStraightLine = false
                        if element["var"]?.bool == true {
                            writes.writesAnything = true
                        } else if let g = container(for: Self.resolve(written, from: containers[k].path)) {
                            calls[f, default: []].insert(g)
                        }
                    }
                    if element["x()"] != nil { writes.isStraightLine = false }
                    if let s = element.string, !Self.straightLine(s) { writes.isStraightLine = false }
                    if let members = element.entries,
                        members.contains(where: { !["VAR?", "VAR=", "temp=", "re", "#f", "#n"].contains($0.key) })
                    {
                        writes.isStraightLine = false
                    }
                }
            }
            // A `ref` parameter passed on to another call may be written there.
            if calls[f] != nil { writes.assignedParameters.formUnion(writes.parameters) }
            result[f] = writes
        }
        // What a function calls, it may write too (to a fixed point: calls may loop).
        var changed = true
        while changed {
            changed = false
            for (f, callees) in calls {
                for g in callees {
                    let theirs = result[g] ?? FunctionWrites(writesAnything: true)
                    let before = result[f]!
                    result[f]!.globals.formUnion(theirs.globals)
                    if theirs.writesAnything { result[f]!.writesAnything = true }
                    if result[f]!.globals != before.globals || result[f]!.writesAnything != before.writesAnything {
                        changed = true
                    }
                }
            }
        }
        return result
    }

    /// Elements of straight-line logic: evaluation, operators, stack commands that are
    /// not chance, text-free markers.
    static func straightLine(_ s: String) -> Bool {
        if ["ev", "/ev", "\n", "nop", "pop", "du", "void", "~ret"].contains(s) { return true }
        return InkJSONEvaluation.binary[s] != nil || s == "!" || s == "_" || s == "MIN" || s == "MAX"
    }

    /// Every variable an assignment anywhere in the story names (`VAR=`, `temp=`).
    func allAssigned() -> [String] {
        var names: Set<String> = []
        for container in containers {
            for element in container.content {
                if let name = element["VAR="]?.string ?? element["temp="]?.string, name != "$r" { names.insert(name) }
            }
        }
        return names.sorted()
    }

    /// Every name the story reads (`VAR?`, or passes by reference).
    func namesRead() -> [String] {
        var names: Set<String> = []
        for container in containers {
            for element in container.content {
                if let name = element["VAR?"]?.string ?? element["^var"]?.string { names.insert(name) }
            }
        }
        return names.sorted()
    }

    /// A flow's parameters, in the order a call passes them (its content opens with one
    /// `{"temp=": p}` each, the last parameter first).
    func parameters(of c: Int) -> [String] {
        var names: [String] = []
        for element in containers[c].content {
            guard let name = element["temp="]?.string, element["re"] == nil else { break }
            names.append(name)
        }
        return names.reversed()
    }
}
