import StoryFormats
import Testing

@testable import StoryGraph
@testable import StoryMap

@Suite struct DOTExporterTests {
    static func graph(_ passages: [Passage], start: String? = nil) -> StoryGraph {
        let story = Story(title: "t", start: start ?? passages[0].id, passages: passages, format: "test")
        return StoryGraph(try! story.validated().0)
    }

    @Test func quotedStringsEscapeEverySpecialCharacter() {
        #expect(DOTEscaping.quoted(#"say "hi" \N"#) == #""say \"hi\" \\N""#)
        #expect(DOTEscaping.quoted("two\nlines\r\tand\u{07}bell") == #""two\nlines  andbell""#)
        #expect(DOTEscaping.quoted("<a> {b} | c") == #""<a> {b} | c""#)
        #expect(DOTEscaping.quoted("한국어 Кириллица 🚀") == "\"한국어 Кириллица 🚀\"")
    }

    @Test func htmlLabelsEscapeMarkup() {
        #expect(DOTEscaping.html(#"<b> & "q" {x|y}"#) == "&lt;b&gt; &amp; &quot;q&quot; {x|y}")
        #expect(DOTEscaping.html("a\u{01}b\nc") == "ab c")
        #expect(DOTEscaping.html("한국어 🚀") == "한국어 🚀")
    }

    @Test func textIsWrappedAndShortened() {
        #expect(
            TextLayout.wrap("one two three four five six seven eight nine ten", width: 14, maxCharacters: 0)
                == ["one two three", "four five six", "seven eight", "nine ten"])
        #expect(
            TextLayout.wrap("alpha beta gamma delta epsilon", width: 30, maxCharacters: 20) == ["alpha beta gamma…"])
        #expect(TextLayout.wrap("안녕하세요 여러분 반갑습니다", width: 9, maxCharacters: 0) == ["안녕하세요 여러분", "반갑습니다"])
        #expect(
            TextLayout.wrap(String(repeating: "x", count: 25), width: 10, maxCharacters: 0) == [
                "xxxxxxxxxx", "xxxxxxxxxx", "xxxxx",
            ])
        #expect(TextLayout.wrap("  \n ", width: 10) == [])
    }

    @Test func hostileTextIsEscapedInTheDOT() {
        let nasty = "He said \"<run>\" & {left|right} \\N\nnext 한국어 Привет 🚀"
        let g = Self.graph([
            Passage(id: "a\"b\\c<d>", text: nasty, choices: [Choice(text: nasty, target: "e")]),
            Passage(id: "e", text: "end"),
        ])
        let dot = DOTExporter(g).dot()
        #expect(dot.contains(#"id="passage:a\"b\\c<d>""#))
        #expect(dot.contains("He said &quot;&lt;run&gt;&quot; &amp;"))
        // Tooltips go through Graphviz's `\N` substitution and then one unescaping: each
        // backslash is written four times.
        #expect(dot.contains(#"tooltip="a\"b\\\\c<d>: He said \"<run>\" & {left|right} \\\\N\nnext 한국어 Привет 🚀""#))
        #expect(!dot.contains("\u{0A}next")) // no raw newline inside a string
    }

    static let destini: [Passage] =
        [
            Passage(
                id: "0", text: "zero",
                choices: [Choice(text: "to two", target: "2"), Choice(text: "to one", target: "1")]),
            Passage(
                id: "1", text: "one",
                choices: [Choice(text: "to two", target: "2"), Choice(text: "to three", target: "3")]),
            Passage(
                id: "2", text: "two",
                choices: [Choice(text: "to five", target: "5"), Choice(text: "to four", target: "4")]),
        ]
        + (3...5).map {
            Passage(
                id: "\($0)", text: "end \($0)",
                choices: [
                    Choice(text: "The", target: "0", isRestart: true),
                    Choice(text: "End", target: "0", isRestart: true),
                ])
        }

    static func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    @Test func chartStyleDrawsEachChoiceAsAGreenBox() {
        let dot = DOTExporter(Self.graph(Self.destini)).dot()
        #expect(Self.count("class=\"passage", in: dot) == 6)
        #expect(Self.count("class=\"passage ending\"", in: dot) == 3)
        #expect(Self.count("fillcolor=\"\(DOTExporter.endingFill)\"", in: dot) == 3)
        #expect(Self.count("class=\"choice\"", in: dot) == 6)
        #expect(Self.count("fillcolor=\"\(DOTExporter.choiceFill)\"", in: dot) == 6)
        // Each ending's two restart buttons are one marker under it, not two edges.
        #expect(Self.count("class=\"restart\", style=\"dashed\"", in: dot) == 3)
        #expect(Self.count(" -> p0 [class=\"restart\"", in: dot) == 0)
        #expect(dot.contains("r3 [id=\"restart:3\", class=\"restart\""))
        #expect(dot.contains("tooltip=\"restart (The, End): back to 0\""))
        #expect(dot.contains("p3 -> r3 [class=\"restart\""))
        #expect(dot.contains("start -> p0"))
        #expect(dot.contains("p0 [id=\"passage:0\", class=\"passage start\""))
    }

    @Test func compactStyleLabelsTheEdges() {
        let dot = DOTExporter(Self.graph(Self.destini), options: DOTOptions(style: .compact)).dot()
        #expect(Self.count("class=\"passage", in: dot) == 6)
        // No choice boxes: each choice is an edge, with the one class "choice".
        #expect(!dot.split(separator: "\n").contains { $0.contains("class=\"choice\"") && !$0.contains(" -> ") })
        #expect(Self.count("class=\"choice\"", in: dot) == 6)
        #expect(dot.contains("p0 -> p2 [id=\"choice:0:1\", class=\"choice\", label=\"to two\""))
        #expect(Self.count("class=\"restart\"", in: dot) == 6)
    }

    /// Graphviz 2.42's dot frees memory twice when an edge label meets a cluster or an
    /// edge with constraint=false (Tests/tools/graphviz-crash-check.py): such edges carry
    /// xlabels, and the crash the map fuzzer found replays (Tests/Fixtures/hostile/map).
    @Test func noEdgeLabelMeetsAClusterOrANonConstrainingEdge() {
        let compact = DOTExporter(Self.graph(Self.destini), options: DOTOptions(style: .compact, restartEdges: true))
            .dot()
        let restarts = compact.split(separator: "\n").filter { $0.contains("class=\"restart\"") }
        #expect(restarts.count == 6)
        #expect(
            restarts.allSatisfy {
                $0.contains(" xlabel=") && $0.contains("constraint=\"false\"") && !$0.contains(" label=")
            })
        #expect(compact.contains("p0 -> p2 [id=\"choice:0:1\", class=\"choice\", label=\"to two\""))

        var options = DOTOptions(style: .compact, restartEdges: true)
        options.decorations.clusters = [MapDecorations.Cluster(label: "two", color: "#ff8c00", passages: [2])]
        let clustered = DOTExporter(Self.graph(Self.destini), options: options).dot()
        #expect(clustered.contains("subgraph cluster_0 {"))
        let edges = clustered.split(separator: "\n").filter { $0.contains(" -> ") }
        #expect(edges.count == 13)
        #expect(edges.allSatisfy { !$0.contains(" label=") })
        #expect(clustered.contains("p0 -> p2 [id=\"choice:0:1\", class=\"choice\", xlabel=\"to two\""))
    }

    /// Restarts beside other choices stay edges; `restartEdges` draws every restart as
    /// an edge; `showRestarts: false` draws neither markers nor edges.
    @Test func restartMarkersAndEdges() {
        let mixed = Self.graph([
            Passage(
                id: "a", text: "a",
                choices: [Choice(text: "on", target: "b"), Choice(text: "again", target: "a", isRestart: true)]),
            Passage(id: "b", text: "b", choices: [Choice(text: "again", target: "a", isRestart: true)]),
        ])
        let dot = DOTExporter(mixed).dot()
        #expect(dot.contains("p0 -> p0 [class=\"restart\""))
        #expect(dot.contains("r1 [id=\"restart:b\""))
        #expect(Self.count("-> p0 [class=\"restart\"", in: dot) == 1)
        let edges = DOTExporter(mixed, options: DOTOptions(restartEdges: true)).dot()
        #expect(Self.count("-> p0 [class=\"restart\"", in: edges) == 2)
        #expect(!edges.contains("id=\"restart:"))
        let hidden = DOTExporter(mixed, options: DOTOptions(showRestarts: false)).dot()
        #expect(!hidden.contains("restart"))
    }

    /// A cluster (a trap's outline) holds the choice boxes between its own passages, and
    /// only those: a choice that leaves it, or comes into it, stays outside.
    @Test func aClusterHoldsTheChoiceBoxesBetweenItsPassages() {
        var options = DOTOptions()
        options.decorations.clusters = [MapDecorations.Cluster(label: "loop", color: "#ff8c00", passages: [0, 1])]
        let dot = DOTExporter(Self.graph(Self.destini), options: options).dot()
        // 0 → 1 ("to one", the second choice of 0) is the one choice inside {0, 1}.
        #expect(
            dot.split(separator: "\n").filter { $0.contains("subgraph cluster_0") }.map {
                $0.trimmingCharacters(in: .whitespaces)
            }
                == ["subgraph cluster_0 {", "subgraph cluster_0 { c0_1; }"])
        // In the compact style a choice is an edge: no box to place.
        options.style = .compact
        let compact = DOTExporter(Self.graph(Self.destini), options: options).dot()
        #expect(Self.count("subgraph cluster_0", in: compact) == 1)
    }

    @Test func restartsCanBeHidden() {
        let dot = DOTExporter(Self.graph(Self.destini), options: DOTOptions(showRestarts: false)).dot()
        #expect(!dot.contains("restart"))
    }

    @Test func brokenLinksPointToOneMissingNodePerTarget() {
        let g = Self.graph([
            Passage(
                id: "a",
                choices: [
                    Choice(text: "x", target: "gone"), Choice(text: "y", target: "gone"),
                    Choice(text: "z", target: "b"),
                ]),
            Passage(id: "b"),
            Passage(id: "island", text: "no one comes here"),
        ])
        let dot = DOTExporter(g).dot()
        #expect(Self.count("id=\"missing:gone\"", in: dot) == 1)
        #expect(dot.contains("label=\"missing: gone\""))
        #expect(Self.count("-> m0 [style=\"dashed\", color=\"\(DOTExporter.missingColor)\"", in: dot) == 2)
        #expect(dot.contains("p2 [id=\"passage:island\", class=\"passage ending unreachable\""))
        #expect(dot.contains("fillcolor=\"\(DOTExporter.unreachableFill)\""))
    }

    @Test func conditionsAndKindsAreDrawn() {
        let g = Self.graph([
            Passage(
                id: "a",
                choices: [
                    Choice(text: "Knock", target: "b", condition: "has_key"),
                    Choice(text: "", target: "b", kind: .auto),
                    Choice(text: "", target: "b", kind: .include),
                    Choice(text: "", target: "$next", kind: .dynamic),
                ]),
            Passage(id: "b"),
        ])
        let dot = DOTExporter(g).dot()
        #expect(dot.contains("<I>if has_key</I>"))
        #expect(dot.contains("p0 -> p1 [id=\"choice:a:2\", class=\"choice auto\", label=\"auto\""))
        #expect(
            dot.contains("p0 -> p1 [id=\"choice:a:3\", class=\"choice include\", label=\"include\", style=\"dotted\""))
        #expect(dot.contains("label=\"computed: $next\""))
    }

    @Test func outputIsDeterministic() {
        let a = DOTExporter(Self.graph(Self.destini)).dot()
        let b = DOTExporter(Self.graph(Self.destini)).dot()
        #expect(a == b)
    }

    @Test func focusDrawsOnlyVisiblePassagesWithStubs() {
        var options = DOTOptions()
        options.decorations.visiblePassages = [0, 1]
        let dot = DOTExporter(Self.graph(Self.destini), options: options).dot()
        #expect(Self.count("class=\"passage", in: dot) == 2)
        #expect(dot.contains("s2 [shape=\"plaintext\""))
        #expect(dot.contains("s3 [shape=\"plaintext\""))
    }
}

@Suite struct DOTEscapingHostileTests {
    @Test func quotedReplacesXMLIllegalScalarsAndEscapesBackslashes() {
        #expect(DOTEscaping.quoted("a\\N\u{FFFE}b\u{FFFF}\u{7}c\"") == "\"a\\\\N\u{FFFD}b\u{FFFD}c\\\"\"")
        #expect(DOTEscaping.quoted("\u{FFFD}\u{EFFF} ok") == "\"\u{FFFD}\u{EFFF} ok\"")
    }

    @Test func tooltipsWriteEachBackslashFourTimesButKeepLineBreaks() {
        #expect(DOTEscaping.tooltip("x\\G\ny") == "\"x\\\\\\\\G\\ny\"")
    }

    @Test func htmlLabelsDoubleBackslashes() {
        #expect(DOTEscaping.html("a\\L <b>\u{FFFF}") == "a\\\\L &lt;b&gt;")
    }
}
