import Foundation
import StoryGraph

/// A layout that keeps each passage where its author placed it in their editor (Twine
/// stores a `position` per passage, and sometimes a `size`; loaders read them into
/// `Passage.position`), pinned, spread uniformly when the cards are closer than the
/// boxes drawn for them; the exporter places the rest (choice boxes, passages without a
/// position) between them (`BoxPlacement`) and neato routes the edges.
package enum PinnedLayout {
    /// Editors measure in screen pixels with 100-pixel passage cards; the chart's boxes are
    /// about twice as wide in points, so each pixel becomes two points.
    package static let pointsPerPixel = 2.0
    /// The card size when the story does not give one.
    package static let defaultSize = (width: 100.0, height: 100.0)

    /// Pins the passages that have a position. Returns false (and changes nothing) when
    /// no passage has one.
    static func apply(graph: StoryGraph, to options: inout DOTOptions) -> Bool {
        let positions = positions(of: graph.story)
        guard !positions.isEmpty else { return false }
        options.decorations.positions = positions
        options.suggestedEngine = "neato"
        // Positions are in points (not neato's default inches) and stay where they are: the
        // exporter places every other box itself (`BoxPlacement`), so neato moves nothing
        // and only routes the edges, around the boxes (`splines=true`, which needs boxes
        // that do not overlap).
        options.graphAttributes += [("inputscale", "72"), ("notranslate", "true"), ("splines", "true")]
        return true
    }

    /// The largest coordinate or card size, in editor pixels, that is pinned; a passage
    /// beyond it (`"1e19,0"`), or with a negative size, is laid out automatically and
    /// named by `refusals(of:)`.
    package static let maximumCoordinate = 1_000_000.0

    /// The centre of each passage's card, in points, by passage index. A passage without
    /// a readable position, or with one out of range, gets none.
    ///
    /// - Complexity: O(P).
    package static func positions(of story: Story) -> [Int: (x: Double, y: Double)] {
        var result: [Int: (x: Double, y: Double)] = [:]
        for (index, passage) in story.passages.enumerated() {
            guard case .pinned(let x, let y)? = card(of: passage) else { continue }
            result[index] = (x: x, y: y)
        }
        return result
    }

    /// A located warning for each passage whose position or size is out of range.
    ///
    /// - Complexity: O(P).
    package static func refusals(of story: Story) -> [Diagnostic] {
        story.passages.compactMap { passage in
            guard case .refused(let what)? = card(of: passage) else { return nil }
            return Diagnostic(
                .warning,
                "passage '\(passage.id)' has Twine \(what) beyond ±\(Int(maximumCoordinate)) pixels (or a negative size); --layout twine lays it out automatically",
                at: passage.location, rule: MapRules.layoutPosition.id)
        }
    }

    enum Card {
        case pinned(x: Double, y: Double)
        /// The position (and size) as written, out of range.
        case refused(String)
    }

    /// Where a passage's card goes, or nil when it has no position.
    static func card(of passage: Passage) -> Card? {
        guard let position = passage.position else { return nil }
        let size = position.size.map { ($0.width, $0.height) } ?? defaultSize
        let limit = maximumCoordinate
        guard abs(position.x) <= limit, abs(position.y) <= limit,
            size.0 >= 0, size.1 >= 0, size.0 <= limit, size.1 <= limit
        else {
            // As the story wrote them (the metadata keeps the text), else as read.
            let text = passage.metadata["position"] ?? "\(position.x),\(position.y)"
            let sizeText = passage.metadata["size"] ?? position.size.map { "\($0.width),\($0.height)" }
            return .refused(sizeText.map { "position '\(text)' and size '\($0)'" } ?? "position '\(text)'")
        }
        return .pinned(x: (position.x + size.0 / 2) * pointsPerPixel, y: (position.y + size.1 / 2) * pointsPerPixel)
    }
}
