import Foundation
import TestSupport
import Testing

/// Issue 24's path, file and escape classes, through the built binary (each run with a
/// timeout, so a hang fails the test instead of stopping the suite): one-letter and `.`
/// folders, files a story names outside its folder tree, FIFOs met through a folder, an
/// INCLUDE, a scene list or as the argument, and story-provided file names on a terminal.
@Suite struct StoryFileSafetyTests {
    /// Seconds a run is given: a hang is killed and reported as `timedOut`.
    static let timeout = 30.0

    /// A fresh folder with `files` (relative path → text) written in it.
    static func folder(_ files: [String: String]) -> URL {
        let root = Repository.temporaryFolder()
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try! FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try! Data(text.utf8).write(to: url)
        }
        return root
    }

    static func link(_ path: URL, to target: String) {
        try! FileManager.default.createSymbolicLink(atPath: path.path, withDestinationPath: target)
    }

    static func lines(_ text: String) -> [String] { text.split(separator: "\n").map(String.init) }

    // MARK: Crashes: path handling of one-letter and `.` folders

    /// A Destini project whose model file only declares `Story`: recognising the folder
    /// looks beside that file for the one that builds the story.
    static func appProject() -> URL {
        let root = folder([
            "m/Story.swift": "struct Story {\n    let title: String\n}\n",
            "m/ViewController.swift": "import UIKit\nclass ViewController {}\n",
            "m/x/.keep": "",
        ])
        try! FileManager.default.copyItem(
            atPath: Repository.path("Examples/StoryBrain.swift"),
            toPath: root.appendingPathComponent("m/StoryBrain.swift").path)
        return root
    }

    @Test(arguments: [
        ("", ["check", "m"]), ("", ["check", "m/"]), ("", ["check", "./m"]), ("", ["check", "m//"]),
        ("m", ["check", "."]), ("m", ["check", "./"]), ("m/x", ["check", ".."]), ("m/x", ["check", "../"]),
    ])
    func aFolderOfAppSourceNamedByOneCharacterIsChecked(directory: String, arguments: [String]) throws {
        let root = Self.appProject()
        let run = try runBinary(arguments, timeout: Self.timeout, directory: root.appendingPathComponent(directory))
        #expect(run.exitCode == 0)
        // The folder is read as `report` reads it: the note names the file the story is in.
        #expect(run.stdout == "checked 1 story: 0 errors, 0 warnings, 1 info\n")
        let folder = arguments[1]
        let file = folder.hasSuffix("/") ? folder + "StoryBrain.swift" : folder + "/StoryBrain.swift"
        #expect(
            run.stderr
                == "\(file):1:1: info: read the story from this file, the one of the 3 source files in \(folder) that holds it [story-file]\n"
        )
    }

    @Test(arguments: [("", "m", "m"), ("m", ".", "."), ("m", "./", "./"), ("m/x", "..", "..")])
    func aFolderOfAppSourceNamedByOneCharacterIsMapped(directory: String, folder: String, shown: String) throws {
        let root = Self.appProject()
        let out = root.appendingPathComponent("map.svg").path
        let run = try runBinary(
            ["map", folder, "-o", out], timeout: Self.timeout, directory: root.appendingPathComponent(directory))
        #expect(run.exitCode == 0)
        let file = shown.hasSuffix("/") ? shown + "StoryBrain.swift" : shown + "/StoryBrain.swift"
        #expect(
            Self.lines(run.stderr).first
                == "\(file):1:1: info: read the story from this file, the one of the 3 source files in \(shown) that holds it [story-file]"
        )
        #expect(FileManager.default.fileExists(atPath: out))
    }

    @Test func anOutputFileOfOneCharacterIsWritten() throws {
        let root = Self.folder([:])
        let run = try runBinary(
            ["map", Repository.path("Examples/lighthouse.json"), "-o", "m", "--format", "dot", "--quiet"],
            timeout: Self.timeout,
            directory: root)
        #expect(run.exitCode == 0)
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("m").path))
    }

    // MARK: Disclosure: every file a story names stays inside its folder tree

    static let secret = "SECRET-MARKER-7f3a"

    @Test func inkIncludeReadsNothingOutsideTheStorysFolder() throws {
        let root = Self.folder([
            "secret.ink": "\(Self.secret)\n",
            "story/main.ink":
                "INCLUDE ../secret.ink\nINCLUDE /proc/self/environ\nINCLUDE link.ink\nINCLUDE parts/inside.ink\nHello.\n* [Go] -> END\n",
            "story/parts/inside.ink": "Inside.\n",
        ])
        Self.link(root.appendingPathComponent("story/link.ink"), to: "../secret.ink")
        let story = root.appendingPathComponent("story")
        let check = try runBinary(["check", "main.ink"], timeout: Self.timeout, directory: story)
        #expect(check.exitCode == 65)
        let why = "is outside the story's folder . (resolving '..' and symbolic links); it is not read [file-refused]"
        #expect(
            Self.lines(check.stderr) == [
                "main.ink:1:1: error: INCLUDE refused: '../secret.ink' \(why)",
                "main.ink:2:1: error: INCLUDE refused: '/proc/self/environ' \(why)",
                "main.ink:3:1: error: INCLUDE refused: 'link.ink' \(why)",
            ])
        let play = try runBinary(
            ["play", "main.ink", "--auto", "--seed", "1"], timeout: Self.timeout, directory: story)
        #expect(play.exitCode == 65)
        #expect(!(play.stdout + play.stderr).contains(Self.secret))
        #expect(!(play.stdout + play.stderr).contains("PATH="))
    }

    @Test func choiceScriptScenesYarnSourcesAndTweeIncludesStayInside() throws {
        let root = Self.folder([
            "secret.txt": "*title Secret\n\(Self.secret)\n*finish\n",
            "secret.yarn": "title: Start\n---\n\(Self.secret)\n===\n",
            "secret.twee": ":: Secret\n\(Self.secret)\n",
            "game/startup.txt": "*title Test\n*scene_list\n  startup\n  chapter\n\nHello.\n*finish\n",
            "yarn/game.yarnproject": #"{"projectFileVersion": 3, "sourceFiles": ["**/*.yarn"]}"#,
            "yarn/main.yarn": "title: Begin\n---\nHello.\n===\n",
            "twee/story.twee": ":: StoryTitle\nT\n\n:: StoryIncludes\n../secret.twee\n\n:: Start\nHello.\n",
        ])
        Self.link(root.appendingPathComponent("game/chapter.txt"), to: "../secret.txt")
        Self.link(root.appendingPathComponent("yarn/linked.yarn"), to: "../secret.yarn")
        let why = "is outside the story's folder"
        let game = try runBinary(["check", "game/startup.txt"], timeout: Self.timeout, directory: root)
        #expect(game.exitCode == 65)
        #expect(
            Self.lines(game.stderr).contains(
                "game/startup.txt:5:1: error: scene file refused: 'chapter.txt' \(why) game (resolving '..' and symbolic links); it is not read [file-refused]"
            ))
        let yarn = try runBinary(["report", "yarn/game.yarnproject"], timeout: Self.timeout, directory: root)
        #expect(yarn.exitCode == 65)
        #expect(
            Self.lines(yarn.stderr).contains(
                "yarn/game.yarnproject:1:1: error: source file refused: 'linked.yarn' \(why) yarn (resolving '..' and symbolic links); it is not read [file-refused]"
            ))
        let twee = try runBinary(["report", "twee/story.twee"], timeout: Self.timeout, directory: root)
        #expect(twee.exitCode == 65)
        #expect(
            Self.lines(twee.stderr).contains(
                "twee/story.twee:5:1: error: StoryIncludes refused: '../secret.twee' \(why) twee (resolving '..' and symbolic links); it is not read [file-refused]"
            ))
        for run in [game, yarn, twee] { #expect(!(run.stdout + run.stderr).contains(Self.secret)) }
    }

    // MARK: Hangs: FIFOs, devices and standard input

    /// A FIFO no process writes to: opening it to read would wait for ever.
    static func fifo(_ url: URL) {
        #expect(mkfifo(url.path, 0o600) == 0)
    }

    @Test func aFIFOInAFolderIsSkippedWithAFinding() throws {
        let root = Self.folder([
            "story/lighthouse.json": try String(
                contentsOfFile: Repository.path("Examples/lighthouse.json"), encoding: .utf8)
        ])
        Self.fifo(root.appendingPathComponent("story/pipe.json"))
        let run = try runBinary(["check", "story"], timeout: Self.timeout, directory: root)
        #expect(!run.timedOut)
        #expect(run.exitCode == 0)
        #expect(
            Self.lines(run.stderr).first
                == "story/pipe.json:1:1: warning: a FIFO, not a regular file; left out unread [file-skipped]")
        #expect(run.stdout == "checked 1 story: 0 errors, 1 warning, 0 info\n")
    }

    @Test func aFIFOAnIncludeOrASceneListNamesIsRefusedAtItsLine() throws {
        let root = Self.folder([
            "ink/main.ink": "INCLUDE pipe.ink\nHello.\n* [Go] -> END\n",
            "game/startup.txt": "*title Test\n*scene_list\n  startup\n  pipe\n\nHello.\n*finish\n",
        ])
        Self.fifo(root.appendingPathComponent("ink/pipe.ink"))
        Self.fifo(root.appendingPathComponent("game/pipe.txt"))
        let ink = try runBinary(["check", "ink/main.ink"], timeout: Self.timeout, directory: root)
        #expect(!ink.timedOut)
        #expect(ink.exitCode == 65)
        #expect(
            Self.lines(ink.stderr) == [
                "ink/main.ink:1:1: error: INCLUDE refused: 'pipe.ink' is a FIFO, not a regular file; it is not read [file-refused]"
            ])
        let game = try runBinary(["check", "game/startup.txt"], timeout: Self.timeout, directory: root)
        #expect(!game.timedOut)
        #expect(game.exitCode == 65)
        #expect(
            Self.lines(game.stderr).first
                == "game/startup.txt:5:1: error: scene file refused: 'pipe.txt' is a FIFO, not a regular file; it is not read [file-refused]"
        )
    }

    @Test func aFIFOArgumentNobodyWritesToIsAClearError() throws {
        let root = Self.folder([:])
        Self.fifo(root.appendingPathComponent("story.json"))
        let run = try runBinary(["check", "story.json"], timeout: Self.timeout, directory: root)
        #expect(!run.timedOut)
        #expect(run.exitCode == 65)
        #expect(
            Self.lines(run.stderr) == [
                "story.json:1:1: error: a FIFO that nothing wrote to within 3 seconds; storygraph stopped waiting (write the story into it, or give a file) [unreadable-file]"
            ])
    }

    @Test func aFIFOArgumentWithAWriterIsRead() throws {
        let root = Self.folder([:])
        let fifo = root.appendingPathComponent("story.json")
        Self.fifo(fifo)
        let story = try Data(contentsOf: URL(fileURLWithPath: Repository.path("Examples/lighthouse.json")))
        DispatchQueue.global().async {
            // Opening to write waits for the reader; then the story is written and closed.
            guard let handle = FileHandle(forWritingAtPath: fifo.path) else { return }
            handle.write(story)
            try? handle.close()
        }
        let run = try runBinary(
            ["paths", "story.json", "--input-format", "story-json", "--quiet"], timeout: Self.timeout, directory: root)
        #expect(!run.timedOut)
        #expect(run.exitCode == 0)
        #expect(Self.lines(run.stdout).count == 5)
    }

    @Test func devStdinIsStandardInput() throws {
        let run = try runBinary(
            ["check", "/dev/stdin"], timeout: Self.timeout,
            input: Data(
                #"{"start": "a", "passages": [{"id": "a", "text": "A", "choices": [{"text": "Go", "to": "b"}]}]}"#.utf8)
        )
        #expect(run.exitCode == 1)
        #expect(
            Self.lines(run.stderr).contains(
                "<stdin>:1:66: error: choice 'Go' of passage 'a' leads to 'b', which does not exist; did you mean 'a'? [broken-link]"
            ))
    }

    // MARK: Escapes: story-provided file names and colour

    @Test func checkShowsAFolderStorysFileNameEscaped() throws {
        let name = "a\u{1B}[2J\nfake.json:1:1: error: forged.json"
        let root = Self.folder([
            "d/\(name)": try String(contentsOfFile: Repository.path("Examples/lighthouse.json"), encoding: .utf8),
            "d/b.json": try String(contentsOfFile: Repository.path("Examples/lighthouse.json"), encoding: .utf8),
        ])
        let run = try runBinary(["check", "d"], timeout: Self.timeout, directory: root)
        #expect(run.exitCode == 0)
        #expect(
            Self.lines(run.stderr) == [
                "d/a\\e[2J\\nfake.json:1:1: error: forged.json: 0 errors, 0 warnings, 0 info",
                "d/b.json: 0 errors, 0 warnings, 0 info",
            ])
        #expect(run.stdout == "checked 2 stories: 0 errors, 0 warnings, 0 info\n")
    }

    @Test func onlyTheSeverityTokenIsColoured() throws {
        let path = Repository.write(
            #"{"start": "a", "passages": [{"id": "a", "text": "A", "choices": [{"text": "Go", "to": "x error: y warning: z"}]}]}"#,
            name: "s.json")
        let run = try runBinary(["check", path, "--color", "always"], timeout: Self.timeout)
        #expect(run.exitCode == 1)
        #expect(
            Self.lines(run.stderr).contains(
                "\(path):1:66: \u{1B}[1;31merror:\u{1B}[0m choice 'Go' of passage 'a' leads to 'x error: y warning: z', which does not exist [broken-link]"
            ))
        // One coloured token a line, where the line puts it.
        #expect(
            Self.lines(run.stderr).filter { $0.contains("\u{1B}") }.allSatisfy {
                $0.components(separatedBy: "\u{1B}[1;").count == 2
            })
    }
}
