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
public struct StoryGraph: Sendable {
    public let story: Story
    /// Passage ids by index.
    public let ids: [String]
    public let indexByID: [String: Int]
    /// The index of the start passage.
    public let start: Int
    public let isEnding: [Bool]
    /// Passages shown only inside other passages (never entered by a step, not the
    /// start, not a declared ending): neither an ending, nor unreachable, nor a trap.
    public let isFragment: [Bool]

    /// Edges leaving passage `v` are `edgeOffsets[v] ..< edgeOffsets[v + 1]`.
    public let edgeOffsets: [Int]
    /// The passage each edge leads to.
    public let edgeTargets: [Int]
    /// The choice each edge comes from: a choice of the edge's own passage, or of a
    /// passage it shows by inclusion.
    public let edgeRefs: [ChoiceRef]

    /// Edges entering passage `v` are `reverseOffsets[v] ..< reverseOffsets[v + 1]`.
    public let reverseOffsets: [Int]
    /// The passage each reverse edge comes from.
    public let reverseSources: [Int]
    /// The forward edge number of each reverse edge.
    public let reverseEdges: [Int]

    /// The passages shown inside `v` by inclusion, down to `inclusionDepthLimit`, each once, in the order
    /// a reader meets them: `shownPassages[shownOffsets[v] ..< shownOffsets[v + 1]]`.
    public let shownOffsets: [Int]
    public let shownPassages: [Int]
    /// Passages whose inclusions nest deeper than `inclusionDepthLimit` (what lies deeper
    /// is not credited to them), in source order.
    public let inclusionsCut: [Int]

    /// Choices with `restart` set (they lead back to the start).
    public let restarts: [ChoiceRef]
    /// Choices whose target does not exist.
    public let brokenLinks: [ChoiceRef]
    /// Inclusions (`include` kind) of an existing passage, with the included passage.
    public let includes: [(ref: ChoiceRef, target: Int)]
    /// Links whose target is computed at run time.
    public let dynamicLinks: [ChoiceRef]
    /// Step choices that leave an ending (drawn; not part of paths).
    public let endingExits: [(ref: ChoiceRef, target: Int)]
    /// Broken links of the passages shown inside `passage` by inclusion, where the reader
    /// meets them (`passage` neither an ending nor a fragment); `brokenLinks` keeps each
    /// once, at the passage it is written in.
    public let shownBrokenLinks: [(passage: Int, ref: ChoiceRef)]
    /// Dynamic links of the passages shown inside `passage`, as `shownBrokenLinks`.
    public let shownDynamicLinks: [(passage: Int, ref: ChoiceRef)]

    /// Compiles a validated story (unique ids, existing start: see `Story.validated()`).
    ///
    /// - Complexity: O(P + C) for P passages and C choices without inclusions; a passage
    ///   that shows others adds the choices of every passage it shows.
    public init(_ story: Story) {
        self.story = story
        let passages = story.passages
        let n = passages.count
        // Passages and choices are read in place, by index: copying a `Passage` out of
        // the array costs a retain and a release of each of its fields.
        var ids: [String] = []
        ids.reserveCapacity(n)
        var indexByID: [String: Int] = [:]
        indexByID.reserveCapacity(n)
        for i in 0..<n {
            let id = passages[i].id
            ids.append(id)
            // The first passage with an id keeps it (a validated story has no second).
            if let first = indexByID.updateValue(i, forKey: id) { indexByID[id] = first }
        }
        self.ids = ids
        self.indexByID = indexByID
        let start = indexByID[story.start] ?? 0
        self.start = start

        // Choices sorted by what they are; steps are gathered per passage below.
        var restarts: [ChoiceRef] = []
        var brokenLinks: [ChoiceRef] = []
        var includes: [(ref: ChoiceRef, target: Int)] = []
        var dynamicLinks: [ChoiceRef] = []
        var includesOf = [[Int]](repeating: [], count: n)
        var isIncluded = [Bool](repeating: false, count: n)
        // What each choice is, one hash lookup each: its target passage when it is a
        // step, else one of the `Self.not…` codes. Choice `c` of `v` is `stepOf[choiceBase[v] + c]`.
        var choiceBase = [Int](repeating: 0, count: n + 1)
        var stepOf: [Int] = []
        for v in 0..<n {
            let choices = passages[v].choices
            for c in choices.indices {
                let ref = ChoiceRef(passage: v, choice: c)
                if choices[c].isRestart { restarts.append(ref); stepOf.append(Self.notPicked); continue }
                let kind = choices[c].kind
                if kind == .dynamic { dynamicLinks.append(ref); stepOf.append(Self.notStepDynamic); continue }
                // A return goes wherever the running call said: no edge of its own here
                // (calls are followed as steps into the callee).
                if kind == .return { stepOf.append(Self.notStepReturn); continue }
                guard let target = indexByID[choices[c].target] else {
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
        var entered = [Bool](repeating: false, count: n)
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
        self.isFragment = isFragment
        self.isEnding = isEnding

        var edgeOffsets = [Int](repeating: 0, count: n + 1)
        var edgeTargets: [Int] = []
        var edgeRefs: [ChoiceRef] = []
        var inDegree = [Int](repeating: 0, count: n)
        var endingExits: [(ref: ChoiceRef, target: Int)] = []
        var shownBrokenLinks: [(passage: Int, ref: ChoiceRef)] = []
        var shownDynamicLinks: [(passage: Int, ref: ChoiceRef)] = []
        for v in 0..<n {
            if !isFragment[v] {
                for k in (shown.offsets[v] - 1)..<shown.offsets[v + 1] {
                    let u = k < shown.offsets[v] ? v : shown.passages[k]
                    let base = choiceBase[u]
                    for i in base..<choiceBase[u + 1] {
                        let ref = ChoiceRef(passage: u, choice: i - base)
                        let target = stepOf[i]
                        guard target >= 0 else {
                            guard u != v, !isEnding[v] else { continue }
                            if target == Self.notStepDynamic { shownDynamicLinks.append((v, ref)) }
                            if target == Self.notStepBroken { shownBrokenLinks.append((v, ref)) }
                            continue
                        }
                        if isEnding[v] { endingExits.append((ref, target)); continue }
                        edgeTargets.append(target)
                        edgeRefs.append(ref)
                        inDegree[target] += 1
                    }
                }
            }
            edgeOffsets[v + 1] = edgeTargets.count
        }
        self.edgeOffsets = edgeOffsets
        self.edgeTargets = edgeTargets
        self.edgeRefs = edgeRefs
        self.restarts = restarts
        self.brokenLinks = brokenLinks
        self.includes = includes
        self.dynamicLinks = dynamicLinks
        self.endingExits = endingExits
        self.shownBrokenLinks = shownBrokenLinks
        self.shownDynamicLinks = shownDynamicLinks

        var reverseOffsets = [Int](repeating: 0, count: n + 1)
        for v in 0..<n { reverseOffsets[v + 1] = reverseOffsets[v] + inDegree[v] }
        var fill = reverseOffsets
        var reverseSources = [Int](repeating: 0, count: edgeTargets.count)
        var reverseEdges = [Int](repeating: 0, count: edgeTargets.count)
        for v in 0..<n {
            for e in edgeOffsets[v]..<edgeOffsets[v + 1] {
                let w = edgeTargets[e]
                reverseSources[fill[w]] = v
                reverseEdges[fill[w]] = e
                fill[w] += 1
            }
        }
        self.reverseOffsets = reverseOffsets
        self.reverseSources = reverseSources
        self.reverseEdges = reverseEdges
    }

    // Codes of `stepOf` for choices that are not steps.
    /// A restart or an inclusion: neither picked nor a way on.
    private static let notPicked = -1
    /// A return: a way on (the passage is no ending), followed by the running call.
    private static let notStepReturn = -2
    private static let notStepBroken = -3
    private static let notStepDynamic = -4

    /// How deep inclusions are followed: a passage shown inside a passage shown inside …
    /// 32 levels down is not shown (real stories nest a few levels; a hostile chain of
    /// 100,000 passages each showing the next would otherwise credit P²/2 choices).
    public static let inclusionDepthLimit = 32

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

    /// The number of passages.
    public var count: Int { ids.count }
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
    public func shown(in v: Int) -> ArraySlice<Int> { shownPassages[shownOffsets[v]..<shownOffsets[v + 1]] }

    public func choice(_ ref: ChoiceRef) -> Choice { story.passages[ref.passage].choices[ref.choice] }

    public func passage(_ v: Int) -> Passage { story.passages[v] }
}
