/// Calls that return (ink tunnels, ChoiceScript `*gosub`, Yarn `<<detour>>`), made exact
/// by copying: every (callee, return point) pair gets its own copy of the callee's
/// *body*, the passages reachable from the callee without passing a return (a nested
/// call's callee is not in it, its return point is). Inside a copy a return is a step to
/// the return point, and a call is expanded the same way, one level deeper. The copies
/// are extra nodes after the passages; `passageOf` maps each back to its passage. The
/// passages' own nodes keep the steps as written: a call there enters the copy for its
/// return point, and a return there has no call running (nothing to go back to).
///
/// Call sites that go on at the same node share one copy. A call nested deeper than
/// `depthLimit`, or one whose copy would take the copies past `copyLimit(passages:)`
/// nodes, is followed as a plain step into the callee's own node (and listed in
/// `callsCut`).
public enum CallExpansion {
    /// Why a call was followed as a plain step.
    public enum Cut: String, Sendable, Hashable {
        /// Calls nested deeper than `depthLimit` (recursion, or a very deep chain).
        case depth
        /// The copies would pass `copyLimit(passages:)` nodes.
        case budget
    }

    /// A call's return point when the caller's passage ends after it: the callee's
    /// returns end the story there.
    static let storyEnds = -1
    /// A node's return point when no call is running (a passage's own node).
    static let noCall = -2

    /// Calls nested this deep are followed (real stories nest a few levels; recursion
    /// would otherwise copy without end).
    public static let depthLimit = 16

    /// At most this many copy nodes: 20 per passage, at least 4,096, at most 1,000,000.
    public static func copyLimit(passages: Int) -> Int { min(1_000_000, max(4_096, 20 * passages)) }

    struct Result {
        var passageOf: [Int]
        var isEnding: [Bool]
        var edgeOffsets: [Int]
        var edgeTargets: [Int]
        var edgeRefs: [ChoiceRef]
        var endingExits: [(ref: ChoiceRef, target: Int)]
        var shownBrokenLinks: [(passage: Int, ref: ChoiceRef)]
        var shownDynamicLinks: [(passage: Int, ref: ChoiceRef)]
        var returnsWithoutCall: [(node: Int, ref: ChoiceRef)]
        var callsCut: [(ref: ChoiceRef, reason: Cut)]
        var returnPoints: [(ref: ChoiceRef, passage: Int)]
    }

    private struct FrameKey: Hashable {
        var callee: Int
        var back: Int
    }

    /// Builds the nodes and their edges, node by node in order: a copy is appended when
    /// a node processed before it first calls it, so the adjacency stays compressed
    /// (CSR) without a second pass. Iterative; bodies are found by an explicit stack.
    ///
    /// - Complexity: O(P + C) for a story without calls; with calls, O(size of the
    ///   copies): each copy costs the passages and choices of its body (each body found
    ///   once per callee, O(its passages and choices)), and their number is bounded by
    ///   `copyLimit(passages:)`.
    static func expand(
        passageCount n: Int, start: Int, choiceBase: [Int], stepOf: [Int], calls: [Int: (callee: Int, back: Int)],
        shownOffsets: [Int], shownPassages: [Int], isFragment: [Bool], isEnding baseEnding: [Bool]
    ) -> Result {
        var result = Result(
            passageOf: Array(0..<n), isEnding: baseEnding, edgeOffsets: [0], edgeTargets: [], edgeRefs: [],
            endingExits: [], shownBrokenLinks: [], shownDynamicLinks: [], returnsWithoutCall: [], callsCut: [],
            returnPoints: [])
        result.edgeOffsets.reserveCapacity(n + 1)
        // Per frame: its callee, return point, depth and first node.
        var frameCallee: [Int] = [], frameBack: [Int] = [], frameDepth: [Int] = [], frameBase: [Int] = []
        var frameOf: [FrameKey: Int] = [:]
        var nodeFrame: [Int] = []  // by node - n
        var bodies: [Int: (passages: [Int], index: [Int: Int])] = [:]
        let limit = copyLimit(passages: n)
        var cut = Set<ChoiceRef>()
        var returnPointSet = Set<[Int]>()

        // Passage `v` (k = -1), then the passages it shows: no array built per node.
        func shownPassage(_ v: Int, _ k: Int) -> Int { k < shownOffsets[v] ? v : shownPassages[k] }
        func shownRange(_ v: Int) -> Range<Int> { (shownOffsets[v] - 1)..<shownOffsets[v + 1] }
        // Whether every choice a reader can take at `v` is a return.
        func onlyReturns(_ v: Int) -> Bool {
            var any = false
            for k in shownRange(v) {
                let u = shownPassage(v, k)
                for i in choiceBase[u]..<choiceBase[u + 1] where stepOf[i] != StoryGraph.notPicked {
                    if stepOf[i] != StoryGraph.notStepReturn { return false }
                    any = true
                }
            }
            return any
        }
        func body(_ callee: Int) -> (passages: [Int], index: [Int: Int]) {
            if let known = bodies[callee] { return known }
            var passages = [callee]
            var index = [callee: 0]
            var stack = [callee]
            while let v = stack.popLast() {
                guard !baseEnding[v] else { continue }
                for k in shownRange(v) {
                    let u = shownPassage(v, k)
                    for i in choiceBase[u]..<choiceBase[u + 1] {
                        var w = stepOf[i]
                        if w == StoryGraph.notStepCall { w = calls[i]!.back }
                        guard w >= 0, index[w] == nil else { continue }
                        index[w] = passages.count
                        passages.append(w)
                        stack.append(w)
                    }
                }
            }
            bodies[callee] = (passages, index)
            return (passages, index)
        }
        // The entry node of the copy of `callee` returning to `back`, made when first
        // needed; nil when the call is cut.
        func enter(_ callee: Int, back: Int, depth: Int, ref: ChoiceRef) -> Int? {
            let key = FrameKey(callee: callee, back: back)
            if let f = frameOf[key] { return frameBase[f] }
            let reason: Cut?
            let passages = body(callee).passages
            if depth > depthLimit { reason = .depth }
            else if result.passageOf.count - n + passages.count > limit { reason = .budget }
            else { reason = nil }
            if let reason {
                if cut.insert(ref).inserted { result.callsCut.append((ref, reason)) }
                return nil
            }
            let f = frameCallee.count
            frameOf[key] = f
            frameCallee.append(callee)
            frameBack.append(back)
            frameDepth.append(depth)
            frameBase.append(result.passageOf.count)
            for u in passages {
                result.passageOf.append(u)
                nodeFrame.append(f)
                result.isEnding.append(baseEnding[u] || (back == storyEnds && onlyReturns(u)))
            }
            return frameBase[f]
        }

        var x = 0
        while x < result.passageOf.count {
            let v = result.passageOf[x]
            let isCopy = x >= n
            let f = isCopy ? nodeFrame[x - n] : -1
            let back = isCopy ? frameBack[f] : noCall
            let depth = isCopy ? frameDepth[f] : 0
            let index = isCopy ? bodies[frameCallee[f]]!.index : [:]
            // The node of passage `w` in this node's context.
            func here(_ w: Int) -> Int { isCopy ? frameBase[f] + index[w]! : w }
            let ending = result.isEnding[x]
            if isCopy || !isFragment[v] {
                for k in shownRange(v) {
                    let u = shownPassage(v, k)
                    let base = choiceBase[u]
                    for i in base..<choiceBase[u + 1] {
                        let ref = ChoiceRef(passage: u, choice: i - base)
                        let code = stepOf[i]
                        var target = code
                        switch code {
                        case StoryGraph.notStepCall:
                            // An ending's exits are drawn, not followed: no copy for them.
                            let call = calls[i]!
                            target = call.callee
                            guard !ending else { break }
                            let returnTo = call.back == storyEnds ? storyEnds : here(call.back)
                            target = enter(call.callee, back: returnTo, depth: depth + 1, ref: ref) ?? call.callee
                        case StoryGraph.notStepReturn:
                            if back >= 0 {
                                target = back
                                if returnPointSet.insert([u, i - base, result.passageOf[back]]).inserted {
                                    result.returnPoints.append((ref, result.passageOf[back]))
                                }
                            } else if back == noCall, !ending {
                                result.returnsWithoutCall.append((x, ref))
                            }
                        case StoryGraph.notStepDynamic, StoryGraph.notStepBroken:
                            // A passage's own broken and dynamic links are `brokenLinks`
                            // and `dynamicLinks`; a copy meets them again.
                            if (u != v || isCopy) && !ending {
                                if code == StoryGraph.notStepDynamic { result.shownDynamicLinks.append((x, ref)) }
                                else { result.shownBrokenLinks.append((x, ref)) }
                            }
                        default:
                            // A copy's ending draws nothing: its exits are the passage's.
                            if code >= 0 { target = isCopy && ending ? -1 : here(code) }
                        }
                        guard target >= 0 else { continue }
                        if ending {
                            if !isCopy { result.endingExits.append((ref, target)) }
                            continue
                        }
                        result.edgeTargets.append(target)
                        result.edgeRefs.append(ref)
                    }
                }
            }
            result.edgeOffsets.append(result.edgeTargets.count)
            x += 1
        }
        result.returnPoints.sort { ($0.ref, $0.passage) < ($1.ref, $1.passage) }
        return result
    }
}
