/// Calls that return (ink tunnels, ChoiceScript `*gosub`, Yarn `<<detour>>`), made exact
/// by copying: every (callee, return point) pair gets its own copy of the callee's
/// *body*, the passages reachable from the callee without passing a return (a nested
/// call's callee is not in it, its return point is) from which a return can still be
/// reached; a step out of the body goes to the passage's own node. Inside a copy a return is a step to
/// the return point, and a call is expanded the same way, one level deeper. The copies
/// are extra nodes after the passages; `passageOf` maps each back to its passage. The
/// passages' own nodes keep the steps as written: a call there enters the copy for its
/// return point, and a return there has no call running (nothing to go back to).
///
/// Call sites that go on at the same node share one copy. A call nested deeper than
/// `depthLimit`, or one whose copy would take the copies past `copyLimit(passages:)`
/// nodes, is followed as a plain step into the callee's own node (and listed in
/// `callsCut`): the node graph is then an *under*-approximation (what it reaches, a
/// reader reaches; past the cut it misses what follows the call's returns), what the
/// claims that something exists rest on. The claims that something is absent rest on
/// `Shared`, an *over*-approximation made beside it (`CallExpansion+Shared.swift`).
package enum CallExpansion {
    /// Why a call was followed as a plain step.
    package enum Cut: String, Sendable, Hashable {
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
    package static let depthLimit = 16

    /// At most this many copy nodes: 20 per passage, at least 4,096, at most 1,000,000.
    package static func copyLimit(passages: Int) -> Int { min(1_000_000, max(4_096, 20 * passages)) }

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
        /// The over-approximation when calls were cut (nil when none was, or when its
        /// shared copies would pass the budget).
        var shared: Shared?
        /// Whether calls were cut but `shared` would have passed the copy budget.
        var sharedOverBudget = false
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
        var frameCallee: [Int] = []
        var frameBack: [Int] = []
        var frameDepth: [Int] = []
        var frameBase: [Int] = []
        var frameOf: [FrameKey: Int] = [:]
        var nodeFrame: [Int] = [] // by node - n
        var bodies: [Int: (passages: [Int], index: [Int: Int])] = [:]
        let limit = copyLimit(passages: n)
        var cut = Set<ChoiceRef>()
        var returnPointSet = Set<[Int]>()
        // Each cut call's edge, callee and return point, for `Shared`.
        var cutEdges: [Shared.CutEdge] = []

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
        // The passages a copy of `callee` holds: those reachable from it without passing
        // a return (a nested call steps over to its return point) from which one of its
        // returns can still be reached. From the others the call can never come back, so
        // a copy steps into their own nodes: the call running no longer matters there,
        // and a callee that leaves by a jump into the main flow is not copied whole.
        // Empty when no return can be reached from the callee at all.
        func body(_ callee: Int) -> (passages: [Int], index: [Int: Int]) {
            if let known = bodies[callee] { return known }
            var reached = [callee]
            var position = [callee: 0]
            var predecessors: [[Int]] = [[]]
            var returning: [Int] = []
            var stack = [callee]
            while let v = stack.popLast() {
                guard !baseEnding[v] else { continue }
                var returns = false
                for k in shownRange(v) {
                    let u = shownPassage(v, k)
                    for i in choiceBase[u]..<choiceBase[u + 1] {
                        var w = stepOf[i]
                        if w == StoryGraph.notStepReturn { returns = true }
                        if w == StoryGraph.notStepCall { w = calls[i]!.back }
                        guard w >= 0 else { continue }
                        if position[w] == nil {
                            position[w] = reached.count
                            reached.append(w)
                            predecessors.append([])
                            stack.append(w)
                        }
                        predecessors[position[w]!].append(position[v]!)
                    }
                }
                if returns { returning.append(position[v]!) }
            }
            // Backwards from the passages that return.
            var keeps = [Bool](repeating: false, count: reached.count)
            var work = returning
            for p in returning { keeps[p] = true }
            while let p = work.popLast() {
                for q in predecessors[p] where !keeps[q] {
                    keeps[q] = true
                    work.append(q)
                }
            }
            var passages: [Int] = []
            var index: [Int: Int] = [:]
            for (p, w) in reached.enumerated() where keeps[p] {
                index[w] = passages.count
                passages.append(w)
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
            // A call that can never return is a step into the callee's own node.
            guard !passages.isEmpty else { return callee }
            if depth > depthLimit {
                reason = .depth
            } else if result.passageOf.count - n + passages.count > limit {
                reason = .budget
            } else {
                reason = nil
            }
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
            // The node of passage `w` in this node's context: its own node where this
            // copy's call can no longer return.
            func here(_ w: Int) -> Int { isCopy ? index[w].map { frameBase[f] + $0 } ?? w : w }
            let ending = result.isEnding[x]
            if isCopy || !isFragment[v] {
                for k in shownRange(v) {
                    let u = shownPassage(v, k)
                    let base = choiceBase[u]
                    for i in base..<choiceBase[u + 1] {
                        let ref = ChoiceRef(passage: u, choice: i - base)
                        let code = stepOf[i]
                        var target = code
                        var cutCall: (callee: Int, back: Int)?
                        switch code {
                        case StoryGraph.notStepCall:
                            // An ending's exits are drawn, not followed: no copy for them.
                            let call = calls[i]!
                            target = call.callee
                            guard !ending else { break }
                            let returnTo = call.back == storyEnds ? storyEnds : here(call.back)
                            if let entry = enter(call.callee, back: returnTo, depth: depth + 1, ref: ref) {
                                target = entry
                            } else {
                                cutCall = (call.callee, returnTo)
                            }
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
                                if code == StoryGraph.notStepDynamic {
                                    result.shownDynamicLinks.append((x, ref))
                                } else {
                                    result.shownBrokenLinks.append((x, ref))
                                }
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
                        if let cutCall {
                            cutEdges.append(
                                .init(edge: result.edgeTargets.count, callee: cutCall.callee, back: cutCall.back))
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
        if !cutEdges.isEmpty {
            result.shared = Shared.make(
                under: result, cuts: cutEdges, limit: limit, choiceBase: choiceBase, stepOf: stepOf, calls: calls,
                shownOffsets: shownOffsets, shownPassages: shownPassages, isEnding: baseEnding, body: body)
            result.sharedOverBudget = result.shared == nil
        }
        return result
    }
}
