import StoryGraph
import Testing

@testable import StoryFormats

@Suite struct TwineReadableTextTests {
    @Test(arguments: [
        (
            "You enter. [[Go up->B]] and [[C<-Back]] or [[Plain]] or [[Door|B][$x to 1]].",
            "You enter. Go up and Back or Plain or Door."
        ),
        (
            #"<<if $x>>[[Hidden|B]]<</if>> <<link "Open the door" "B">><</link>> <<set $y to 1>>"#,
            "[if $x] → Hidden\n→ Open the door"
        ),
        (#"<<link [[Ring it|Bell]]>><<set $rung to true>><</link>> then"#, "Ring it then"),
        (
            #"<span class="x">Styled</span> /* gone */ <!-- gone too --> (not a macro) done."#,
            "Styled (not a macro) done."
        ),
        (
            #"(link-goto: "Leave", "A") (if: $k)[Keys jingle.] (set: $z to (a: 1, 2)) end"#,
            "→ Leave\n[if $k] Keys jingle.\nend"
        ),
        (#"{link to: 'A', label: 'Back home'} {embed passage: 'A'} {restart link}"#, "→ Back home"),
        (
            "(if: $b)[(link-goto: \"Scoop\", \"C\")](else:)[[[Watch->W]]] and |crab>[a shell]<crab| moves",
            "[if $b] → Scoop\n[else] → Watch\nand a shell moves"
        ),
        ("Korean 한국어 and emoji 🚀 stay.", "Korean 한국어 and emoji 🚀 stay."),
        ("Unclosed [[link and <<macro and (set: $x", "Unclosed link and <<macro and (set: $x"),
    ])
    func markupBecomesWhatTheReaderSees(_ source: String, _ expected: String) {
        #expect(TwineReadableText.of(source) == expected)
    }

    /// Issue 15: links kept apart from the prose, both branches of a conditional marked,
    /// no macro target in the text; one look in every dialect.
    @Test(arguments: [
        // SugarCube
        (
            "The stairs wind up.\n\n[[Go up->Gear Room]]\n[[Look out|Arrow Slit]]",
            "The stairs wind up.\n→ Go up\n→ Look out"
        ),
        (
            "The bell hangs.\n<<if $oiled>>[[Ring the bell->Rings]]<<else>>[[Pull the rope->Snaps]]<</if>>",
            "The bell hangs.\n[if $oiled] → Ring the bell\n[else] → Pull the rope"
        ),
        (
            "<<if $key>>\nThe door opens.\n<<elseif $pick>>\nYou pick the lock.\n<<else>>\nIt is locked.\n<</if>>\nA draught.",
            "[if $key] The door opens.\n[else if $pick] You pick the lock.\n[else] It is locked.\nA draught."
        ),
        // A link inside a line of prose stays in it.
        (#"Wait. <<link "Close the ledger">><<goto "Workshop">><</link>>"#, "Wait. Close the ledger"),
        // Harlowe
        (
            "(if: $bucket)[(link-goto: \"Scoop\", \"Crab\")](else:)[[[Watch->Crab Watch]]] Later.",
            "[if $bucket] → Scoop\n[else] → Watch\nLater."
        ),
        ("A |crab>[green crab] hides.\n(click-goto: ?crab, \"Crab\")", "A green crab hides."),
        (
            "(unless: $wet)[You stay dry.](else-if: $cold)[You shiver.]",
            "[unless $wet] You stay dry.\n[else if $cold] You shiver."
        ),
        // Chapbook
        (
            "The gate.\n[if hasKey]\nIt swings open.\n[else]\nIt is shut.\n[continue]\nBirds sing.\n{link to: 'Road', label: 'Walk on'}",
            "The gate.\n[if hasKey] It swings open.\n[else] It is shut.\nBirds sing.\n→ Walk on"
        ),
        // Snowman
        (
            "The hall.\n<% if (s.lamp) { %>\nIt is bright. [[Go on->Next]]\n<% } else { %>\nIt is dark.\n<% } %>\n<%= s.name %> waits.",
            "The hall.\n[if s.lamp] It is bright. Go on\n[else] It is dark.\nwaits."
        ),
    ])
    func linksAndBranchesStandApart(_ source: String, _ expected: String) {
        #expect(TwineReadableText.of(source) == expected)
    }

    @Test func twineLoadersFillTheReaderTextOtherLoadersLeaveIt() throws {
        let twee = try StoryLoading.load(sources: [
            SourceText(path: "s.twee", text: ":: Start\nKeep [[this]] as written\n:: this\nPlain words")
        ])
        #expect(twee.story.passages.map(\.readerText) == ["Keep this as written", nil])
        #expect(twee.story.passages.map(\.shownText) == ["Keep this as written", "Plain words"])
        let json = try StoryLoading.load(sources: [
            SourceText(
                path: "s.json", text: #"{"start": "a", "passages": [{"id": "a", "text": "Keep [[this]] as written"}]}"#)
        ])
        #expect(json.story.passages[0].readerText == nil)
        #expect(json.story.passages[0].shownText == "Keep [[this]] as written")
    }
}
