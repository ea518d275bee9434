import Foundation
import Testing

@testable import StoryGraph

/// Path ids (a hash of the choice sequence), the prose listing, and `diff` by path id.
@Suite struct PathIDTests {
    /// s offers "Left" → l and "Right" → r; both end. `extra` adds an unrelated passage
    /// (and reorders the passages), `rText` rewrites r's text.
    static func story(extra: Bool = false, rText: String = "The right room.", rightLabel: String = "Right") -> Story {
        var passages = [
            Passage(
                id: "s", text: "Two doors.\nPick one.",
                choices: [Choice(text: "Left", target: "l"), Choice(text: rightLabel, target: "r")]),
            Passage(id: "l", text: "The left room.", ending: .init()),
            Passage(id: "r", text: rText, ending: .init()),
        ]
        if extra {
            passages.insert(Passage(id: "notes", text: "An aside no path reaches."), at: 1)
            passages.swapAt(2, 3)
        }
        return Story(title: "Doors", start: "s", passages: passages, format: "story-json")
    }

    static func ids(_ story: Story) -> [String] {
        let graph = StoryGraph(story)
        return PathEnumerator(graph, to: nil, reachability: Reachability(graph)).map { $0.id(in: graph) }
    }

    /// The ids are the FNV-1a hashes worked out apart from the code (in Python):
    /// `s` U+1E `s` U+1F `Left` U+1F `l`, and the same with `Right` and `r`.
    @Test func idsArePinnedAndUnaffectedByUnrelatedEdits() {
        let ids = Self.ids(Self.story())
        #expect(ids == ["c545e93d4712", "e3aa0fc5ec87"])
        // Another passage, another order, other text: the same choices, the same ids.
        #expect(Self.ids(Self.story(extra: true, rText: "Now the right room is dark.")).sorted() == ids.sorted())
        // Another label on the path: another path.
        let relabelled = Self.ids(Self.story(rightLabel: "The right door"))
        #expect(relabelled[0] == ids[0])
        #expect(relabelled[1] != ids[1])
    }

    @Test func proseIsEachPathsTextUnderItsID() {
        var out = ""
        let total = PathListing.list(StoryGraph(Self.story()), format: .prose) { out += $0 }
        #expect(total.printed == 2)
        #expect(
            out == """
                # Doors

                ## Path `c545e93d4712`: s → l

                Two doors.
                Pick one.

                **→ Left**

                The left room.

                *The end: l.*

                ## Path `e3aa0fc5ec87`: s → r

                Two doors.
                Pick one.

                **→ Right**

                The right room.

                *The end: r.*

                """)
    }

    static func analysis(_ story: Story) -> StoryAnalysis { StoryAnalysis(StoryGraph(story)) }

    @Test func diffTellsPathsAddedRemovedAndChangedByID() {
        // r's text changes (changed); "Right" is relabelled (its old path removed, the new
        // one added, with the changed text): here only the text.
        let diff = StoryDiff(
            old: Self.analysis(Self.story()), oldName: "a", new: Self.analysis(Self.story(rText: "Dark now.")),
            newName: "b")
        #expect(diff.paths.compared)
        #expect(diff.paths.added.isEmpty && diff.paths.removed.isEmpty)
        #expect(diff.paths.changed == [.init(id: "e3aa0fc5ec87", passages: ["s", "r"])])

        let relabelled = StoryDiff(
            old: Self.analysis(Self.story()), oldName: "a", new: Self.analysis(Self.story(rightLabel: "Run")),
            newName: "b")
        #expect(relabelled.paths.removed == [.init(id: "e3aa0fc5ec87", passages: ["s", "r"])])
        #expect(relabelled.paths.added.map(\.passages) == [["s", "r"]])
        #expect(relabelled.paths.changed.isEmpty)
    }

    @Test func tooManyPathsAreCountedNotListed() {
        let changes = StoryDiff.pathChanges(
            old: Self.analysis(Self.story()), new: Self.analysis(Self.story(rText: "Dark now.")), translated: { $0 },
            limit: 1)
        #expect(!changes.compared)
        #expect(changes.before == 2 && changes.after == 2)
        #expect(changes.added.isEmpty && changes.removed.isEmpty && changes.changed.isEmpty)
    }
}
