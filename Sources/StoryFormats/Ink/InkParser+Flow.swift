import StoryGraph

extension InkParser {
    /// The weave of one flow (the root, a knot's own content, a stitch) being read: the
    /// passage that receives content, the open choice sets by depth and their loose ends
    /// (content that runs out and goes on at the next gather, as ink's `Weave` passes
    /// loose ends to gathers).
    struct Flow {
        enum Current {
            /// After a divert: content here is unreachable until the next weave point.
            case none
            case passage(Int)
            /// A choice just read, whose own content is not a passage yet (made on first
            /// use, so a choice with no content of its own leads straight on).
            case choice(owner: Int, choice: Int, depth: Int, text: String)
        }
        enum LooseEnd {
            /// A passage whose content runs out: an automatic step to the next gather.
            case passage(Int, SourceLocation?)
            /// A choice with no content and no divert: its target is the next gather.
            case choice(passage: Int, choice: Int)
        }
        struct Level {
            /// The passage that offers this depth's choice set.
            var owner: Int?
            var looseEnds: [LooseEnd] = []
        }

        var id: String
        var isFunction: Bool
        var current: Current = .none
        /// `levels[d - 1]` for choices and gathers of depth `d`.
        var levels: [Level] = []
        var counters: [String: Int] = [:]
        /// Whether anything but blank lines was read (a knot with none goes on into its
        /// first stitch, as in ink).
        var hasContent = false
        /// The last content read, where a loose end is reported.
        var lastLocation: SourceLocation?
        /// Whether the last content read holds a divert that may be taken (`{x: -> a}`,
        /// a sequence of diverts): ink does not call the flow's end a loose end then.
        var lastContentDiverts = false
        /// Loose ends left where the content read last may divert: not reported.
        var quietEnds: Set<Int> = []

        init(id: String, isFunction: Bool) {
            self.id = id
            self.isFunction = isFunction
        }

        mutating func nextNumber(_ kind: String) -> Int {
            let n = counters[kind, default: 0]
            counters[kind] = n + 1
            return n
        }

        mutating func level(_ depth: Int) -> Int {
            while levels.count < depth { levels.append(Level()) }
            return depth - 1
        }
    }
}
