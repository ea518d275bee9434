import Foundation
import StoryGraph

/// Twee 2's `StoryIncludes` passage: one file name a line, relative to the file that holds
/// it, each file's passages part of the story (Twee 2 builds a project from its main file
/// this way). Twee files it names are read, and their own `StoryIncludes` in turn, each
/// file once; files of other kinds (`.css`, `.scss`, `.js`) hold no passages and are left
/// out. A file given on the command line, or found in the folder given, is not read twice.
enum TweeStoryIncludes {
    static let passageName = "StoryIncludes"
    static let tweeExtensions: Set<String> = ["twee", "tw", "tw2"]

    /// The passages of the files that `passages` include (recursively), beyond the
    /// files already read (`given`, paths as given). A named Twee file that cannot be read
    /// is a warning at its line; one outside the main file's folder tree, or not a regular
    /// file, is refused at its line (`file-refused`) and never read.
    ///
    /// - Complexity: O(F + L) file reads and include lines, each file read once.
    static func passages(
        includedBy passages: [TwinePassageSource], given: [String], diagnostics: inout [Diagnostic]
    ) -> [TwinePassageSource] {
        var read = Set(given.map(Self.key))
        // The tree of the story's first file: includes never read outside it.
        let tree = StoryTree(around: given.first ?? passages.first?.location.file ?? ".")
        var queue = passages.filter { $0.name == passageName }
        var found: [TwinePassageSource] = []
        var next = 0
        while next < queue.count {
            let include = queue[next]
            next += 1
            let folder = StoryPath.folder(of: include.location.file)
            for (offset, line) in lines(of: include.text) {
                let name = line.trimmingTwineSpace()
                guard !name.isEmpty, tweeExtensions.contains((name as NSString).pathExtension.lowercased()) else {
                    continue
                }
                let path = folder.isEmpty ? name : (folder as NSString).appendingPathComponent(name)
                guard read.insert(key(path)).inserted else { continue }
                let source: SourceText
                switch tree.read(path) {
                case .success(let read): source = read
                case .failure(.refused(let refusal)) where refusal != .missing:
                    diagnostics.append(
                        Diagnostic(
                            FormatRules.fileRefused, "StoryIncludes refused: \(tree.reason(refusal, name: name))",
                            at: include.locate(offset)))
                    continue
                case .failure(let failure):
                    let reason =
                        if case .unreadable(let error) = failure {
                            error.diagnostics.first?.message ?? "unreadable"
                        } else { FileReadFailure.system(SystemError(code: ENOENT)).description }
                    diagnostics.append(
                        Diagnostic(
                            .warning,
                            "StoryIncludes names '\(name)', which cannot be read (\(reason)); its passages are left out",
                            at: include.locate(offset), rule: FormatRules.twineMetadata.id))
                    continue
                }
                let file = TweeLoader.read(source, diagnostics: &diagnostics)
                found += file
                queue += file.filter { $0.name == passageName }
            }
        }
        return found
    }

    /// A path as one file is known by, however it was written.
    static func key(_ path: String) -> String {
        let absolute =
            path.hasPrefix("/")
            ? path : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(path)
        return (absolute as NSString).standardizingPath
    }

    /// The lines of a passage's text, each with the offset it starts at.
    static func lines(of text: [Unicode.Scalar]) -> [(Int, String)] {
        var result: [(Int, String)] = []
        var start = 0
        for k in 0...text.count where k == text.count || text[k] == "\n" {
            var line = String.UnicodeScalarView()
            line.append(contentsOf: text[start..<k])
            result.append((start, String(line)))
            start = k + 1
        }
        return result
    }
}
