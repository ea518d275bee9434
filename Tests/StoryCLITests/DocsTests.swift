import Foundation
import TestSupport
import Testing

/// Every command that README.md and the articles of Documentation/ (every `.md` file under it,
/// `trials/` too) show, run for real: what the docs
/// print after `$ command` must be what the command prints (stdout and stderr together, in
/// order), so the docs never drift from the code.
///
/// A block is a fenced code block whose first line starts with `$ `. Its commands run in
/// one `bash` in a fresh folder that links `Examples/` and has an empty `Output/`, with the
/// `storygraph` of this build first on `PATH`. Files a block needs come from the docs
/// themselves: `$ cat NAME` shows a file (its output is the file's text; a file under
/// `Examples/` is the repository's, shown and compared), and a fenced block
/// right after a `<!-- docs-file: NAME -->` line is a file. A line `…` alone in the
/// expected output stands for any number of lines, and a line ending in ` …` for any line
/// that starts with the text before it. `STORYGRAPH_RECORD_DOCS=1` rewrites
/// the outputs in the docs from real runs (keeping `…` elisions out: a block with one is
/// compared, never rewritten).
@Suite(.serialized) struct DocsTests {
    struct Command: Sendable {
        var line: String
        var expected: [String]
    }

    struct Block: Sendable, CustomStringConvertible {
        var document: String
        /// The 1-based line of the block's first command.
        var line: Int
        /// Which command block of its document it is, from 0.
        var index: Int
        var commands: [Command]
        var description: String { "\(document):\(line)" }
    }

    static let documents: [String] = ["README.md"] + articles

    /// Every `.md` file under `Documentation/`, at any depth (`trials/` too), sorted.
    static let articles: [String] = {
        let root = Repository.path("Documentation")
        let paths = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String]) ?? []
        return paths.filter { $0.hasSuffix(".md") }.sorted().map { "Documentation/\($0)" }
    }()

    static let marker = "@@storygraph-docs-test@@"

    /// The command blocks and the files one document defines.
    static func parse(_ document: String) -> (blocks: [Block], files: [String: String]) {
        let text = (try? String(contentsOfFile: Repository.path(document), encoding: .utf8)) ?? ""
        let lines = text.components(separatedBy: "\n")
        var blocks: [Block] = []
        var files: [String: String] = [:]
        var i = 0
        var pendingFile: String?
        while i < lines.count {
            let line = lines[i]
            if let name = fileMarker(line) {
                pendingFile = name
                i += 1
                continue
            }
            guard line.hasPrefix("```") else {
                if !line.trimmingCharacters(in: .whitespaces).isEmpty { pendingFile = nil }
                i += 1
                continue
            }
            var body: [String] = []
            let start = i + 1
            i += 1
            while i < lines.count, !lines[i].hasPrefix("```") {
                body.append(lines[i])
                i += 1
            }
            i += 1
            if let name = pendingFile {
                files[name] = body.joined(separator: "\n") + "\n"
                pendingFile = nil
                continue
            }
            guard body.first?.hasPrefix("$ ") == true else { continue }
            var commands: [Command] = []
            for row in body {
                if row.hasPrefix("$ ") {
                    commands.append(Command(line: String(row.dropFirst(2)), expected: []))
                } else {
                    commands[commands.count - 1].expected.append(row)
                }
            }
            for command in commands {
                let words = command.line.split(separator: " ")
                // A file under Examples/ is the repository's own (the folder is linked, not
                // copied): `cat` shows it and is compared, never written over.
                if words.count == 2, words[0] == "cat", !words[1].hasPrefix("Examples/") {
                    files[String(words[1])] = command.expected.joined(separator: "\n") + "\n"
                }
            }
            blocks.append(Block(document: document, line: start + 1, index: blocks.count, commands: commands))
        }
        return (blocks, files)
    }

    static func fileMarker(_ line: String) -> String? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("<!-- docs-file:"), trimmed.hasSuffix("-->") else { return nil }
        return trimmed.dropFirst("<!-- docs-file:".count).dropLast(3).trimmingCharacters(in: .whitespaces)
    }

    static let blocks: [Block] = documents.flatMap { parse($0).blocks }

    /// Runs a block's commands in one shell; returns each command's output lines.
    static func run(_ block: Block) throws -> [[String]] {
        let folder = Repository.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent("Examples"),
            withDestinationURL: Repository.root.appendingPathComponent("Examples"))
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("Output"), withIntermediateDirectories: true)
        for (name, text) in parse(block.document).files {
            try Data(text.utf8).write(to: folder.appendingPathComponent(name))
        }
        // Each command keeps its exit status for the next (`echo $?`) across the marker.
        var script = "status=0\n"
        for command in block.commands {
            script += "(exit $status); \(command.line)\nstatus=$?\necho \(marker)\n"
        }
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] =
            Binary.url.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        environment["NO_COLOR"] = "1"
        environment["COLUMNS"] = "100"
        let data = try runBinary(
            ["-c", script], environment: environment, directory: folder, executable: "/bin/bash",
            mergingStandardError: true
        )
        .stdoutData
        var outputs: [[String]] = [[]]
        for line in String(decoding: data, as: UTF8.self).components(separatedBy: "\n") {
            if line == marker { outputs.append([]) } else { outputs[outputs.count - 1].append(line) }
        }
        return Array(outputs.prefix(block.commands.count))
    }

    /// Whether `actual` matches `expected`, where a `…` line matches any run of lines and
    /// a line ending in ` …` any line that begins with what comes before it (a timing).
    static func matches(_ actual: [String], _ expected: [String]) -> Bool {
        guard let gap = expected.firstIndex(of: "…") else {
            return actual.count == expected.count && zip(actual, expected).allSatisfy(lineMatches)
        }
        let head = Array(expected[..<gap])
        let tail = Array(expected[(gap + 1)...])
        guard actual.count >= head.count, matches(Array(actual.prefix(head.count)), head) else { return false }
        let rest = Array(actual.dropFirst(head.count))
        if tail.isEmpty { return true }
        for start in 0...rest.count where matches(Array(rest[start...]), tail) { return true }
        return false
    }

    static func lineMatches(_ actual: String, _ expected: String) -> Bool {
        guard expected.hasSuffix(" …") else { return actual == expected }
        return actual.hasPrefix(expected.dropLast(1))
    }

    @Test func theDocsShowCommands() {
        #expect(Self.blocks.count >= 15)
        #expect(Self.documents.contains("README.md"))
    }

    /// The long material lives in Documentation/, and every article there is run: the guides
    /// and trial reports that used to sit in Examples/ are all found, and Examples/ holds stories only.
    @Test func everyArticleOfDocumentationIsRun() throws {
        for article in [
            "Documentation/analysis.md", "Documentation/play-and-fuzz.md", "Documentation/twine.md",
            "Documentation/ink.md", "Documentation/yarn.md", "Documentation/choicescript.md",
            "Documentation/app-source.md", "Documentation/trials/twine-realworld.md",
        ] {
            #expect(Self.documents.contains(article), "\(article) is not run")
        }
        let examples = try FileManager.default.contentsOfDirectory(atPath: Repository.path("Examples"))
        #expect(examples.filter { $0.hasSuffix(".md") } == [])
        let shown = Set(Self.blocks.map(\.document))
        for document in [
            "README.md", "Documentation/analysis.md", "Documentation/check-and-ci.md", "Documentation/maps.md",
        ] {
            #expect(shown.contains(document), "\(document) shows no command")
        }
    }

    @Test(arguments: blocks)
    func everyCommandPrintsWhatTheDocsShow(_ block: Block) throws {
        let outputs = try Self.run(block)
        #expect(outputs.count == block.commands.count, "\(block): the shell stopped early")
        var mismatched: [(Int, [String])] = []
        for (k, command) in block.commands.enumerated() where k < outputs.count {
            if !Self.matches(outputs[k], command.expected) {
                mismatched.append((k, outputs[k]))
                Issue.record(
                    """
                    \(block): `\(command.line)` printed:
                    \(outputs[k].joined(separator: "\n"))
                    --- the docs show:
                    \(command.expected.joined(separator: "\n"))
                    """)
            }
        }
        if ProcessInfo.processInfo.environment["STORYGRAPH_RECORD_DOCS"] == "1", !mismatched.isEmpty {
            try Self.record(block, outputs)
        }
    }

    /// Rewrites the block's outputs in its document (only blocks without `…`).
    static func record(_ block: Block, _ outputs: [[String]]) throws {
        guard !block.commands.contains(where: { $0.expected.contains { $0 == "…" || $0.hasSuffix(" …") } }) else {
            return
        }
        let path = Repository.path(block.document)
        // Earlier rewrites may have moved the block: find it again by its place in the order.
        guard let current = parse(block.document).blocks.first(where: { $0.index == block.index }) else { return }
        var lines = try String(contentsOfFile: path, encoding: .utf8).components(separatedBy: "\n")
        var end = current.line - 1
        while end < lines.count, !lines[end].hasPrefix("```") { end += 1 }
        var body: [String] = []
        for (k, command) in block.commands.enumerated() {
            body.append("$ " + command.line)
            body += outputs[k]
        }
        lines.replaceSubrange((current.line - 1)..<end, with: body)
        try lines.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
    }
}
