import Foundation
import TestSupport
import Testing

/// `map` refuses, before Graphviz runs, a layout whose estimated memory is above the
/// ceiling (`--max-memory`, 4 GiB by default), with exit 65 and a located message naming
/// the estimate, the ceiling and the alternatives. No test here runs a layout.
@Suite struct LayoutMemoryCeilingTests {
    /// N passages of C choices each, choice j of passage i leading to passage i + j + 1.
    static func dense(passages n: Int, choices c: Int) -> String {
        let body = (0..<n).map { i in
            let choices = (0..<c).map { j in #"{"text": "c\#(j)", "to": "p\#((i + j + 1) % n)"}"# }.joined(
                separator: ",")
            return #"{"id": "p\#(i)", "text": "Passage \#(i).", "choices": [\#(choices)]}"#
        }
        return "{\"title\": \"dense\", \"passages\": [\n" + body.joined(separator: ",\n") + "\n]}\n"
    }

    @Test func denseStoryIsRefusedWithTheEstimate() {
        let path = Repository.write(Self.dense(passages: 300, choices: 300), name: "dense.json")
        let run = runCLI(["map", path, "-o", path + ".svg", "--quiet"])
        #expect(run.exitCode == 65)
        #expect(run.stdout == "")
        #expect(
            run.stderr == """
                \(path):1:1: error: the map's sfdp layout would need about 63.4 GiB (estimated from 90300 boxes and 180000 edges), \
                above the ceiling of 4 GiB; use --focus PASSAGE or --ending ENDING to draw part of the story; \
                --format dot to write the DOT text without a layout; --max-memory 0 to lift the ceiling [map-memory-ceiling]

                """)
        #expect(!FileManager.default.fileExists(atPath: path + ".svg"))
    }

    @Test func compactStyleIsOfferedWhenItFits() {
        let path = Repository.write(BigMapTests.chain(10_000), name: "chain.json")
        let run = runCLI(["map", path, "--max-memory", "500", "-o", path + ".svg", "--quiet"])
        #expect(run.exitCode == 65)
        #expect(
            run.stderr.hasPrefix(
                """
                \(path):1:1: error: the map's sfdp layout would need about 712 MiB (estimated from 19999 boxes and 19998 edges), \
                above the ceiling of 500 MiB; use --style compact (about 318 MiB); --focus PASSAGE
                """))
    }

    @Test func dotOutputNeedsNoLayoutAndIsNotRefused() {
        let path = Repository.write(BigMapTests.chain(10_000), name: "chain.json")
        let map = runCLI(["map", path, "--max-memory", "1", "--format", "dot", "--quiet"])
        #expect(map.exitCode == 0)
        #expect(map.stdout.hasPrefix("digraph"))
        let dot = runCLI(["dot", path, "--quiet"])
        #expect(dot.exitCode == 0)
        #expect(dot.stdout == map.stdout)
    }

    @Test func theCeilingIsAnOptionWithABound() {
        let path = Repository.write(BigMapTests.chain(3), name: "chain.json")
        let bad = runCLI(["map", path, "--max-memory", "-1"])
        #expect(bad.exitCode == 64)
        #expect(
            bad.stderr.hasPrefix(
                "error: invalid value '-1' for '--max-memory'; expected a whole number from 0 to 1073741824"))
        // A small story fits under a tiny ceiling: 38 MiB of base plus a few boxes.
        let fits = runCLI(["map", path, "--max-memory", "39", "--format", "svg", "--quiet"])
        #expect(fits.exitCode == 0)
        #expect(fits.stdout.contains("<svg"))
        let refused = runCLI(["map", path, "--max-memory", "38", "--format", "svg", "--quiet"])
        #expect(refused.exitCode == 65)
        #expect(refused.stderr.contains("above the ceiling of 38 MiB"))
    }
}
