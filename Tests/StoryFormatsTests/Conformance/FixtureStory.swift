/// A small story described independently of any format, for the conformance suite to
/// write in each loader's format: passages in order (the first is the start), each with
/// its text and the ids its links lead to.
struct FixtureStory: Sendable {
    struct Passage: Sendable {
        var id: String
        var text: String
        var links: [String]
    }

    var passages: [Passage]

    /// `count` passages in a line, each linking to the next; the last is an ending.
    static func chain(_ count: Int, ids: (Int) -> String) -> FixtureStory {
        FixtureStory(passages: (0..<count).map { i in
            Passage(id: ids(i), text: "Text of \(ids(i))", links: i + 1 < count ? [ids(i + 1)] : [])
        })
    }
}
