import StoryGraph

/// One Twine passage as a loader read it (from Twee or from HTML), before its links are
/// scanned: its decoded text and the means to locate any offset of that text in the file.
struct TwinePassageSource {
    var name: String
    var tags: [String]
    var metadata: [String: String]
    /// Where the passage is declared (its `::` header, its `<tw-passagedata>` element).
    var location: SourceLocation
    var text: [Unicode.Scalar]
    /// The file location of an offset into `text`.
    var locate: (Int) -> SourceLocation
}

/// What Twee and Twine HTML share once passages are read: which passages are the story's
/// machinery (`StoryInit`, `script`…), scanning every other passage for links, the checks
/// for names used twice, and choosing the start.
enum TwineStoryBuilder {
    /// Passage names that story formats (and Twee itself) reserve: never story passages.
    static let specialNames: Set<String> = [
        "StoryTitle", "StoryData", "StoryInit", "StoryMenu", "StoryCaption", "StoryBanner",
        "StorySubtitle", "StoryAuthor", "StoryShare", "StoryInterface", "StoryDisplayTitle",
        "StorySettings", "StoryIncludes", "StoryColophon", "PassageReady", "PassageDone",
        "PassageHeader", "PassageFooter",
    ]
    /// Tags that make a passage special in every format.
    static let specialTags: Set<String> = [
        "script", "stylesheet", "widget", "Twine.private", "Twine.image", "annotation",
    ]
    /// Harlowe's special tags (a SugarCube passage tagged `header` is an ordinary one).
    static let harloweSpecialTags: Set<String> = [
        "header", "footer", "startup", "debug-header", "debug-footer", "debug-startup",
    ]
    /// Special passages whose text is code or data, not markup with links.
    static let unscannedNames: Set<String> = ["StoryTitle", "StoryData"]
    static let unscannedTags: Set<String> = ["script", "stylesheet", "Twine.image"]

    static func isSpecial(name: String, tags: [String], dialect: TwineDialect) -> Bool {
        (specialNames.contains(name) && !isOrdinaryInHarlowe(name: name, dialect: dialect))
            || tags.contains { specialTags.contains($0) || (dialect.readsHarlowe && harloweSpecialTags.contains($0)) }
    }

    /// SugarCube's `StoryInit` means nothing to Harlowe, which runs the passages tagged
    /// `startup` instead: in a Harlowe story it is an ordinary passage.
    static func isOrdinaryInHarlowe(name: String, dialect: TwineDialect) -> Bool {
        dialect == .harlowe && name == "StoryInit"
    }

    /// What one passage's text yields by itself, whatever the other passages are: made
    /// for every passage at once, in parallel, then read in the passages' order.
    struct Prepared {
        var isSpecial = false
        /// `TwineScriptAssignments.names` (SugarCube), `TwineTargetValues.scriptTemporaries`
        /// (SugarCube, not a script).
        var scriptAssignments: [String] = []
        var scriptTemporaries: [String] = []
        /// The scan, when the passage is scanned; each `<<widget>>` body's scan and text.
        var found: TwineLinkScanner.Result?
        var widgets: [(TwineLinkScanner.Result, String)] = []
        var text = ""
        /// `TwineReadableText.of(text)`, for a passage that is not special.
        var readerText: String?

        init(_ source: TwinePassageSource, dialect: TwineDialect) {
            isSpecial = TwineStoryBuilder.isSpecial(name: source.name, tags: source.tags, dialect: dialect)
            if dialect.readsSugarCube {
                let isScript = source.tags.contains("script")
                scriptAssignments = TwineScriptAssignments.names(in: source.text, isScript: isScript)
                if !isScript { scriptTemporaries = TwineTargetValues.scriptTemporaries(in: source.text) }
            }
            let scanned = !unscannedNames.contains(source.name) && !source.tags.contains { unscannedTags.contains($0) }
            if scanned {
                let found = TwineLinkScanner.scan(
                    source.text, dialect: dialect, passage: source.name, locate: source.locate)
                widgets = found.widgets.map { widget in
                    let body = Array(source.text[widget.body])
                    let offset = widget.body.lowerBound
                    let inside = TwineLinkScanner.scan(body, dialect: dialect, passage: nil) { source.locate(offset + $0) }
                    return (inside, String(scalars: body))
                }
                self.found = found
            }
            text = String(scalars: source.text)
            if !isSpecial { readerText = TwineReadableText.of(scalars: source.text) }
        }
    }

    /// The start the story declares and where it declares it (StoryData's `start`, the
    /// `startnode` attribute), if it declares one.
    struct DeclaredStart {
        var name: String
        var location: SourceLocation?
        /// How to name the declaration in a warning ("StoryData's \"start\"").
        var source: String
    }

    /// Builds the story: special passages apart, links scanned, the start chosen
    /// (`declared`, else the passage named `Start`, else the first passage, each fallback
    /// a `start-fallback` warning).
    ///
    /// - Complexity: O(P + T) for P passages and T scalars of text.
    static func build(
        title: String, format: String, sources: [TwinePassageSource], dialect: TwineDialect,
        declared: DeclaredStart?, diagnostics: inout [Diagnostic],
        fallbackIsFirst: Bool = false, linkMacros: Set<String> = []
    ) -> Story {
        var passages: [Passage] = []
        var special: [Passage] = []
        let allNames = Set(sources.map(\.name))
        var first: [String: (location: SourceLocation, special: Bool)] = [:]
        var unknownArguments: [(TwineLinkScanner.UnknownMacroArgument, passage: String)] = []
        var initialisation: [Effect] = []
        var parsedExpressions = 0
        var unparsedExpressions = 0
        // What runs around every passage: its assignments are every passage's.
        var around: (header: [Effect], footer: [Effect]) = ([], [])
        var volatile: [(String, SourceLocation)] = []
        var flow = TwineFlow()
        // Passages whose sure jump pre-empts their clicks (`TwinePreemption`).
        var preemption: [String: TwinePreemption.Found] = [:]
        var fragments: [Passage] = []
        // Passages shown on every passage (`TwineChrome`), as fragments once scanned.
        var chrome: [Passage] = []
        // What each passage's text yields on its own (its scan, its text as a string…),
        // read on every core before the passages are taken in order below.
        let prepared = Prepared.all(sources, dialect: dialect)
        for (source, prepared) in zip(sources, prepared) {
            let isSpecial = prepared.isSpecial
            if isOrdinaryInHarlowe(name: source.name, dialect: dialect) && !source.tags.contains("startup") {
                diagnostics.append(
                    Diagnostic(
                        .warning,
                        "passage 'StoryInit' has no special meaning in Harlowe (it is SugarCube's): Harlowe never runs it by itself, so what it sets is not set; tag it 'startup' to run it when the story starts",
                        at: source.location, rule: FormatRules.twineSpecialName.id))
            }
            if dialect.readsSugarCube {
                volatile += prepared.scriptAssignments.map { ($0, source.location) }
                if source.tags.contains("script") {
                    flow.readScript(source.text)
                } else {
                    for name in prepared.scriptTemporaries { flow.values.havoc(name) }
                }
            }
            // Snowman's story variables set in the story's JavaScript (`s.next = …`).
            if dialect.readsSnowmanScript && source.tags.contains("script") {
                for (variable, value) in TwineScan.snowmanAssignments(in: source.text[...]) {
                    if let value, dialect == .snowman {
                        flow.values.record(.init(text: "\(variable) to \(value)", macro: "set", offset: 0), passage: nil)
                    } else {
                        flow.values.havoc(variable)
                    }
                }
            }
            // Each file of a Twee 2 project may list the files it includes: a StoryIncludes
            // in several files is no duplicate.
            if source.name != TweeStoryIncludes.passageName, let earlier = first[source.name] {
                // Story passages named twice are reported by `Story.validated()`; a
                // special one is not seen there, so it is reported here.
                if isSpecial || earlier.special {
                    diagnostics.append(
                        Diagnostic(
                            .error, "duplicate passage name '\(source.name)'", at: source.location,
                            rule: LintRule.duplicateID.rawValue,
                            notes: [.init("'\(source.name)' is first defined here", at: earlier.location)]))
                    continue
                }
            } else {
                first[source.name] = (source.location, isSpecial)
            }
            var choices: [Choice] = []
            var effects: [Effect] = []
            if let found = prepared.found {
                (choices, effects) = TwineEffects.place(found)
                if !isSpecial, let sure = TwinePreemption.find(
                    found, choices: choices, text: source.text, names: allNames) {
                    preemption[source.name] = sure
                }
                parsedExpressions += found.parsedExpressions
                unparsedExpressions += found.unparsedExpressions
                if isInitialisation(name: source.name, tags: source.tags, dialect: dialect) {
                    initialisation += found.effects.map(\.effect)
                }
                // A widget's assignments run wherever it is used.
                if source.tags.contains("widget") {
                    volatile += found.effects.map { ($0.effect.variable, $0.effect.location ?? source.location) }
                }
                switch everyPassage(name: source.name, tags: source.tags, dialect: dialect) {
                case .header?: around.header += found.effects.map(\.effect)
                case .footer?: around.footer += found.effects.map(\.effect)
                case nil: break
                }
                // A SugarCube link target read as an expression that is, after all, a
                // passage's name is that passage (SugarCube tries the name first).
                for c in choices.indices
                where choices[c].kind == .dynamic && dialect.readsSugarCube
                    && TwineScan.isSugarCubeExpression(choices[c].target) && allNames.contains(choices[c].target)
                {
                    choices[c].kind = .choice
                }
                unknownArguments += found.unknownMacroArguments.map { ($0, source.name) }
                if !isSpecial { diagnostics += found.diagnostics }
                // (In a special passage, `passage()` names whichever passage it runs around.)
                flow.note(
                    found, id: source.name, isWidget: false, passage: isSpecial ? nil : source.name,
                    tags: isSpecial ? [] : source.tags, text: source.text)
                // Each `<<widget>>` body: a fragment its callers include.
                for (widget, (inside, text)) in zip(found.widgets, prepared.widgets)
                where flow.widgets[widget.name.lowercased()] == nil {
                    let id = TwineFlow.widgetID(widget.name)
                    let offset = widget.body.lowerBound
                    diagnostics += inside.diagnostics
                    volatile += inside.effects.map { ($0.effect.variable, $0.effect.location ?? source.location) }
                    fragments.append(
                        Passage(
                            id: id, text: text, tags: ["widget"], choices: TwineEffects.place(inside).choices,
                            location: source.locate(offset)))
                    flow.note(inside, id: id, isWidget: true, passage: nil)
                    flow.widgets[widget.name.lowercased()] = id
                }
            }
            var passage = Passage(
                id: source.name, text: prepared.text, tags: source.tags, choices: choices,
                effects: isSpecial ? [] : effects, location: source.location, metadata: source.metadata,
                position: EditorPosition.of(source.metadata))
            if let shown = prepared.readerText, shown != passage.text { passage.readerText = shown }
            if prepared.found != nil && TwineChrome.isChrome(name: source.name, tags: source.tags, dialect: dialect) {
                TwineChrome.keepLive(&passage)
                chrome.append(passage)
            } else if isSpecial {
                special.append(passage)
            } else {
                passages.append(passage)
            }
        }
        let (start, startWarning) = chooseStart(passages, declared: declared, fallbackIsFirst: fallbackIsFirst)
        passages += fragments + chrome
        flow.apply(to: &passages, names: Set(passages.map(\.id)))
        TwinePreemption.apply(preemption, to: &passages, diagnostics: &diagnostics)
        TwineFlow.dropUnused(fragments: Set(fragments.map(\.id)), from: &passages)
        let idle = TwineChrome.attach(chrome.map(\.id), to: &passages, start: start)
        if !idle.isEmpty {
            // Chrome that leads nowhere stays special, in the story's order.
            special += passages.filter { idle.contains($0.id) }
            passages.removeAll { idle.contains($0.id) }
            let order = Dictionary(sources.enumerated().map { ($1.name, $0) }, uniquingKeysWith: { first, _ in first })
            special = special.enumerated().sorted {
                (order[$0.element.id] ?? $0.offset, $0.offset) < (order[$1.element.id] ?? $1.offset, $1.offset)
            }.map(\.element)
        }
        for passage in passages {
            for choice in passage.choices where choice.kind == .dynamic {
                diagnostics.append(
                    Diagnostic(
                        .info,
                        "'\(choice.text)' in passage '\(passage.id)' goes where the story computes when it runs (\(choice.target)); it is drawn but not followed",
                        at: choice.location ?? passage.location, rule: FormatRules.dynamicLink.id))
            }
        }
        if let summary = TwineFlow.summary(passages, resolved: flow.resolved) {
            diagnostics.append(
                Diagnostic(.info, summary.message, at: summary.location, rule: FormatRules.dynamicLink.id))
        }
        // What the JavaScript or a widget changes may hold anything at any time: each such
        // variable is given an unknown value on entering every passage that reads it (in
        // its own text, its links or the passages it shows), and on entering every passage
        // when what runs around every passage reads it. The others change nothing the
        // analysis sees, and a passage that does not read it cannot tell its value.
        havoc(volatile, in: &passages, around: around)
        let names = Set(passages.map(\.id))
        // A link to a URI (`[[Write to us|mailto:…]]`) leaves the story: it is not a
        // choice (nor a broken link) unless a passage has that very name.
        func dropExternal(_ passage: inout Passage) {
            passage.choices.removeAll {
                $0.kind != .dynamic && !names.contains($0.target) && TwineLinkMarkup.isURI($0.target)
            }
        }
        for k in passages.indices { dropExternal(&passages[k]) }
        for k in special.indices { dropExternal(&special[k]) }
        // A declared link macro's argument that names a passage is a link; an undeclared
        // macro's: say so once per macro and passage, where it is written, and how to
        // declare it, so the author knows why that link is missing.
        let index = Dictionary(passages.indices.map { (passages[$0].id, $0) }, uniquingKeysWith: { first, _ in first })
        var reported: Set<String> = []
        for (argument, passage) in unknownArguments
        where names.contains(argument.argument) && flow.widgets[argument.macro] == nil
            && flow.macros[argument.macro] == nil
        {
            if linkMacros.contains(argument.macro), let k = index[passage] {
                passages[k].choices.append(
                    Choice(
                        text: argument.argument, target: argument.argument, condition: argument.condition,
                        kind: .choice, location: argument.location))
                continue
            }
            guard reported.insert("\(argument.macro)\u{0}\(argument.argument)\u{0}\(passage)").inserted else {
                continue
            }
            diagnostics.append(
                Diagnostic(
                    .info,
                    "<<\(argument.macro)>> in passage '\(passage)' names the passage '\(argument.argument)', but it is not a SugarCube macro storygraph knows; it is not followed as a link (declare it with --link-macro \(argument.macro), or in \"link_macros\" of a storygraph.json beside the story)",
                    at: argument.location, rule: FormatRules.twineUnknownMacro.id))
        }
        if let startWarning { diagnostics.append(startWarning) }
        var story = Story(
            title: title, start: start, passages: passages, format: format, specialPassages: special,
            variables: TwineEffects.variables(from: initialisation))
        if dialect == .harlowe { declareHarloweDefaults(&story) }
        if parsedExpressions + unparsedExpressions > 0 {
            story.sourceStatistics = [
                SourceStatistic("expressions", parsedExpressions),
                SourceStatistic("expressions_unparsed", unparsedExpressions),
            ]
        }
        return story
    }

    /// The start (`declared`, else the passage named `Start`, else the first passage) and
    /// the `start-fallback` warning a fallback gives.
    static func chooseStart(_ passages: [Passage], declared: DeclaredStart?, fallbackIsFirst: Bool) -> (
        String, Diagnostic?
    ) {
        let names = Set(passages.map(\.id))
        var start = passages.first?.id ?? ""
        if let declared, names.contains(declared.name) { return (declared.name, nil) }
        if !fallbackIsFirst && names.contains("Start") { start = "Start" }
        // With `--start`, `StoryLoading` drops these `start-fallback` warnings.
        guard let firstPassage = passages.first else { return (start, nil) }
        if let declared {
            return (
                start,
                Diagnostic(
                    .warning,
                    "\(declared.source) names the start passage '\(declared.name)', which is not a story passage; the story starts at '\(start)'",
                    at: declared.location ?? firstPassage.location, rule: FormatRules.startFallback.id)
            )
        }
        if !fallbackIsFirst && start != "Start" {
            return (
                start,
                Diagnostic(
                    .warning,
                    "no start passage: StoryData names none and no passage is called 'Start'; the story starts at the first passage, '\(start)'",
                    at: firstPassage.location, rule: FormatRules.startFallback.id)
            )
        }
        return (start, nil)
    }

    /// Gives each variable of `volatile` that the story reads an unknown value on
    /// entering the passages that read it (see `build`), then puts `around` (the effects
    /// of what runs before and after every passage) around every passage.
    ///
    /// - Complexity: O(P × R + E) for P passages, R volatile variables read, E effects
    ///   and conditions read (inclusions propagated in at most `maximumRounds` rounds).
    static func havoc(
        _ volatile: [(String, SourceLocation)], in passages: inout [Passage],
        around: (header: [Effect], footer: [Effect])
    ) {
        // Variables by number, and what each passage reads as a row of bits: the
        // propagation below is word operations, not sets of strings.
        var numbers: [String: Int] = [:]
        var rows = VariableRows(count: passages.count)
        func number(_ name: String) -> Int {
            if let n = numbers[name] { return n }
            let n = numbers.count
            numbers[name] = n
            rows.grow(to: n + 1)
            return n
        }
        // (A condition reads what its tests' expressions read; `StateModel.expression`
        // keeps an unparsed test as an unknown value, which reads nothing.)
        func readCondition(_ condition: Condition, into k: Int) {
            var stack = [condition]
            while let c = stack.popLast() {
                switch c {
                case .test(_, let e): if let e { for name in e.variables { rows.insert(number(name), at: k) } }
                case .not(let inner): stack.append(inner)
                case .all(let parts): stack += parts
                }
            }
        }
        for k in passages.indices {
            for effect in passages[k].effects { for name in effect.value.variables { rows.insert(number(name), at: k) } }
            for choice in passages[k].choices {
                if let condition = choice.condition { readCondition(condition, into: k) }
                for effect in choice.effects { for name in effect.value.variables { rows.insert(number(name), at: k) } }
            }
        }
        let index = Dictionary(passages.indices.map { (passages[$0].id, $0) }, uniquingKeysWith: { first, _ in first })
        let shown = passages.map { passage in
            passage.choices.compactMap { $0.kind == .include ? index[$0.target] : nil }
        }
        // What a passage shows is read when it is: propagated along inclusions.
        var changed = true
        var rounds = 0
        while changed && rounds < 64 {
            changed = false
            rounds += 1
            for k in passages.indices {
                for t in shown[k] where t != k && rows.unite(k, with: t) { changed = true }
            }
        }
        let everyRead = rows.union()
        var everywhere: Set<String> = []
        for effect in around.header + around.footer { everywhere.formUnion(effect.value.variables) }
        var named: Set<String> = []
        let unknowable = volatile.filter {
            guard let n = numbers[$0.0], VariableRows.contains(everyRead, n) else { return false }
            return named.insert($0.0).inserted
        }.map { name, location in
            (
                effect: Effect(
                    variable: name, value: .unknown("$\(name) (changed by the story's JavaScript or a widget)"),
                    text: "$\(name) changed by the story's JavaScript or a widget", location: location),
                number: numbers[name]!, always: changed || everywhere.contains(name)
            )
        }
        // (Rounds cut short: every passage, as if it read them all.)
        TwineEffects.surround(
            &passages, header: around.header, footer: around.footer, unknown: unknowable.map(\.effect)
        ) { k in
            unknowable.indices.filter { unknowable[$0].always || rows.contains(unknowable[$0].number, at: k) }
        }
    }

    /// For each passage, the set of variables it reads, by number: one row of bits per
    /// passage, in one flat array (the rows widen as variables are numbered).
    struct VariableRows {
        let count: Int
        var width = 0
        var bits: [UInt64] = []

        init(count: Int) { self.count = count }

        /// Makes room for `variables` variables.
        mutating func grow(to variables: Int) {
            let needed = (variables + 63) >> 6
            guard needed > width else { return }
            let wider = max(needed, width * 2)
            var new = [UInt64](repeating: 0, count: wider * count)
            for row in 0..<count {
                for w in 0..<width { new[row * wider + w] = bits[row * width + w] }
            }
            bits = new
            width = wider
        }

        mutating func insert(_ variable: Int, at row: Int) {
            bits[row * width + (variable >> 6)] |= 1 << UInt64(variable & 63)
        }

        func contains(_ variable: Int, at row: Int) -> Bool {
            bits[row * width + (variable >> 6)] & (1 << UInt64(variable & 63)) != 0
        }

        static func contains(_ row: [UInt64], _ variable: Int) -> Bool {
            row[variable >> 6] & (1 << UInt64(variable & 63)) != 0
        }

        /// Adds row `other`'s variables to row `row`; whether any was missing.
        mutating func unite(_ row: Int, with other: Int) -> Bool {
            let width = width
            return bits.withUnsafeMutableBufferPointer { b in
                let a = row * width
                let o = other * width
                var missing: UInt64 = 0
                for w in 0..<width { missing |= b[o + w] & ~b[a + w] }
                guard missing != 0 else { return false }
                for w in 0..<width { b[a + w] |= b[o + w] }
                return true
            }
        }

        /// Every row's variables.
        func union() -> [UInt64] {
            var all = [UInt64](repeating: 0, count: width)
            for row in 0..<count { for w in 0..<width { all[w] |= bits[row * width + w] } }
            return all
        }
    }

    enum Side { case header, footer }

    /// Whether the passage runs before every passage (SugarCube's `PassageReady` and
    /// `PassageHeader`, Harlowe's `header` tag) or after it (`PassageDone`,
    /// `PassageFooter`, `footer`), or neither.
    static func everyPassage(name: String, tags: [String], dialect: TwineDialect) -> Side? {
        if dialect.readsSugarCube && (name == "PassageReady" || name == "PassageHeader") { return .header }
        if dialect.readsSugarCube && (name == "PassageDone" || name == "PassageFooter") { return .footer }
        if dialect.readsHarlowe && tags.contains("header") { return .header }
        if dialect.readsHarlowe && tags.contains("footer") { return .footer }
        return nil
    }

    /// Passages whose assignments give the story's initial values: SugarCube's
    /// `StoryInit`, Harlowe's passages tagged `startup`.
    static func isInitialisation(name: String, tags: [String], dialect: TwineDialect) -> Bool {
        (dialect.readsSugarCube && name == "StoryInit") || (dialect.readsHarlowe && tags.contains("startup"))
    }

    /// Harlowe 3 reads a variable never set as 0: each variable a condition or an
    /// assignment reads that no `startup` passage sets starts at 0.
    static func declareHarloweDefaults(_ story: inout Story) {
        var declared = Set(story.variables.map(\.name))
        var expressions: [Expression] = []
        // (A run shared by many passages or choices is read once: its repeats name nothing new.)
        var seenValues: Set<ObjectIdentifier> = []
        var seenNames: Set<ObjectIdentifier> = []
        for passage in story.passages {
            passage.effectList.forEachDistinct(seen: &seenValues) { expressions.append($0.value) }
            for choice in passage.choices {
                if let e = choice.condition?.expression {
                    expressions.append(e)
                } else if let condition = choice.condition {
                    expressions.append(StateModel.expression(condition))
                }
                choice.effectList.forEachDistinct(seen: &seenValues) { expressions.append($0.value) }
            }
            passage.effectList.forEachDistinct(seen: &seenNames) { expressions.append(.variable($0.variable)) }
            for choice in passage.choices {
                choice.effectList.forEachDistinct(seen: &seenNames) { expressions.append(.variable($0.variable)) }
            }
        }
        for e in expressions {
            for name in e.variables where declared.insert(name).inserted {
                story.variables.append(Variable(name: name, initial: .integer(0)))
            }
        }
    }

    /// Parses a JSON fragment of a file, its errors placed in the file. Returns nil (and
    /// a warning saying what is dropped) when it is not valid JSON.
    static func json(
        _ text: String, at base: SourceLocation, what: String, diagnostics: inout [Diagnostic]
    ) -> LocatedValue? {
        do {
            let root = try LocatedValue.parse(json: SourceText(path: base.file, text: text))
            return shiftLocations(root, by: base)
        } catch {
            let inner = error.diagnostics.first
            diagnostics.append(
                Diagnostic(
                    .warning, "\(what) is not valid JSON (\(inner?.message ?? "unreadable")); it is ignored",
                    at: SourceFragment.shift(inner?.location, by: base), rule: FormatRules.twineMetadata.id))
            return nil
        }
    }

    /// Moves the locations of a parsed fragment's top level and its members into the
    /// file (the loaders read no deeper).
    static func shiftLocations(_ root: LocatedValue, by base: SourceLocation) -> LocatedValue {
        var copy = root
        copy.location = SourceFragment.shift(root.location, by: base)
        if case .map(let entries) = root.value {
            copy.value = .map(
                entries.map { member in
                    var m = member
                    m.keyLocation = SourceFragment.shift(member.keyLocation, by: base)
                    m.value.location = SourceFragment.shift(member.value.location, by: base)
                    return m
                })
        }
        return copy
    }

    /// A JSON value as the string Twine keeps in passage metadata (strings as they are,
    /// numbers and booleans as written), or nil for arrays, objects and null.
    static func metadataString(_ value: LocatedValue) -> String? {
        switch value.value {
        case .scalar(_, .null), .map, .list: nil
        case .scalar(let text, _): text
        }
    }
}
