import Testing
@testable import StoryFormats
import StoryGraph

@Suite struct TwineReadableTextTests {
    @Test(arguments: [
        ("You enter. [[Go up->B]] and [[C<-Back]] or [[Plain]] or [[Door|B][$x to 1]].", "You enter. Go up and Back or Plain or Door."),
        (#"<<if $x>>[[Hidden|B]]<</if>> <<link "Open the door" "B">><</link>> <<set $y to 1>>"#, "Hidden Open the door"),
        (#"<<link [[Ring it|Bell]]>><<set $rung to true>><</link>> then"#, "Ring it then"),
        (#"<span class="x">Styled</span> /* gone */ <!-- gone too --> (not a macro) done."#, "Styled (not a macro) done."),
        (#"(link-goto: "Leave", "A") (if: $k)[Keys jingle.] (set: $z to (a: 1, 2)) end"#, "Leave Keys jingle. end"),
        (#"{link to: 'A', label: 'Back home'} {embed passage: 'A'} {restart link}"#, "Back home"),
        ("(if: $b)[(link-goto: \"Scoop\", \"C\")](else:)[[[Watch->W]]] and |crab>[a shell]<crab| moves", "Scoop Watch and a shell moves"),
        ("Korean 한국어 and emoji 🚀 stay.", "Korean 한국어 and emoji 🚀 stay."),
        ("Unclosed [[link and <<macro and (set: $x", "Unclosed link and <<macro and (set: $x"),
    ])
    func markupBecomesWhatTheReaderSees(_ source: String, _ expected: String) {
        #expect(TwineReadableText.of(source) == expected)
    }

    @Test func twineLoadersFillTheReaderTextOtherLoadersLeaveIt() throws {
        let twee = try StoryLoading.load(sources: [SourceText(path: "s.twee", text: ":: Start\nKeep [[this]] as written\n:: this\nPlain words")])
        #expect(twee.story.passages.map(\.readerText) == ["Keep this as written", nil])
        #expect(twee.story.passages.map(\.shownText) == ["Keep this as written", "Plain words"])
        let json = try StoryLoading.load(sources: [SourceText(path: "s.json", text: #"{"start": "a", "passages": [{"id": "a", "text": "Keep [[this]] as written"}]}"#)])
        #expect(json.story.passages[0].readerText == nil)
        #expect(json.story.passages[0].shownText == "Keep [[this]] as written")
    }
}
