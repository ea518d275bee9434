import Foundation
import FoundationXML
import TestSupport
import Testing

@Suite struct MapCommandTests {
    static let lighthouse = Repository.path("Examples/lighthouse.json")

    static func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    /// The `<g>` elements of an SVG with a class attribute containing `word`.
    static func groups(_ svg: Data, classContaining word: String) throws -> [XMLElement] {
        let document = try XMLDocument(data: svg)
        var elements: [XMLElement] = []
        var stack = [document.rootElement()!]
        while let element = stack.popLast() {
            if element.localName == "g" { elements.append(element) }
            stack += (element.children ?? []).compactMap { $0 as? XMLElement }
        }
        return elements.filter {
            ($0.value(of: "class") ?? "").split(separator: " ").contains(Substring(word))
        }
    }

    @Test func chartMapOfTheDestiniShape() throws {
        let out = Repository.temporaryFolder().appendingPathComponent("d.svg")
        let run = runCLI(["map", Self.lighthouse, "-o", out.path])
        #expect(run.exitCode == 0)
        #expect(run.stderr == "wrote \(out.path) (svg, 6 passages, \(try Data(contentsOf: out).count) bytes)\n")
        let svg = try Data(contentsOf: out)
        let passages = try Self.groups(svg, classContaining: "passage")
        #expect(passages.count == 6)
        #expect(Set(passages.compactMap { $0.value(of: "id") }) == Set((0...5).map { "passage:\($0)" }))
        let choices = try Self.groups(svg, classContaining: "choice")
        #expect(choices.count == 6)
        for choice in choices {
            #expect(choice.xmlString.contains("fill=\"#b6e3a8\""))
        }
        let endings = try Self.groups(svg, classContaining: "ending")
        #expect(endings.count == 3)
        for ending in endings {
            #expect(ending.xmlString.contains("fill=\"#f4a3a3\""))
        }
        let restarts = try Self.groups(svg, classContaining: "restart")
        #expect(restarts.count == 6)
        for restart in restarts {
            #expect(restart.xmlString.contains("stroke-dasharray"))
        }
    }

    /// A Destini ending's "The" and "End" are one restart marker; `--restart-edges` draws
    /// the six edges back to the start instead.
    @Test func restartMarkersOrEdges() {
        let markers = runCLI(["dot", Self.lighthouse, "--quiet"])
        #expect(markers.exitCode == 0)
        #expect(markers.stdout.components(separatedBy: "[id=\"restart:").count - 1 == 3)
        #expect(markers.stdout.components(separatedBy: " -> p0 [class=\"restart\"").count - 1 == 0)
        let edges = runCLI(["dot", Self.lighthouse, "--restart-edges", "--quiet"])
        #expect(edges.exitCode == 0)
        #expect(edges.stdout.components(separatedBy: "[id=\"restart:").count - 1 == 0)
        #expect(edges.stdout.components(separatedBy: " -> p0 [class=\"restart\"").count - 1 == 6)
    }

    @Test func compactMapOfTheDestiniShape() throws {
        let run = runCLI(["map", Self.lighthouse, "--style", "compact"])
        #expect(run.exitCode == 0)
        let passages = try Self.groups(run.stdoutData, classContaining: "passage")
        #expect(passages.count == 6)
        let edges = try Self.groups(run.stdoutData, classContaining: "choice")
        #expect(edges.count == 6)
        #expect(edges.allSatisfy { $0.value(of: "class") == "edge choice" })
        #expect(edges.allSatisfy { !$0.xmlString.contains("stroke-dasharray") })
        #expect(edges.allSatisfy { $0.xmlString.contains("<text") })
        #expect(try Self.groups(run.stdoutData, classContaining: "restart").count == 6)
    }

    @Test func brokenLinkMapHasTheMissingNode() throws {
        let run = runCLI(["map", Repository.path("Examples/harbour.json")])
        #expect(run.exitCode == 0)
        #expect(
            run.stderr.contains(
                "Examples/harbour.json:388:9: error: choice 'Go down to the crypt' of passage 'chapel' leads to 'crypt', which does not exist [broken-link]"
            ))
        let svg = run.stdout
        #expect(svg.contains("<g id=\"missing:crypt\" class=\"node\">"))
        #expect(svg.contains("missing: crypt"))
    }

    @Test func dotIsByteIdenticalAcrossRuns() {
        let a = runCLI(["dot", Repository.path("Examples/harbour.json"), "--quiet"])
        let b = runCLI(["dot", Repository.path("Examples/harbour.json"), "--quiet"])
        #expect(a.exitCode == 0)
        #expect(a.stdoutData == b.stdoutData)
        #expect(a.stdout.hasPrefix("digraph \"The Lights on the Needle\" {\n"))
    }

    @Test(arguments: ["png", "pdf", "dot"])
    func formatFollowsTheExtension(_ ext: String) throws {
        let out = Repository.temporaryFolder().appendingPathComponent("map.\(ext)")
        let run = runCLI(["map", Self.lighthouse, "-o", out.path, "--quiet"])
        #expect(run.exitCode == 0)
        #expect(run.stderr == "")
        let data = try Data(contentsOf: out)
        let magic: [UInt8] = ["png": [0x89, 0x50, 0x4E, 0x47], "pdf": Array("%PDF".utf8), "dot": Array("digr".utf8)][
            ext]!
        #expect(Array(data.prefix(4)) == magic)
    }

    @Test(arguments: ["dot", "neato", "fdp", "sfdp", "circo", "twopi"])
    func everyEngineDrawsEveryPassage(_ engine: String) throws {
        let run = runCLI(["map", Self.lighthouse, "--engine", engine, "--direction", "LR"])
        #expect(run.exitCode == 0)
        #expect(try Self.groups(run.stdoutData, classContaining: "passage").count == 6)
    }
}

extension XMLElement {
    /// An attribute's value (`attribute(forName:)` misses attributes of elements in the
    /// SVG default namespace on Linux).
    func value(of name: String) -> String? {
        attributes?.first { $0.name == name }?.stringValue
    }
}
