import Foundation

extension StoryPath {
    /// The path's stable id: 12 lowercase hex digits, the first 48 bits of the 64-bit
    /// FNV-1a hash (Fowler, Noll & Vo) of its choice sequence written out as text: the start
    /// passage's id, then for each choice the id of the passage it is written in, its
    /// label and the id of the passage it leads to, fields separated by U+001F and choices
    /// by U+001E, in UTF-8. Only ids and labels go in, never indices, so the id is the same
    /// on every run and every machine, and an edit elsewhere in the story (another
    /// passage, another choice, text, order) leaves it as it is; renaming a passage or a
    /// choice on the path makes it another path.
    ///
    /// - Complexity: O(the length of the ids and labels on the path).
    package func id(in graph: StoryGraph) -> String { id(in: graph, naming: { $0 }) }

    /// The id with each passage id first renamed by `naming` (`diff`: an old passage by
    /// the id the new version gives it, so a rename alone changes no path).
    package func id(in graph: StoryGraph, naming: (String) -> String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func add(_ text: String) {
            for byte in text.utf8 {
                hash ^= UInt64(byte)
                hash = hash &* 0x0000_0100_0000_01B3
            }
        }
        func add(separator: UInt8) {
            hash ^= UInt64(separator)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        add(naming(graph.ids[passages[0]]))
        for (i, e) in edges.enumerated() {
            let ref = graph.edgeRefs[e]
            add(separator: 0x1E)
            add(naming(graph.ids[ref.passage]))
            add(separator: 0x1F)
            add(graph.choice(ref).text)
            add(separator: 0x1F)
            add(naming(graph.ids[passages[i + 1]]))
        }
        let hex = String(hash >> 16, radix: 16)
        return String(repeating: "0", count: 12 - hex.count) + hex
    }
}

extension StoryPath {
    /// One passage of a path as a reader meets it: its id, its reader's text (and that of
    /// the passages it shows by inclusion, blank ones left out, separated by blank lines),
    /// and the label of the choice taken after it (nil at the ending).
    package struct Reading: Sendable, Hashable {
        package var passage: String
        package var text: String
        package var choice: String?
    }

    /// What a reader reads along the path, passage by passage: what `paths --format prose`
    /// and the HTML report's "read a path" show.
    ///
    /// - Complexity: O(path length + the text on it).
    package func reading(in graph: StoryGraph) -> [Reading] {
        passages.enumerated().map { i, v in
            var texts = [graph.passage(v).shownText]
            if v + 1 < graph.shownOffsets.count {
                for k in graph.shownOffsets[v]..<graph.shownOffsets[v + 1] {
                    texts.append(graph.passage(graph.shownPassages[k]).shownText)
                }
            }
            let text = texts.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
                .joined(separator: "\n\n")
            let choice = i < edges.count ? graph.choice(graph.edgeRefs[edges[i]]).readableText : nil
            return Reading(passage: graph.ids[v], text: text, choice: choice)
        }
    }
}
