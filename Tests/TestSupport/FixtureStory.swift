/// A small story described independently of any format, for the conformance suite to
/// write in each loader's format: passages in order (the first is the start), each with
/// its text and the ids its links lead to.
package struct FixtureStory: Sendable {
    package struct Passage: Sendable {
        package var id: String
        package var text: String
        package var links: [String]

        package init(id: String, text: String, links: [String]) {
            self.id = id
            self.text = text
            self.links = links
        }
    }

    package var passages: [Passage]

    package init(passages: [Passage]) { self.passages = passages }

    /// `count` passages in a line, each linking to the next; the last is an ending.
    package static func chain(_ count: Int, ids: (Int) -> String) -> FixtureStory {
        FixtureStory(
            passages: (0..<count).map { i in
                Passage(id: ids(i), text: "Text of \(ids(i))", links: i + 1 < count ? [ids(i + 1)] : [])
            })
    }
}
