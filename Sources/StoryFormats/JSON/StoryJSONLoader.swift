import Foundation
import StoryGraph

/// storygraph's own format: a JSON object with `title`, `start`, `variables` (name to
/// initial value) and `passages`, each passage with `id`, `text`, `tags`, `ending`, `set`
/// and `choices` (`text`, `to`, `if`, `set`, `restart`). `if` and `set` are written in
/// Yarn Spinner's expression language (`$gold >= 3 and not $key`, `$gold += 1`), read by
/// the same reader. Documentation/story-format.md has a complete example.
package enum StoryJSONLoader: StoryLoader {
    package static let formatName = "story-json"
    package static let formatDescription = "storygraph JSON: an object with a \"passages\" array"
    package static let fileExtensions = ["json"]

    /// 10 for an object that mentions "passages" in its first 65,536 scalars, 1 for
    /// another object (so that its syntax errors are reported), else not recognised.
    package static func recognize(_ source: SourceText, _ parses: SourceParses) -> Recognition<JSONTape>? {
        let head = 1 << 16
        guard source.firstScalar(within: head, where: { !$0.properties.isWhitespace }) == "{" else { return nil }
        // Looked for in the bytes: a `String` made of them and searched took most of a
        // small file's load.
        let mentions = mentionsPassages(source.utf8, upTo: source.byteCount(ofFirst: head))
        return Recognition(confidence: mentions ? 10 : 1) { () throws(StoryLoadError) in
            try JSONTape.shared(source, parses)
        }
    }

    /// Whether `"passages"` (quotes included) occurs in the first `end` bytes.
    static func mentionsPassages(_ bytes: [UInt8], upTo end: Int) -> Bool {
        let key = Array("\"passages\"".utf8)
        return bytes.withUnsafeBufferPointer { b in
            var i = 0
            while i + key.count <= end {
                if b[i] == 0x22, b[i + 1] == 0x70 {
                    var k = 2
                    while k < key.count, b[i + k] == key[k] { k += 1 }
                    if k == key.count { return true }
                }
                i += 1
            }
            return false
        }
    }

    package static func parse(_ source: SourceText, _ parses: SourceParses) throws(StoryLoadError) -> JSONTape {
        try JSONTape.shared(source, parses)
    }

    package static func load(_ files: [ParsedSource<JSONTape>], context: inout LoadContext) throws(StoryLoadError)
        -> Story
    {
        var reader = Reader(tape: files[0].parsed)
        let story = reader.story()
        context.sink.append(contentsOf: reader.sink.diagnostics)
        guard let story, !reader.sink.hasErrors else {
            throw StoryLoadError(reader.sink.diagnostics.filter { $0.severity == .error })
        }
        return story
    }
}

/// Walks the JSON tape, collecting every problem rather than stopping at the first.
/// Locations are made only for what is kept (passages, choices) or reported.
private struct Reader {
    let tape: JSONTape
    var locator: ByteLocator
    var sink = DiagnosticSink()

    init(tape: JSONTape) {
        self.tape = tape
        self.locator = ByteLocator(tape.source)
    }

    static let storyKeys: Set<String> = [
        "title", "start", "passages", "variables", "format", "ifid", "author", "description",
    ]
    static let passageKeys: Set<String> = ["id", "text", "tags", "ending", "choices", "set", "position"]
    static let choiceKeys: Set<String> = ["text", "to", "if", "set", "restart"]

    mutating func location(_ n: Int) -> SourceLocation {
        locator.location(atByte: Int(tape.nodes[n].start))
    }

    mutating func error(_ message: String, _ at: SourceLocation) {
        sink.report(FormatRules.jsonShape, message, at: at)
    }

    /// A warning for a key that is none of `known`.
    mutating func unknownKey(_ key: Int, known: Set<String>, in what: String) {
        let name = tape.string(key)
        guard !known.contains(name) else { return }
        sink.report(
            FormatRules.unknownKey,
            "unknown key '\(name)' in \(what) is ignored (known keys: \(known.sorted().joined(separator: ", ")))",
            at: location(key))
    }

    mutating func string(_ value: Int?, _ name: String, required: Bool = false, at owner: Int) -> String? {
        guard let value else {
            if required { error("missing '\(name)'", location(owner)) }
            return nil
        }
        guard tape.kind(value) == .string else {
            error("'\(name)' must be a string, found \(tape.typeName(value))", location(value))
            return nil
        }
        return tape.string(value)
    }

    mutating func story() -> Story? {
        let root = tape.root
        guard tape.kind(root) == .object else {
            error(
                "a story must be a JSON object with a \"passages\" array, found \(tape.typeName(root))", location(root))
            return nil
        }
        // The first member with each key wins, as everywhere in the JSON loaders.
        var title: Int?
        var start: Int?
        var passagesValue: Int?
        var variablesValue: Int?
        tape.forEachMember(root) { key, value in
            if tape.stringEquals(key, "title") {
                if title == nil { title = value }
            } else if tape.stringEquals(key, "variables") {
                if variablesValue == nil { variablesValue = value }
            } else if tape.stringEquals(key, "start") {
                if start == nil { start = value }
            } else if tape.stringEquals(key, "passages") {
                if passagesValue == nil { passagesValue = value }
            } else if !(tape.stringEquals(key, "format") || tape.stringEquals(key, "ifid")
                || tape.stringEquals(key, "author") || tape.stringEquals(key, "description"))
            {
                unknownKey(key, known: Reader.storyKeys, in: "the story")
            }
        }
        let titleText = string(title, "title", at: root) ?? ""
        let startText = string(start, "start", at: root)
        guard let passagesValue else {
            error("missing \"passages\": a story needs an array of passages", location(root))
            return nil
        }
        guard tape.kind(passagesValue) == .array else {
            error("'passages' must be an array, found \(tape.typeName(passagesValue))", location(passagesValue))
            return nil
        }
        if tape.isEmptyContainer(passagesValue) {
            error("'passages' is empty: a story needs at least one passage", location(passagesValue))
            return nil
        }
        var passages: [Passage] = []
        passages.reserveCapacity(tape.elementCount(passagesValue))
        tape.forEachElement(passagesValue) { element in
            if let passage = passage(element) { passages.append(passage) }
        }
        let declared = variablesValue.map { variables($0) } ?? []
        return Story(
            title: titleText, start: startText ?? passages.first?.id ?? "", passages: passages,
            format: StoryJSONLoader.formatName, variables: declared)
    }

    /// `"variables": {"gold": 0, "key": false, "name": "Ana", "mood": null}`: each name
    /// with its initial value (null: none).
    mutating func variables(_ value: Int) -> [Variable] {
        guard tape.kind(value) == .object else {
            error(
                "'variables' must be an object of names and initial values, found \(tape.typeName(value))",
                location(value))
            return []
        }
        var result: [Variable] = []
        tape.forEachMember(value) { key, member in
            let name = tape.string(key)
            let initial: StoryJSONExpressions.Value?
            switch tape.kind(member) {
            case .true: initial = .boolean(true)
            case .false: initial = .boolean(false)
            case .null: initial = nil
            case .string: initial = .string(tape.string(member))
            case .number:
                let text = tape.numberText(member)
                initial = Int(text).map { .integer($0) } ?? Double(text).map { .decimal($0) } ?? .unknown(text)
            default:
                error(
                    "the initial value of '\(name)' must be a number, a string, a boolean or null, found \(tape.typeName(member))",
                    location(member))
                return
            }
            result.append(Variable(name: name, initial: initial, location: location(key)))
        }
        return result
    }

    /// `"set": ["$gold += 1", "$key = true"]` (or one string): the effects, in order.
    mutating func effects(_ value: Int?) -> [Effect] {
        guard let value else { return [] }
        var items: [Int] = []
        switch tape.kind(value) {
        case .string: items = [value]
        case .array: tape.forEachElement(value) { items.append($0) }
        default:
            error(
                "'set' must be a string such as \"$gold += 1\" or an array of them, found \(tape.typeName(value))",
                location(value))
            return []
        }
        var result: [Effect] = []
        for item in items {
            guard let text = string(item, "set", at: item) else { continue }
            let at = location(item)
            guard let effect = StoryJSONExpressions.effect(text, at: at) else {
                error("'\(text)' is not an assignment such as \"$gold += 1\" or \"$key = true\"", at)
                continue
            }
            result.append(effect)
        }
        return result
    }

    mutating func passage(_ value: Int) -> Passage? {
        guard tape.kind(value) == .object else {
            error("a passage must be an object, found \(tape.typeName(value))", location(value))
            return nil
        }
        let passageLocation = location(value)
        var idValue: Int?
        var textValue: Int?
        var tagsValue: Int?
        var endingValue: Int?
        var choicesValue: Int?
        var position: Int?
        var setValue: Int?
        tape.forEachMember(value) { key, member in
            if tape.stringEquals(key, "id") {
                if idValue == nil { idValue = member }
            } else if tape.stringEquals(key, "set") {
                if setValue == nil { setValue = member }
            } else if tape.stringEquals(key, "text") {
                if textValue == nil { textValue = member }
            } else if tape.stringEquals(key, "choices") {
                if choicesValue == nil { choicesValue = member }
            } else if tape.stringEquals(key, "ending") {
                if endingValue == nil { endingValue = member }
            } else if tape.stringEquals(key, "tags") {
                if tagsValue == nil { tagsValue = member }
            } else if tape.stringEquals(key, "position") {
                if position == nil { position = member }
            } else {
                unknownKey(key, known: Reader.passageKeys, in: "a passage")
            }
        }
        let id = string(idValue, "id", required: true, at: value)
        if let id, id.isEmpty { error("'id' must not be empty", location(idValue!)) }
        let text = string(textValue, "text", at: value) ?? ""
        var tags: [String] = []
        if let tagsValue {
            if tape.kind(tagsValue) == .array {
                tape.forEachElement(tagsValue) { element in
                    if let tag = string(element, "tags", at: element) { tags.append(tag) }
                }
            } else {
                error("'tags' must be an array of strings, found \(tape.typeName(tagsValue))", location(tagsValue))
            }
        }
        var ending: Passage.Ending?
        if let endingValue {
            switch tape.kind(endingValue) {
            case .true: ending = Passage.Ending()
            case .false: ending = nil
            case .string:
                let kind = tape.string(endingValue)
                ending = Passage.Ending(kind: kind.isEmpty ? nil : kind)
            case .null: ending = nil
            default:
                error(
                    "'ending' must be true, false or a kind such as \"good\", found \(tape.typeName(endingValue))",
                    location(endingValue))
            }
        }
        var metadata: [String: String] = [:]
        if let position {
            if tape.kind(position) == .string {
                metadata["position"] = tape.string(position)
            } else {
                error(
                    "'position' must be a string such as \"600,400\", found \(tape.typeName(position))",
                    location(position))
            }
        }
        var choices: [Choice] = []
        if let choicesValue {
            if tape.kind(choicesValue) == .array {
                // One allocation for the passage's choices, not one per doubling.
                choices.reserveCapacity(tape.elementCount(choicesValue))
                tape.forEachElement(choicesValue) { element in
                    if let choice = choice(element) { choices.append(choice) }
                }
            } else if tape.kind(choicesValue) != .null {
                error("'choices' must be an array, found \(tape.typeName(choicesValue))", location(choicesValue))
            }
        }
        let passageEffects = effects(setValue)
        guard let id, !id.isEmpty else { return nil }
        return Passage(
            id: id, text: text, tags: tags, ending: ending, choices: choices, effects: passageEffects,
            location: passageLocation, metadata: metadata, position: EditorPosition.of(metadata))
    }

    mutating func choice(_ value: Int) -> Choice? {
        guard tape.kind(value) == .object else {
            error("a choice must be an object, found \(tape.typeName(value))", location(value))
            return nil
        }
        let choiceLocation = location(value)
        var textValue: Int?
        var to: Int?
        var condition: Int?
        var restart: Int?
        var setValue: Int?
        tape.forEachMember(value) { key, member in
            if tape.stringEquals(key, "text") {
                if textValue == nil { textValue = member }
            } else if tape.stringEquals(key, "set") {
                if setValue == nil { setValue = member }
            } else if tape.stringEquals(key, "to") {
                if to == nil { to = member }
            } else if tape.stringEquals(key, "if") {
                if condition == nil { condition = member }
            } else if tape.stringEquals(key, "restart") {
                if restart == nil { restart = member }
            } else {
                unknownKey(key, known: Reader.choiceKeys, in: "a choice")
            }
        }
        var isRestart = false
        if let restart {
            switch tape.kind(restart) {
            case .true: isRestart = true
            case .false: isRestart = false
            default: error("'restart' must be true or false, found \(tape.typeName(restart))", location(restart))
            }
        }
        let text = string(textValue, "text", at: value) ?? ""
        let target = string(to, "to", required: !isRestart, at: value)
        let conditionText = string(condition, "if", at: value)
        let choiceEffects = effects(setValue)
        if !isRestart && target == nil { return nil }
        return Choice(
            text: text, target: target ?? "", condition: conditionText.map(StoryJSONExpressions.condition),
            effects: choiceEffects, isRestart: isRestart, location: choiceLocation)
    }
}
