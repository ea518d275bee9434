import Foundation
import StoryFormats
import StoryGraph

/// Loading small stories written for a test, as the command line loads them: through the
/// registry (`StoryLoading`), which picks the loader by the file's name and bytes unless a
/// format is forced.
package enum Load {
    /// `text` read as the file `path`.
    package static func text(
        _ text: String, path: String, format: String? = nil, options: LoadOptions = LoadOptions()
    ) throws(StoryLoadError) -> LoadResult {
        try StoryLoading.load(sources: [SourceText(path: path, text: text)], format: format, options: options)
    }

    /// Several files read as one story (ChoiceScript scenes, a Yarn project): `(path, text)`.
    package static func files(
        _ files: [(path: String, text: String)], format: String? = nil, options: LoadOptions = LoadOptions()
    ) throws(StoryLoadError) -> LoadResult {
        try StoryLoading.load(
            sources: files.map { SourceText(path: $0.path, text: $0.text) }, format: format, options: options)
    }

    /// The findings of a load that fails (bytes, so invalid UTF-8 can be given); none when
    /// the story loads.
    package static func errors(
        _ data: Data, path: String, format: String? = nil, options: LoadOptions = LoadOptions()
    ) -> [Diagnostic] {
        do {
            _ = try StoryLoading.load(
                sources: [try SourceText(path: path, data: data)], format: format, options: options)
            return []
        } catch {
            return error.diagnostics
        }
    }

    /// The analysis of a loaded story, its load findings among the lint's.
    package static func analysis(_ result: LoadResult, budget: AnalysisBudget? = nil) -> StoryAnalysis {
        guard let budget else { return StoryAnalysis(StoryGraph(result.story), loadDiagnostics: result.diagnostics) }
        return StoryAnalysis(
            StoryGraph(result.story), loadDiagnostics: result.diagnostics, options: .init(budget: budget))
    }
}

/// A suite whose stories are texts of one file name (`story.twee`, `t.yarn`): `Self.load`
/// reads a text as that file unless the call names another.
package protocol LoadsStoryText {
    /// The file name a text is read as when the call names none (its extension picks the loader).
    static var fileName: String { get }
}

extension LoadsStoryText {
    package static func load(
        _ text: String, path: String? = nil, format: String? = nil, options: LoadOptions = LoadOptions()
    ) throws(StoryLoadError) -> LoadResult {
        try Load.text(text, path: path ?? fileName, format: format, options: options)
    }
}
