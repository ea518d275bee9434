import StoryGraph

/// Linked story objects found by the shape of the code, whatever the class and its fields
/// are called:
/// - *objects* are variables bound to a constructor call with a string among its arguments
///   (`let hall = Page(story: "…")`, `Leaf *first = [[Leaf alloc] initWithText:@"…"]`);
/// - a *link label* is an argument label that holds an object's name in some constructor
///   call (`Node(s: "…", nL: deep, nR: lose)`: `nL` and `nR`); in every call, those labels
///   are the object's links, numbered in the order written;
/// - a *builder link* joins an owner object to a target object with a label, by property
///   assignment (`start.firstChoice = Choice(title: "Door", page: hall)`), by a method call
///   (`hall.addChoiceWith(title: "Go out", page: out)`, `[first addChoiceWithTitle:@"…" leaf:left]`),
///   or by a method call whose argument builds the choice
///   (`garden.addOption(Option(text: "…", destinationPage: out))`).
/// Only objects that take part in a link are story pieces, so a view controller's other
/// objects (`UITapGestureRecognizer(target: self, …)`) are not.
///
/// - Complexity: O(n) in the size of the summary.
struct LinkedObjectShape {
    typealias Node = SwiftSourceParser.Node
    typealias Argument = SwiftSourceParser.Argument

    /// A label joined to a target, added to `owner`'s choices.
    struct BuilderLink {
        var owner: String
        var label: String?
        var labelOffset: Int
        var target: String
        var targetOffset: Int
    }

    /// Variables bound to a constructor call with a string argument.
    private(set) var objects: Set<String> = []
    /// Labels that hold an object's name in some constructor call.
    private(set) var linkLabels: Set<String> = []
    private(set) var builderLinks: [BuilderLink] = []
    /// Objects that take part in a link (an owner or a target).
    private(set) var pieces: Set<String> = []
    /// Objects made by a builder call on another (`let rover = touchdown.addChoiceWith(title: "…", story: .rover)`),
    /// and pages a builder call makes without a name (`cave.addChoiceWith(title: "…", story: .droid)`,
    /// named after their case): their text is the case they are made from.
    private(set) var made: [String: (text: String, offset: Int)] = [:]
    /// Pages made without a name, in the order written.
    private(set) var unnamed: [String] = []
    /// Objects whose text is an enum case (`Page(story: .returnTrip)`): the case's name.
    private(set) var caseTexts: [String: String] = [:]
    /// The type each object is made of (`Node`, `Page`).
    private(set) var types: [String: String] = [:]
    /// Objects whose text and labels are another object's, of another type
    /// (`let node1 = Node(s: st1, nL: node3, nR: node2)` with `let st1 = Story(d: "…", aL: "…", aR: "…")`):
    /// that object's constructor arguments.
    private(set) var contents: [String: [Argument]] = [:]

    /// `.returnTrip` or `.returnTrip(name: name)`: the case's name.
    static func caseName(_ node: Node) -> String? {
        switch node.expression {
        case .name(let path) where path.count == 2 && path[0].isEmpty: return path[1]
        case .call(let callee, _) where callee.count == 2 && callee[0].isEmpty: return callee[1]
        default: return nil
        }
    }

    /// `x` or `self.x`: the variable a binding or a name is about.
    static func ownName(_ path: [String]) -> String? {
        if path.count == 1 { return path[0] }
        if path.count == 2, path[0] == "self" { return path[1] }
        return nil
    }

    init(_ summary: SwiftSourceParser.Summary, _ constants: SourceConstants) {
        var constructors: [(name: String, arguments: [Argument])] = []
        for binding in summary.bindings {
            guard let name = Self.ownName(binding.path), name != "self",
                case .call(let callee, let arguments) = binding.value.expression
            else { continue }
            if callee.count == 2, objects.contains(callee[0]),
                arguments.contains(where: { constants.string($0.value) != nil }),
                let made = arguments.lazy.compactMap({ Self.caseName($0.value) }).first
            {
                // `let rover = touchdown.addChoiceWith(title: "…", story: .rover)`
                objects.insert(name)
                self.made[name] = (made, binding.offset)
                continue
            }
            guard let type = callee.first, type.first?.isUppercase == true, callee.last != "append" else { continue }
            let cases = arguments.compactMap { Self.caseName($0.value) }
            guard arguments.contains(where: { constants.string($0.value) != nil }) || !cases.isEmpty else { continue }
            objects.insert(name)
            types[name] = type
            if let text = cases.first, !arguments.contains(where: { constants.string($0.value) != nil }) {
                caseTexts[name] = text
            }
            constructors.append((name, arguments))
        }
        // Objects made of other objects only (`Node(s: st1, nL: node3, nR: node2)`), found
        // in passes until none is added (each pass adds one at least, so at most n passes).
        var pending = summary.bindings.compactMap { binding -> (String, String, [Argument])? in
            guard let name = Self.ownName(binding.path), name != "self", !objects.contains(name),
                case .call(let callee, let arguments) = binding.value.expression,
                let type = callee.first, type.first?.isUppercase == true, callee.last != "append"
            else { return nil }
            return (name, type, arguments)
        }
        var argumentsByName: [String: [Argument]] = [:]
        for (name, arguments) in constructors where argumentsByName[name] == nil { argumentsByName[name] = arguments }
        var added = true
        while added {
            added = false
            var rest: [(String, String, [Argument])] = []
            for (name, type, arguments) in pending {
                let named = arguments.compactMap { objectName($0.value) }
                guard let content = named.first(where: { types[$0] != type }) else {
                    rest.append((name, type, arguments))
                    continue
                }
                objects.insert(name)
                types[name] = type
                contents[name] = argumentsByName[content]
                if argumentsByName[name] == nil { argumentsByName[name] = arguments }
                constructors.append((name, arguments))
                added = true
            }
            pending = rest
        }
        for (name, arguments) in constructors {
            for argument in arguments {
                guard let label = argument.label, let target = objectName(argument.value),
                    types[target] == types[name]
                else { continue }
                linkLabels.insert(label)
                pieces.formUnion([name, target])
            }
        }
        for binding in summary.bindings {
            guard let name = Self.ownName(binding.path), let made = made[name],
                case .call(let callee, let arguments) = binding.value.expression
            else { continue }
            let label = arguments.first { constants.string($0.value) != nil }
            builderLinks.append(
                BuilderLink(
                    owner: callee[0], label: label.flatMap { constants.string($0.value) },
                    labelOffset: label?.offset ?? made.offset, target: name, targetOffset: made.offset))
            pieces.formUnion([callee[0], name])
        }
        for binding in summary.bindings {
            // `start.firstChoice = Choice(title: "Door", page: hall)`
            guard binding.path.count >= 2, case .call(_, let arguments) = binding.value.expression,
                let owner = Self.ownName(Array(binding.path.dropLast())), objects.contains(owner)
            else { continue }
            addLinks(owner: owner, arguments, constants)
        }
        for node in summary.looseExpressions {
            guard case .call(let callee, let arguments) = node.expression, let owner = Self.owner(callee),
                objects.contains(owner)
            else { continue }
            // `[piece setFirstPiece:other]` is a property set the AdventurePiece reading knows.
            if arguments.allSatisfy({ $0.label?.hasPrefix("set") == true }) { continue }
            if callee.count == 2, !arguments.contains(where: { objectName($0.value) != nil }),
                let label = arguments.first(where: { constants.string($0.value) != nil }),
                let made = arguments.lazy.compactMap({ Self.caseName($0.value) }).first
            {
                // `cave.addChoiceWith(title: "…", story: .droid)`: a page with no name of its own.
                let name = objects.contains(made) || self.made[made] != nil ? "\(made)-\(node.offset)" : made
                self.made[name] = (made, node.offset)
                unnamed.append(name)
                builderLinks.append(
                    BuilderLink(
                        owner: owner, label: constants.string(label.value), labelOffset: label.offset,
                        target: name, targetOffset: node.offset))
                pieces.formUnion([owner, name])
                continue
            }
            addLinks(owner: owner, arguments, constants)
        }
        builderLinks.sort { $0.labelOffset < $1.labelOffset }
    }

    /// The receiver of a method call: `x.add(…)`, `self.x.add(…)`, `[x add…]`.
    static func owner(_ callee: [String]) -> String? {
        if callee.count == 1 { return callee[0] }
        if callee.count == 2 { return callee[0] == "self" ? nil : callee[0] }
        if callee.count == 3, callee[0] == "self" { return callee[1] }
        return nil
    }

    /// Whether `label`'s value links objects, in a call to any constructor.
    func isLinkLabel(_ label: String?) -> Bool { label.map(linkLabels.contains) ?? false }

    /// The object a value names, if it names one.
    func objectName(_ node: Node) -> String? {
        guard case .name(let path) = node.expression, let name = Self.ownName(path), objects.contains(name) else {
            return nil
        }
        return name
    }

    /// The links in one builder call's arguments: the arguments themselves when one names an
    /// object, else each call among them (or in an array among them) that does.
    private mutating func addLinks(owner: String, _ arguments: [Argument], _ constants: SourceConstants) {
        var lists: [[Argument]] = [arguments]
        var index = 0
        while index < lists.count {
            let list = lists[index]
            index += 1
            if let link = link(owner: owner, list, constants) {
                builderLinks.append(link)
                pieces.formUnion([owner, link.target])
                continue
            }
            for argument in list {
                switch argument.value.expression {
                case .call(_, let inner): lists.append(inner)
                case .array(let elements):
                    for element in elements { if case .call(_, let inner) = element.expression { lists.append(inner) } }
                default: continue
                }
            }
        }
    }

    private func link(owner: String, _ arguments: [Argument], _ constants: SourceConstants) -> BuilderLink? {
        guard let targetArgument = arguments.first(where: { objectName($0.value) != nil }),
            let target = objectName(targetArgument.value)
        else { return nil }
        let label = arguments.first { constants.string($0.value) != nil }
        return BuilderLink(
            owner: owner, label: label.flatMap { constants.string($0.value) },
            labelOffset: label?.offset ?? targetArgument.offset, target: target,
            targetOffset: targetArgument.value.offset)
    }
}
