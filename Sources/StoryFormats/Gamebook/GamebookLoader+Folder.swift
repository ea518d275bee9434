import StoryGraph

extension GamebookLoader {
    /// In a folder, only data in which the inference finds a gamebook is a story.
    package static func folderRole(of source: SourceText) -> FolderRole? {
        isGamebook(source) ? FolderRole() : nil
    }
}
