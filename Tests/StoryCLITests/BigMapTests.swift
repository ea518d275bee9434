import Foundation
import TestSupport
import Testing

/// `map --focus`, `--ending`, `--cluster` and `--engine auto`.
@Suite struct BigMapTests {
    static let harbour = Repository.path("Examples/harbour.json")

    static func passageIDs(inDOT dot: String) -> Set<String> {
        var ids = Set<String>()
        for line in dot.split(separator: "\n") {
            guard let range = line.range(of: "[id=\"passage:") else { continue }
            let rest = line[range.upperBound...]
            ids.insert(String(rest[..<rest.firstIndex(of: "\"")!]))
        }
        return ids
    }

    static func chain(_ n: Int) -> String {
        let passages = (0..<n).map { i in
            i == n - 1
                ? #"{"id": "p\#(i)", "text": "The end."}"#
                : #"{"id": "p\#(i)", "text": "Step \#(i).", "choices": [{"text": "On", "to": "p\#(i + 1)"}]}"#
        }
        return "{\"title\": \"chain\", \"passages\": [\n" + passages.joined(separator: ",\n") + "\n]}\n"
    }

    @Test func focusDrawsTheNeighbourhoodEitherWay() {
        let run = runCLI(["map", Self.harbour, "--focus", "square", "--radius", "1", "--format", "dot", "--quiet"])
        #expect(run.exitCode == 0)
        #expect(
            Self.passageIDs(inDOT: run.stdout) == [
                "square", "office", "tavern", "charts", "desk", "wastebasket", "landlady", "sailor",
                "sailor-deal", "gate", "boatbuilder", "chapel", "headland", "boatyard", "quay",
            ])
        // Links to passages left out end in a "…" stub, never at a missing node.
        #expect(run.stdout.contains("label=\"… cove\""))
        #expect(!run.stdout.contains("missing:cove"))
    }

    @Test func radiusZeroIsThePassageAlone() {
        let run = runCLI(["map", Self.harbour, "--focus", "vigil", "--radius", "0", "--format", "dot", "--quiet"])
        #expect(Self.passageIDs(inDOT: run.stdout) == ["vigil"])
    }

    @Test func endingDrawsOnlyThePathsToIt() {
        let path = Repository.write(
            """
            {"passages": [
              {"id": "s", "choices": [{"text": "a", "to": "a"}, {"text": "b", "to": "b"}]},
              {"id": "a", "choices": [{"text": "win", "to": "win"}, {"text": "lose", "to": "lose"}]},
              {"id": "b", "choices": [{"text": "lose", "to": "lose"}]},
              {"id": "win", "ending": "good"},
              {"id": "lose", "ending": "bad"},
              {"id": "orphan", "choices": [{"text": "win", "to": "win"}]}
            ]}
            """, name: "two-endings.json")
        let win = runCLI(["map", path, "--ending", "win", "--format", "dot"])
        #expect(win.exitCode == 0)
        #expect(Self.passageIDs(inDOT: win.stdout) == ["s", "a", "win"])
        let lose = runCLI(["map", path, "--ending", "lose", "--format", "dot"])
        #expect(Self.passageIDs(inDOT: lose.stdout) == ["s", "a", "b", "lose"])
        let notAnEnding = runCLI(["map", path, "--ending", "a"])
        #expect(notAnEnding.exitCode == 64)
        #expect(notAnEnding.stderr.hasPrefix("error: 'a' is not an ending; endings: win, lose\n"))
        let unknown = runCLI(["map", path, "--focus", "wi"])
        #expect(unknown.exitCode == 64)
        #expect(unknown.stderr.hasPrefix("error: --focus: no passage named 'wi'; did you mean 'win'?\n"))
        #expect(runCLI(["map", path, "--radius", "3"]).exitCode == 64)
    }

    @Test func clusterByTagGroupsPassages() {
        let run = runCLI(["map", Self.harbour, "--cluster", "tag", "--format", "dot", "--quiet"])
        #expect(run.exitCode == 0)
        let labels = run.stdout.split(separator: "\n").filter {
            $0.contains("label=\"#") && $0.contains("style=\"rounded,dashed\"")
        }
        #expect(
            labels.map { $0.trimmingCharacters(in: .whitespaces).split(separator: ";")[0] } == [
                "label=\"#act1\"", "label=\"#act2\"", "label=\"#ending\"", "label=\"#act3\"",
            ])
        // Four clusters, each declared once with its passages (and named again to take in
        // the choice boxes between its own passages).
        #expect(Self.clusterDeclarations(run.stdout) == 4)
        // Every passage is still drawn exactly once.
        #expect(run.stdout.components(separatedBy: "[id=\"passage:").count - 1 == 43)
    }

    @Test func clusterByFileUsesTheFileName() {
        let run = runCLI(["map", Self.harbour, "--cluster", "file", "--format", "dot", "--quiet"])
        #expect(run.stdout.contains("label=\"harbour.json\""))
        #expect(Self.clusterDeclarations(run.stdout) == 1)
    }

    /// The clusters a DOT text declares: `subgraph cluster_N {` lines, each name once.
    static func clusterDeclarations(_ dot: String) -> Int {
        dot.split(separator: "\n").filter {
            $0.trimmingCharacters(in: .whitespaces).wholeMatch(of: /subgraph cluster_[0-9]+ \{/) != nil
        }.count
    }

    @Test func autoEngineTunesDotForMediumStories() {
        let path = Repository.write(Self.chain(250), name: "chain250.json")
        let run = runCLI(["map", path])
        #expect(run.exitCode == 0)
        #expect(
            run.stderr.hasPrefix(
                "engine auto: dot with tuned limits (nslimit, mclimit, searchsize, straight edges) for 499 boxes"))
        #expect(run.stdout.components(separatedBy: "class=\"node passage").count - 1 == 250)
    }

    @Test func autoEnginePicksSfdpForBigStories() {
        let path = Repository.write(Self.chain(800), name: "chain800.json")
        let run = runCLI(["map", path])
        #expect(run.exitCode == 0)
        #expect(run.stderr.hasPrefix("engine auto: sfdp for 1599 boxes"))
        #expect(run.stdout.components(separatedBy: "class=\"node passage").count - 1 == 800)
        let small = runCLI(["map", Self.harbour, "--quiet", "--disable", "broken-link"])
        #expect(small.stderr == "")
    }
}
