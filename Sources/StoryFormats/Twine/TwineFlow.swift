import StoryGraph

/// The story-wide pass over a Twine story's flow once every passage is scanned: what a
/// passage does through something defined elsewhere, credited to it.
///
/// - SugarCube `<<widget "w">>` bodies become fragments (passages `<<w>>`, tagged
///   `widget`) that each passage calling `<<w>>` includes (DESIGN's inclusion rule); a
///   widget's link to `_args[N]` goes, from each call, to that call's N-th argument.
/// - Macros the Story JavaScript defines with `Macro.add("m", …)` whose handler goes to
///   (`Engine.play`, `State.display`) or shows (`Story.get`) the passage named by an
///   argument: each call links to it.
/// - Computed targets (`<<goto $next>>`, `[[Go|$next]]`, `(go-to: $next)`,
///   `Engine.play(_p)`): resolved to the passage names the expression can hold
///   (`TwineTargetValues`); what cannot be resolved stays a dynamic link.
/// - Harlowe storylets: `(link-storylet:)`, and a computed link to a storylet's name in
///   a passage that lists `(open-storylets:)`, go to every storylet, each guarded by its
///   `(storylet: when …)` condition; SugarCube's storylet libraries likewise
///   (`TwineStorylets`).
struct TwineFlow {
    /// What the scan of one passage (or widget body) left for this pass.
    struct Scanned {
        var intended: [Int: Choice.Kind]
        var calls: [TwineLinkScanner.TwineMacroCall]
        var storyletLinks: [Int]
        var opensStorylets: Bool
        var isWidget: Bool
    }

    /// A widget's link to one of its arguments (`<<goto _args[0]>>`), made a link at
    /// each call.
    struct ArgumentLink {
        var template: Choice
        var argument: Int
        var kind: Choice.Kind
    }

    /// What a `Macro.add` macro does with one of its arguments.
    struct MacroTarget: Hashable {
        var argument: Int
        var kind: Choice.Kind
    }

    var scanned: [String: Scanned] = [:]
    var values = TwineTargetValues()
    /// Widget name → its fragment's passage id.
    var widgets: [String: String] = [:]
    var macros: [String: [MacroTarget]] = [:]
    var storylets: [(name: String, condition: Condition?)] = []
    /// SugarCube's storylet libraries (TinyQBN, MQBN).
    var libraries = TwineStorylets()
    /// Variables an assignment gives a string holding link markup (`TwinePrintedLinks`).
    var printedCandidates: Set<String> = []
    /// Computed links resolved to passage names, and dynamic links left, by kind.
    var resolved = 0

    static func widgetID(_ name: String) -> String { "<<\(name)>>" }

    /// Records one scanned passage (`id`), or a widget body (`isWidget`); `passage` is
    /// what `passage()` names there (nil in a widget or a special passage: the caller's).
    mutating func note(
        _ found: TwineLinkScanner.Result, id: String, isWidget: Bool, passage: String?, tags: [String] = [],
        text: [Unicode.Scalar] = []
    ) {
        if !isWidget { libraries.note(found, id: id, tags: tags, text: text) }
        notePrintedCandidates(found)
        for written in found.writtenAssignments { values.record(written, passage: passage) }
        for name in found.havocked { values.havoc(name) }
        if let condition = found.storylet { storylets.append((id, condition)) }
        scanned[id] = Scanned(
            intended: found.intendedKinds, calls: found.macroCalls, storyletLinks: found.storyletLinks,
            opensStorylets: found.opensStorylets, isWidget: isWidget)
    }

    /// Reads a script's `Macro.add` definitions and the temporaries it writes.
    ///
    /// - Complexity: O(n) for n scalars.
    mutating func readScript(_ s: [Unicode.Scalar]) {
        for name in TwineTargetValues.scriptTemporaries(in: s) {
            values.havoc(name)
            libraries.temporaries.insert(name)
        }
        let marker = Array("Macro.add(".unicodeScalars)
        var k = 0
        while k + marker.count <= s.count {
            guard s[k] == "M", Array(s[k..<k + marker.count]) == marker else {
                k += 1
                continue
            }
            let open = k + marker.count
            var end = open
            var depth = 1
            var quote: Unicode.Scalar?
            while end < s.count && depth > 0 {
                let c = s[end]
                if let q = quote {
                    if c == "\\" { end += 1 } else if c == q { quote = nil }
                } else if c == "\"" || c == "'" || c == "`" {
                    quote = c
                } else if c == "(" || c == "{" || c == "[" {
                    depth += 1
                } else if c == ")" || c == "}" || c == "]" {
                    depth -= 1
                }
                end += 1
            }
            let body = String(scalars: s[open..<end])
            let names = Self.macroNames(body)
            let targets = Self.macroTargets(body)
            if !targets.isEmpty {
                for name in names { macros[name.lowercased()] = targets }
            }
            k = max(end, k + 1)
        }
    }

    /// The names a `Macro.add(` call defines: its first argument, a string or an array.
    static func macroNames(_ body: String) -> [String] {
        let first = TwineTargetValues.splitTopLevel(body, separators: [","]).first?.trimmingTwineSpace() ?? ""
        if let name = TwineScan.harloweString(first) { return [name] }
        guard first.hasPrefix("["), first.hasSuffix("]") else { return [] }
        return TwineTargetValues.splitTopLevel(String(first.dropFirst().dropLast()), separators: [","]).compactMap {
            TwineScan.harloweString($0.trimmingTwineSpace())
        }
    }

    /// What a macro's handler does with its arguments: `Engine.play(this.args[N])`,
    /// `State.display(…)` (a jump, or a click when the handler makes a clickable) and
    /// `Story.get(…)` (an inclusion), directly or through a local
    /// (`const target = this.args[1]`).
    static func macroTargets(_ body: String) -> [MacroTarget] {
        // Locals holding an argument.
        var aliases: [String: Int] = [:]
        for keyword in ["const ", "let ", "var "] {
            var from = body.unicodeScalars.startIndex
            while let range = Self.find(keyword, in: body, from: from) {
                from = range.upperBound
                let rest = String(body.unicodeScalars[range.upperBound...])
                let parts = TwineTargetValues.splitTopLevel(String(rest.prefix(200)), separators: [";", "\n"])
                guard let declaration = parts.first, let equals = declaration.firstIndex(of: "=") else { continue }
                let name = declaration[..<equals].trimmingTwineSpace()
                let value = declaration[declaration.index(after: equals)...].trimmingTwineSpace()
                if let n = argumentIndex(value), !name.isEmpty { aliases[name] = n }
            }
        }
        let clicks = body.contains("click") || body.contains("wiki(\"[[") || body.contains("<a")
        var result: [MacroTarget] = []
        for (call, kind) in [
            ("Engine.play(", clicks ? Choice.Kind.choice : .auto), ("State.display(", clicks ? .choice : .auto),
            ("Story.get(", .include),
        ] {
            var from = body.unicodeScalars.startIndex
            while let range = Self.find(call, in: body, from: from) {
                from = range.upperBound
                var end = range.upperBound
                var depth = 1
                while end < body.unicodeScalars.endIndex {
                    let c = body.unicodeScalars[end]
                    if c == "(" { depth += 1 }
                    if c == ")" {
                        depth -= 1
                        if depth == 0 { break }
                    }
                    end = body.unicodeScalars.index(after: end)
                }
                let argument = String(body.unicodeScalars[range.upperBound..<end]).trimmingTwineSpace()
                let first = TwineTargetValues.splitTopLevel(argument, separators: [","]).first?.trimmingTwineSpace() ?? ""
                if let n = argumentIndex(first) ?? aliases[first] {
                    let target = MacroTarget(argument: n, kind: kind)
                    if !result.contains(target) { result.append(target) }
                }
            }
        }
        return result
    }

    /// N for `this.args[N]` (or `_args[N]`, `$args[N]`), also with `.link` or `.toString()`.
    static func argumentIndex(_ text: String) -> Int? {
        var t = text
        for suffix in [".link", ".toString()", ".trim()"] where t.hasSuffix(suffix) { t = String(t.dropLast(suffix.count)) }
        for prefix in ["this.args[", "_args[", "$args["] where t.hasPrefix(prefix) && t.hasSuffix("]") {
            return Int(t.dropFirst(prefix.count).dropLast())
        }
        return nil
    }

    static func find(_ needle: String, in text: String, from: String.UnicodeScalarView.Index)
        -> Range<String.UnicodeScalarView.Index>?
    {
        let hay = text.unicodeScalars
        let first = needle.unicodeScalars.first!
        var i = from
        while i < hay.endIndex {
            if hay[i] == first, hay[i...].starts(with: needle.unicodeScalars) {
                return i..<hay.index(i, offsetBy: needle.unicodeScalars.count)
            }
            i = hay.index(after: i)
        }
        return nil
    }

    /// The expression inside a navigation call the scanner kept whole (`Engine.play(x)`).
    static func inner(_ target: String) -> String {
        for call in [TwineScan.sugarCubePlay, TwineScan.sugarCubeDisplay, TwineScan.snowmanShow, TwineScan.snowmanRender]
        where target.hasPrefix(call) && target.hasSuffix(")") {
            return String(target.dropFirst(call.count).dropLast()).trimmingTwineSpace()
        }
        return target.trimmingTwineSpace()
    }

    /// A link to a storylet's name read from a loop variable: `_s's name`, `_s's "name"`.
    static func isStoryletName(_ target: String) -> Bool {
        let parts = target.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].hasSuffix("'s"), parts[1] == "name" || parts[1] == "\"name\"" else {
            return false
        }
        return TwineTargetValues.isPlainVariable(String(parts[0].dropLast(2)))
    }

    /// Applies the pass to every passage: calls credited, computed targets resolved,
    /// storylets linked. `passages` holds the story passages and the widget fragments.
    ///
    /// - Complexity: O(C + W × D) for C choices and calls, W widget-argument links and D
    ///   the depth of widget calls, plus `TwineTargetValues`' propagation.
    mutating func apply(to passages: inout [Passage], names: Set<String>) {
        var arguments: [String: [ArgumentLink]] = [:]
        var extra: [String: [Choice]] = [:]
        var visiting: Set<String> = []
        var index: [String: Int] = [:]
        for k in passages.indices where index[passages[k].id] == nil { index[passages[k].id] = k }
        // A widget's links to its arguments, its own and those of the widgets it calls
        // with its own arguments; the calls with literal arguments become links of the
        // widget's fragment (`extra`).
        func argumentLinks(_ widget: String) -> [ArgumentLink] {
            if let known = arguments[widget] { return known }
            guard let id = widgets[widget], let scan = scanned[id], visiting.insert(widget).inserted else { return [] }
            defer { visiting.remove(widget) }
            var links: [ArgumentLink] = []
            if let k = index[id] {
                for (c, choice) in passages[k].choices.enumerated() where choice.kind == .dynamic {
                    if let n = Self.argumentIndex(Self.inner(choice.target)) {
                        links.append(ArgumentLink(template: choice, argument: n, kind: scan.intended[c] ?? .auto))
                    }
                }
            }
            for call in scan.calls where widgets[call.name] != nil {
                for link in argumentLinks(call.name) {
                    if let choices = made(link, at: call, in: nil) {
                        extra[id, default: []] += choices
                    } else if call.written.indices.contains(link.argument),
                        let n = Self.argumentIndex(call.written[link.argument])
                    {
                        links.append(ArgumentLink(template: link.template, argument: n, kind: link.kind))
                    } else {
                        extra[id, default: []].append(leftDynamic(link, at: call))
                    }
                }
            }
            arguments[widget] = links
            return links
        }
        // The links one call makes of an argument link: nil when the argument is not
        // known (a widget's own argument, or an expression that cannot be resolved).
        func made(_ link: ArgumentLink, at call: TwineLinkScanner.TwineMacroCall, in passage: String?) -> [Choice]? {
            guard call.arguments.indices.contains(link.argument) else { return [] }
            var targets: [String] = []
            if let value = call.arguments[link.argument] {
                targets = [value]
            } else if Self.argumentIndex(call.written[link.argument]) != nil {
                return nil
            } else if case .strings(let held) = values.values(of: call.written[link.argument], passage: passage) {
                targets = held.filter(names.contains).sorted()
                if targets.isEmpty { return nil }
            } else {
                return nil
            }
            return targets.map { target in
                var choice = link.template
                choice.target = target
                choice.kind = link.kind == .auto && call.linkText != nil ? .choice : link.kind
                if choice.kind == .choice, let label = call.linkText { choice.text = label }
                if choice.text.hasPrefix("_args") || choice.text.hasPrefix("$args") || choice.text.contains("(") {
                    choice.text = target
                }
                if targets.count > 1 { choice.text += " (\(target))" }
                choice.condition = TwineScan.join(call.condition, link.template.condition)
                choice.location = call.location
                return choice
            }
        }
        func leftDynamic(_ link: ArgumentLink, at call: TwineLinkScanner.TwineMacroCall) -> Choice {
            var choice = link.template
            choice.target =
                call.written.indices.contains(link.argument) ? call.written[link.argument] : link.template.target
            choice.condition = TwineScan.join(call.condition, link.template.condition)
            choice.location = call.location
            return choice
        }

        for widget in widgets.keys.sorted() { _ = argumentLinks(widget) }
        for k in passages.indices {
            let id = passages[k].id
            guard let scan = scanned[id] else { continue }
            var choices: [Choice] = []
            for (c, choice) in passages[k].choices.enumerated() {
                guard choice.kind == .dynamic, let kind = scan.intended[c] else {
                    choices.append(choice)
                    continue
                }
                let target = Self.inner(choice.target)
                if scan.isWidget && Self.argumentIndex(target) != nil { continue }
                if scan.storyletLinks.contains(c) || (scan.opensStorylets && Self.isStoryletName(target)) {
                    let links = storylets.map { storylet in
                        var link = choice
                        link.target = storylet.name
                        link.kind = kind
                        if link.text == choice.target || link.text == "storylet" { link.text = storylet.name }
                        link.condition = TwineScan.join(choice.condition, storylet.condition)
                        return link
                    }
                    if !links.isEmpty {
                        resolved += 1
                        choices += links
                        continue
                    }
                }
                if case .strings(let held) = values.values(of: target, passage: scan.isWidget ? nil : id) {
                    let known = held.filter(names.contains).sorted()
                    if !known.isEmpty {
                        resolved += 1
                        for name in known {
                            var link = choice
                            link.target = name
                            link.kind = kind
                            // One link the story sends to one of several passages: each
                            // choice names where it goes (they are not two links alike).
                            if known.count > 1 { link.text = "\(choice.text) (\(name))" }
                            choices.append(link)
                        }
                        continue
                    }
                }
                choices.append(choice)
            }
            for call in scan.calls {
                if !scan.isWidget, let links = libraries.links(for: call, in: id) {
                    if !links.isEmpty { resolved += 1 }
                    choices += links
                } else if let widget = widgets[call.name] {
                    choices.append(
                        Choice(
                            text: "<<\(call.name)>>", target: widget, condition: call.condition, kind: .include,
                            location: call.location))
                    // (A widget's own calls were expanded into its `extra` links above.)
                    for link in argumentLinks(call.name) where !scan.isWidget {
                        if let made = made(link, at: call, in: id) {
                            choices += made
                        } else {
                            choices.append(leftDynamic(link, at: call))
                        }
                    }
                } else if let targets = macros[call.name] {
                    for target in targets {
                        let link = ArgumentLink(
                            template: Choice(
                                text: call.arguments.first.flatMap { $0 } ?? call.name, target: "",
                                kind: .dynamic, location: call.location),
                            argument: target.argument, kind: target.kind)
                        if let made = made(link, at: call, in: scan.isWidget ? nil : id) {
                            choices += made.map {
                                var choice = $0
                                if choice.kind == .choice, call.linkText == nil {
                                    // A macro's click: labelled with its other string argument.
                                    choice.text =
                                        call.arguments.enumerated().first {
                                            $0.offset != target.argument && $0.element != nil
                                        }?.element ?? choice.target
                                }
                                return choice
                            }
                        } else if call.written.indices.contains(target.argument) {
                            var choice = leftDynamic(link, at: call)
                            choice.text = call.name
                            choices.append(choice)
                        }
                    }
                }
            }
            passages[k].choices = choices
        }
        for k in passages.indices {
            if let more = extra[passages[k].id] { passages[k].choices += more }
        }
        addPrintedLinks(to: &passages, names: names)
    }

    /// Removes the widget fragments no passage shows (through other widgets or not): a
    /// widget never called is no part of the story.
    ///
    /// - Complexity: O(P + C).
    static func dropUnused(fragments: Set<String>, from passages: inout [Passage]) {
        guard !fragments.isEmpty else { return }
        let index = Dictionary(passages.indices.map { (passages[$0].id, $0) }, uniquingKeysWith: { first, _ in first })
        var used = Set<String>()
        var stack = passages.filter { !fragments.contains($0.id) }.map(\.id)
        while let id = stack.popLast() {
            guard let k = index[id] else { continue }
            for choice in passages[k].choices where choice.kind == .include && fragments.contains(choice.target) {
                if used.insert(choice.target).inserted { stack.append(choice.target) }
            }
        }
        passages.removeAll { fragments.contains($0.id) && !used.contains($0.id) }
    }

    /// The dynamic links left, named by kind with counts: one line for the report.
    static func summary(_ passages: [Passage], resolved: Int) -> (message: String, location: SourceLocation?)? {
        var kinds: [String: Int] = [:]
        var variables: [String: Int] = [:]
        var first: SourceLocation?
        var left = 0
        for passage in passages {
            for choice in passage.choices where choice.kind == .dynamic {
                left += 1
                if first == nil { first = choice.location ?? passage.location }
                let target = inner(choice.target)
                let kind: String
                if target.hasPrefix("previous(") || target.hasPrefix("lastVisited") {
                    kind = "previous()"
                } else if target.hasPrefix("<<back") || target.hasPrefix("<<return") || target.hasPrefix("(undo")
                    || target.hasPrefix("(link-undo")
                {
                    kind = "back/return/undo"
                } else if argumentIndex(target) != nil {
                    kind = "widget argument"
                } else if TwineTargetValues.isPlainVariable(target) {
                    kind = "variable"
                    variables[target, default: 0] += 1
                } else {
                    kind = "expression"
                }
                kinds[kind, default: 0] += 1
            }
        }
        // One link left and none resolved: its own finding says all.
        guard left > 1 || (left > 0 && resolved > 0) else { return nil }
        let order = ["variable", "previous()", "back/return/undo", "widget argument", "expression"]
        var parts: [String] = []
        for kind in order {
            guard let n = kinds[kind] else { continue }
            if kind == "variable" {
                let top = variables.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
                let named = top.prefix(5).map { "\($0.key) \($0.value)" }.joined(separator: ", ")
                parts.append("\(n) through variables (\(named)\(top.count > 5 ? ", …" : ""))")
            } else {
                parts.append("\(n) \(kind)")
            }
        }
        let resolvedText = resolved > 0 ? "; \(resolved) computed links were resolved to the passage names they can hold" : ""
        return (
            "\(left == 1 ? "1 link goes" : "\(left) links go") where the story computes when it runs and \(left == 1 ? "is" : "are") not followed: \(parts.joined(separator: ", "))\(resolvedText)",
            first
        )
    }
}
