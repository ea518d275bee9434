import Foundation
import StoryGraph
import TestSupport
import Testing

@testable import StoryFormats

/// One link form: the passage text, the dialect, and the one choice it must give.
struct LinkCase: Sendable, CustomStringConvertible {
    var text: String
    var dialect: TwineDialect
    var label: String
    var target: String
    var kind: Choice.Kind
    var condition: String?
    var restart = false

    var description: String { text }
}

@Suite struct TwineLinkScannerTests {
    static let cases: [LinkCase] = [
        // Twine link markup.
        .init(text: "[[Cellar]]", dialect: .unknown, label: "Cellar", target: "Cellar", kind: .choice),
        .init(text: "[[Go down|Cellar]]", dialect: .unknown, label: "Go down", target: "Cellar", kind: .choice),
        .init(text: "[[Go down->Cellar]]", dialect: .unknown, label: "Go down", target: "Cellar", kind: .choice),
        .init(text: "[[Cellar<-Go down]]", dialect: .unknown, label: "Go down", target: "Cellar", kind: .choice),
        .init(text: "[[a->b->Cellar]]", dialect: .unknown, label: "a->b", target: "Cellar", kind: .choice),
        .init(text: "[[Cellar<-a<-b]]", dialect: .unknown, label: "a<-b", target: "Cellar", kind: .choice),
        .init(text: "[[a|b|Cellar]]", dialect: .unknown, label: "a|b", target: "Cellar", kind: .choice),
        .init(text: "[[Go|Cellar][$lamp to true]]", dialect: .sugarcube, label: "Go", target: "Cellar", kind: .choice),
        .init(text: "[img[lamp.png][Cellar]]", dialect: .sugarcube, label: "Cellar", target: "Cellar", kind: .choice),
        // SugarCube.
        .init(text: "<<goto \"Cellar\">>", dialect: .sugarcube, label: "Cellar", target: "Cellar", kind: .auto),
        .init(text: "<<goto [[Cellar]]>>", dialect: .sugarcube, label: "Cellar", target: "Cellar", kind: .auto),
        .init(text: "<<goto $next>>", dialect: .sugarcube, label: "$next", target: "$next", kind: .dynamic),
        .init(
            text: "<<link \"Go down\" \"Cellar\">><</link>>", dialect: .sugarcube, label: "Go down", target: "Cellar",
            kind: .choice),
        .init(
            text: "<<link [[Go down|Cellar]]>><</link>>", dialect: .sugarcube, label: "Go down", target: "Cellar",
            kind: .choice),
        .init(
            text: "<<link \"Go down\">><<goto \"Cellar\">><</link>>", dialect: .sugarcube, label: "Go down",
            target: "Cellar", kind: .choice),
        .init(
            text: "<<button \"Go down\" \"Cellar\">><</button>>", dialect: .sugarcube, label: "Go down",
            target: "Cellar", kind: .choice),
        .init(text: "<<include \"Cellar\">>", dialect: .sugarcube, label: "Cellar", target: "Cellar", kind: .include),
        .init(
            text: "<<actions [[Go down|Cellar]]>>", dialect: .sugarcube, label: "Go down", target: "Cellar",
            kind: .choice),
        .init(
            text: "<<choice \"Cellar\" \"Go down\">>", dialect: .sugarcube, label: "Go down", target: "Cellar",
            kind: .choice),
        .init(text: "<<back>>", dialect: .sugarcube, label: "Back", target: "<<back>>", kind: .dynamic),
        .init(
            text: "<<if $lamp>>[[Cellar]]<</if>>", dialect: .sugarcube, label: "Cellar", target: "Cellar",
            kind: .choice, condition: "$lamp"),
        .init(
            text: "<<if $a>><<elseif $b>>[[Cellar]]<</if>>", dialect: .sugarcube, label: "Cellar", target: "Cellar",
            kind: .choice, condition: "not ($a) and $b"),
        .init(
            text: "<<if $a>><<else>>[[Cellar]]<</if>>", dialect: .sugarcube, label: "Cellar", target: "Cellar",
            kind: .choice, condition: "not ($a)"),
        .init(
            text: "<<if $a>><<if $b>>[[Cellar]]<</if>><</if>>", dialect: .sugarcube, label: "Cellar", target: "Cellar",
            kind: .choice, condition: "$a and $b"),
        .init(
            text: "<a data-passage=\"Cellar\">Go down</a>", dialect: .snowman, label: "Go down", target: "Cellar",
            kind: .choice),
        // Harlowe (names ignore case, '-' and '_').
        .init(
            text: "(link-goto: \"Go down\", \"Cellar\")", dialect: .harlowe, label: "Go down", target: "Cellar",
            kind: .choice),
        .init(text: "(link-goto: \"Cellar\")", dialect: .harlowe, label: "Cellar", target: "Cellar", kind: .choice),
        .init(text: "(LINK_GOTO: \"Cellar\")", dialect: .harlowe, label: "Cellar", target: "Cellar", kind: .choice),
        .init(
            text: "(click-goto: ?door, \"Cellar\")", dialect: .harlowe, label: "?door", target: "Cellar", kind: .choice),
        .init(
            text: "(link-reveal-goto: \"Go down\", \"Cellar\")", dialect: .harlowe, label: "Go down", target: "Cellar",
            kind: .choice),
        .init(text: "(goto: \"Cellar\")", dialect: .harlowe, label: "Cellar", target: "Cellar", kind: .auto),
        .init(text: "(go-to: 'Cellar')", dialect: .harlowe, label: "Cellar", target: "Cellar", kind: .auto),
        .init(text: "(redirect: \"Cellar\")", dialect: .harlowe, label: "Cellar", target: "Cellar", kind: .auto),
        .init(text: "(display: \"Cellar\")", dialect: .harlowe, label: "Cellar", target: "Cellar", kind: .include),
        .init(text: "(goto: $next)", dialect: .harlowe, label: "$next", target: "$next", kind: .dynamic),
        .init(
            text: "(link-undo: \"Back\")", dialect: .harlowe, label: "Back", target: "(link-undo: \"Back\")",
            kind: .dynamic),
        .init(
            text: "(link: \"Go down\")[(goto: \"Cellar\")]", dialect: .harlowe, label: "Go down", target: "Cellar",
            kind: .choice),
        .init(
            text: "(if: $lamp)[[[Cellar]]]", dialect: .harlowe, label: "Cellar", target: "Cellar", kind: .choice,
            condition: "$lamp"),
        .init(
            text: "(if: $a)[x](else:)[(goto: \"Cellar\")]", dialect: .harlowe, label: "Cellar", target: "Cellar",
            kind: .auto, condition: "not ($a)"),
        .init(
            text: "(unless: $a)+(text-colour: red)[[[Cellar]]]", dialect: .harlowe, label: "Cellar", target: "Cellar",
            kind: .choice, condition: "not ($a)"),
        .init(
            text: "(link: \"Again\")[(restart:)]", dialect: .harlowe, label: "Again", target: "", kind: .choice,
            restart: true),
        // Chapbook.
        .init(
            text: "{link to: 'Cellar', label: 'Go down'}", dialect: .chapbook, label: "Go down", target: "Cellar",
            kind: .choice),
        .init(text: "{embed passage: 'Cellar'}", dialect: .chapbook, label: "Cellar", target: "Cellar", kind: .include),
        .init(text: "{restart link}", dialect: .chapbook, label: "Restart", target: "", kind: .choice, restart: true),
        .init(
            text: "{back link, label: 'Return'}", dialect: .chapbook, label: "Return", target: "{back link}",
            kind: .dynamic),
        .init(
            text: "[if hasLamp]\n[[Cellar]]", dialect: .chapbook, label: "Cellar", target: "Cellar", kind: .choice,
            condition: "hasLamp"),
    ]

    @Test(arguments: cases)
    func eachLinkFormHasItsKind(_ form: LinkCase) {
        let result = TwineLinkScanner.scan(form.text, dialect: form.dialect)
        #expect(result.choices.count == 1)
        guard let choice = result.choices.first else { return }
        #expect(choice.text == form.label)
        #expect(choice.target == form.target)
        #expect(choice.kind == form.kind)
        #expect(choice.condition?.description == form.condition)
        #expect(choice.isRestart == form.restart)
        #expect(result.diagnostics.isEmpty)
    }

    @Test(arguments: [
        "[[https://example.org]]", "[[Docs|http://example.org/a]]", "[[Site->ftp://host/x]]",
    ])
    func externalURLsAreNotPassages(_ text: String) {
        #expect(TwineLinkScanner.scan(text).choices.isEmpty)
    }

    @Test func linksInCommentsAndScriptsAreNotRead() {
        let text = "<!-- [[A]] --> /* [[B]] */ /% [[C]] %/ \"\"\"[[D]]\"\"\" <<script>>[[E]]<</script>> [[F]]"
        let result = TwineLinkScanner.scan(text, dialect: .sugarcube)
        #expect(result.choices.map(\.target) == ["F"])
    }

    @Test func dialectsReadOnlyTheirOwnMacros() {
        let text = "<<goto \"A\">> (goto: \"B\") {link to: 'C'} [[D]]"
        #expect(TwineLinkScanner.scan(text, dialect: .sugarcube).choices.map(\.target) == ["A", "D"])
        #expect(TwineLinkScanner.scan(text, dialect: .harlowe).choices.map(\.target) == ["B", "D"])
        #expect(TwineLinkScanner.scan(text, dialect: .chapbook).choices.map(\.target) == ["C", "D"])
        #expect(TwineLinkScanner.scan(text, dialect: .unknown).choices.map(\.target) == ["A", "B", "C", "D"])
    }

    @Test func eachLinkIsLocatedAtItsFirstCharacter() {
        let text = "First line.\nGo [[down|Cellar]] or <<goto \"Attic\">>\n  (display: \"Hall\")"
        let result = TwineLinkScanner.scan(text, dialect: .unknown, path: "p.twee")
        #expect(result.choices.map { $0.location?.description } == ["p.twee:2:4", "p.twee:2:23", "p.twee:3:3"])
    }

    @Test func conditionsEndWithTheirBlock() {
        let text = "<<if $a>>[[A]]<</if>>[[B]](if: $c)[[[C]]][[D]]"
        let result = TwineLinkScanner.scan(text, dialect: .unknown)
        #expect(result.choices.map(\.target) == ["A", "B", "C", "D"])
        #expect(result.choices.map(\.condition?.description) == ["$a", nil, "$c", nil])
    }

    @Test func chapbookSectionsResetTheCondition() {
        let text = "[if $a]\n[[A]]\n[else]\n[[B]]\n[continue]\n[[C]]"
        let result = TwineLinkScanner.scan(text, dialect: .chapbook)
        #expect(result.choices.map(\.condition?.description) == ["$a", "not ($a)", nil])
    }

    @Test func unterminatedMarkupIsReportedWithItsPlace() {
        let text = "ok\nbad [[Cellar\n<<goto \"Attic\"\n(goto: \"Hall\""
        let result = TwineLinkScanner.scan(text, dialect: .unknown, path: "p.twee")
        #expect(result.choices.isEmpty)
        #expect(
            result.diagnostics.map(\.description) == [
                "p.twee:2:5: warning: '[[' is not closed by ']]' on its line; it is not a link [twine-unterminated-link]",
                "p.twee:3:1: warning: '<<goto' is not closed by '>>'; it is not read [twine-unterminated-macro]",
                "p.twee:4:1: warning: '(goto:' is not closed by ')'; it is not read [twine-unterminated-macro]",
            ])
    }

    @Test func hostileInputStaysLinear() {
        // Each of these would take quadratic time to a naive scanner.
        let inputs = [
            String(repeating: "[[", count: 200_000),
            String(repeating: "<<goto ", count: 100_000),
            String(repeating: "(if: ", count: 100_000),
            String(repeating: "<<if $x>>", count: 50_000) + "[[A]]" + String(repeating: "<</if>>", count: 50_000),
            String(repeating: "(if: $x)[", count: 50_000) + "[[A]]" + String(repeating: "]", count: 50_000),
            String(repeating: "{link to: ", count: 100_000),
        ]
        for input in inputs {
            let (_, seconds) = threadCPUTime { _ = TwineLinkScanner.scan(input, dialect: .unknown) }
            #expect(seconds < 10, "took \(seconds) s of CPU on \(input.prefix(20))…")
        }
        let nested = String(repeating: "<<if $x>>", count: 50_000) + "[[A]]"
        let choice = TwineLinkScanner.scan(nested, dialect: .sugarcube).choices.first
        #expect(choice?.target == "A")
        #expect((choice?.condition?.description.count ?? 0) <= 400)
    }
}
