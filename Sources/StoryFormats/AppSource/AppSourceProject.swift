import Foundation
import StoryGraph

/// App projects rather than single files: a folder of Swift or Objective-C source (a Destini
/// project with `Model/Story.swift` and `Model/StoryBrain.swift`, an Xcode project folder)
/// holds the story in one file among many.
///
/// - a folder whose files are all app source is read from the one file that holds the story
///   (the highest loader confidence; the first in path order on a tie), and an info finding
///   on that file says so;
/// - an `.xcodeproj` or `.xcworkspace` folder stands for the folder around it;
/// - a file that only declares the story's types (`struct Story { let title: String … }`)
///   is refused with the file that builds values of those types, found beside it.
package enum AppSourceProject {
    static let extensions: Set<String> = ["swift", "m", "mm"]
    /// Folders that hold no story of the project's own.
    static let skippedFolders: Set<String> = ["Pods", "Carthage", ".build", "DerivedData", "build", ".git"]
    /// How many files beside a type-only file are looked at for its story.
    static let searchLimit = 400
    /// The rule id of the finding that names the file a project's story was read from.
    package static let ruleID = FormatRules.storyFile.id

    /// App source as a kind of project, for the app-source loaders to give the registry.
    static let project = StoryProject(
        name: "app-source", holds: isAppSource, skips: isSkipped, folder: projectFolder,
        storyFile: { storyFile($0, folder: $1) }, companions: companions, refusal: typeOnlyRefusal)
    /// How many other files of a project are read with the story's file, at most.
    static let companionLimit = 64

    /// The other files of the project in the story file's language (Swift, or Objective-C),
    /// in path order: where its texts, destinations or links may be written (`Story(title:
    /// K.intro, …)` with `K` in Constants.swift; `page.firstPiece = other` in another file).
    static func companions(_ story: SourceText, _ sources: [SourceText]) -> [SourceText] {
        let dialect = SwiftSourceLexer.Dialect.guess(for: story)
        let own = (story.path as NSString).standardizingPath
        return Array(
            sources.filter { source in
                !source.isBlank && (source.path as NSString).standardizingPath != own
                    && SwiftSourceLexer.Dialect.guess(for: source) == dialect
            }
            .sorted { $0.path < $1.path }
            .prefix(companionLimit))
    }

    static func isAppSource(_ path: String) -> Bool {
        extensions.contains((path as NSString).pathExtension.lowercased())
    }

    /// The folder an Xcode project or workspace folder stands for.
    static func projectFolder(_ path: String) -> String {
        let ext = (path as NSString).pathExtension.lowercased()
        guard ext == "xcodeproj" || ext == "xcworkspace" else { return path }
        let parent = StoryPath.folder(of: path)
        return parent.isEmpty ? "." : parent
    }

    /// Whether a relative path inside a project lies in a folder of someone else's code.
    /// Or is a macOS resource-fork copy (`._ViewController.swift`), which holds no source.
    static func isSkipped(_ relative: String) -> Bool {
        (relative as NSString).lastPathComponent.hasPrefix("._")
            || relative.split(separator: "/").dropLast().contains { skippedFolders.contains(String($0)) }
    }

    /// The best confidence any loader of app source has in `source`.
    static func confidence(_ source: SourceText) -> Int {
        let ext = (source.path as NSString).pathExtension.lowercased()
        return StoryLoading.loaders.filter { $0.fileExtensions.contains(ext) }.map { $0.confidence(for: source) }.max()
            ?? 0
    }

    /// Among the app-source files of a folder, the one the story is read from, with the info
    /// finding that names it; nil when no file holds a story.
    static func storyFile(_ sources: [SourceText], folder: String) -> (source: SourceText, note: Diagnostic)? {
        var best: (source: SourceText, score: Int)?
        for source in sources where !source.isBlank {
            let score = confidence(source)
            if score > 0, best == nil || score > best!.score { best = (source, score) }
        }
        guard let best else { return nil }
        let note = Diagnostic(
            FormatRules.storyFile,
            "read the story from this file, the one of the \(sources.count) source files \(folder.isEmpty ? "given" : "in " + folder) that holds it",
            at: best.source.location(at: 0))
        return (best.source, note)
    }

    /// The types a file declares (`struct Story`, `class Page`, `@interface Page`), in order,
    /// when it declares types and holds nothing else a loader can read.
    static func declaredTypes(_ source: SourceText) -> [String] {
        let tokens = SwiftSourceLexer.tokenize(source, dialect: .guess(for: source)).tokens
        var names: [String] = []
        for (k, token) in tokens.enumerated() where token.kind == .identifier && k + 1 < tokens.count {
            guard ["struct", "class", "interface", "implementation"].contains(token.text),
                tokens[k + 1].kind == .identifier
            else { continue }
            let name = tokens[k + 1].text
            if !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// The file near `path` (beside it, or anywhere under its parent folder) that a loader
    /// can read, preferring one that builds values of `types`, as a path relative to `path`'s folder.
    static func fileBuilding(_ types: [String], near path: String) -> String? {
        let folder = StoryPath.folder(of: path)
        let here = folder.isEmpty ? "." : folder
        // The project around the file's folder; a file given without a folder is looked for
        // beside only.
        let root = StoryPath.folder(of: folder)
        let top = folder.isEmpty ? "." : root.isEmpty ? "." : root
        let inside =
            folder.isEmpty
            ? ((try? FileManager.default.contentsOfDirectory(atPath: ".")) ?? []).filter { name in
                isAppSource(name)
                    && (try? FileManager.default.attributesOfItem(atPath: name)[.type] as? FileAttributeType)
                        == .typeRegular
            }.sorted()
            : sourceFiles(under: top, limit: searchLimit)
        let own = (path as NSString).standardizingPath
        // Files that build the types first (`Story(`), then any file that holds a story.
        var best: (path: String, builds: Bool, score: Int)?
        for relative in inside {
            let candidate = (top as NSString).appendingPathComponent(relative)
            guard (candidate as NSString).standardizingPath != own,
                let source = FilesRead.unrecorded({ try? SourceText(contentsOf: candidate) })
            else { continue }
            let builds = types.contains { source.text.contains("\($0)(") }
            let score = confidence(source)
            guard score > 0 else { continue }
            if best == nil || (builds && !best!.builds) || (builds == best!.builds && score > best!.score) {
                best = (candidate, builds, score)
            }
        }
        guard let best else { return nil }
        let hereStandard = (here as NSString).standardizingPath + "/"
        let full = (best.path as NSString).standardizingPath
        return full.hasPrefix(hereStandard) ? String(full.dropFirst(hereStandard.count)) : best.path
    }

    /// App-source files under `folder`, relative to it, in path order: at most `limit` files
    /// met, never inside hidden folders or folders of someone else's code.
    static func sourceFiles(under folder: String, limit: Int) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return [] }
        var found: [String] = []
        var met = 0
        while let next = walker.nextObject() as? String, met < limit {
            let name = (next as NSString).lastPathComponent
            if let type = walker.fileAttributes?[.type] as? FileAttributeType, type == .typeDirectory {
                if name.hasPrefix(".") || skippedFolders.contains(name) { walker.skipDescendants() }
                continue
            }
            met += 1
            // Regular files only: a pipe or a device named `x.swift` would block the reading.
            guard walker.fileAttributes?[.type] as? FileAttributeType == .typeRegular else { continue }
            if isAppSource(next), !isSkipped(next) { found.append(next) }
        }
        return found.sorted()
    }

    /// The refusal for a file that only declares the story's types.
    static func typeOnlyRefusal(_ source: SourceText) -> StoryLoadError? {
        let types = declaredTypes(source)
        guard !types.isEmpty else { return nil }
        let declared = types.prefix(3).joined(separator: ", ")
        if let other = fileBuilding(types, near: source.path) {
            return StoryLoadError(
                FormatRules.noStory,
                "the story is in another file: \(other) (this file declares \(declared) but builds no story); give that file, or the project folder",
                at: source.location(at: 0))
        }
        return StoryLoadError(
            FormatRules.noStory,
            "this file declares \(declared) but builds no story, and no file beside it does; the story is probably in another file, such as StoryBrain.swift: give that file, or the project folder",
            at: source.location(at: 0))
    }
}
