import Foundation
import StoryFormats
import Testing

@testable import StoryGraph

/// `PlaySession` walks the `PlayGraph` by the fuzzer's rules: every step of every fuzz run
/// is a choice the session offers, and the run's outcome is the session's state after it.
@Suite struct PlaySessionTests {
    static let examples = [
        "lighthouse.json", "clockwork-sugarcube.twee", "clockwork.html", "ferry.ink", "orchard.yarn", "lamplighter",
        "StoryBrain.swift", "Mission.m", "salt-road.yaml", "harbour.json", "carousel.json",
    ]

    /// Under `state` the session plays the variables too (and `back()` rebuilds them).
    @Test(arguments: examples, [PlayPolicy.uniform, .fresh, .state])
    func everyFuzzRunReplaysInASession(_ example: String, policy: PlayPolicy) throws {
        let play = PlayGraph(StoryGraph(try StoryLoading.load(paths: [PlayFixtures.example(example)]).story))
        for run in 1...200 {
            let playthrough = Playthrough(play, seed: 7, run: run, policy: policy, maxSteps: 60)
            var session = PlaySession(play, evaluatingConditions: policy == .state)
            for step in playthrough.steps {
                let slot = try #require(session.offeredSlot(for: step.choice), "run \(run), step at \(step.passage)")
                session.take(slot, automatic: session.goesOnByItself)
            }
            switch playthrough.outcome {
            case .ending(let v):
                #expect(session.state == .ending && session.passage(of: session.node) == v)
            case .stuck(let v):
                #expect(session.passage(of: session.node) == v)
                #expect(session.state == (playthrough.isOutOfChoices ? .outOfChoices : .choosing))
            case .brokenLink(let ref):
                #expect(session.failedSlot.map { play.refs[$0] } == ref)
                if case .brokenLink = session.state {} else { Issue.record("run \(run): \(session.state)") }
            case .dynamicLink(let ref):
                #expect(session.failedSlot.map { play.refs[$0] } == ref)
                if case .dynamicLink = session.state {} else { Issue.record("run \(run): \(session.state)") }
            }
            // Back undoes every choice the reader made, to the first place the reader chooses
            // (past the story's own jumps from the start, which stay).
            while session.back() {}
            var fresh = PlaySession(play, evaluatingConditions: policy == .state)
            fresh.followAutomatic()
            #expect(session.node == fresh.node && session.failedSlot == nil)
            #expect(session.reader?.values == fresh.reader?.values)
            #expect(session.steps.allSatisfy { $0.isAutomatic })
        }
    }

    /// A once-only choice is offered until taken, again after going back; a fallback only
    /// when nothing else is left.
    @Test func onceOnlyAndFallback() throws {
        var hub = Passage(id: "hub", text: "Hub")
        var look = Choice(text: "Look", target: "hub")
        look.isOnceOnly = true
        var leave = Choice(text: "", target: "out")
        leave.isFallback = true
        hub.choices = [look, leave]
        let story = Story(title: "", start: "hub", passages: [hub, Passage(id: "out", text: "Out")], format: "test")
        let play = PlayGraph(StoryGraph(story))
        var session = PlaySession(play)
        #expect(session.offered.map { session.choice($0).text } == ["Look"])
        #expect(!session.goesOnByItself && !session.canGoBack)
        session.take(session.offered[0])
        #expect(session.node == 0 && session.goesOnByItself)
        let entered = session.followAutomatic()
        #expect(entered == [1])
        #expect(session.state == .ending)
        let wentBack = session.back()
        #expect(wentBack)
        #expect(session.node == 0 && session.steps.isEmpty)
        #expect(session.offered.map { session.choice($0).text } == ["Look"])
        session.take(session.offered[0])
        session.restart()
        #expect(session.offered.map { session.choice($0).text } == ["Look"] && session.steps.isEmpty)
    }
}
