import Foundation
import StoryGraph

extension StoryFolder {
    /// The files of the story that `file` is part of, as `storygraph check` on its folder
    /// groups them (`StoryFolder`): a ChoiceScript scene with its game (the files read from
    /// its startup.txt), a Yarn file with the `.yarnproject` in its folder or one above
    /// (up to `levels` folders up), a Twee file with the folder's other Twee files when
    /// they make one story, an ink file with the file that INCLUDEs it. `texts` stand in
    /// for the files' contents on disk (an editor's unsaved texts). A file that belongs to
    /// no group of its folder is a story of its own: `[file]`.
    ///
    /// - Complexity: every file of the folder is read and sniffed once.
    package static func story(
        holding file: String, texts: [String: String] = [:], levels: Int = 3, registry: StoryFormatRegistry = .standard
    ) -> [String] {
        let source =
            texts[file].map { SourceText(path: file, text: $0) }
            ?? FilesRead.unrecorded { try? SourceText(contentsOf: file) }
        guard let source, !source.isBlank,
            let loader = (try? StoryLoading.pick(for: source, format: nil, registry: registry))?.loader,
            let role = loader.folderRole(of: source)
        else { return [file] }
        var folder = StoryPath.directory(of: file)
        if role.sharesStory, !role.isProject {
            // A project file above the file's folder makes the story of everything under it.
            var above = folder
            for _ in 0..<levels {
                let entries = (try? FileManager.default.contentsOfDirectory(atPath: above)) ?? []
                if entries.contains(where: { $0.lowercased().hasSuffix(".yarnproject") }) {
                    folder = above
                    break
                }
                let parent = StoryPath.directory(of: above)
                if parent == above { break }
                above = parent
            }
        }
        guard let stories = try? StoryFolder(folder, registry: registry).stories else { return [file] }
        let standard = (file as NSString).standardizingPath
        let wanted = role.root.map { ($0 as NSString).standardizingPath } ?? standard
        return stories.first { group in group.contains { ($0 as NSString).standardizingPath == wanted } } ?? [file]
    }
}
