import StoryGraph

/// The story format a Twine passage is written for, which decides what markup is a link.
/// `unknown` reads the markup of every format.
package enum TwineDialect: String, Sendable, Hashable, CaseIterable {
    case sugarcube, harlowe, chapbook, snowman, unknown

    /// The dialect of a story format name as Twine writes it (`SugarCube`, `Harlowe`…).
    package init(formatName: String?) {
        let name = (formatName ?? "").lowercased()
        if name.hasPrefix("sugarcube") {
            self = .sugarcube
        } else if name.hasPrefix("harlowe") {
            self = .harlowe
        } else if name.hasPrefix("chapbook") {
            self = .chapbook
        } else if name.hasPrefix("snowman") {
            self = .snowman
        } else {
            self = .unknown
        }
    }

    var readsSugarCube: Bool { self == .sugarcube || self == .unknown }
    var readsHarlowe: Bool { self == .harlowe || self == .unknown }
    var readsChapbook: Bool { self == .chapbook || self == .unknown }
    var readsDataPassage: Bool { self == .sugarcube || self == .snowman || self == .unknown }
    var readsSnowmanScript: Bool { self == .snowman || self == .unknown }
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
package struct TwineLinkScanner {
    /// What one passage's text yields.
    package struct Result: Sendable {
        package var choices: [Choice] = []
        package var diagnostics: [Diagnostic] = []
        /// Quoted arguments of SugarCube macros this scanner does not know (a story's own
        /// widgets, a macro library's `<<tlink "label" "Passage">>`): not links, but the
        /// loader reports each one that names a passage, so the author learns why a
        /// passage reached only that way is unreachable.
        package var unknownMacroArguments: [UnknownMacroArgument] = []
        /// The passage's own assignments (`<<set>>`, `(set:)` outside any link), in
        /// source order with their offsets; one inside a conditional block has an
        /// unknown value (it may or may not run). `TwineEffects` places them.
        package var effects: [TwineScannedEffect] = []
        /// The offset of each choice's first character in the text, as `choices`.
        package var choiceOffsets: [Int] = []
        /// Conditions and assignments read as expressions, and those kept as text.
        package var parsedExpressions = 0
        package var unparsedExpressions = 0
        /// What each dynamic choice would be were its target known (by its index in
        /// `choices`): a click, a jump or an inclusion.
        package var intendedKinds: [Int: Choice.Kind] = [:]
        /// Every assignment as written (`<<set>>`'s and `(set:)`'s arguments), wherever it
        /// runs, for the values a computed target can hold (`TwineTargetValues`).
        package var writtenAssignments: [TwineWrittenAssignment] = []
        /// Variables the reader or a loop gives any value (`<<textbox "$x">>`, `<<for _i>>`).
        package var havocked: [String] = []
        /// SugarCube `<<widget "name">>` definitions: the name and the body's offsets.
        package var widgets: [(name: String, body: Range<Int>)] = []
        /// Calls of macros this scanner does not know (a widget, a `Macro.add` macro).
        package var macroCalls: [TwineMacroCall] = []
        /// Harlowe `(storylet: when …)`: the passage's condition as a storylet.
        package var storylet: Condition?
        /// Harlowe `(link-storylet:)`s, by the index of each one's placeholder (a dynamic
        /// choice) in `choices`: a link to any open storylet.
        package var storyletLinks: [Int] = []
        /// Whether the passage lists the open storylets (`(open-storylets:)`): its links to
        /// a computed storylet's name (`(link-goto: _s's name)`) go to one of them.
        package var opensStorylets = false
    }

    /// A call of a macro the scanner does not know, with what the builder needs to credit
    /// the passage with what the macro does.
    package struct TwineMacroCall: Sendable {
        package var name: String
        /// The arguments as written, a string argument unquoted (nil for any other kind).
        package var arguments: [String?]
        /// The arguments as written.
        package var written: [String]
        package var offset: Int
        package var location: SourceLocation
        package var condition: Condition?
        /// The enclosing clickable's text: a jump inside it is a click.
        package var linkText: String?
    }

    /// A quoted argument of a macro the scanner does not read.
    package struct UnknownMacroArgument: Sendable, Hashable {
        package var macro: String
        package var argument: String
        package var location: SourceLocation
        /// The enclosing blocks' condition, for a declared link macro's link.
        package var condition: Condition?
    }

    /// Scans `text`; `locate` turns an offset into `text` into a location in the file;
    /// `passage` is the passage's name (what `visited()` counts).
    package static func scan(
        _ text: [Unicode.Scalar], dialect: TwineDialect, passage: String? = nil, locate: (Int) -> SourceLocation
    ) -> Result {
        withoutActuallyEscaping(locate) { locate in
            var scan = TwineScan(s: text, dialect: dialect, locate: locate)
            scan.passage = passage
            scan.run()
            return scan.result
        }
    }

    /// Scans a string (for tests): locations are those of a file holding only `text`.
    package static func scan(
        _ text: String, dialect: TwineDialect = .unknown, path: String = "passage", passage: String? = nil
    ) -> Result {
        let source = SourceText(path: path, text: text)
        return scan(source.scalars, dialect: dialect, passage: passage, locate: source.location(at:))
    }
}

extension StringProtocol {
    /// The text without leading and trailing whitespace.
    func trimmingTwineSpace() -> String {
        let scalars = String(self).unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.isSpaceFast }) else { return "" }
        let last = scalars.lastIndex(where: { !$0.isSpaceFast })!
        return String(scalars[first...last])
    }
}

/// An open block: a SugarCube container macro (`<<if>>`, `<<link>>`) or a Harlowe hook.
struct TwineOpenBlock {
    var name: String
    var isHook: Bool
    /// This block's own condition (`$key`), if it is a conditional.
    var ownCondition: Condition?
    /// The conditions of this block and every enclosing one, joined.
    var condition: Condition?
    /// The text of the enclosing clickable (`<<link "Open">>…`, `(link: "Open")[…]`):
    /// jumps inside it are clicks.
    var linkText: String?
    /// The tests of an `<<if>>` chain so far, for `<<elseif>>` and `<<else>>` (each holds
    /// only when every earlier one does not); for `<<switch>>`, its cases.
    var chain: [Condition] = []
    /// A `<<switch>>`'s expression as written.
    var subject: String?
    /// A clickable block (`<<link>>…<</link>>`, `(link:)[…]`): assignments inside run
    /// when the reader clicks, as effects of the choices made inside it.
    var isClickable = false
    /// A block that may run any number of times (`<<for>>`): assignments inside are
    /// unknown.
    var isLoop = false
    /// A clickable's assignments so far.
    var effects: [Effect] = []
    /// The number of choices made before this block opened (its choices follow).
    var firstChoice = 0
    /// Where the block opened.
    var offset = 0
    /// Where the opening tag of a SugarCube `<<if>>` starts: SugarCube refuses the
    /// passage when its closing tag is missing, and the error is reported there.
    var openingTag: Int?
}

/// An assignment of a passage, where it is written, and whether it runs only under a
/// condition or a click (its value is then unknown).
package struct TwineScannedEffect: Sendable, Hashable {
    package var effect: Effect
    package var offset: Int
}

/// A Harlowe changer waiting for its hook: `(if: $x)` before `[`.
struct TwinePendingHook {
    var condition: Condition?
    var linkText: String?
}

/// An argument of a SugarCube macro.
enum TwineMacroArgument {
    case string(String)
    case bare(String)
    case expression(String)
    case markup(String)
    case image(String)
}

struct TwineScan {
    let s: [Unicode.Scalar]
    let dialect: TwineDialect
    let locate: (Int) -> SourceLocation
    var result = TwineLinkScanner.Result()
    /// Where the scan is and how much look-ahead it has left: the shared `ScalarCursor`.
    var cursor: ScalarCursor
    /// The offset of the current scalar.
    var i: Int {
        get { cursor.offset }
        set { cursor.move(to: newValue) }
    }
    var blocks: [TwineOpenBlock] = []
    var pending: TwinePendingHook?
    var chapbookCondition: Condition?
    /// The tests of the Harlowe `(if:)`/`(else-if:)` chain (or Chapbook `[if]`) last seen.
    var harloweChain: [Condition] = []
    var exhausted = false
    /// The shared reader of `[[…]]` markup, and how much of its look-ahead is charged.
    var markup = TwineLinkMarkupReader()
    var charged = 0
    /// The passage's name, for `visited()` and Harlowe's `visits`.
    var passage: String?

    static let maximumConditionLength = 400
    static let maximumSearch = 1 << 16

    init(s: [Unicode.Scalar], dialect: TwineDialect, locate: @escaping (Int) -> SourceLocation) {
        self.s = s
        self.dialect = dialect
        self.locate = locate
        self.cursor = ScalarCursor(s, budget: s.count * 4 + 100_000)
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
        String(scalars: s[range])
    }

    /// Spends look-ahead budget; false when it has run out.
    mutating func spend(_ steps: Int) -> Bool {
        if !cursor.charge(steps) && !exhausted {
            exhausted = true
            result.diagnostics.append(
                Diagnostic(
                    .warning,
                    "this passage is too tangled to read further (unterminated markup); links after this point are not followed",
                    at: locate(i), rule: FormatRules.twineUnreadable.id))
        }
        return !exhausted
    }

    /// The offset of `literal` at or after `from`, searching at most `limit` scalars and
    /// never past a newline when `sameLine`. Quoted strings are skipped when `quotes`.
    mutating func find(_ literal: String, from: Int, sameLine: Bool = false, quotes: Bool = false) -> Int? {
        let first = literal.unicodeScalars.first!
        var k = from
        let end = min(s.count, from + TwineScan.maximumSearch)
        var quote: Unicode.Scalar?
        defer { _ = spend(k - from + 1) }
        while k < end {
            let c = s[k]
            if sameLine && c == "\n" { return nil }
            if let q = quote {
                if c == "\\" {
                    k += 2
                    continue
                }
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
        let end = min(s.count, from + TwineScan.maximumSearch)
        var scanner = BalancedScanner(open: open, close: close)
        scanner.possessive = dialect == .harlowe
        let found = scanner.scan(s, from: from, end: end).closedAt
        _ = spend((found ?? end) - from + 1)
        return found
    }

    var condition: Condition? {
        TwineScan.join(blocks.last?.condition, chapbookCondition)
    }

    var linkText: String? { blocks.last?.linkText }

    /// A test as the story wrote it (hostile text cut to `maximumConditionLength`).
    static func test(_ text: String) -> Condition {
        .test(String(text.prefix(maximumConditionLength)), nil)
    }

    /// What holds in the branch after `chain`'s tests all failed and `own` holds (`own`
    /// nil for an `else`): `not (a) and not (b) and c`. At most 16 earlier tests are kept.
    static func branch(after chain: [Condition], _ own: Condition?) -> Condition? {
        var parts = chain.suffix(16).map { Condition.not($0) }
        if let own { parts.append(own) }
        switch parts.count {
        case 0: return nil
        case 1: return parts[0]
        default: return .all(parts)
        }
    }

    /// The conditions of nested blocks, joined; the inner one is left out when the whole
    /// would read longer than `maximumConditionLength` (hostile nesting stays linear).
    static func join(_ outer: Condition?, _ inner: Condition?) -> Condition? {
        guard let inner else { return outer }
        guard let outer else {
            return describedLength(inner) <= maximumConditionLength ? inner : test(inner.description)
        }
        let joined = Condition.joined(outer, inner)
        return joined.map { describedLength($0) <= maximumConditionLength ? $0 : outer }
    }

    /// The number of scalars of `condition.description`, counted without making it (a
    /// block opens at every `<<if>>`); once past `maximumConditionLength`, some larger
    /// number.
    static func describedLength(_ condition: Condition) -> Int {
        var n = 0
        var stack = [condition]
        while let c = stack.popLast() {
            switch c {
            case .test(let text, _): n += text.unicodeScalars.count
            case .not(let inner):
                n += "not ()".count
                stack.append(inner)
            case .all(let parts):
                n += max(0, parts.count - 1) * " and ".count
                stack += parts
            }
            if n > maximumConditionLength { return n }
        }
        return n
    }

    mutating func push(_ name: String, isHook: Bool, condition own: Condition?, linkText: String?, isLoop: Bool = false)
    {
        let parent = blocks.last
        blocks.append(
            TwineOpenBlock(
                name: name, isHook: isHook, ownCondition: own,
                condition: TwineScan.join(parent?.condition, own),
                linkText: linkText ?? parent?.linkText, chain: own.map { [$0] } ?? [],
                isClickable: linkText != nil, isLoop: isLoop, firstChoice: result.choices.count, offset: i))
    }

    /// Replaces the condition of the innermost open block named `name` (`<<elseif>>`).
    mutating func recondition(_ name: String, _ make: (TwineOpenBlock) -> Condition?) {
        guard let top = blocks.indices.last, blocks[top].name == name else { return }
        let own = make(blocks[top])
        blocks[top].ownCondition = own
        blocks[top].condition = TwineScan.join(top > 0 ? blocks[top - 1].condition : nil, own)
    }

    /// Closes the innermost open block named `name` and any left open inside it. Looks at
    /// most 64 blocks down, so stray closers cannot make the scan quadratic.
    mutating func pop(_ name: String) {
        var k = blocks.count - 1
        let floor = max(0, blocks.count - 64)
        while k >= floor {
            if !blocks[k].isHook && blocks[k].name == name {
                reportUnclosed(blocks[(k + 1)...])
                close(from: k)
                return
            }
            k -= 1
        }
    }

    mutating func add(
        _ text: String, _ target: String, kind: Choice.Kind, at offset: Int, restart: Bool = false,
        effects: [Effect] = []
    ) {
        var kind = kind
        var label = text
        // A target that a Snowman template computes (`<%= s.next %>`) is not a name: a
        // computed one, resolved where its values are known (`TwineTargetValues`).
        var intended: Choice.Kind?
        if kind != .dynamic && target.contains("<%") {
            intended = kind
            kind = .dynamic
        }
        // A jump inside a clickable is the click's destination (or, when computed, a
        // click to somewhere computed).
        if let linkText, kind == .auto || kind == .dynamic || restart {
            if kind == .auto { kind = .choice }
            label = linkText
        }
        result.choices.append(
            Choice(
                text: label, target: target, condition: condition, effects: effects, isRestart: restart, kind: kind,
                location: locate(offset)))
        result.choiceOffsets.append(offset)
        if let intended {
            result.intendedKinds[result.choices.count - 1] = intended == .auto && linkText != nil ? .choice : intended
        }
    }

    /// A link whose target the story computes (`[[Go|$next]]`, `<<goto $next>>`): a
    /// dynamic choice, with what it would be were its target known (`kind`: a click, a
    /// jump or an inclusion) kept for `TwineTargetValues`.
    mutating func addComputed(
        _ text: String, _ target: String, as kind: Choice.Kind, at offset: Int, effects: [Effect] = []
    ) {
        add(text, target, kind: .dynamic, at: offset, effects: effects)
        // A jump inside a clickable is a click.
        result.intendedKinds[result.choices.count - 1] = kind == .auto && linkText != nil ? .choice : kind
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
                if TwineLinkMarkupReader.opens(s, at: i) {
                    link()
                } else if at(i, "[img[") || at(i, "[<img[") || at(i, "[>img[") {
                    imageLink()
                } else if dialect.readsChapbook && (i == 0 || s[i - 1] == "\n"), modifierLine() {
                } else {
                    openHook()
                }
            case "]":
                if let top = blocks.last, top.isHook { close(from: blocks.count - 1) }
                i += 1
            case "<":
                if at(i, "<!--") {
                    skip(to: "-->")
                } else if dialect.readsSugarCube && at(i, "<<") {
                    sugarCubeMacro()
                } else if dialect.readsSnowmanScript && at(i, "<%") && !at(i, "<%=") {
                    snowmanAssignments(closedBy: "%>")
                    i += 2
                } else if dialect.readsSnowmanScript && at(i, "<script") {
                    snowmanAssignments(closedBy: "</script>")
                    i += 2
                } else {
                    i += 1
                }
            case "/":
                if dialect.readsSugarCube && at(i, "/*") {
                    skip(to: "*/")
                } else if dialect.readsSugarCube && at(i, "/%") {
                    skip(to: "%/")
                } else {
                    i += 1
                }
            case "\"":
                if dialect.readsSugarCube && at(i, "\"\"\"") {
                    i += 3
                    skip(to: "\"\"\"")
                } else {
                    i += 1
                }
            case "(":
                if dialect.readsHarlowe { harloweMacro() } else { i += 1 }
            case "{":
                if dialect.readsChapbook { chapbookInsert() } else { i += 1 }
            case "E":
                if dialect.readsSugarCube && atScriptCall(TwineScan.sugarCubePlay) {
                    scriptJump(TwineScan.sugarCubePlay)
                } else {
                    i += 1
                }
            case "S":
                if dialect.readsSugarCube && atScriptCall(TwineScan.sugarCubeDisplay) {
                    scriptJump(TwineScan.sugarCubeDisplay)
                } else {
                    i += 1
                }
            case "s":
                if dialect.readsSnowmanScript && atScriptCall(TwineScan.snowmanShow) {
                    scriptJump(TwineScan.snowmanShow)
                } else if dialect.readsSnowmanScript && atScriptCall(TwineScan.snowmanRender) {
                    scriptJump(TwineScan.snowmanRender, kind: .include)
                } else {
                    i += 1
                }
            case "d":
                if dialect.readsDataPassage && at(i, "data-passage") && i > 0 && s[i - 1].isSpaceFast {
                    dataPassage()
                } else {
                    i += 1
                }
            default:
                i += 1
            }
        }
        if !blocks.isEmpty {
            reportUnclosed(blocks[...])
            close(from: 0)
        }
    }

    /// An error for each SugarCube `<<if>>` among `open` that closes without its
    /// `<</if>>` (its passage ends, or an enclosing macro's closing tag comes first).
    mutating func reportUnclosed(_ open: ArraySlice<TwineOpenBlock>) {
        for block in open {
            guard let tag = block.openingTag else { continue }
            result.diagnostics.append(
                Diagnostic(
                    .error,
                    "'<<\(block.name)>>' is not closed by '<</\(block.name)>>' in its passage; SugarCube stops with 'cannot find a closing tag for macro <<\(block.name)>>'",
                    at: locate(tag), rule: FormatRules.sugarCubeUnclosedMacro.id))
        }
    }

    /// Skips past the next `end` (a comment's close), or to the end of the text.
    mutating func skip(to end: String) {
        let first = end.unicodeScalars.first!
        var k = i
        while k < s.count && !(s[k] == first && at(k, end)) { k += 1 }
        i = min(s.count, k + end.unicodeScalars.count)
    }

    // MARK: Link markup

    mutating func link() {
        let start = i
        let found = markup.read(s, at: start)
        _ = spend(markup.inspected - charged)
        charged = markup.inspected
        switch found {
        case .link(let link, let end):
            if link.isPassageLink {
                // SugarCube evaluates a link target that names no passage as TwineScript
                // (`[[Back|previous()]]`, `[[Go|$next]]`): the story computes it. The
                // builder turns it back into a choice if a passage has that very name.
                let computed = dialect.readsSugarCube && TwineScan.isSugarCubeExpression(link.target)
                let effects = dialect.readsSugarCube ? sugarCubeSetter(link.setter, at: start) : []
                if dialect.readsSugarCube, let literal = TwineScan.harloweString(link.target) {
                    // `[[Site|"https://…"]]`: SugarCube evaluates the quoted target.
                    add(link.label, literal, kind: .choice, at: start, effects: effects)
                } else if computed {
                    addComputed(link.label, link.target, as: .choice, at: start, effects: effects)
                } else {
                    add(link.label, link.target, kind: .choice, at: start, effects: effects)
                }
            }
            i = end
        case .unclosed(let first):
            // Nothing closes this `[[` on its line: Twine shows it as text.
            if first {
                result.diagnostics.append(
                    Diagnostic(
                        .warning, "'[[' is not closed by ']]' on its line; it is not a link",
                        at: locate(start), rule: FormatRules.twineUnterminatedLink.id))
            }
            i = start + 2
        }
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
            if !target.isEmpty && !TwineLinkMarkup.isExternal(target) {
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

}
