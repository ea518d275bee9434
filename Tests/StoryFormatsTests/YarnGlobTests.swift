import Foundation
import Testing

@testable import StoryFormats

/// `.yarnproject` globs: what each wildcard matches, and a pattern that made the old
/// regular expression backtrack for seconds matched (or not) in a bounded time.
@Suite struct YarnGlobTests {
    @Test(arguments: [
        ("**/*.yarn", "a.yarn", true),
        ("**/*.yarn", "Dialogue/Act 1/a.yarn", true),
        ("**/*.yarn", "a.yarn.txt", false),
        ("./**/*.yarn", "x/a.yarn", true),
        ("Dialogue/*.yarn", "Dialogue/a.yarn", true),
        ("Dialogue/*.yarn", "Dialogue/Old/a.yarn", false),
        ("Dialogue/**/*.yarn", "Dialogue/a.yarn", true),
        ("Dialogue/**/*.yarn", "Dialogue/Old/Older/a.yarn", true),
        ("Dialogue/**/*.yarn", "Dialoguex/a.yarn", false),
        ("Dialogue/**/*.yarn", "Other/Dialogue/a.yarn", false),
        ("Dialogue/**", "Dialogue/Old/a.yarn", true),
        ("**.yarn", "a/b.yarn", true),
        ("**/a.yarn", "xa.yarn", false),
        ("**/a.yarn", "x/a.yarn", true),
        ("*.yarn", "a/b.yarn", false),
        ("?.yarn", "a.yarn", true),
        ("?.yarn", "ab.yarn", false),
        ("a?b.yarn", "a/b.yarn", false),
        ("[abc].yarn", "b.yarn", true),
        ("[abc].yarn", "d.yarn", false),
        ("[a-c]x.yarn", "cx.yarn", true),
        ("[!a-c]x.yarn", "cx.yarn", false),
        ("[!a-c]x.yarn", "dx.yarn", true),
        ("[^a-c]x.yarn", "dx.yarn", true),
        ("a[/]b.yarn", "a/b.yarn", false),
        ("[].yarn", "[].yarn", true),
        ("[]].yarn", "].yarn", true),
        ("a[b.yarn", "a[b.yarn", true),
        ("Old (1).yarn", "Old (1).yarn", true),
        ("a+b.yarn", "aab.yarn", false),
        ("*", "", true),
        ("", "", true),
        ("", "a.yarn", false),
    ])
    func aGlobMatchesWhatItSays(_ pattern: String, _ path: String, _ expected: Bool) {
        #expect(YarnGlob(pattern).matches(path) == expected)
    }

    /// Fourteen stars each followed by `a`, then a `b` the name lacks: the old regular
    /// expression tried every way to split 40 `a`s among the stars (seconds); the glob
    /// reads the name once.
    @Test func aPatternOfManyStarsOnALongNameIsQuick() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("yarn-glob-\(UUID().uuidString)")
            .path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let name = String(repeating: "a", count: 40) + ".yarn"
        try Data("title: Start\n---\nHi.\n===\n".utf8).write(to: URL(fileURLWithPath: folder + "/" + name))
        try Data("title: Start\n---\nHi.\n===\n".utf8).write(to: URL(fileURLWithPath: folder + "/ab.yarn"))
        let pattern = String(repeating: "*a", count: 14) + "b.yarn"
        let project = #"{"projectFileVersion": 3, "sourceFiles": ["\#(pattern)", "ab.yarn"]}"#
        let path = folder + "/game.yarnproject"
        try Data(project.utf8).write(to: URL(fileURLWithPath: path))
        let (read, _) = YarnProject.read(SourceText(path: path, text: project))
        let begin = Date()
        let files = read.files().map(\.path)
        let seconds = Date().timeIntervalSince(begin)
        #expect(files == [folder + "/ab.yarn"])
        #expect(seconds < 0.2, "\(seconds) s")
        // The linear matcher itself on a longer name and pattern.
        let long = String(repeating: "a", count: 600) + ".yarn"
        let begin2 = Date()
        #expect(YarnGlob(String(repeating: "*a", count: 30) + "b.yarn").matches(long) == false)
        #expect(YarnGlob(String(repeating: "**/*a", count: 30) + ".yarn").matches(long) == true)
        #expect(Date().timeIntervalSince(begin2) < 1, "\(Date().timeIntervalSince(begin2)) s")
    }
}
