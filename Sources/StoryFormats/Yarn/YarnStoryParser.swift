import StoryGraph

/// The parsing core of the Yarn loader, independent of the loader protocol: nodes of one
/// or more files in, a `Story` and findings out.
///
/// - Nodes become passages in source order; a title shared by nodes that all have `when:`
///   headers is a node group: one passage with an automatic choice to each variant
///   (`Title#v1`, `Title#v2`…) under its `when:` condition (`always`, `once`, `once if …`,
///   an expression).
/// - The start is `--start`, else `Start`, else the first node (with a warning).
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
        let detoured = Set(nodes.flatMap { node in
            node.body.blocks.flatMap { block in
                block.compactMap { statement -> String? in
                    if case .detour(let target, _) = statement { return target }
                    return nil
                }
            }
        })
        var passages: [Passage] = []
        for title in order {
            let group = byTitle[title]!
            if group.allSatisfy({ !$0.whenConditions.isEmpty }) {
                let first = group[0]
                let hubIndex = passages.count
                var hub = Passage(id: title, text: "(node group of \(group.count))", tags: first.tags, location: first.location, metadata: ["yarn-node-group": "\(group.count)"])
                for (k, node) in group.enumerated() {
                    let variant = "\(title)#v\(k + 1)"
                    let condition = Self.when(node.whenConditions)
                    hub.choices.append(Choice(text: "when: " + node.whenConditions.joined(separator: "; "), target: variant, condition: condition, kind: .auto, location: node.location))
                    passages += YarnFlowBuilder.passages(of: node.body, template: template(node, id: variant), returnsAtEnd: detoured.contains(title))
                }
                passages.insert(hub, at: hubIndex)
                continue
            }
            for (k, node) in group.enumerated() {
                let made = YarnFlowBuilder.passages(of: node.body, template: template(node, id: title), returnsAtEnd: detoured.contains(title))
                // A second node of the same title (Yarn refuses to compile it) keeps only its
                // own passage, for the duplicate-id finding; the first definition is read.
                passages += k == 0 ? made : Array(made.prefix(1))
            }
        }
        var start = requested ?? defaultStart
        if requested == nil, byTitle[defaultStart] == nil, let first = nodes.first {
            start = first.title
            diagnostics.append(Diagnostic(
                .warning, "no node is called '\(defaultStart)'; the story starts at the first node, '\(first.title)'",
                at: first.location, rule: FormatRules.startFallback.id))
        }
        var story = Story(title: "", start: start, passages: passages, format: format, variables: variables(of: nodes))
        story.sourceStatistics = statistics(of: nodes, groups: order.filter { t in byTitle[t]!.allSatisfy { !$0.whenConditions.isEmpty } }.count)
        return (story, diagnostics)
    }

    /// A node's passage before its body is read: tags and the headers other than
    /// `title`, `tags` and `when` as metadata.
    private static func template(_ node: YarnNode, id: String) -> Passage {
        var metadata: [String: String] = [:]
        for (key, value) in node.headers where !["title", "tags", "when"].contains(key) { metadata[key] = value }
        return Passage(id: id, tags: node.tags, location: node.location, metadata: metadata)
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
                for case .declare(let variable) in block where seen.insert(variable.name).inserted { result.append(variable) }
            }
        }
        return result.sorted { ($0.location ?? .init(file: "", line: 0)) < ($1.location ?? .init(file: "", line: 0)) }
    }

    /// Yarn's own figures: nodes (each definition), node groups, shortcut and v1 options,
    /// jumps (computed ones too), detours, custom commands, lines (with line-group items),
    /// declared variables.
    static func statistics(of nodes: [YarnNode], groups: Int) -> [SourceStatistic] {
        var options = 0, jumps = 0, detours = 0, commands = 0, lines = 0, declarations = 0
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
            SourceStatistic("commands", commands), SourceStatistic("lines", lines), SourceStatistic("variables", declarations),
        ]
    }
}
