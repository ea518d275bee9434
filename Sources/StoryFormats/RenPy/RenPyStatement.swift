import StoryGraph

/// One Ren'Py statement, read from its logical line the way Ren'Py's parser tries them:
/// the statements with a keyword first, then a say statement (`e "Hello."`, narration,
/// `extend`). Statements storygraph does not follow (`show`, `play`, `scene`…) are
/// `other`; their blocks are theirs.
enum RenPyStatement: Equatable {
    case label(String)
    /// `menu:` or `menu name:` (a menu with a name is also a label).
    case menu(name: String?)
    case jump(String)
    case jumpExpression(String)
    case call(String)
    case callExpression(String)
    case callScreen(String)
    /// `show screen name` and `hide screen name`: the screen's buttons are live while shown.
    case showScreen(String)
    case hideScreen(String)
    case `return`
    case `if`(String)
    case elif(String)
    case `else`
    case `while`(String)
    case pass
    /// `$ code`: one line of Python.
    case python(String)
    /// `python:` (the block is the code), or `init python:` (run at init).
    case pythonBlock(isInit: Bool)
    /// `init:` (its block runs at init).
    case initBlock
    case define(String, String)
    case `default`(String, String)
    case say(who: String?, what: String, triple: Bool)
    case screen(String)
    /// `translate language id:` (its block is a translation, not the game's own text).
    case translate(String)
    /// A statement the game registers with a block of script
    /// (`renpy.register_statement("example", …, block="script")`): its block runs in place.
    case scriptBlock(String)
    /// A statement with a block that holds no script (`transform`, `style`, `image`…).
    case opaque(String)
    case other(String)

    /// Keywords whose block is not script storygraph reads as flow.
    static let opaqueKeywords: Set<String> = [
        "transform", "style", "image", "layeredimage", "testcase", "rpy", "screen", "translate", "show", "scene",
        "hide", "camera", "at", "with", "window", "nvl", "play", "queue", "stop", "voice", "pause", "emphasize",
        "early",
    ]

    /// The statement of one logical line.
    static func parse(_ text: String) -> RenPyStatement {
        if text.hasPrefix("$") { return .python(RenPyReader.trimmed(String(text.dropFirst()))) }
        var reader = RenPyReader(text)
        guard let word = reader.name() else { return say(text) ?? .other("") }
        switch word {
        case "label":
            return .label(reader.labelName() ?? "")
        case "menu":
            let name = reader.labelName()
            return .menu(name: name)
        case "jump":
            if reader.keyword("expression") { return .jumpExpression(reader.expression()) }
            return .jump(reader.labelName() ?? "")
        case "call":
            if reader.keyword("screen") { return .callScreen(reader.name() ?? "") }
            if reader.keyword("expression") {
                return .callExpression(reader.expression(stoppingAt: ["pass", "from"]))
            }
            return .call(reader.labelName() ?? "")
        case "return": return .return
        case "if": return .if(reader.expression())
        case "elif": return .elif(reader.expression())
        case "else": return .else
        case "while": return .while(reader.expression())
        case "pass": return .pass
        case "python": return .pythonBlock(isInit: false)
        case "init":
            // `init`, `init 5`, `init python`, `init -1 python early in store:`.
            reader.skipPriority()
            if reader.keyword("python") { return .pythonBlock(isInit: true) }
            return reader.symbol(":") ? .initBlock : .other("init")
        case "define", "default":
            reader.skipPriority()
            let name = reader.labelName() ?? ""
            let value = reader.symbol("=") || reader.symbol("+=") || reader.symbol("|=") ? reader.rest() : ""
            return word == "define" ? .define(name, value) : .default(name, value)
        case "screen": return .screen(reader.name() ?? "")
        case "translate": return .translate(reader.name() ?? "")
        default:
            if word == "show" || word == "hide", reader.keyword("screen") {
                let name = reader.name() ?? ""
                return word == "show" ? .showScreen(name) : .hideScreen(name)
            }
            if opaqueKeywords.contains(word) { return .opaque(word) }
            return say(text) ?? .other(word)
        }
    }

    /// A say statement (`"text"`, `e "text"`, `e happy "text" with dissolve`, `"Name" "text"`),
    /// or nil when the line is none.
    static func say(_ text: String) -> RenPyStatement? { sayParts(text)?.statement }

    /// A say statement and the reader just past its string (what Ren'Py's `finish_say`
    /// reads next: `with`, `id`, `nointeract`, arguments). Strings are read by Ren'Py's own
    /// rules (`Lexer.triple_string`: a triple-quoted string holds no lone delimiter, else
    /// it is an empty string and what follows).
    static func sayParts(_ text: String) -> (statement: RenPyStatement, rest: RenPyReader, whoIsString: Bool)? {
        var reader = RenPyReader(text)
        if let first = reader.string(renPyTriple: true) {
            if let second = reader.string(renPyTriple: true) {
                return (.say(who: first.value, what: second.value, triple: second.written.hasSuffix("\"\"\"")), reader, true)
            }
            return (.say(who: nil, what: first.value, triple: first.written.hasSuffix("\"\"\"")), reader, true)
        }
        guard let who = reader.labelName() else { return nil }
        guard reader.sayAttributes(), let what = reader.string(renPyTriple: true) else { return nil }
        let triple = what.written.hasSuffix("\"\"\"") || what.written.hasSuffix("'''")
        return (.say(who: who, what: what.value, triple: triple), reader, false)
    }
}

extension RenPyReader {
    /// Moves past a say statement's attributes (`happy`, `-sad`, `@ angry`) up to the string;
    /// false when something else comes first.
    mutating func sayAttributes() -> Bool {
        var attributes = 0
        while !peekQuote {
            if symbol("@") || symbol("-") { continue }
            guard name() != nil else { return false }
            attributes += 1
            if attributes > 16 { return false }
        }
        return true
    }

    /// Moves past an init priority (`define -2 x = …`).
    mutating func skipPriority() {
        let before = self
        _ = symbol("-")
        guard name() == nil else {
            self = before
            return
        }
        skipDigits()
    }
}
