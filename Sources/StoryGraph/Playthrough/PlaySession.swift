/// A reader playing a story by hand (`storygraph play`): where the reader is, the choices
/// offered there, and the way taken so far, with back (undo) and restart.
///
/// It walks the same `PlayGraph` as the fuzzer, by the same rules: a passage offers its
/// slots, once-only choices this way has taken already are not offered again, a fallback
/// only when nothing else is, and a passage with no slots is an ending. So a fuzz run
/// (`Playthrough`) can be replayed into a session step by step and played on from where it
/// stopped.
///
/// Choices the reader does not click (an automatic jump, a call or a return, a choice with
/// no text such as ink's fallback) are *automatic*: when one is the only choice offered
/// and has no condition (or, with conditions evaluated, one that holds),
/// `followAutomatic()` takes it, as the story would.
package struct PlaySession: Sendable {
    /// Where the session stands.
    package enum State: Sendable, Hashable {
        /// The passage offers choices (`offered`).
        case choosing
        /// The passage is an ending.
        case ending
        /// The passage is not an ending but offers nothing: its once-only choices are used
        /// up and it has no fallback left.
        case outOfChoices
        /// The reader took this slot, whose target does not exist.
        case brokenLink(slot: Int)
        /// The reader took this slot, whose target is computed when the story runs.
        case dynamicLink(slot: Int)
    }

    /// One choice taken: the slot, at the node the reader was at.
    package struct Step: Sendable, Hashable {
        package var node: Int
        package var slot: Int
        /// Taken by `followAutomatic()`, not picked by the reader.
        package var isAutomatic: Bool
    }

    package let graph: PlayGraph
    /// The node play began at (the start, or `--from`); `restart()` goes back to it.
    package let origin: Int
    /// The node the reader is at (the one a failed step left from).
    package private(set) var node: Int
    package private(set) var steps: [Step] = []
    /// The broken or dynamic slot the last step took, if it did.
    package private(set) var failedSlot: Int?
    /// How many times this way took each choice (by `PlayGraph.choiceSlot`).
    private var taken: [Int32: Int] = [:]
    /// With conditions evaluated: the reader's state after the steps taken (always
    /// rebuilt from `steps` by `back()` and `restart()`, so never stale).
    package private(set) var reader: ReaderState?

    /// A session at `origin` (a node of `graph`; the start by default). With
    /// `evaluatingConditions`, the story's variables are played too (`ReaderState`): a
    /// choice is offered when its condition holds or cannot be decided, effects apply
    /// on each step, as `PlayPolicy.state` plays.
    package init(_ graph: PlayGraph, from origin: Int? = nil, evaluatingConditions: Bool = false) {
        self.graph = graph
        self.origin = origin ?? graph.start
        node = self.origin
        if evaluatingConditions {
            var reader = ReaderState(graph)
            reader.begin(at: self.origin)
            self.reader = reader
        }
    }

    /// With conditions evaluated: the slots of the current node whose condition is false
    /// here (not a once-only choice used up), in order; they are shown and not offered.
    ///
    /// - Complexity: O(slots of the node × size of their conditions).
    package var locked: [Int] {
        guard var reader, failedSlot == nil else { return [] }
        var offered: [Int] = []
        var truths: [Truth] = []
        reader.offer(at: node, into: &offered, truths: &truths)
        let lo = Int(graph.offsets[node])
        return truths.indices.compactMap { k in
            truths[k] == .no && reader.conditionTruth(lo + k) == .no ? lo + k : nil
        }
    }

    /// With conditions evaluated: whether an offered slot's condition cannot be decided.
    package func isUndecided(_ slot: Int) -> Bool {
        guard var reader else { return false }
        return reader.conditionTruth(slot) == .unknown
    }

    /// The slots of the current node the reader may pick, in the passage's order: those
    /// not once-only and already taken on this way, and not fallbacks; when there are none,
    /// the fallbacks still allowed (the rule of `RandomWalk.runWithFlags`).
    ///
    /// - Complexity: O(slots of the node).
    package var offered: [Int] {
        if failedSlot != nil { return [] }
        if var reader {
            var offered: [Int] = []
            var truths: [Truth] = []
            reader.offer(at: node, into: &offered, truths: &truths)
            return offered
        }
        let slots = Int(graph.offsets[node])..<Int(graph.offsets[node + 1])
        if graph.flags.isEmpty { return Array(slots) }
        func allowed(_ s: Int, fallback: Bool) -> Bool {
            let flag = graph.flags[s]
            if flag & PlayGraph.onceOnlyFlag != 0, taken[graph.choiceSlot[s], default: 0] > 0 { return false }
            return (flag & PlayGraph.fallbackFlag != 0) == fallback
        }
        let ordinary = slots.filter { allowed($0, fallback: false) }
        return ordinary.isEmpty ? slots.filter { allowed($0, fallback: true) } : ordinary
    }

    package var state: State {
        if let failedSlot {
            return graph.targets[failedSlot] == PlayGraph.brokenTarget
                ? .brokenLink(slot: failedSlot) : .dynamicLink(slot: failedSlot)
        }
        if graph.offsets[node] == graph.offsets[node + 1] { return .ending }
        return offered.isEmpty ? .outOfChoices : .choosing
    }

    /// The choice a slot is.
    package func choice(_ slot: Int) -> Choice { graph.graph.choice(graph.refs[slot]) }

    /// Whether a slot is one the reader does not click: a jump, a call, a return, or a
    /// choice with no text.
    package func isAutomatic(_ slot: Int) -> Bool {
        let choice = choice(slot)
        switch choice.kind {
        case .auto, .call, .return: return true
        case .choice: return choice.text.isEmpty
        case .include, .dynamic: return false
        }
    }

    /// The passage (index) of a node.
    package func passage(of node: Int) -> Int { Int(graph.passageOf[node]) }

    /// Takes `slot`, which must be offered: moves to its target, or stops on a broken or
    /// dynamic link.
    package mutating func take(_ slot: Int, automatic: Bool = false) {
        precondition(offered.contains(slot), "slot \(slot) is not offered at node \(node)")
        steps.append(Step(node: node, slot: slot, isAutomatic: automatic))
        taken[graph.choiceSlot[slot], default: 0] += 1
        reader?.take(slot)
        let target = graph.targets[slot]
        if target < 0 { failedSlot = slot } else { node = Int(target) }
    }

    /// Takes the only choice offered while it is automatic and unconditional, at most
    /// `limit` times (a loop of jumps stops there, offering its jump to the reader);
    /// returns the nodes entered, in order.
    ///
    /// - Complexity: O(limit × slots per node).
    @discardableResult
    package mutating func followAutomatic(limit: Int? = nil) -> [Int] {
        var entered: [Int] = []
        let cap = limit ?? graph.nodeCount
        while entered.count < cap, goesOnByItself {
            take(offered[0], automatic: true)
            if failedSlot == nil { entered.append(node) }
        }
        return entered
    }

    /// Arrives where the last step led: the node reached (unless the step took a broken or
    /// dynamic link, which leaves the reader where they were), then the nodes the story's
    /// own jumps enter from it (`followAutomatic()`); returns them in order, the last being
    /// where the reader now is.
    package mutating func arrive() -> [Int] {
        (failedSlot == nil ? [node] : []) + followAutomatic()
    }

    /// Whether `back()` has a choice of the reader's to undo.
    package var canGoBack: Bool { steps.contains { !$0.isAutomatic } }

    /// Undoes the reader's last choice and the automatic steps after it; returns false
    /// (and does nothing) when the reader has picked nothing yet.
    package mutating func back() -> Bool {
        guard canGoBack else { return false }
        while let last = steps.popLast() {
            taken[graph.choiceSlot[last.slot], default: 1] -= 1
            node = last.node
            failedSlot = nil
            if !last.isAutomatic { break }
        }
        replayState()
        return true
    }

    /// The reader's state rebuilt from the origin through the steps kept.
    private mutating func replayState() {
        guard reader != nil else { return }
        reader!.begin(at: origin)
        for step in steps { reader!.take(step.slot) }
    }

    /// Back to where play began, with nothing taken.
    package mutating func restart() {
        steps.removeAll()
        taken.removeAll()
        failedSlot = nil
        node = origin
        replayState()
    }
}

extension PlaySession {
    /// The offered slot that is `ref` (to replay a `Playthrough`, whose steps are choices).
    package func offeredSlot(for ref: ChoiceRef) -> Int? {
        offered.first { graph.refs[$0] == ref }
    }

    /// Whether `followAutomatic()` would take a step here: the only choice offered is
    /// automatic and has no condition, or (with conditions evaluated) a condition that
    /// holds in the reader's state, as the story's runtime goes on by itself (ink's
    /// `{DEBUG: … - else: -> start}` with `DEBUG` false shows no menu).
    package var goesOnByItself: Bool {
        guard state == .choosing else { return false }
        let offer = offered
        guard offer.count == 1, isAutomatic(offer[0]) else { return false }
        if choice(offer[0]).condition == nil { return true }
        guard var reader else { return false }
        return reader.conditionTruth(offer[0]) == .yes
    }
}
