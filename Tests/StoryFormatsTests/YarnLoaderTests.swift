import Foundation
import TestSupport
import Testing

@testable import StoryFormats
@testable import StoryGraph

/// The Yarn Spinner loader on small stories written for these tests: one per syntax
/// generation (v1 links, v2 options and jumps, v3 detours, node groups, once, line groups),
/// and broken ones at known lines.
@Suite struct YarnLoaderTests: LoadsStoryText {
    static let fileName = "t.yarn"

    static func analysis(_ result: LoadResult) -> StoryAnalysis { Load.analysis(result) }

    static func figures(_ story: Story) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: story.sourceStatistics.map { ($0.name, $0.value) })
    }

    // MARK: v2: shortcut options, jumps, conditions, effects

    static let ferry = """
        title: Start
        ---
        <<declare $fare = 2>>
        Pilot: Where to?
        -> North shore
            <<jump North>>
        -> South shore <<if $fare >= 2>>
            <<set $fare -= 2>>
            <<jump South>>
        -> Nowhere
            Pilot: Suit yourself.
        Pilot: The ferry waits.
        ===
        title: North
        ---
        <<if visited("South")>>
            <<jump Both>>
        <<endif>>
        You land in the north.
        ===
        title: South
        ---
        You land in the south.
        -> Walk
            <<jump North>>
        -> Swim
            <<stop>>
        ===
        title: Both
        ---
        Done.
        ===

        """

    @Test func v2PassagesChoicesPathsAndEndings() throws {
        let result = try Self.load(Self.ferry)
        let story = result.story
        #expect(story.format == "yarn")
        #expect(story.start == "Start")
        #expect(story.passages.map(\.id) == ["Start", "Start#1", "North", "North#end", "South", "South#1", "Both"])
        #expect(
            story.passages.map { $0.choices.map(\.target) } == [
                ["North", "South", "Start#1"], [], ["Both", "North#end"], [], ["North", "South#1"], [], [],
            ])
        #expect(
            story.passages.map { $0.choices.map(\.kind) }.joined().map(\.rawValue) == [
                "choice", "choice", "choice", "auto", "auto", "choice", "choice",
            ])
        #expect(story.passage("Start")?.text == "Pilot: Where to?")
        #expect(story.passage("Start#1")?.text == "Pilot: The ferry waits.")
        #expect(story.passage("South#1")?.ending != nil)
        #expect(result.diagnostics.isEmpty)
        let analysis = Self.analysis(result)
        #expect(analysis.paths.total == 6)
        #expect(analysis.endings.entries.count == 4)
        #expect(
            Self.figures(story) == [
                "nodes": 4, "node_groups": 0, "options": 5, "jumps": 4, "detours": 0, "commands": 0, "lines": 6,
                "variables": 1,
            ])
        #expect(
            story.sourceStatistics.map(\.name) == [
                "nodes", "node_groups", "options", "jumps", "detours", "commands", "lines", "variables",
            ])
    }

    @Test func passagesTheLoaderMadeAreFlowPointsAndNotAskedForText() throws {
        let result = try Self.load(Self.ferry)
        #expect(result.story.passages.filter(\.isFlowPoint).map(\.id) == ["Start#1", "North#end", "South#1"])
        // 'Swim' leads to South#1, an empty passage ending at <<stop>>: flow, not a page left blank.
        #expect(result.story.passage("South#1")?.text == "")
        // Only the state search's: `$fare` starts at 2, so 'South shore' (`$fare >= 2`) is always offered.
        #expect(Self.analysis(result).lint.findings.map(\.ruleID) == ["condition-always-true"])
        // A node the author wrote with no lines is still asked for text.
        let blank = try Self.load(
            "title: Start\n---\nA door.\n-> Wait\n    <<jump Blank>>\n-> Go\n===\ntitle: Blank\n---\n===\n")
        #expect(blank.story.passages.map(\.id) == ["Start", "Start#end", "Blank"])
        #expect(blank.story.passages.map(\.isFlowPoint) == [false, true, false])
        #expect(
            Self.analysis(blank).lint.findings.map(\.description) == [
                "t.yarn:8:1: warning: passage 'Blank' has no text [empty-passage]"
            ])
    }

    /// A node's text keeps its commands as written; what the reader is shown (the map,
    /// `play`) leaves out `<<command>>` and `<<detour>>` lines.
    @Test func commandsAreKeptInTheTextAndLeftOutOfWhatTheReaderSees() throws {
        let result = try Self.load(
            """
            title: Start
            ---
            Guard: Halt.
            <<shake_camera 2>>
            Guard: Who goes there?
            <<detour Ask>>
            ===
            title: Ask
            ---
            Guard: Name?
            ===
            """)
        let start = try #require(result.story.passage("Start"))
        #expect(start.text == "Guard: Halt.\n<<shake_camera 2>>\nGuard: Who goes there?\n<<detour Ask>>")
        #expect(start.shownText == "Guard: Halt.\nGuard: Who goes there?")
        #expect(result.story.passage("Ask")?.readerText == nil)
    }

    @Test func v2ConditionsAndEffectsAreData() throws {
        let story = try Self.load(Self.ferry).story
        let south = try #require(story.passage("Start")?.choices[1])
        #expect(south.text == "South shore")
        #expect(south.condition == .test("$fare >= 2", .binary(.greaterOrEqual, .variable("fare"), .integer(2))))
        #expect(
            south.effects == [
                Effect(
                    variable: "fare", operation: .subtract, value: .integer(2), text: "<<set $fare -= 2>>",
                    location: SourceLocation(file: "t.yarn", line: 8, column: 5))
            ])
        #expect(south.location == SourceLocation(file: "t.yarn", line: 7, column: 1))
        let visited = Condition.test("visited(\"South\")", .binary(.greater, .visits(passage: "South"), .integer(0)))
        let north = try #require(story.passage("North"))
        #expect(north.choices.map(\.condition) == [visited, .not(visited)])
        #expect(north.choices[0].location == SourceLocation(file: "t.yarn", line: 17, column: 5))
        #expect(
            story.variables == [
                Variable(
                    name: "fare", initial: .integer(2), location: SourceLocation(file: "t.yarn", line: 3, column: 1))
            ])
    }

    @Test func nestedOptionsFollowIndentation() throws {
        let story = try Self.load(
            """
            title: Start
            ---
            -> Take the boat #line:a1
                -> Row
                    <<jump Island>>
                -> Drift
            -> Stay
                <<jump Island>>
            ===
            title: Island
            ---
            Sand.
            ===
            """
        ).story
        #expect(story.passages.map(\.id) == ["Start", "Start#1", "Start#end", "Island"])
        #expect(story.passage("Start")?.choices.map(\.text) == ["Take the boat", "Stay"])
        #expect(story.passage("Start")?.choices.map(\.target) == ["Start#1", "Island"])
        #expect(story.passage("Start#1")?.choices.map(\.target) == ["Island", "Start#end"])
        #expect(Self.figures(story)["options"] == 4)
        #expect(Self.analysis(try Self.load(story: story)).paths.total == 3)
    }

    static func load(story: Story) throws -> LoadResult { LoadResult(story: story) }

    // MARK: v1: [[links]], .yarn.txt, BOM and CRLF

    static let crossroads =
        "\u{FEFF}"
        + [
            "title: Start", "tags: hub", "---", "A crossroads.", "[[Go left|Left]]", "[[Right]]",
            "<<if $lamp is true>>",
            "[[Read the sign|Sign]]", "<<endif>>", "===", "title: Left", "---", "A wall.", "===", "title: Right", "---",
            "A river. [[Back|Start]] [[Swim|Sea]]", "===", "title: Sign", "---", "It says: go right.", "[[Right]]",
            "===",
            "title: Sea", "---", "Salt and stars.", "===", "",
        ].joined(separator: "\r\n")

    @Test func v1LinksInAYarnTxtFileWithBOMAndCRLF() throws {
        let result = try Self.load(Self.crossroads, path: "cross.yarn.txt")
        let story = result.story
        #expect(story.format == "yarn")
        #expect(story.title == "cross")
        #expect(story.passages.map(\.id) == ["Start", "Left", "Right", "Sign", "Sea"])
        #expect(
            story.passages.map { $0.choices.map(\.target) } == [
                ["Left", "Right", "Sign"], [], ["Start", "Sea"], ["Right"], [],
            ])
        #expect(story.passage("Start")?.choices.map(\.text) == ["Go left", "Right", "Read the sign"])
        #expect(story.passage("Start")?.tags == ["hub"])
        #expect(story.passage("Right")?.text == "A river.")
        #expect(story.passage("Start")?.location == SourceLocation(file: "cross.yarn.txt", line: 1, column: 1))
        let sign = try #require(story.passage("Start")?.choices[2])
        #expect(sign.condition == .test("$lamp is true", .binary(.equal, .variable("lamp"), .boolean(true))))
        #expect(sign.location == SourceLocation(file: "cross.yarn.txt", line: 8, column: 1))
        let analysis = Self.analysis(result)
        #expect(analysis.paths.total == 3)
        #expect(analysis.endings.entries.count == 2)
        #expect(Self.figures(story)["nodes"] == 5)
        #expect(Self.figures(story)["options"] == 6)
        #expect(Self.figures(story)["lines"] == 5)
    }

    // MARK: v3: detours, node groups, once, line groups, computed jumps

    static let tower = """
        title: Start
        ---
        <<once>>
            Guide: First time here?
        <<else>>
            Guide: Welcome back.
        <<endonce>>
        => Guide: Lovely weather.
        => Guide: Rain again. <<if $rain>>
        -> Ask about the tower <<once>>
            <<detour Tower>>
            Guide: Anything else?
            <<jump Gate>>
        -> Leave
            <<jump {$exit}>>
        ===
        title: Tower
        ---
        Guide: It was built by the first keeper.
        <<return>>
        ===
        title: Gate
        when: once
        ---
        A gate, shut.
        ===
        title: Gate
        when: $key == true
        ---
        The gate opens.
        ===

        """

    @Test func v3DetoursNodeGroupsOnceAndComputedJumps() throws {
        let result = try Self.load(Self.tower)
        let story = result.story
        #expect(
            story.passages.map(\.id) == [
                "Start", "Start#1", "Start#2", "Start#3", "Tower", "Gate", "Gate#v1", "Gate#v2",
            ])
        let start = try #require(story.passage("Start"))
        #expect(start.choices.map(\.isOnceOnly) == [true, false])
        #expect(start.choices.map(\.target) == ["Start#1", "Start#2"])
        #expect(
            start.text
                == "Guide: First time here?\nGuide: Welcome back.\n=> Guide: Lovely weather.\n=> Guide: Rain again.")
        let call = try #require(story.passage("Start#1")?.choices.first)
        #expect(call.kind == .call)
        #expect(call.target == "Tower")
        #expect(call.returnTo == "Start#3")
        #expect(story.passage("Start#2")?.choices.map(\.kind) == [.dynamic])
        #expect(story.passage("Start#2")?.choices.map(\.target) == ["{$exit}"])
        #expect(story.passage("Start#3")?.choices.map(\.target) == ["Gate"])
        #expect(story.passage("Tower")?.choices.map(\.kind) == [.return])
        let gate = try #require(story.passage("Gate"))
        #expect(gate.choices.map(\.target) == ["Gate#v1", "Gate#v2"])
        #expect(gate.choices.map(\.kind) == [.auto, .auto])
        #expect(
            gate.choices.map(\.condition) == [
                .test("once", .call("once", [])),
                .test("$key == true", .binary(.equal, .variable("key"), .boolean(true))),
            ])
        // Ours: the parts of Start after its options and detour, and Gate's group passage;
        // the author's: the nodes Start and Tower and each variant of the group.
        #expect(story.passages.filter(\.isFlowPoint).map(\.id) == ["Start#1", "Start#2", "Start#3", "Gate"])
        #expect(!result.diagnostics.contains { $0.severity == .error })
        #expect(
            Self.figures(story) == [
                "nodes": 4, "node_groups": 1, "options": 2, "jumps": 2, "detours": 1, "commands": 0, "lines": 8,
                "variables": 0,
            ])
    }

    @Test func v3PathsFollowTheDetourBack() throws {
        let analysis = Self.analysis(try Self.load(Self.tower))
        #expect(analysis.paths.total == 2)
        #expect(analysis.endings.entries.map { $0.passage }.count == 2)
        // 'Leave' (Start#2) jumps to a computed node, not followed: it may lead anywhere, so
        // it is not claimed a trap (issue 26).
        #expect(analysis.reachability.trapped.isEmpty)
        #expect(analysis.graph.dynamicLinks.count == 1)
    }

    @Test func returnWithNoDetourRunningIsAStop() throws {
        // Neither node is a detour's target: Yarn Spinner runs their <<return>> as <<stop>>.
        let result = try Self.load(
            "title: Start\n---\nHi.\n<<if $tired>>\n    <<return>>\n<<endif>>\n-> Go on\n    <<jump Hall>>\n===\ntitle: Hall\n---\nA hall.\n<<return>>\n===\n"
        )
        let story = result.story
        #expect(story.passages.map(\.id) == ["Start", "Start#stop", "Hall"])
        #expect(story.passage("Start")?.choices.map(\.target) == ["Start#stop", "Hall"])
        #expect(story.passage("Start")?.choices.first?.location == SourceLocation(file: "t.yarn", line: 5, column: 5))
        #expect(story.passage("Hall")?.ending != nil)
        #expect(story.passages.flatMap(\.choices).filter { $0.kind == .return }.isEmpty)
        let analysis = Self.analysis(result)
        #expect(analysis.paths.total == 2)
        #expect(analysis.endings.entries.map { analysis.graph.ids[$0.passage] } == ["Start#stop", "Hall"])
        // `$tired` is never declared nor set: the state search finds the stop unreachable.
        #expect(
            analysis.lint.findings.map(\.ruleID) == [
                "unreachable-under-state", "condition-never-true", "variable-never-set", "condition-always-true",
            ])
    }

    static let museum = """
        title: Start
        ---
        Guide: The museum.
        -> Ask about the statue
            <<detour Statue>>
            Guide: Shall we go on?
        -> Look at the statue yourself
            <<jump Statue>>
        Guide: This way out.
        ===
        title: Statue
        ---
        Guide: Bronze, very old.
        -> Ask who made it
            <<detour Maker>>
        -> Ask nothing
        Guide: That is the statue.
        ===
        title: Maker
        ---
        Guide: Nobody knows.
        ===

        """

    @Test func aNodeBothDetouredToAndJumpedToIsReadTwice() throws {
        // Statue is run by a detour (its end returns) and by a jump (its end ends the
        // dialogue: a jump clears the detour stack); Maker only by detours.
        let result = try Self.load(Self.museum)
        let story = result.story
        #expect(
            story.passages.map(\.id) == [
                "Start", "Start#1", "Start#2", "Statue", "Statue#1", "Statue#2", "Statue#detour", "Statue#detour#1",
                "Statue#detour#2", "Maker",
            ])
        #expect(
            story.passages.filter(\.isFlowPoint).map(\.id) == [
                "Start#1", "Start#2", "Statue#1", "Statue#2", "Statue#detour", "Statue#detour#1", "Statue#detour#2",
            ])
        #expect(story.passage("Start#1")?.choices.map(\.target) == ["Statue#detour"])
        #expect(story.passage("Start#1")?.choices.map(\.returnTo) == ["Start#2"])
        #expect(story.passage("Start")?.choices.map(\.target) == ["Start#1", "Statue"])
        #expect(story.passage("Statue#2")?.choices == [])
        #expect(story.passage("Statue#detour#2")?.choices.map(\.kind) == [.return])
        #expect(story.passage("Statue#detour")?.metadata["yarn-node"] == "Statue")
        #expect(story.passage("Maker")?.choices.map(\.kind) == [.return])
        #expect(Self.figures(story)["nodes"] == 3)
        let analysis = Self.analysis(result)
        #expect(analysis.paths.total == 4)
        #expect(analysis.endings.entries.map { analysis.graph.ids[$0.passage] } == ["Start#2", "Statue#2"])
        #expect(analysis.lint.findings.isEmpty)
        #expect(result.diagnostics.isEmpty)
    }

    @Test func aNodeGroupBothDetouredToAndJumpedToIsReadTwice() throws {
        let result = try Self.load(
            "title: Start\n---\nA gate.\n-> Ask\n    <<detour Gate>>\n    Back.\n-> Go\n    <<jump Gate>>\n===\ntitle: Gate\nwhen: once\n---\nShut.\n===\ntitle: Gate\nwhen: always\n---\nOpen.\n===\n"
        )
        #expect(
            result.story.passages.map(\.id) == [
                "Start", "Start#1", "Start#2", "Gate", "Gate#v1", "Gate#v2", "Gate#detour", "Gate#detour#v1",
                "Gate#detour#v2",
            ])
        #expect(
            result.story.passages.map { $0.choices.map(\.kind.rawValue) } == [
                ["choice", "choice"], ["call"], [], ["auto", "auto"], [], [], ["auto", "auto"], ["return"], ["return"],
            ])
        #expect(result.story.passage("Start#1")?.choices.map(\.target) == ["Gate#detour"])
        let analysis = Self.analysis(result)
        #expect(analysis.paths.total == 4)
        #expect(analysis.endings.entries.map { analysis.graph.ids[$0.passage] } == ["Start#2", "Gate#v1", "Gate#v2"])
        #expect(analysis.lint.findings.isEmpty)
    }

    @Test func v1InlineBlocksOnOneLine() throws {
        let result = try Self.load("title: Start\n---\n<<if $a>>Yes.<<else>>No.<<endif>>After.\nSeen <<if $b>>\n===\n")
        #expect(result.diagnostics.isEmpty)
        #expect(result.story.passage("Start")?.text == "Yes.\nNo.\nAfter.\nSeen")
        #expect(Self.figures(result.story)["lines"] == 4)
    }

    @Test func customCommandsAreKeptAndShown() throws {
        let story = try Self.load("title: Start\n---\nMae: Look.\n<<camera_pan left 2>>\n<<wait 1>>\n===\n").story
        #expect(story.passage("Start")?.text == "Mae: Look.\n<<camera_pan left 2>>\n<<wait 1>>")
        #expect(Self.figures(story)["commands"] == 2)
        #expect(story.passage("Start")?.isEnding == true)
    }

    // MARK: expressions

    @Test func setForms() throws {
        let story = try Self.load("title: Start\n---\n<<set $a to 1>>\n<<set $a += 2>>\n<<set $b = $a * 3>>\n===\n")
            .story
        let effects = try #require(story.passage("Start")?.effects)
        #expect(effects.map(\.variable) == ["a", "a", "b"])
        #expect(effects.map(\.operation) == [.set, .add, .set])
        #expect(effects.map(\.value) == YarnExpressionTests.setValues)
    }

    // MARK: checks, located exactly

    @Test func unterminatedIfIsLocated() throws {
        let result = try Self.load("title: Start\n---\nHello.\n<<if $a>>\nInside.\n===\n")
        #expect(
            result.diagnostics.map(\.description) == [
                "t.yarn:4:1: error: '<<if>>' is not closed by '<<endif>>' [yarn-unterminated-if]"
            ])
        let inOption = try Self.load("title: Start\n---\n-> A\n    <<if $b>>\n    Text.\n-> B\n===\n")
        #expect(
            inOption.diagnostics.map(\.description) == [
                "t.yarn:4:5: error: '<<if>>' is not closed by '<<endif>>' before the option ends [yarn-unterminated-if]"
            ])
    }

    @Test func jumpToAnUndefinedNodeIsABrokenLinkAtTheJump() throws {
        let result = try Self.load("title: Start\n---\nHi.\n<<jump Nowhere>>\n===\n")
        #expect(
            result.diagnostics.map(\.description) == [
                "t.yarn:4:1: error: choice 'Nowhere' of passage 'Start' leads to 'Nowhere', which does not exist [broken-link]"
            ])
    }

    @Test func duplicateTitlesAreReportedAtTheSecond() throws {
        let result = try Self.load(
            "title: Start\n---\n-> A\n    Hi.\nEnd.\n===\ntitle: Start\n---\n-> B\n    Ho.\nEnd.\n===\n")
        #expect(result.diagnostics.map(\.ruleID) == ["duplicate-id"])
        #expect(result.diagnostics.first?.location == SourceLocation(file: "t.yarn", line: 7, column: 1))
        #expect(result.story.passages.map(\.id) == ["Start", "Start#1"])
    }

    @Test func otherSyntaxErrors() throws {
        let result = try Self.load("title: Start\n---\n<<endif>>\n<<else>>\n<<set 3>>\n<<jump>>\nHi.\n")
        #expect(
            result.diagnostics.map(\.description) == [
                "t.yarn:1:1: warning: node 'Start' is not closed by '===' before the end of the file [yarn-unterminated-node]",
                "t.yarn:3:1: error: '<<endif>>' without an open '<<if>>' [yarn-syntax]",
                "t.yarn:4:1: error: '<<else>>' without an open '<<if>>' [yarn-syntax]",
                "t.yarn:5:1: error: '<<set>>' needs a variable: <<set 3>> [yarn-syntax]",
                "t.yarn:6:1: error: '<<jump>>' names no node [yarn-syntax]",
            ])
    }

    @Test func nestingDeeperThanTheLimitIsReportedAndReadFlat() throws {
        let depth = YarnBodyParser.maximumNesting + 6
        let body = (0..<depth).map { String(repeating: " ", count: 4 * $0) + "-> Level \($0)" }.joined(separator: "\n")
        let result = try Self.load("title: Start\n---\n" + body + "\n===\n")
        let errors = result.diagnostics.filter { $0.ruleID == "yarn-syntax" }
        // Levels 0 to 63 nest; level 64 (line 67, column 257) and the five below it are lines.
        #expect(errors.count == 6)
        #expect(errors.first?.location == SourceLocation(file: "t.yarn", line: 67, column: 257))
        #expect(Self.figures(result.story)["options"] == 64)
    }

    @Test func aLongChainOfNodesLoads() throws {
        let count = 5_000
        let text = (0..<count).map { i in
            let title = i == 0 ? "Start" : "N\(i)"
            return i + 1 < count
                ? "title: \(title)\n---\n-> On\n    <<jump N\(i + 1)>>\n===\n" : "title: \(title)\n---\nEnd.\n===\n"
        }.joined()
        let result = try Self.load(text)
        #expect(result.story.passages.count == count)
        #expect(Self.analysis(result).paths.total == 1)
    }

    @Test func startIsStartThenTheFirstNode() throws {
        let result = try Self.load("title: Intro\n---\nHi.\n===\ntitle: Next\n---\nHo.\n===\n")
        #expect(result.story.start == "Intro")
        #expect(
            result.diagnostics.map(\.description) == [
                "t.yarn:1:1: warning: no node is called 'Start'; the story starts at the first node, 'Intro' [start-fallback]"
            ])
        let given = try Self.load(
            "title: Intro\n---\nHi.\n===\ntitle: Next\n---\nHo.\n===\n", options: LoadOptions(start: "Next"))
        #expect(given.story.start == "Next")
        #expect(given.diagnostics.isEmpty)
    }

    // MARK: files: the editor's JSON, several files, a folder, a project

    @Test func editorJSONIsRecognisedByContent() throws {
        let json = """
            [
              {"title": "Start", "tags": "a b", "body": "Hi.\\n[[Go|End]]", "position": {"x": 10, "y": 20}},
              {"title": "End", "tags": "", "body": "Bye."}
            ]
            """
        let result = try Self.load(json, path: "dialogue.json")
        #expect(result.story.format == "yarn")
        #expect(result.story.passages.map(\.id) == ["Start", "End"])
        #expect(result.story.passage("Start")?.tags == ["a", "b"])
        #expect(result.story.passage("Start")?.metadata == ["position": "10,20"])
        #expect(result.story.passages.map { $0.location?.line } == [2, 3])
        #expect(result.story.passage("Start")?.choices.map(\.target) == ["End"])
    }

    @Test func severalFilesMakeOneStory() throws {
        let result = try StoryLoading.load(sources: [
            SourceText(path: "a.yarn", text: "title: Start\n---\n<<jump Next>>\n===\n"),
            SourceText(path: "b.yarn", text: "title: Next\n---\nEnd.\n===\n"),
        ])
        #expect(result.story.passages.map(\.id) == ["Start", "Next"])
        #expect(result.story.passage("Next")?.location == SourceLocation(file: "b.yarn", line: 1, column: 1))
        #expect(Self.analysis(result).paths.total == 1)
    }

    @Test func aProjectReadsTheFilesItsGlobsSelect() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("yarn-project-\(UUID().uuidString)")
            .path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let files = [
            "game.yarnproject":
                #"{"projectFileVersion": 3, "sourceFiles": ["Dialogue/**/*.yarn"], "excludeFiles": ["Dialogue/Old/*.yarn"]}"#,
            "Dialogue/start.yarn": "title: Start\n---\n<<jump Dock>>\n===\n",
            "Dialogue/Harbour/dock.yarn": "title: Dock\n---\nGulls.\n===\n",
            "Dialogue/Old/start.yarn": "title: Start\n---\nAn old draft.\n===\n",
            "notes.yarn": "title: Notes\n---\nNot in the project.\n===\n",
        ]
        for (path, text) in files {
            let full = (folder as NSString).appendingPathComponent(path)
            try FileManager.default.createDirectory(
                atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }
        let project = try StoryLoading.load(paths: [(folder as NSString).appendingPathComponent("game.yarnproject")])
        #expect(project.story.passages.map(\.id) == ["Dock", "Start"])
        #expect(project.story.title == "game")
        #expect(project.diagnostics.isEmpty)
        let whole = try StoryLoading.load(paths: [folder])
        #expect(whole.story.passages.map(\.id) == ["Dock", "Start"])
        #expect(whole.diagnostics.map(\.ruleID) == ["yarn-skipped-file", "yarn-skipped-file"])
    }

    @Test func theExampleReadsWithoutErrors() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../Examples/orchard.yarn"
        ).standardized
        let result = try StoryLoading.load(paths: [url.path])
        #expect(result.story.passages.count == 14)
        #expect(
            Self.figures(result.story) == [
                "nodes": 9, "node_groups": 1, "options": 8, "jumps": 9, "detours": 1, "commands": 1, "lines": 12,
                "variables": 2,
            ])
    }

    /// Text after the last node's `===` (notes left in the file) is a warning at its
    /// first line, and the story is read whole; a `<<detour>>` comes back (issue 26).
    @Test func trailingTextIsAWarningAndADetourComesBack() throws {
        let result = try Self.load(
            """
            title: Start
            ---
            Guard: Halt! Who goes there?
            <<detour Papers>>
            Guard: Very well.
            -> Enter the town
                <<jump Town>>
            -> Turn back
                <<stop>>
            ===
            title: Papers
            ---
            You show your papers.
            ===
            title: Town
            ---
            The town square bustles.
            ===
            // a comment is no text
            These are notes left after the last node.
            They are not Yarn.
            """)
        #expect(
            result.diagnostics.map { "\($0.location?.line ?? 0) \($0.severity) \($0.ruleID ?? "")" } == [
                "20 warning yarn-trailing-text"
            ])
        let analysis = Self.analysis(result)
        #expect(result.story.passages.count == 5)
        #expect(analysis.reachability.unreachable.isEmpty)
        #expect(analysis.reachability.reachableEndings.map { analysis.graph.ids[$0] } == ["Start#2", "Town"])
        #expect(analysis.paths.total == 2)
        // Text between nodes is still an error: a node follows it.
        let between = try Self.load(
            """
            title: A
            ---
            Hello.
            ===
            stray
            title: B
            ---
            Bye.
            ===
            """)
        #expect(
            between.diagnostics.map { "\($0.location?.line ?? 0) \($0.ruleID ?? "")" } == [
                "1 start-fallback", "5 yarn-syntax",
            ])
    }

    /// Options inside `<<if>>` blocks (trial 26, finding 10): the loader gives each option
    /// after them once per way through the blocks (the path counts count each way), and a
    /// finding about one option is told once, at its line: one broken link ('Harbour'),
    /// one self-loop ('Wait here'), one duplicate text ('Ask about ships' written twice).
    @Test func optionsCopiedPerBranchAreToldOnce() throws {
        let result = try StoryLoading.load(
            sources: [try InkComputedFlowTests.fixture("options-under-ifs.yarn", in: "yarn-flow")])
        let tower = try #require(result.story.passage("Tower"))
        #expect(
            tower.choices.map(\.target) == [
                "Lamp", "Ships", "Ships", "Tower", "Tower", "Tower", "Tower", "Harbour", "Harbour", "Harbour", "Harbour",
                "Docks", "Docks", "Docks", "Docks",
            ])
        let analysis = Load.analysis(result, budget: .unlimited)
        #expect(analysis.paths.total == 14)  // as before: each copy is a way on
        // The conditions of the copies of 'Ask about ships' (line 24: `$day and $night`,
        // `not ($day) and $night`) do not all fail: no "never holds".
        #expect(
            analysis.lint.findings.map(\.description) == [
                "options-under-ifs.yarn:7:1: warning: passage 'Day' has no text [empty-passage]",
                "options-under-ifs.yarn:12:1: warning: passage 'Night' has no text [empty-passage]",
                "options-under-ifs.yarn:21:1: warning: variable 'day' is read by choice 'Climb the stairs' ($day) in passage 'Tower' before the story gives it a value [variable-read-before-set]",
                "options-under-ifs.yarn:24:1: warning: variable 'night' is read by choice 'Ask about ships' ($day and $night) in passage 'Tower' before the story gives it a value [variable-read-before-set]",
                "options-under-ifs.yarn:26:1: warning: choice 'Wait here' of passage 'Tower' leads back to the same passage [self-loop]",
                "options-under-ifs.yarn:27:1: error: choice 'Leave' of passage 'Tower' leads to 'Harbour', which does not exist [broken-link]",
                "options-under-ifs.yarn:28:1: warning: passage 'Tower' has two choices reading 'Ask about ships'; a reader cannot tell them apart [duplicate-choice-text]\noptions-under-ifs.yarn:24:1: note: the first 'Ask about ships' is here",
            ])
    }
}
