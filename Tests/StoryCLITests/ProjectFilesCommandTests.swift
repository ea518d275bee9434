import Foundation
import TestSupport
import Testing

/// Several files that make one story are that story in every command, `check` included;
/// relative and one-letter paths never trap.
@Suite struct ProjectFilesCommandTests {
    /// A Tweego project of two files: the start in one, the passage it links to in the other.
    static func tweeProject() -> URL {
        let root = Repository.temporaryFolder()
        let src = root.appendingPathComponent("src")
        try! FileManager.default.createDirectory(at: src, withIntermediateDirectories: true)
        try! Data(":: StoryTitle\nSplit\n\n:: Start\nGo [[Room]]\n".utf8).write(to: src.appendingPathComponent("a.twee"))
        try! Data(":: Room\nA room. The end.\n".utf8).write(to: src.appendingPathComponent("b.twee"))
        return root
    }

    @Test func checkReadsTheFilesOfOneTweeProjectAsOneStory() throws {
        let root = Self.tweeProject()
        let run = try runBinary(["check", "src/a.twee", "src/b.twee"], directory: root)
        #expect(run.exitCode == 0)
        #expect(run.stdout == "checked 1 story: 0 errors, 0 warnings, 0 info\n")
        #expect(run.stderr == "")
        // The same story for report, paths and map.
        let paths = try runBinary(["paths", "src/a.twee", "src/b.twee", "--quiet"], directory: root)
        #expect(paths.exitCode == 0)
        #expect(paths.stdout.contains("Start —[Room]→ Room"))
    }

    @Test func storiesOfTheirOwnAreStillCheckedOneByOne() throws {
        let root = Self.tweeProject()
        let other = root.appendingPathComponent("gate.json")
        try! Data(#"{"start": "a", "passages": [{"id": "a", "text": "Done."}]}"#.utf8).write(to: other)
        let run = try runBinary(["check", "src/a.twee", "src/b.twee", "gate.json"], directory: root)
        #expect(run.exitCode == 0)
        #expect(run.stdout == "checked 2 stories: 0 errors, 0 warnings, 0 info\n")
    }

    /// An app's source given file by file is one project: the story is read from the file
    /// that holds it, in `report` and `check` alike.
    @Test func appSourceFileByFileIsOneProject() throws {
        let root = Repository.temporaryFolder()
        try! Data("struct Story {\n    let title: String\n}\n".utf8).write(to: root.appendingPathComponent("Story.swift"))
        try! FileManager.default.copyItem(
            atPath: Repository.path("Examples/StoryBrain.swift"),
            toPath: root.appendingPathComponent("StoryBrain.swift").path)
        let check = try runBinary(["check", "Story.swift", "StoryBrain.swift"], directory: root)
        #expect(check.exitCode == 0)
        #expect(check.stdout == "checked 1 story: 0 errors, 0 warnings, 1 info\n")
        let report = try runBinary(["report", "Story.swift", "StoryBrain.swift"], directory: root)
        #expect(report.exitCode == 0)
        #expect(
            report.stderr
                == "StoryBrain.swift:1:1: info: read the story from this file, the one of the 2 source files given that holds it [story-file]\n"
        )
        #expect(report.stdout.hasPrefix("StoryBrain — destini, starts at '0'"))
    }

    /// A one-letter path that does not exist is an unreadable input (65), not a trap (132).
    @Test(arguments: ["q", "q/", "./q"])
    func aMissingOneLetterPathIsExit65(path: String) throws {
        let root = Repository.temporaryFolder()
        for command in ["report", "check", "map"] {
            let run = try runBinary([command, path], directory: root)
            #expect(run.exitCode == 65)
            #expect(run.stderr.contains("no such file or folder"))
        }
    }
}
