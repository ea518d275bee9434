import Foundation
import FuzzSupport
import TestSupport
import Testing

/// The inputs the fuzz targets found crashing (or that reproduce a crash found by hand),
/// and the hand-made seeds of the targets, kept in Tests/Fixtures/hostile/TARGET/: each is replayed through the target's
/// reproducer (`.build/debug/fuzz-TARGET FILE`, the same code libFuzzer runs), in a
/// process of its own so that a crash fails one test instead of the whole run.
@Suite struct FuzzRegressionTests {
    /// Inputs that still fail, "target/file" → the defect they show (none today: each one
    /// found is fixed at its cause, and its entry removed with the fix).
    static let knownIssues: [String: String] = [:]

    static let inputs: [String] = FuzzTarget.allCases.flatMap { target in
        let folder = Repository.path("Tests/Fixtures/hostile/\(target.rawValue)")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { !$0.hasPrefix(".") }.sorted().map { "\(target.rawValue)/\($0)" }
    }

    @Test func everyTargetHasAFolder() {
        for target in FuzzTarget.allCases {
            var isFolder: ObjCBool = false
            let exists = FileManager.default.fileExists(
                atPath: Repository.path("Tests/Fixtures/hostile/\(target.rawValue)"), isDirectory: &isFolder)
            #expect(exists && isFolder.boolValue, "Tests/Fixtures/hostile/\(target.rawValue)")
        }
        #expect(Self.inputs.contains("source/label-colon-at-end.swift"))
    }

    @Test(arguments: inputs) func replays(input: String) throws {
        let target = String(input.prefix { $0 != "/" })
        let run = try runBinary(
            [Repository.path("Tests/Fixtures/hostile/\(input)")], environment: ["SWIFT_BACKTRACE": "enable=no"],
            product: "fuzz-\(target)")
        let check = {
            #expect(run.signal == nil, "\(input): killed by signal \(run.signal ?? 0)\n\(run.stderr.suffix(1_000))")
            #expect(run.exitCode == 0)
            #expect(run.stderr == "fuzz-\(target): ran 1 inputs\n")
        }
        if let reason = Self.knownIssues[input] {
            withKnownIssue(Comment(rawValue: reason)) { check() }
        } else {
            check()
        }
    }
}
