import StoryGraph

extension ChoiceScriptLoader {
    /// A folder that holds a game (its startup.txt, or `scenes/startup.txt`) is read from
    /// its startup.txt, which finds the scenes.
    package static func entryFile(inFolder folder: String) -> String? { startupFile(inFolder: folder) }

    /// A scene of a game (beside its startup.txt, or in the `scenes/` folder under it) is
    /// the game's story, read from the startup.txt; a scene with no startup.txt near it
    /// joins the folder's other ChoiceScript files.
    package static func folderRole(of source: SourceText) -> FolderRole? {
        let folder = StoryPath.folder(of: source.path)
        guard let startup = startupFile(inFolder: folder) ?? startupFile(inFolder: StoryPath.folder(of: folder)) else {
            return FolderRole(sharesStory: true)
        }
        return FolderRole(root: startup)
    }
}
