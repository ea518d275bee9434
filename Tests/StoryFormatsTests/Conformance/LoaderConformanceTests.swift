import Foundation
import StoryGraph
import TestSupport
import Testing

@testable import StoryFormats

/// One suite over every registered loader (issue 10, item 9): each writes small stories
/// in its format through its `FixtureMaker`, and every loader must read them alike —
/// empty files, invalid UTF-8, a byte-order mark, CRLF line ends, a duplicate id, a broken
/// link at its exact place, an unknown `--start`, the title from the file name,
/// determinism, and a 100,000-passage story within the size and time limits.
@Suite("Loader conformance")
struct LoaderConformanceTests {
    static let makers = FixtureMaker.all

    static func load(
        _ maker: FixtureMaker, _ text: String, name: String = "story", options: LoadOptions = LoadOptions(),
        forced: Bool = true
    ) throws(StoryLoadError) -> LoadResult {
        var result = try Load.text(
            text, path: "\(name).\(maker.fileExtension)", format: forced ? maker.format : nil, options: options)
        result.diagnostics.removeAll { $0.ruleID.map(maker.noteRules.contains) ?? false }
        return result
    }

    @Test(arguments: makers.filter { !$0.noteRules.isEmpty })
    func theLoadersOwnNoteIsItsOnlyExtraFinding(_ maker: FixtureMaker) throws {
        let text = maker.write(FixtureStory.chain(3, ids: maker.id))
        let result = try StoryLoading.load(
            sources: [SourceText(path: "story.\(maker.fileExtension)", text: text)], format: maker.format)
        #expect(result.diagnostics.map(\.ruleID) == maker.noteRules.sorted().map { Optional($0) })
        #expect(result.diagnostics.allSatisfy { $0.severity == .info })
    }

    static func loadError(_ maker: FixtureMaker, _ data: Data, options: LoadOptions = LoadOptions()) -> [Diagnostic] {
        Load.errors(data, path: "story.\(maker.fileExtension)", format: maker.format, options: options)
    }

    /// The 1-based line and column (in scalars) where `anchor` first starts in `text`.
    static func place(of anchor: String, in text: String) throws -> (line: Int, column: Int) {
        let range = try #require(text.range(of: anchor))
        let before = text.unicodeScalars[..<range.lowerBound]
        let line = before.filter { $0 == "\n" }.count + 1
        let lineStart =
            before.lastIndex(of: "\n").map { text.unicodeScalars.index(after: $0) } ?? text.unicodeScalars.startIndex
        return (line, text.unicodeScalars[lineStart..<range.lowerBound].count + 1)
    }

    static func shape(_ story: Story) -> [String] {
        story.passages.map { "\($0.id): " + $0.choices.map(\.target).joined(separator: " ") }
    }

    @Test func everyRegisteredLoaderHasAFixtureMaker() {
        #expect(Self.makers.map(\.format).sorted() == StoryLoading.formatNames.sorted())
    }

    @Test(arguments: makers)
    func aSmallStoryIsRecognisedAndRead(_ maker: FixtureMaker) throws {
        let story = FixtureStory.chain(3, ids: maker.id)
        let result = try Self.load(maker, maker.write(story), forced: false)
        #expect(result.story.format == maker.format)
        #expect(result.story.start == maker.id(0))
        #expect(
            Self.shape(result.story) == [
                "\(maker.id(0)): \(maker.id(1))", "\(maker.id(1)): \(maker.id(2))", "\(maker.id(2)): ",
            ])
        #expect(
            result.story.passages.map(\.shownText)
                == story.passages.map { passage in
                    // A link on a line of its own is shown as one: "→ label".
                    ([passage.text] + (maker.showsLinkLabels ? passage.links.map { "→ go \($0)" } : [])).joined(
                        separator: "\n")
                })
        #expect(result.diagnostics.map(\.description) == [])
        #expect(StoryGraph(result.story).isEnding == [false, false, true])
    }

    @Test(arguments: makers)
    func anEmptyFileIsRefusedAtItsFirstLine(_ maker: FixtureMaker) {
        for text in ["", "  \n\t\n"] {
            #expect(
                Self.loadError(maker, Data(text.utf8)).map(\.description) == [
                    "story.\(maker.fileExtension):1:1: error: empty file: no story in it [empty-file]"
                ])
        }
    }

    @Test(arguments: makers)
    func invalidUTF8IsRefusedAtTheBadByte(_ maker: FixtureMaker) throws {
        var story = FixtureStory.chain(2, ids: maker.id)
        story.passages[1].text = "caf BAD"
        let text = maker.write(story)
        let (line, column) = try Self.place(of: "BAD", in: text)
        let bytes = Data(text.replacingOccurrences(of: "BAD", with: "\u{1}").utf8).map { $0 == 0x01 ? 0xC3 : $0 }
        var data = Data(bytes)
        let at = try #require(data.firstIndex(of: 0xC3))
        data.insert(0x28, at: at + 1)
        #expect(
            Self.loadError(maker, data).map(\.description) == [
                "story.\(maker.fileExtension):\(line):\(column): error: invalid UTF-8 in file [invalid-utf8]"
            ])
    }

    @Test(arguments: makers)
    func aByteOrderMarkChangesNothing(_ maker: FixtureMaker) throws {
        let text = maker.write(FixtureStory.chain(3, ids: maker.id))
        let plain = try Self.load(maker, text)
        let marked = try Self.load(maker, "\u{FEFF}" + text, forced: false)
        #expect(marked.story == plain.story)
        #expect(marked.diagnostics == plain.diagnostics)
    }

    @Test(arguments: makers)
    func crlfLineEndsReadTheSamePassagesAtTheSameLines(_ maker: FixtureMaker) throws {
        var story = FixtureStory.chain(3, ids: maker.id)
        story.passages[0].links.append(maker.missing)
        let text = maker.write(story)
        let lf = try Self.load(maker, text)
        let crlf = try Self.load(maker, text.replacingOccurrences(of: "\n", with: "\r\n"), forced: false)
        #expect(Self.shape(crlf.story) == Self.shape(lf.story))
        #expect(crlf.story.passages.map(\.location) == lf.story.passages.map(\.location))
        #expect(
            crlf.story.passages.map { $0.choices.map(\.location) }
                == lf.story.passages.map { $0.choices.map(\.location) })
        #expect(
            crlf.story.passages.map { $0.shownText.trimmingCharacters(in: .whitespacesAndNewlines) }
                == lf.story.passages.map { $0.shownText.trimmingCharacters(in: .whitespacesAndNewlines) })
        #expect(crlf.diagnostics.map(\.description) == lf.diagnostics.map(\.description))
        #expect(crlf.diagnostics.map(\.ruleID) == ["broken-link"])
    }

    @Test(arguments: makers)
    func aDuplicateIDIsAnErrorNamingBothPlacesAndTheFirstWins(_ maker: FixtureMaker) throws {
        guard maker.canRepeatIDs else {
            // Destini names passages by their index in one array, and compiled ink by the
            // keys of one JSON object: no id can be written twice.
            #expect([DestiniLoader.formatName, InkJSONLoader.formatName].contains(maker.format))
            return
        }
        var story = FixtureStory.chain(2, ids: maker.id)
        story.passages.append(.init(id: maker.id(1), text: "Second of the name", links: []))
        let result = try Self.load(maker, maker.write(story))
        #expect(result.story.passages.map(\.id) == [maker.id(0), maker.id(1)])
        #expect(result.story.passages[1].shownText == "Text of \(maker.id(1))")
        let duplicate = try #require(result.diagnostics.first)
        #expect(result.diagnostics.count == 1)
        #expect(duplicate.ruleID == "duplicate-id")
        #expect(duplicate.severity == .error)
        #expect(duplicate.message == "duplicate passage id '\(maker.id(1))'")
        #expect(duplicate.location == result.story.passages.last?.location.map { _ in duplicate.location! })
        let first = try #require(duplicate.notes.first?.location)
        #expect(first == result.story.passages[1].location)
        #expect(try #require(duplicate.location) > first)
    }

    @Test(arguments: makers)
    func aBrokenLinkIsAnErrorAtTheLinksPlaceAndTheStoryStillLoads(_ maker: FixtureMaker) throws {
        var story = FixtureStory.chain(2, ids: maker.id)
        story.passages[0].links.append(maker.missing)
        let text = maker.write(story)
        let (line, column) = try Self.place(of: maker.brokenLinkAnchor, in: text)
        let result = try Self.load(maker, text)
        #expect(Self.shape(result.story) == ["\(maker.id(0)): \(maker.id(1)) \(maker.missing)", "\(maker.id(1)): "])
        #expect(
            result.diagnostics.map(\.description) == [
                "story.\(maker.fileExtension):\(line):\(column): error: choice 'go \(maker.missing)' of passage '\(maker.id(0))' leads to '\(maker.missing)', which does not exist [broken-link]"
            ])
        #expect(StoryGraph(result.story).brokenLinks == [ChoiceRef(passage: 0, choice: 1)])
    }

    @Test(arguments: makers)
    func anUnknownStartIsRefused(_ maker: FixtureMaker) throws {
        let text = maker.write(FixtureStory.chain(2, ids: maker.id))
        let first = try #require(try Self.load(maker, text).story.passages.first?.location)
        #expect(
            Self.loadError(maker, Data(text.utf8), options: LoadOptions(start: "Nowhere")).map(\.description) == [
                "\(first): error: the start passage 'Nowhere' does not exist [unknown-start]"
            ])
        let chosen = try Self.load(maker, text, options: LoadOptions(start: maker.id(1)))
        #expect(chosen.story.start == maker.id(1))
    }

    @Test(arguments: makers)
    func aStoryThatNamesNoTitleIsCalledAfterItsFile(_ maker: FixtureMaker) throws {
        let result = try Self.load(maker, maker.write(FixtureStory.chain(2, ids: maker.id)), name: "Night Walk")
        #expect(result.story.title == "Night Walk")
    }

    @Test(arguments: makers)
    func loadingTwiceGivesTheSameBytes(_ maker: FixtureMaker) throws {
        var story = FixtureStory.chain(4, ids: maker.id)
        story.passages[1].links.append(maker.missing)
        let text = maker.write(story)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let a = try Self.load(maker, text, forced: false)
        let b = try Self.load(maker, text, forced: false)
        #expect(try encoder.encode(a.story) == encoder.encode(b.story))
        #expect(try encoder.encode(a.diagnostics) == encoder.encode(b.diagnostics))
    }

    /// 100,000 passages in a line: under the 64 MiB limit, read in one piece, with no
    /// recursion over the chain. The bound is generous (debug builds, a shared machine);
    /// release figures are in the issue-10 notes.
    @Test(.long, arguments: makers)
    func aHundredThousandPassagesLoadWithinTheLimits(_ maker: FixtureMaker) throws {
        let count = 100_000
        let text = maker.write(FixtureStory.chain(count, ids: maker.id))
        #expect(text.utf8.count < SourceText.maximumSize)
        let (result, seconds) = try threadCPUTime { try Self.load(maker, text, forced: false) }
        #expect(result.story.passages.count == count)
        #expect(result.story.start == maker.id(0))
        #expect(result.story.passages[count - 1].choices.isEmpty)
        #expect(result.story.passages[count - 2].choices.map(\.target) == [maker.id(count - 1)])
        #expect(result.diagnostics.isEmpty)
        #expect(seconds < 120, "\(maker.format): \(seconds) s of CPU")
    }
}
