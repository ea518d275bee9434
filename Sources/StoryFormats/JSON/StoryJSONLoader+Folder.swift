import StoryGraph

extension StoryJSONLoader {
    /// Any JSON object is storygraph JSON at the lowest confidence: in a folder, only a
    /// file that looks like one (a confidence of 10 or more) is a story; a `package.json`
    /// beside a story is not.
    package static func folderRole(of source: SourceText) -> FolderRole? {
        confidence(for: source) >= 10 ? FolderRole() : nil
    }
}
