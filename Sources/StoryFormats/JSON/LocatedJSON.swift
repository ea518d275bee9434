import StoryGraph
/// A JSON value that remembers where it was written. Foundation's `JSONSerialization`
/// forgets positions, and every diagnostic of a JSON story must name its line, so the
/// JSON loaders parse with this small RFC 8259 parser instead.
public struct LocatedJSON: Sendable {
    public enum Value: Sendable {
        case object([Member])
        case array([LocatedJSON])
        case string(String)
        /// Numbers are kept as written, so that no precision is lost before a loader
        /// decides what it needs.
        case number(String)
        case bool(Bool)
        case null
    }

    /// One `"key": value` of an object, in source order.
    public struct Member: Sendable {
        public var key: String
        public var keyLocation: SourceLocation
        public var value: LocatedJSON
    }

    public var value: Value
    public var location: SourceLocation

    /// The name of the value's JSON type, for messages ("expected a string, found an array").
    public var typeName: String {
        switch value {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .number: "a number"
        case .bool: "a boolean"
        case .null: "null"
        }
    }

    public var members: [Member]? {
        if case .object(let members) = value { return members }
        return nil
    }

    public var elements: [LocatedJSON]? {
        if case .array(let elements) = value { return elements }
        return nil
    }

    public var string: String? {
        if case .string(let string) = value { return string }
        return nil
    }

    public var bool: Bool? {
        if case .bool(let bool) = value { return bool }
        return nil
    }

    public var isNull: Bool {
        if case .null = value { return true }
        return false
    }

    /// The first member with this key (use `members` to see duplicates).
    public subscript(key: String) -> LocatedJSON? {
        members?.first { $0.key == key }?.value
    }

    /// Parses a whole document. Nesting deeper than `maximumDepth` is refused with its
    /// location, so hostile input cannot exhaust the stack.
    public static func parse(_ source: SourceText, maximumDepth: Int = 256) throws(StoryLoadError) -> LocatedJSON {
        LocatedJSON(try JSONTape(source, maximumDepth: maximumDepth))
    }
}

extension JSONTape {
    /// The subtree at `n` as a `LocatedJSON`; nodes are located in source order, so the
    /// locator walks the file once.
    func located(_ n: Int, _ locator: inout ByteLocator) -> LocatedJSON {
        let location = locator.location(atByte: Int(nodes[n].start))
        switch nodes[n].kind {
        case .object:
            var members: [LocatedJSON.Member] = []
            forEachMember(n) { key, value in
                let keyLocation = locator.location(atByte: Int(nodes[key].start))
                members.append(.init(key: string(key), keyLocation: keyLocation, value: located(value, &locator)))
            }
            return LocatedJSON(value: .object(members), location: location)
        case .array:
            var elements: [LocatedJSON] = []
            forEachElement(n) { elements.append(located($0, &locator)) }
            return LocatedJSON(value: .array(elements), location: location)
        case .string: return LocatedJSON(value: .string(string(n)), location: location)
        case .number: return LocatedJSON(value: .number(numberText(n)), location: location)
        case .true: return LocatedJSON(value: .bool(true), location: location)
        case .false: return LocatedJSON(value: .bool(false), location: location)
        case .null: return LocatedJSON(value: .null, location: location)
        }
    }
}

extension LocatedJSON {
    /// The whole document of a tape already parsed.
    init(_ tape: JSONTape) {
        var locator = ByteLocator(tape.source)
        self = tape.located(tape.root, &locator)
    }
}
