import StoryGraph

/// A kind of project whose story is one file among many files of its kind (an app's
/// source, where one Swift or Objective-C file holds the story), as the family that reads
/// it says (`StoryLoader.project`). `StoryLoading` asks each kind of the registry.
package struct StoryProject: Sendable {
    /// Names the kind; a registry holds each kind once (`app-source`).
    package let name: String
    /// Whether a file (a path, or a path relative to a folder given) is one of the
    /// project's files.
    package let holds: @Sendable (String) -> Bool
    /// Whether a file of a folder given (relative to it) is someone else's code or no
    /// source at all, never read.
    package let skips: @Sendable (String) -> Bool
    /// The folder a path given stands for (an `.xcodeproj` for the folder around it); the
    /// path itself otherwise.
    package let folder: @Sendable (String) -> String
    /// Among the project's files read from `folder`, the one that holds the story, with
    /// the finding that names it; nil when none does.
    package let storyFile:
        @Sendable (_ sources: [SourceText], _ folder: String) -> (source: SourceText, note: Diagnostic)?
    /// The other files of the project read together with the story's file, as one text
    /// (`CombinedSource`), since parts of the story can be written in them.
    package let companions: @Sendable (_ story: SourceText, _ sources: [SourceText]) -> [SourceText]
    /// Why a file of the project that no loader recognises holds no story (it only
    /// declares the story's types, and says where the story is), when that can be told.
    package let refusal: @Sendable (SourceText) -> StoryLoadError?

    package init(
        name: String, holds: @escaping @Sendable (String) -> Bool, skips: @escaping @Sendable (String) -> Bool,
        folder: @escaping @Sendable (String) -> String,
        storyFile: @escaping @Sendable ([SourceText], String) -> (source: SourceText, note: Diagnostic)?,
        companions: @escaping @Sendable (SourceText, [SourceText]) -> [SourceText] = { _, _ in [] },
        refusal: @escaping @Sendable (SourceText) -> StoryLoadError?
    ) {
        self.name = name
        self.holds = holds
        self.skips = skips
        self.folder = folder
        self.storyFile = storyFile
        self.companions = companions
        self.refusal = refusal
    }
}
