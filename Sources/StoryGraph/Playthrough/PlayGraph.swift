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
public struct PlayGraph: Sendable {
    /// A slot's target when the choice's target does not exist.
    public static let brokenTarget: Int32 = -1
    /// A slot's target when it is computed at run time.
    public static let dynamicTarget: Int32 = -2

    public let graph: StoryGraph
    /// Slots of passage `v` are `offsets[v] ..< offsets[v + 1]`.
    public let offsets: [Int32]
    /// The passage each slot leads to, or `brokenTarget` / `dynamicTarget`.
    public let targets: [Int32]
    /// The choice each slot is.
    public let refs: [ChoiceRef]

    /// - Complexity: O(P + C) for P passages and C choices.
    public init(_ graph: StoryGraph) {
        self.graph = graph
        let n = graph.count
        precondition(n < Int(Int32.max), "too many passages for 32-bit indices")
        var offsets = [Int32](repeating: 0, count: n + 1)
        var targets: [Int32] = []
        var refs: [ChoiceRef] = []
        let shownBroken = graph.shownBrokenLinks, shownDynamic = graph.shownDynamicLinks
        var nextBroken = 0, nextDynamic = 0
        for v in 0..<n {
            if !graph.isEnding[v] && !graph.isFragment[v] {
                for (c, choice) in graph.story.passages[v].choices.enumerated()
                where !choice.isRestart && choice.kind != .include {
                    if choice.kind == .dynamic {
                        targets.append(Self.dynamicTarget)
                    } else if let w = graph.indexByID[choice.target] {
                        targets.append(Int32(w))
                    } else {
                        targets.append(Self.brokenTarget)
                    }
                    refs.append(ChoiceRef(passage: v, choice: c))
                }
                // The choices shown by inclusion, in the graph's order: its edges whose
                // choice is another passage's, then the broken and dynamic links shown.
                for e in graph.edges(from: v) where graph.edgeRefs[e].passage != v {
                    targets.append(Int32(graph.edgeTargets[e]))
                    refs.append(graph.edgeRefs[e])
                }
                // Both lists are in passage order: one cursor each.
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
            precondition(targets.count < Int(Int32.max), "too many choices for 32-bit indices")
            offsets[v + 1] = Int32(targets.count)
        }
        self.offsets = offsets
        self.targets = targets
        self.refs = refs
    }

    /// The number of passages.
    public var passageCount: Int { offsets.count - 1 }
    /// The number of choices a reader can pick (slots).
    public var slotCount: Int { targets.count }
    public var start: Int { graph.start }

    /// The slot of a choice, if a reader can pick it: in its own passage, or else the
    /// first passage that shows it by inclusion.
    ///
    /// - Complexity: O(choices of the passage); O(slots) for a choice shown by inclusion.
    public func slot(of ref: ChoiceRef) -> Int? {
        (Int(offsets[ref.passage])..<Int(offsets[ref.passage + 1])).first { refs[$0] == ref }
            ?? refs.indices.first { refs[$0] == ref }
    }
}
