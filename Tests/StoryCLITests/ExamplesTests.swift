import Foundation
import TestSupport
import Testing

/// Every example, in every format, through `report`, `paths`, `check` and `map`: the
/// counts are exact, the JSON parses, and the exit codes are the documented ones.
@Suite struct ExamplesTests {
    struct Example: Sendable, CustomStringConvertible {
        var file: String
        var passages: Int
        var paths: String
        var endings: Int
        var checkExit: Int32
        var description: String { file }
    }

    static let examples: [Example] = [
        Example(file: "Examples/lighthouse.json", passages: 6, paths: "5", endings: 3, checkExit: 0),
        Example(file: "Examples/StoryBrain.swift", passages: 6, paths: "5", endings: 3, checkExit: 0),
        Example(file: "Examples/defusal.json", passages: 6, paths: "4", endings: 3, checkExit: 0),
        Example(file: "Examples/Mission.m", passages: 6, paths: "4", endings: 3, checkExit: 0),
        Example(file: "Examples/Observatory.swift", passages: 7, paths: "6", endings: 3, checkExit: 0),
        Example(file: "Examples/ForestBrain.swift", passages: 6, paths: "5", endings: 3, checkExit: 0),
        Example(file: "Examples/carousel.json", passages: 3, paths: "0", endings: 0, checkExit: 1),
        Example(file: "Examples/harbour.json", passages: 43, paths: "3217", endings: 4, checkExit: 1),
        Example(file: "Examples/cyoa-arcs.json", passages: 10, paths: "18", endings: 3, checkExit: 0),
        Example(file: "Examples/clockwork-sugarcube.twee", passages: 15, paths: "4", endings: 3, checkExit: 0),
        Example(file: "Examples/clockwork.html", passages: 15, paths: "4", endings: 3, checkExit: 0),
        Example(file: "Examples/tidepool-harlowe.twee", passages: 12, paths: "9", endings: 3, checkExit: 0),
        Example(file: "Examples/ferry.ink", passages: 21, paths: "28", endings: 2, checkExit: 0),
        Example(file: "Examples/lamplighter", passages: 12, paths: "108", endings: 3, checkExit: 0),
        // Two ways into the rows (straight, or by the keeper's detour and back) × four
        // endings from there, and going home: 9.
        Example(file: "Examples/orchard.yarn", passages: 14, paths: "9", endings: 5, checkExit: 0),
        Example(file: "Examples/bellfounder-v1.yarn", passages: 5, paths: "4", endings: 2, checkExit: 0),
        Example(file: "Examples/salt-road.yaml", passages: 9, paths: "5", endings: 3, checkExit: 0),
        // Two ways to the city (the toll, the pass), neither open to a reader: see STATE.
        Example(file: "Examples/toll-bridge.json", passages: 7, paths: "4", endings: 3, checkExit: 0),
        // Three ways to the lamp (climbing, or the door and its two answers) × its four ways on.
        Example(file: "Examples/keeper.rpy", passages: 12, paths: "12", endings: 2, checkExit: 0),
    ]

    @Test func everyExampleIsListedHere() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Repository.path("Examples"))
            .filter {
                ["json", "twee", "html", "swift", "m", "ink", "yarn", "yaml", "yml", "rpy"].contains(
                    ($0 as NSString).pathExtension)
            }
            .map { "Examples/\($0)" }
        // A ChoiceScript game is a folder holding startup.txt.
        let games = try FileManager.default.contentsOfDirectory(atPath: Repository.path("Examples"))
            .filter { FileManager.default.fileExists(atPath: Repository.path("Examples/\($0)/startup.txt")) }
            .map { "Examples/\($0)" }
        #expect(Set(files + games) == Set(Self.examples.map(\.file)))
    }

    /// The DOT text of every example, snapshotted (it is ours and deterministic; the SVG
    /// holds Graphviz's version and is tested by structure instead).
    @Test(arguments: examples)
    func dotSnapshot(_ example: Example) throws {
        let run = runCLI(["dot", Repository.path(example.file), "--quiet"])
        #expect(run.exitCode == 0)
        let name = (example.file as NSString).lastPathComponent + ".dot"
        try Snapshot.check(
            run.stdout.replacingOccurrences(of: Repository.root.path + "/", with: ""), named: name, in: "DOT")
    }

    /// `dot --state` on the examples with variables, snapshotted; and on the toll bridge,
    /// exactly what it marks: the two choices to the bridge never hold, the bridge is
    /// reached only by the links, the city by no reader.
    @Test(arguments: [
        "Examples/toll-bridge.json", "Examples/lamplighter", "Examples/orchard.yarn", "Examples/ferry.ink",
    ])
    func dotSnapshotUnderState(_ file: String) throws {
        let run = runCLI(["dot", Repository.path(file), "--state", "--quiet"])
        #expect(run.exitCode == 0)
        let name = (file as NSString).lastPathComponent + ".state.dot"
        try Snapshot.check(
            run.stdout.replacingOccurrences(of: Repository.root.path + "/", with: ""), named: name, in: "DOT")
        if file.hasSuffix("toll-bridge.json") {
            // Greyed: the two never-true choices (marked so) and the bridge's own choice.
            let grey = run.stdout.split(separator: "\n").filter { $0.contains("class=\"choice dimmed\"") }
            #expect(grey.map { $0.split(separator: " ")[0] } == ["c0_2", "c0_3", "c3_0"])
            #expect(grey.map { $0.contains("<I>never</I>") } == [true, true, false])
            let dimmed = run.stdout.split(separator: "\n").filter { $0.contains("only-structural") }
            #expect(dimmed.map { $0.split(separator: " ")[0] } == ["p3"])
            let blocked = run.stdout.split(separator: "\n").filter { $0.contains("ending blocked") }
            #expect(blocked.map { $0.split(separator: " ")[0] } == ["p4"])
            // Without --state, none of it.
            let plain = runCLI(["dot", Repository.path(file), "--quiet"])
            #expect(
                !plain.stdout.contains("never") && !plain.stdout.contains("only-structural")
                    && !plain.stdout.contains("blocked"))
        }
    }

    @Test(arguments: examples)
    func reportPathsCheckAndMap(_ example: Example) throws {
        let path = Repository.path(example.file)
        let report = runCLI(["report", path, "--format", "json", "--quiet"])
        #expect(report.exitCode == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: report.stdoutData) as? [String: Any])
        let structure = try #require(object["structure"] as? [String: Any])
        let paths = try #require(object["paths"] as? [String: Any])
        #expect(structure["passages"] as? Int == example.passages)
        #expect(paths["total"] as? String == example.paths)
        #expect(paths["exact"] as? Bool == true)
        #expect((object["endings"] as? [Any])?.count == example.endings)

        for format in ["text", "markdown"] {
            let other = runCLI(["report", path, "--format", format, "--quiet"])
            #expect(other.exitCode == 0)
            #expect(!other.stdout.isEmpty)
        }

        let listed = runCLI(["paths", path, "--format", "json", "--quiet"])
        #expect(listed.exitCode == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: listed.stdoutData) as? [String: Any])
        #expect((document["paths"] as? [Any])?.count == Int(example.paths)!)
        #expect(document["total"] as? String == example.paths)

        let check = runCLI(["check", path, "--format", "json"])
        #expect(check.exitCode == example.checkExit)
        _ = try JSONSerialization.jsonObject(with: check.stdoutData)

        let map = runCLI(["map", path, "--quiet"])
        #expect(map.exitCode == 0)
        #expect(map.stdout.components(separatedBy: "class=\"node passage").count - 1 == example.passages)
    }
}
