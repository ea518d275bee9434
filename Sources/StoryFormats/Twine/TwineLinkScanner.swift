import StoryGraph
/// The story format a Twine passage is written for, which decides what markup is a link.
/// `unknown` reads the markup of every format.
public enum TwineDialect: String, Sendable, Hashable, CaseIterable {
    case sugarcube, harlowe, chapbook, snowman, unknown

    /// The dialect of a story format name as Twine writes it (`SugarCube`, `Harlowe`…).
    public init(formatName: String?) {
        let name = (formatName ?? "").lowercased()
        if name.hasPrefix("sugarcube") { self = .sugarcube }
        else if name.hasPrefix("harlowe") { self = .harlowe }
        else if name.hasPrefix("chapbook") { self = .chapbook }
        else if name.hasPrefix("snowman") { self = .snowman }
        else { self = .unknown }
    }

    var readsSugarCube: Bool { self == .sugarcube || self == .unknown }
    var readsHarlowe: Bool { self == .harlowe || self == .unknown }
    var readsChapbook: Bool { self == .chapbook || self == .unknown }
    var readsDataPassage: Bool { self == .sugarcube || self == .snowman || self == .unknown }
}

/// Finds every link in the text of one Twine passage: link markup (`[[…]]`, `[img[…]]`),
/// the navigation macros of SugarCube, Harlowe, Chapbook and Snowman, and `data-passage`
/// attributes, each as a `Choice` with its kind, its condition (the enclosing `<<if>>`,
/// `(if:)[…]` or `[if …]`) and the exact location of its first character.
///
/// One forward pass with an explicit stack of open blocks (no recursion). Every look-ahead
/// (for `]]`, `>>`, a closing parenthesis) draws on a budget proportional to the text, so
/// hostile input (a thousand unterminated `<<`) cannot make the scan quadratic: when the
/// budget runs out, the rest of the passage is reported as not read.
///
/// - Complexity: O(n) for a passage of n scalars.
public struct TwineLinkScanner {
    /// What one passage's text yields.
    public struct Result: Sendable {
        public var choices: [Choice] = []
        public var diagnostics: [Diagnostic] = []
        /// Quoted arguments of SugarCube macros this scanner does not know (a story's own
        /// widgets, a macro library's `<<tlink "label" "Passage">>`): not links, but the
        /// loader reports each one that names a passage, so the author learns why a
        /// passage reached only that way is unreachable.
        public var unknownMacroArguments: [UnknownMacroArgument] = []
    }

    /// A quoted argument of a macro the scanner does not read.
    public struct UnknownMacroArgument: Sendable, Hashable {
        public var macro: String
        public var argument: String
        public var location: SourceLocation
    }

    /// Scans `text`; `locate` turns an offset into `text` into a location in the file.
    public static func scan(
        _ text: [Unicode.Scalar], dialect: TwineDialect, locate: (Int) -> SourceLocation
    ) -> Result {
        withoutActuallyEscaping(locate) { locate in
            var scan = Scan(s: text, dialect: dialect, locate: locate)
            scan.run()
            return scan.result
        }
    }

    /// Scans a string (for tests): locations are those of a file holding only `text`.
    public static func scan(_ text: String, dialect: TwineDialect = .unknown, path: String = "passage") -> Result {
        let source = SourceText(path: path, text: text)
        return scan(source.scalars, dialect: dialect, locate: source.location(at:))
    }

    /// Splits the inside of Twine link markup (`Text->Target`, `Target<-Text`, `Text|Target`,
    /// `Target`, each with an optional `][setter]`) into label and target, as Twine 2 reads
    /// it: the rightmost `->`, else the leftmost `<-`, else the rightmost `|`. Returns `nil`
    /// for an external URL (`https://…`) or an empty target.
    public static func linkMarkup(_ content: String) -> (text: String, target: String)? {
        var body = content
        if let setter = body.range(of: "][") { body = String(body[..<setter.lowerBound]) }
        var text = body
        var target = body
        if let arrow = body.range(of: "->", options: .backwards), !body[arrow.upperBound...].isEmpty {
            text = String(body[..<arrow.lowerBound])
            target = String(body[arrow.upperBound...])
        } else if let arrow = body.range(of: "<-"), !body[..<arrow.lowerBound].isEmpty {
            target = String(body[..<arrow.lowerBound])
            text = String(body[arrow.upperBound...])
        } else if let bar = body.range(of: "|", options: .backwards), !body[bar.upperBound...].isEmpty {
            text = String(body[..<bar.lowerBound])
            target = String(body[bar.upperBound...])
        }
        target = target.trimmingTwineSpace()
        text = text.trimmingTwineSpace()
        if target.isEmpty || isExternal(target) { return nil }
        return (text.isEmpty ? target : text, target)
    }

    /// `scheme://…`: Twine's test for a link that leaves the story.
    static func isExternal(_ target: String) -> Bool {
        guard let colon = target.range(of: "://") else { return false }
        let scheme = target[..<colon.lowerBound]
        guard !scheme.isEmpty, scheme.unicodeScalars.allSatisfy({ $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" }) else { return false }
        return target[colon.upperBound...].unicodeScalars.contains { $0 != "/" }
    }
}

extension StringProtocol {
    /// The text without leading and trailing whitespace.
    func trimmingTwineSpace() -> String {
        let scalars = String(self).unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })!
        return String(scalars[first...last])
    }
}

/// An open block: a SugarCube container macro (`<<if>>`, `<<link>>`) or a Harlowe hook.
private struct Block {
    var name: String
    var isHook: Bool
    /// This block's own condition as written (`$key`), if it is a conditional.
    var ownCondition: String?
    /// The conditions of this block and every enclosing one, joined.
    var condition: String?
    /// The text of the enclosing clickable (`<<link "Open">>…`, `(link: "Open")[…]`):
    /// jumps inside it are clicks.
    var linkText: String?
    /// The first condition of an `<<if>>` chain, for `<<else>>`.
    var firstCondition: String?
}

/// A Harlowe changer waiting for its hook: `(if: $x)` before `[`.
private struct PendingHook {
    var condition: String?
    var linkText: String?
}

/// An argument of a SugarCube macro.
private enum MacroArgument {
    case string(String)
    case bare(String)
    case expression(String)
    case markup(String)
    case image(String)
}

private struct Scan {
    let s: [Unicode.Scalar]
    let dialect: TwineDialect
    let locate: (Int) -> SourceLocation
    var result = TwineLinkScanner.Result()
    var i = 0
    var blocks: [Block] = []
    var pending: PendingHook?
    var chapbookCondition: String?
    var lastHarloweCondition: String?
    /// Look-ahead steps left; see `TwineLinkScanner`.
    var budget: Int
    var exhausted = false
    /// Once a search for `]]` ran to the end of its line, later `[[` on that line cannot
    /// close either: the offset of that line's end.
    var noLinkCloseBefore = -1

    static let maximumConditionLength = 400
    static let maximumSearch = 1 << 16

    init(s: [Unicode.Scalar], dialect: TwineDialect, locate: @escaping (Int) -> SourceLocation) {
        self.s = s
        self.dialect = dialect
        self.locate = locate
        self.budget = s.count * 4 + 100_000
    }

    // MARK: Helpers

    func at(_ offset: Int, _ literal: String) -> Bool {
        var k = offset
        for scalar in literal.unicodeScalars {
            guard k < s.count, s[k] == scalar else { return false }
            k += 1
        }
        return true
    }

    func atIgnoringCase(_ offset: Int, _ literal: String) -> Bool {
        var k = offset
        for scalar in literal.unicodeScalars {
            guard k < s.count, s[k].properties.lowercaseMapping == String(scalar) else { return false }
            k += 1
        }
        return true
    }

    func text(_ range: Range<Int>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: s[range])
        return String(view)
    }

    /// Spends look-ahead budget; false when it has run out.
    mutating func spend(_ steps: Int) -> Bool {
        budget -= steps
        if budget < 0 && !exhausted {
            exhausted = true
            result.diagnostics.append(Diagnostic(
                .warning, "this passage is too tangled to read further (unterminated markup); links after this point are not followed",
                at: locate(i), rule: FormatRules.twineUnreadable.id))
        }
        return !exhausted
    }

    /// The offset of `literal` at or after `from`, searching at most `limit` scalars and
    /// never past a newline when `sameLine`. Quoted strings are skipped when `quotes`.
    mutating func find(_ literal: String, from: Int, sameLine: Bool = false, quotes: Bool = false) -> Int? {
        let first = literal.unicodeScalars.first!
        var k = from
        let end = min(s.count, from + Scan.maximumSearch)
        var quote: Unicode.Scalar?
        defer { _ = spend(k - from + 1) }
        while k < end {
            let c = s[k]
            if sameLine && c == "\n" { return nil }
            if let q = quote {
                if c == "\\" { k += 2; continue }
                if c == q { quote = nil }
            } else if quotes && (c == "\"" || c == "'") {
                quote = c
            } else if c == first && at(k, literal) {
                return k
            }
            k += 1
        }
        return nil
    }

    /// The offset of the `close` that balances an `open` already passed, skipping strings.
    mutating func findBalanced(open: Unicode.Scalar, close: Unicode.Scalar, from: Int) -> Int? {
        let end = min(s.count, from + Scan.maximumSearch)
        let found = TwineMarkup.balancingClose(in: s, open: open, close: close, from: from, end: end)
        _ = spend((found ?? end) - from + 1)
        return found
    }

    var condition: String? {
        let block = blocks.last?.condition
        switch (block, chapbookCondition) {
        case (nil, nil): return nil
        case (let a?, nil): return a
        case (nil, let b?): return b
        case (let a?, let b?): return Scan.join(a, b)
        }
    }

    var linkText: String? { blocks.last?.linkText }

    static func join(_ outer: String?, _ inner: String?) -> String? {
        guard let inner else { return outer }
        guard let outer else { return String(inner.prefix(maximumConditionLength)) }
        return String((outer + " and " + inner).prefix(maximumConditionLength))
    }

    mutating func push(_ name: String, isHook: Bool, condition own: String?, linkText: String?) {
        let parent = blocks.last
        blocks.append(Block(
            name: name, isHook: isHook, ownCondition: own,
            condition: Scan.join(parent?.condition, own),
            linkText: linkText ?? parent?.linkText, firstCondition: own))
    }

    /// Replaces the condition of the innermost open block named `name` (`<<elseif>>`).
    mutating func recondition(_ name: String, _ make: (Block) -> String) {
        guard let top = blocks.indices.last, blocks[top].name == name else { return }
        let own = make(blocks[top])
        blocks[top].ownCondition = own
        blocks[top].condition = Scan.join(top > 0 ? blocks[top - 1].condition : nil, own)
    }

    /// Closes the innermost open block named `name` and any left open inside it. Looks at
    /// most 64 blocks down, so stray closers cannot make the scan quadratic.
    mutating func pop(_ name: String) {
        var k = blocks.count - 1
        let floor = max(0, blocks.count - 64)
        while k >= floor {
            if !blocks[k].isHook && blocks[k].name == name {
                blocks.removeSubrange(k...)
                return
            }
            k -= 1
        }
    }

    mutating func add(_ text: String, _ target: String, kind: Choice.Kind, at offset: Int, restart: Bool = false) {
        var kind = kind
        var label = text
        // A jump inside a clickable is the click's destination (or, when computed, a
        // click to somewhere computed).
        if let linkText, kind == .auto || kind == .dynamic || restart {
            if kind == .auto { kind = .choice }
            label = linkText
        }
        result.choices.append(Choice(
            text: label, target: target, condition: condition, isRestart: restart, kind: kind,
            location: locate(offset)))
    }

    // MARK: The pass

    mutating func run() {
        while i < s.count && !exhausted {
            let c = s[i]
            if pending != nil && c != " " && c != "\t" && c != "+" && c != "(" && c != "[" {
                pending = nil
            }
            switch c {
            case "[":
                if at(i, "[[") && !at(i, "[[[") { link() }
                else if at(i, "[img[") || at(i, "[<img[") || at(i, "[>img[") { imageLink() }
                else if dialect.readsChapbook && (i == 0 || s[i - 1] == "\n"), modifierLine() {}
                else { openHook() }
            case "]":
                if let top = blocks.last, top.isHook { blocks.removeLast() }
                i += 1
            case "<":
                if at(i, "<!--") { skip(to: "-->") }
                else if dialect.readsSugarCube && at(i, "<<") { sugarCubeMacro() }
                else { i += 1 }
            case "/":
                if dialect.readsSugarCube && at(i, "/*") { skip(to: "*/") }
                else if dialect.readsSugarCube && at(i, "/%") { skip(to: "%/") }
                else { i += 1 }
            case "\"":
                if dialect.readsSugarCube && at(i, "\"\"\"") {
                    i += 3
                    skip(to: "\"\"\"")
                } else { i += 1 }
            case "(":
                if dialect.readsHarlowe { harloweMacro() } else { i += 1 }
            case "{":
                if dialect.readsChapbook { chapbookInsert() } else { i += 1 }
            case "d":
                if dialect.readsDataPassage && at(i, "data-passage") && i > 0 && s[i - 1].properties.isWhitespace {
                    dataPassage()
                } else { i += 1 }
            default:
                i += 1
            }
        }
    }

    /// Skips past the next `end` (a comment's close), or to the end of the text.
    mutating func skip(to end: String) {
        var k = i
        while k < s.count && !at(k, end) { k += 1 }
        i = min(s.count, k + end.unicodeScalars.count)
    }

    // MARK: Link markup

    mutating func link() {
        let start = i
        guard start > noLinkCloseBefore, let close = find("]]", from: start + 2, sameLine: true) else {
            // Nothing closes this `[[` on its line: Twine shows it as text.
            if start > noLinkCloseBefore {
                noLinkCloseBefore = lineEnd(from: start)
                result.diagnostics.append(Diagnostic(
                    .warning, "'[[' is not closed by ']]' on its line; it is not a link",
                    at: locate(start), rule: FormatRules.twineUnterminatedLink.id))
            }
            i = start + 2
            return
        }
        if let (label, target) = TwineLinkScanner.linkMarkup(text(start + 2..<close)) {
            add(label, target, kind: .choice, at: start)
        }
        i = close + 2
    }

    func lineEnd(from offset: Int) -> Int {
        var k = offset
        while k < s.count && s[k] != "\n" { k += 1 }
        return k
    }

    /// `[img[Title|src][Target][setter]]`: the picture is a link when it has a target.
    mutating func imageLink() {
        let start = i
        guard let close = find("]]", from: start + 4, sameLine: true) else {
            i = start + 4
            return
        }
        let open = s[start + 1] == "i" ? start + 5 : start + 6
        let parts = text(open..<close).components(separatedBy: "][")
        if parts.count >= 2 {
            let target = parts[1].trimmingTwineSpace()
            if !target.isEmpty && !TwineLinkScanner.isExternal(target) {
                add(target, target, kind: .choice, at: start)
            }
        }
        i = close + 2
    }

    mutating func openHook() {
        let hook = pending
        pending = nil
        push("", isHook: true, condition: hook?.condition, linkText: hook?.linkText)
        i += 1
    }

    // MARK: SugarCube

    mutating func sugarCubeMacro() {
        let start = i
        var k = start + 2
        let closing = k < s.count && s[k] == "/"
        if closing { k += 1 }
        let nameStart = k
        while k < s.count, s[k].properties.isAlphabetic || ("0"..."9").contains(s[k]) || s[k] == "_" || s[k] == "-" { k += 1 }
        guard k > nameStart else {
            i = start + 2
            return
        }
        let name = text(nameStart..<k).lowercased()
        guard let end = find(">>", from: k, quotes: true) else {
            result.diagnostics.append(Diagnostic(
                .warning, "'<<\(closing ? "/" : "")\(name)' is not closed by '>>'; it is not read",
                at: locate(start), rule: FormatRules.twineUnterminatedMacro.id))
            i = k
            return
        }
        let argumentText = text(k..<end).trimmingTwineSpace()
        i = end + 2
        if closing {
            pop(name == "endif" ? "if" : name)
            return
        }
        let arguments = Scan.arguments(argumentText)
        switch name {
        case "if":
            push("if", isHook: false, condition: argumentText, linkText: nil)
        case "elseif":
            recondition("if") { _ in argumentText }
        case "else":
            if argumentText.hasPrefix("if ") {
                let rest = String(argumentText.dropFirst(3)).trimmingTwineSpace()
                recondition("if") { _ in rest }
            } else {
                recondition("if") { "not (\($0.firstCondition ?? ""))" }
            }
        case "endif":
            pop("if")
        case "switch":
            push("switch", isHook: false, condition: nil, linkText: nil)
            blocks[blocks.count - 1].firstCondition = argumentText
        case "case":
            recondition("switch") { "\($0.firstCondition ?? "") is \(argumentText)" }
        case "default":
            recondition("switch") { "\($0.firstCondition ?? "") is none of the cases" }
        case "link", "button":
            clickable(name, arguments, argumentText, at: start)
        case "linkreplace", "linkappend", "linkprepend":
            push(name, isHook: false, condition: nil, linkText: Scan.label(arguments.first))
        case "goto":
            jump(arguments, argumentText, kind: .auto, at: start)
        case "include", "display":
            jump(Array(arguments.prefix(1)), Scan.firstArgumentText(arguments) ?? argumentText, kind: .include, at: start)
        case "actions", "choice":
            choices(name, arguments, at: start)
        case "back", "return":
            if case .markup(let content)? = arguments.first, let (label, target) = TwineLinkScanner.linkMarkup(content) {
                add(label, target, kind: .choice, at: start)
            } else {
                add(Scan.label(arguments.first) ?? name.capitalized, "<<\(name)\(argumentText.isEmpty ? "" : " " + argumentText)>>", kind: .dynamic, at: start)
            }
        case "script":
            skip(to: "<</script>>")
        case "widget":
            skip(to: "<</widget>>")
        default:
            guard !Scan.sugarCubeMacros.contains(name) else { break }
            for argument in arguments {
                if case .string(let value) = argument, !value.isEmpty {
                    result.unknownMacroArguments.append(.init(macro: name, argument: value, location: locate(start)))
                }
            }
        }
    }

    /// SugarCube 2's own macros (and Twine 1's), whose arguments are not passage names
    /// unless read above: an unknown macro is a story's widget or a library's.
    static let sugarCubeMacros: Set<String> = [
        "capture", "set", "unset", "run", "print", "=", "-", "do", "redo", "include", "display",
        "nobr", "silently", "type", "if", "elseif", "else", "endif", "for", "break", "continue",
        "switch", "case", "default", "button", "checkbox", "cycle", "option", "optionsfrom",
        "link", "linkappend", "linkprepend", "linkreplace", "listbox", "numberbox", "radiobutton",
        "textarea", "textbox", "actions", "back", "choice", "return", "addclass", "append", "copy",
        "prepend", "remove", "removeclass", "replace", "toggleclass", "audio", "cacheaudio",
        "createaudiogroup", "createplaylist", "masteraudio", "playlist", "removeaudiogroup",
        "removeplaylist", "waitforaudio", "goto", "repeat", "stop", "timed", "next", "widget",
        "script", "done", "remember", "forget", "click", "endsilently", "endnobr",
        "settimeout", "track", "volume", "stopallaudio", "loadscreen", "dialog", "popup",
    ]

    /// `<<link "text" "P">>`, `<<link [[text|P]]>>`, `<<link "text">>…<</link>>`.
    mutating func clickable(_ name: String, _ arguments: [MacroArgument], _ argumentText: String, at start: Int) {
        var label = Scan.label(arguments.first)
        switch arguments.first {
        case .markup(let content)?:
            if let (text, target) = TwineLinkScanner.linkMarkup(content) {
                add(text, target, kind: .choice, at: start)
                label = text
            }
        case .image(let content)?:
            let parts = content.components(separatedBy: "][")
            if parts.count >= 2 {
                let target = parts[1].trimmingTwineSpace()
                if !target.isEmpty { add(target, target, kind: .choice, at: start) }
            }
        default:
            if arguments.count >= 2 {
                let text = label ?? argumentText
                switch arguments[1] {
                case .string(let target), .bare(let target):
                    add(text, target, kind: .choice, at: start)
                case .markup(let content):
                    if let (_, target) = TwineLinkScanner.linkMarkup(content) { add(text, target, kind: .choice, at: start) }
                case .expression(let expression), .image(let expression):
                    add(text, expression, kind: .dynamic, at: start)
                }
            }
        }
        push(name, isHook: false, condition: nil, linkText: label ?? argumentText)
    }

    /// `<<goto "P">>`, `<<goto [[P]]>>`, `<<include "P">>`; anything else is dynamic.
    mutating func jump(_ arguments: [MacroArgument], _ argumentText: String, kind: Choice.Kind, at start: Int) {
        if arguments.count == 1 {
            switch arguments[0] {
            case .string(let target), .bare(let target):
                add(target, target, kind: kind, at: start)
                return
            case .markup(let content):
                if let (text, target) = TwineLinkScanner.linkMarkup(content) {
                    add(text, target, kind: kind, at: start)
                }
                return
            default:
                break
            }
        }
        guard !argumentText.isEmpty else { return }
        add(argumentText, argumentText, kind: .dynamic, at: start)
    }

    /// `<<actions [[a]] "b">>`, `<<choice "P" "text">>`, `<<choice [[text|P]]>>`.
    mutating func choices(_ name: String, _ arguments: [MacroArgument], at start: Int) {
        if name == "choice", arguments.count == 2, case .string(let target) = arguments[0], case .string(let text) = arguments[1] {
            add(text, target, kind: .choice, at: start)
            return
        }
        for argument in arguments {
            switch argument {
            case .string(let target), .bare(let target):
                add(target, target, kind: .choice, at: start)
            case .markup(let content):
                if let (text, target) = TwineLinkScanner.linkMarkup(content) { add(text, target, kind: .choice, at: start) }
            case .expression(let expression):
                add(expression, expression, kind: .dynamic, at: start)
            case .image:
                break
            }
        }
    }

    static func label(_ argument: MacroArgument?) -> String? {
        switch argument {
        case .string(let text)?, .bare(let text)?: text
        case .markup(let content)?: TwineLinkScanner.linkMarkup(content)?.text
        default: nil
        }
    }

    static func firstArgumentText(_ arguments: [MacroArgument]) -> String? {
        switch arguments.first {
        case .string(let text)?, .bare(let text)?, .expression(let text)?, .markup(let text)?, .image(let text)?: text
        case nil: nil
        }
    }

    static let keywords: Set<String> = [
        "true", "false", "null", "undefined", "setup", "settings", "previous", "passage", "NaN",
        "to", "is", "isnot", "and", "or", "not", "eq", "neq", "gt", "gte", "lt", "lte", "def", "ndef",
    ]

    /// Splits SugarCube macro arguments as SugarCube does: quoted strings, link markup,
    /// image markup, and barewords (a variable, call or keyword is an expression).
    ///
    /// - Complexity: O(n) in the length of the arguments.
    static func arguments(_ text: String) -> [MacroArgument] {
        let s = Array(text.unicodeScalars)
        var result: [MacroArgument] = []
        var k = 0
        func string(_ range: Range<Int>) -> String {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: s[range])
            return String(view)
        }
        while k < s.count {
            let c = s[k]
            if c.properties.isWhitespace { k += 1; continue }
            if c == "\"" || c == "'" || c == "`" {
                var value = String.UnicodeScalarView()
                var j = k + 1
                while j < s.count && s[j] != c {
                    if s[j] == "\\" && j + 1 < s.count { j += 1 }
                    value.append(s[j])
                    j += 1
                }
                result.append(c == "`" ? .expression(string(k..<min(j + 1, s.count))) : .string(String(value)))
                k = j + 1
                continue
            }
            if c == "[" && k + 1 < s.count && (s[k + 1] == "[" || s[k + 1] == "i" || s[k + 1] == "<" || s[k + 1] == ">") {
                var j = k
                while j + 1 < s.count && !(s[j] == "]" && s[j + 1] == "]") { j += 1 }
                let end = min(j + 2, s.count)
                if s[k + 1] == "[" {
                    result.append(.markup(string(k + 2..<max(k + 2, end - 2))))
                } else {
                    let open = s[k + 1] == "i" ? k + 5 : k + 6
                    result.append(.image(string(min(open, end)..<max(min(open, end), end - 2))))
                }
                k = end
                continue
            }
            var j = k
            while j < s.count && !s[j].properties.isWhitespace { j += 1 }
            let word = string(k..<j)
            let isExpression = word.hasPrefix("$") || word.hasPrefix("_") || word.contains("(")
                || word.contains(".") || keywords.contains(word) || !(word.first?.isLetter ?? false)
            result.append(isExpression ? .expression(word) : .bare(word))
            k = j
        }
        return result
    }

    // MARK: Harlowe

    mutating func harloweMacro() {
        let start = i
        var k = start + 1
        while k < s.count, s[k].properties.isAlphabetic || ("0"..."9").contains(s[k]) || s[k] == "-" || s[k] == "_" { k += 1 }
        guard k > start + 1, k < s.count, s[k] == ":" else {
            i = start + 1
            return
        }
        let name = text(start + 1..<k).lowercased().replacingOccurrences(of: "-", with: "").replacingOccurrences(of: "_", with: "")
        guard let close = findBalanced(open: "(", close: ")", from: k + 1) else {
            result.diagnostics.append(Diagnostic(
                .warning, "'(\(text(start + 1..<k)):' is not closed by ')'; it is not read",
                at: locate(start), rule: FormatRules.twineUnterminatedMacro.id))
            i = k + 1
            return
        }
        let argumentText = text(k + 1..<close).trimmingTwineSpace()
        let written = text(start..<close + 1)
        i = close + 1
        let arguments = Scan.splitTopLevel(argumentText)
        var hook = pending ?? PendingHook()
        var setsHook = false
        switch name {
        case "linkgoto", "linkrevealgoto":
            if let last = arguments.last {
                let label = Scan.harloweString(arguments[0]) ?? arguments[0]
                harloweJump(last, label: label, kind: .choice, at: start, written: written)
            }
        case "clickgoto":
            if arguments.count >= 2 {
                harloweJump(arguments[arguments.count - 1], label: Scan.harloweString(arguments[0]) ?? arguments[0], kind: .choice, at: start, written: written)
            }
        case "goto", "redirect":
            if let first = arguments.first { harloweJump(first, label: nil, kind: .auto, at: start, written: written) }
        case "display":
            if let first = arguments.first { harloweJump(first, label: nil, kind: .include, at: start, written: written) }
        case "linkundo", "undo":
            let label = arguments.first.flatMap(Scan.harloweString) ?? linkText ?? "undo"
            add(label, written, kind: .dynamic, at: start)
        case "restart", "reload":
            add(linkText ?? "restart", "", kind: .choice, at: start, restart: true)
        case "if":
            hook.condition = argumentText
            lastHarloweCondition = argumentText
            setsHook = true
        case "elseif":
            hook.condition = argumentText
            lastHarloweCondition = argumentText
            setsHook = true
        case "unless":
            hook.condition = "not (\(argumentText))"
            setsHook = true
        case "else":
            hook.condition = "not (\(lastHarloweCondition ?? "the previous condition"))"
            setsHook = true
        case "link", "linkreveal", "linkrepeat", "linkreplace", "linkappend", "linkprepend",
             "click", "clickreplace", "clickappend", "clickprepend", "mouseover", "mouseout":
            hook.linkText = arguments.first.map { Scan.harloweString($0) ?? $0 }
            setsHook = true
        default:
            break
        }
        if setsHook || pending != nil { pending = hook }
    }

    /// A Harlowe target: a string literal names a passage; anything else is computed.
    mutating func harloweJump(_ argument: String, label: String?, kind: Choice.Kind, at start: Int, written: String) {
        if let target = Scan.harloweString(argument) {
            add(label ?? target, target, kind: kind, at: start)
        } else {
            add(label ?? argument, argument, kind: .dynamic, at: start)
        }
    }

    /// The value of a lone quoted string (`"P"`, `'P'`), or nil for any other expression.
    static func harloweString(_ argument: String) -> String? {
        let s = Array(argument.unicodeScalars)
        guard s.count >= 2, let quote = s.first, quote == "\"" || quote == "'", s.last == quote else { return nil }
        var value = String.UnicodeScalarView()
        var k = 1
        while k < s.count - 1 {
            if s[k] == quote { return nil }
            if s[k] == "\\" && k + 1 < s.count - 1 { k += 1 }
            value.append(s[k])
            k += 1
        }
        return String(value)
    }

    /// Splits macro arguments at commas outside strings, parentheses and brackets.
    ///
    /// - Complexity: O(n).
    static func splitTopLevel(_ text: String) -> [String] {
        var parts: [String] = []
        var current = String.UnicodeScalarView()
        var depth = 0
        var quote: Unicode.Scalar?
        var escaped = false
        for c in text.unicodeScalars {
            if let q = quote {
                current.append(c)
                if escaped { escaped = false } else if c == "\\" { escaped = true } else if c == q { quote = nil }
                continue
            }
            switch c {
            case "\"", "'": quote = c; current.append(c)
            case "(", "[", "{": depth += 1; current.append(c)
            case ")", "]", "}": depth -= 1; current.append(c)
            case "," where depth <= 0:
                parts.append(String(current).trimmingTwineSpace())
                current = String.UnicodeScalarView()
            default: current.append(c)
            }
        }
        let last = String(current).trimmingTwineSpace()
        if !last.isEmpty || !parts.isEmpty { parts.append(last) }
        return parts
    }

    // MARK: Chapbook

    static let chapbookModifiers: Set<String> = [
        "continue", "cont", "cont'd", "after", "append", "align", "note", "transition", "embed",
    ]

    /// A Chapbook modifier line (`[if hasKey]`, `[else]`, `[continue]`) starts a section;
    /// links in an `[if …]` section are conditional. Returns false when the line is not
    /// a modifier (then `[` is read as ordinary text or a hook).
    mutating func modifierLine() -> Bool {
        var k = i + 1
        while k < s.count && s[k] != "]" && s[k] != "\n" && s[k] != "[" { k += 1 }
        guard k < s.count, s[k] == "]" else { return false }
        var e = k + 1
        while e < s.count && (s[e] == " " || s[e] == "\t" || s[e] == "\r") { e += 1 }
        guard e == s.count || s[e] == "\n" else { return false }
        var recognised = false
        var condition: String?
        for part in text(i + 1..<k).split(separator: ";") {
            let words = part.trimmingTwineSpace()
            let first = words.split(separator: " ").first.map { $0.lowercased() } ?? ""
            let rest = String(words.dropFirst(first.count)).trimmingTwineSpace()
            switch first {
            case "if":
                condition = rest
                recognised = true
            case "unless":
                condition = "not (\(rest))"
                recognised = true
            case "else":
                condition = "not (\(chapbookCondition ?? lastHarloweCondition ?? "the previous condition"))"
                recognised = true
            default:
                if Scan.chapbookModifiers.contains(first) { recognised = true }
            }
        }
        guard recognised else { return false }
        if let condition, !condition.hasPrefix("not (") { lastHarloweCondition = condition }
        chapbookCondition = condition
        i = e
        return true
    }

    static let chapbookInserts: [String] = ["link to", "embed passage named", "embed passage", "restart link", "back link", "reveal link"]

    /// `{link to: 'P', label: 'text'}`, `{embed passage: 'P'}`, `{restart link}`, `{back link}`,
    /// `{reveal link: 'text', passage: 'P'}`.
    mutating func chapbookInsert() {
        let start = i
        var k = start + 1
        while k < s.count && (s[k] == " " || s[k] == "\t") { k += 1 }
        guard let name = Scan.chapbookInserts.first(where: { atIgnoringCase(k, $0) }) else {
            i = start + 1
            return
        }
        let after = k + name.unicodeScalars.count
        guard after < s.count, s[after] == ":" || s[after] == "}" || s[after] == "," || s[after] == " " else {
            i = start + 1
            return
        }
        guard let close = findBalanced(open: "{", close: "}", from: start + 1) else {
            result.diagnostics.append(Diagnostic(
                .warning, "'{\(name)' is not closed by '}'; it is not read", at: locate(start),
                rule: FormatRules.twineUnterminatedMacro.id))
            i = after
            return
        }
        i = close + 1
        var properties: [String: String] = [:]
        var value: String?
        let body = text(after..<close).trimmingTwineSpace()
        let parts = Scan.splitTopLevel(body.hasPrefix(":") ? String(body.dropFirst()) : "," + body)
        for (n, part) in parts.enumerated() {
            if n == 0 && body.hasPrefix(":") { value = part; continue }
            guard let colon = part.firstIndex(of: ":") else { continue }
            properties[String(part[..<colon]).trimmingTwineSpace().lowercased()] = String(part[part.index(after: colon)...]).trimmingTwineSpace()
        }
        let label = properties["label"].map { Scan.harloweString($0) ?? $0 }
        switch name {
        case "link to":
            guard let value else { return }
            if let target = Scan.harloweString(value) {
                add(label ?? target, target, kind: .choice, at: start)
            } else {
                add(label ?? value, value, kind: .dynamic, at: start)
            }
        case "embed passage", "embed passage named":
            guard let value else { return }
            if let target = Scan.harloweString(value) {
                add(target, target, kind: .include, at: start)
            } else {
                add(value, value, kind: .dynamic, at: start)
            }
        case "restart link":
            add(label ?? "Restart", "", kind: .choice, at: start, restart: true)
        case "back link":
            add(label ?? "Back", "{back link}", kind: .dynamic, at: start)
        case "reveal link":
            if let passage = properties["passage"], let target = Scan.harloweString(passage) {
                add(value.flatMap(Scan.harloweString) ?? target, target, kind: .include, at: start)
            }
        default:
            break
        }
    }

    // MARK: data-passage

    /// `<a data-passage="P">text</a>` (SugarCube, Snowman): a click to P labelled with the
    /// element's text.
    mutating func dataPassage() {
        let start = i
        var k = start + "data-passage".unicodeScalars.count
        i = k
        while k < s.count && s[k].properties.isWhitespace { k += 1 }
        guard k < s.count, s[k] == "=" else { return }
        k += 1
        while k < s.count && s[k].properties.isWhitespace { k += 1 }
        guard k < s.count, s[k] == "\"" || s[k] == "'" else { return }
        let quote = s[k]
        guard let end = find(String(quote), from: k + 1, sameLine: true) else { return }
        let target = text(k + 1..<end)
        i = end + 1
        guard !target.isEmpty else { return }
        var label = target
        if let tagEnd = find(">", from: end + 1, quotes: true), let textEnd = find("<", from: tagEnd + 1) {
            let inner = text(tagEnd + 1..<textEnd).trimmingTwineSpace()
            if !inner.isEmpty && inner.unicodeScalars.count <= 200 { label = inner }
        }
        // Locate the link at the element's `<` when it is on the same line.
        var open = start
        while open > 0 && s[open] != "<" && s[open] != "\n" && start - open < 500 { open -= 1 }
        add(label, target, kind: .choice, at: s[open] == "<" ? open : start)
    }
}

/// Small scans shared by the link scanner and the readable-text view of Twine markup.
enum TwineMarkup {
    /// The offset of the `close` that balances an `open` just before `from`, counting
    /// nesting and skipping quoted strings (with backslash escapes); `nil` when none
    /// comes before `end`.
    ///
    /// - Complexity: O(end − from).
    static func balancingClose(
        in s: [Unicode.Scalar], open: Unicode.Scalar, close: Unicode.Scalar, from: Int, end: Int
    ) -> Int? {
        var depth = 1
        var quote: Unicode.Scalar?
        var k = from
        while k < end {
            let c = s[k]
            if let q = quote {
                if c == "\\" { k += 2; continue }
                if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == open {
                depth += 1
            } else if c == close {
                depth -= 1
                if depth == 0 { return k }
            }
            k += 1
        }
        return nil
    }
}
