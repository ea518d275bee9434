/// The strongly connected components of a story's path steps.
package struct StronglyConnectedComponents: Sendable {
    /// The component of each passage. Components are numbered in reverse topological
    /// order: every edge goes from a component to one with a smaller or equal number, so
    /// walking numbers upwards visits a passage's successors' components first.
    package let componentOf: [Int]
    /// The passages of each component (`members[c]` is a collection indexed from 0),
    /// all held in one flat array: no allocation per component.
    package let members: Members
    /// Whether each component holds a cycle (more than one passage, or a self-loop).
    package let isCyclic: [Bool]
    /// Every passage, component by component in component order (sinks first): one flat
    /// array, for loops over the components that must not chase a pointer per component.
    package var order: [Int] { members.flat }

    /// Tarjan's algorithm (Tarjan 1972), with an explicit stack instead of recursion so
    /// that a chain of 100,000 passages works.
    ///
    /// - Complexity: O(V + E) time and O(V) extra space.
    package init(_ graph: StoryGraph) {
        let workspace = TarjanWorkspace(count: graph.count)
        let starts = workspace.run(offsets: graph.edgeOffsets, targets: graph.edgeTargets, roots: 0..<graph.count)
        self.componentOf = workspace.componentOf
        let members = Members(flat: workspace.order, starts: starts)
        self.members = members
        var isCyclic = [Bool](repeating: false, count: starts.count - 1)
        let offsets = graph.edgeOffsets
        let targets = graph.edgeTargets
        let flat = members.flat
        for c in 0..<(starts.count - 1) {
            if starts[c + 1] - starts[c] > 1 {
                isCyclic[c] = true
            } else {
                let v = flat[starts[c]]
                for e in offsets[v]..<offsets[v + 1] where targets[e] == v {
                    isCyclic[c] = true
                    break
                }
            }
        }
        self.isCyclic = isCyclic
    }

    package var count: Int { members.count }

    /// The components' passages, component by component.
    package struct Members: RandomAccessCollection, Sendable {
        let flat: [Int]
        /// Component `c` is `flat[starts[c] ..< starts[c + 1]]`.
        let starts: [Int]

        package var startIndex: Int { 0 }
        package var endIndex: Int { starts.count - 1 }
        package subscript(c: Int) -> Component { Component(flat: flat, range: starts[c]..<starts[c + 1]) }
    }

    /// The passages of one component, indexed from 0.
    package struct Component: RandomAccessCollection, Sendable {
        let flat: [Int]
        let range: Range<Int>

        package var startIndex: Int { 0 }
        package var endIndex: Int { range.count }
        package subscript(i: Int) -> Int { flat[range.lowerBound + i] }
    }
}

/// The scratch memory of an iterative Tarjan search, kept between searches so that many
/// searches on parts of one graph (Johnson's algorithm) cost only what they visit. The
/// per-passage arrays and the two stacks are raw buffers allocated once, so the inner
/// loop does no bounds checks, no reference counting and no growth.
final class TarjanWorkspace {
    private let n: Int
    private let index: UnsafeMutablePointer<Int>
    private let low: UnsafeMutablePointer<Int>
    private let componentNumber: UnsafeMutablePointer<Int>
    /// Tarjan's stack of passages, and the explicit call stack (passage, next edge).
    private let stack: UnsafeMutablePointer<Int>
    private let frameV: UnsafeMutablePointer<Int>
    private let frameEdge: UnsafeMutablePointer<Int>
    /// The passages of the components found, in the order they were completed.
    private(set) var order: [Int] = []
    private var visited: [Int] = []

    init(count n: Int) {
        self.n = n
        let size = max(n, 1)
        index = .allocate(capacity: size)
        index.initialize(repeating: -1, count: size)
        low = .allocate(capacity: size)
        low.initialize(repeating: 0, count: size)
        componentNumber = .allocate(capacity: size)
        componentNumber.initialize(repeating: -1, count: size)
        stack = .allocate(capacity: size)
        frameV = .allocate(capacity: size)
        frameEdge = .allocate(capacity: size)
    }

    deinit {
        for buffer in [index, low, componentNumber, stack, frameV, frameEdge] { buffer.deallocate() }
    }

    /// The component number of each passage found by the last search (-1 elsewhere).
    var componentOf: [Int] { Array(UnsafeBufferPointer(start: componentNumber, count: n)) }

    /// Tarjan's algorithm (Tarjan 1972) from each of `roots` not yet visited, following
    /// only edges into passages `v` with `mark[v] == tag` when `mark` is given. The
    /// components found are appended to `order`, numbered in reverse topological order;
    /// returns where each starts in `order` (and, last, where the last one ends). A
    /// passage is on Tarjan's stack exactly when it has an index and no component yet,
    /// so no separate on-stack flag is kept.
    ///
    /// - Complexity: O(V' + E') for the V' passages and E' edges it visits.
    func run(
        offsets: [Int], targets: [Int], roots: some Sequence<Int>, mark: [Int]? = nil, tag: Int = 0
    ) -> [Int] {
        // Worked on as locals (moved out and back), so that the loop pays no dynamic
        // exclusivity check on the class's stored properties.
        var order = self.order
        var visited = self.visited
        self.order = []
        self.visited = []
        defer {
            self.order = order
            self.visited = visited
        }
        var starts = [order.count]
        if mark == nil { order.reserveCapacity(order.count + n) }
        let index = self.index
        let low = self.low
        let componentNumber = self.componentNumber
        let stack = self.stack
        let frameV = self.frameV
        let frameEdge = self.frameEdge
        offsets.withUnsafeBufferPointer { offsets in
            targets.withUnsafeBufferPointer { targets in
                var top = 0 // size of Tarjan's stack
                var depth = 0 // size of the call stack
                var counter = 0
                for root in roots where index[root] < 0 {
                    index[root] = counter
                    low[root] = counter
                    counter &+= 1
                    if mark != nil { visited.append(root) }
                    stack[top] = root
                    top &+= 1
                    frameV[0] = root
                    frameEdge[0] = offsets[root]
                    depth = 1
                    while depth > 0 {
                        let v = frameV[depth &- 1]
                        let e = frameEdge[depth &- 1]
                        if e < offsets[v &+ 1] {
                            frameEdge[depth &- 1] = e &+ 1
                            let w = targets[e]
                            if let mark, mark[w] != tag { continue }
                            let iw = index[w]
                            if iw < 0 {
                                index[w] = counter
                                low[w] = counter
                                counter &+= 1
                                if mark != nil { visited.append(w) }
                                stack[top] = w
                                top &+= 1
                                frameV[depth] = w
                                frameEdge[depth] = offsets[w]
                                depth &+= 1
                            } else if componentNumber[w] < 0, iw < low[v] {
                                low[v] = iw
                            }
                            continue
                        }
                        depth &-= 1
                        if depth > 0 {
                            let parent = frameV[depth &- 1]
                            if low[v] < low[parent] { low[parent] = low[v] }
                        }
                        if low[v] == index[v] {
                            let number = starts.count &- 1
                            while true {
                                top &-= 1
                                let w = stack[top]
                                componentNumber[w] = number
                                order.append(w)
                                if w == v { break }
                            }
                            starts.append(order.count)
                        }
                    }
                }
            }
        }
        return starts
    }

    /// The components of the passages `roots` reach through passages marked `tag`, each
    /// as an array, in reverse topological order; then forgets the search.
    func components(
        offsets: [Int], targets: [Int], roots: some Sequence<Int>, mark: [Int], tag: Int
    ) -> [[Int]] {
        let starts = run(offsets: offsets, targets: targets, roots: roots, mark: mark, tag: tag)
        let found = (0..<(starts.count - 1)).map { Array(order[starts[$0]..<starts[$0 + 1]]) }
        reset()
        return found
    }

    /// Forgets the last searches (run with a mark), in time proportional to what they visited.
    func reset() {
        for v in visited {
            index[v] = -1
            componentNumber[v] = -1
        }
        visited.removeAll(keepingCapacity: true)
        order.removeAll(keepingCapacity: true)
    }
}
