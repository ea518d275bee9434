import Foundation

/// ink source (`.ink`), as inklecate reads it: the root file and every file it
/// `INCLUDE`s make one story. Given a folder (or several files), the root is the file no
/// other includes (the one that includes most, if there are several; the others are
/// reported and left out). Parsing is `InkParser`'s.
public enum InkLoader: StoryLoader {
    public static let formatName = "ink"
    public static let formatDescription = "ink source (inkle's scripting language): knots, stitches, choices, diverts, INCLUDE"
    public static let fileExtensions = ["ink"]
    public static let acceptsSeveralFiles = true

    /// 10 for a `.ink` path or text that starts a knot, a choice or an INCLUDE on a line.
    ///
    /// - Complexity: O(n).
    public static func confidence(for source: SourceText) -> Int {
        if source.path.lowercased().hasSuffix(".ink") { return 10 }
        for line in source.text.split(separator: "\n", omittingEmptySubsequences: true).prefix(200) {
            let t = line.drop { $0 == " " || $0 == "\t" }
            if t.hasPrefix("===") || t.hasPrefix("INCLUDE ") || t.hasPrefix("VAR ") { return 5 }
        }
        return 0
    }

    public static func load(_ sources: [SourceText], options: LoadOptions) throws(StoryLoadError) -> LoadResult {
        guard !sources.isEmpty else { throw StoryLoadError("no story file given", at: nil) }
        var byPath: [String: SourceText] = [:]
        for source in sources { byPath[(source.path as NSString).standardizingPath] = source }
        var diagnostics: [Diagnostic] = []
        let root = pickRoot(sources, diagnostics: &diagnostics)
        let rootDirectory = (root.path as NSString).deletingLastPathComponent
        var parser = InkParser(rootDirectory: rootDirectory) { (path: String) throws(StoryLoadError) -> SourceText in
            if let known = byPath[path] { return known }
            guard FileManager.default.fileExists(atPath: path) else {
                throw StoryLoadError("no such file: \(path)", at: nil)
            }
            return try SourceText(contentsOf: path)
        }
        let (story, findings) = parser.parse([root])
        return LoadResult(story: story, diagnostics: diagnostics + findings)
    }

    /// The file no other given file includes; of several, the one that includes most.
    static func pickRoot(_ sources: [SourceText], diagnostics: inout [Diagnostic]) -> SourceText {
        guard sources.count > 1 else { return sources[0] }
        var included: Set<String> = []
        var includeCount: [Int] = []
        for source in sources {
            let directory = (source.path as NSString).deletingLastPathComponent
            let paths = InkParser.includedPaths(of: source, rootDirectory: directory)
            includeCount.append(paths.count)
            included.formUnion(paths)
        }
        let roots = sources.indices.filter { !included.contains((sources[$0].path as NSString).standardizingPath) }
        guard !roots.isEmpty else { return sources[0] }
        var best = roots[0]
        for r in roots where includeCount[r] > includeCount[best] { best = r }
        for r in roots where r != best {
            diagnostics.append(Diagnostic(
                .warning, "\((sources[r].path as NSString).lastPathComponent) is not included by the root \((sources[best].path as NSString).lastPathComponent); it is left out",
                at: SourceLocation(file: sources[r].path, line: 1), rule: "ink-not-included"))
        }
        return sources[best]
    }
}
