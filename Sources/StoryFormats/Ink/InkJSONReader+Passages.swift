import StoryGraph

extension InkJSONReader {
    /// The story of a compiled ink file whose `root` is `root`.
    mutating func story(file: String, root: LocatedValue, title: String) -> Story {
        collect(root)
        // Where every divert, choice point, tunnel and thread leads, and what is called.
        var targeted: Set<Int> = []
        var called: Set<Int> = []
        var rejoins: Set<Key> = []
        for c in containers.indices {
            // After `{"temp=": "$r"}`, the divert to a choice's shared text is run like a
            // call (`read` goes through it in place): it makes no passage.
            var returnPointSet = false
            let content = containers[c].content
            for (i, element) in content.enumerated() {
                guard let members = element.entries else { continue }
                if element["temp="]?.string == "$r" { returnPointSet = true }
                for m in members {
                    // inkVersion 11 writes a conditional divert's path in an object:
                    // `{"t?": {"->": path}}`.
                    guard let written = m.value.string ?? m.value["->"]?.string else { continue }
                    switch m.key {
                    case "^->":
                        // A divert target held as a value: a place a computed divert may go
                        // (not a choice's return point, `$r`, which `read` follows).
                        let next = content[(i + 1)...].prefix(2)
                        if next.contains(where: { $0["temp="]?.string == "$r" }) { continue }
                        if let key = self.key(for: Self.resolve(written, from: containers[c].path)) {
                            if key.index == 0 { targeted.insert(key.container) } else { rejoins.insert(key) }
                        }
                    case "*", "->", "->t->", "t?", "f?":
                        if element["var"]?.bool == true { continue }
                        if m.key == "t?" || m.key == "f?" || (m.key == "->" && element["c"]?.bool == true),
                            let branch = container(for: Self.resolve(written, from: containers[c].path)),
                            isTextBranch(branch)
                        {
                            continue
                        }
                        if m.key == "->", returnPointSet {
                            returnPointSet = false
                            continue
                        }
                        let key = self.key(for: Self.resolve(written, from: containers[c].path))
                        if let key { if key.index == 0 { targeted.insert(key.container) } else { rejoins.insert(key) } }
                    case "f()":
                        if let t = container(for: Self.resolve(written, from: containers[c].path)) { called.insert(t) }
                    default: break
                    }
                }
            }
        }
        // A function's own containers (its conditionals' branches) are no passages.
        let functions = Set(
            containers[indexByPath[""] ?? 0].named.compactMap { name, _ in
                indexByPath[name].flatMap { called.contains($0) && !targeted.contains($0) ? name : nil }
            })
        let paths = containers.map(\.path)
        let inFunction = { (c: Int) in functions.contains(String(paths[c].split(separator: ".").first ?? "")) }
        targeted = targeted.filter { !inFunction($0) }
        rejoins = rejoins.filter { !inFunction($0.container) }
        var flows: [Int] = []
        if let r = indexByPath[""] { flows.append(r) }
        for (name, _) in containers[indexByPath[""] ?? 0].named where name != "global decl" {
            guard let k = indexByPath[name] else { continue }
            if called.contains(k) && !targeted.contains(k) { continue }
            // A knot with no content before its first stitch is a divert into it; when no
            // divert goes to the knot itself, nothing runs that start (`-> knot.stitch`
            // enters the stitch): no passage, as in the source. (A read count of it is
            // then unknown: `value(of:in:ids:)` knows only a passage's.)
            if !isBareHead(k) || targeted.contains(k) { flows.append(k) }
            for (stitch, _) in containers[k].named {
                if let s = indexByPath[Self.join(name, stitch)] { flows.append(s) }
            }
        }
        // The passages the author declared (the root, knots, stitches); every other one
        // (a choice's content, a gather, a label, a rejoin, a return point) is a flow point.
        let declared = Set(flows)
        var isPassage = Set(flows)
        for t in targeted.sorted() where !isPassage.contains(t) {
            if called.contains(t) && !targeted.contains(t) { continue }
            flows.append(t)
            isPassage.insert(t)
        }
        var keys =
            flows.map { Key(container: $0, index: 0) }
            + rejoins.sorted { ($0.container, $0.index) < ($1.container, $1.index) }
        keys.sort { location(of: $0) < location(of: $1) }
        let ids = passageIDs(keys)
        let keySet = Set(keys)
        divertTargets = divertValues()
        enteredInside = entriesInside()
        functionWrites = writesOfFunctions(called)
        var passages: [Passage] = []
        for key in keys { passages += read(key, ids: ids, keys: keySet, declared: declared) }
        var start = ids[Key(container: indexByPath[""] ?? 0, index: 0)] ?? InkParser.rootID
        // The root is the author's passage only when they wrote text there.
        if let r = passages.firstIndex(where: { $0.id == start }) { passages[r].isFlowPoint = passages[r].text.isEmpty }
        // An empty top (no text, no way on) is no passage: the story starts at the first knot.
        if let r = passages.firstIndex(where: { $0.id == start }), passages[r].choices.isEmpty,
            passages[r].text.isEmpty,
            passages[r].ending == nil || passages.count > 1,
            let first = flows.first(where: { containers[$0].path != "" && containers[$0].path != "0" }).flatMap({
                ids[Key(container: $0, index: 0)]
            })
        {
            passages.remove(at: r)
            start = first
        }
        var story = Story(title: title, start: start, passages: passages, format: InkJSONLoader.formatName)
        story.arithmetic = .integer
        story.variables = globals(ids: ids)
        // Every name a `{"VAR?": x}` or `{"^var": x}` reads, wherever it is (text, a
        // function): what is read is known, as in the .ink source.
        story.readElsewhere = namesRead()
        return story
    }

    /// A knot's container whose only content is a divert into one of its own stitches
    /// (what ink writes for a knot with nothing before its first stitch).
    func isBareHead(_ k: Int) -> Bool {
        let content = containers[k].content
        guard content.count == 1, let written = content[0]["->"]?.string,
            let t = container(for: Self.resolve(written, from: containers[k].path))
        else { return false }
        return Self.parent(containers[t].path) == containers[k].path
    }

    /// A place a passage starts: a container, at an element of its content (0, or the
    /// place a divert such as `knot.0.3` rejoins).
    struct Key: Hashable {
        var container: Int
        var index: Int
    }

    /// Where a path leads: a container, an element of one (`x.3`), or the nearest
    /// container holding it.
    func key(for path: String) -> Key? {
        let (c, walked, steps) = walk(path)
        guard let c else { return nil }
        if walked == steps.count { return Key(container: c, index: 0) }
        // An index is never negative: `-2` names no element (as in ink's runtime).
        if walked == steps.count - 1, let n = Int(steps[walked]), n >= 0 { return Key(container: c, index: n) }
        return Key(container: c, index: 0)
    }

    func location(of key: Key) -> SourceLocation {
        let content = containers[key.container].content
        return key.index > 0 && key.index < content.count
            ? content[key.index].location : containers[key.container].location
    }

    /// The container a path leads to: itself, or the nearest container holding it (a
    /// path into a container's content, such as `knot.0.3`).
    func container(for path: String) -> Int? { walk(path).container }

    /// Follows `path` from the root one step at a time: the deepest container reached
    /// (nil when not even the first step names one, a broken link), how many steps that
    /// took, and the steps.
    ///
    /// - Complexity: O(k) for a path of k characters.
    func walk(_ path: String) -> (container: Int?, walked: Int, steps: [Substring]) {
        guard let root = indexByPath[""] else { return (nil, 0, []) }
        if path.isEmpty { return (root, 0, []) }
        let steps = path.split(separator: ".", omittingEmptySubsequences: false)
        var current = root
        var walked = 0
        for step in steps {
            guard let next = children[current][String(step)] else { break }
            current = next
            walked += 1
        }
        return (walked == 0 ? nil : current, walked, steps)
    }

    /// Ids: paths without numeric steps (`knot.0.c-0` → `knot.c-0`) where that stays
    /// unique, else the full path; the root is `(root)`.
    func passageIDs(_ keys: [Key]) -> [Key: String] {
        var short: [Key: String] = [:]
        var full: [Key: String] = [:]
        var uses: [String: Int] = [:]
        for key in keys {
            let path = containers[key.container].path
            var s =
                path.isEmpty
                ? InkParser.rootID
                : path.split(separator: ".").filter { !$0.allSatisfy(\.isNumber) }.joined(separator: ".")
            if s.isEmpty { s = path }
            full[key] =
                key.index == 0
                ? (path.isEmpty ? InkParser.rootID : path)
                : Self.join(path.isEmpty ? InkParser.rootID : path, String(key.index))
            short[key] = key.index == 0 ? s : s + "." + String(key.index)
            uses[short[key]!, default: 0] += 1
        }
        var ids: [Key: String] = [:]
        for key in keys { ids[key] = uses[short[key]!]! > 1 ? full[key]! : short[key]! }
        return ids
    }

    /// One passage's content in order, inline containers included, up to its end or an
    /// unconditional divert. A tunnel goes on in a new passage `id.r-N` (where the call
    /// returns).
    func read(_ start: Key, ids: [Key: String], keys: Set<Key>, declared: Set<Int>) -> [Passage] {
        let id = ids[start]!
        let startPath = containers[start.container].path
        var out = [
            Passage(
                id: id, location: location(of: start),
                metadata: ["ink_path": start.index == 0 ? startPath : Self.join(startPath, String(start.index))])
        ]
        out[0].isFlowPoint = !(start.index == 0 && declared.contains(start.container))
        // An indexed container flows on into its parent's next element when it ends.
        var stack: [(Int, Int)] = []
        var path = startPath
        while let last = path.split(separator: ".").last, let k = Int(last), let parent = indexByPath[Self.parent(path)]
        {
            stack.insert((parent, k + 1), at: 0)
            path = Self.parent(path)
        }
        stack.append((start.container, start.index))
        var first = true
        var eval = 0
        var strings = 0
        var pendingText = ""
        var thread = false
        var returns = 0
        // Inside a choice's shared text (entered after `{"temp=": "$r"}`): the depth of
        // the stack to go back to at its `{"->": "$r", "var": true}`.
        var returnPointSet = false
        var sharedTextDepth: Int?
        // The evaluation stack, read symbolically (`InkJSONEvaluation`), and the string a
        // `"str"` … `"/str"` block builds (nil once something other than text is in it).
        var values = InkJSONEvaluation()
        var built: String? = ""
        // Per passage of `out`: the conditional diverts met in it (a way out added after
        // one is taken only when it did not hold), and each condition with the number of
        // effects before it (an effect after it on what it reads makes it unknown).
        var passed: [(passage: Int, from: Int, condition: Condition)] = []
        var tested: [(passage: Int, choice: Int, effects: Int)] = []
        func condition(_ item: InkJSONEvaluation.Item, _ passage: Int) -> Condition {
            tested.append((passage, out[passage].choices.count, out[passage].effects.count))
            return .test(item.text, item.expression)
        }

        func target(_ written: String, _ c: Int) -> String {
            let t = key(for: Self.resolve(written, from: containers[c].path))
            return t.flatMap { ids[$0] } ?? written
        }
        // Each element is read once: compiled ink whose shared text diverts back into
        // itself (or any other cycle of `.^` paths, as a hostile file may write) would
        // otherwise be walked for ever. Valid ink never comes back to an element while
        // reading one passage; the runtime would loop there without showing anything new.
        var read = Set<Key>()
        walk: while let (c, i) = stack.popLast() {
            let here = Key(container: c, index: i)
            guard read.insert(here).inserted else { break walk }
            if !first, keys.contains(here), let next = ids[here] {
                out[out.count - 1].choices.append(
                    Choice(text: "", target: next, kind: .auto, location: location(of: here)))
                break walk
            }
            first = false
            let content = containers[c].content
            guard i < content.count else { continue }
            stack.append((c, i + 1))
            let element = content[i]
            let last = out.count - 1
            if element.elements != nil {
                guard let child = indexByPath[Self.join(containers[c].path, String(i))] else { continue }
                stack.append((child, 0))
                continue
            }
            if let s = element.string {
                switch s {
                case "ev": eval += 1
                case "/ev": eval -= 1
                case "str":
                    strings += 1
                    built = ""
                case "/str":
                    strings -= 1
                    values.push(
                        built.map { .string($0) } ?? .unknown("(string in compiled ink)"),
                        built.map { "\"" + $0 + "\"" } ?? "(string in compiled ink)")
                    built = ""
                case "\n": if eval == 0 && strings == 0 && !out[last].text.isEmpty { out[last].text += "\n" }
                case "thread": thread = true
                case "->->":
                    out[last].choices.append(Choice(text: "", target: "", kind: .return, location: element.location))
                    break walk
                case "done", "end":
                    let waits = out[last].choices.contains { $0.kind == .choice || $0.kind == .include }
                    if s == "end" || !waits { out[last].ending = Passage.Ending() }
                    break walk
                default:
                    if s.hasPrefix("^") {
                        if strings > 0 {
                            pendingText += s.dropFirst()
                            built? += s.dropFirst()
                        } else if eval == 0 {
                            out[last].text += s.dropFirst()
                        } else {
                            values.push(.string(String(s.dropFirst())), "\"" + s.dropFirst() + "\"")
                        }
                    } else {
                        if strings > 0 { built = nil }
                        _ = values.apply(s)
                    }
                }
                continue
            }
            if strings > 0 { built = nil }
            if eval > 0, case .scalar(let n, let kind) = element.value {
                switch kind {
                case .number: values.push(Int(n).map { .integer($0) } ?? Double(n).map { .decimal($0) } ?? .unknown(n), n)
                case .bool: values.push(.boolean(n == "true"), n)
                default: break
                }
                continue
            }
            guard element.entries != nil else { continue }
            if let pushed = value(of: element, in: c, ids: ids) {
                values.push(pushed)
                continue
            }
            if let written = element["f()"]?.string ?? element["x()"]?.string {
                let isPassed = passed.contains { $0.passage == last }
                for var effect in call(written, external: element["x()"] != nil, element, in: c, values: &values) {
                    // As for an assignment: after a conditional divert it may not have run.
                    if isPassed { effect.value = .unknown(effect.text) }
                    out[last].effects.append(effect)
                }
                continue
            }
            if let written = element["*"]?.string {
                let flags =
                    Int(
                        element["flg"].flatMap {
                            if case .scalar(let n, .number) = $0.value { return n } else { return nil }
                        } ?? "0") ?? 0
                // ink's runtime pops the condition, then the choice-only text, then the start.
                let test = flags & 1 != 0 ? condition(values.pop(), last) : nil
                if flags & 4 != 0 { _ = values.pop() }
                if flags & 2 != 0 { _ = values.pop() }
                var choice = Choice(
                    text: pendingText.trimmingCharacters(in: .whitespaces), target: target(written, c),
                    condition: test, location: element.location)
                choice.isOnceOnly = flags & 0x10 != 0
                choice.isFallback = flags & 0x08 != 0
                out[last].choices.append(choice)
                pendingText = ""
            } else if let written = element["->"]?.string {
                let test = element["c"]?.bool == true ? values.pop() : nil
                if written == "$r", element["var"]?.bool == true, let depth = sharedTextDepth {
                    // Back from the shared text to the element after the divert into it.
                    stack.removeLast(stack.count - depth)
                    sharedTextDepth = nil
                    continue
                }
                if returnPointSet, element["var"]?.bool != true, element["c"]?.bool != true,
                    let shared = container(for: Self.resolve(written, from: containers[c].path))
                {
                    returnPointSet = false
                    sharedTextDepth = stack.count
                    stack.append((shared, 0))
                    continue
                }
                if thread, element["var"]?.bool == true {
                    out[last].choices += computedDivert(to: written, kind: .include, ids: ids, at: element.location)
                    thread = false
                } else if thread {
                    out[last].choices.append(
                        Choice(text: "", target: target(written, c), kind: .include, location: element.location))
                    thread = false
                } else if element["var"]?.bool == true {
                    out[last].choices += computedDivert(to: written, kind: .auto, ids: ids, at: element.location)
                    break walk
                } else if element["c"]?.bool == true,
                    let branch = container(for: Self.resolve(written, from: containers[c].path)), isTextBranch(branch)
                {
                    // A branch of text only that comes back (a sequence's or a switch's
                    // item, conditional text): text, as the .ink reading keeps it.
                    continue
                } else if let test {
                    // The flow goes on past it only when it does not hold.
                    let held = condition(test, last)
                    out[last].choices.append(
                        Choice(text: "", target: target(written, c), condition: held, kind: .auto, location: element.location))
                    passed.append((last, out[last].choices.count, held))
                } else {
                    // Choices offered, then a divert to a bare `done`: the story waits for
                    // them there (ink's runtime shows them), it does not end.
                    let waits = out[last].choices.contains { $0.kind == .choice || $0.kind == .include }
                    if waits, let to = key(for: Self.resolve(written, from: containers[c].path)), leadsToDone(to) {
                        break walk
                    }
                    // Choices offered, then a divert on (a branch's choices, then the
                    // gather after its block): ink's runtime goes on and shows them with
                    // what it meets there, as one menu; the place is shown in this one.
                    out[last].choices.append(
                        Choice(
                            text: "", target: target(written, c), kind: waits ? .include : .auto,
                            location: element.location))
                    break walk
                }
            } else if let written = element["t?"]?.string ?? element["f?"]?.string ?? element["t?"]?["->"]?.string
                ?? element["f?"]?["->"]?.string
            {
                if let branch = container(for: Self.resolve(written, from: containers[c].path)), isTextBranch(branch) {
                    continue
                }
                out[last].choices.append(
                    Choice(
                        text: "", target: target(written, c), condition: .test("(condition in compiled ink)", nil),
                        kind: .auto,
                        location: element.location))
            } else if let written = element["->t->"]?.string {
                if element["var"]?.bool != true, let callee = container(for: Self.resolve(written, from: containers[c].path)) {
                    for _ in 0..<parameters(of: callee).count { _ = values.pop() }
                }
                let r = id + ".r-" + String(returns)
                returns += 1
                if element["var"]?.bool == true {
                    var calls = computedDivert(to: written, kind: .call, ids: ids, at: element.location)
                    for k in calls.indices where calls[k].kind == .call { calls[k].returnTo = r }
                    out[last].choices += calls
                } else {
                    out[last].choices.append(
                        Choice(
                            text: "", target: target(written, c), kind: .call, returnTo: r, location: element.location))
                }
                var returnPoint = Passage(
                    id: r, location: element.location, metadata: ["ink_path": containers[c].path + "." + String(i)])
                returnPoint.isFlowPoint = true
                out.append(returnPoint)
            } else if let tag = element["#"]?.string, !out[last].tags.contains(tag) {
                out[last].tags.append(tag)
            } else if let name = element["VAR="]?.string ?? element["temp="]?.string {
                let value = values.pop()
                if name == "$r" {
                    returnPointSet = true
                    continue
                }
                // After a conditional divert the assignment runs only when it did not
                // hold, but a passage's effects are applied whenever it is entered: the
                // value is unknown there (it may or may not have been set).
                let isPassed = passed.contains { $0.passage == last }
                out[last].effects.append(
                    Effect(
                        variable: name, value: isPassed ? .unknown(value.text) : value.expression,
                        text: name + " = " + value.text, location: element.location))
            }
        }
        // A passage's effects are applied before its choices are offered: a condition
        // that an effect after it (in ink's order) may change is unknown.
        for (p, k, before) in tested {
            guard k < out[p].choices.count, let held = out[p].choices[k].condition,
                case .test(let text, let expression?) = held
            else { continue }
            let reads = Set(expression.variables)
            if out[p].effects[before...].contains(where: { reads.contains($0.variable) }) {
                out[p].choices[k].condition = .test(text, .unknown(text))
            }
        }
        for (p, from, held) in passed {
            for k in from..<out[p].choices.count {
                out[p].choices[k].condition = Condition.joined(.not(held), out[p].choices[k].condition)
            }
        }
        for p in out.indices {
            out[p].text = InkParser.readable(out[p].text).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return out
    }

    /// `VAR` declarations from the `global decl` container: a value, then `{"VAR=": name}`.
    func globals(ids: [Key: String]) -> [Variable] {
        guard let g = indexByPath["global decl"] else { return [] }
        var variables: [Variable] = []
        let content = containers[g].content
        for (i, element) in content.enumerated() {
            guard let name = element["VAR="]?.string else { continue }
            var initial: Expression?
            if i > 0 {
                let previous = content[i - 1]
                switch previous.value {
                case .scalar(let n, .number): initial = Int(n).map { .integer($0) } ?? Double(n).map { .decimal($0) }
                case .scalar(let b, .bool): initial = .boolean(b == "true")
                case .scalar(let s, .string) where s.hasPrefix("^"): initial = .string(String(s.dropFirst()))
                default:
                    initial =
                        targetKey(previous, in: g).flatMap { ids[$0] }.map(InkParser.targetValue)
                        ?? .unknown("(value in compiled ink)")
                }
            }
            variables.append(Variable(name: name, initial: initial, location: element.location))
        }
        return variables
    }

    /// A divert, tunnel or thread to the variable `name`: to each target it can hold
    /// (`divertTargets`), on the condition that it holds it when there are several; a
    /// dynamic link when not every value is known.
    func computedDivert(to name: String, kind: Choice.Kind, ids: [Key: String], at location: SourceLocation)
        -> [Choice]
    {
        let targets = (divertTargets[name] ?? []).compactMap { ids[$0] }.sorted()
        guard !targets.isEmpty, targets.count == divertTargets[name]?.count else {
            return [Choice(text: "", target: name, kind: .dynamic, location: location)]
        }
        return targets.map { id in
            let condition: Condition? =
                targets.count > 1
                ? .test(name + " == -> " + id, .binary(.equal, .variable(name), InkParser.targetValue(id))) : nil
            return Choice(text: "", target: id, condition: condition, kind: kind, location: location)
        }
    }

    /// A container a conditional divert goes to that holds only text and evaluation and
    /// ends by going back into a container holding it (`{"s0": ["pop", "^gently",
    /// {"->": ".^.^.17"}]}`, what ink makes of `{&gently|loudly}` and of `{x: text}`).
    func isTextBranch(_ c: Int) -> Bool {
        let content = containers[c].content
        guard containers[c].named.isEmpty, let last = content.last, let back = last["->"]?.string,
            last["var"] == nil, last["c"] == nil
        else { return false }
        for element in content.dropLast() {
            if element.elements != nil { return false }
            if let s = element.string, ["done", "end", "->->", "thread", "~ret"].contains(s) { return false }
            if let members = element.entries,
                members.contains(where: { ["*", "->", "->t->", "f()", "t?", "f?", "temp=", "VAR="].contains($0.key) })
            {
                return false
            }
        }
        guard let target = key(for: Self.resolve(back, from: containers[c].path)) else { return false }
        return containers[c].path.hasPrefix(containers[target.container].path + ".")
    }

    /// Whether the flow from `start` meets `done` before any text, choice or divert
    /// (only `nop`, new lines and the containers holding them between).
    func leadsToDone(_ start: Key) -> Bool {
        var stack = [(start.container, start.index)]
        var steps = 0
        while let (c, i) = stack.popLast(), steps < 64 {
            steps += 1
            let content = containers[c].content
            guard i < content.count else {
                // Out of this container: on into its parent's next element.
                let path = containers[c].path
                guard let last = path.split(separator: ".").last, let k = Int(last),
                    let parent = indexByPath[Self.parent(path)]
                else { return false }
                stack.append((parent, k + 1))
                continue
            }
            let element = content[i]
            if element.elements != nil, let child = indexByPath[Self.join(containers[c].path, String(i))] {
                stack.append((child, 0))
                continue
            }
            switch element.string {
            case "done": return true
            case "nop", "\n": stack.append((c, i + 1))
            default: return false
            }
        }
        return false
    }
}
