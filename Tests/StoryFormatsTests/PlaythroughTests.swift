import Foundation
import StoryFormats
import TestSupport
import Testing

@testable import StoryGraph

/// Stories for the playthrough tests, and one generated "harbour-sized" story.
enum PlayFixtures {
    static func graph(_ json: String) throws -> StoryGraph {
        StoryGraph(try Load.text(json, path: "t.json").story)
    }

    static func play(_ json: String) throws -> PlayGraph { PlayGraph(try graph(json)) }

    /// The path of a file in `Examples/`.
    static func example(_ name: String) -> String {
        Repository.path("Examples/\(name)")
    }

    static let brokenLink = """
        {"start": "a", "passages": [
          {"id": "a", "choices": [{"text": "ok", "to": "end"}, {"text": "oops", "to": "nowhere"}]},
          {"id": "end", "ending": true}
        ]}
        """

    /// The JSON format has no dynamic links: built in code.
    static let dynamicLink = PlayGraph(
        StoryGraph(
            Story(
                title: "dynamic", start: "a",
                passages: [
                    Passage(
                        id: "a",
                        choices: [
                            Choice(text: "ok", target: "end"), Choice(text: "jump", target: "$next", kind: .dynamic),
                        ]),
                    Passage(id: "end", ending: .init()),
                ], format: "test")))

    /// 43 passages in 8 chapters. Each chapter's hub offers left / right / wait: left may
    /// end the story badly, wait merges into right, and chapter 4's wait can go back to
    /// chapter 2 (a leavable cycle). The last hub has a good and a neutral ending.
    static func harbourSized() -> Story {
        var passages: [Passage] = []
        let chapters = 8
        for k in 0..<chapters {
            let next = "hub\(k + 1)"
            passages.append(
                Passage(
                    id: "hub\(k)", text: "Chapter \(k).",
                    choices: [
                        Choice(text: "left", target: "left\(k)"), Choice(text: "right", target: "right\(k)"),
                        Choice(text: "wait", target: "wait\(k)"),
                    ]))
            passages.append(
                Passage(
                    id: "left\(k)", text: "Left \(k).",
                    choices: [
                        Choice(text: "on", target: next), Choice(text: "fall", target: "end\(k)"),
                    ]))
            passages.append(Passage(id: "right\(k)", text: "Right \(k).", choices: [Choice(text: "on", target: next)]))
            var wait = [Choice(text: "on", target: next), Choice(text: "join the right", target: "right\(k)")]
            if k == 4 { wait.append(Choice(text: "go back", target: "hub2")) }
            passages.append(Passage(id: "wait\(k)", text: "Wait \(k).", choices: wait))
            passages.append(Passage(id: "end\(k)", text: "A fall in chapter \(k).", ending: .init(kind: "bad")))
        }
        passages.append(
            Passage(
                id: "hub\(chapters)", text: "The harbour.",
                choices: [
                    Choice(text: "sail", target: "good"), Choice(text: "stay", target: "neutral"),
                ]))
        passages.append(Passage(id: "good", text: "You sail.", ending: .init(kind: "good")))
        passages.append(Passage(id: "neutral", text: "You stay.", ending: .init(kind: "neutral")))
        return Story(title: "harbour-sized", start: "hub0", passages: passages, format: "test")
    }
}

@Suite struct PlaythroughTests {
    @Test func slotsAreTheChoicesTheOddsCount() throws {
        let play = try PlayFixtures.play(OddsTests.destini)
        // 3 passages × 2 choices; endings have no slots (their restarts are not picked).
        #expect(play.slotCount == 6)
        #expect(play.offsets == [0, 2, 4, 6, 6, 6, 6])
        #expect(play.targets == [2, 1, 2, 3, 5, 4])
        let broken = try PlayFixtures.play(PlayFixtures.brokenLink)
        #expect(broken.targets == [1, PlayGraph.brokenTarget])
        let dynamic = PlayFixtures.dynamicLink
        #expect(dynamic.targets == [1, PlayGraph.dynamicTarget])
    }

    @Test func runFollowsTheGeneratorsDraws() throws {
        let play = try PlayFixtures.play(OddsTests.destini)
        // Run 17 of seed 42: its generator's first draws in 0..<2 pick the slots.
        var rng = Xoshiro256StarStar(seed: 42, run: 17)
        let first = Int(rng.bounded(2))
        let second = Int(rng.bounded(2))
        let run = Playthrough(play, seed: 42, run: 17)
        let afterFirst = Int(play.targets[first])
        #expect(run.steps[0].choice == ChoiceRef(passage: 0, choice: first))
        #expect(run.steps[1].passage == afterFirst)
        #expect(run.steps[1].choice == ChoiceRef(passage: afterFirst, choice: second))
        #expect(run.run == 17)
    }

    @Test func seededDefaultIsRunOne() throws {
        let play = try PlayFixtures.play(OddsTests.destini)
        #expect(Playthrough(play, seed: 5) == Playthrough(play, seed: 5, run: 1))
        var rng = Xoshiro256StarStar(seed: 5, run: 1)
        let withGenerator = Playthrough(play, using: &rng)
        #expect(withGenerator.steps == Playthrough(play, seed: 5).steps)
        #expect(withGenerator.outcome == Playthrough(play, seed: 5).outcome)
    }

    @Test func brokenLinkStopsTheRunWithTheChoice() throws {
        let play = try PlayFixtures.play(PlayFixtures.brokenLink)
        let outcomes = Set((1...50).map { Playthrough(play, seed: 3, run: $0).outcome })
        #expect(outcomes == [.ending(passage: 1), .brokenLink(ChoiceRef(passage: 0, choice: 1))])
    }

    @Test func dynamicLinkIsAFailure() throws {
        let play = PlayFixtures.dynamicLink
        let outcomes = Set((1...50).map { Playthrough(play, seed: 3, run: $0).outcome })
        #expect(outcomes == [.ending(passage: 1), .dynamicLink(ChoiceRef(passage: 0, choice: 1))])
    }

    @Test func neverEndingRunStopsAtTheCap() throws {
        let graph = try StoryLoading.load(paths: [PlayFixtures.example("carousel.json")]).story
        let play = PlayGraph(StoryGraph(graph))
        let run = Playthrough(play, seed: 1, run: 1, maxSteps: 25)
        #expect(run.choiceCount == 25)
        guard case .stuck = run.outcome else {
            Issue.record("expected a stuck run, got \(run.outcome)")
            return
        }
    }

    @Test func freshRunTakesEveryChoiceOfALoopBeforeRepeating() throws {
        // a: loop (back to a) ×3 or leave to the end; with fresh, a run never repeats a
        // choice while it has another untaken, even once its block has taken them all.
        let play = try PlayFixtures.play(
            """
            {"start": "a", "passages": [
              {"id": "a", "choices": [{"text": "x", "to": "a"}, {"text": "y", "to": "a"}, {"text": "z", "to": "a"}, {"text": "out", "to": "end"}]},
              {"id": "end", "ending": true}
            ]}
            """)
        for run in 1...40 {
            let steps = Playthrough(play, seed: 8, run: run, policy: .fresh).steps.map(\.choice.choice)
            #expect(Set(steps).count == steps.count, "run \(run) repeated a choice: \(steps)")
        }
    }

    @Test func aRunWithNoChoiceLeftIsStuckBeforeTheCapAndSaysSo() {
        // "hall" offers one once-only choice to "yard", which leads back: the second time
        // in the hall nothing can be taken.
        var once = Choice(text: "Out", target: "yard")
        once.isOnceOnly = true
        let story = Story(
            title: "once", start: "hall",
            passages: [
                Passage(id: "hall", text: "A hall.", choices: [once]),
                Passage(id: "yard", text: "A yard.", choices: [Choice(text: "Back", target: "hall")]),
                Passage(id: "end", text: "Never reached."),
            ], format: "test")
        let play = PlayGraph(StoryGraph(story))
        let run = Playthrough(play, seed: 1, run: 1)
        #expect(run.outcome == .stuck(passage: 0))
        #expect(run.steps.count == 2)
        #expect(run.isOutOfChoices)
        #expect(
            Transcript(run, of: play, seed: 1).text().hasSuffix(
                "3. [hall] A hall.\n   ✗ stuck after 2 choices: no choice here can be taken (the once-only ones are used up and there is no fallback)\n"
            ))
        let capped = Playthrough(play, seed: 1, run: 1, maxSteps: 1)
        #expect(capped.outcome == .stuck(passage: 1))
        #expect(!capped.isOutOfChoices)
    }

    @Test func aOnceOnlyChoiceOfACalleeTakenInOneCopyIsUsedUpInTheOthersInReplaysToo() {
        // "t" is called twice; its once-only choice "x" can be taken on the first call
        // only, so the second call must take "y". Fuzz and replay agree run by run.
        var x = Choice(text: "x", target: "t2")
        x.isOnceOnly = true
        let story = Story(
            title: "calls", start: "a",
            passages: [
                Passage(id: "a", text: "a", choices: [Choice(text: "", target: "t", kind: .call, returnTo: "b")]),
                Passage(id: "b", text: "b", choices: [Choice(text: "", target: "t", kind: .call, returnTo: "end")]),
                Passage(id: "t", text: "t", choices: [x, Choice(text: "y", target: "t2")]),
                Passage(id: "t2", text: "t2", choices: [Choice(text: "", target: "", kind: .return)]),
                Passage(id: "end", text: "end"),
            ], format: "test")
        let play = PlayGraph(StoryGraph(story))
        for run in 1...30 {
            let picked = Playthrough(play, seed: 5, run: run).steps.map {
                story.passages[$0.choice.passage].choices[$0.choice.choice].text
            }
            .filter { $0 == "x" || $0 == "y" }
            #expect(picked.count == 2)
            #expect(picked.count { $0 == "x" } <= 1, "run \(run): \(picked)")
        }
        let report = Fuzzer(runs: 200, seed: 5, jobs: 1).run(play)
        #expect(report.stuckRuns == 0)
        #expect(report.endingRuns[4] == 200)
    }

    @Test func transcriptTellsTheRun() throws {
        let play = try PlayFixtures.play(PlayFixtures.brokenLink)
        let run = (1...50).lazy.map { Playthrough(play, seed: 3, run: $0) }.first { $0.outcome.isFailure }!
        let text = Transcript(run, of: play, seed: 3).text()
        #expect(text.hasPrefix("Run \(run.run!) of seed 3 (uniform policy), 't'\n\n1. [a] (no text)\n   → oops\n"))
        #expect(text.hasSuffix("   ✗ broken link after 1 choice: no passage named 'nowhere' (t.json:2:56)\n"))
    }
}
