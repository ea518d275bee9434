import StoryGraph
import Testing

@testable import StoryFormats

/// Twine conditions are kept as data: each test as written with its parsed expression
/// (SugarCube and Harlowe; Chapbook's are kept as text), combined by the story's
/// structure (`else`, `elseif`, nesting), never flattened to a sentence.
@Suite struct TwineConditionTests {
    static func conditions(_ text: String, _ dialect: TwineDialect) -> [Condition?] {
        TwineLinkScanner.scan(text, dialect: dialect).choices.map(\.condition)
    }

    @Test func sugarCubeChainsKeepEachTestAndTheirNegations() {
        let text =
            "<<if $a>>[[A]]<<elseif $b gte 2>>[[B]]<<else>>[[C]]<</if>><<if $d>><<if $e>>[[D]]<</if>><</if>>[[E]]"
        let a = Condition.test("$a", .variable("a"))
        let b = Condition.test("$b gte 2", .binary(.greaterOrEqual, .variable("b"), .integer(2)))
        #expect(
            Self.conditions(text, .sugarcube) == [
                a,
                .all([.not(a), b]),
                .all([.not(a), .not(b)]),
                .all([.test("$d", .variable("d")), .test("$e", .variable("e"))]),
                nil,
            ])
    }

    @Test func sugarCubeSwitchCasesAreTestsAndDefaultNegatesThem() {
        let text = "<<switch $n>><<case 1>>[[One]]<<case 2>>[[Two]]<<default>>[[Other]]<</switch>>"
        let one = Condition.test("$n is 1", .binary(.equal, .variable("n"), .integer(1)))
        let two = Condition.test("$n is 2", .binary(.equal, .variable("n"), .integer(2)))
        #expect(Self.conditions(text, .sugarcube) == [one, two, .all([.not(one), .not(two)])])
        #expect(
            Self.conditions(text, .sugarcube).map { $0?.description } == [
                "$n is 1", "$n is 2", "not ($n is 1) and not ($n is 2)",
            ])
    }

    @Test func harloweIfElseIfElseAndUnless() {
        let text = "(if: $x is 1)[[[A]]](else-if: $y)[[[B]]](else:)[[[C]]] (unless: $z)[[[D]]]"
        let x = Condition.test("$x is 1", .binary(.equal, .variable("x"), .integer(1)))
        let y = Condition.test("$y", .variable("y"))
        #expect(
            Self.conditions(text, .harlowe) == [
                x, .all([.not(x), y]), .all([.not(x), .not(y)]), .not(.test("$z", .variable("z"))),
            ])
    }

    @Test func chapbookModifiersAreConditions() {
        let text = "[if hasLamp]\n[[Cellar]]\n[else]\n[[Dark]]\n[unless tired]\n[[Run]]\n[continue]\n[[Rest]]"
        let lamp = Condition.test("hasLamp", nil)
        #expect(Self.conditions(text, .chapbook) == [lamp, .not(lamp), .not(.test("tired", nil)), nil])
    }

    @Test func anElseWithNothingBeforeItKeepsItsOwnText() {
        #expect(Self.conditions("(else:)[[[A]]]", .harlowe) == [.test("(else:)", nil)])
    }
}
