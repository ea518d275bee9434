/// How one file of a folder joins the folder's stories (`StoryFolder`), as its format
/// says (`StoryLoader.folderRole(of:)`). The default is a story of its own, or, for a
/// format that reads several files as one story, a part of the folder's one story of
/// that format (`sharesStory`).
package struct FolderRole: Sendable, Hashable {
    /// Whether the file makes one story with the folder's other files of its format (Twee,
    /// Yarn), rather than a story of its own.
    package var sharesStory: Bool
    /// The file the story is read from, when it is another one (a ChoiceScript scene's
    /// startup.txt): files with one root are one story, read from the root.
    package var root: String?
    /// Files this one reads into its own story (an ink file's INCLUDEs, as standardized
    /// paths): files of its format that it includes are no stories of their own.
    package var includes: [String]
    /// What the file declares of a story made of several files (a Twee `StoryTitle`, a
    /// Yarn `Start` node): when two files of the folder declare the same thing, each is a
    /// story of its own, never merged silently.
    package var declares: Set<String>
    /// Whether the file is a project (a `.yarnproject`): it and every file of its format
    /// under its folder are one story.
    package var isProject: Bool

    package init(
        sharesStory: Bool = false, root: String? = nil, includes: [String] = [], declares: Set<String> = [],
        isProject: Bool = false
    ) {
        self.sharesStory = sharesStory
        self.root = root
        self.includes = includes
        self.declares = declares
        self.isProject = isProject
    }
}
