extension StoryDiff {
    /// The paths of the two versions compared by id (`StoryPath.id`): added, removed, and
    /// changed (the same choices, but a passage on the way reads differently), when
    /// neither version has more than `limit` paths; else only how many there are.
    package struct PathChanges: Sendable, Hashable {
        package struct Entry: Sendable, Hashable {
            package var id: String
            /// The passages of the path, as its version names them.
            package var passages: [String]
        }

        /// The most paths a side may have for the two to be compared.
        package var limit: Int
        /// The paths of each version, counted up to `limit + 1` (over the limit: not
        /// compared).
        package var before: Int
        package var after: Int
        package var compared: Bool { before <= limit && after <= limit }
        package var added: [Entry]
        package var removed: [Entry]
        package var changed: [Entry]
    }

    /// At most this many paths a side, listed and compared.
    package static let pathLimit = 10_000

    /// The paths of both versions by id; an old passage is named by its new id when it
    /// was renamed. A path is *changed* when its id is in both and the reader's text of a
    /// passage on it (`Passage.shownText`) differs.
    ///
    /// - Complexity: O(paths · path length) for at most `limit` + 1 paths a side.
    static func pathChanges(
        old: StoryAnalysis, new: StoryAnalysis, translated: (String) -> String, limit: Int = pathLimit
    ) -> PathChanges {
        func paths(_ analysis: StoryAnalysis, naming: (String) -> String) -> [(id: String, path: StoryPath)] {
            var list: [(id: String, path: StoryPath)] = []
            for path in PathEnumerator(analysis.graph, to: nil, reachability: analysis.reachability) {
                list.append((path.id(in: analysis.graph, naming: naming), path))
                if list.count > limit { break }
            }
            return list
        }
        let before = paths(old, naming: translated)
        let after = paths(new, naming: { $0 })
        var changes = PathChanges(
            limit: limit, before: before.count, after: after.count, added: [], removed: [], changed: [])
        guard changes.compared else { return changes }
        func entry(_ item: (id: String, path: StoryPath), _ graph: StoryGraph) -> PathChanges.Entry {
            .init(id: item.id, passages: item.path.passages.map { graph.ids[$0] })
        }
        func texts(_ path: StoryPath, _ graph: StoryGraph) -> [String] {
            path.passages.map { graph.passage($0).shownText }
        }
        let oldByID = Dictionary(before.map { ($0.id, $0.path) }, uniquingKeysWith: { a, _ in a })
        let newIDs = Set(after.map(\.id))
        for item in after {
            if let was = oldByID[item.id] {
                if texts(was, old.graph) != texts(item.path, new.graph) {
                    changes.changed.append(entry(item, new.graph))
                }
            } else {
                changes.added.append(entry(item, new.graph))
            }
        }
        for item in before where !newIDs.contains(item.id) { changes.removed.append(entry(item, old.graph)) }
        return changes
    }
}
