import Foundation
import TestSupport
import Testing

/// An app project whose story spans files (`Tests/Fixtures/folders/destini-split`: texts in
/// StoryTexts.swift, shape in StoryBrain.swift), run inside its folder as `.`: every command
/// reads the one story, `check` as `report` does.
@Suite struct SplitProjectCommandTests {
    static let folder = URL(fileURLWithPath: Repository.path("Tests/Fixtures/folders/destini-split"))

    @Test func checkAndPathsInsideTheFolder() throws {
        let check = try runBinary(["check", "."], timeout: 30, directory: Self.folder)
        #expect(check.exitCode == 0)
        #expect(check.stdout == "checked 1 story: 0 errors, 0 warnings, 1 info\n")
        let paths = try runBinary(["paths", ".", "--quiet"], timeout: 30, directory: Self.folder)
        #expect(paths.exitCode == 0)
        #expect(paths.stdout.split(separator: "\n").filter { $0.hasPrefix("0 —") }.count == 3)
    }

    @Test func mapInsideTheFolder() throws {
        let out = Repository.temporaryFolder().appendingPathComponent("map.svg").path
        let map = try runBinary(["map", ".", "-o", out, "--quiet"], timeout: 30, directory: Self.folder)
        #expect(map.exitCode == 0)
        #expect(FileManager.default.fileExists(atPath: out))
    }
}
