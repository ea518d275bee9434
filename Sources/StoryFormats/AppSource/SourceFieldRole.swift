import StoryGraph

/// What an argument of a story value in app source means, judged from its label alone, so
/// that the many hands that wrote Destini and AdventurePiece apps are all understood.
///
/// A label is split into lower-case words at case changes, digits and underscores
/// (`choice1Destination` → choice · 1 · destination; `initWithMessage` → message, a
/// leading `init`, `with` or `set` dropped; plurals lose their `s`). Then, in this order:
/// - a *destination* word (destination, dest, next, target, goto, link, leads, piece,
///   node, child, branch…; `index`/`id` only beside a number or a choice word) makes a
///   destination (a link, for linked pieces);
/// - a *choice* word (choice, answer, option, button, btn, reply, response, action,
///   decision, label…) makes a choice label;
/// - an *end* word (end, ending, final, finish, last, terminal, over) makes the ending flag;
/// - a *text* word (title, text, story, prompt, message, description, body, content,
///   question, narrative, situation, passage, scene, paragraph…) makes the passage's text;
/// - `left`/`right` alone are links 1 and 2 (`Node(story:left:right:)`);
/// - an *attribute* word (image, icon, sound, color…) makes any name ignored, so
///   `choice1Image` or `storyImage` is not taken for a label or a text;
/// - the short forms people write are understood beside a number: `c1`/`ch1`/`a1` are
///   labels, `d1`/`c1D`/`dest1` destinations; a lone `t` or `txt` is the text;
/// - anything else is ignored.
/// The choice number comes from a digit (`choice2`), a number word (`choiceTwo`), an
/// ordinal (`secondChoice`), `top`/`bottom`, `left`/`right`, or a final letter (`choiceB`);
/// without one it is 1.
enum SourceFieldRole: Equatable, Sendable {
    /// The passage's text; a higher priority wins when several are given (`title` is lowest).
    case text(priority: Int)
    case label(Int)
    case destination(Int)
    case ending
    case ignored

    static let destinationWords: Set<String> = [
        "destination", "dest", "next", "target", "goto", "link", "lead", "leads", "leadsto",
        "piece", "node", "child", "branch", "jump", "goes",
    ]
    /// Destination words only beside a number or a choice word (`choice1Index`), since a
    /// bare `id:` or `index:` is the element's own.
    static let weakDestinationWords: Set<String> = ["index", "idx", "id"]
    static let labelWords: Set<String> = [
        "choice", "answer", "option", "opt", "button", "btn", "reply", "response", "action",
        "decision", "label", "ans", "selection", "pick",
    ]
    static let endWords: Set<String> = ["end", "ending", "final", "finish", "finished", "last", "terminal", "over"]
    static let textWords: Set<String> = [
        "text", "story", "storytext", "prompt", "message", "msg", "description", "desc", "body",
        "content", "question", "narrative", "situation", "passage", "scene", "paragraph", "line",
        "dialogue", "dialog", "words", "title", "heading", "caption",
    ]
    /// Words that make a field an attribute of a choice or passage, not its text or label.
    static let attributeWords: Set<String> = [
        "image", "img", "icon", "picture", "pic", "photo", "sound", "audio", "music", "color",
        "colour", "background", "bg", "video", "gif", "asset", "font", "style", "animation",
    ]
    /// Single letters that abbreviate a label or a destination, only beside a number
    /// (`c1`, `a2`, `d1`, `c1D`); a lone `t` abbreviates the text.
    static let shortLabelWords: Set<String> = ["c", "ch", "a", "o", "b"]
    static let shortDestinationWords: Set<String> = ["d", "dst"]
    static let numberWords: [String: Int] = [
        "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8,
        "first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "sixth": 6,
        "top": 1, "bottom": 2, "left": 1, "right": 2,
    ]

    var isDestination: Bool {
        if case .destination = self { return true }
        return false
    }

    /// Splits `choice1Destination` into `["choice", "1", "destination"]`.
    static func words(_ name: String) -> [String] {
        let raw = name.utf8.allSatisfy({ $0 < 0x80 }) ? asciiWords(name) : unicodeWords(name)
        var lowered = raw
        while let first = lowered.first, lowered.count > 1,
            ["init", "with", "set", "and", "is", "has", "the"].contains(first)
        {
            lowered.removeFirst()
        }
        return lowered.map { word in
            word.count > 3 && word.hasSuffix("s") && !word.hasSuffix("ss") ? String(word.dropLast()) : word
        }
    }

    /// `unicodeWords` for an ASCII name (every label of a real story file), on bytes: the
    /// same words, lower-cased, without building a `Character` per letter.
    static func asciiWords(_ name: String) -> [String] {
        var words: [String] = []
        var current: [UInt8] = []
        var previous: UInt8?
        func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
        func isUpper(_ b: UInt8) -> Bool { b >= 0x41 && b <= 0x5A }
        for byte in name.utf8 {
            if byte == 0x5F || byte == 0x2D {
                if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
                current = []
                previous = nil
                continue
            }
            let startsWord: Bool
            if isDigit(byte) {
                startsWord = previous.map { !isDigit($0) } ?? false
            } else if isUpper(byte) {
                startsWord = previous.map { !isUpper($0) } ?? false
            } else {
                startsWord = previous.map(isDigit) ?? false
            }
            if startsWord && !current.isEmpty {
                words.append(String(decoding: current, as: UTF8.self))
                current = []
            }
            current.append(isUpper(byte) ? byte + 0x20 : byte)
            previous = byte
        }
        if !current.isEmpty { words.append(String(decoding: current, as: UTF8.self)) }
        return words
    }

    /// The words of any name, lower-cased.
    static func unicodeWords(_ name: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previous: Character?
        for character in name {
            let startsWord: Bool
            if character == "_" || character == "-" {
                if !current.isEmpty { words.append(current) }
                current = ""
                previous = nil
                continue
            } else if character.isNumber {
                startsWord = !(previous?.isNumber ?? true)
            } else if character.isUppercase {
                startsWord = !(previous?.isUppercase ?? true)
            } else {
                startsWord = previous?.isNumber ?? false
            }
            if startsWord && !current.isEmpty {
                words.append(current)
                current = ""
            }
            current.append(character)
            previous = character
        }
        if !current.isEmpty { words.append(current) }
        return words.map { $0.lowercased() }
    }

    /// The role of an argument labelled `name`.
    static func classify(_ name: String) -> SourceFieldRole {
        let words = words(name)
        guard !words.isEmpty else { return .ignored }
        var number: Int?
        for (position, word) in words.enumerated() {
            if let digits = Int(word), word.count <= 4 {
                number = number ?? digits
            } else if let value = numberWords[word] {
                number = number ?? value
            } else if position > 0, word.count == 1, let letter = word.unicodeScalars.first,
                ("a"..."h").contains(letter)
            {
                number = number ?? Int(letter.value - 96)
            }
        }
        let set = Set(words)
        if !set.isDisjoint(with: attributeWords) { return .ignored }
        if !set.isDisjoint(with: destinationWords) { return .destination(number ?? 1) }
        if !set.isDisjoint(with: weakDestinationWords), number != nil || !set.isDisjoint(with: labelWords) {
            return .destination(number ?? 1)
        }
        if !set.isDisjoint(with: labelWords) { return .label(number ?? 1) }
        if !set.isDisjoint(with: endWords) { return .ending }
        if !set.isDisjoint(with: textWords) {
            return .text(priority: set.contains("title") || set.contains("heading") || set.contains("caption") ? 1 : 2)
        }
        if words.count == 1, words[0] == "left" || words[0] == "right" { return .destination(number ?? 1) }
        return shortForm(words)
    }

    /// `c1`, `ch2`, `a1` (labels), `d1`, `c1D`, `c1d` (destinations), `t`, `txt` (text).
    /// A short form needs its number, except the text's.
    static func shortForm(_ words: [String]) -> SourceFieldRole {
        if words == ["t"] || words == ["txt"] { return .text(priority: 2) }
        let digits = words.compactMap { Int($0) }
        let letters = words.filter { Int($0) == nil }
        guard digits.count == 1, let number = digits.first, (1...4).contains(letters.count) else { return .ignored }
        // `c1d`: the digit run splits `c` from `d`; `cd1` stays one word.
        if letters.contains(where: shortDestinationWords.contains) { return .destination(number) }
        if letters.count == 1, shortLabelWords.contains(letters[0]) { return .label(number) }
        return .ignored
    }
}
