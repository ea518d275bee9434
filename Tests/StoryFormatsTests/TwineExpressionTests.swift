import StoryGraph
import Testing

@testable import StoryFormats

/// SugarCube's and Harlowe's expressions and assignments read into the shared
/// `Expression` and `Effect` data, and placed where they run.
@Suite struct TwineExpressionTests {
    static func v(_ name: String) -> Expression { .variable(name) }
    static func n(_ k: Int) -> Expression { .integer(k) }

    static let sugarCube: [(String, Expression?)] = [
        ("$gold gte 10", .binary(.greaterOrEqual, v("gold"), n(10))),
        (
            "$a is 1 and not $b or $c",
            .binary(.or, .binary(.and, .binary(.equal, v("a"), n(1)), .unary(.not, v("b"))), v("c"))
        ),
        ("$a + 2 * 3 > 7", .binary(.greater, .binary(.add, v("a"), .binary(.multiply, n(2), n(3))), n(7))),
        ("($a || $b) && !$c", .binary(.and, .binary(.or, v("a"), v("b")), .unary(.not, v("c")))),
        (
            "$x === 'yes' or $x eq \"oui\"",
            .binary(.or, .binary(.equal, v("x"), .string("yes")), .binary(.equal, v("x"), .string("oui")))
        ),
        ("$n % 2 !== 0", .binary(.notEqual, .binary(.remainder, v("n"), n(2)), n(0))),
        (
            "$a isnot $b and $c neq 1.5",
            .binary(.and, .binary(.notEqual, v("a"), v("b")), .binary(.notEqual, v("c"), .decimal(1.5)))
        ),
        (
            "$t lt 3 and $t lte 4 and $t gt -1 and $t <= 9",
            .binary(
                .and,
                .binary(
                    .and,
                    .binary(
                        .and,
                        .binary(.less, v("t"), n(3)), .binary(.lessOrEqual, v("t"), n(4))),
                    .binary(.greater, v("t"), n(-1))), .binary(.lessOrEqual, v("t"), n(9)))
        ),
        ("visited(\"Cave\") gt 0", .binary(.greater, .visits(passage: "Cave"), n(0))),
        ("visited() is 1", .binary(.equal, .visits(passage: "Hall"), n(1))),
        (
            "turns() lt 5 and previous() is \"Hall\"",
            .binary(
                .and, .binary(.less, .call("turns", []), n(5)), .binary(.equal, .call("previous", []), .string("Hall")))
        ),
        ("random(1, 6) is 6", .binary(.equal, .call("random", [n(1), n(6)]), n(6))),
        ("_i gt 2", .binary(.greater, .unknown("_i"), n(2))),
        (
            "$bag.includes(\"key\") and $hp[0] > 1",
            .binary(.and, .unknown("$bag.includes(\"key\")"), .binary(.greater, .unknown("$hp[0]"), n(1)))
        ),
        (
            "[1, 2].length is 2 and true",
            .binary(.and, .binary(.equal, .unknown("[1, 2].length"), n(2)), .boolean(true))
        ),
        ("def $x", .call("def", [v("x")])),
        (
            "hasVisited(\"A\", \"B\")",
            .binary(
                .and, .binary(.greater, .visits(passage: "A"), n(0)), .binary(.greater, .visits(passage: "B"), n(0)))
        ),
        ("hasVisited($where)", .call("hasVisited", [v("where")])),
        ("$a >", nil),
        ("$a $b", nil),
        ("($a", nil),
        ("'open", nil),
        ("", nil),
    ]

    @Test func sugarCubeExpressionsReadIntoTheSharedData() {
        for (text, expected) in Self.sugarCube {
            #expect(SugarCubeExpression.parse(text, passage: "Hall") == expected, "\(text)")
        }
    }

    @Test func sugarCubeAssignments() throws {
        func read(_ text: String) -> [String]? {
            SugarCubeExpression.assignments(text)?.map {
                "\($0.variable) \($0.operation.rawValue) \($0.value) | \($0.text)"
            }
        }
        #expect(
            read("$a to 1, $b += 2; $c++") == [
                "a set integer(1) | $a to 1", "b add integer(2) | $b += 2", "c add integer(1) | $c++",
            ])
        #expect(
            read("$d -= 1, $e *= 2, $f /= 4, --$g") == [
                "d subtract integer(1) | $d -= 1", "e multiply integer(2) | $e *= 2", "f divide integer(4) | $f /= 4",
                "g subtract integer(1) | --$g",
            ])
        #expect(
            read("_t to 5, $h = $h + 1") == [
                "h set binary(StoryGraph.Expression.BinaryOperator.add, StoryGraph.Expression.variable(\"h\"), StoryGraph.Expression.integer(1)) | $h = $h + 1"
            ])
        #expect(read("$bag.key to true") == ["bag set unknown(\"$bag.key\") | $bag.key to true"])
        #expect(SugarCubeExpression.assignments("$x %= 3")?.first?.value == .binary(.remainder, Self.v("x"), Self.n(3)))
        #expect(read("$a to") == nil)
        #expect(read("$a to 1 $b to 2") == nil)
        #expect(SugarCubeExpression.unsetNames("$a, $b, _c") == ["a", "b"])
    }

    static let harlowe: [(String, Expression?)] = [
        ("$coins >= 3", .binary(.greaterOrEqual, v("coins"), n(3))),
        ("$x is not 'red'", .binary(.notEqual, v("x"), .string("red"))),
        ("$a > 2 and < 5", .binary(.and, .binary(.greater, v("a"), n(2)), .binary(.less, v("a"), n(5)))),
        ("$a is 3 or 4", .binary(.or, .binary(.equal, v("a"), n(3)), .binary(.equal, v("a"), n(4)))),
        ("$a is 1 and it < 3", .binary(.and, .binary(.equal, v("a"), n(1)), .binary(.less, v("a"), n(3)))),
        ("(history:) contains \"Cave\"", .binary(.greater, .visits(passage: "Cave"), n(0))),
        ("\"Cave\" is in (history:)", .binary(.greater, .visits(passage: "Cave"), n(0))),
        ("\"Cave\" is not in (history:)", .unary(.not, .binary(.greater, .visits(passage: "Cave"), n(0)))),
        (
            "(visited: \"Cave\") and not $lamp",
            .binary(.and, .binary(.greater, .visits(passage: "Cave"), n(0)), .unary(.not, v("lamp")))
        ),
        ("$bag contains \"key\"", .call("contains", [v("bag"), .string("key")])),
        ("\"sea\" is in \"seaside\"", .binary(.contains, .string("seaside"), .string("sea"))),
        ("visits is 1", .binary(.equal, .visits(passage: "Hall"), n(1))),
        (
            "(random: 1, 6) > 3 or $b - 1 * 2 is 0",
            .binary(
                .or, .binary(.greater, .call("random", [n(1), n(6)]), n(3)),
                .binary(.equal, .binary(.subtract, v("b"), .binary(.multiply, n(1), n(2))), n(0)))
        ),
        ("?door is 1", .binary(.equal, .unknown("?door"), n(1))),
        ("$a's length > 2", nil),
        ("$a is", nil),
    ]

    @Test func harloweExpressionsReadIntoTheSharedData() {
        for (text, expected) in Self.harlowe {
            #expect(HarloweExpression.parse(text, passage: "Hall") == expected, "\(text)")
        }
    }

    @Test func harloweAssignments() {
        func read(_ text: String, _ macro: String) -> String {
            switch HarloweExpression.assignment(text, macro: macro) {
            case .some(.some(let (variable, value))): "\(variable) = \(value)"
            case .some(.none): "temporary"
            case .none: "unread"
            }
        }
        #expect(
            read("$x to it + 1", "set")
                == "x = binary(StoryGraph.Expression.BinaryOperator.add, StoryGraph.Expression.variable(\"x\"), StoryGraph.Expression.integer(1))"
        )
        #expect(read("5 into $gold", "put") == "gold = integer(5)")
        #expect(read("$a into $b", "move") == "b = unknown(\"$a into $b\")")
        #expect(read("_t to 1", "set") == "temporary")
        #expect(read("$x to", "set") == "unread")
    }

    /// Expressions that are too deep or too long stay text, counted, and nothing
    /// overflows (the bounds: `Expression.maximumDepth` levels, 1,000 scalars).
    @Test func deepOrLongExpressionsStayTextAndAreCounted() {
        let deep =
            String(repeating: "(", count: Expression.maximumDepth) + "$a"
            + String(repeating: ")", count: Expression.maximumDepth)
        let shallow =
            String(repeating: "(", count: Expression.maximumDepth - 5) + "$a"
            + String(repeating: ")", count: Expression.maximumDepth - 5)
        #expect(SugarCubeExpression.parse(deep) == .tooDeep(deep))
        #expect(SugarCubeExpression.parse(shallow) == Self.v("a"))
        #expect(HarloweExpression.parse(deep) == .tooDeep(deep))
        let nots = String(repeating: "not ", count: 200) + "$a"
        #expect(SugarCubeExpression.parse(nots) == .tooDeep(nots))
        // A chain of one operator is as deep as it is long.
        let chain = (0..<120).map { _ in "$a" }.joined(separator: " and ")
        #expect(SugarCubeExpression.parse(chain) == .tooDeep(chain))
        let long = (0..<200).map { "$v\($0)" }.joined(separator: " + ")
        #expect(long.unicodeScalars.count > TwineExpressionLexer.maximumLength)
        #expect(SugarCubeExpression.parse(long) == nil)
        let scan = TwineLinkScanner.scan(
            "<<if \(deep)>>[[A]]<</if>><<if $b>>[[B]]<</if>><<set \(long)>>", dialect: .sugarcube)
        #expect(scan.parsedExpressions == 1)
        #expect(scan.unparsedExpressions == 2)
        #expect(scan.choices.map { $0.condition?.expression } == [.tooDeep(deep), Self.v("b")])
        // The unread `<<set>>` still says which variable it changes.
        #expect(scan.effects.map(\.effect.variable) == ["v0"])
        #expect(scan.effects.map(\.effect.value.hasUnknown) == [true])
    }

    static func passage(_ text: String, _ dialect: TwineDialect = .sugarcube) -> (choices: [Choice], effects: [Effect])
    {
        TwineEffects.place(TwineLinkScanner.scan(text, dialect: dialect, passage: "Here"))
    }

    /// A `<<set>>` after a link ran before the reader could click it: it is the links'
    /// effect, and a link after it reads the value it gave.
    @Test func assignmentsAfterTheFirstLinkBelongToTheLinksAndLaterConditionsReadThem() {
        let placed = Self.passage(
            "<<set $visits to 1>><<if not $seen>>[[Secret]]<</if>>\n<<set $seen to true>>[[Hall]]<<if $seen>>[[Again]]<</if>>"
        )
        #expect(placed.effects.map(\.text) == ["$visits to 1"])
        #expect(
            placed.choices.map { $0.effects.map(\.text) } == [["$seen to true"], ["$seen to true"], ["$seen to true"]])
        #expect(placed.choices.map { $0.condition?.expression } == [.unary(.not, Self.v("seen")), nil, .boolean(true)])
        #expect(placed.choices.map { $0.effects.first?.location?.line } == [2, 2, 2])
    }

    @Test func setsInsideALinkAreItsEffectsAndUnderAConditionUnknown() {
        let link = Self.passage(
            "<<link \"Take the key\" \"Gate\">><<set $key to true>><</link>> <<link [[Pay|Shop][$gold -= 5]]>><</link>>"
        )
        #expect(link.choices.map(\.target) == ["Gate", "Shop"])
        #expect(
            link.choices.map { $0.effects.map { "\($0.variable) \($0.operation.rawValue) \($0.value)" } } == [
                ["key set boolean(true)"], ["gold subtract integer(5)"],
            ])
        #expect(link.effects.isEmpty)
        // A link that only sets may or may not be clicked; a set under a condition may or
        // may not run: both leave the variable unknown.
        let maybe = Self.passage(
            "<<link \"Look\">><<set $looked to true>><</link>><<if $a>><<set $b to 1>><</if>><<for _i to 0; _i lt 3; _i++>><<set $c += 1>><</for>>[[Go|Next]]"
        )
        #expect(
            maybe.effects.map { "\($0.variable) \($0.value)" } == [
                "looked unknown(\"$looked to true\")", "b unknown(\"$b to 1\")", "c unknown(\"$c += 1\")",
            ])
        #expect(maybe.choices.map(\.effects) == [[]])
        let setter = Self.passage("[[Go|Next][$x to 2; $y++]]")
        #expect(setter.choices.first?.effects.map(\.text) == ["$x to 2", "$y++"])
    }

    @Test func harloweLinksAndHooksCarryTheirSets() {
        let placed = Self.passage(
            "(set: $n to 1)(link: \"Open\")[(set: $door to true)(goto: \"Hall\")] (if: $n is 1)[(set: $m to 2)] (link-goto: \"Leave\", \"Out\")",
            .harlowe)
        #expect(placed.choices.map(\.target) == ["Hall", "Out"])
        // The `(if:)` hook's set comes after the first link (the click's goto): every
        // link carries it, unknown, before its own.
        #expect(placed.choices.map { $0.effects.map(\.text) } == [["$m to 2", "$door to true"], ["$m to 2"]])
        #expect(placed.choices.first?.effects.first?.value == .unknown("$m to 2"))
        #expect(placed.effects.map { "\($0.variable) \($0.value)" } == ["n integer(1)"])
        // The `(if:)` hook's set comes after the first link: every link carries it, unknown.
        let late = Self.passage("[[Hall]] (if: $n is 1)[(set: $m to 2)](put: 3 into $k)", .harlowe)
        #expect(
            late.choices.first?.effects.map { "\($0.variable) \($0.value)" } == [
                "m unknown(\"$m to 2\")", "k integer(3)",
            ])
    }

    @Test func storyInitAndStartupGiveTheInitialValues() throws {
        let sugarCube = """
            :: StoryData
            {"format": "SugarCube", "start": "Start"}
            :: StoryInit
            <<set $gold to 5, $gold += 2, $name to "Ann">>
            <<set $rank to $gold * 2, $luck to random(1, 6)>>
            :: Start
            <<if $gold gte 7>>[[Rich]]<</if>>
            :: Rich
            Gold.
            """
        let story = try StoryLoading.load(sources: [SourceText(path: "/f/init.twee", text: sugarCube)]).story
        #expect(story.variables.map(\.name) == ["gold", "name", "rank", "luck"])
        #expect(
            story.variables.map(\.initial) == [
                .binary(.add, .integer(5), .integer(2)), .string("Ann"),
                .binary(.multiply, .binary(.add, .integer(5), .integer(2)), .integer(2)),
                .call("random", [.integer(1), .integer(6)]),
            ])
        #expect(story.variables.map { $0.location?.line } == [4, 4, 5, 5])
        #expect(
            story.sourceStatistics == [SourceStatistic("expressions", 3), SourceStatistic("expressions_unparsed", 0)])
        let state = StateAnalysis(StoryGraph(story))
        #expect(state.alwaysTrue.count == 1)
        #expect(state.reachedEndings.count == 1)

        let harlowe = """
            :: StoryData
            {"format": "Harlowe", "start": "Start"}
            :: Setup [startup]
            (set: $gold to 2)
            :: Start
            (if: $gold > 1 and $silver is 0)[[[Rich]]]
            :: Rich
            Gold.
            """
        let h = try StoryLoading.load(sources: [SourceText(path: "/f/init.twee", text: harlowe)]).story
        // Harlowe reads a variable nothing set as 0.
        #expect(
            h.variables.map { "\($0.name) \($0.initial.map { "\($0)" } ?? "-")" } == [
                "gold integer(2)", "silver integer(0)",
            ])
        #expect(StateAnalysis(StoryGraph(h)).alwaysTrue.count == 1)
    }

    /// The first-visit pattern: a link offered until the passage sets its flag.
    @Test func aFlagSetAfterTheLinkStillOffersItOnTheFirstVisit() throws {
        let text = """
            :: StoryData
            {"format": "SugarCube", "start": "Hall"}
            :: Hall
            <<if not $seen>>[[Peek|Secret]]<</if>>
            [[Wait|Hall]]
            [[Leave|Out]]
            <<set $seen to true>>
            :: Secret
            A hidden room.
            :: Out
            Outside.
            """
        let story = try StoryLoading.load(sources: [SourceText(path: "/f/peek.twee", text: text)]).story
        let state = StateAnalysis(StoryGraph(story))
        #expect(state.isComplete)
        #expect(state.states == 4)
        #expect(state.blockedEndings.isEmpty)
        #expect(state.neverTrue.isEmpty && state.alwaysTrue.isEmpty)
        #expect(
            state.reachedEndings.map { $0.witness.map { StoryGraph(story).choice($0).text } } == [["Peek"], ["Leave"]])
    }

    /// What runs around every passage (Harlowe's `header`, SugarCube's `PassageDone`) is
    /// every visited passage's; a passage only shown inside another is not visited.
    @Test func headersAndFootersRunOnEveryVisitedPassage() throws {
        let harlowe = """
            :: StoryData
            {"format": "Harlowe", "start": "Start"}
            :: Count [header]
            (set: $turns to it + 1)
            :: Start
            (display: "Clock")[[Wait->Start]]
            :: Clock
            (if: $turns > 2)[(go-to: "Late")]
            :: Late
            Too late.
            """
        let h = try StoryLoading.load(sources: [SourceText(path: "/f/h.twee", text: harlowe)]).story
        #expect(
            h.passages.map { "\($0.id) \($0.effects.map(\.text))" } == [
                "Start [\"$turns to it + 1\"]", "Clock []", "Late [\"$turns to it + 1\"]",
            ])
        let state = StateAnalysis(StoryGraph(h))
        // Start on turns 1, 2 and 3 (then the clock sends the reader on), and Late.
        #expect(state.states == 4)
        #expect(state.reachedEndings.map(\.witness.count) == [3])

        let sugarCube = """
            :: StoryData
            {"format": "SugarCube", "start": "Start"}
            :: PassageDone
            <<set $steps++>>
            :: Start
            <<if $steps gte 1>>[[Out]]<</if>>[[Again|Start]]
            :: Out
            Out.
            """
        let s = try StoryLoading.load(sources: [SourceText(path: "/f/s.twee", text: sugarCube)]).story
        #expect(s.passages[0].choices.map { $0.effects.map(\.text) } == [["$steps++"], ["$steps++"]])
        #expect(StateAnalysis(StoryGraph(s)).reachedEndings.map(\.witness.count) == [2])
    }

    /// What runs around every passage, and the unknown values the story's JavaScript
    /// gives, are one run of effects every passage shares (the same object), not a copy
    /// each; the passage's own follow, and the lists read as before.
    @Test func effectsAroundEveryPassageAreSharedNotCopied() throws {
        let text = """
            :: StoryData
            {"format": "SugarCube", "start": "Start"}
            :: Code [script]
            setup.luck = function () { State.variables.luck = 7; };
            :: StoryInit
            <<set $turns to 0>>
            :: PassageHeader
            <<set $turns to $turns + 1>>
            :: PassageFooter
            <<set $seen to true>>
            :: Start
            <<set $gold to 1>><<if $luck gt 3>>[[Lucky]]<</if>>[[Plain]]
            :: Lucky
            <<if $turns is 2>>[[Plain]]<</if>>
            :: Plain
            <<include "Note">>The end.
            :: Note
            <<set $note to 2>>
            """
        let story = try StoryLoading.load(sources: [SourceText(path: "/f/s.twee", text: text)]).story
        #expect(story.passages.map(\.id) == ["Start", "Lucky", "Plain", "Note"])
        #expect(
            story.passages.map { $0.effects.map(\.text) } == [
                ["$luck changed by the story's JavaScript or a widget", "$turns to $turns + 1", "$gold to 1"],
                ["$turns to $turns + 1"], ["$turns to $turns + 1"], ["$note to 2"],
            ])
        // Start reads $luck (so it is unknown there): a run of its own; the others share one.
        let shared = story.passages.map { $0.effectList.shared }
        #expect(shared[0] != nil && shared[1] != nil && shared[0] !== shared[1] && shared[1] === shared[2])
        #expect(shared[3] == nil)
        let steps = story.passages.flatMap(\.choices).filter(\.isStep)
        #expect(steps.map { $0.effects.map(\.text) } == [[String]](repeating: ["$seen to true"], count: steps.count))
        #expect(steps.count == 3 && steps.allSatisfy { $0.effectList.shared === steps[0].effectList.shared })
        // The search applies them all, from the shared runs: Start on turn 1, Lucky (its
        // link under the unknown $luck) on turn 2, Plain on turn 2 from Start and on turn 3
        // from Lucky.
        let state = StateAnalysis(StoryGraph(story))
        #expect(state.reachedEndings.map(\.witness.count) == [1])
        #expect(state.states == 4)
    }

    /// A variable the reader types or the story's JavaScript sets may hold anything: it
    /// is unknown, so a guard on it is neither never nor always true.
    @Test func theReadersInputAndTheJavaScriptsAssignmentsAreUnknown() throws {
        let text = """
            :: StoryData
            {"format": "SugarCube", "start": "Start"}
            :: StoryInit
            <<set $name to "", $paid to false, $rank to 0, $noise to 0>>
            :: Code [script]
            setup.pay = function () { State.variables.paid = true; State.variables["rank"]++; };
            window.quiet = function () { State.variables.noise == 0; };
            :: Start
            <<textbox "$name" "">><<run $bag.push("key")>>
            <<if $name is "Ann">>[[Ann]]<</if>><<if $paid>>[[Paid]]<</if>><<if $rank gt 0>>[[Ranked]]<</if>><<if $noise gt 0>>[[Loud]]<</if>><<if $bag>>[[Bag]]<</if>>
            :: Ann
            A.
            :: Paid
            P.
            :: Ranked
            R.
            :: Loud
            L.
            :: Bag
            B.
            """
        let story = try StoryLoading.load(sources: [SourceText(path: "/f/input.twee", text: text)]).story
        #expect(story.passages[0].effects.map(\.variable) == ["paid", "rank", "bag", "name"])
        let state = StateAnalysis(StoryGraph(story))
        let graph = StoryGraph(story)
        // Only the noise, which the JavaScript compares but never sets, stays 0.
        #expect(state.neverTrue.map { graph.choice($0).text } == ["Loud"])
        #expect(state.unknownChoices.map { graph.choice($0).text } == ["Ann", "Paid", "Ranked", "Bag"])
        #expect(
            TwineScriptAssignments.names(
                in: Array("State.setVar('$a', 1); V.b += 2; variables().c--; $d.length; $e == 1".unicodeScalars),
                isScript: true) == ["a", "b", "c"])
    }
}
