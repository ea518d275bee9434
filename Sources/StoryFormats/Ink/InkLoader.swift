import Foundation
import StoryGraph

/// ink source (`.ink`), as inklecate reads it: the root file and every file it
/// `INCLUDE`s make one story. Given a folder (or several files), the root is the file no
/// other includes (the one that includes most, if there are several; the others are
/// reported and left out). Parsing is `InkParser`'s.
package enum InkLoader: StoryLoader {
    package static let formatName = "ink"
    package static let formatDescription =
        "ink source (inkle's scripting language): knots, stitches, choices, diverts, INCLUDE"
    package static let fileExtensions = ["ink"]
    package static let acceptsSeveralFiles = true
    package static let rules = InkRules.all

    /// The file itself: parsing needs the whole project (its INCLUDEs), so it happens in
    /// `load`.
    package typealias Parsed = SourceText

    /// 10 for a `.ink` path; 5 for text with a knot, an INCLUDE or a VAR at the start of
    /// one of its first 200 lines.
    ///
    /// - Complexity: O(n) for the first 200 lines.
    package static func recognize(_ source: SourceText, _ parses: SourceParses) -> Recognition<SourceText>? {
        if source.path.lowercased().hasSuffix(".ink") { return Recognition(confidence: 10, parsed: .success(source)) }
        for line in source.text.split(separator: "\n", omittingEmptySubsequences: true).prefix(200) {
            if isInkLine(line) { return Recognition(confidence: 5, parsed: .success(source)) }
        }
        return nil
    }

    /// Whether a line can only be ink: a knot (`== name`) or stitch (`= name`) header, a
    /// declaration (`VAR`, `CONST`, `LIST`, `INCLUDE`, `EXTERNAL`), a divert (`-> name`),
    /// or a choice (`*` or `+`) with a bracketed label or a divert.
    static func isInkLine(_ line: Substring) -> Bool {
        let t = line.drop { $0 == " " || $0 == "\t" }
        for keyword in ["INCLUDE ", "VAR ", "CONST ", "LIST ", "EXTERNAL "] where t.hasPrefix(keyword) { return true }
        func startsWithName(_ text: Substring) -> Bool {
            let rest = text.drop { $0 == " " || $0 == "\t" }
            return rest.first.map { $0.isLetter || $0 == "_" } ?? false && rest.count < text.count
        }
        if t.hasPrefix("=") {
            let name = t.drop { $0 == "=" }
            // `=== knot ===`, `== knot`, `= stitch`; a Markdown underline is only `=`.
            if startsWithName(name) { return true }
        }
        if t.hasPrefix("->") {
            let rest = t.dropFirst(2).drop { $0 == " " }
            return rest.first.map { $0.isLetter || $0 == "_" || $0 == "-" } ?? false
        }
        if t.first == "*" || t.first == "+" {
            let rest = t.drop { $0 == "*" || $0 == "+" || $0 == " " || $0 == "\t" }
            guard t.dropFirst().first.map({ $0 == " " || $0 == "\t" || $0 == "*" || $0 == "+" || $0 == "[" }) ?? false
            else { return false }
            if rest.contains("->") { return true }
            // `* [Label]`, not a Markdown list item that starts with a link (`* [text](url)`).
            guard rest.hasPrefix("["), let close = rest.firstIndex(of: "]") else { return false }
            let after = rest[rest.index(after: close)...].first
            return after != "(" && after != "[" && after != ":"
        }
        return false
    }

    package static func parse(_ source: SourceText, _ parses: SourceParses) -> SourceText { source }

    package static func load(_ files: [ParsedSource<SourceText>], context: inout LoadContext) throws(StoryLoadError)
        -> Story
    {
        let sources = files.map(\.source)
        guard !sources.isEmpty else { throw StoryLoadError(FormatRules.noStory, "no story file given", at: nil) }
        var byPath: [String: SourceText] = [:]
        for source in sources { byPath[(source.path as NSString).standardizingPath] = source }
        var diagnostics: [Diagnostic] = []
        let root = pickRoot(sources, diagnostics: &diagnostics)
        let rootDirectory = StoryPath.folder(of: root.path)
        // INCLUDE reads inside the root file's folder tree only, and regular files only.
        let tree = StoryTree(folder: rootDirectory)
        var parser = InkParser(rootDirectory: rootDirectory) {
            (path: String) -> Result<SourceText, StoryTree.ReadFailure> in
            if let known = byPath[path] { return .success(known) }
            return tree.read(path)
        }
        var (story, findings) = parser.parse([root])
        // The title is the platform's rule (the root file's name).
        story.title = ""
        context.sink.append(contentsOf: diagnostics + findings)
        return story
    }

    /// The file no other given file includes; of several, the one that includes most.
    static func pickRoot(_ sources: [SourceText], diagnostics: inout [Diagnostic]) -> SourceText {
        guard sources.count > 1 else { return sources[0] }
        var included: Set<String> = []
        var includeCount: [Int] = []
        for source in sources {
            let directory = StoryPath.folder(of: source.path)
            let paths = InkParser.includedPaths(of: source, rootDirectory: directory)
            includeCount.append(paths.count)
            included.formUnion(paths)
        }
        let roots = sources.indices.filter { !included.contains((sources[$0].path as NSString).standardizingPath) }
        guard !roots.isEmpty else { return sources[0] }
        var best = roots[0]
        for r in roots where includeCount[r] > includeCount[best] { best = r }
        for r in roots where r != best {
            diagnostics.append(
                Diagnostic(
                    InkRules.notIncluded,
                    "\((sources[r].path as NSString).lastPathComponent) is not included by the root \((sources[best].path as NSString).lastPathComponent); it is left out",
                    at: SourceLocation(file: sources[r].path, line: 1)))
        }
        return sources[best]
    }
}
