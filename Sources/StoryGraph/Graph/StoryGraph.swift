/// A choice named by position: the `choice`-th choice of passage number `passage`.
public struct ChoiceRef: Sendable, Hashable, Comparable {
    public var passage: Int
    public var choice: Int

    public init(passage: Int, choice: Int) {
        self.passage = passage
        self.choice = choice
    }

    public static func < (a: ChoiceRef, b: ChoiceRef) -> Bool {
        (a.passage, a.choice) < (b.passage, b.choice)
    }
}

/// A story compiled once into dense integer indices and compressed adjacency arrays
/// (CSR), for analysers and playthroughs to work on integers only.
///
/// Passage *i* is `story.passages[i]`. The *edges* are the path steps: the ordinary and
/// automatic choices whose target exists, leaving passages that are not endings. Paths
/// stop at the first ending they reach, so an ending's own non-restart choices are kept
/// apart in `endingExits`, as are restarts, inclusions, dynamic links and broken links:
/// each is drawn, none is a step of a path or a cycle.
///
/// Inclusion (DESIGN.md): the step choices of a passage shown inside another one (and of
/// the passages it shows in turn, down to `inclusionDepthLimit`, each once) are edges of the passage that
/// shows it, named by their own `ChoiceRef` in `edgeRefs`. A passage used only by
/// inclusion is a *fragment*: it has no edges of its own, is never an ending, and is
/// reachable when a passage that shows it is.
///
/// Calls that return (DESIGN.md; `CallExpansion`): the graph's *nodes* are the passages
/// (`0 ..< passageCount`, node *i* is passage *i*) and then one copy of a callee's body
/// per (callee, return point), so that a return goes back to its own caller's
/// continuation only. `passageOf` maps every node to its passage; per-node arrays
/// (`isEnding`, `isFragment`, the adjacency) have `count` entries, per-passage ones
/// (`ids`, `indexByID`, and what the analysers report) `passageCount`.
public struct StoryGraph: Sendable {
    public let story: Story
    /// Passage ids by index (passages only; a copy's id is `ids[passageOf[v]]`).
    public let ids: [String]
    /// The number of passages (nodes `0 ..< passageCount`); `count` adds the copies.
    public let passageCount: Int
    /// The passage each node stands for: `passageOf[v] == v` for a passage, the source
    /// passage for a copy of a callee's body.
    public let passageOf: [Int]
    /// Passage ids to their index (`indexByID[id]`), as a `Dictionary` would answer.
    public let indexByID: PassageIndex
    /// The index of the start passage.
    public let start: Int
    public let isEnding: [Bool]
    /// Passages shown only inside other passages (never entered by a step, not the
    /// start, not a declared ending): neither an ending, nor unreachable, nor a trap.
    package let isFragment: [Bool]

    /// Edges leaving passage `v` are `edgeOffsets[v] ..< edgeOffsets[v + 1]`.
    public let edgeOffsets: [Int]
    /// The passage each edge leads to.
    public let edgeTargets: [Int]
    /// The choice each edge comes from: a choice of the edge's own passage, or of a
    /// passage it shows by inclusion.
    public let edgeRefs: [ChoiceRef]

    /// Edges entering passage `v` are `reverseOffsets[v] ..< reverseOffsets[v + 1]`.
    @usableFromInline package let reverseOffsets: [Int]
    /// The passage each reverse edge comes from.
    @usableFromInline package let reverseSources: [Int]
    /// The forward edge number of each reverse edge.
    package let reverseEdges: [Int]

    /// The passages shown inside `v` by inclusion, down to `inclusionDepthLimit`, each once, in the order
    /// a reader meets them: `shownPassages[shownOffsets[v] ..< shownOffsets[v + 1]]`.
    package let shownOffsets: [Int]
    package let shownPassages: [Int]
    /// Passages whose inclusions nest deeper than `inclusionDepthLimit` (what lies deeper
    /// is not credited to them), in source order.
    package let inclusionsCut: [Int]

    /// Choices with `restart` set (they lead back to the start).
    package let restarts: [ChoiceRef]
    /// Choices whose target does not exist.
    package let brokenLinks: [ChoiceRef]
    /// Inclusions (`include` kind) of an existing passage, with the included passage.
    package let includes: [(ref: ChoiceRef, target: Int)]
    /// Links whose target is computed at run time.
    package let dynamicLinks: [ChoiceRef]
    /// Step choices that leave an ending (drawn; not part of paths).
    package let endingExits: [(ref: ChoiceRef, target: Int)]
    /// Broken links of the passages shown inside `passage` by inclusion, where the reader
    /// meets them (`passage` neither an ending nor a fragment); `brokenLinks` keeps each
    /// once, at the passage it is written in.
    package let shownBrokenLinks: [(passage: Int, ref: ChoiceRef)]
    /// Dynamic links of the passages shown inside `passage`, as `shownBrokenLinks`.
    package let shownDynamicLinks: [(passage: Int, ref: ChoiceRef)]
    /// Returns met with no call running (the flow enters a callee's passage by an
    /// ordinary step, or starts there): the node where met and the return.
    package let returnsWithoutCall: [(node: Int, ref: ChoiceRef)]
    /// Calls followed as plain steps into the callee (whose returns then lead nowhere):
    /// nested deeper than `CallExpansion.depthLimit`, or past the copy budget.
    package let callsCut: [(ref: ChoiceRef, reason: CallExpansion.Cut)]
    /// When calls were cut: these nodes with every cut call entering one shared copy of
    /// its callee, an over-approximation of the flow for the claims that something is
    /// absent (`Reachability`). Nil when no call was cut, or when the shared copies would
    /// pass the copy budget (`sharedOverBudget`; the claims then answer to the passages'
    /// own links, `Reachability.overApproximation`).
    package let shared: CallExpansion.Shared?
    package let sharedOverBudget: Bool
    /// For every return a copy follows: the return and the passage it leads back to,
    /// each pair once, sorted (what the map draws as a dashed "return" edge).
    package let returnPoints: [(ref: ChoiceRef, passage: Int)]

    /// Compiles a validated story (unique ids, existing start: see `Story.validated()`).
    ///
    /// - Complexity: O(P + C) for P passages and C choices without inclusions or calls; a
    ///   passage that shows others adds the choices of every passage it shows, and calls
    ///   add the size of the copies (`CallExpansion.expand`, at most
    ///   `CallExpansion.copyLimit(passages:)` nodes).
    public init(_ story: Story) {
        self.story = story
        let passages = story.passages
        let n = passages.count
        // Passages and choices are read in place, by index: copying a `Passage` out of
        // the array costs a retain and a release of each of its fields.
        var ids: [String] = []
        ids.reserveCapacity(n)
        // What the choices' targets are looked up in; frozen, it is `indexByID` (each id
        // hashed once). The first passage with an id keeps it (a validated story has no
        // second).
        let table = PassageIDTable(capacity: n)
        for i in 0..<n {
            let id = passages[i].id
            ids.append(id)
            table.insert(id, i)
        }
        self.ids = ids
        self.indexByID = table.frozen
        let start = table.index(of: story.start) ?? 0
        self.start = start

        // Choices sorted by what they are; steps are gathered per passage below.
        var restarts: [ChoiceRef] = []
        var brokenLinks: [ChoiceRef] = []
        var includes: [(ref: ChoiceRef, target: Int)] = []
        var dynamicLinks: [ChoiceRef] = []
        var includesOf = [[Int]](repeating: [], count: n)
        var isIncluded = [Bool](repeating: false, count: n)
        var entered = [Bool](repeating: false, count: n)
        // The callee and return point (`CallExpansion.storyEnds` when none) of each call,
        // by the choice's index in `stepOf`.
        var calls: [Int: (callee: Int, back: Int)] = [:]
        // What each choice is, one hash lookup each: its target passage when it is a
        // step, else one of the `Self.not…` codes. Choice `c` of `v` is `stepOf[choiceBase[v] + c]`.
        var choiceBase = [Int](repeating: 0, count: n + 1)
        var stepOf: [Int] = []
        for v in 0..<n {
            let choices = passages[v].choices
            for c in choices.indices {
                let ref = ChoiceRef(passage: v, choice: c)
                if choices[c].isRestart {
                    restarts.append(ref)
                    stepOf.append(Self.notPicked)
                    continue
                }
                let kind = choices[c].kind
                if kind == .dynamic {
                    dynamicLinks.append(ref)
                    stepOf.append(Self.notStepDynamic)
                    continue
                }
                // A return goes wherever the running call said, and a call into its own
                // copy of the callee: `CallExpansion` makes both edges.
                if kind == .return {
                    stepOf.append(Self.notStepReturn)
                    continue
                }
                guard let target = table.index(of: choices[c].target) else {
                    brokenLinks.append(ref)
                    stepOf.append(kind == .include ? Self.notPicked : Self.notStepBroken)
                    continue
                }
                if kind == .include {
                    includes.append((ref, target))
                    includesOf[v].append(target)
                    if target != v { isIncluded[target] = true }
                    stepOf.append(Self.notPicked)
                    continue
                }
                if kind == .call {
                    let back = choices[c].returnTo.flatMap { table.index(of: $0) } ?? CallExpansion.storyEnds
                    calls[stepOf.count] = (target, back)
                    stepOf.append(Self.notStepCall)
                    if target != v { entered[target] = true }
                    continue
                }
                stepOf.append(target)
            }
            choiceBase[v + 1] = stepOf.count
        }
        let shown = Self.inclusionClosure(includesOf)
        self.shownOffsets = shown.offsets
        self.shownPassages = shown.passages
        self.inclusionsCut = shown.cut

        // A passage whose own and shown choices are all restarts and inclusions ends
        // the story, as does one the format declares an end.
        var endsByChoices = [Bool](repeating: true, count: n)
        for v in 0..<n {
            // v itself, then the passages it shows (no array built per passage).
            for k in (shown.offsets[v] - 1)..<shown.offsets[v + 1] {
                let u = k < shown.offsets[v] ? v : shown.passages[k]
                for i in choiceBase[u]..<choiceBase[u + 1] {
                    let w = stepOf[i]
                    if w != Self.notPicked { endsByChoices[v] = false }
                    if w >= 0 { entered[w] = true }
                }
            }
        }
        var isFragment = [Bool](repeating: false, count: n)
        var isEnding = [Bool](repeating: false, count: n)
        for v in 0..<n {
            let declared = passages[v].ending != nil
            isFragment[v] = isIncluded[v] && !entered[v] && v != start && !declared
            isEnding[v] = declared || (endsByChoices[v] && !isFragment[v])
        }

        let flow = CallExpansion.expand(
            passageCount: n, start: start, choiceBase: choiceBase, stepOf: stepOf, calls: calls,
            shownOffsets: shown.offsets, shownPassages: shown.passages, isFragment: isFragment, isEnding: isEnding)
        let nodes = flow.passageOf.count
        self.passageCount = n
        self.passageOf = flow.passageOf
        self.isFragment = isFragment + [Bool](repeating: false, count: nodes - n)
        self.isEnding = flow.isEnding
        self.edgeOffsets = flow.edgeOffsets
        self.edgeTargets = flow.edgeTargets
        self.edgeRefs = flow.edgeRefs
        self.restarts = restarts
        self.brokenLinks = brokenLinks
        self.includes = includes
        self.dynamicLinks = dynamicLinks
        self.endingExits = flow.endingExits
        self.shownBrokenLinks = flow.shownBrokenLinks
        self.shownDynamicLinks = flow.shownDynamicLinks
        self.returnsWithoutCall = flow.returnsWithoutCall
        self.callsCut = flow.callsCut
        self.shared = flow.shared
        self.sharedOverBudget = flow.sharedOverBudget
        self.returnPoints = flow.returnPoints

        (reverseOffsets, reverseSources, reverseEdges) = Self.reverse(
            offsets: flow.edgeOffsets, targets: flow.edgeTargets)
    }

    /// A graph given by its adjacency, with no story text behind it: node `v` is passage
    /// `v`, its `k`-th edge is its choice `k`, `isEnding` says which end, and each of
    /// `stuck` has one broken link (no way on, and no ending). What `StateOutcomes` runs
    /// the structural analysers on: the state graph, whose nodes have no names.
    ///
    /// - Complexity: O(V + E).
    init(adjacency edgeOffsets: [Int], targets edgeTargets: [Int], start: Int, isEnding: [Bool], stuck: [Int]) {
        let n = isEnding.count
        var passages = [Passage](repeating: Passage(id: ""), count: n)
        for v in stuck { passages[v].choices = [Choice(text: "", target: "")] }
        story = Story(title: "", start: "", passages: passages, format: "state-graph")
        ids = [String](repeating: "", count: n)
        passageCount = n
        passageOf = Array(0..<n)
        indexByID = .empty
        self.start = start
        self.isEnding = isEnding
        isFragment = [Bool](repeating: false, count: n)
        self.edgeOffsets = edgeOffsets
        self.edgeTargets = edgeTargets
        var refs: [ChoiceRef] = []
        refs.reserveCapacity(edgeTargets.count)
        for v in 0..<n {
            for k in 0..<(edgeOffsets[v + 1] - edgeOffsets[v]) { refs.append(ChoiceRef(passage: v, choice: k)) }
        }
        edgeRefs = refs
        (reverseOffsets, reverseSources, reverseEdges) = Self.reverse(offsets: edgeOffsets, targets: edgeTargets)
        shownOffsets = [Int](repeating: 0, count: n + 1)
        shownPassages = []
        inclusionsCut = []
        restarts = []
        brokenLinks = stuck.map { ChoiceRef(passage: $0, choice: 0) }
        includes = []
        dynamicLinks = []
        endingExits = []
        shownBrokenLinks = []
        shownDynamicLinks = []
        returnsWithoutCall = []
        callsCut = []
        shared = nil
        sharedOverBudget = false
        returnPoints = []
    }

    /// The reverse adjacency of a forward one: per node, the edges into it (by their
    /// sources and edge numbers), in order of the sources.
    ///
    /// - Complexity: O(V + E), a counting sort.
    static func reverse(offsets: [Int], targets: [Int]) -> (offsets: [Int], sources: [Int], edges: [Int]) {
        let nodes = offsets.count - 1
        var inDegree = [Int](repeating: 0, count: nodes)
        for w in targets { inDegree[w] += 1 }
        var reverseOffsets = [Int](repeating: 0, count: nodes + 1)
        for v in 0..<nodes { reverseOffsets[v + 1] = reverseOffsets[v] + inDegree[v] }
        var fill = reverseOffsets
        var sources = [Int](repeating: 0, count: targets.count)
        var edges = [Int](repeating: 0, count: targets.count)
        for v in 0..<nodes {
            for e in offsets[v]..<offsets[v + 1] {
                let w = targets[e]
                sources[fill[w]] = v
                edges[fill[w]] = e
                fill[w] += 1
            }
        }
        return (reverseOffsets, sources, edges)
    }

    // Codes of `stepOf` for choices that are not steps.
    /// A restart or an inclusion: neither picked nor a way on.
    static let notPicked = -1
    /// A return: a way on (the passage is no ending), followed by the running call.
    static let notStepReturn = -2
    static let notStepBroken = -3
    static let notStepDynamic = -4
    /// A call: a way on, into the callee's copy for the call's return point.
    static let notStepCall = -5

    /// How deep inclusions are followed: a passage shown inside a passage shown inside …
    /// 32 levels down is not shown (real stories nest a few levels; a hostile chain of
    /// 100,000 passages each showing the next would otherwise credit P²/2 choices).
    package static let inclusionDepthLimit = 32

    /// For every passage, the passages it shows by inclusion, down to
    /// `inclusionDepthLimit` levels: an iterative depth-first search over the inclusions
    /// in choice order, each passage once (the guard against a passage that shows
    /// itself, directly or through others). `cut` lists the passages whose inclusions go
    /// deeper than the limit.
    ///
    /// - Complexity: O(P + I) for passages without inclusions; O(I) more per passage
    ///   for each inclusion it reaches.
    static func inclusionClosure(_ includesOf: [[Int]]) -> (offsets: [Int], passages: [Int], cut: [Int]) {
        let n = includesOf.count
        var offsets = [Int](repeating: 0, count: n + 1)
        var result: [Int] = []
        var cut: [Int] = []
        var stamp = [Int](repeating: -1, count: n)
        var stack: [(passage: Int, depth: Int)] = []
        for v in 0..<n {
            if !includesOf[v].isEmpty {
                stamp[v] = v
                var isCut = false
                for u in includesOf[v].reversed() { stack.append((u, 1)) }
                while let (u, depth) = stack.popLast() {
                    guard stamp[u] != v else { continue }
                    stamp[u] = v
                    result.append(u)
                    guard depth < inclusionDepthLimit else {
                        if !includesOf[u].isEmpty { isCut = true }
                        continue
                    }
                    for w in includesOf[u].reversed() { stack.append((w, depth + 1)) }
                }
                if isCut { cut.append(v) }
            }
            offsets[v + 1] = result.count
        }
        return (offsets, result, cut)
    }

    /// The number of nodes: the passages, then the copies of callee bodies
    /// (`passageOf` maps every node to its passage). Per-node arrays have this length.
    public var count: Int { passageOf.count }
    /// The number of edges (path steps).
    public var edgeCount: Int { edgeTargets.count }

    /// The edge numbers leaving `v`.
    @inlinable public func edges(from v: Int) -> Range<Int> { edgeOffsets[v]..<edgeOffsets[v + 1] }

    /// The passages `v` leads to, one per edge (a passage appears twice when two choices
    /// lead to it).
    @inlinable public func successors(of v: Int) -> ArraySlice<Int> {
        edgeTargets[edgeOffsets[v]..<edgeOffsets[v + 1]]
    }

    /// The passages that lead to `v`, one per edge.
    @inlinable public func predecessors(of v: Int) -> ArraySlice<Int> {
        reverseSources[reverseOffsets[v]..<reverseOffsets[v + 1]]
    }

    /// The choice an edge comes from.
    public func choice(ofEdge e: Int, from v: Int) -> Choice {
        choice(edgeRefs[e])
    }

    /// The passages shown inside `v` by inclusion (see `shownPassages`).
    package func shown(in v: Int) -> ArraySlice<Int> {
        let p = passageOf[v]
        return shownPassages[shownOffsets[p]..<shownOffsets[p + 1]]
    }

    public func choice(_ ref: ChoiceRef) -> Choice { story.passages[ref.passage].choices[ref.choice] }

    /// The passage of node `v` (itself for `v < passageCount`, the source of a copy else).
    public func passage(_ v: Int) -> Passage { story.passages[passageOf[v]] }

    /// Whether node `v` is a copy of a callee's passage (not the passage's own node).
    @inlinable public func isCopy(_ v: Int) -> Bool { v >= passageCount }
}
