import Foundation

/// The one place that picks a loader, by `--input-format`, by extension, or by content,
/// and checks what every format shares (ids, start, links).
public enum StoryLoading {
    /// Every loader storygraph knows, in the order they are tried.
    public static let loaders: [any StoryLoader.Type] = [
        StoryJSONLoader.self,
        CYOAJSONLoader.self,
        DestiniLoader.self,
        AdventurePieceLoader.self,
        TweeLoader.self,
        TwineHTMLLoader.self,
    ]

    public static var formatNames: [String] { loaders.map { $0.formatName } }

    public static func loader(named name: String) -> (any StoryLoader.Type)? {
        loaders.first { $0.formatName == name }
    }

    /// Loads one story from files or folders (a folder contributes each file inside it,
    /// recursively, whose extension a loader knows, in path order).
    public static func load(
        paths: [String], format: String? = nil, options: LoadOptions = LoadOptions()
    ) throws(StoryLoadError) -> LoadResult {
        let files = try expand(paths)
        guard !files.isEmpty else { throw StoryLoadError("no story file given", at: nil) }
        var sources: [SourceText] = []
        for file in files { sources.append(try SourceText(contentsOf: file)) }
        if paths.count == 1, sources.count > 1, files.allSatisfy(AppSourceProject.isAppSource) {
            // An app project: the story is in one of its files.
            guard let (source, note) = AppSourceProject.storyFile(sources, folder: AppSourceProject.projectFolder(paths[0])) else {
                throw StoryLoadError(
                    "none of the \(sources.count) source files in \(paths[0]) holds a story storygraph can read", at: nil)
            }
            var result = try load(sources: [source], format: format, options: options)
            result.diagnostics.insert(note, at: 0)
            return result
        }
        return try load(sources: sources, format: format, options: options)
    }

    /// Loads one story from source texts already in memory.
    public static func load(
        sources: [SourceText], format: String? = nil, options: LoadOptions = LoadOptions()
    ) throws(StoryLoadError) -> LoadResult {
        guard let first = sources.first else { throw StoryLoadError("no story file given", at: nil) }
        for source in sources where source.isBlank {
            throw StoryLoadError("empty file: no story in it", at: source.location(at: 0))
        }
        let loader = try pick(for: first, format: format)
        if sources.count > 1 && !loader.acceptsSeveralFiles {
            throw StoryLoadError(
                "the \(loader.formatName) format reads one file at a time; \(sources.count) were given",
                at: nil)
        }
        var result = try loader.load(sources, options: options)
        if let start = options.start { result.story.start = start }
        let story: Story, findings: [Diagnostic]
        do {
            (story, findings) = try result.story.validated(restartRule: options.restartRule)
        } catch {
            // Nothing usable was read: say why, with what the loader found on the way (a
            // limit it stopped at), each at a place in the file.
            let first = sources[0].location(at: 0)
            let located = error.diagnostics.map { d in
                var d = d
                if d.location == nil { d.location = first }
                return d
            }
            throw StoryLoadError(result.diagnostics.filter { $0.severity == .error } + located)
        }
        result.story = story
        result.diagnostics += findings
        result.diagnostics.sort { ($0.location ?? .init(file: "", line: 0)) < ($1.location ?? .init(file: "", line: 0)) }
        return result
    }

    static func pick(for source: SourceText, format: String?) throws(StoryLoadError) -> any StoryLoader.Type {
        if let format {
            guard let loader = loader(named: format) else {
                throw StoryLoadError(
                    "unknown input format '\(format)'; known formats: \(formatNames.joined(separator: ", "))",
                    at: nil)
            }
            return loader
        }
        let ext = (source.path as NSString).pathExtension.lowercased()
        let byExtension = loaders.filter { $0.fileExtensions.contains(ext) }
        let candidates = byExtension.isEmpty ? loaders : byExtension
        var best: (any StoryLoader.Type)?
        var bestScore = 0
        for loader in candidates {
            let score = loader.confidence(for: source)
            if score > bestScore { best = loader; bestScore = score }
        }
        if let best { return best }
        if AppSourceProject.isAppSource(source.path), let refusal = AppSourceProject.typeOnlyRefusal(source) { throw refusal }
        let tried = candidates.map { "\($0.formatName) (\($0.formatDescription))" }
        throw StoryLoadError(
            "not a story storygraph can read; looked for: \(tried.joined(separator: "; "))",
            at: source.location(at: 0))
    }

    static func expand(_ paths: [String]) throws(StoryLoadError) -> [String] {
        let known = Set(loaders.flatMap { $0.fileExtensions })
        var files: [String] = []
        let manager = FileManager.default
        for path in paths.map(AppSourceProject.projectFolder) {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw StoryLoadError("no such file or folder: \(path)", at: nil)
            }
            if !isDirectory.boolValue { files.append(path); continue }
            let inside = (manager.enumerator(atPath: path)?.allObjects as? [String] ?? [])
                .filter { known.contains(($0 as NSString).pathExtension.lowercased()) && !(AppSourceProject.isAppSource($0) && AppSourceProject.isSkipped($0)) }
                .sorted()
                .map { (path as NSString).appendingPathComponent($0) }
            if inside.isEmpty {
                throw StoryLoadError("folder \(path) holds no file of a known story format", at: nil)
            }
            files += inside
        }
        return files
    }
}
