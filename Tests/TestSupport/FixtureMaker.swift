import Testing

/// How the tests write a story in one loader's format: the one writer per format that the
/// conformance suite, the scaling suite and the hostile-input suite share. Every registered
/// loader has one (`FixtureMaker.all`); a new loader adds its maker there, and the
/// conformance suite refuses to run while a registered loader has none.
package struct FixtureMaker: Sendable, CustomTestStringConvertible {
    /// The loader's `formatName`.
    package let format: String
    package let fileExtension: String
    /// The id the format gives the passage at `index` (formats that name passages by
    /// index, such as Destini, have no choice).
    package let id: @Sendable (Int) -> String
    /// Whether the format can write two passages with one id at all.
    package let canRepeatIDs: Bool
    /// The id a link to a passage that does not exist leads to, when written.
    package let missing: String
    /// The story's text, with no title declared.
    package let write: @Sendable (FixtureStory) -> String
    /// The text whose first character is where the loader reports a broken link to
    /// `missing` (the link's own place in the file).
    package let brokenLinkAnchor: String
    /// Whether the reader's text of a passage shows its links' labels (Twine's markup
    /// does: `[[go X|X]]` on a line of its own reads "→ go X").
    package var showsLinkLabels = false
    /// Rules of the note a loader adds to every story on how it read the file (the
    /// gamebook loader's inferred schema): the suite leaves them out and checks the note
    /// once, in `theLoadersOwnNoteIsItsOnlyExtraFinding`.
    package var noteRules: Set<String> = []
    /// What the hostile-input suite writes in this format beyond a story (nil: it gives the
    /// format generic hostile bytes).
    package var hostile: Hostile? = nil

    /// The hostile-input suite's own texts in a format: the file name it writes them to,
    /// the format's own deep nesting and numbers far past any machine type.
    package struct Hostile: Sendable {
        /// The file name the input is written to.
        package var fileName: String
        /// A file nested `depth` levels deep in the format's own brackets or elements.
        package var nested: @Sendable (Int) -> String
        /// A file whose numbers (positions, indices, sizes) are far past any machine type.
        package var hugeNumbers: String
    }

    package init(
        format: String, fileExtension: String, id: @escaping @Sendable (Int) -> String, canRepeatIDs: Bool,
        missing: String,
        write: @escaping @Sendable (FixtureStory) -> String, brokenLinkAnchor: String, showsLinkLabels: Bool = false,
        noteRules: Set<String> = [], hostile: Hostile? = nil
    ) {
        self.format = format
        self.fileExtension = fileExtension
        self.id = id
        self.canRepeatIDs = canRepeatIDs
        self.missing = missing
        self.write = write
        self.brokenLinkAnchor = brokenLinkAnchor
        self.showsLinkLabels = showsLinkLabels
        self.noteRules = noteRules
        self.hostile = hostile
    }

    package var testDescription: String { format }
}

extension FixtureMaker {
    package static let all: [FixtureMaker] = [
        storyJSON, cyoaJSON, destini, adventurePiece, twee, twineHTML, ink, inkJSON, choiceScript, yarn, gamebook,
        renPy,
    ]

    package static func quoted(_ text: String) -> String { "\"" + text + "\"" }

    /// Gamebook data as YAML: a map of sections, options as `{label, goto}` records.
    package static let gamebook = FixtureMaker(
        format: "gamebook", fileExtension: "yaml", id: { $0 == 0 ? "start" : "s\($0)" },
        canRepeatIDs: true, missing: "ghost",
        write: { story in
            let sections = story.passages.map { passage in
                let options = passage.links.map { "      - {label: \(quoted("go \($0)")), goto: \(quoted($0))}\n" }
                    .joined()
                return "  \(quoted(passage.id)):\n    text: \(quoted(passage.text))\n"
                    + (options.isEmpty ? "" : "    options:\n" + options)
            }
            return "sections:\n" + sections.joined()
        },
        brokenLinkAnchor: #"{label: "go ghost""#, noteRules: ["gamebook-schema"])

    package static let storyJSON = FixtureMaker(
        format: "story-json", fileExtension: "json", id: { $0 == 0 ? "start" : "p\($0)" },
        canRepeatIDs: true, missing: "ghost",
        write: { story in
            let lines = story.passages.map { passage in
                let choices = passage.links.map { #"{"text": "go \#($0)", "to": \#(quoted($0))}"# }
                return
                    #"  {"id": \#(quoted(passage.id)), "text": \#(quoted(passage.text)), "choices": [\#(choices.joined(separator: ", "))]}"#
            }
            return "{\"passages\": [\n" + lines.joined(separator: ",\n") + "\n]}\n"
        },
        brokenLinkAnchor: #"{"text": "go ghost""#,
        hostile: Hostile(
            fileName: "hostile.json",
            nested: { depth in
                #"{"passages": [{"id": "a", "tags": "# + String(repeating: "[", count: depth)
                    + String(repeating: "]", count: depth) + "}]}\n"
            },
            hugeNumbers:
                #"{"title": 1e999999, "passages": [{"id": "a", "position": "1e19,-1e19", "text": 123456789012345678901234567890, "tags": [-0, 1e400, "#
                + String(repeating: "9", count: 100_000) + "]}]}\n"))

    package static let cyoaJSON = FixtureMaker(
        format: "cyoa-json", fileExtension: "json", id: { $0 == 0 ? "intro" : "arc\($0)" },
        canRepeatIDs: true, missing: "ghost",
        write: { story in
            let lines = story.passages.map { passage in
                let options = passage.links.map { #"{"text": "go \#($0)", "arc": \#(quoted($0))}"# }
                return
                    #"  \#(quoted(passage.id)): {"story": [\#(quoted(passage.text))], "options": [\#(options.joined(separator: ", "))]}"#
            }
            return "{\n" + lines.joined(separator: ",\n") + "\n}\n"
        },
        brokenLinkAnchor: #"{"text": "go ghost""#,
        hostile: Hostile(
            fileName: "hostile.json",
            nested: { depth in
                #"{"intro": {"title": "a", "story": "# + String(repeating: "[", count: depth)
                    + String(repeating: "]", count: depth) + ", \"options\": []}}\n"
            },
            hugeNumbers: #"{"intro": {"title": 1e999999, "story": ["# + String(repeating: "9", count: 100_000)
                + #"], "options": [{"text": 1e400, "arc": -0}]}}"# + "\n"))

    /// Destini passages are the indices of one array; a link is an index, so a missing
    /// passage is an index past the end.
    package static let destini = FixtureMaker(
        format: "destini", fileExtension: "swift", id: { String($0) },
        canRepeatIDs: false, missing: "999999",
        write: { story in
            // A link names its passage's index (an id that is no passage's is written as it is).
            var index: [String: Int] = [:]
            for (i, passage) in story.passages.enumerated() where index[passage.id] == nil { index[passage.id] = i }
            let lines = story.passages.map { passage in
                var arguments = ["title: \(quoted(passage.text))"]
                for (k, link) in passage.links.enumerated() {
                    arguments.append(
                        "choice\(k + 1): \(quoted("go \(link)")), choice\(k + 1)Destination: \(index[link].map(String.init) ?? link)"
                    )
                }
                return "    Story(\(arguments.joined(separator: ", ")))"
            }
            return "struct StoryBrain {\n  let stories = [\n" + lines.joined(separator: ",\n") + "\n  ]\n}\n"
        },
        brokenLinkAnchor: "999999)",
        hostile: Hostile(
            fileName: "StoryBrain.swift",
            nested: { depth in
                "struct StoryBrain {\n    let stories = [\n        Story(title: " + String(repeating: "(", count: depth)
                    + "\"a\"" + String(repeating: ")", count: depth)
                    + ", choice1: \"The\", choice1Destination: 0, choice2: \"End\", choice2Destination: 0)\n    ]\n}\n"
            },
            hugeNumbers:
                "struct StoryBrain {\n    let stories = [\n        Story(title: \"a\", choice1: \"go\", choice1Destination: 99999999999999999999999999, choice2: \"go\", choice2Destination: -9223372036854775809),\n        Story(title: \"b\", choice1: \"The\", choice1Destination: 0x\(String(repeating: "F", count: 100_000)), choice2: \"End\", choice2Destination: 1e400)\n    ]\n}\n"
        ))

    package static let adventurePiece = FixtureMaker(
        format: "adventure", fileExtension: "m", id: { $0 == 0 ? "startPiece" : "piece\($0)" },
        canRepeatIDs: true, missing: "ghost",
        write: { story in
            // A piece has two slots; a fixture passage has at most two links.
            let lines = story.passages.map { passage in
                let links = passage.links.map(Optional.some) + [nil, nil]
                let label = { (link: String?) in link.map { "@\(quoted("go \($0)"))" } ?? "nil" }
                return
                    "AdventurePiece *\(passage.id) = [[AdventurePiece alloc] initWithMessage:@\(quoted(passage.text)) "
                    + "firstChoice:\(label(links[0])) secondChoice:\(label(links[1])) "
                    + "firstPiece:\(links[0] ?? "nil") secondPiece:\(links[1] ?? "nil") isEnd:\(passage.links.isEmpty ? "YES" : "NO")];"
            }
            return "- (void)build {\n" + lines.joined(separator: "\n") + "\n}\n"
        },
        brokenLinkAnchor: "ghost isEnd",
        hostile: Hostile(
            fileName: "Mission.m",
            nested: { depth in
                "@implementation Mission\n- (void)buildStory {\n    AdventurePiece *a = "
                    + String(repeating: "[", count: depth)
                    + "[AdventurePiece alloc] initWithMessage:@\"a\" firstChoice:@\"OK\" secondChoice:nil firstPiece:nil secondPiece:nil"
                    + String(repeating: "]", count: depth)
                    + ";\n    self.currentPiece = a;\n}\n@end\n"
            },
            hugeNumbers:
                "@implementation Mission\n- (void)buildStory {\n    AdventurePiece *a = [[AdventurePiece alloc] initWithMessage:@\"a\" firstChoice:@\"OK\" secondChoice:nil firstPiece:nil secondPiece:nil];\n    NSInteger n = \(String(repeating: "9", count: 100_000));\n    self.currentPiece = a;\n}\n@end\n"
        ))

    package static let twee = FixtureMaker(
        format: "twee", fileExtension: "twee", id: { $0 == 0 ? "Start" : "Room \($0)" },
        canRepeatIDs: true, missing: "Ghost",
        write: { story in
            story.passages.map { passage in
                ":: \(passage.id)\n\(passage.text)\n" + passage.links.map { "[[go \($0)|\($0)]]\n" }.joined()
            }.joined(separator: "\n")
        },
        brokenLinkAnchor: "[[go Ghost|Ghost]]", showsLinkLabels: true,
        hostile: Hostile(
            fileName: "hostile.twee",
            nested: { depth in
                ":: Start\n" + String(repeating: "(if: true)[", count: depth) + "[[End]]"
                    + String(repeating: "]", count: depth) + "\n\n:: End\nThe end.\n"
            },
            hugeNumbers:
                ":: StoryData\n{\"start\": \"Start\", \"zoom\": 1e400}\n\n:: Start {\"position\":\"1e19,-1e19\",\"size\":\"1e308,99999999999999999999\"}\n[[End]]\n\n:: End {\"position\":\"\(String(repeating: "9", count: 100_000)),0\"}\nThe end.\n"
        ))

    /// ink: a knot per passage, a choice per link; the top has no content, so the story
    /// starts at the first knot.
    package static let ink = FixtureMaker(
        format: "ink", fileExtension: "ink", id: { "p\($0)" },
        canRepeatIDs: true, missing: "ghost",
        write: { story in
            story.passages.map { passage in
                "=== \(passage.id) ===\n\(passage.text)\n"
                    + (passage.links.isEmpty ? "-> END\n" : passage.links.map { "* [go \($0)] -> \($0)\n" }.joined())
            }.joined(separator: "\n")
        },
        brokenLinkAnchor: "* [go ghost]")

    /// Compiled ink as inklecate writes it: a container per knot, a choice point per link
    /// (leading straight to its knot), `end` for a passage without links.
    package static let inkJSON = FixtureMaker(
        format: "ink-json", fileExtension: "json", id: { "p\($0)" },
        canRepeatIDs: false, missing: "ghost",
        write: { story in
            let knots = story.passages.map { passage in
                let choices = passage.links.map { #""ev","str","^go \#($0)","/str","/ev",{"*":"\#($0)","flg":20}"# }
                let body = ([#""^\#(passage.text)","\n""#] + choices + [passage.links.isEmpty ? #""end""# : #""done""#])
                    .joined(separator: ",")
                return #"\#(quoted(passage.id)):[\#(body),null]"#
            }
            return ##"{"inkVersion":21,"root":[[["done",{"#n":"g-0"}],null],"done",{"## + knots.joined(separator: ",\n")
                + "}],\"listDefs\":{}}\n"
        },
        brokenLinkAnchor: #"{"*":"ghost""#)

    package static let twineHTML = FixtureMaker(
        format: "twine-html", fileExtension: "html", id: { $0 == 0 ? "Start" : "Room \($0)" },
        canRepeatIDs: true, missing: "Ghost",
        write: { story in
            var lines = [#"<tw-storydata name="" startnode="1" format="SugarCube" format-version="2.36.1">"#]
            for (i, passage) in story.passages.enumerated() {
                let links = passage.links.map { "[[go \($0)|\($0)]]" }.joined(separator: "\n")
                lines.append(
                    #"<tw-passagedata pid="\#(i + 1)" name="\#(passage.id)" tags="">\#(passage.text)"#
                        + (links.isEmpty ? "" : "\n" + links) + "</tw-passagedata>")
            }
            lines.append("</tw-storydata>")
            return lines.joined(separator: "\n") + "\n"
        },
        brokenLinkAnchor: "[[go Ghost|Ghost]]", showsLinkLabels: true,
        hostile: Hostile(
            fileName: "hostile.html",
            nested: { depth in
                "<html><body><tw-storydata name=\"hostile\" startnode=\"1\">" + String(repeating: "<div>", count: depth)
                    + "<tw-passagedata pid=\"1\" name=\"Start\">a</tw-passagedata>"
                    + String(repeating: "</div>", count: depth) + "</tw-storydata></body></html>\n"
            },
            hugeNumbers:
                "<html><body><tw-storydata name=\"hostile\" startnode=\"99999999999999999999\" zoom=\"1e400\">\n<tw-passagedata pid=\"99999999999999999999\" name=\"Start\" position=\"1e19,-1e19\" size=\"1e308,1\">[[End]]</tw-passagedata>\n<tw-passagedata pid=\"-0\" name=\"End\" position=\"\(String(repeating: "9", count: 100_000)),0\">The end.</tw-passagedata>\n</tw-storydata></body></html>\n"
        ))

    /// One scene file (`story.txt`, so the scene is `story`): the first passage is the
    /// scene's start, the others `*label`s; a link is an option whose body is a `*goto`.
    package static let choiceScript = FixtureMaker(
        format: "choicescript", fileExtension: "txt", id: { $0 == 0 ? "story" : "story:p\($0)" },
        canRepeatIDs: true, missing: "story:ghost",
        write: { story in
            var lines: [String] = []
            for (i, passage) in story.passages.enumerated() {
                if i > 0 { lines.append("*label " + passage.id.replacingOccurrences(of: "story:", with: "")) }
                lines.append(passage.text)
                if passage.links.isEmpty {
                    lines.append("*ending")
                    continue
                }
                lines.append("*choice")
                for link in passage.links {
                    lines.append("  #go \(link)")
                    lines.append("    *goto " + link.replacingOccurrences(of: "story:", with: ""))
                }
            }
            return lines.joined(separator: "\n") + "\n"
        },
        brokenLinkAnchor: "*goto ghost")
    /// Each passage a node; each link an option whose body jumps (the choice leads to the
    /// jump's node), so a broken link is reported at its option's `->`.
    package static let yarn = FixtureMaker(
        format: "yarn", fileExtension: "yarn", id: { $0 == 0 ? "Start" : "N\($0)" },
        canRepeatIDs: true, missing: "Ghost",
        write: { story in
            story.passages.map { passage in
                let options = passage.links.map { "-> go \($0)\n    <<jump \($0)>>\n" }.joined()
                return "title: \(passage.id)\n---\n\(passage.text)\n\(options)===\n"
            }.joined()
        },
        brokenLinkAnchor: "-> go Ghost")

    /// A Ren'Py script: a label per passage, its text a narration line; a link is a menu
    /// item whose block jumps, so a broken link is reported at its `jump`; a passage with
    /// no links returns (the end of the game).
    package static let renPy = FixtureMaker(
        format: "renpy", fileExtension: "rpy", id: { $0 == 0 ? "start" : "p\($0)" },
        canRepeatIDs: true, missing: "ghost",
        write: { story in
            story.passages.map { passage in
                var lines = ["label \(passage.id):", "    \(quoted(passage.text))"]
                if passage.links.isEmpty {
                    lines.append("    return")
                } else {
                    lines.append("    menu:")
                    for link in passage.links {
                        lines.append("        \(quoted("go \(link)")):")
                        lines.append("            jump \(link)")
                    }
                }
                return lines.joined(separator: "\n") + "\n"
            }.joined(separator: "\n")
        },
        brokenLinkAnchor: "jump ghost",
        hostile: Hostile(
            fileName: "hostile.rpy",
            // Blocks nested past the loader's 500 levels (indentation grows as the square of
            // the depth, so at most 600 of them), and an expression nested `depth` deep.
            nested: { depth in
                let blocks = min(depth, 600)
                return "label start:\n    $ deep = " + String(repeating: "(", count: depth) + "1"
                    + String(repeating: ")", count: depth) + "\n"
                    + (0..<blocks).map { String(repeating: " ", count: 2 * ($0 + 2)) + "if True:\n" }.joined()
                    + String(repeating: " ", count: 2 * (blocks + 2)) + "\"Deep.\"\n"
            },
            hugeNumbers: "default gold = \(String(repeating: "9", count: 100_000))\nlabel start:\n    if gold > 1e999999:\n        \"Rich.\"\n    return\n"
        ))
}
