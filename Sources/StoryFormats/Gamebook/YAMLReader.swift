internal import CYAML
import StoryGraph

/// Reads a YAML document into a located `LocatedValue` tree with libyaml's event parser
/// (a real YAML 1.1 parser, through the `CYAML` system library). Only the first document
/// of a stream is read. Plain scalars resolve to null, booleans and numbers as YAML's core
/// schema says; quoted and block scalars are strings. Aliases are shared, not copied, and
/// the nodes they add are bounded twice: at most `maximumNodes` while reading (a "billion
/// laughs" file is refused rather than grown), and at most `aliasNodesPerNode` per node
/// of the file (plus `aliasAllowance`) once it is read, so that what reads the tree
/// afterwards (the schema inference, the loader) is linear in the file.
///
/// - Complexity: O(n) in the size of the file; the tree it returns has O(n) nodes counting
///   each alias as what it expands to.
package enum YAMLReader {
    package static let maximumDepth = 256
    package static let maximumNodes = 1_000_000

    /// Aliases may add this many nodes per node of the document itself, besides
    /// `aliasAllowance`: what the schema inference and the loader walk stays within a
    /// constant factor of the file, where a few lines of aliases naming aliases could
    /// otherwise make every section repeat a list as long as the file (quadratic).
    package static let aliasNodesPerNode = 16
    package static let aliasAllowance = 10_000

    /// An open map or list. Its entries grow in place (`stack[top].entries.append`), O(1)
    /// each: a frame taken off the stack and bound out of an enum's payload to append
    /// copies the whole list every time (quadratic in its length).
    private struct Frame {
        var isMap: Bool
        var entries: [LocatedValue.Entry] = []
        var elements: [LocatedValue] = []
        var pendingKey: (String, SourceLocation)?
        var location: SourceLocation
        var anchor: String?
    }

    package static func read(_ source: SourceText) throws(StoryLoadError) -> LocatedValue {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw StoryLoadError("libyaml could not start (out of memory)", at: source.location(atByte: 0))
        }
        defer { yaml_parser_delete(&parser) }
        return try source.utf8.withUnsafeBufferPointer { bytes throws(StoryLoadError) -> LocatedValue in
            yaml_parser_set_input_string(&parser, bytes.baseAddress, bytes.count)
            yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
            return try events(&parser, source)
        }
    }

    private static func location(_ mark: yaml_mark_t, _ source: SourceText) -> SourceLocation {
        SourceLocation(file: source.path, line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    private static func string(_ pointer: UnsafeMutablePointer<yaml_char_t>?, _ length: Int) -> String {
        guard let pointer else { return "" }
        return String(decoding: UnsafeBufferPointer(start: pointer, count: length), as: UTF8.self)
    }

    private static func cString(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        guard let pointer else { return nil }
        return String(cString: pointer)
    }

    private static func syntaxError(_ parser: yaml_parser_t, _ source: SourceText) -> StoryLoadError {
        let problem = parser.problem.map { String(cString: $0) } ?? "unreadable YAML"
        let context = parser.context.map { String(cString: $0) }
        var message = "YAML syntax error: \(problem)"
        if let context { message += " (\(context))" }
        // Running off the end of the file inside something (a quoted text, a [list]) is
        // the fault of the line where that something starts: name that line.
        let runsOff = problem.contains("end of stream") && parser.context != nil
        let mark = runsOff ? parser.context_mark : parser.problem_mark
        if runsOff {
            message +=
                "; it is never closed: close it on this line, or put a text that spans lines in a block (text: |)"
        } else {
            message +=
                "; check this line's indentation against the lines above it, and put text that holds ': ', ' #' or starts with a quote, '-', '[' or '{' in quotes"
        }
        return StoryLoadError(GamebookRules.yamlSyntax, message, at: location(mark, source))
    }

    private static func events(_ parser: inout yaml_parser_t, _ source: SourceText) throws(StoryLoadError)
        -> LocatedValue
    {
        var stack: [Frame] = []
        var anchors: [String: (node: LocatedValue, size: Int)] = [:]
        var sizes: [Int] = []
        var nodes = 0
        // The document's own nodes (each event but an alias's).
        var own = 0
        var result: LocatedValue?

        func finish(_ node: LocatedValue, size: Int, anchor: String?, _ source: SourceText) throws(StoryLoadError) {
            if let anchor { anchors[anchor] = (node, size) }
            guard !stack.isEmpty else {
                result = node
                return
            }
            sizes[sizes.count - 1] += size
            let top = stack.count - 1
            if !stack[top].isMap {
                stack[top].elements.append(node)
            } else if let (key, keyLocation) = stack[top].pendingKey {
                stack[top].entries.append(.init(key: key, keyLocation: keyLocation, value: node))
                stack[top].pendingKey = nil
            } else {
                guard let key = node.scalarText ?? (node.isNull ? "" : nil) ?? scalarKey(node) else {
                    throw StoryLoadError(
                        GamebookRules.yamlSyntax, "a map key must be a plain value, found \(node.typeName)",
                        at: node.location)
                }
                stack[top].pendingKey = (key, node.location)
            }
        }

        while result == nil {
            var event = yaml_event_t()
            guard yaml_parser_parse(&parser, &event) == 1 else { throw syntaxError(parser, source) }
            defer { yaml_event_delete(&event) }
            let at = location(event.start_mark, source)
            switch event.type {
            case YAML_STREAM_END_EVENT:
                if result == nil { throw StoryLoadError("empty YAML document: no story in it", at: at) }
            case YAML_MAPPING_START_EVENT, YAML_SEQUENCE_START_EVENT:
                guard stack.count < maximumDepth else {
                    throw StoryLoadError(
                        GamebookRules.yamlSyntax,
                        "YAML nested deeper than \(maximumDepth) levels; storygraph reads no deeper", at: at)
                }
                if event.type == YAML_MAPPING_START_EVENT {
                    stack.append(Frame(isMap: true, location: at, anchor: cString(event.data.mapping_start.anchor)))
                } else {
                    stack.append(Frame(isMap: false, location: at, anchor: cString(event.data.sequence_start.anchor)))
                }
                sizes.append(1)
            case YAML_MAPPING_END_EVENT, YAML_SEQUENCE_END_EVENT:
                let frame = stack.removeLast()
                let size = sizes.removeLast()
                let value: LocatedValue.Value = frame.isMap ? .map(frame.entries) : .list(frame.elements)
                try finish(LocatedValue(value, at: frame.location), size: size, anchor: frame.anchor, source)
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                let text = string(scalar.value, scalar.length)
                let plain = scalar.style == YAML_PLAIN_SCALAR_STYLE && scalar.tag == nil
                let node = LocatedValue(.scalar(text, plain ? resolve(text) : .string), at: at)
                try finish(node, size: 1, anchor: cString(scalar.anchor), source)
            case YAML_ALIAS_EVENT:
                let name = cString(event.data.alias.anchor) ?? ""
                guard let (node, size) = anchors[name] else {
                    throw StoryLoadError(
                        GamebookRules.yamlSyntax, "YAML alias *\(name) names no anchor &\(name) above it", at: at)
                }
                try finish(LocatedValue(node.value, at: at), size: size, anchor: nil, source)
            default:
                break
            }
            // Only what aliases add counts against the budget: the file's own nodes are
            // bounded by its size already.
            if event.type == YAML_ALIAS_EVENT {
                nodes += anchors[cString(event.data.alias.anchor) ?? ""]?.size ?? 0
            } else {
                own += 1
            }
            if nodes > maximumNodes {
                throw StoryLoadError(
                    GamebookRules.yamlSyntax,
                    "YAML aliases expand to more than \(maximumNodes) nodes; storygraph reads no more", at: at)
            }
        }
        // Aliases bounded by the document: checked once it is all read, so that anchors
        // used before most of the file is read are not refused for it.
        let allowed = own * aliasNodesPerNode + aliasAllowance
        if nodes > allowed {
            throw StoryLoadError(
                GamebookRules.yamlSyntax,
                "YAML aliases expand to more than \(allowed) nodes (\(aliasNodesPerNode) per node of the file, plus \(aliasAllowance)); storygraph reads no more: repeat fewer or smaller lists through aliases",
                at: result!.location)
        }
        return result!
    }

    private static func scalarKey(_ node: LocatedValue) -> String? {
        if case .scalar(let text, _) = node.value { return text }
        return nil
    }

    /// YAML's core schema for a plain scalar.
    static func resolve(_ text: String) -> LocatedValue.Scalar {
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "true", "True", "TRUE", "false", "False", "FALSE": return .bool
        default: break
        }
        var digits = Substring(text)
        if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
        guard let first = digits.first, first.isASCII, first.isNumber || first == "." else { return .string }
        return Double(digits) != nil && digits.allSatisfy({ $0.isASCII && ($0.isNumber || "._eE+-".contains($0)) })
            ? .number : .string
    }
}
