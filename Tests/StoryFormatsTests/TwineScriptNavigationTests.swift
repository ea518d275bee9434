import StoryGraph
import Testing

@testable import StoryFormats

/// Navigation written in JavaScript, links that leave the story, and a story's own link
/// macros (issue 11, item 6).
@Suite struct TwineScriptNavigationTests {
    static func links(_ text: String, _ dialect: TwineDialect) -> [[String]] {
        TwineLinkScanner.scan(text, dialect: dialect).choices.map { [$0.text, $0.target, $0.kind.rawValue] }
    }

    @Test func snowmanStoryShowIsAJumpAndAComputedTargetIsDynamic() {
        let text =
            "<% if (s.ready) { story.show('Act II') } %>\n<script>window.story.show(\"Finale\", true)</script>\n<% story.show(s.next) %> history.show('Not') [[Go|<%= s.room %>]]"
        #expect(
            Self.links(text, .snowman) == [
                ["Act II", "Act II", "auto"], ["Finale", "Finale", "auto"],
                ["s.next", "story.show(s.next)", "dynamic"], ["Go", "<%= s.room %>", "dynamic"],
            ])
    }

    @Test func sugarCubeEnginePlayInAClickIsAChoiceAndInAScriptAJump() {
        let text =
            "<<link \"Run\">><<run Engine.play(\"Hall\")>><</link>>\n<<script>>if (x) { Engine.play('Yard'); } var s = \"[[Fake]]\";<</script>> [[Real]]"
        #expect(
            Self.links(text, .sugarcube) == [
                ["Run", "Hall", "choice"], ["Yard", "Yard", "auto"], ["Real", "Real", "choice"],
            ])
        let result = TwineLinkScanner.scan(text, dialect: .sugarcube)
        #expect(result.choices.map { $0.location?.line } == [1, 2, 2])
        #expect(result.choices.map { $0.location?.column } == [21, 20, 74])
    }

    @Test func harloweDoesNotReadScriptCalls() {
        #expect(Self.links("Engine.play(\"Hall\") story.show('B')", .harlowe).isEmpty)
    }

    @Test(arguments: [
        ("mailto:desk@example.org", true), ("tel:+441234567", true), ("https://example.org/a", true),
        ("sms:123", true), ("Tel:Aviv", true), ("Chapter 1: Dawn", false), ("Note: later", false),
        ("Cellar", false), ("mailto:", false), ("weird:thing", false),
    ])
    func uriTargets(_ target: String, _ isURI: Bool) {
        #expect(TwineLinkMarkup.isURI(target) == isURI)
    }

    static let external = """
        :: Start
        [[Write to us|mailto:desk@example.org]] [[Call|tel:+441234567]] [[Site->https://example.org]] [[Tel:Aviv]] [[Onward]]
        :: Tel:Aviv
        A city.
        :: Onward
        The end.
        """

    @Test func uriLinksLeaveTheStoryAndAreNeitherChoicesNorBroken() throws {
        let loaded = try StoryLoading.load(sources: [SourceText(path: "ext.twee", text: Self.external)])
        #expect(loaded.story.passages[0].choices.map(\.target) == ["Tel:Aviv", "Onward"])
        #expect(loaded.diagnostics.isEmpty)
        #expect(loaded.story.passages[0].readerText == "→ Write to us\n→ Call\n→ Site\n→ Tel:Aviv\n→ Onward")
    }

    static let widgets = """
        :: Start
        <<fade "Cellar">> <<if $brave>><<fade "Attic" 2s>><</if>> <<fade "Nowhere">>
        :: Cellar
        Damp.
        :: Attic
        Dusty.
        """

    @Test func aDeclaredLinkMacroNamesPassagesAndAnUndeclaredOneSaysHowToDeclareIt() throws {
        let declared = try StoryLoading.load(
            sources: [SourceText(path: "w.twee", text: Self.widgets)], options: LoadOptions.with(\.linkMacros, ["Fade"])
        )
        let choices = declared.story.passages[0].choices
        #expect(choices.map(\.target) == ["Cellar", "Attic"])
        #expect(choices.map(\.condition) == [nil, .test("$brave", .variable("brave"))])
        #expect(choices.map { $0.location?.column } == [1, 32])
        #expect(declared.diagnostics.isEmpty)

        let undeclared = try StoryLoading.load(sources: [SourceText(path: "w.twee", text: Self.widgets)])
        #expect(undeclared.story.passages[0].choices.isEmpty)
        #expect(
            undeclared.diagnostics.filter { $0.ruleID == FormatRules.twineUnknownMacro.id }.map(\.message) == [
                "<<fade>> in passage 'Start' names the passage 'Cellar', but it is not a SugarCube macro storygraph knows; it is not followed as a link (declare it with --link-macro fade, or in \"link_macros\" of a storygraph.json beside the story)",
                "<<fade>> in passage 'Start' names the passage 'Attic', but it is not a SugarCube macro storygraph knows; it is not followed as a link (declare it with --link-macro fade, or in \"link_macros\" of a storygraph.json beside the story)",
            ])
    }
}
