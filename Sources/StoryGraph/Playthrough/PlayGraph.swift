/// A story compiled for random play: for every passage that is not an ending, the
/// choices a reader can pick, as flat `Int32` arrays (CSR), so the fuzzer's inner loop
/// reads two offsets and one target per step and touches no Swift object.
///
/// The *slots* of passage `v` are `offsets[v] ..< offsets[v + 1]`, one per choice the
/// reader can click, in the passage's choice order: the path steps of `StoryGraph`, its
/// broken links and its dynamic links, exactly the choices `EndingOdds` counts. Restarts
/// are not picked (an ending stops the run) and inclusions are not clicked; the steps of
/// the passages a passage shows by inclusion are its slots (after its own, as in
/// `StoryGraph.edgeRefs`), and a fragment has none (no step enters it). An ending has no
/// slots, and every other passage a run can enter has at least one (see
/// `StoryGraph.isEnding`), so "no slots" is the loop's only test for the end.
///
/// Runs walk the graph's nodes (a copy of a callee's passage for each return point, so a
/// return goes back to its own caller); coverage counts passages (`passageOf`) and
/// choices (`choiceSlot`), never copies.
public struct PlayGraph: Sendable {
    /// A slot's target when the choice's target does not exist.
    @usableFromInline package static let brokenTarget: Int32 = -1
    /// A slot's target when it is computed at run time.
    package static let dynamicTarget: Int32 = -2

    package let graph: StoryGraph
    /// Slots of node `v` are `offsets[v] ..< offsets[v + 1]` (nodes: passages, then the
    /// copies of callees' passages, as in `StoryGraph`).
    package let offsets: [Int32]
    /// The node each slot leads to, or `brokenTarget` / `dynamicTarget`.
    package let targets: [Int32]
    /// The choice each slot is.
    package let refs: [ChoiceRef]
    /// The passage of each node (what coverage counts).
    package let passageOf: [Int32]
    /// For each slot, the first slot of the same choice (a choice of a callee is a slot
    /// of each copy; coverage counts it once, at its first slot).
    @usableFromInline package let choiceSlot: [Int32]
    /// Per slot, `onceOnlyFlag` and `fallbackFlag` (`Choice.isOnceOnly`, `isFallback`);
    /// empty when no choice of the story has either, so the plain walk runs.
    package let flags: [UInt8]

    /// A slot that a run may take once at most.
    @usableFromInline package static let onceOnlyFlag: UInt8 = 1
    /// A slot taken only when no other slot of its passage can be.
    @usableFromInline package static let fallbackFlag: UInt8 = 2

    /// A copy of a callee's passage offers its edges in the graph's order (a return is a
    /// step to the return point there), then its broken and dynamic links. A return met
    /// with no call running is not a slot, except at a node with nothing else to pick:
    /// there it leads back to the node itself, so the run stays stuck (as the odds count
    /// it: never ending).
    ///
    /// - Complexity: O(V + C) for V nodes and C choices.
    public init(_ graph: StoryGraph) {
        self.graph = graph
        let n = graph.count
        precondition(n < Int(Int32.max), "too many passages for 32-bit indices")
        var offsets = [Int32](repeating: 0, count: n + 1)
        var targets: [Int32] = []
        var refs: [ChoiceRef] = []
        let shownBroken = graph.shownBrokenLinks
        let shownDynamic = graph.shownDynamicLinks
        var nextBroken = 0
        var nextDynamic = 0
        var nextReturn = 0
        let unmatched = graph.returnsWithoutCall
        for v in 0..<n {
            let first = targets.count
            if !graph.isEnding[v] && !graph.isFragment[v] {
                if graph.isCopy(v) {
                    for e in graph.edges(from: v) {
                        targets.append(Int32(graph.edgeTargets[e]))
                        refs.append(graph.edgeRefs[e])
                    }
                } else {
                    // Its own choices in order: the graph's edges come in the same order.
                    var e = graph.edgeOffsets[v]
                    let end = graph.edgeOffsets[v + 1]
                    for (c, choice) in graph.story.passages[v].choices.enumerated()
                    where !choice.isRestart && choice.kind != .include {
                        let ref = ChoiceRef(passage: v, choice: c)
                        if choice.kind == .dynamic {
                            targets.append(Self.dynamicTarget)
                        } else if e < end && graph.edgeRefs[e] == ref {
                            targets.append(Int32(graph.edgeTargets[e]))
                            e += 1
                        } else if choice.kind == .return {
                            continue
                        } else {
                            targets.append(Self.brokenTarget)
                        }
                        refs.append(ref)
                    }
                    // The choices shown by inclusion, in the graph's order: its edges whose
                    // choice is another passage's, then the broken and dynamic links shown.
                    for e in graph.edges(from: v) where graph.edgeRefs[e].passage != v {
                        targets.append(Int32(graph.edgeTargets[e]))
                        refs.append(graph.edgeRefs[e])
                    }
                }
                // Both lists are in node order: one cursor each.
                while nextBroken < shownBroken.count && shownBroken[nextBroken].passage == v {
                    targets.append(Self.brokenTarget)
                    refs.append(shownBroken[nextBroken].ref)
                    nextBroken += 1
                }
                while nextDynamic < shownDynamic.count && shownDynamic[nextDynamic].passage == v {
                    targets.append(Self.dynamicTarget)
                    refs.append(shownDynamic[nextDynamic].ref)
                    nextDynamic += 1
                }
            }
            while nextReturn < unmatched.count && unmatched[nextReturn].node < v { nextReturn += 1 }
            if targets.count == first && nextReturn < unmatched.count && unmatched[nextReturn].node == v {
                targets.append(Int32(v))
                refs.append(unmatched[nextReturn].ref)
            }
            precondition(targets.count < Int(Int32.max), "too many choices for 32-bit indices")
            offsets[v + 1] = Int32(targets.count)
        }
        self.offsets = offsets
        self.targets = targets
        self.refs = refs
        self.passageOf = graph.passageOf.map { Int32($0) }
        var choiceSlot = (0..<Int32(targets.count)).map { $0 }
        if n > graph.passageCount {
            var firstSlot: [ChoiceRef: Int32] = [:]
            for s in refs.indices {
                if let known = firstSlot[refs[s]] { choiceSlot[s] = known } else { firstSlot[refs[s]] = Int32(s) }
            }
        }
        self.choiceSlot = choiceSlot
        self.choiceCount = choiceSlot.indices.count { choiceSlot[$0] == Int32($0) }
        // Each slot's flags are its choice's (an included choice keeps its own).
        var flags: [UInt8] = []
        flags.reserveCapacity(refs.count)
        var anyFlag = false
        for ref in refs {
            let choice = graph.story.passages[ref.passage].choices[ref.choice]
            let flag = (choice.isOnceOnly ? Self.onceOnlyFlag : 0) | (choice.isFallback ? Self.fallbackFlag : 0)
            flags.append(flag)
            if flag != 0 { anyFlag = true }
        }
        self.flags = anyFlag ? flags : []
    }

    /// The number of distinct choices a reader can pick (a callee's choice once,
    /// however many copies offer it).
    package let choiceCount: Int

    /// The number of passages (what coverage counts).
    package var passageCount: Int { graph.passageCount }
    /// The number of nodes (passages and copies).
    package var nodeCount: Int { offsets.count - 1 }
    /// The number of choices a reader can pick (slots).
    package var slotCount: Int { targets.count }
    package var start: Int { graph.start }

    /// The slot of a choice, if a reader can pick it: in its own passage, or else the
    /// first passage that shows it by inclusion.
    ///
    /// - Complexity: O(choices of the passage); O(slots) for a choice shown by inclusion.
    package func slot(of ref: ChoiceRef) -> Int? {
        (Int(offsets[ref.passage])..<Int(offsets[ref.passage + 1])).first { refs[$0] == ref }
            ?? refs.indices.first { refs[$0] == ref }
    }

    /// Whether a slot is the one coverage counts for its choice.
    @inlinable package func isChoiceSlot(_ slot: Int) -> Bool { choiceSlot[slot] == Int32(slot) }
}
