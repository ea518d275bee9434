import Foundation
import StoryFormats
import StoryGraph
import TestSupport
import Testing

/// Folders and projects, over every registered loader: a folder holding one story reads
/// as its file; a folder of two files of a format holds the stories its format says
/// (`FolderRole`); and every format that reads several files as one story has a project
/// here, read from its folder as the one story it is.
@Suite("Loader conformance: folders and projects")
struct FolderConformanceTests {
    static let registry = StoryFormatRegistry.standard
    static let makers = FixtureMaker.all

    /// A new folder holding `files` (relative path → text); removed by `remove`.
    static func folder(_ files: [String: String]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("folder-\(UUID().uuidString)").path
        for (path, text) in files {
            let full = (folder as NSString).appendingPathComponent(path)
            try FileManager.default.createDirectory(
                atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }
        return folder
    }

    static func remove(_ folder: String) { try? FileManager.default.removeItem(atPath: folder) }

    /// The stories of `folder`, each as its files relative to the folder.
    static func stories(of folder: String) throws -> [[String]] {
        try StoryFolder(folder).stories.map { $0.map { String($0.dropFirst(folder.count + 1)) } }
    }

    @Test(arguments: makers)
    func aFolderHoldingOneStoryIsReadAsItsFile(_ maker: FixtureMaker) throws {
        let name = "story.\(maker.fileExtension)"
        let folder = try Self.folder([name: maker.write(FixtureStory.chain(3, ids: maker.id))])
        defer { Self.remove(folder) }
        let file = try StoryLoading.load(paths: [(folder as NSString).appendingPathComponent(name)])
        let whole = try StoryLoading.load(paths: [folder])
        #expect(try Self.stories(of: folder) == [[name]])
        #expect(whole.story == file.story)
        #expect(whole.diagnostics == file.diagnostics)
        #expect(whole.story.format == maker.format)
    }

    /// Two files of one format: one story when the format reads several files as one and
    /// they declare nothing twice, else a story each.
    @Test(arguments: makers)
    func aFolderOfTwoFilesHoldsTheStoriesItsFormatSays(_ maker: FixtureMaker) throws {
        let texts = (0..<2).map { k in maker.write(FixtureStory.chain(2, ids: { maker.id($0 + 3 * k) })) }
        let names = ["a.\(maker.fileExtension)", "b.\(maker.fileExtension)"]
        let folder = try Self.folder(Dictionary(uniqueKeysWithValues: zip(names, texts)))
        defer { Self.remove(folder) }
        let loader = try #require(Self.registry.loader(named: maker.format))
        let roles = try zip(names, texts).map { name, text in
            let role = loader.folderRole(
                of: SourceText(path: (folder as NSString).appendingPathComponent(name), text: text))
            return try #require(role)
        }
        let shared = roles.allSatisfy(\.sharesStory) && roles[0].declares.isDisjoint(with: roles[1].declares)
        #expect(try Self.stories(of: folder) == (shared ? [names] : names.map { [$0] }))
    }

    /// A story of several files as its format groups them, given as its folder.
    struct Project: Sendable, CustomTestStringConvertible {
        let format: String
        let files: [String: String]
        /// The folder's stories, as files relative to it.
        let stories: [[String]]
        let title: String
        let passages: [String]
        var testDescription: String { format }
    }

    static let projects: [Project] = [
        // A Tweego project: the story's files, one of them its title.
        Project(
            format: "twee",
            files: [
                "story.twee": ":: StoryTitle\nTwo Rooms\n\n:: Start\nA door. [[Hall]]\n",
                "more/hall.twee": ":: Hall\nThe end.\n",
            ],
            stories: [["more/hall.twee", "story.twee"]], title: "Two Rooms", passages: ["Hall", "Start"]),
        // An ink story and the file it INCLUDEs.
        Project(
            format: "ink",
            files: ["main.ink": "INCLUDE cave.ink\nHello.\n-> cave\n", "cave.ink": "=== cave ===\nDark.\n-> END\n"],
            stories: [["main.ink"]], title: "main", passages: ["(root)", "cave"]),
        // A ChoiceScript game, read from its startup.txt.
        Project(
            format: "choicescript",
            files: [
                "startup.txt": "*scene_list\n  startup\n  cave\n\nHello.\n*finish\n", "cave.txt": "Dark.\n*ending\n",
            ],
            stories: [["startup.txt"]], title: "startup", passages: ["startup", "cave"]),
        // A Yarn project and the files its globs select (the title is the first file's).
        Project(
            format: "yarn",
            files: [
                "game.yarnproject": #"{"projectFileVersion": 3, "sourceFiles": ["**/*.yarn"]}"#,
                "start.yarn": "title: Start\n---\n<<jump Dock>>\n===\n", "dock.yarn": "title: Dock\n---\nGulls.\n===\n",
            ],
            stories: [["dock.yarn", "game.yarnproject", "start.yarn"]], title: "dock", passages: ["Dock", "Start"]),
        // A Ren'Py game: every .rpy file under its game/ folder, read from the first (which
        // finds the others), the title from options.rpy.
        Project(
            format: "renpy",
            files: [
                "game/script.rpy": "label start:\n    \"A cave mouth.\"\n    jump cave\n",
                "game/cave.rpy": "label cave:\n    \"Dark.\"\n    return\n",
                "game/options.rpy": "define config.name = _(\"Two Caves\")\n",
            ],
            stories: [["game/cave.rpy"]], title: "Two Caves",
            passages: ["cave", "start"]),
        // A gamebook of one YAML file per node, the node's id its file's name.
        Project(
            format: "gamebook",
            files: [
                "intro.yaml": "text: A cellar.\noptions:\n  - label: Up\n    goto: hall\n",
                "hall.yaml": "text: A hall. The end.\n",
            ],
            stories: [["hall.yaml", "intro.yaml"]], title: "hall", passages: ["hall", "intro"]),
    ]

    @Test func everyFormatThatReadsSeveralFilesHasAProject() {
        #expect(
            Self.projects.map(\.format).sorted()
                == Self.registry.loaders.filter { $0.acceptsSeveralFiles }.map { $0.formatName }.sorted())
    }

    @Test(arguments: projects)
    func aProjectIsOneStoryReadFromItsFolder(_ project: Project) throws {
        let folder = try Self.folder(project.files)
        defer { Self.remove(folder) }
        #expect(try Self.stories(of: folder) == project.stories)
        let result = try StoryLoading.load(paths: [folder])
        #expect(result.story.format == project.format)
        #expect(result.story.title == project.title)
        #expect(result.story.passages.map(\.id) == project.passages)
        // What a gamebook's fields were read as is always said (one info line).
        #expect(result.diagnostics.filter { $0.ruleID != "gamebook-schema" }.map(\.description) == [])
    }
}
