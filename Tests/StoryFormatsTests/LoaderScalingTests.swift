import Foundation
import StoryGraph
import TestSupport
import Testing

@testable import StoryFormats

/// Each loader family, and each shape that once took quadratic time, loaded at size n and
/// 8n in one run: 8n must take well under 64 times (quadratic) as long as n, under
/// 8 × 2.5 = 20. Each size is timed as the fastest of a few loads, after one untimed
/// load, so a busy machine slows a figure down but does not make a linear loader look
/// quadratic; a ratio over the bound is measured once more before it fails.
///
/// A long suite (`make test-long`): timing needs the sizes and a machine to itself.
///
/// `STORYGRAPH_SCALING_DIR=folder` also writes each case's two files there, so that
/// `storygraph-bench FILE --ops load` can time them in a release build.
@Suite(.serialized, .long) struct LoaderScalingTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        /// The file name the text is loaded as (its extension picks the loader).
        var file: String
        var format: String?
        /// The smaller size: 8n takes about 0.1–0.5 s in a debug build.
        var n: Int
        var write: @Sendable (Int) -> String
        /// The passages loaded at size k; nil: size k is refused, with this message start.
        var passages: @Sendable (Int) -> Int?
        var refusal: String? = nil
        var testDescription: String { name }
    }

    static let bound = 20.0

    /// Passage i links to i + 1 and i + 2: every passage has a choice list, the last is
    /// an ending.
    static func ladder(_ count: Int, ids: (Int) -> String) -> FixtureStory {
        FixtureStory(
            passages: (0..<count).map { i in
                FixtureStory.Passage(id: ids(i), text: "Text of \(ids(i))", links: (i + 1..<min(i + 3, count)).map(ids))
            })
    }

    static func generic(_ maker: FixtureMaker, n: Int, passages: @escaping @Sendable (Int) -> Int? = { $0 }) -> Case {
        Case(
            name: maker.format, file: "story.\(maker.fileExtension)", format: maker.format, n: n,
            write: { maker.write(ladder($0, ids: maker.id)) }, passages: passages)
    }

    static func quoted(_ text: String) -> String { "\"" + text + "\"" }

    static let cases: [Case] = [
        generic(.storyJSON, n: 500),
        generic(.cyoaJSON, n: 400),
        generic(.twee, n: 80),
        generic(.twineHTML, n: 60),
        generic(.ink, n: 100),
        generic(.inkJSON, n: 100),
        generic(.yarn, n: 100),
        generic(.choiceScript, n: 60),
        generic(.gamebook, n: 150),
        generic(.destini, n: 50),
        generic(.adventurePiece, n: 80),
        // Gamebook JSON and a JS module: one object of k sections.
        Case(
            name: "gamebook JSON", file: "book.json", format: "gamebook", n: 150,
            write: { k in
                let sections = (0..<k).map { i in
                    let options = (i + 1..<min(i + 3, k)).map { #"{"label": "go \#($0)", "goto": "s\#($0)"}"# }
                    return #"  "s\#(i)": {"text": "Section \#(i).", "options": [\#(options.joined(separator: ", "))]}"#
                }
                return "{\"sections\": {\n" + sections.joined(separator: ",\n") + "\n}}\n"
            }, passages: { $0 }),
        Case(
            name: "gamebook JS", file: "book.js", format: "gamebook", n: 150,
            write: { k in
                let sections = (0..<k).map { i in
                    let options = (i + 1..<min(i + 3, k)).map { "{ label: 'go \($0)', goto: 's\($0)' }" }
                    return "  s\(i): { text: 'Section \(i).', options: [\(options.joined(separator: ", "))] },"
                }
                return "export default {\n  sections: {\n" + sections.joined(separator: "\n") + "\n  }\n};\n"
            }, passages: { $0 }),
        // One JS array of k elements (each appended to the literal being read).
        Case(
            name: "gamebook JS list", file: "list.js", format: "gamebook", n: 150,
            write: { k in
                let pages = (0..<k).map { i in
                    "  { id: \(i), text: 'Page \(i).', choices: [\((i + 1..<min(i + 3, k)).map { "{ text: 'to \($0)', page: \($0) }" }.joined(separator: ", "))] },"
                }
                return "module.exports = [\n" + pages.joined(separator: "\n") + "\n];\n"
            }, passages: { $0 }),
        // A story of two sections beside a long list and a long map, in JS and in YAML:
        // reading the literal is all the work (each value appended to an open list).
        Case(
            name: "gamebook JS long literal", file: "long.js", format: "gamebook", n: 1_500,
            write: { k in
                let numbers = (0..<k).map(String.init).joined(separator: ", ")
                let names = (0..<k).map { "a\($0): \($0)" }.joined(separator: ", ")
                return
                    "export default {\n  sections: { start: { text: 'Go.', options: [{ label: 'on', goto: 'end' }] }, end: { text: 'Done.' } },\n"
                    + "  numbers: [\(numbers)],\n  names: { \(names) }\n};\n"
            }, passages: { _ in 2 }),
        Case(
            name: "gamebook YAML long literal", file: "long.yaml", format: "gamebook", n: 1_500,
            write: { k in
                let numbers = (0..<k).map(String.init).joined(separator: ", ")
                let names = (0..<k).map { "a\($0): \($0)" }.joined(separator: ", ")
                return "sections:\n  start: {text: Go., options: [{label: on, goto: end}]}\n  end: {text: Done.}\n"
                    + "numbers: [\(numbers)]\nnames: {\(names)}\n"
            }, passages: { _ in 2 }),
        // Every section's options are one YAML alias of a list of k options: k² option
        // records from a file of size k, unless aliases are bounded by the file.
        Case(
            name: "gamebook YAML aliases", file: "aliases.yaml", format: "gamebook", n: 40,
            write: { k in
                let shared = (0..<k).map { "  - {label: \(quoted("go \($0)")), goto: s\($0)}\n" }.joined()
                let sections = (0..<k).map { "  s\($0):\n    text: \(quoted("Section \($0)."))\n    options: *all\n" }
                    .joined()
                return "shared: &all\n" + shared + "sections:\n" + sections
            }, passages: { $0 <= 40 ? $0 : nil }, refusal: "YAML aliases expand to more than"),
        // One Yarn node with k options, all jumping to one node: the options dominate.
        Case(
            name: "yarn options", file: "options.yarn", format: "yarn", n: 400,
            write: { k in
                let options = (1...k).map { "-> go \($0)\n    <<jump End>>\n" }.joined()
                return "title: Start\n---\nPick.\n" + options + "===\ntitle: End\n---\nDone.\n===\n"
            }, passages: { _ in 2 }),
        // One `<<if>>` with k `<<elseif>>` branches.
        Case(
            name: "yarn elseif chain", file: "branches.yarn", format: "yarn", n: 400,
            write: { k in
                let branches = (1...k).map { "<<elseif $x == \($0)>>\nBranch \($0).\n" }.joined()
                return "title: Start\n---\n<<declare $x = 0>>\n<<if $x == 0>>\nNone.\n" + branches
                    + "<<endif>>\n<<jump End>>\n===\ntitle: End\n---\nDone.\n===\n"
            }, passages: { _ in 2 }),
        // A compiled-ink divert whose path has k steps (`.^.^.p1.0.0…`).
        Case(
            name: "ink JSON divert path", file: "path.json", format: "ink-json", n: 20_000,
            write: { k in
                let path = ".^.^.p1" + String(repeating: ".0", count: k)
                return
                    ##"{"inkVersion":21,"root":[[["done",{"#n":"g-0"}],null],"done",{"p0":["^Go.","\n",{"->":"\##(path)"},null],"p1":["^End.","\n","end",null]}],"listDefs":{}}"##
                    + "\n"
            }, passages: { _ in 2 }),
    ]

    /// The fastest of `repetitions` loads of `text`, after one untimed load; the load's
    /// passage count or refusal.
    static func time(_ c: Case, _ text: String, repetitions: Int) -> (
        seconds: Double, outcome: Result<Int, StoryLoadError>
    ) {
        let source = SourceText(path: c.file, text: text)
        func load() -> Result<Int, StoryLoadError> {
            do throws(StoryLoadError) {
                return .success(try StoryLoading.load(sources: [source], format: c.format).story.passages.count)
            } catch {
                return .failure(error)
            }
        }
        let outcome = load()
        var best = Double.infinity
        for _ in 0..<repetitions {
            let begin = DispatchTime.now().uptimeNanoseconds
            _ = load()
            best = min(best, Double(DispatchTime.now().uptimeNanoseconds - begin) / 1e9)
        }
        return (best, outcome)
    }

    static func check(_ outcome: Result<Int, StoryLoadError>, _ c: Case, size: Int) {
        switch outcome {
        case .success(let count):
            #expect(count == c.passages(size), "\(c.name) at \(size)")
        case .failure(let error):
            #expect(c.passages(size) == nil, "\(c.name) at \(size): \(error)")
            if let refusal = c.refusal {
                #expect(error.diagnostics.first?.message.hasPrefix(refusal) == true, "\(error)")
            }
        }
    }

    @Test(arguments: cases)
    func eightTimesTheSizeTakesWellUnderSixtyFourTimesTheTime(_ c: Case) throws {
        let small = c.write(c.n)
        let large = c.write(8 * c.n)
        if let folder = ProcessInfo.processInfo.environment["STORYGRAPH_SCALING_DIR"] {
            let name = c.name.replacingOccurrences(of: " ", with: "-")
            for (size, text) in [("n", small), ("8n", large)] {
                try Data(text.utf8).write(to: URL(fileURLWithPath: "\(folder)/\(name)-\(size)-\(c.file)"))
            }
        }
        var (a, outcomeA) = Self.time(c, small, repetitions: 5)
        var (b, outcomeB) = Self.time(c, large, repetitions: 3)
        Self.check(outcomeA, c, size: c.n)
        Self.check(outcomeB, c, size: 8 * c.n)
        if b / a >= Self.bound {
            // Once more, in case the machine was busy.
            a = min(a, Self.time(c, small, repetitions: 5).seconds)
            b = min(b, Self.time(c, large, repetitions: 3).seconds)
        }
        let ratio = b / a
        print(String(format: "scaling\t%@\tn=%d\t%.4f s\t8n=%d\t%.4f s\tratio %.1f", c.name, c.n, a, 8 * c.n, b, ratio))
        #expect(ratio < Self.bound, "\(c.name): n=\(c.n) \(a) s, 8n=\(8 * c.n) \(b) s")
        #expect(b < 3, "\(c.name): the 8n case took \(b) s")
    }
}
