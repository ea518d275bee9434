import StoryGraph

/// The SugarCube storylet libraries: passages that join by condition, not by link. Each
/// storylet is a link from every passage that lists or opens the open ones, guarded by its
/// requirement, so the state search sees which can open (the shape of Harlowe's
/// `(storylet:)` in `TwineFlow`).
///
/// - TinyQBN (Joshua Grams): a card is a passage tagged `card` (used once: gone once its
///   passage has been shown) or `sticky-card`; its `req-…` tags are its requirements
///   (`req-x`: `$x` is truthy; `req-not-x`; `req-x-ge-3` and `eq`, `ne`, `lt`, `gt`, `le`;
///   `req-random-N` holds or not at random). A passage that calls one of its list or wrapper
///   macros (`<<cardrow>>`, `<<cardlist>>`, `<<cardcolumn>>`, `<<includeall>>`,
///   `<<includecard>>`, `<<linkto>>`, `<<linkbox>>`, `<<content>>`, `<<cover>>` …) shows
///   cards: linked when the wrapper is a link (`linkto`, `linkbox`), included otherwise.
///   Where the passage draws them itself (`QBN.cards()`, `QBN.passages()`, `QBN.filter()`),
///   each card is guarded by its requirements; cards drawn elsewhere (a `$hand` kept
///   between turns) are not.
/// - MQBN (Hituro's "Mouse QBN"): a storylet is declared in its passage with
///   `<<storylet [store]>>requirement<</storylet>>` (a TwineScript expression, or
///   `<<cond>>expression<</cond>>` before a `{…}` object, or an object alone) and
///   `<<storyletscan>>`; `<<storyletlink>>` (a click), `<<storyletgoto>>` (a jump, a click
///   inside a `<<link>>`) and `<<storyletinclude>>` (an inclusion) go to one by name, or to
///   any of the store's when given a storylet drawn with `MQBN.getStorylets()`.
///
/// A requirement storygraph cannot read (an object's `all`/`any` conditions, a TinyQBN
/// requirement on a temporary the story also sets) is kept as an unknown test: the link
/// may open, and nothing is claimed about it. Storylets declared in JavaScript
/// (`setup.storylets = [...]`) are not read.
struct TwineStorylets {
    /// A TinyQBN card.
    struct Card {
        var passage: String
        var requirements: [String]
        var once: Bool
    }

    /// An MQBN storylet.
    struct Storylet {
        var passage: String
        var title: String
        var store: String
        var condition: Condition?
    }

    var cards: [Card] = []
    var storylets: [Storylet] = []
    /// Temporaries (`_x`) the story sets anywhere: a TinyQBN requirement reads `_x` before `$x`.
    var temporaries: Set<String> = []
    /// Passages that draw cards themselves, and those that pass extra variables to the draw.
    var drawsCards: Set<String> = []
    var drawsWithExtraVariables: Set<String> = []
    /// Whether the story adds or removes cards by hand (`<<addcard>>`, `<<removecard>>`).
    var changesDeck = false
    /// Passage → the MQBN stores its `MQBN.getStorylets()` calls draw from.
    var draws: [String: [String]] = [:]

    static let defaultStore = "storylets"
    static let cardMacros: Set<String> = [
        "cardrow", "cardcolumn", "cardlist", "includeall", "includecard", "includecards", "linkcards", "linkto",
        "linkbox", "linkedcard", "linkedcommaitem", "content", "contentbox", "cover", "coverbox",
    ]
    static let linkingCardMacros: Set<String> = ["linkto", "linkbox", "linkedcard", "linkedcommaitem", "linkcards"]
    static let storyletMacros: Set<String> = ["storyletlink", "storyletgoto", "storyletinclude"]

    /// Records what one scanned passage declares and draws. `text` is its text, read only
    /// when it calls `<<storylet>>`.
    ///
    /// - Complexity: O(a + c) for its assignments and calls, plus O(n) in its text when it
    ///   declares a storylet.
    mutating func note(_ found: TwineLinkScanner.Result, id: String, tags: [String], text: [Unicode.Scalar]) {
        if tags.contains("card") || tags.contains("sticky-card") {
            cards.append(
                Card(
                    passage: id, requirements: tags.filter { $0.hasPrefix("req-") }.map { String($0.dropFirst(4)) },
                    once: !tags.contains("sticky-card")))
        }
        for written in found.writtenAssignments {
            for name in TwineTargetValues.variableNames(in: written.text) where name.hasPrefix("_") {
                temporaries.insert(name)
            }
            noteDraws(written.text, in: id)
        }
        for name in found.havocked where name.hasPrefix("_") { temporaries.insert(name) }
        for call in found.macroCalls {
            for argument in call.written { noteDraws(argument, in: id) }
            switch call.name {
            case "addcard", "removecard": changesDeck = true
            case "storylet": declare(at: call, in: id, text: text)
            default: break
            }
        }
    }

    /// A TinyQBN draw (`QBN.cards(`…) or an MQBN one (`MQBN.getStorylets(n, "store")`) in `text`.
    mutating func noteDraws(_ text: String, in id: String) {
        guard text.contains("QBN.") else { return }
        for call in ["QBN.cards(", "QBN.passages(", "QBN.filter("] {
            guard let range = text.range(of: call), !text[..<range.lowerBound].hasSuffix("M") else { continue }
            drawsCards.insert(id)
            let rest = text[range.upperBound...].drop { $0.isWhitespace }
            if rest.hasPrefix("{") || call == "QBN.filter(" && rest.contains("{") { drawsWithExtraVariables.insert(id) }
        }
        var from = text.startIndex
        while let range = text.range(of: "MQBN.getStorylets(", range: from..<text.endIndex) {
            from = range.upperBound
            let close = text[range.upperBound...].firstIndex(of: ")") ?? text.endIndex
            let parts = TwineTargetValues.splitTopLevel(String(text[range.upperBound..<close]), separators: [","])
            let store = parts.count > 1 ? TwineScan.harloweString(parts[1].trimmingTwineSpace()) : nil
            draws[id, default: []].append(store ?? Self.defaultStore)
        }
    }

    /// `<<storylet [store]>>body<</storylet>>` at `call`: the passage is a storylet.
    mutating func declare(at call: TwineLinkScanner.TwineMacroCall, in id: String, text: [Unicode.Scalar]) {
        guard let open = Self.find(">>", in: text, from: call.offset) else { return }
        let bodyStart = open + 2
        let bodyEnd = Self.find("<</storylet>>", in: text, from: bodyStart) ?? text.count
        var view = String.UnicodeScalarView()
        view.append(contentsOf: text[bodyStart..<bodyEnd])
        var body = String(view).trimmingTwineSpace()
        var conditions: [Condition] = []
        if body.hasPrefix("<<cond>>"), let end = body.range(of: "<</cond>>") {
            let expression = String(body[body.index(body.startIndex, offsetBy: 8)..<end.lowerBound]).trimmingTwineSpace()
            conditions.append(Self.test(expression))
            body = String(body[end.upperBound...]).trimmingTwineSpace()
        }
        var title = id
        if body.hasPrefix("{") {
            for key in ["id", "title"] {
                if let value = Self.objectString(body, key: key) { title = value }
            }
            if Self.objectHasKey(body, "all") || Self.objectHasKey(body, "any") {
                // Conditions as objects (`{ type: "var", … }`): not read.
                conditions.append(.test("the storylet's all/any requirements", nil))
            }
        } else if !body.isEmpty {
            conditions.append(Self.test(body))
        }
        let condition = conditions.reduce(nil as Condition?) { TwineScan.join($0, $1) }
        storylets.append(
            Storylet(passage: id, title: title, store: call.arguments.first.flatMap { $0 } ?? Self.defaultStore,
                condition: condition))
    }

    /// A SugarCube test read as an expression where it reads.
    static func test(_ text: String) -> Condition {
        .test(String(text.prefix(TwineScan.maximumConditionLength)), SugarCubeExpression.parse(text, passage: nil))
    }

    /// The links a call of a storylet library's macro makes from passage `id`, or nil when
    /// `call` is no such macro.
    func links(for call: TwineLinkScanner.TwineMacroCall, in id: String) -> [Choice]? {
        if !cards.isEmpty, Self.cardMacros.contains(call.name) { return cardLinks(call, in: id) }
        if !storylets.isEmpty, Self.storyletMacros.contains(call.name) { return storyletLinks(call, in: id) }
        return nil
    }

    func cardLinks(_ call: TwineLinkScanner.TwineMacroCall, in id: String) -> [Choice] {
        let links =
            Self.linkingCardMacros.contains(call.name)
            || call.written.contains { written in Self.linkingCardMacros.contains { written.contains($0) } }
        let guarded = drawsCards.contains(id)
        let unknown = drawsWithExtraVariables.contains(id)
        return cards.map { card in
            var condition = call.condition
            if guarded {
                for requirement in card.requirements {
                    condition = TwineScan.join(condition, unknown ? .test("req-\(requirement)", nil) : requirementTest(requirement))
                }
                if card.once && !changesDeck {
                    condition = TwineScan.join(condition, Self.test("visited(\"\(Self.escaped(card.passage))\") is 0"))
                }
            }
            return Choice(
                text: links ? card.passage : "<<\(call.name)>>", target: card.passage, condition: condition,
                kind: links ? .choice : .include, location: call.location)
        }
    }

    /// A TinyQBN requirement (a tag without its `req-`) as a test.
    func requirementTest(_ requirement: String) -> Condition {
        let unknown = Condition.test("req-\(requirement)", nil)
        if requirement.hasPrefix("random-") { return unknown }
        if requirement.hasPrefix("not-") {
            let inner = requirementTest(String(requirement.dropFirst(4)))
            return inner.expression == nil ? unknown : .not(inner)
        }
        let parts = requirement.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        let operators = ["eq": "==", "ne": "!=", "lt": "<", "gt": ">", "le": "<=", "ge": ">="]
        if parts.count == 3, let op = operators[parts[1]], Self.isName(parts[0]) {
            // Only whole numbers: the library's versions compare other values differently.
            guard Int(parts[2]) != nil, !temporaries.contains("_" + parts[0]) else { return unknown }
            return Self.test("$\(parts[0]) \(op) \(parts[2])")
        }
        guard parts.count == 1, Self.isName(requirement), !temporaries.contains("_" + requirement) else { return unknown }
        return Self.test("$\(requirement)")
    }

    func storyletLinks(_ call: TwineLinkScanner.TwineMacroCall, in id: String) -> [Choice] {
        guard !call.written.isEmpty else { return [] }
        func option(_ name: String) -> String? {
            guard let k = call.written.firstIndex(of: name), k > 0, k + 1 < call.written.count else { return nil }
            return call.arguments[k + 1] ?? call.written[k + 1]
        }
        let named = call.arguments[0]
        let stores = option("store").map { [$0] } ?? draws[id] ?? [Self.defaultStore]
        let candidates: [Storylet]
        let guarded: Bool
        if let named {
            candidates = storylets.filter { stores.contains($0.store) && $0.title == named }.prefix(1).map { $0 }
            guarded = call.name == "storyletlink" || option("open") == "true"
        } else {
            candidates = storylets.filter { stores.contains($0.store) }
            guarded = draws[id] != nil
        }
        let kind: Choice.Kind =
            switch call.name {
            case "storyletlink": .choice
            case "storyletinclude": .include
            default: call.linkText == nil ? .auto : .choice
            }
        return candidates.map { storylet in
            Choice(
                text: kind == .choice ? option("text") ?? call.linkText ?? storylet.title : "<<\(call.name)>>",
                target: storylet.passage, condition: TwineScan.join(call.condition, guarded ? storylet.condition : nil),
                kind: kind, location: call.location)
        }
    }

    static func isName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first.properties.isAlphabetic || first == "_" else { return false }
        return text.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_" }
    }

    static func escaped(_ name: String) -> String {
        name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
    }

    static func find(_ needle: String, in s: [Unicode.Scalar], from: Int) -> Int? {
        let n = Array(needle.unicodeScalars)
        var k = from
        while k + n.count <= s.count {
            if s[k] == n[0] && Array(s[k..<k + n.count]) == n { return k }
            k += 1
        }
        return nil
    }

    /// `key: "value"` in an object literal (one level, quoted key or not).
    static func objectString(_ object: String, key: String) -> String? {
        for spelling in ["\(key):", "\"\(key)\":", "'\(key)':"] {
            var from = object.startIndex
            while let range = object.range(of: spelling, range: from..<object.endIndex) {
                from = range.upperBound
                let before = object[..<range.lowerBound].last
                guard before.map({ !$0.isLetter && !$0.isNumber && $0 != "_" }) ?? true else { continue }
                let rest = object[range.upperBound...].drop { $0.isWhitespace }
                guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
                let value = rest.dropFirst().prefix { $0 != quote }
                return String(value)
            }
        }
        return nil
    }

    static func objectHasKey(_ object: String, _ key: String) -> Bool {
        for spelling in ["\(key):", "\(key) :", "\"\(key)\":", "'\(key)':"] {
            var from = object.startIndex
            while let range = object.range(of: spelling, range: from..<object.endIndex) {
                from = range.upperBound
                let before = object[..<range.lowerBound].last
                if before.map({ !$0.isLetter && !$0.isNumber && $0 != "_" && $0 != "." }) ?? true { return true }
            }
        }
        return false
    }
}
