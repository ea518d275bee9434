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
public struct StoryGraph: Sendable {
    public let story: Story
    /// Passage ids by index.
    public let ids: [String]
    public let indexByID: [String: Int]
    /// The index of the start passage.
    public let start: Int
    public let isEnding: [Bool]

    /// Edges leaving passage `v` are `edgeOffsets[v] ..< edgeOffsets[v + 1]`.
    public let edgeOffsets: [Int]
    /// The passage each edge leads to.
    public let edgeTargets: [Int]
    /// The index, within its passage's `choices`, of the choice each edge comes from.
    public let edgeChoices: [Int]

    /// Edges entering passage `v` are `reverseOffsets[v] ..< reverseOffsets[v + 1]`.
    public let reverseOffsets: [Int]
    /// The passage each reverse edge comes from.
    public let reverseSources: [Int]
    /// The forward edge number of each reverse edge.
    public let reverseEdges: [Int]

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

    /// Compiles a validated story (unique ids, existing start: see `Story.validated()`).
    ///
    /// - Complexity: O(P + C) for P passages and C choices.
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
        var isEnding: [Bool] = []
        isEnding.reserveCapacity(n)
        for i in 0..<n {
            let id = passages[i].id
            ids.append(id)
            // The first passage with an id keeps it (a validated story has no second).
            if let first = indexByID.updateValue(i, forKey: id) { indexByID[id] = first }
            isEnding.append(passages[i].isEnding)
        }
        self.ids = ids
        self.indexByID = indexByID
        self.start = indexByID[story.start] ?? 0
        self.isEnding = isEnding

        var edgeOffsets = [Int](repeating: 0, count: n + 1)
        var edgeTargets: [Int] = []
        var edgeChoices: [Int] = []
        var inDegree = [Int](repeating: 0, count: n)
        var restarts: [ChoiceRef] = []
        var brokenLinks: [ChoiceRef] = []
        var includes: [(ref: ChoiceRef, target: Int)] = []
        var dynamicLinks: [ChoiceRef] = []
        var endingExits: [(ref: ChoiceRef, target: Int)] = []
        for v in 0..<n {
            let choices = passages[v].choices
            for c in choices.indices {
                let ref = ChoiceRef(passage: v, choice: c)
                if choices[c].isRestart { restarts.append(ref); continue }
                let kind = choices[c].kind
                if kind == .dynamic { dynamicLinks.append(ref); continue }
                // A return goes wherever the running call said: no edge of its own here
                // (calls are followed as steps into the callee).
                if kind == .return { continue }
                guard let target = indexByID[choices[c].target] else { brokenLinks.append(ref); continue }
                if kind == .include { includes.append((ref, target)); continue }
                if isEnding[v] { endingExits.append((ref, target)); continue }
                edgeTargets.append(target)
                edgeChoices.append(c)
                inDegree[target] += 1
            }
            edgeOffsets[v + 1] = edgeTargets.count
        }
        self.edgeOffsets = edgeOffsets
        self.edgeTargets = edgeTargets
        self.edgeChoices = edgeChoices
        self.restarts = restarts
        self.brokenLinks = brokenLinks
        self.includes = includes
        self.dynamicLinks = dynamicLinks
        self.endingExits = endingExits

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
        story.passages[v].choices[edgeChoices[e]]
    }

    public func choice(_ ref: ChoiceRef) -> Choice { story.passages[ref.passage].choices[ref.choice] }

    public func passage(_ v: Int) -> Passage { story.passages[v] }
}
