import Foundation

/// storygraph's own format: a JSON object with `title`, `start` and `passages`, each
/// passage with `id`, `text`, `tags`, `ending` and `choices` (`text`, `to`, `if`,
/// `restart`). See the README for a complete example.
public enum StoryJSONLoader: StoryLoader {
    public static let formatName = "story-json"
    public static let formatDescription = "storygraph JSON: an object with a \"passages\" array"
    public static let fileExtensions = ["json"]

    public static func confidence(for source: SourceText) -> Int {
        // Cheap sniff: the document is an object that mentions "passages".
        let head = source.scalars.prefix(1 << 16)
        guard head.first(where: { !$0.properties.isWhitespace }) == "{" else { return 0 }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: head)
        return String(text).contains("\"passages\"") ? 10 : 1
    }

    public static func load(_ sources: [SourceText], options: LoadOptions) throws(StoryLoadError) -> LoadResult {
        let source = sources[0]
        let root = try LocatedJSON.parse(source)
        var reader = Reader()
        let story = reader.story(root, source: source)
        if !reader.errors.isEmpty { throw StoryLoadError(reader.errors) }
        return LoadResult(story: story ?? Story(title: "", start: "", passages: [], format: formatName),
                          diagnostics: reader.warnings)
    }
}

/// Walks the located JSON, collecting every problem rather than stopping at the first.
private struct Reader {
    var errors: [Diagnostic] = []
    var warnings: [Diagnostic] = []

    mutating func error(_ message: String, _ at: SourceLocation) {
        errors.append(Diagnostic(.error, message, at: at))
    }

    mutating func unknownKeys(_ members: [LocatedJSON.Member], known: Set<String>, in what: String) {
        for member in members where !known.contains(member.key) {
            warnings.append(Diagnostic(
                .warning, "unknown key '\(member.key)' in \(what) is ignored (known keys: \(known.sorted().joined(separator: ", ")))",
                at: member.keyLocation, rule: "unknown-key"))
        }
    }

    mutating func string(_ value: LocatedJSON?, _ name: String, required: Bool = false, at: SourceLocation) -> String? {
        guard let value else {
            if required { error("missing '\(name)'", at) }
            return nil
        }
        guard let string = value.string else {
            error("'\(name)' must be a string, found \(value.typeName)", value.location)
            return nil
        }
        return string
    }

    mutating func story(_ root: LocatedJSON, source: SourceText) -> Story? {
        guard let members = root.members else {
            error("a story must be a JSON object with a \"passages\" array, found \(root.typeName)", root.location)
            return nil
        }
        unknownKeys(members, known: ["title", "start", "passages", "format", "ifid", "author", "description"], in: "the story")
        let title = string(root["title"], "title", at: root.location)
            ?? ((source.path as NSString).lastPathComponent as NSString).deletingPathExtension
        let start = string(root["start"], "start", at: root.location)
        guard let passagesValue = root["passages"] else {
            error("missing \"passages\": a story needs an array of passages", root.location)
            return nil
        }
        guard let elements = passagesValue.elements else {
            error("'passages' must be an array, found \(passagesValue.typeName)", passagesValue.location)
            return nil
        }
        if elements.isEmpty {
            error("'passages' is empty: a story needs at least one passage", passagesValue.location)
            return nil
        }
        let passages = elements.compactMap { passage($0) }
        return Story(
            title: title, start: start ?? passages.first?.id ?? "", passages: passages,
            format: StoryJSONLoader.formatName)
    }

    mutating func passage(_ value: LocatedJSON) -> Passage? {
        guard let members = value.members else {
            error("a passage must be an object, found \(value.typeName)", value.location)
            return nil
        }
        unknownKeys(members, known: ["id", "text", "tags", "ending", "choices", "position"], in: "a passage")
        let id = string(value["id"], "id", required: true, at: value.location)
        if let id, id.isEmpty { error("'id' must not be empty", value["id"]!.location) }
        let text = string(value["text"], "text", at: value.location) ?? ""
        var tags: [String] = []
        if let tagsValue = value["tags"] {
            if let elements = tagsValue.elements {
                for element in elements {
                    if let tag = string(element, "tags", at: element.location) { tags.append(tag) }
                }
            } else {
                error("'tags' must be an array of strings, found \(tagsValue.typeName)", tagsValue.location)
            }
        }
        var ending: Passage.Ending?
        if let endingValue = value["ending"] {
            switch endingValue.value {
            case .bool(let flag): ending = flag ? Passage.Ending() : nil
            case .string(let kind): ending = Passage.Ending(kind: kind.isEmpty ? nil : kind)
            case .null: ending = nil
            default: error("'ending' must be true, false or a kind such as \"good\", found \(endingValue.typeName)", endingValue.location)
            }
        }
        var metadata: [String: String] = [:]
        if let position = value["position"] {
            if let string = position.string { metadata["position"] = string }
            else { error("'position' must be a string such as \"600,400\", found \(position.typeName)", position.location) }
        }
        var choices: [Choice] = []
        if let choicesValue = value["choices"] {
            if let elements = choicesValue.elements {
                choices = elements.compactMap { choice($0) }
            } else if !choicesValue.isNull {
                error("'choices' must be an array, found \(choicesValue.typeName)", choicesValue.location)
            }
        }
        guard let id, !id.isEmpty else { return nil }
        return Passage(id: id, text: text, tags: tags, ending: ending, choices: choices,
                       location: value.location, metadata: metadata)
    }

    mutating func choice(_ value: LocatedJSON) -> Choice? {
        guard let members = value.members else {
            error("a choice must be an object, found \(value.typeName)", value.location)
            return nil
        }
        unknownKeys(members, known: ["text", "to", "if", "restart"], in: "a choice")
        var isRestart = false
        if let restart = value["restart"] {
            if let flag = restart.bool { isRestart = flag }
            else { error("'restart' must be true or false, found \(restart.typeName)", restart.location) }
        }
        let text = string(value["text"], "text", at: value.location) ?? ""
        let target = string(value["to"], "to", required: !isRestart, at: value.location)
        let condition = string(value["if"], "if", at: value.location)
        if !isRestart && target == nil { return nil }
        return Choice(text: text, target: target ?? "", condition: condition,
                      isRestart: isRestart, location: value.location)
    }
}
