import StoryGraph

extension LocatedValue {
    /// A whole JSON document, read by the RFC 8259 parser of `JSONTape`. Nesting deeper
    /// than `maximumDepth` is refused with its location, so hostile input cannot exhaust
    /// the stack.
    package static func parse(json source: SourceText, maximumDepth: Int = 256) throws(StoryLoadError) -> LocatedValue {
        LocatedValue(try JSONTape(source, maximumDepth: maximumDepth))
    }

    /// The whole document of a tape already parsed.
    init(_ tape: JSONTape) {
        var locator = ByteLocator(tape.source)
        self = tape.located(tape.root, &locator)
    }
}

extension JSONTape {
    /// The subtree at `n` as a `LocatedValue` (booleans and null as their literal text);
    /// nodes are located in source order, so the locator walks the file once.
    func located(_ n: Int, _ locator: inout ByteLocator) -> LocatedValue {
        let location = locator.location(atByte: Int(nodes[n].start))
        switch nodes[n].kind {
        case .object:
            var entries: [LocatedValue.Entry] = []
            forEachMember(n) { key, value in
                let keyLocation = locator.location(atByte: Int(nodes[key].start))
                entries.append(.init(key: string(key), keyLocation: keyLocation, value: located(value, &locator)))
            }
            return LocatedValue(.map(entries), at: location)
        case .array:
            var elements: [LocatedValue] = []
            forEachElement(n) { elements.append(located($0, &locator)) }
            return LocatedValue(.list(elements), at: location)
        case .string: return LocatedValue(.scalar(string(n), .string), at: location)
        case .number: return LocatedValue(.scalar(numberText(n), .number), at: location)
        case .true: return LocatedValue(.scalar("true", .bool), at: location)
        case .false: return LocatedValue(.scalar("false", .bool), at: location)
        case .null: return LocatedValue(.scalar("null", .null), at: location)
        }
    }
}
