import Foundation
import StoryGraph
import TestSupport
import Testing

/// The one did-you-mean helper: case first, then optimal string alignment within a third
/// of the typed length, ties broken the same way whatever the order of the names.
@Suite struct SuggestionTests {
    @Test(arguments: [
        // Case alone.
        ("hallway", ["Hallway", "Hall", "Kitchen"], "Hallway"),
        ("lobby", ["Lobby", "Lobbies"], "Lobby"),
        // Of two names equal but for case, the nearer with case counted.
        ("hallWay", ["HALLWAY", "Hallway"], "Hallway"),
        // One edit: an insertion, a deletion, a substitution, a swap of neighbours.
        ("Escap", ["Escape", "Start"], "Escape"),
        ("Galery", ["Gallery", "Garden"], "Gallery"),
        ("Lobbby", ["Lobby", "Library"], "Lobby"),
        ("Hlalway", ["Hallway"], "Hallway"),
        // A label's id with its scene: five edits in twenty-one letters.
        ("startup:treasure_room", ["startup:treasure", "startup", "startup@6"], "startup:treasure"),
        // Ties at the same distance go to the name that sorts first.
        ("cat", ["bat", "hat", "rat"], "bat"),
        ("cat", ["rat", "hat", "bat"], "bat"),
        // A name the typed one begins.
        ("max-t", ["max-text", "map"], "max-text"),
    ])
    func suggests(_ typed: String, _ names: [String], _ expected: String) {
        #expect(Suggestion.closest(to: typed, among: names) == expected)
        #expect(Suggestion.Names(names.reversed()).closest(to: typed) == expected)
    }

    @Test(arguments: [
        ("Cellar", ["Hallway", "Kitchen"]),
        // Two edits in five letters is more than a third.
        ("Exits", ["Escape"]),
        // The name itself is never suggested.
        ("Hallway", ["Hallway"]),
        ("", ["a"]),
    ])
    func suggestsNothingFar(_ typed: String, _ names: [String]) {
        #expect(Suggestion.closest(to: typed, among: names) == nil)
    }

    @Test func phrases() {
        #expect(Suggestion.phrase(for: "Escap", among: ["Escape"]) == "; did you mean 'Escape'?")
        #expect(Suggestion.phrase(for: "fromat", among: ["format"], prefix: "--") == "; did you mean '--format'?")
        #expect(Suggestion.phrase(for: "zzz", among: ["format"]) == "")
    }

    @Test func theBandedDistanceMatchesTheFullOne() {
        let words = [
            "", "a", "ab", "ba", "abc", "acb", "kitten", "sitting", "flaw", "lawn", "Saturday", "Sunday", "ca", "abc",
        ]
        for a in words {
            for b in words {
                let full = Suggestion.editDistance(a, b)
                #expect(full == Suggestion.editDistance(b, a), "\(a) \(b)")
            }
        }
        #expect(Suggestion.editDistance("kitten", "sitting") == 3)
        #expect(Suggestion.editDistance("ca", "abc") == 3) // optimal string alignment, not unrestricted
        #expect(Suggestion.editDistance("Saturday", "Sunday") == 3)
        #expect(Suggestion.editDistance("ab", "ba") == 1)
    }

    /// 12,000 passages of near names, 200 lookups (a story with 200 broken links): the
    /// nearest-bound-first order aligns few names per lookup, so even a debug build on a
    /// busy machine is far inside the bound; aligning every name would not be.
    @Test(.long) func aTwelveThousandPassageStoryStaysFast() {
        let names = (0..<12_000).map { "passage \($0) of the long road" }
        let index = Suggestion.Names(names)
        let (found, seconds) = threadCPUTime {
            (0..<200).filter { index.closest(to: "pasage \($0 * 60) of the long road") == "passage \($0 * 60) of the long road" }.count
        }
        #expect(found == 200)
        #expect(seconds < 60, "took \(seconds) s of CPU")
    }
}
