extension CallExpansion {
    /// The node graph with every cut call entering one *shared* copy of its callee: an
    /// over-approximation of the flow, what the claims that something is absent
    /// (unreachable, trapped, no ending, a loop that never ends) rest on.
    ///
    /// The node graph (`StoryGraph`) follows a cut call as a plain step into the callee's
    /// own node, whose returns lead nowhere: it misses what follows the call, so what it
    /// does not reach may still be reached. Here the same nodes keep their edges, but each
    /// cut call's edge goes instead into the shared copy of its callee (one per callee,
    /// context-insensitive), whose returns go back to the return point of *every* call cut
    /// into it, and whose own calls enter the shared copies of their callees in turn. A
    /// reader's every way through the story is a walk here (a return may go back to a call
    /// that is not the one running: more flow than the story has, so nothing found here is
    /// claimed to exist). Nodes `0 ..< StoryGraph.count` are the node graph's; the shared
    /// copies follow.
    package struct Shared: Sendable {
        struct CutEdge {
            /// The edge of the node graph the cut call is.
            var edge: Int
            var callee: Int
            /// The node the call goes back to, or `storyEnds`.
            var back: Int
        }

        /// The passage of each shared copy's node (node `base + k` is `passageOf[k]`).
        package let passageOf: [Int]
        /// The first shared node (`StoryGraph.count`).
        package let base: Int
        /// Edges leaving node `v` are `offsets[v] ..< offsets[v + 1]`.
        package let offsets: [Int]
        package let targets: [Int]
        /// Per edge: whether it enters a shared copy from the node graph (a cut call).
        package let entersShared: [Bool]
        /// Per shared node: an ending, or a return that may end the story (a call cut
        /// into it ends the caller's passage).
        package let mayEnd: [Bool]

        /// The number of nodes, the node graph's and the shared copies'.
        package var count: Int { offsets.count - 1 }

        /// The shared copies for the cut calls `cuts` of `under`, nil when they would take
        /// more than `limit` nodes.
        ///
        /// - Complexity: O(E + S) for E edges of the node graph and S the size of the shared
        ///   copies (each callee's body once, with its choices; at most `limit` nodes), plus
        ///   O(R·Q) for R returns met in shared copies and Q return points of their calls.
        static func make(
            under: Result, cuts: [CutEdge], limit: Int, choiceBase: [Int], stepOf: [Int],
            calls: [Int: (callee: Int, back: Int)], shownOffsets: [Int], shownPassages: [Int], isEnding: [Bool],
            body: (Int) -> (passages: [Int], index: [Int: Int])
        ) -> Shared? {
            let base = under.passageOf.count
            var passageOf: [Int] = []
            var nodeFrame: [Int] = []
            var frameOf: [Int: Int] = [:]
            var frameBase: [Int] = []
            var frameIndex: [[Int: Int]] = []
            var sites: [[Int]] = []
            var siteSets: [Set<Int>] = []
            // The entry of `callee`'s shared copy going back to `back` among others; the
            // callee's own node when it never returns; nil past the budget.
            func enter(_ callee: Int, back: Int) -> Int? {
                let (passages, index) = body(callee)
                guard !passages.isEmpty else { return callee }
                let f: Int
                if let known = frameOf[callee] {
                    f = known
                } else {
                    guard passageOf.count + passages.count <= limit else { return nil }
                    f = frameBase.count
                    frameOf[callee] = f
                    frameBase.append(base + passageOf.count)
                    frameIndex.append(index)
                    sites.append([])
                    siteSets.append([])
                    for u in passages {
                        passageOf.append(u)
                        nodeFrame.append(f)
                    }
                }
                if siteSets[f].insert(back).inserted { sites[f].append(back) }
                return frameBase[f]
            }
            var targets = under.edgeTargets
            var entersShared = [Bool](repeating: false, count: targets.count)
            for cut in cuts {
                guard let entry = enter(cut.callee, back: cut.back) else { return nil }
                targets[cut.edge] = entry
                entersShared[cut.edge] = entry >= base
            }
            // The shared nodes' steps and calls; their returns once every site is known.
            var steps: [[Int]] = []
            var returns: [Bool] = []
            var k = 0
            while k < passageOf.count {
                let v = passageOf[k]
                let f = nodeFrame[k]
                var out: [Int] = []
                var returnsHere = false
                func here(_ w: Int) -> Int { frameIndex[f][w].map { frameBase[f] + $0 } ?? w }
                if !isEnding[v] {
                    for j in (shownOffsets[v] - 1)..<shownOffsets[v + 1] {
                        let u = j < shownOffsets[v] ? v : shownPassages[j]
                        for i in choiceBase[u]..<choiceBase[u + 1] {
                            let code = stepOf[i]
                            switch code {
                            case StoryGraph.notStepCall:
                                let call = calls[i]!
                                let back = call.back == storyEnds ? storyEnds : here(call.back)
                                guard let entry = enter(call.callee, back: back) else { return nil }
                                out.append(entry)
                            case StoryGraph.notStepReturn:
                                returnsHere = true
                            default:
                                if code >= 0 { out.append(here(code)) }
                            }
                        }
                    }
                }
                steps.append(out)
                returns.append(returnsHere)
                k += 1
            }
            var offsets = under.edgeOffsets
            var mayEnd = [Bool](repeating: false, count: passageOf.count)
            for k in passageOf.indices {
                let f = nodeFrame[k]
                targets += steps[k]
                if returns[k] {
                    for back in sites[f] {
                        if back >= 0 { targets.append(back) } else { mayEnd[k] = true }
                    }
                }
                mayEnd[k] = mayEnd[k] || isEnding[passageOf[k]]
                offsets.append(targets.count)
            }
            entersShared += [Bool](repeating: false, count: targets.count - entersShared.count)
            return Shared(
                passageOf: passageOf, base: base, offsets: offsets, targets: targets, entersShared: entersShared,
                mayEnd: mayEnd)
        }
    }
}
