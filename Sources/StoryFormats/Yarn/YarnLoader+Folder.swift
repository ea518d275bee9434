import Foundation
import StoryGraph

extension YarnLoader {
    /// The Yarn files of a folder are one story, unless two declare a `Start` node; a
    /// `.yarnproject` is one story with every Yarn file under its folder.
    package static func folderRole(of source: SourceText) -> FolderRole? {
        let starts = source.text.split(whereSeparator: \.isNewline).contains { line in
            line.trimmingCharacters(in: .whitespaces) == "title: Start"
        }
        return FolderRole(
            sharesStory: true, declares: starts ? ["title: Start"] : [],
            isProject: source.path.lowercased().hasSuffix(".yarnproject"))
    }
}
