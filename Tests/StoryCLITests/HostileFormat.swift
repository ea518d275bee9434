import Foundation

/// How the hostile-input suite writes a story in one format: a small story from passages
/// (id, text, targets), and the format's own deep nesting and huge numbers. Formats with
/// no entry here get generic hostile bytes (`HostileInput`), so a new loader is covered.
struct HostileFormat: Sendable {
    typealias Passage = (id: String, text: String, targets: [String])

    /// The file name the input is written to (its extension picks the loader).
    var fileName: String
    var story: @Sendable ([Passage]) -> String
    /// A file nested `depth` levels deep in the format's own brackets or elements.
    var nested: @Sendable (Int) -> String
    /// A file whose numbers (positions, indices, sizes) are far past any machine type.
    var hugeNumbers: String

    static let known: [String: HostileFormat] = [
        "story-json": HostileFormat(
            fileName: "hostile.json",
            story: { passages in
                let body = passages.map { p in
                    let choices = p.targets.map { #"{"text": "go", "to": "\#($0)"}"# }.joined(separator: ", ")
                    return #"{"id": "\#(p.id)", "text": "\#(p.text)", "choices": [\#(choices)]}"#
                }
                return "{\"title\": \"hostile\", \"passages\": [\n" + body.joined(separator: ",\n") + "\n]}\n"
            },
            nested: { depth in
                #"{"passages": [{"id": "a", "tags": "# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "}]}\n"
            },
            hugeNumbers: #"{"title": 1e999999, "passages": [{"id": "a", "position": "1e19,-1e19", "text": 123456789012345678901234567890, "tags": [-0, 1e400, "# + String(repeating: "9", count: 100_000) + "]}]}\n"),
        "cyoa-json": HostileFormat(
            fileName: "hostile.json",
            story: { passages in
                let body = passages.map { p in
                    let options = p.targets.map { #"{"text": "go", "arc": "\#($0)"}"# }.joined(separator: ", ")
                    return #""\#(p.id)": {"title": "\#(p.id)", "story": ["\#(p.text)"], "options": [\#(options)]}"#
                }
                return "{\n" + body.joined(separator: ",\n") + "\n}\n"
            },
            nested: { depth in
                #"{"intro": {"title": "a", "story": "# + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + ", \"options\": []}}\n"
            },
            hugeNumbers: #"{"intro": {"title": 1e999999, "story": ["# + String(repeating: "9", count: 100_000) + #"], "options": [{"text": 1e400, "arc": -0}]}}"# + "\n"),
        "destini": HostileFormat(
            fileName: "StoryBrain.swift",
            story: { passages in
                let index = Dictionary(uniqueKeysWithValues: passages.enumerated().map { ($1.id, $0) })
                let body = passages.map { p in
                    let first = p.targets.first.flatMap { index[$0] } ?? 0
                    let second = p.targets.dropFirst().first.flatMap { index[$0] } ?? first
                    let labels = p.targets.isEmpty ? ("The", "End") : ("go", "go")
                    return "        Story(title: \"\(p.text)\", choice1: \"\(labels.0)\", choice1Destination: \(first), choice2: \"\(labels.1)\", choice2Destination: \(second)),"
                }
                return "struct StoryBrain {\n    let stories = [\n" + body.joined(separator: "\n") + "\n    ]\n}\n"
            },
            nested: { depth in
                "struct StoryBrain {\n    let stories = [\n        Story(title: " + String(repeating: "(", count: depth) + "\"a\"" + String(repeating: ")", count: depth)
                    + ", choice1: \"The\", choice1Destination: 0, choice2: \"End\", choice2Destination: 0)\n    ]\n}\n"
            },
            hugeNumbers: "struct StoryBrain {\n    let stories = [\n        Story(title: \"a\", choice1: \"go\", choice1Destination: 99999999999999999999999999, choice2: \"go\", choice2Destination: -9223372036854775809),\n        Story(title: \"b\", choice1: \"The\", choice1Destination: 0x\(String(repeating: "F", count: 100_000)), choice2: \"End\", choice2Destination: 1e400)\n    ]\n}\n"),
        "adventure": HostileFormat(
            fileName: "Mission.m",
            story: { passages in
                // Pieces are built from the last one back, so each one it links to exists.
                let body = passages.reversed().map { p in
                    let first = p.targets.first.map { "piece_\($0)" } ?? "nil"
                    let label = p.targets.isEmpty ? "@\"OK\"" : "@\"go\""
                    return "    AdventurePiece *piece_\(p.id) = [[AdventurePiece alloc] initWithMessage:@\"\(p.text)\" firstChoice:\(label) secondChoice:nil firstPiece:\(first) secondPiece:nil];"
                }
                let start = passages.first.map { "piece_\($0.id)" } ?? "nil"
                return "@implementation Mission\n- (void)buildStory {\n" + body.joined(separator: "\n") + "\n    self.currentPiece = \(start);\n}\n@end\n"
            },
            nested: { depth in
                "@implementation Mission\n- (void)buildStory {\n    AdventurePiece *a = " + String(repeating: "[", count: depth)
                    + "[AdventurePiece alloc] initWithMessage:@\"a\" firstChoice:@\"OK\" secondChoice:nil firstPiece:nil secondPiece:nil" + String(repeating: "]", count: depth)
                    + ";\n    self.currentPiece = a;\n}\n@end\n"
            },
            hugeNumbers: "@implementation Mission\n- (void)buildStory {\n    AdventurePiece *a = [[AdventurePiece alloc] initWithMessage:@\"a\" firstChoice:@\"OK\" secondChoice:nil firstPiece:nil secondPiece:nil];\n    NSInteger n = \(String(repeating: "9", count: 100_000));\n    self.currentPiece = a;\n}\n@end\n"),
        "twee": HostileFormat(
            fileName: "hostile.twee",
            story: { passages in
                passages.map { p in ":: \(p.id)\n\(p.text)\n" + p.targets.map { "[[\($0)]]\n" }.joined() }.joined(separator: "\n")
            },
            nested: { depth in
                ":: Start\n" + String(repeating: "(if: true)[", count: depth) + "[[End]]" + String(repeating: "]", count: depth) + "\n\n:: End\nThe end.\n"
            },
            hugeNumbers: ":: StoryData\n{\"start\": \"Start\", \"zoom\": 1e400}\n\n:: Start {\"position\":\"1e19,-1e19\",\"size\":\"1e308,99999999999999999999\"}\n[[End]]\n\n:: End {\"position\":\"\(String(repeating: "9", count: 100_000)),0\"}\nThe end.\n"),
        "twine-html": HostileFormat(
            fileName: "hostile.html",
            story: { passages in
                let body = passages.enumerated().map { i, p in
                    "<tw-passagedata pid=\"\(i + 1)\" name=\"\(p.id)\" tags=\"\" position=\"0,0\">\(p.text)" + p.targets.map { "[[\($0)]]" }.joined() + "</tw-passagedata>"
                }
                return "<html><body><tw-storydata name=\"hostile\" startnode=\"1\" format=\"Harlowe\">\n" + body.joined(separator: "\n") + "\n</tw-storydata></body></html>\n"
            },
            nested: { depth in
                "<html><body><tw-storydata name=\"hostile\" startnode=\"1\">" + String(repeating: "<div>", count: depth)
                    + "<tw-passagedata pid=\"1\" name=\"Start\">a</tw-passagedata>" + String(repeating: "</div>", count: depth) + "</tw-storydata></body></html>\n"
            },
            hugeNumbers: "<html><body><tw-storydata name=\"hostile\" startnode=\"99999999999999999999\" zoom=\"1e400\">\n<tw-passagedata pid=\"99999999999999999999\" name=\"Start\" position=\"1e19,-1e19\" size=\"1e308,1\">[[End]]</tw-passagedata>\n<tw-passagedata pid=\"-0\" name=\"End\" position=\"\(String(repeating: "9", count: 100_000)),0\">The end.</tw-passagedata>\n</tw-storydata></body></html>\n"),
    ]
}
