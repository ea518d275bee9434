import Foundation
import StoryGraph

/// `storygraph map --layout twine`: places each passage where its author put it in Twine
/// (the `position` Twine stores, in Twee 3 metadata, Twee 2's `<x,y>` or an HTML
/// `position` attribute), pinned, and lays out the rest (choice boxes, passages without a
/// position) with neato around them.
struct TwineLayoutOverlay: MapOverlay {
    enum Layout: String, CaseIterable {
        /// Graphviz lays out the whole map (the default).
        case auto
        /// Passages pinned at their Twine positions, neato for the rest.
        case twine
    }

    static let specs: [OptionSpec] = [
        OptionSpec.choice(
            "layout", Layout.self,
            help: "twine: pin passages where the author placed them in Twine (neato); auto: let Graphviz place everything.",
            default: .auto),
    ]

    /// Twine measures in screen pixels with 100-pixel passage cards; the chart's boxes are
    /// about twice as wide in points, so each pixel becomes two points.
    static let pointsPerPixel = 2.0
    /// Twine's passage card size when the story does not give one.
    static let defaultSize = (width: 100.0, height: 100.0)

    static func apply(_ arguments: ParsedArguments, graph: StoryGraph, to options: inout DOTOptions, terminal: Terminal) throws(CLIError) {
        guard arguments.choice("layout", as: Layout.self) == .twine else { return }
        let (positions, refused) = positions(of: graph.story)
        terminal.report(refused)
        guard !positions.isEmpty else {
            terminal.printError("warning: --layout twine: no passage of this story has a Twine position; laying it out automatically")
            return
        }
        options.decorations.positions = positions
        options.suggestedEngine = "neato"
        // Positions are in points (not neato's default inches) and must stay where they are.
        // Kamada-Kawai places the unpinned choice boxes between their passages; the default
        // stress majorization leaves them in a heap near the origin.
        options.graphAttributes += [("inputscale", "72"), ("notranslate", "true"), ("mode", "KK")]
    }

    /// The largest coordinate or card size, in Twine pixels, that is used; anything larger
    /// (`"1e19,0"`), negative sizes and positions below `-maximumCoordinate` are refused.
    static let maximumCoordinate = 1_000_000.0

    /// The centre of each passage's Twine card, in points, by passage index. A passage
    /// without a readable position gets none; one whose position or size is out of range
    /// gets none and a located warning.
    ///
    /// - Complexity: O(P).
    static func positions(of story: Story) -> (positions: [Int: (x: Double, y: Double)], refused: [Diagnostic]) {
        var result: [Int: (x: Double, y: Double)] = [:]
        var refused: [Diagnostic] = []
        let limit = maximumCoordinate
        for (index, passage) in story.passages.enumerated() {
            guard let text = passage.metadata["position"], let position = pair(text) else { continue }
            let sizeText = passage.metadata["size"]
            let size = sizeText.flatMap(pair) ?? defaultSize
            let inRange = abs(position.0) <= limit && abs(position.1) <= limit
                && size.0 >= 0 && size.1 >= 0 && size.0 <= limit && size.1 <= limit
            guard inRange else {
                let what = sizeText.map { "position '\(text)' and size '\($0)'" } ?? "position '\(text)'"
                refused.append(Diagnostic(
                    .warning,
                    "passage '\(passage.id)' has Twine \(what) beyond ±\(Int(limit)) pixels (or a negative size); --layout twine lays it out automatically",
                    at: passage.location, rule: "twine-position"))
                continue
            }
            result[index] = (
                x: (position.0 + size.0 / 2) * pointsPerPixel,
                y: (position.1 + size.1 / 2) * pointsPerPixel)
        }
        return (result, refused)
    }

    /// `"600,400"` (spaces allowed) as two finite numbers.
    static func pair(_ text: String) -> (Double, Double)? {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2,
              let a = Double(parts[0].trimmingCharacters(in: .whitespaces)),
              let b = Double(parts[1].trimmingCharacters(in: .whitespaces)),
              a.isFinite, b.isFinite
        else { return nil }
        return (a, b)
    }
}
