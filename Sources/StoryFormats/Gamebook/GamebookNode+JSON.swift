import StoryGraph

extension GamebookNode {
    /// The tree of a JSON document, walked with an explicit stack (no recursion over
    /// nesting depth).
    init(json root: LocatedJSON) {
        // Post-order: a frame is finished once all its children are.
        // Each frame lists its children once: a member list mapped per step would make
        // an object of n members cost n² (a 100,000-arc CYOA file took minutes).
        struct Frame {
            var json: LocatedJSON
            var children: [LocatedJSON]
            var next = 0
            var built: [GamebookNode] = []

            init(json: LocatedJSON) {
                self.json = json
                switch json.value {
                case .object(let members): children = members.map(\.value)
                case .array(let elements): children = elements
                default: children = []
                }
                built.reserveCapacity(children.count)
            }
        }
        var stack = [Frame(json: root)]
        var result: GamebookNode?
        while !stack.isEmpty {
            let top = stack.count - 1
            if stack[top].next < stack[top].children.count {
                let child = stack[top].children[stack[top].next]
                stack[top].next += 1
                stack.append(Frame(json: child))
                continue
            }
            let frame = stack.removeLast()
            let json = frame.json
            let node: GamebookNode
            switch json.value {
            case .object(let members):
                node = GamebookNode(.map(zip(members, frame.built).map {
                    Entry(key: $0.key, keyLocation: $0.keyLocation, value: $1)
                }), at: json.location)
            case .array: node = GamebookNode(.list(frame.built), at: json.location)
            case .string(let text): node = GamebookNode(.scalar(text, .string), at: json.location)
            case .number(let text): node = GamebookNode(.scalar(text, .number), at: json.location)
            case .bool(let bool): node = GamebookNode(.scalar(bool ? "true" : "false", .bool), at: json.location)
            case .null: node = GamebookNode(.scalar("null", .null), at: json.location)
            }
            if stack.isEmpty { result = node } else { stack[stack.count - 1].built.append(node) }
        }
        self = result!
    }
}
