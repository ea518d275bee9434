import Foundation
import StoryGraph
import TestSupport
import Testing

@testable import StoryCLI

/// Did-you-mean, end to end on the binary: a broken link's finding in every format (and
/// its SARIF fix where the source pins the target), every option that names a passage or
/// an ending (all usage errors, exit code 64), and a missing file beside a near name.
@Suite struct DidYouMeanTests {
    /// A story file in a fresh folder (several with `also`), and its path.
    static func write(_ name: String, _ text: String, also: [String: String] = [:]) -> String {
        let path = Repository.write(text, name: name)
        let folder = (path as NSString).deletingLastPathComponent
        for (other, content) in also {
            try! Data(content.utf8).write(to: URL(fileURLWithPath: folder).appendingPathComponent(other))
        }
        return path
    }

    static let twee = ":: Start\n[[hallway]]\n[[Go on|hallway]]\n\n:: Hallway\nThe end.\n"
    static let choiceScript =
        "*title Test\n*scene_list\n  startup\n\nHello.\n*goto treasure_room\n\n*label treasure\nYou found it.\n*ending\n"
    static let yarn = "title: Start\n---\nHi.\n<<jump Lobbby>>\n===\ntitle: Lobby\n---\nWelcome.\n===\n"
    static let ink = "-> dok\n\n=== dock ===\nThe ferry waits.\n-> END\n"
    static let json =
        #"{"start": "a", "passages": [{"id": "a", "choices": [{"text": "On", "to": "Escap"}]}, {"id": "Escape"}]}"#

    /// The broken-link lines `check` prints for `text`, the path made relative.
    static func brokenLinks(_ name: String, _ text: String) throws -> (lines: [String], exitCode: Int32) {
        let path = write(name, text)
        let run = try runBinary(["check", path])
        let lines = run.stderr.split(separator: "\n").map(String.init).filter { $0.hasSuffix("[broken-link]") }
            .map { $0.replacingOccurrences(of: path, with: name) }
        return (lines, run.exitCode)
    }

    @Test func aBrokenLinkNamesThePassageItWasMeantToBeInEveryFormat() throws {
        #expect(
            try Self.brokenLinks("story.twee", Self.twee) == (
                [
                    "story.twee:2:1: error: choice 'hallway' of passage 'Start' leads to 'hallway', which does not exist; did you mean 'Hallway'? [broken-link]",
                    "story.twee:3:1: error: choice 'Go on' of passage 'Start' leads to 'hallway', which does not exist; did you mean 'Hallway'? [broken-link]",
                ], 1
            ))
        #expect(
            try Self.brokenLinks("startup.txt", Self.choiceScript) == (
                [
                    "startup.txt:6:1: error: choice '' of passage 'startup' leads to 'startup:treasure_room', which does not exist; did you mean 'startup:treasure'? [broken-link]"
                ], 1
            ))
        #expect(
            try Self.brokenLinks("story.yarn", Self.yarn) == (
                [
                    "story.yarn:4:1: error: choice 'Lobbby' of passage 'Start' leads to 'Lobbby', which does not exist; did you mean 'Lobby'? [broken-link]"
                ], 1
            ))
        #expect(
            try Self.brokenLinks("story.ink", Self.ink) == (
                [
                    "story.ink:1:4: error: choice '' of passage '(root)' leads to 'dok', which does not exist; did you mean 'dock'? [broken-link]"
                ], 1
            ))
        #expect(
            try Self.brokenLinks("story.json", Self.json) == (
                [
                    "story.json:1:53: error: choice 'On' of passage 'a' leads to 'Escap', which does not exist; did you mean 'Escape'? [broken-link]"
                ], 1
            ))
    }

    /// The SARIF results of `check` on one file, each as "rule line:column message" and its
    /// fixes as JSON, validated against the schema.
    static func sarifFixes(_ path: String) throws -> [JSONValue?] {
        let (results, _) = try CheckCIOutputTests.sarif([path], exitCode: 1)
        #expect(!results.isEmpty)
        let run = try runBinary(["check", path, "--format", "sarif"])
        guard case .object(let top) = try JSONValue.parse(run.stdoutData), case .array(let runs)? = top["runs"],
            case .object(let first) = runs[0], case .array(let all)? = first["results"]
        else { return [] }
        return all.compactMap { result -> JSONValue?? in
            guard case .object(let fields) = result, fields["ruleId"] == .string("broken-link") else { return nil }
            return .some(fields["fixes"])
        }.map { $0 }
    }

    static func fix(_ uri: String, line: Int, from start: Int, to end: Int, _ original: String, _ replacement: String)
        -> JSONValue
    {
        .array([
            .object([
                "description": .object(["text": .string("Replace '\(original)' with '\(replacement)'")]),
                "artifactChanges": .array([
                    .object([
                        "artifactLocation": .object(["uri": .string(uri)]),
                        "replacements": .array([
                            .object([
                                "deletedRegion": .object([
                                    "startLine": .integer(Int64(line)), "startColumn": .integer(Int64(start)),
                                    "endLine": .integer(Int64(line)), "endColumn": .integer(Int64(end)),
                                ]),
                                "insertedContent": .object(["text": .string(replacement)]),
                            ])
                        ]),
                    ])
                ]),
            ])
        ])
    }

    @Test(.enabled(if: CheckCIOutputTests.sarifSchema != nil, "no SARIF schema beside the repository"))
    func aBrokenLinkCarriesASARIFFixWhereTheSourcePinsItsTarget() throws {
        // `[[hallway]]`: the target once on its line, replaced; `[[Go on|hallway]]` too.
        let twee = Self.write("story.twee", Self.twee)
        #expect(
            try Self.sarifFixes(twee) == [
                Self.fix("file://" + twee, line: 2, from: 3, to: 10, "hallway", "Hallway"),
                Self.fix("file://" + twee, line: 3, from: 9, to: 16, "hallway", "Hallway"),
            ])
        // A label's id is `scene:label`; the source holds the label.
        let startup = Self.write("startup.txt", Self.choiceScript)
        #expect(
            try Self.sarifFixes(startup) == [
                Self.fix("file://" + startup, line: 6, from: 7, to: 20, "treasure_room", "treasure")
            ])
        // "Escap" once as a whole name ("Escape" holds it, but as part of a longer name).
        let json = Self.write("story.json", Self.json)
        #expect(try Self.sarifFixes(json) == [Self.fix("file://" + json, line: 1, from: 75, to: 80, "Escap", "Escape")])
        let yarn = Self.write("story.yarn", Self.yarn)
        #expect(try Self.sarifFixes(yarn) == [Self.fix("file://" + yarn, line: 4, from: 8, to: 14, "Lobbby", "Lobby")])
        // The target twice on its line: which one the link is cannot be told, so no edit.
        let twice = Self.write("twice.twee", ":: Start\n[[hallway|hallway]]\n\n:: Hallway\nThe end.\n")
        #expect(try Self.sarifFixes(twice) == [nil])
        // No near name: no suggestion, no fix.
        let far = Self.write("far.twee", ":: Start\n[[Cellar]]\n\n:: Hallway\nThe end.\n")
        #expect(try Self.sarifFixes(far) == [nil])
    }

    static let gallery = """
        :: Start
        [[Gallery]] [[Lobby]]

        :: Gallery
        [[Escape]]

        :: Lobby
        [[Escape]]

        :: Escape
        Free.
        """

    @Test(arguments: [
        (
            ["paths", "--to", "Escap"],
            "error: no passage 'Escap' in the story; did you mean 'Escape'?\nSee 'storygraph help paths'.\n"
        ),
        (
            ["map", "--focus", "Galery", "--format", "dot"],
            "error: --focus: no passage named 'Galery'; did you mean 'Gallery'?\nSee 'storygraph help map'.\n"
        ),
        (
            ["map", "--ending", "Escap", "--format", "dot"],
            "error: --ending: no passage named 'Escap'; did you mean 'Escape'?\nSee 'storygraph help map'.\n"
        ),
        (
            ["report", "--start", "lobby"],
            "error: --start: the start passage 'lobby' does not exist; did you mean 'Lobby'?\nSee 'storygraph help report'.\n"
        ),
        (
            ["check", "--start", "lobby"],
            "error: --start: the start passage 'lobby' does not exist; did you mean 'Lobby'?\nSee 'storygraph help check'.\n"
        ),
        (
            ["paths", "--start", "Lobbby"],
            "error: --start: the start passage 'Lobbby' does not exist; did you mean 'Lobby'?\nSee 'storygraph help paths'.\n"
        ),
        (
            ["play", "--from", "Lobbby"],
            "error: --from: no passage named 'Lobbby'; did you mean 'Lobby'?\nSee 'storygraph help play'.\n"
        ),
        (
            ["play", "--witness", "Escap"],
            "error: --witness: no passage named 'Escap'; did you mean 'Escape'?\nSee 'storygraph help play'.\n"
        ),
    ])
    func everyOptionThatNamesAPassageSuggestsOneAndIsAUsageError(_ arguments: [String], _ stderr: String) throws {
        let path = Self.write("gallery.twee", Self.gallery)
        let run = try runBinary([arguments[0], path] + arguments.dropFirst())
        #expect(run.exitCode == 64)
        #expect(run.stderr == stderr)
        #expect(run.stdout == "")
    }

    @Test func aMissingFileBesideANearNameIsSuggested() throws {
        let path = Self.write("heist.twee", Self.gallery)
        let folder = (path as NSString).deletingLastPathComponent
        let run = try runBinary(["report", "heist.twe"], directory: URL(fileURLWithPath: folder))
        #expect(run.exitCode == 65)
        #expect(
            run.stderr == "error: no such file or folder: heist.twe; did you mean 'heist.twee'? [unreadable-file]\n")
        let deeper = try runBinary(["check", folder + "/Heist.twee"])
        #expect(deeper.exitCode == 65)
        #expect(
            deeper.stderr.hasPrefix(
                "error: no such file or folder: \(folder)/Heist.twee; did you mean '\(folder)/heist.twee'? [unreadable-file]\n"
            ))
        let far = try runBinary(["report", folder + "/vault.ink"])
        #expect(far.stderr == "error: no such file or folder: \(folder)/vault.ink [unreadable-file]\n")
    }
}
