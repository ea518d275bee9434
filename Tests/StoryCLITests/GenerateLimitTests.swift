import Foundation
import StoryFormats
import StoryGraph
import TestSupport
import Testing

@testable import StoryCLI

/// `generate` sizes are checked before any arithmetic or writing: no overflow trap, and no
/// story that storygraph itself would refuse to read.
@Suite("generate: size limits")
struct GenerateLimitTests {
    @Test(arguments: [
        (["lattice", "9223372036854775807", "2"], "error: lattice W L needs W ≥ 2, L ≥ 1 and W·L ≤ 10000000"),
        (["lattice", "2", "9223372036854775807"], "error: lattice W L needs W ≥ 2, L ≥ 1 and W·L ≤ 10000000"),
        (["lattice", "4611686018427387904", "4"], "error: lattice W L needs W ≥ 2, L ≥ 1 and W·L ≤ 10000000"),
        (
            ["chain", "99999999999999999999"],
            "error: '99999999999999999999' is out of range: chain N must be from 1 to 10000000"
        ),
        (["tree", "9223372036854775807"], "error: tree D must be from 0 to 22"),
        (
            ["diamonds", "9223372036854775808"],
            "error: '9223372036854775808' is out of range: diamonds N must be from 0 to 3000000"
        ),
        (
            ["chain", "1000000"],
            "error: this story would be at least 82666698 bytes, above storygraph's input limit of 67108864 bytes (64 MiB), so no command could read it; choose a smaller size"
        ),
        (
            ["tree", "21"],
            "error: this story would be at least 389820064 bytes, above storygraph's input limit of 67108864 bytes (64 MiB), so no command could read it; choose a smaller size"
        ),
    ])
    func refusedWithUsageErrorNamingTheLimit(arguments: [String], message: String) {
        let path = Repository.temporaryFolder().appendingPathComponent("out.json").path
        let run = runCLI(["generate"] + arguments + ["-o", path])
        #expect(run.exitCode == 64)
        #expect(run.stderr == message + "\nSee 'storygraph help generate'.\n")
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    /// The estimate never exceeds the real size (so nothing readable is refused), across
    /// the digit-count boundaries of every shape.
    @Test(arguments: [
        StoryGenerator.Shape.chain(1), .chain(9), .chain(10), .chain(11), .chain(101), .chain(1234),
        .tree(depth: 0), .tree(depth: 3), .tree(depth: 4), .tree(depth: 7), .tree(depth: 10),
        .diamonds(0), .diamonds(1), .diamonds(10), .diamonds(333),
        .lattice(width: 2, layers: 1), .lattice(width: 11, layers: 12), .lattice(width: 3, layers: 120),
        .gamebook(1), .gamebook(10), .gamebook(1000), .keys(1), .keys(1000),
    ])
    func estimateIsALowerBound(shape: StoryGenerator.Shape) {
        let bytes = StoryJSONWriter.json(StoryGenerator.story(shape)).utf8.count
        #expect(shape.minimumJSONBytes <= bytes)
        if case .gamebook = shape { return }
        if case .keys = shape { return }
        if case .lattice = shape { return }
        // Chains, trees and diamonds: within 5%.
        #expect(Double(shape.minimumJSONBytes) >= 0.95 * Double(bytes))
    }
}
