import Foundation
import StoryGraph
import TestSupport
import Testing

@testable import StoryFormats

@Suite struct InkLoaderTests: LoadsStoryText {
    static let fileName = "story.ink"

    static func analyse(_ result: LoadResult) -> StoryAnalysis { Load.analysis(result, budget: .unlimited) }

    static func source(_ result: LoadResult) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: result.story.sourceStatistics.map { ($0.name, $0.value) })
    }

    @Test func weaveOfChoicesAndAGather() throws {
        let result = try Self.load(
            """
            Start here.
            * [Left] You go left.
                A bend in the road.
            * [Right]
            - (meet) You meet again.
            -> END
            """)
        let story = result.story
        #expect(story.format == "ink")
        #expect(story.start == "(root)")
        #expect(story.passages.map(\.id) == ["(root)", "(root).c-0", "meet"])
        #expect(story.passages[0].text == "Start here.")
        #expect(story.passages[0].choices.map(\.text) == ["Left", "Right"])
        #expect(story.passages[0].choices.map(\.target) == ["(root).c-0", "meet"])
        #expect(story.passages[1].text == "You go left.\nA bend in the road.")
        #expect(story.passages[1].choices.map(\.kind) == [.auto])
        #expect(story.passages[1].choices.map(\.target) == ["meet"])
        #expect(story.passages[2].ending != nil)
        #expect(story.passages[2].location?.description == "story.ink:5:1")
        let analysis = Self.analyse(result)
        #expect(analysis.paths.total == 2)
        #expect(analysis.structure.endings == 1)
        #expect(Self.source(result)["choices"] == 2)
        #expect(Self.source(result)["gathers"] == 1)
        #expect(Self.source(result)["diverts"] == 1)
    }

    @Test func knotsStitchesAndChoiceFlags() throws {
        let result = try Self.load(
            """
            -> inn
            === inn ===
            = door
            A door.
            * (knock) {visits > 0} Knock [twice] loudly -> inn.hall
            + [Wait] -> door
            * -> hall
            = hall
            The hall. -> END
            === function half(x)
            ~ return x / 2
            """)
        let story = result.story
        #expect(story.passages.map(\.id) == ["(root)", "inn", "inn.door", "inn.door.knock", "inn.hall"])
        let door = try #require(story.passage("inn.door"))
        #expect(door.choices.map(\.text) == ["Knock twice", "Wait", ""])
        #expect(door.choices.map(\.isOnceOnly) == [true, false, true])
        #expect(door.choices.map(\.isFallback) == [false, false, true])
        #expect(door.choices.map(\.target) == ["inn.door.knock", "inn.door", "inn.hall"])
        #expect(door.choices[0].condition?.description == "visits > 0")
        #expect(door.choices[0].condition?.expression == .binary(.greater, .variable("visits"), .integer(0)))
        #expect(story.passage("inn.door.knock")?.text == "Knock loudly")
        // A knot with no content of its own goes on into its first stitch.
        #expect(story.passage("inn")?.choices.map(\.target) == ["inn.door"])
        #expect(
            Self.source(result) == [
                "words": 8, "knots": 2, "stitches": 2, "functions": 1, "choices": 3, "gathers": 0, "diverts": 5,
                "files": 1,
            ])
    }

    @Test func logicIsKeptAsData() throws {
        let result = try Self.load(
            """
            VAR gold = 3
            CONST PRICE = 2
            LIST mood = calm, (tense), afraid = 5
            VAR where = -> shop
            ~ gold = gold - PRICE
            ~ temp left = gold
            ~ gold++
            {gold > 1 and shop: Rich.|Poor.}
            -> where
            === shop ===
            Shop. -> DONE
            """)
        let story = result.story
        #expect(
            story.variables.map(\.name) == ["gold", "PRICE", "mood", "mood.calm", "mood.tense", "mood.afraid", "where"])
        #expect(story.variables[0].initial == .integer(3))
        #expect(story.variables[1].isConstant)
        #expect(story.variables[2].initial == .unknown("(tense)"))
        #expect(story.variables[5].initial == .integer(5))
        let root = story.passages[0]
        #expect(root.effects.map(\.text) == ["gold = gold - PRICE", "temp left = gold", "gold++"])
        #expect(root.effects.map(\.operation) == [.set, .set, .add])
        #expect(root.effects[0].value == .binary(.subtract, .variable("gold"), .variable("PRICE")))
        // `VAR where = -> shop`, never set again: the divert goes there.
        #expect(root.choices.map(\.kind) == [.auto])
        #expect(root.choices[0].target == "shop")
        #expect(root.text == "Rich.")
        #expect(story.passage("shop")?.ending != nil)
    }

    @Test func tunnelsThreadsAndConditionalDiverts() throws {
        let result = try Self.load(
            """
            -> hub
            === hub ===
            <- chatter
            Hub. -> tune ->
            Back. {x: -> hub}
            * [Leave] -> END
            === tune ===
            A tune. ->->
            === chatter ===
            * [Chat] -> hub
            """)
        let story = result.story
        let hub = try #require(story.passage("hub"))
        #expect(hub.choices.map(\.kind) == [.include, .call])
        #expect(hub.choices.map(\.target) == ["chatter", "tune"])
        #expect(hub.choices[1].returnTo == "hub.r-0")
        let back = try #require(story.passage("hub.r-0"))
        #expect(back.text == "Back.")
        #expect(back.choices.map(\.kind) == [.auto, .choice])
        #expect(back.choices[0].condition?.description == "x")
        #expect(story.passage("tune")?.choices.map(\.kind) == [.return])
        #expect(!result.diagnostics.contains { $0.ruleID == "broken-link" })
    }

    @Test func passagesTheLoaderMadeAreFlowPoints() throws {
        let result = try Self.load(
            """
            -> inn
            === inn ===
            * [Knock] -> inn.hall
            * (peek) [Peek]
            * [Listen] Voices.
            - (wait) -> tune ->
            {x: -> END}
            -> inn.hall
            = hall
            The hall. -> END
            === tune ===
            ->->
            """)
        let story = result.story
        // '[Listen] Voices.': the text the choice prints is its passage's, on to the gather.
        #expect(story.passage("inn.c-0")?.text == "Voices.")
        #expect(story.passage("inn.c-0")?.choices.map(\.target) == ["inn.wait"])
        let points = story.passages.map { "\($0.id) \($0.isFlowPoint)" }
        #expect(
            points == [
                "(root) true", "inn false", "inn.peek true", "inn.c-0 true", "inn.wait true", "inn.r-0 true",
                "inn.end-0 true",
                "inn.hall false", "tune false",
            ])
        // Of the empty passages, only the knot the author declared with no text is asked
        // for some; 'tune' only returns, so the reader passes through it.
        let empty = Self.analyse(result).lint.findings.filter { $0.ruleID == "empty-passage" }.map {
            "\($0.location?.line ?? 0) \($0.message)"
        }
        #expect(empty == ["2 passage 'inn' has no text"])
        // A root with text is the author's passage.
        let written = try Self.load("Hello.\n* [Go] -> END\n")
        #expect(written.story.passages.map { "\($0.id) \($0.isFlowPoint)" } == ["(root) false", "(root).c-0 true"])
    }

    /// A knot given where to go on (`=== lore(-> then) ===`, called `-> lore(-> there)`),
    /// threading it and falling back to it: the shape of a glossary that returns to the
    /// conversation it was opened from.
    @Test func divertTargetParametersLeadWhereTheCallsSend() throws {
        let result = try Self.load(
            """
            -> inn
            === inn ===
            The keeper looks up.
            * [Ask about the road] -> lore(-> inn.farewell)
            = farewell
            "Safe travels."
            * [Leave] -> END
            === lore(-> then) ===
            The keeper talks of the old road.
            - (opts)
            <- then
            * [The bridge] It fell last spring. -> opts
            * [The ford] Cold, but shallow. -> opts
            * -> then
            === ledger(-> back) ===
            Figures. -> back
            === till ===
            ~ temp where = -> inn
            -> ledger(where)
            """)
        let opts = try #require(result.story.passage("lore.opts"))
        #expect(opts.choices.map(\.kind) == [.include, .choice, .choice, .choice])
        #expect(opts.choices.map(\.target) == ["inn.farewell", "lore.opts", "lore.opts", "inn.farewell"])
        #expect(opts.choices.map(\.condition) == [nil, nil, nil, nil])
        // A target passed in a temporary that holds one written target leads there.
        #expect(result.story.passage("ledger")?.choices.map { "\($0.kind) \($0.target)" } == ["auto inn"])
        let analysis = Self.analyse(result)
        #expect(analysis.reachability.trapped.isEmpty)
        #expect(analysis.graph.dynamicLinks.isEmpty)
        #expect(!analysis.lint.findings.contains { $0.ruleID == "trap" || $0.ruleID == "no-ending" })
    }

    @Test func inkErrorsAreLocated() throws {
        let result = try Self.load(
            """
            -> start
            === start ===
            Hello.
            * [Go] -> nowhere
            *
            === other ===
            Text that runs out.
            """)
        let found = result.diagnostics.filter { $0.ruleID?.hasPrefix("ink-") == true }.map {
            "\($0.location?.description ?? "-") \($0.ruleID!)"
        }
        #expect(
            result.diagnostics.contains { $0.ruleID == "broken-link" && $0.location?.description == "story.ink:4:1" })
        #expect(found.contains("story.ink:5:1 ink-empty-choice"))
        #expect(found.contains("story.ink:7:1 ink-loose-end"))
        // inklecate: "Stitch 'answer': name has already been used for a var on line 1".
        let clash = try Self.load(
            "VAR answer = 0\n-> quiz\n=== quiz ===\nWell?\n-> quiz.answer\n= answer\nRight. -> END\n")
        let clashes = clash.diagnostics.filter { $0.ruleID == "ink-name-clash" }
        #expect(
            clashes.map { "\($0.location?.description ?? "-") \($0.severity) \($0.message)" } == [
                "story.ink:6:1 error stitch 'answer': the name is already a variable's (line 1 of story.ink)"
            ])
    }

    /// Where inklecate warns of a loose end and where it does not: not after a divert
    /// that may be taken, not in a flow with nothing in it; at the last line read, a
    /// logic line too.
    @Test func looseEndsWhereInklecateFindsThem() throws {
        let result = try Self.load(
            """
            -> a
            === a ===
            {x: -> b}
            === b ===
            = empty
            TODO: later
            = talk
            * [Hi]
                ~ y = 1
            === c ===
            Text that runs out.
            {~ -> a | -> b}
            === d ===
            {x: -> a}
            And then nothing.
            === e ===
            * [One]
                {x: -> a}
            * [Two] -> a
            """)
        let found = result.diagnostics.filter { $0.ruleID == "ink-loose-end" }.map { $0.location?.line ?? 0 }
        #expect(found == [9, 15])
    }

    @Test func includesAndCycles() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("ink-include-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("parts"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "INCLUDE parts/a.ink\n-> a\n".write(
            to: folder.appendingPathComponent("main.ink"), atomically: true, encoding: .utf8)
        try "INCLUDE b.ink\n=== a ===\nA. -> b\n".write(
            to: folder.appendingPathComponent("parts/a.ink"), atomically: true, encoding: .utf8)
        try "=== b ===\nB. -> END\n".write(
            to: folder.appendingPathComponent("parts/b.ink"), atomically: true, encoding: .utf8)
        for paths in [[folder.appendingPathComponent("main.ink").path], [folder.path]] {
            let result = try StoryLoading.load(paths: paths)
            #expect(result.story.passages.map(\.id) == ["(root)", "b", "a"])
            #expect(result.story.passages[0].choices.map(\.target) == ["a"])
            #expect(Self.source(result)["files"] == 3)
            #expect(Self.analyse(result).paths.total == 1)
        }
        try "INCLUDE a.ink\n=== b ===\nB. -> END\n".write(
            to: folder.appendingPathComponent("parts/b.ink"), atomically: true, encoding: .utf8)
        let cyclic = try StoryLoading.load(paths: [folder.appendingPathComponent("main.ink").path])
        let cycle = try #require(cyclic.diagnostics.first { $0.ruleID == "ink-include-cycle" })
        #expect(cycle.severity == .error)
        #expect(cycle.location?.file.hasSuffix("parts/b.ink") == true)
        #expect(cycle.location?.line == 1)
        #expect(cycle.notes.first?.location?.file.hasSuffix("main.ink") == true)
        #expect(cycle.notes.first?.location?.line == 1)
    }

    @Test func fuzzTakesAOnceOnlyChoiceOnceAndTheFallbackLast() throws {
        let result = try Self.load(
            """
            -> hub
            === hub ===
            * [Clock] -> hub
            * [Door] -> hub
            * -> out
            === out ===
            Out. -> END
            """)
        let graph = PlayGraph(StoryGraph(result.story))
        #expect(graph.flags == [0, 1, 1, 3])
        let out = try #require(graph.graph.indexByID["out"])
        for run in 1...200 {
            let play = Playthrough(graph, seed: 7, run: run)
            #expect(play.choiceCount == 4)
            #expect(play.outcome == .ending(passage: out))
            let taken = play.steps.map(\.choice)
            #expect(Set(taken).count == taken.count)
            #expect(taken.last?.choice == 2)
        }
        let report = Fuzzer(runs: 2_000, seed: 3).run(graph)
        #expect(report.endedRuns == 2_000)
        #expect(report.stuckRuns == 0)
    }

    /// inklecate's output for a story of ours (`-> hall`, `=== hall ===` with `* [Left] ->
    /// hall`, `+ [Wait] Waiting. -> hall`, `* -> done`; `=== done ===` `Done. -> END`).
    static let compiled =
        ##"{"inkVersion":21,"root":[[{"->":"hall"},["done",{"#n":"g-0"}],null],"done",{"hall":[["^A hall.","\n","ev","str","^Left","/str","/ev",{"*":".^.c-0","flg":20},"ev","str","^Wait","/str","/ev",{"*":".^.c-1","flg":4},{"*":".^.c-2","flg":24},{"c-0":["^ ",{"->":"hall"},"\n",{"#f":5}],"c-1":["^ Waiting.","\n",{"->":"hall"},null],"c-2":[{"->":"done"},"\n",{"#f":5}]}],null],"done":["^Done. ","end","\n",null]}],"listDefs":{}}"##

    @Test func compiledInkJSON() throws {
        let result = try StoryLoading.load(sources: [SourceText(path: "hall.ink.json", text: Self.compiled)])
        let story = result.story
        #expect(story.format == "ink-json")
        #expect(story.title == "hall.ink")
        #expect(story.passages.map(\.id) == ["(root)", "hall", "hall.c-0", "hall.c-1", "hall.c-2", "done"])
        let hall = try #require(story.passage("hall"))
        #expect(hall.text == "A hall.")
        #expect(hall.choices.map(\.text) == ["Left", "Wait", ""])
        #expect(hall.choices.map(\.isOnceOnly) == [true, false, true])
        #expect(hall.choices.map(\.isFallback) == [false, false, true])
        #expect(hall.metadata["ink_path"] == "hall")
        #expect(story.passage("hall.c-1")?.text == "Waiting.")
        #expect(story.passage("done")?.ending != nil)
        // The root (no text), choices' contents: flow points; the knots: the author's.
        #expect(story.passages.map(\.isFlowPoint) == [true, false, true, true, true, false])
        #expect(hall.location?.description == "hall.ink.json:1:84")
        #expect(Self.analyse(result).paths.total == 1)
    }

    @Test func authorNotesStrayBracesAndAChoiceOnAGather() throws {
        let result = try Self.load(
            """
            Start.
            TODO: write the middle
            * [One]
            - * [Two] -> END
            }
            """)
        #expect(result.story.passages.map(\.id) == ["(root)", "(root).g-0", "(root).c-0"])
        #expect(result.story.passages[2].ending != nil)
        #expect(result.story.passages[0].text == "Start.")
        #expect(result.story.passages[1].choices.map(\.text) == ["Two"])
        #expect(Self.source(result)["words"] == 3)
        #expect(Self.source(result)["gathers"] == 1)
        #expect(Self.source(result)["choices"] == 2)
        let rules = result.diagnostics.compactMap { d in d.ruleID.map { "\(d.location!.line) \($0)" } }.filter {
            $0.contains("ink-")
        }
        #expect(rules == ["2 ink-todo", "5 ink-stray-brace"])
    }

    @Test func multiLineBlocksCarryTheirConditions() throws {
        let result = try Self.load(
            """
            -> k
            === k ===
            {
            - x > 1: -> a
            - else: -> b
            }
            Never here.
            === a ===
            A. -> END
            === b ===
            { mood:
            - 1: * [Calm] -> a
            - 2: * [Tense] -> a
            }
            -> a
            """)
        let k = try #require(result.story.passage("k"))
        #expect(k.choices.map(\.target) == ["a", "b"])
        #expect(k.choices.map { $0.condition?.description ?? "" } == ["x > 1", "not (x > 1)"])
        // Every branch diverts: what follows the block is unreachable.
        #expect(result.story.passage("k.g-0")?.text == "Never here.")
        let b = try #require(result.story.passage("b"))
        // The flow goes on after the block in the passage that offers its choices.
        #expect(b.choices.map(\.text) == ["Calm", "Tense", ""])
        #expect(b.choices.map(\.kind) == [.choice, .choice, .auto])
        #expect(b.choices.map { $0.condition?.description ?? "" } == ["mood == 1", "mood == 2", ""])
        #expect(b.choices[0].condition?.expression == .binary(.equal, .variable("mood"), .integer(1)))
    }

    /// A branch with choices, then an `- else:` branch of text only, then a choice after
    /// the block: every branch's flow is the passage's, as in The Intercept's cell.
    @Test func aBranchAfterOneWithChoicesGoesOnInTheSamePassage() throws {
        let result = try Self.load(
            """
            -> cell
            === cell
            The bolt slides home.
            { tools == 0 :
                There is nothing to work with.
                * [Rattle the bars] -> yard
            - else:
                The file is still in my boot.
            }
            * [Sleep] -> yard
            === yard
            Morning. -> END
            """)
        // The branch's divert carries its condition, so the choice's content is a passage.
        #expect(result.story.passages.map(\.id) == ["(root)", "cell", "cell.c-0", "yard"])
        let cell = try #require(result.story.passage("cell"))
        #expect(cell.text == "The bolt slides home.\nThere is nothing to work with.\nThe file is still in my boot.")
        #expect(cell.choices.map(\.text) == ["Rattle the bars", "Sleep"])
        #expect(cell.choices.map { $0.condition?.description ?? "" } == ["tools == 0", ""])
        #expect(!result.diagnostics.contains { $0.ruleID == "ink-loose-end" })
        let analysis = Self.analyse(result)
        #expect(analysis.paths.total == 2)
        #expect(analysis.reachability.unreachable.isEmpty)
    }

    /// ink runs a passage in order and leaves at the first divert whose test holds: a
    /// chain's second branch is taken only when the first test fails, and the flow goes on
    /// past the block only when no branch that diverts was taken. Played with `gold = 3`
    /// the runtime goes to the market by itself, with no menu.
    @Test func theFlowGoesOnPastAConditionalDivertOnlyWhenNoBranchLeft() throws {
        let result = try Self.load(
            """
            VAR gold = 3
            -> hall
            === hall
            {
              - gold > 5: -> shop
              - gold > 2: -> market
              - else: Nothing to buy.
            }
            - (on) You walk on.
            -> END
            === shop
            A shop. -> END
            === market
            A market. -> END
            """)
        let hall = try #require(result.story.passage("hall"))
        #expect(hall.choices.map(\.target) == ["shop", "market", "hall.on"])
        #expect(
            hall.choices.map { $0.condition?.description ?? "" } == [
                "gold > 5", "gold > 2", "not (gold > 5) and not (not (gold > 5) and gold > 2)",
            ])
        let play = PlayGraph(StoryGraph(result.story))
        var session = PlaySession(play, evaluatingConditions: true)
        let entered = session.followAutomatic().map { result.story.passages[session.passage(of: $0)].id }
        #expect(entered == ["hall", "market"])
        #expect(session.state == .ending)
    }

    /// A tunnel then a divert inside a conditional (`{ not signed: -> sign -> desk }`), as
    /// in The Intercept's `start.waited`: the branch goes on from the tunnel's return
    /// point to the desk, not tested again (ink tests a branch once, on entering it; by
    /// the return `signed` has been visited); the flow goes on after the block only when
    /// the branch was not taken (inkjs plays it so).
    @Test func aTunnelInsideABlockDoesNotCutOffWhatFollows() throws {
        let result = try Self.load(
            """
            -> hall
            === hall
            The clerk waits.
            { not signed:
                -> sign -> desk
            }
            - (on) You go on.
            -> END
            === sign
            You sign. ->->
            === desk
            The desk. -> END
            """)
        let hall = try #require(result.story.passage("hall"))
        #expect(hall.choices.map(\.kind) == [.call, .auto])
        #expect(hall.choices.map(\.target) == ["sign", "hall.on"])
        #expect(hall.choices.map { $0.condition?.description ?? "" } == ["not signed", "not (not signed)"])
        let back = try #require(result.story.passage("hall.r-0"))
        #expect(back.choices.map(\.target) == ["desk"])
        #expect(back.choices.map(\.condition) == [nil])
        let analysis = Self.analyse(result)
        #expect(analysis.reachability.unreachable.isEmpty)
        // The branch taken (signed, to the desk) or not (on): 2.
        #expect(analysis.paths.total == 2)
    }

    /// An if/else whose branches each call a tunnel (`{ - polite: -> warm -> - else: ->
    /// cold -> }`), both of which call one more tunnel with a once-only choice, as in
    /// murder_at_m_hotel's chapter 2: each branch's return point goes on after the block,
    /// not to the next branch's test, so no reader calls both (and finds the once-only
    /// choice spent).
    @Test func tunnelsInEveryBranchOfABlockMeetAfterIt() throws {
        let result = try Self.load(
            """
            VAR polite = true
            The clerk looks up.
            * [Smile]
            * [Frown]
                ~ polite = false
            -
            {
                - polite:
                    -> warm ->
                - else:
                    -> cold ->
            }
            The clerk goes back to work.
            -> END
            == warm
            "Welcome back." -> stamp ->
            ->->
            == cold
            "Next." -> stamp ->
            ->->
            == stamp
            The stamp comes down.
            * "Thanks."
            - ->->
            """)
        #expect(!result.hasErrors)
        let story = result.story
        let gather = try #require(story.passage("(root).g-0"))
        #expect(gather.choices.map(\.kind) == [.call, .call])
        #expect(gather.choices.map(\.target) == ["warm", "cold"])
        #expect(gather.choices.map { $0.condition?.description ?? "" } == ["polite", "not (polite)"])
        #expect(gather.choices.map(\.returnTo) == ["(root).r-0", "(root).r-1"])
        for back in ["(root).r-0", "(root).r-1"] {
            #expect(try #require(story.passage(back)).choices.map(\.target) == ["(root).r-2"])
        }
        let after = try #require(story.passage("(root).r-2"))
        #expect(after.text == "The clerk goes back to work.")
        #expect(after.ending != nil)
        let analysis = Self.analyse(result)
        #expect(analysis.reachability.unreachable.isEmpty)
        #expect(analysis.reachability.trapped.isEmpty)
        // Smile or frown × the warm or the cold welcome: 4.
        #expect(analysis.paths.total == 4)
        let report = Fuzzer(runs: 1_000, seed: 1).run(PlayGraph(StoryGraph(result.story)))
        #expect(report.endedRuns == 1_000)
        #expect(report.stuckRuns == 0)
    }

    /// `{a || b: text}` is a conditional (its first `|` is the expression's, not a
    /// sequence's), and `- else` with no colon is ink's branch with no condition whose
    /// word is text (inklecate prints "else"), as in murder_at_m_hotel's files. inklecate
    /// -s counts 8 words here.
    @Test func anOrConditionAndAnElseWithNoColon() throws {
        let result = try Self.load(
            """
            VAR met = false
            VAR late = true
            {met || late: You nod.|You wave.}
            {
                - met:
                    Hello again.
                - else
                    Hello.
            }
            -> END
            """)
        #expect(Self.source(result)["words"] == 8)
        let root = try #require(result.story.passage("(root)"))
        #expect(root.text.contains("else"))
        #expect(!root.text.contains("||"))
    }

    /// A flow whose last line is a `TODO:` is no loose end to inklecate (El-Hilo's
    /// `guayanfanta1`), though a line after the TODO is (inklecate warns at line 8 here).
    @Test func aTodoLastIsNoLooseEnd() throws {
        let result = try Self.load(
            """
            -> pier
            === pier ===
            The pier.
            + [Fish]
                TODO: write the fishing
            * [Swim]
                TODO: write the swim
                You swim.
            + [Leave]
                -> END
            """)
        let looseEnds = result.diagnostics.filter { $0.ruleID == "ink-loose-end" }
        #expect(looseEnds.map { $0.location?.line } == [8])
        #expect(result.diagnostics.filter { $0.ruleID == "ink-todo" }.count == 2)
    }

    @Test func theExampleStory() throws {
        let result = try StoryLoading.load(paths: ["Examples/ferry.ink"])
        let story = result.story
        #expect(story.passages.count == 21)
        #expect(story.passages.reduce(0) { $0 + $1.choices.count } == 29)
        // inklecate -s prints the same for this story.
        #expect(
            Self.source(result) == [
                "words": 168, "knots": 6, "stitches": 2, "functions": 1, "choices": 16, "gathers": 3, "diverts": 16,
                "files": 2,
            ])
        #expect(!result.hasErrors)
        let analysis = Self.analyse(result)
        // Three ways aboard × three to the crossing (the bow, or the mast and the lantern
        // lit or left, the tunnel returning) × three to the far shore ('Look ahead' goes
        // to `next_stop`, which only ever holds `-> far_shore`), and walking home: 28.
        #expect(analysis.paths.total == 28)
        #expect(analysis.structure.endings == 2)
        // The tunnel to 'lantern' returns to dock.r-0: the call is followed, nothing is cut off.
        #expect(analysis.reachability.unreachable.isEmpty)
        #expect(analysis.reachability.trapped.isEmpty)
    }
}

/// Computed flow in ink (issue 26): divert variables, targets passed as arguments and to
/// threads, resolved by constant propagation; the same story compiled by ink's compiler
/// (`Tests/Fixtures/ink-flow/*.ink.json`, inkjs 2.x, inkVersion 21) reads the same.
@Suite struct InkComputedFlowTests {
    static func fixture(_ name: String, in folder: String = "ink-flow") throws -> SourceText {
        var url = URL(fileURLWithPath: #filePath)
        while url.path != "/" && !FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) {
            url.deleteLastPathComponent()
        }
        let file = url.appendingPathComponent("Tests/Fixtures/" + folder + "/" + name)
        return try SourceText(path: name, data: Data(contentsOf: file))
    }

    static func figures(_ result: LoadResult) -> [String] {
        let analysis = Load.analysis(result, budget: .unlimited)
        let dynamic = analysis.graph.dynamicLinks.map {
            analysis.graph.ids[$0.passage] + " -> " + result.story.passages[$0.passage].choices[$0.choice].target
        }
        return [
            "passages \(result.story.passages.count)",
            "reachable \(analysis.reachability.reachable.filter { $0 }.count)",
            "endings \(analysis.reachability.reachableEndings.map { analysis.graph.ids[$0] })",
            "paths \(analysis.paths.total)",
            "unreachable \(analysis.reachability.unreachable.count)",
            "trapped \(analysis.reachability.trapped.count)",
            "dynamic \(dynamic)",
        ]
    }

    /// `VAR next = -> cellar` / `~ next = -> attic` then `-> next`; a tunnel given a knot
    /// (`-> list_choices(-> pick, 2) ->`) that diverts to its parameter; a thread given one
    /// (`<- offer(-> garden)`); a temporary passed on (`-> wander(dest)`); and one that
    /// cannot be known (a function's result), left a dynamic link and told.
    @Test func divertVariablesInTheSource() throws {
        let result = try StoryLoading.load(sources: [try Self.fixture("divert-variables.ink")])
        #expect(
            Self.figures(result) == [
                "passages 17", "reachable 17", "endings [\"cellar\", \"attic\", \"offer_room.c-0\", \"garden\"]",
                "paths 7", "unreachable 0", "trapped 0", "dynamic [\"hall.c-2 -> route\"]",
            ])
        // Two values: one choice, then a step to each on the variable's value.
        let hall = try #require(result.story.passage("hall"))
        #expect(hall.choices.map(\.target) == ["hall.-> next", "hall.c-0", "hall.c-1", "market", "hall.c-2"])
        #expect(
            result.story.passage("hall.-> next")?.choices.map { "\($0.target) \($0.condition?.description ?? "")" } == [
                "attic next == -> attic", "cellar next == -> cellar",
            ])
        #expect(result.story.passage("list_choices")?.choices.map(\.target) == ["pick"])
        #expect(result.story.passage("offer")?.choices.map(\.target) == ["garden"])
        #expect(result.story.passage("wander")?.choices.map(\.target) == ["cellar"])
        #expect(
            result.diagnostics.map { "\($0.location?.line ?? 0) \($0.ruleID ?? "")" } == ["18 ink-computed-divert"])
        // Read by diverts, arguments and expressions (`either`'s `a` and `b`, `{n}`): no
        // variable is claimed never read.
        #expect(result.story.readElsewhere == ["a", "b", "dest", "n", "next", "place", "route", "then", "where"])
        let analysis = Load.analysis(result, budget: .unlimited)
        #expect(!analysis.lint.findings.contains { $0.ruleID == "variable-never-read" })
        // The state search follows `next` exactly: 'Go on' leads to the cellar only.
        #expect(analysis.state?.computedLinks.count == 1)
    }

    @Test func divertVariablesCompiled() throws {
        let compiled = try Self.fixture("divert-variables.ink.json")
        let result = try StoryLoading.load(sources: [compiled])
        #expect(result.story.format == "ink-json")
        #expect(
            Self.figures(result) == [
                "passages 19", "reachable 19", "endings [\"cellar\", \"attic\", \"offer_room.c-0\", \"garden\"]",
                "paths 7", "unreachable 0", "trapped 0", "dynamic [\"hall.c-4 -> route\"]",
            ])
        // inky's web export: the same JSON assigned in a script.
        let script = try SourceText(
            path: "story.js", data: Data(("var storyContent = \u{FEFF}" + compiled.text + ";\n").utf8))
        let wrapped = try StoryLoading.load(sources: [script])
        #expect(wrapped.story.format == "ink-json")
        #expect(Self.figures(wrapped) == Self.figures(result))
    }

    /// Choices whose text is shared with their output (`* Pay the ferryman`, compiled with
    /// `$r` and `{"->": "$r", "var": true}`), a sequence and a switch (`"du"` and
    /// conditional diverts to branches of text that come back, read as text as in the
    /// source), a tunnel and a thread: before, 14 of 20 passages were read unreachable, 6
    /// trapped, and no path found; now the paths and the ending are the source's.
    @Test func sharedChoiceTextSequencesAndTunnelsCompiled() throws {
        let result = try StoryLoading.load(sources: [try Self.fixture("shared-text.ink.json")])
        #expect(
            Self.figures(result) == [
                "passages 15", "reachable 15", "endings [\"far_shore\"]", "paths 3", "unreachable 0", "trapped 0",
                "dynamic []",
            ])
        let source = try StoryLoading.load(sources: [try Self.fixture("shared-text.ink")])
        #expect(
            Self.figures(source) == [
                "passages 10", "reachable 10", "endings [\"far_shore\"]", "paths 3", "unreachable 0", "trapped 0",
                "dynamic []",
            ])
        #expect(
            result.story.passages.first { $0.choices.count == 3 }?.choices.map(\.text) == [
                "Pay the ferryman", "Swim across", "Wait a while",
            ])
    }

    /// A stitch before the first knot belongs to the story's top level (found on a real
    /// story, jabdownsmash/hybrid, refused before with "stitch outside any knot"): ink
    /// compiles it to a container of the root named by its name alone, and `-> lane` from
    /// the top and from a knot reach it, in the source and in its compiled JSON alike.
    @Test(arguments: [
        (
            "top-level-stitch.ink",
            ["passages 5", "reachable 5", "endings [\"dream.c-0\", \"home\"]", "paths 3", "unreachable 0"]
        ),
        // The compiled root keeps a gather after its choices that both divert away from:
        // reached by nothing, and told so (true).
        (
            "top-level-stitch.ink.json",
            ["passages 9", "reachable 8", "endings [\"dream.c-1\", \"home\"]", "paths 3", "unreachable 1"]
        ),
    ])
    func aStitchBeforeTheFirstKnot(file: String, expected: [String]) throws {
        let result = try StoryLoading.load(sources: [try Self.fixture(file)])
        #expect(result.diagnostics.filter { $0.severity == .error }.isEmpty)
        #expect(Array(Self.figures(result).prefix(5)) == expected)
        #expect(result.story.passages.map(\.id).contains("lane"))
    }

    /// Knots with no content before their first stitch (trial 26, finding 9). ink compiles
    /// such a knot's start to a divert into its first stitch; `-> errands.market` enters the
    /// stitch directly and never runs that start. Nothing names 'errands' itself, so its
    /// start is no passage (no "cannot be reached" for a knot whose stitches run); 'home'
    /// is diverted to by name and runs into 'home.door'; 'attic' is entered by nothing,
    /// and its stitch is told unreachable (true).
    @Test func knotEnteredOnlyAtItsStitches() throws {
        let result = try StoryLoading.load(sources: [try Self.fixture("knot-entered-at-stitch.ink")])
        #expect(
            Self.figures(result) == [
                "passages 8", "reachable 7", "endings [\"home.door.c-0\", \"walk\"]", "paths 4", "unreachable 1",
                "trapped 0", "dynamic []",
            ])
        #expect(
            result.story.passages.map(\.id) == [
                "(root)", "errands.market", "errands.bakery", "home", "home.door", "home.door.c-0", "walk", "attic.dust",
            ])
        #expect(
            Load.analysis(result, budget: .unlimited).lint.findings.map(\.description) == [
                "knot-entered-at-stitch.ink:28:1: warning: ending 'attic.dust' cannot be reached from the start '(root)' [unreachable-ending]"
            ])
        // Compiled by ink's compiler (inkjs 2.x): 'errands' and 'attic' are each a divert
        // into their first stitch; the same claims, the same 4 paths.
        let compiled = try StoryLoading.load(sources: [try Self.fixture("knot-entered-at-stitch.ink.json")])
        // (The choices' own containers are passages there.)
        #expect(
            compiled.story.passages.map(\.id) == [
                "(root)", "errands.market", "errands.market.c-0", "errands.market.c-1", "errands.bakery", "home",
                "home.door", "home.door.c-0", "home.door.c-1", "walk", "attic.dust",
            ])
        #expect(
            Self.figures(compiled) == [
                "passages 11", "reachable 10", "endings [\"home.door.c-0\", \"walk\"]", "paths 4", "unreachable 1",
                "trapped 0", "dynamic []",
            ])
        #expect(
            Load.analysis(compiled, budget: .unlimited).lint.findings.map(\.description) == [
                "knot-entered-at-stitch.ink.json:1:796: warning: ending 'attic.dust' cannot be reached from the start '(root)' [unreachable-ending]"
            ])
    }

    /// ink counts a knot visited when the flow enters it at a stitch (inkjs: `-> K.s` then
    /// `{K}` shows 1), which the knot's own passage does not: its read count is unknown
    /// there, so no "never holds" rests on it (it held: 'Again' is offered).
    @Test func readCountOfAKnotEnteredAtAStitchIsNotClaimed() throws {
        let result = try Load.text(
            "-> K.s\n=== K ===\n= s\nHi.\n* {K > 0} [Again] -> END\n* [Stop] -> END\n", path: "k.ink")
        #expect(result.story.passages.map(\.id) == ["(root)", "K.s", "K.s.c-0", "K.s.c-1"])
        let analysis = Load.analysis(result, budget: .unlimited)
        #expect(analysis.paths.total == 2)
        #expect(analysis.lint.findings.map(\.description) == [])
    }
}
