import Foundation
import StoryFormats
import TestSupport
import Testing

@testable import StoryCLI

/// What is not a story is refused with the formats looked for, and every format read from
/// a file is read from standard input (`-`), where no extension helps.
@Suite struct SniffingTests {
    /// "looked for: …" as the refusal lists every format.
    static let lookedFor = StoryLoading.loaders.map { "\($0.formatName) (\($0.formatDescription))" }.joined(
        separator: "; ")

    static let markdown = """
        # Night Walk

        A short story, written in Twee:

        ```twee
        :: Start
        [[Go on->End]]

        :: End
        The end.
        ```

        And in ink:

        ```ink
        === dock ===
        * [Pay] -> END
        ```

        * [Read more](https://example.com)
        """

    @Test func markdownAndPlainTextAreRefusedWithTheFormatsLookedFor() throws {
        let readme = Repository.write(Self.markdown, name: "README.md")
        let run = try runBinary(["report", readme])
        #expect(run.exitCode == 65)
        #expect(
            run.stderr
                == "\(readme):1:1: error: not a story storygraph can read; looked for: \(Self.lookedFor) [unknown-format]\n"
        )
        let piped = try runBinary(["report", "-"], input: Data(Self.markdown.utf8))
        #expect(piped.exitCode == 65)
        #expect(
            piped.stderr
                == "<stdin>:1:1: error: not a story storygraph can read; looked for: \(Self.lookedFor) [unknown-format]\n"
        )
        let notes = Repository.write("Buy milk.\nCall the ferryman: ask about the fare.\n", name: "notes")
        let plain = try runBinary(["check", notes])
        #expect(plain.exitCode == 65)
        #expect(
            plain.stderr.hasPrefix(
                "\(notes):1:1: error: not a story storygraph can read; looked for: \(Self.lookedFor) [unknown-format]\n"
            ))
    }

    /// This repository's own Markdown: none of it is a story.
    @Test func theRepositorysDocumentationIsNotAStory() throws {
        let pages =
            ["README.md"]
            + (try FileManager.default.contentsOfDirectory(atPath: Repository.path("Documentation")))
            .filter { $0.hasSuffix(".md") }.sorted().map { "Documentation/" + $0 }
        for page in pages {
            let run = try runBinary(["report", page])
            #expect(run.exitCode == 65, "\(page): \(run.stderr.prefix(300))")
            #expect(run.stderr.contains("error: not a story storygraph can read; looked for: "), "\(page)")
        }
    }

    /// Each example read from standard input lists the same paths as read from its file.
    @Test(arguments: [
        "Examples/ferry/crossing.ink", "Examples/bellfounder-v1.yarn", "Examples/orchard.yarn",
        "Examples/clockwork-sugarcube.twee", "Examples/tidepool-harlowe.twee", "Examples/clockwork.html",
        "Examples/harbour.json", "Examples/cyoa-arcs.json", "Examples/salt-road.yaml", "Examples/StoryBrain.swift",
    ])
    func everyFormatReadFromAFileIsReadFromStandardInput(_ example: String) throws {
        let file = try runBinary(["paths", example, "--limit", "20"])
        #expect(file.exitCode == 0, "\(file.stderr)")
        let piped = try runBinary(
            ["paths", "-", "--limit", "20"], input: try Data(contentsOf: URL(fileURLWithPath: Repository.path(example)))
        )
        #expect(piped.exitCode == 0, "\(piped.stderr)")
        #expect(piped.stdout == file.stdout)
    }

    @Test func inkOnStandardInputIsInk() throws {
        let ink =
            "-> dock\n\n=== dock ===\nThe ferry waits.\n* [Board] -> crossing\n* [Walk home] -> END\n\n=== crossing ===\nThe river is wide.\n-> END\n"
        let file = try runBinary(["paths", Repository.write(ink, name: "ferry.ink")])
        #expect(file.exitCode == 0)
        #expect(file.stderr == "2 paths\n")
        let piped = try runBinary(["paths", "-"], input: Data(ink.utf8))
        #expect(piped.exitCode == 0, "\(piped.stderr)")
        #expect(piped.stderr == "2 paths\n")
        #expect(piped.stdout == file.stdout)
    }
}
