import StoryGraph

/// Writes a story map as DOT text. The output depends only on the story and the
/// options: the same input gives the same bytes, so DOT is what the tests snapshot.
///
/// Node names are positional (`p3` passage 3, `c3_1` its second choice, `m0` the first
/// missing target); each node's `id` attribute carries the passage id, so the SVG can
/// be searched by the author's names, and its `tooltip` the full text.
public struct DOTExporter: Sendable {
    package static let passageFill = "#ffffff"
    package static let choiceFill = "#b6e3a8"
    package static let choiceBorder = "#4f8f3a"
    package static let endingFill = "#f4a3a3"
    package static let endingBorder = "#b22222"
    package static let unreachableFill = "#e6e6e6"
    package static let missingColor = "#d62728"
    package static let restartColor = "#8c8c8c"
    package static let highlightColor = "#1f5fbf"
    /// Passages and choices no reader reaches under state (`map --state`).
    package static let dimmedFill = "#eeeeee"
    package static let dimmedColor = "#9a9a9a"

    package let graph: StoryGraph
    package let options: DOTOptions

    public init(_ graph: StoryGraph, options: DOTOptions = DOTOptions()) {
        self.graph = graph
        self.options = options
    }

    /// The DOT text of the map.
    ///
    /// With pinned positions (`--layout twine`) every box is placed here, not by
    /// Graphviz: a first pass measures the boxes, `BoxPlacement` places them apart, and
    /// the second pass pins each one (`pos="x,y!"` with its `width` and `height`), so the
    /// engine only routes the edges.
    ///
    /// - Complexity: O(P + C + T) for P passages, C choices and T characters of text;
    ///   with pinned positions, `BoxPlacement`'s on top.
    public func dot() -> String {
        guard !options.decorations.positions.isEmpty else { return write(Writer()).text }
        let draft = write(Writer())
        var final = Writer()
        final.placement = BoxPlacement(draft.boxes)
        return write(final).text
    }

    private func write(_ writer: Writer) -> Writer {
        var w = writer
        let story = graph.story
        // Each passage once, reachable when one of its nodes (its own, or a copy of a
        // callee's) is; greyed only when proven unreachable (past a cut call or a dynamic
        // link, a passage the node graph does not reach may still be: `Reachability.unknown`).
        var reachable = graph.reachablePassages()
        if !graph.callsCut.isEmpty || !graph.dynamicLinks.isEmpty || !graph.shownDynamicLinks.isEmpty {
            for unknown in Reachability(graph).unknown { reachable[unknown.passage] = true }
        }
        let decorations = options.decorations
        let visible = decorations.visiblePassages
        func shown(_ v: Int) -> Bool { visible?.contains(v) ?? true }

        w.line("digraph \(DOTEscaping.quoted(story.title.isEmpty ? "story" : story.title)) {")
        w.indent += 1
        var graphAttributes: [(String, String)] = [
            ("rankdir", options.direction.rawValue), ("fontname", "Helvetica"), ("fontsize", "12"),
            ("nodesep", "0.3"), ("ranksep", options.style == .chart ? "0.35" : "0.5"),
            ("bgcolor", "white"), ("tooltip", story.title), ("newrank", "true"),
        ]
        for (key, value) in options.graphAttributes {
            graphAttributes.removeAll { $0.0 == key }
            graphAttributes.append((key, value))
        }
        if let placement = w.placement, placement.scale != 1 {
            w.line("// pinned positions scaled by \(Self.number(placement.scale)) to keep the boxes apart")
        }
        w.line(
            "graph [\(graphAttributes.map { "\($0.0)=\($0.0 == "tooltip" ? DOTEscaping.tooltip($0.1) : DOTEscaping.quoted($0.1))" }.joined(separator: ", "))];"
        )
        w.line(
            "node [fontname=\"Helvetica\", fontsize=\"11\", shape=\"box\", style=\"rounded,filled\", fillcolor=\"\(Self.passageFill)\", margin=\"0.12,0.06\"];"
        )
        w.line("edge [fontname=\"Helvetica\", fontsize=\"10\", color=\"#555555\", arrowsize=\"0.7\"];")

        // The start marker.
        if shown(graph.start) {
            let pin = w.box(
                "start", [("start", 10)], margin: (0.12, 0.06), minimum: (54, 21.6), anchor: .above("p\(graph.start)"))
            w.line(
                "start [id=\"start-marker\", shape=\"cds\", style=\"filled\", fillcolor=\"#333333\", fontcolor=\"white\", label=\"start\", fontsize=\"10\", height=\"0.3\", tooltip=\"The story starts here\"\(pin)];"
            )
            w.line("start -> p\(graph.start) [color=\"#333333\", penwidth=\"2\"];")
        }

        // Clusters first, so that their passages are declared inside them.
        var clustered = Set<Int>()
        var clusterOf: [Int: Int] = [:]
        for (k, cluster) in decorations.clusters.enumerated() {
            let members = cluster.passages.filter { shown($0) && !clustered.contains($0) }
            guard !members.isEmpty else { continue }
            w.line("subgraph cluster_\(k) {")
            w.indent += 1
            w.line(
                "label=\(DOTEscaping.quoted(cluster.label)); color=\(DOTEscaping.quoted(cluster.color)); style=\(DOTEscaping.quoted(cluster.style)); penwidth=\"2\"; fontcolor=\(DOTEscaping.quoted(cluster.color));"
            )
            for v in members {
                clustered.insert(v)
                clusterOf[v] = k
                w.line(passageNode(v, reachable: reachable[v], into: &w))
            }
            w.indent -= 1
            w.line("}")
        }
        for v in 0..<graph.passageCount where shown(v) && !clustered.contains(v) {
            w.line(passageNode(v, reachable: reachable[v], into: &w))
        }
        // Graphviz's dot (2.42, Debian 12's) frees memory twice when an edge label meets a
        // cluster or an edge that does not constrain ranks: its label becomes a virtual
        // node it cleans up twice. An `xlabel` is placed after layout and makes no such
        // node, so those edges carry their labels as xlabels (Tests/tools/graphviz-crash-check.py
        // tries thousands of random graphs of each shape).
        // Pinned boxes keep edge labels off the boxes the same way.
        let labelKey = clustered.isEmpty && decorations.positions.isEmpty ? "label" : "xlabel"

        // Choices, in passage order.
        var missing: [String: Int] = [:]
        var stubs = Set<Int>()
        var returnPoints: [ChoiceRef: [Int]] = [:]
        var boxesInCluster: [Int: [String]] = [:]
        for point in graph.returnPoints { returnPoints[point.ref, default: []].append(point.passage) }
        func stub(_ target: Int, _ id: String, from v: Int) -> String {
            guard !shown(target) else { return "p\(target)" }
            if stubs.insert(target).inserted {
                let label = "… " + shorten(id, 30)
                let pin = w.box("s\(target)", [(label, 11)], margin: (0.12, 0.06), anchor: .between(["p\(v)"]))
                w.line(
                    "s\(target) [shape=\"plaintext\", style=\"\", label=\(DOTEscaping.quoted(label)), fontcolor=\"#777777\", tooltip=\(DOTEscaping.tooltip("\(id) (not drawn)"))\(pin)];"
                )
            }
            return "s\(target)"
        }
        for v in 0..<graph.passageCount where shown(v) {
            let passage = story.passages[v]
            let onlyRestarts = !passage.choices.isEmpty && passage.choices.allSatisfy(\.isRestart)
            if onlyRestarts && options.showRestarts && !options.restartEdges {
                restartMarker(v, passage.choices, into: &w)
            }
            for (c, choice) in passage.choices.enumerated() {
                let ref = ChoiceRef(passage: v, choice: c)
                if choice.isRestart {
                    if options.showRestarts && (options.restartEdges || !onlyRestarts) {
                        w.line(restartEdge(v, choice))
                    }
                    continue
                }
                // A return goes back to the running call: one dashed edge per return point.
                if choice.kind == .return {
                    for target in returnPoints[ref] ?? [] {
                        let targetNode = stub(target, graph.ids[target], from: v)
                        w.line(
                            "p\(v) -> \(targetNode) [id=\(DOTEscaping.quoted("return:\(passage.id):\(c + 1):\(graph.ids[target])")), class=\"choice return\", xlabel=\"return\", style=\"dashed\", color=\"#555555\", constraint=\"false\", tooltip=\(DOTEscaping.tooltip("\(passage.id) returns to \(graph.ids[target])"))];"
                        )
                    }
                    continue
                }
                var targetNode: String
                var targetIsMissing = false
                if choice.kind == .dynamic {
                    targetNode = "d\(v)_\(c)"
                    let label = "computed: " + shorten(choice.target, 40)
                    let pin = w.box(targetNode, [(label, 11)], margin: (0.12, 0.06), anchor: .between(["p\(v)"]))
                    w.line(
                        "\(targetNode) [id=\(DOTEscaping.quoted("dynamic:\(passage.id):\(c + 1)")), shape=\"note\", style=\"filled,dashed\", fillcolor=\"#f2f2f2\", fontcolor=\"#555555\", label=\(DOTEscaping.quoted(label)), tooltip=\(DOTEscaping.tooltip("target computed at run time: \(choice.target)"))\(pin)];"
                    )
                } else if let target = graph.indexByID[choice.target] {
                    targetNode = stub(target, choice.target, from: v)
                } else {
                    targetIsMissing = true
                    if let k = missing[choice.target] {
                        targetNode = "m\(k)"
                    } else {
                        let k = missing.count
                        missing[choice.target] = k
                        targetNode = "m\(k)"
                        let label = "missing: " + shorten(choice.target, 60)
                        let pin = w.box(targetNode, [(label, 11)], margin: (0.12, 0.06), anchor: .between(["p\(v)"]))
                        w.line(
                            "\(targetNode) [id=\(DOTEscaping.quoted("missing:\(choice.target)")), style=\"filled,dashed\", color=\"\(Self.missingColor)\", fillcolor=\"#fde0e0\", fontcolor=\"\(Self.missingColor)\", penwidth=\"1.5\", label=\(DOTEscaping.quoted(label)), tooltip=\(DOTEscaping.tooltip("broken link: no passage named \(choice.target)"))\(pin)];"
                        )
                    }
                }
                choiceDrawing(
                    v, c, choice, ref: ref, targetNode: targetNode, broken: targetIsMissing, labelKey: labelKey,
                    into: &w)
                if let k = clusterOf[v], choice.kind == .choice, options.style == .chart,
                    let target = graph.indexByID[choice.target], clusterOf[target] == k
                {
                    boxesInCluster[k, default: []].append("c\(v)_\(c)")
                }
            }
        }
        // A choice box between two passages of one cluster belongs inside it (a trap's
        // outline holds the trap's own choices); naming the cluster again adds them.
        for k in boxesInCluster.keys.sorted() {
            w.line("subgraph cluster_\(k) { \(boxesInCluster[k]!.joined(separator: "; ")); }")
        }

        if !decorations.legend.isEmpty { legend(into: &w) }
        w.indent -= 1
        w.line("}")
        return w
    }

    // MARK: - Pieces

    /// A coordinate with at most two decimals, the same on every machine. Total: a value
    /// that is not finite or beyond ±10^12 points is clamped (callers refuse such positions
    /// with a warning first), so the conversion to `Int` cannot trap.
    static func number(_ value: Double) -> String {
        let limit = 1e12
        let clamped = value.isNaN ? 0 : min(max(value, -limit), limit)
        let rounded = (clamped * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    private func shorten(_ text: String, _ limit: Int) -> String {
        text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
    }

    private func passageNode(_ v: Int, reachable: Bool, into w: inout Writer) -> String {
        let passage = graph.story.passages[v]
        let decorations = options.decorations
        let isEnding = graph.isEnding[v]
        let isStart = v == graph.start
        // The reader's text keeps its lines (links apart from the prose, branches marked).
        var lines =
            passage.readerText.map {
                TextLayout.wrap(keepingLines: $0, width: options.wrapWidth, maxCharacters: options.maxText)
            }
            ?? TextLayout.wrap(passage.text, width: options.wrapWidth, maxCharacters: options.maxText)
        if lines.isEmpty { lines = ["(no text)"] }
        var label = lines.map(DOTEscaping.html).joined(separator: "<BR/>")
        var idLine = passage.id
        if isEnding, let kind = passage.ending?.kind {
            idLine += " · ending: \(kind)"
        } else if isEnding {
            idLine += " · ending"
        }
        if !passage.tags.isEmpty { idLine += " · " + passage.tags.map { "#\($0)" }.joined(separator: " ") }
        label += "<BR/><FONT POINT-SIZE=\"9\" COLOR=\"#555555\">\(DOTEscaping.html(idLine))</FONT>"
        if let note = decorations.passageNotes[v] {
            label += "<BR/><FONT POINT-SIZE=\"9\" COLOR=\"#1a1a1a\"><I>\(DOTEscaping.html(note))</I></FONT>"
        }

        var fill = Self.passageFill
        var color = "#333333"
        var style = ["rounded", "filled"]
        var penwidth = "1"
        var classes = ["passage"]
        if isEnding {
            fill = Self.endingFill
            color = Self.endingBorder
            classes.append("ending")
        }
        if !reachable {
            fill = Self.unreachableFill
            color = "#888888"
            style.append("dashed")
            classes.append("unreachable")
        }
        if decorations.dimmedPassages.contains(v) {
            fill = Self.dimmedFill
            color = Self.dimmedColor
            classes.append("only-structural")
        }
        if let outline = decorations.outlinedPassages[v] {
            color = outline
            penwidth = "2.5"
            style.append("dashed")
            classes.append("blocked")
        }
        if isStart {
            penwidth = "3"
            style.append("bold")
            classes.append("start")
        }
        if let heat = decorations.passageFill[v] { fill = heat }
        if decorations.highlightedPassages.contains(v) {
            color = Self.highlightColor
            penwidth = "3.5"
        }
        var extra = ""
        if decorations.markedPassages.contains(v) {
            extra += ", peripheries=\"2\""
            classes.append("bottleneck")
        }
        if !decorations.positions.isEmpty {
            var measured = lines.map { (text: $0, pointSize: 11.0) } + [(text: idLine, pointSize: 9.0)]
            if let note = decorations.passageNotes[v] { measured.append((note, 9)) }
            // A second border is drawn 4 points outside the first.
            let border = decorations.markedPassages.contains(v) ? 8.0 : 0
            let anchor: BoxPlacement.Anchor =
                decorations.positions[v].map { .pinned(.init(x: $0.x, y: $0.y)) }
                ?? .between(neighbours(of: v).map { "p\($0)" })
            extra += w.box("p\(v)", measured, margin: (0.12, 0.06), outside: border, anchor: anchor)
        }
        var tooltip = passage.id + ": " + passage.text
        if let location = passage.location { tooltip += "\n(\(location))" }
        return
            "p\(v) [id=\(DOTEscaping.quoted("passage:\(passage.id)")), class=\"\(classes.joined(separator: " "))\", label=<\(label)>, fillcolor=\"\(fill)\", color=\"\(color)\", style=\"\(style.joined(separator: ","))\", penwidth=\"\(penwidth)\"\(extra), tooltip=\(DOTEscaping.tooltip(tooltip))];"
    }

    private func choiceLabel(_ choice: Choice) -> [String] {
        var lines = TextLayout.wrap(
            choice.text, width: max(12, options.wrapWidth - 6), maxCharacters: min(options.maxText, 80))
        if lines.isEmpty { lines = ["(no text)"] }
        return lines
    }

    private func choiceDrawing(
        _ v: Int, _ c: Int, _ choice: Choice, ref: ChoiceRef, targetNode: String, broken: Bool, labelKey: String,
        into w: inout Writer
    ) {
        let decorations = options.decorations
        let passage = graph.story.passages[v]
        let highlighted = decorations.highlightedChoices.contains(ref)
        let dimmed = decorations.dimmedChoices.contains(ref)
        let edgeColor =
            highlighted ? Self.highlightColor : (broken ? Self.missingColor : (dimmed ? Self.dimmedColor : "#555555"))
        let width = highlighted ? "3" : "1"
        var edgeStyle = broken || dimmed ? "dashed" : "solid"
        if choice.kind == .include || choice.kind == .dynamic { edgeStyle = "dotted" }
        let tooltip = DOTEscaping.tooltip(
            "\(passage.id) → \(choice.target): \(choice.text)" + (choice.location.map { "\n(\($0))" } ?? ""))
        let condition = choice.condition.map { "if " + shorten($0.description, 40) }

        // Inclusions, automatic jumps and dynamic links are not clicked: a direct edge.
        if choice.kind != .choice || options.style == .compact {
            var label: String
            switch choice.kind {
            case .include: label = "include"
            case .auto: label = choice.text.isEmpty ? "auto" : "auto: \(choice.text)"
            case .dynamic: label = choice.text.isEmpty ? "computed" : choice.text
            case .call: label = choice.text.isEmpty ? "call" : "call: \(choice.text)"
            case .return: label = "return"
            case .choice: label = choiceLabel(choice).joined(separator: "\n")
            }
            if let condition { label += "\n[\(condition)]" }
            if let note = decorations.choiceNotes[ref] { label += "\n\(note)" }
            var attributes =
                "id=\(DOTEscaping.quoted("choice:\(passage.id):\(c + 1)")), class=\(DOTEscaping.quoted(choice.kind == .choice ? "choice" : "choice \(choice.kind.rawValue)")), \(labelKey)=\(DOTEscaping.quoted(label)), style=\"\(edgeStyle)\", color=\"\(edgeColor)\", penwidth=\"\(width)\", tooltip=\(tooltip)"
            if let fill = decorations.choiceFill[ref] {
                attributes += ", fontcolor=\"#1a1a1a\", color=\"\(fill)\", penwidth=\"2.5\""
            }
            w.line("p\(v) -> \(targetNode) [\(attributes)];")
            return
        }

        var label = choiceLabel(choice).map(DOTEscaping.html).joined(separator: "<BR/>")
        if let condition {
            label += "<BR/><FONT POINT-SIZE=\"8\" COLOR=\"#2d5a1f\"><I>\(DOTEscaping.html(condition))</I></FONT>"
        }
        if let note = decorations.choiceNotes[ref] {
            label += "<BR/><FONT POINT-SIZE=\"8\"><I>\(DOTEscaping.html(note))</I></FONT>"
        }
        let fill = decorations.choiceFill[ref] ?? (dimmed ? Self.dimmedFill : Self.choiceFill)
        let border = highlighted ? Self.highlightColor : (dimmed ? Self.dimmedColor : Self.choiceBorder)
        let node = "c\(v)_\(c)"
        var measured = choiceLabel(choice).map { (text: $0, pointSize: 10.0) }
        if let condition { measured.append((condition, 8)) }
        if let note = decorations.choiceNotes[ref] { measured.append((note, 8)) }
        let pin = w.box(node, measured, margin: (0.08, 0.03), anchor: .between(["p\(v)", targetNode]))
        let dashed = dimmed ? ", style=\"rounded,filled,dashed\"" : ""
        w.line(
            "\(node) [id=\(DOTEscaping.quoted("choice:\(passage.id):\(c + 1)")), class=\"choice\(dimmed ? " dimmed" : "")\", label=<\(label)>, fontsize=\"10\", fillcolor=\"\(fill)\", color=\"\(border)\", penwidth=\"\(highlighted ? "3" : "1")\"\(dashed), margin=\"0.08,0.03\", tooltip=\(tooltip)\(pin)];"
        )
        w.line(
            "p\(v) -> \(node) [arrowhead=\"none\", color=\"\(edgeColor)\", penwidth=\"\(width)\"\(dimmed ? ", style=\"dashed\"" : "")];"
        )
        w.line("\(node) -> \(targetNode) [style=\"\(edgeStyle)\", color=\"\(edgeColor)\", penwidth=\"\(width)\"];")
    }

    /// One small marker under a passage whose only choices are restarts, in place of an
    /// edge per button back to the start: its tooltip names the buttons.
    private func restartMarker(_ v: Int, _ choices: [Choice], into w: inout Writer) {
        let passage = graph.story.passages[v]
        let buttons = choices.map { $0.text.isEmpty ? "restart" : $0.text }
        let tooltip = DOTEscaping.tooltip(
            "restart (\(buttons.joined(separator: ", "))): back to \(graph.ids[graph.start])")
        let pin = w.box("r\(v)", [("restart", 9)], margin: (0.06, 0.02), minimum: (54, 14.4), anchor: .below("p\(v)"))
        w.line(
            "r\(v) [id=\(DOTEscaping.quoted("restart:\(passage.id)")), class=\"restart\", shape=\"box\", style=\"rounded,dashed\", color=\"\(Self.restartColor)\", fontcolor=\"\(Self.restartColor)\", fontsize=\"9\", height=\"0.2\", margin=\"0.06,0.02\", label=\"restart\", tooltip=\(tooltip)\(pin)];"
        )
        w.line(
            "p\(v) -> r\(v) [class=\"restart\", style=\"dashed\", color=\"\(Self.restartColor)\", arrowsize=\"0.5\"];")
    }

    private func restartEdge(_ v: Int, _ choice: Choice) -> String {
        let label = choice.text.isEmpty ? "restart" : shorten(choice.text, 30)
        return
            "p\(v) -> p\(graph.start) [class=\"restart\", style=\"dashed\", color=\"\(Self.restartColor)\", fontcolor=\"\(Self.restartColor)\", xlabel=\(DOTEscaping.quoted(label)), constraint=\"false\", tooltip=\(DOTEscaping.tooltip("restart: \(choice.text)"))];"
    }

    /// The passages `v` links to or from, in index order (where a passage without a
    /// position goes when the others are pinned).
    ///
    /// - Complexity: O(P + C).
    private func neighbours(of v: Int) -> [Int] {
        var result = Set(graph.story.passages[v].choices.compactMap { graph.indexByID[$0.target] })
        for (u, passage) in graph.story.passages.enumerated()
        where passage.choices.contains(where: { $0.target == graph.ids[v] }) {
            result.insert(u)
        }
        result.remove(v)
        return result.sorted()
    }

    private func legend(into w: inout Writer) {
        let decorations = options.decorations
        var rows = ""
        if !decorations.legendTitle.isEmpty {
            rows += "<TR><TD COLSPAN=\"2\"><B>\(DOTEscaping.html(decorations.legendTitle))</B></TD></TR>"
        }
        for entry in decorations.legend {
            rows +=
                "<TR><TD BGCOLOR=\"\(entry.fill)\" WIDTH=\"24\"> </TD><TD ALIGN=\"LEFT\">\(DOTEscaping.html(entry.label))</TD></TR>"
        }
        // A row is a swatch 24 points wide beside its label, with cell padding around both.
        let widest =
            ([decorations.legendTitle] + decorations.legend.map(\.label)).map {
                LabelMetrics.width(of: $0, pointSize: 11)
            }.max() ?? 0
        let rowCount = decorations.legend.count + (decorations.legendTitle.isEmpty ? 0 : 1)
        let pin = w.box("legend", size: (widest + 48, Double(rowCount) * 20 + 12), anchor: .aside)
        w.line(
            "legend [id=\"legend\", shape=\"plaintext\", style=\"\", label=<<TABLE BORDER=\"1\" CELLBORDER=\"0\" CELLSPACING=\"2\" COLOR=\"#999999\">\(rows)</TABLE>>\(pin)];"
        )
    }
}

/// Accumulates indented lines, and the boxes of a map whose boxes are placed here.
private struct Writer {
    var text = ""
    var indent = 0
    /// Every box written, measured, for `BoxPlacement`.
    var boxes: [BoxPlacement.Box] = []
    /// Where each box goes (the second pass of a pinned map).
    var placement: BoxPlacement?

    /// Records a box of a label and gives the attributes that pin it (none before it is
    /// placed). Sizes are rounded up to the hundredth of an inch the DOT text carries.
    mutating func box(
        _ name: String, _ lines: [(text: String, pointSize: Double)], margin: (x: Double, y: Double),
        minimum: (width: Double, height: Double) = (54, 36), outside: Double = 0, anchor: BoxPlacement.Anchor
    ) -> String {
        box(name, size: LabelMetrics.box(lines, margin: margin, minimum: minimum), outside: outside, anchor: anchor)
    }

    /// `outside`: points drawn beyond the box's size (a second border), kept free too.
    mutating func box(
        _ name: String, size: (width: Double, height: Double), outside: Double = 0, anchor: BoxPlacement.Anchor
    ) -> String {
        let inches = (
            width: (size.width / 72 * 100).rounded(.up) / 100, height: (size.height / 72 * 100).rounded(.up) / 100
        )
        boxes.append(
            BoxPlacement.Box(
                name: name, width: inches.width * 72 + outside, height: inches.height * 72 + outside, anchor: anchor))
        guard let place = placement?.places[name] else { return "" }
        return
            ", pos=\"\(DOTExporter.number(place.x)),\(DOTExporter.number(-place.y))!\", width=\"\(DOTExporter.number(inches.width))\", height=\"\(DOTExporter.number(inches.height))\""
    }

    mutating func line(_ line: String) {
        text += String(repeating: "  ", count: indent)
        text += line
        text += "\n"
    }
}
