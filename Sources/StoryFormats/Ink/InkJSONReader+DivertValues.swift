import StoryGraph

extension InkJSONReader {
    /// The place a divert target value (`{"^->": path}`) written in container `c` names.
    func targetKey(_ element: LocatedValue, in c: Int) -> Key? {
        guard let written = element["^->"]?.string else { return nil }
        return key(for: Self.resolve(written, from: containers[c].path))
    }

    /// The divert targets (as places) each variable can hold, by name: constant
    /// propagation over every assignment in the compiled story (`{"VAR=": x}` and
    /// `{"temp=": x}` after the value they pop) and every argument a divert, tunnel, thread
    /// or function call passes to a flow's parameters (the `{"temp=": p}` its content opens
    /// with, the last parameter first). Temporaries of different flows that share a name
    /// share a set (more targets, never fewer). A variable missing from the result may
    /// hold a target storygraph cannot name; `$r` (a choice's return point) is left out.
    ///
    /// - Complexity: O(E + K·T) for E elements, K variables and T targets.
    func divertValues() -> [String: Set<Key>] {
        enum Source: Hashable {
            case target(Key)
            case copy(String)
            case unknown
        }
        var sources: [String: Set<Source>] = [:]
        func value(_ element: LocatedValue, in c: Int) -> Source? {
            if element["^->"] != nil { return targetKey(element, in: c).map(Source.target) ?? .unknown }
            if let name = element["VAR?"]?.string { return .copy(name) }
            switch element.value {
            case .scalar(let text, .string): return text.hasPrefix("^") ? nil : .unknown
            case .scalar: return nil
            default: return .unknown
            }
        }
        func parameters(of c: Int) -> [String] {
            var names: [String] = []
            for element in containers[c].content {
                guard let name = element["temp="]?.string else { break }
                names.append(name)
            }
            return names.reversed()
        }
        var called: Set<Int> = []
        for c in containers.indices {
            let content = containers[c].content
            for (i, element) in content.enumerated() {
                if let name = element["VAR="]?.string ?? element["temp="]?.string, name != "$r" {
                    var j = i - 1
                    if j >= 0, content[j].string == "/ev" { j -= 1 }
                    // A `temp=` with no value before it opens a flow: a parameter.
                    if j < 0 || content[j]["temp="] != nil { continue }
                    if let source = value(content[j], in: c) { sources[name, default: []].insert(source) }
                    continue
                }
                guard element["var"]?.bool != true,
                    let written = element["->"]?.string ?? element["->t->"]?.string ?? element["f()"]?.string,
                    let callee = container(for: Self.resolve(written, from: containers[c].path))
                else { continue }
                let names = parameters(of: callee)
                guard !names.isEmpty else { continue }
                called.insert(callee)
                // The arguments: the elements between `ev` and the `/ev` just before.
                var arguments: [LocatedValue] = []
                var j = i - 1
                if j >= 0, content[j].string == "thread" { j -= 1 }
                if j >= 0, content[j].string == "/ev" {
                    j -= 1
                    while j >= 0, content[j].string != "ev" {
                        arguments.insert(content[j], at: 0)
                        j -= 1
                    }
                }
                for (n, name) in names.enumerated() {
                    let source = arguments.count == names.count ? value(arguments[n], in: c) : .unknown
                    if let source { sources[name, default: []].insert(source) }
                }
            }
        }
        // A flow entered with no arguments read (from the game, or by a computed divert)
        // may be given anything.
        for c in containers.indices where !called.contains(c) {
            for name in parameters(of: c) {
                sources[name, default: []].insert(.unknown)
            }
        }
        for element in globalDeclarations() {
            if let source = value(element.value, in: indexByPath["global decl"] ?? 0) {
                sources[element.name, default: []].insert(source)
            }
        }

        var values: [String: Set<Key>] = [:]
        var unknown: Set<String> = []
        var readers: [String: [String]] = [:]
        var work: [String] = []
        for (name, list) in sources {
            for source in list {
                switch source {
                case .target(let key): values[name, default: []].insert(key)
                case .copy(let from): readers[from, default: []].append(name)
                case .unknown: unknown.insert(name)
                }
            }
            work.append(name)
        }
        work.sort()
        while let name = work.popLast() {
            for reader in readers[name] ?? [] {
                var changed = false
                if unknown.contains(name), unknown.insert(reader).inserted { changed = true }
                let before = values[reader]?.count ?? 0
                values[reader, default: []].formUnion(values[name] ?? [])
                if values[reader]!.count != before { changed = true }
                if changed { work.append(reader) }
            }
        }
        for name in unknown { values[name] = nil }
        return values.filter { !$0.value.isEmpty }
    }

    /// The `global decl` container's `VAR=`s with the value element before each.
    func globalDeclarations() -> [(name: String, value: LocatedValue)] {
        guard let g = indexByPath["global decl"] else { return [] }
        let content = containers[g].content
        var result: [(name: String, value: LocatedValue)] = []
        for (i, element) in content.enumerated() where i > 0 {
            if let name = element["VAR="]?.string { result.append((name, content[i - 1])) }
        }
        return result
    }
}
