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
        GamebookLoader.self,
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
        var files: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
                files += try expand([path])
                continue
            }
            // A folder is one story only when its files form one.
            let folder = try StoryFolder(path)
            guard folder.stories.count <= 1 else {
                let names = folder.stories.map { ($0[0] as NSString).lastPathComponent + ($0.count > 1 ? " (+\($0.count - 1) files)" : "") }
                throw StoryLoadError(
                    "folder \(path) holds \(folder.stories.count) separate stories: \(names.joined(separator: ", ")); give one of them, or run `storygraph check \(path)` to check each",
                    at: nil)
            }
            guard let story = folder.stories.first else {
                throw StoryLoadError("folder \(path) holds no file of a known story format", at: nil)
            }
            files += story
        }
        guard !files.isEmpty else { throw StoryLoadError("no story file given", at: nil) }
        var sources: [SourceText] = []
        for file in files { sources.append(try SourceText(contentsOf: file)) }
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
        // A gamebook schema says how to read the file: no guessing among loaders.
        let loader = options.gamebookSchema != nil && format == nil ? GamebookLoader.self : try pick(for: first, format: format)
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
        let tried = candidates.map { "\($0.formatName) (\($0.formatDescription))" }
        throw StoryLoadError(
            "not a story storygraph can read; looked for: \(tried.joined(separator: "; "))",
            at: source.location(at: 0))
    }

    static func expand(_ paths: [String]) throws(StoryLoadError) -> [String] {
        let known = Set(loaders.flatMap { $0.fileExtensions })
        var files: [String] = []
        let manager = FileManager.default
        for path in paths {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw StoryLoadError("no such file or folder: \(path)", at: nil)
            }
            if !isDirectory.boolValue { files.append(path); continue }
            let inside = (manager.enumerator(atPath: path)?.allObjects as? [String] ?? [])
                .filter { known.contains(($0 as NSString).pathExtension.lowercased()) }
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
