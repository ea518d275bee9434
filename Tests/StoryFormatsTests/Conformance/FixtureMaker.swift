import Testing
import StoryFormats

/// How the conformance suite writes a story in one loader's format. Every registered
/// loader has one (`FixtureMaker.all`); a new loader adds its maker there, and the suite
/// refuses to run while a registered loader has none.
struct FixtureMaker: Sendable, CustomTestStringConvertible {
    /// The loader's `formatName`.
    let format: String
    let fileExtension: String
    /// The id the format gives the passage at `index` (formats that name passages by
    /// index, such as Destini, have no choice).
    let id: @Sendable (Int) -> String
    /// Whether the format can write two passages with one id at all.
    let canRepeatIDs: Bool
    /// The id a link to a passage that does not exist leads to, when written.
    let missing: String
    /// The story's text, with no title declared.
    let write: @Sendable (FixtureStory) -> String
    /// The text whose first character is where the loader reports a broken link to
    /// `missing` (the link's own place in the file).
    let brokenLinkAnchor: String
    /// Whether the reader's text of a passage shows its links' labels (Twine's markup
    /// does: `[[go X|X]]` on a line of its own reads "→ go X").
    var showsLinkLabels = false
    /// Rules of the note a loader adds to every story on how it read the file (the
    /// gamebook loader's inferred schema): the suite leaves them out and checks the note
    /// once, in `theLoadersOwnNoteIsItsOnlyExtraFinding`.
    var noteRules: Set<String> = []

    var testDescription: String { format }
}

extension FixtureMaker {
    static let all: [FixtureMaker] = [storyJSON, cyoaJSON, destini, adventurePiece, twee, twineHTML, ink, inkJSON, choiceScript, yarn, gamebook]

    static func quoted(_ text: String) -> String { "\"" + text + "\"" }

    /// Gamebook data as YAML: a map of sections, options as `{label, goto}` records.
    static let gamebook = FixtureMaker(
        format: "gamebook", fileExtension: "yaml", id: { $0 == 0 ? "start" : "s\($0)" },
        canRepeatIDs: true, missing: "ghost",
        write: { story in
            let sections = story.passages.map { passage in
                let options = passage.links.map { "      - {label: \(quoted("go \($0)")), goto: \(quoted($0))}\n" }.joined()
                return "  \(quoted(passage.id)):\n    text: \(quoted(passage.text))\n" + (options.isEmpty ? "" : "    options:\n" + options)
            }
            return "sections:\n" + sections.joined()
        },
        brokenLinkAnchor: #"{label: "go ghost""#, noteRules: ["gamebook-schema"])

    static let storyJSON = FixtureMaker(
        format: "story-json", fileExtension: "json", id: { $0 == 0 ? "start" : "p\($0)" },
        canRepeatIDs: true, missing: "ghost",
        write: { story in
            let lines = story.passages.map { passage in
                let choices = passage.links.map { #"{"text": "go \#($0)", "to": \#(quoted($0))}"# }
                return #"  {"id": \#(quoted(passage.id)), "text": \#(quoted(passage.text)), "choices": [\#(choices.joined(separator: ", "))]}"#
            }
            return "{\"passages\": [\n" + lines.joined(separator: ",\n") + "\n]}\n"
        },
        brokenLinkAnchor: #"{"text": "go ghost""#)

    static let cyoaJSON = FixtureMaker(
        format: "cyoa-json", fileExtension: "json", id: { $0 == 0 ? "intro" : "arc\($0)" },
        canRepeatIDs: true, missing: "ghost",
        write: { story in
            let lines = story.passages.map { passage in
                let options = passage.links.map { #"{"text": "go \#($0)", "arc": \#(quoted($0))}"# }
                return #"  \#(quoted(passage.id)): {"story": [\#(quoted(passage.text))], "options": [\#(options.joined(separator: ", "))]}"#
            }
            return "{\n" + lines.joined(separator: ",\n") + "\n}\n"
        },
        brokenLinkAnchor: #"{"text": "go ghost""#)

    /// Destini passages are the indices of one array; a link is an index, so a missing
    /// passage is an index past the end.
    static let destini = FixtureMaker(
        format: "destini", fileExtension: "swift", id: { String($0) },
        canRepeatIDs: false, missing: "999999",
        write: { story in
            let lines = story.passages.map { passage in
                var arguments = ["title: \(quoted(passage.text))"]
                for (k, link) in passage.links.enumerated() {
                    arguments.append("choice\(k + 1): \(quoted("go \(link)")), choice\(k + 1)Destination: \(link)")
                }
                return "    Story(\(arguments.joined(separator: ", ")))"
            }
            return "struct StoryBrain {\n  let stories = [\n" + lines.joined(separator: ",\n") + "\n  ]\n}\n"
        },
        brokenLinkAnchor: "999999)")

    static let adventurePiece = FixtureMaker(
        format: "adventure", fileExtension: "m", id: { $0 == 0 ? "startPiece" : "piece\($0)" },
        canRepeatIDs: true, missing: "ghost",
        write: { story in
            // A piece has two slots; a fixture passage has at most two links.
            let lines = story.passages.map { passage in
                let links = passage.links.map(Optional.some) + [nil, nil]
                let label = { (link: String?) in link.map { "@\(quoted("go \($0)"))" } ?? "nil" }
                return "AdventurePiece *\(passage.id) = [[AdventurePiece alloc] initWithMessage:@\(quoted(passage.text)) "
                    + "firstChoice:\(label(links[0])) secondChoice:\(label(links[1])) "
                    + "firstPiece:\(links[0] ?? "nil") secondPiece:\(links[1] ?? "nil") isEnd:\(passage.links.isEmpty ? "YES" : "NO")];"
            }
            return "- (void)build {\n" + lines.joined(separator: "\n") + "\n}\n"
        },
        brokenLinkAnchor: "ghost isEnd")

    static let twee = FixtureMaker(
        format: "twee", fileExtension: "twee", id: { $0 == 0 ? "Start" : "Room \($0)" },
        canRepeatIDs: true, missing: "Ghost",
        write: { story in
            story.passages.map { passage in
                ":: \(passage.id)\n\(passage.text)\n" + passage.links.map { "[[go \($0)|\($0)]]\n" }.joined()
            }.joined(separator: "\n")
        },
        brokenLinkAnchor: "[[go Ghost|Ghost]]", showsLinkLabels: true)

    /// ink: a knot per passage, a choice per link; the top has no content, so the story
    /// starts at the first knot.
    static let ink = FixtureMaker(
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
    static let inkJSON = FixtureMaker(
        format: "ink-json", fileExtension: "json", id: { "p\($0)" },
        canRepeatIDs: false, missing: "ghost",
        write: { story in
            let knots = story.passages.map { passage in
                let choices = passage.links.map { #""ev","str","^go \#($0)","/str","/ev",{"*":"\#($0)","flg":20}"# }
                let body = ([#""^\#(passage.text)","\n""#] + choices + [passage.links.isEmpty ? #""end""# : #""done""#]).joined(separator: ",")
                return #"\#(quoted(passage.id)):[\#(body),null]"#
            }
            return ##"{"inkVersion":21,"root":[[["done",{"#n":"g-0"}],null],"done",{"## + knots.joined(separator: ",\n") + "}],\"listDefs\":{}}\n"
        },
        brokenLinkAnchor: #"{"*":"ghost""#)

    static let twineHTML = FixtureMaker(
        format: "twine-html", fileExtension: "html", id: { $0 == 0 ? "Start" : "Room \($0)" },
        canRepeatIDs: true, missing: "Ghost",
        write: { story in
            var lines = [#"<tw-storydata name="" startnode="1" format="SugarCube" format-version="2.36.1">"#]
            for (i, passage) in story.passages.enumerated() {
                let links = passage.links.map { "[[go \($0)|\($0)]]" }.joined(separator: "\n")
                lines.append(#"<tw-passagedata pid="\#(i + 1)" name="\#(passage.id)" tags="">\#(passage.text)"#
                    + (links.isEmpty ? "" : "\n" + links) + "</tw-passagedata>")
            }
            lines.append("</tw-storydata>")
            return lines.joined(separator: "\n") + "\n"
        },
        brokenLinkAnchor: "[[go Ghost|Ghost]]", showsLinkLabels: true)

    /// One scene file (`story.txt`, so the scene is `story`): the first passage is the
    /// scene's start, the others `*label`s; a link is an option whose body is a `*goto`.
    static let choiceScript = FixtureMaker(
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
    static let yarn = FixtureMaker(
        format: "yarn", fileExtension: "yarn", id: { $0 == 0 ? "Start" : "N\($0)" },
        canRepeatIDs: true, missing: "Ghost",
        write: { story in
            story.passages.map { passage in
                let options = passage.links.map { "-> go \($0)\n    <<jump \($0)>>\n" }.joined()
                return "title: \(passage.id)\n---\n\(passage.text)\n\(options)===\n"
            }.joined()
        },
        brokenLinkAnchor: "-> go Ghost")
}
