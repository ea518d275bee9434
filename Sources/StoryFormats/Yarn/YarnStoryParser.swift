import StoryGraph

/// The parsing core of the Yarn loader, independent of the loader protocol: nodes of one
/// or more files in, a `Story` and findings out.
///
/// - Nodes become passages in source order; a title shared by nodes that all have `when:`
///   headers is a node group: one passage with an automatic choice to each variant
///   (`Title#v1`, `Title#v2`…) under its `when:` condition (`always`, `once`, `once if …`,
///   an expression).
/// - The start is `--start`, else `Start`, else the first node (with a warning).
/// - A node run by a `<<detour>>` returns at its end; a node also run with no detour
///   running (the start, a jump's or link's target) is read twice, as written and as
///   `Title#detour` for its detours, since Yarn ends the dialogue at its end there.
/// - `<<declare>>`s are the story's variables; Yarn's own counts are `sourceStatistics`.
enum YarnStoryParser {
    static let defaultStart = "Start"

    static func story(from nodes: [YarnNode], format: String, start requested: String?) -> (Story, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var order: [String] = []
        var byTitle: [String: [YarnNode]] = [:]
        for node in nodes {
            if byTitle[node.title] == nil { order.append(node.title) }
            byTitle[node.title, default: []].append(node)
        }
        var start = requested ?? defaultStart
        if requested == nil, byTitle[defaultStart] == nil, let first = nodes.first {
            start = first.title
            diagnostics.append(
                Diagnostic(
                    .warning,
                    "no node is called '\(defaultStart)'; the story starts at the first node, '\(first.title)'",
                    at: first.location, rule: FormatRules.startFallback.id))
        }
        // Titles run by a `<<detour>>`, and titles run with no detour running (the start,
        // and the targets of jumps and v1 links: a jump clears Yarn's detour stack).
        var detoured = Set<String>()
        var entered: Set<String> = [start]
        for node in nodes {
            for block in node.body.blocks {
                for statement in block {
                    switch statement {
                    case .detour(let target, _): detoured.insert(target)
                    case .jump(let target, _), .linkOption(_, let target, _, _): entered.insert(target)
                    default: break
                    }
                }
            }
        }
        // A title run both ways is read twice: as written under its own title, where its
        // end ends the dialogue, and under `Title#detour`, the target of its detours,
        // where its end returns.
        let twinned = detoured.intersection(entered)
        var passages: [Passage] = []
        for title in order {
            let group = byTitle[title]!
            passages += Self.passages(
                of: group, id: title, returns: detoured.contains(title) && !twinned.contains(title))
            if twinned.contains(title) {
                // The twin of a duplicate title is the first definition's alone.
                let read = group.allSatisfy { !$0.whenConditions.isEmpty } ? group : [group[0]]
                passages += Self.passages(of: read, id: title + detourSuffix, returns: true).map { passage in
                    var twin = passage
                    twin.isFlowPoint = true
                    twin.metadata["yarn-node"] = title
                    return twin
                }
            }
        }
        if !twinned.isEmpty {
            for p in passages.indices {
                for c in passages[p].choices.indices
                where passages[p].choices[c].kind == .call && twinned.contains(passages[p].choices[c].target) {
                    passages[p].choices[c].target += detourSuffix
                }
            }
        }
        var story = Story(title: "", start: start, passages: passages, format: format, variables: variables(of: nodes))
        story.sourceStatistics = statistics(
            of: nodes, groups: order.filter { t in byTitle[t]!.allSatisfy { !$0.whenConditions.isEmpty } }.count)
        return (story, diagnostics)
    }

    /// The suffix of the passages of a title read as the target of its detours, when the
    /// title is also run with no detour running.
    static let detourSuffix = "#detour"

    /// The passages of the nodes of one title under the id `id`: a node group's passage
    /// with its variants (`id#v1`…), else the first node's passages and the bare passage
    /// of each later one (Yarn refuses to compile a duplicate title; the first is read,
    /// the others stay for the duplicate-id finding).
    private static func passages(of group: [YarnNode], id: String, returns: Bool) -> [Passage] {
        var passages: [Passage] = []
        if group.allSatisfy({ !$0.whenConditions.isEmpty }) {
            let first = group[0]
            var hub = Passage(
                id: id, text: "(node group of \(group.count))", tags: first.tags, location: first.location,
                metadata: ["yarn-node-group": "\(group.count)"])
            // The group's passage is ours, not a node: each variant is one.
            hub.isFlowPoint = true
            for (k, node) in group.enumerated() {
                let variant = "\(id)#v\(k + 1)"
                let condition = Self.when(node.whenConditions)
                hub.choices.append(
                    Choice(
                        text: "when: " + node.whenConditions.joined(separator: "; "), target: variant,
                        condition: condition, kind: .auto, location: node.location))
                passages += YarnFlowBuilder.passages(
                    of: node.body, template: template(node, id: variant), returnsAtEnd: returns)
            }
            return [hub] + passages
        }
        for (k, node) in group.enumerated() {
            let made = YarnFlowBuilder.passages(of: node.body, template: template(node, id: id), returnsAtEnd: returns)
            passages += k == 0 ? made : Array(made.prefix(1))
        }
        return passages
    }

    /// A node's passage before its body is read: tags and the headers other than
    /// `title`, `tags` and `when` as metadata.
    private static func template(_ node: YarnNode, id: String) -> Passage {
        var metadata: [String: String] = [:]
        for (key, value) in node.headers where !["title", "tags", "when"].contains(key) { metadata[key] = value }
        return Passage(
            id: id, tags: node.tags, location: node.location, metadata: metadata, position: EditorPosition.of(metadata))
    }

    /// The condition of a node group's variant: every `when:` header holds.
    static func when(_ headers: [String]) -> Condition? {
        var parts: [Condition] = []
        for header in headers {
            let (word, rest) = YarnCommand.split(header)
            switch word {
            case "always": break
            case "once":
                parts.append(YarnBodyParser.onceTest)
                let (ifWord, test) = YarnCommand.split(rest)
                if ifWord == "if" { parts.append(YarnBodyParser.condition(test)) }
            default: parts.append(YarnBodyParser.condition(header))
            }
        }
        return parts.isEmpty ? nil : parts.count == 1 ? parts[0] : .all(parts)
    }

    private static func variables(of nodes: [YarnNode]) -> [Variable] {
        var seen = Set<String>()
        var result: [Variable] = []
        for node in nodes {
            for block in node.body.blocks {
                for case .declare(let variable) in block where seen.insert(variable.name).inserted {
                    result.append(variable)
                }
            }
        }
        return result.sorted { ($0.location ?? .init(file: "", line: 0)) < ($1.location ?? .init(file: "", line: 0)) }
    }

    /// Yarn's own figures: nodes (each definition), node groups, shortcut and v1 options,
    /// jumps (computed ones too), detours, custom commands, lines (with line-group items),
    /// declared variables.
    static func statistics(of nodes: [YarnNode], groups: Int) -> [SourceStatistic] {
        var options = 0
        var jumps = 0
        var detours = 0
        var commands = 0
        var lines = 0
        var declarations = 0
        for node in nodes {
            for block in node.body.blocks {
                for statement in block {
                    switch statement {
                    case .options(let list): options += list.count
                    case .linkOption: options += 1
                    case .lineGroup(let items): lines += items.count
                    case .jump, .dynamicJump: jumps += 1
                    case .detour: detours += 1
                    case .command: commands += 1
                    case .line: lines += 1
                    case .declare: declarations += 1
                    case .set, .return, .stop, .branches: break
                    }
                }
            }
        }
        return [
            SourceStatistic("nodes", nodes.count), SourceStatistic("node_groups", groups),
            SourceStatistic("options", options), SourceStatistic("jumps", jumps), SourceStatistic("detours", detours),
            SourceStatistic("commands", commands), SourceStatistic("lines", lines),
            SourceStatistic("variables", declarations),
        ]
    }
}
