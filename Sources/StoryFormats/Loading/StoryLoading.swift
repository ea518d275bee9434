import Foundation
import StoryGraph

/// The one place that picks a loader (by `--input-format`, by extension, or by what each
/// loader recognises) and decides for every format:
/// - the start: `--start` replaces the declared start; a start that names no passage
///   refuses the story (`unknown-start`; a `--start` that names none is told apart by
///   `unknownRequestedStart`, with the name it was likely meant to be); `start-fallback` warnings are dropped when
///   `--start` is given;
/// - the title: a story that names none is called after its first file (`FileTitle`);
/// - the error policy, the same for every command (`refusal(of:)`): `load` throws when
///   nothing usable can be read (an unreadable, empty or unrecognised file, no passages, a
///   start that names no passage, a loader that finds no story); otherwise it returns what
///   it read with every finding. A *read error* (a loader finding of severity error: a
///   syntax or shape error, a nameless passage, while the rest still loads) refuses the
///   story in every command, `check` and `report` included (exit code 65). Findings of the
///   story as read (`duplicate-id`, where the first definition wins, `broken-link`, and
///   the analysers' rules) never refuse: every command prints them and goes on, and only
///   `check` turns errors (and, under `--strict`, warnings) into exit code 1;
/// - severities: each finding has its rule's severity from `rules`.
///
/// The formats are those of a `StoryFormatRegistry` (`.standard` unless a caller gives
/// one of its own).
public enum StoryLoading {
    /// Every loader storygraph knows, in the order they are tried (`StoryFormatRegistry.standard`).
    package static var loaders: [any StoryLoader.Type] { StoryFormatRegistry.standard.loaders }

    /// Every rule storygraph can emit: the analysers', the map's and the loaders'.
    package static var rules: RuleRegistry { StoryFormatRegistry.standard.rules }

    package static var formatNames: [String] { StoryFormatRegistry.standard.formatNames }

    package static func loader(named name: String) -> (any StoryLoader.Type)? {
        StoryFormatRegistry.standard.loader(named: name)
    }

    /// Loads one story from files or folders (a folder contributes each file inside it,
    /// recursively, whose extension a loader knows, in path order).
    public static func load(
        paths: [String], format: String? = nil, options: LoadOptions = LoadOptions(),
        registry: StoryFormatRegistry = .standard
    ) throws(StoryLoadError) -> LoadResult {
        var files: [String] = []
        // Files of a folder left out unread (FIFOs, links out of the folder).
        var skipped: [Diagnostic] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
                files += try expand([path], skipped: &skipped, registry: registry)
                continue
            }
            // A folder is one story only when its files form one.
            let folder = try StoryFolder(path, registry: registry)
            skipped += folder.findings
            guard folder.stories.count <= 1 else {
                let names = folder.stories.map {
                    ($0[0] as NSString).lastPathComponent + ($0.count > 1 ? " (+\($0.count - 1) files)" : "")
                }
                throw StoryLoadError(
                    FormatRules.unknownFormat,
                    "folder \(path) holds \(folder.stories.count) separate stories: \(names.joined(separator: ", ")); give one of them, or run `storygraph check \(path)` to check each",
                    at: nil)
            }
            guard let story = folder.stories.first else {
                throw StoryLoadError(
                    FormatRules.unreadableFile, "folder \(path) holds no file of a known story format", at: nil)
            }
            // A project's story is one of its files (an app's source): with the others,
            // the project reading below picks it and says which it read.
            if story.count == 1, let project = registry.projects.first(where: { $0.holds(story[0]) }) {
                files += story + folder.skipped.filter(project.holds)
            } else {
                files += story
            }
        }
        guard !files.isEmpty else { throw StoryLoadError(FormatRules.unreadableFile, "no story file given", at: nil) }
        var sources: [SourceText] = []
        for file in files { sources.append(try SourceText(contentsOf: file)) }
        if sources.count > 1, let project = registry.projects.first(where: { files.allSatisfy($0.holds) }),
            paths.count == 1 || sources.count { (try? pick(for: $0, format: nil, registry: registry)) != nil } <= 1
        {
            // A project (an app's), as a folder or file by file (`report Story.swift
            // StoryBrain.swift`, where one file holds the story and the others its types
            // or views): the story is in one of its files. Two apps' stories given
            // together are two stories, not one project.
            let place = paths.count == 1 ? project.folder(paths[0]) : ""
            guard let (source, note) = project.storyFile(sources, place) else {
                throw StoryLoadError(
                    FormatRules.noStory,
                    "none of the \(sources.count) source files \(place.isEmpty ? "given" : "in " + paths[0]) holds a story storygraph can read",
                    at: nil)
            }
            // The other files of the project that can hold parts of the story (its texts in
            // constants, its pages linked elsewhere) are read with it, as one text.
            let together = CombinedSource([source] + project.companions(source, sources))
            let format = format ?? (try? pick(for: source, format: nil, registry: registry))?.loader.formatName
            var result: LoadResult
            do {
                result = together.relocated(
                    try load(sources: [together.source], format: format, options: options, registry: registry))
            } catch {
                throw together.relocated(error)
            }
            result.diagnostics.insert(note, at: 0)
            result.diagnostics = sorted(skipped + result.diagnostics)
            return result
        }
        var result = try load(sources: sources, format: format, options: options, registry: registry)
        if !skipped.isEmpty { result.diagnostics = sorted(skipped + result.diagnostics) }
        return result
    }

    /// Loads one story from source texts already in memory.
    public static func load(
        sources: [SourceText], format: String? = nil, options: LoadOptions = LoadOptions(),
        registry: StoryFormatRegistry = .standard
    ) throws(StoryLoadError) -> LoadResult {
        let rules = registry.rules
        guard let first = sources.first else {
            throw StoryLoadError(FormatRules.unreadableFile, "no story file given", at: nil)
        }
        for source in sources where source.isBlank {
            throw StoryLoadError(FormatRules.emptyFile, "empty file: no story in it", at: source.location(at: 0))
        }
        // Options of a format's own can say how to read the file (a gamebook schema): no
        // guessing among loaders.
        let requested = registry.loaders.first { $0.isRequested(by: options) }?.formatName
        let chosen = try pick(for: first, format: format ?? requested, registry: registry)
        if sources.count > 1 && !chosen.loader.acceptsSeveralFiles {
            throw StoryLoadError(
                FormatRules.unknownFormat,
                "the \(chosen.loader.formatName) format reads one file at a time; \(sources.count) were given",
                at: nil)
        }
        var context = LoadContext(options: options)
        var story: Story
        do {
            story = try chosen.read(sources, &context)
        } catch {
            throw StoryLoadError(rules.normalized(error.diagnostics))
        }
        var diagnostics = rules.normalized(context.sink.diagnostics)
        if options.start != nil { diagnostics.removeAll { $0.ruleID == FormatRules.startFallback.id } }
        if story.title.allSatisfy(\.isWhitespace) { story.title = FileTitle.of(first.path) }
        if let start = options.start { story.start = start }
        let findings: [Diagnostic]
        do {
            // In place: the story is held once here, so its passages are not copied.
            findings = try story.validate(restartRule: options.restartRule, sources: sources)
        } catch {
            // Nothing usable was read: say why, with what the loader found on the way (a
            // limit it stopped at), each at a place in the file.
            let located = rules.normalized(error.diagnostics).map { d in
                var d = d
                if d.location == nil { d.location = first.location(at: 0) }
                return d
            }
            throw StoryLoadError(diagnostics.filter { $0.severity == .error } + located)
        }
        return LoadResult(story: story, diagnostics: sorted(diagnostics + findings))
    }

    /// The message of the error `load` throws when the start asked for (`LoadOptions.start`)
    /// names no passage, with the name it was likely meant to be; nil for any other error.
    package static func unknownRequestedStart(_ error: StoryLoadError, options: LoadOptions) -> String? {
        guard let start = options.start else { return nil }
        return error.diagnostics.first {
            $0.ruleID == FormatRules.unknownStart.id && $0.message.hasPrefix(Story.unknownStartMessage(start))
        }?.message
    }

    /// The error that refuses `result` under the policy above: every finding, when one of
    /// them is a read error; `nil` when the story can be used.
    package static func refusal(of result: LoadResult, registry: StoryFormatRegistry = .standard) -> StoryLoadError? {
        let refuses = result.diagnostics.contains {
            // A loader's findings about a story it read in full (ChoiceScript's quicktest
            // checks) never refuse it, like the analysers' own.
            $0.severity == .error && RuleRegistry.analysis.rule($0.ruleID ?? "") == nil
                && !registry.storyFindingRules.contains($0.ruleID ?? "")
        }
        return refuses ? StoryLoadError(result.diagnostics) : nil
    }

    private static func sorted(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        let nowhere = SourceLocation(file: "", line: 0)
        return diagnostics.enumerated().sorted {
            let (a, b) = ($0.element.location ?? nowhere, $1.element.location ?? nowhere)
            return a != b ? a < b : $0.offset < $1.offset
        }.map(\.element)
    }

    /// A loader that has recognised (or been told to read) the first file, with the means
    /// to read the story from that parse.
    struct Chosen {
        let loader: any StoryLoader.Type
        let confidence: Int
        let read: ([SourceText], inout LoadContext) throws(StoryLoadError) -> Story
    }

    /// `loader` on `source`: its recognition (or, when `forced`, its parse), kept for the
    /// read. `parses` is shared by every loader tried on this one file.
    static func attempt<L: StoryLoader>(_ loader: L.Type, _ source: SourceText, _ parses: SourceParses, forced: Bool)
        -> Chosen?
    {
        let recognition: Recognition<L.Parsed>
        if forced {
            recognition = Recognition(confidence: 1) { () throws(StoryLoadError) in try L.parse(source, parses) }
        } else {
            guard let recognized = L.recognize(source, parses), recognized.confidence > 0 else { return nil }
            recognition = recognized
        }
        return Chosen(loader: loader, confidence: recognition.confidence) { sources, context throws(StoryLoadError) in
            var files = [ParsedSource(source: sources[0], parsed: try recognition.parsed.get())]
            for more in sources.dropFirst() {
                files.append(ParsedSource(source: more, parsed: try L.parse(more, SourceParses())))
            }
            return try L.load(files, context: &context)
        }
    }

    static func pick(for source: SourceText, format: String?, registry: StoryFormatRegistry) throws(StoryLoadError)
        -> Chosen
    {
        let loaders = registry.loaders
        if let format {
            guard let loader = registry.loader(named: format),
                let chosen = attempt(loader, source, SourceParses(), forced: true)
            else {
                throw StoryLoadError(
                    FormatRules.unknownFormat,
                    "unknown input format '\(format)'; known formats: \(registry.formatNames.joined(separator: ", "))",
                    at: nil)
            }
            return chosen
        }
        let name = fileName(source.path)
        let byExtension = loaders.filter { hasExtension(name: name, of: $0) }
        let candidates = byExtension.isEmpty ? loaders : byExtension
        // A file no loader claims by its extension (standard input, a README) is
        // recognised past Markdown code fences: a document that shows a story is not one.
        // What is recognised is then read as it is.
        let masked = byExtension.isEmpty ? MarkdownFence.masked(source) : nil
        var best: Chosen?
        let parses = SourceParses()
        for loader in candidates {
            guard let chosen = attempt(loader, masked ?? source, parses, forced: false) else { continue }
            if chosen.confidence > (best?.confidence ?? 0) { best = chosen }
        }
        if let best, masked != nil { return attempt(best.loader, source, SourceParses(), forced: true) ?? best }
        if let best { return best }
        for project in registry.projects where project.holds(source.path) {
            if let refusal = project.refusal(source) { throw refusal }
        }
        let tried = candidates.map { "\($0.formatName) (\($0.formatDescription))" }
        throw StoryLoadError(
            FormatRules.unknownFormat,
            "not a story storygraph can read; looked for: \(tried.joined(separator: "; "))",
            at: source.location(at: 0))
    }

    /// The best confidence any loader for files ending `ext` has in `source`.
    static func confidence(of source: SourceText, extension ext: String) -> Int {
        let parses = SourceParses()
        return loaders.filter { $0.fileExtensions.contains(ext) }
            .compactMap { attempt($0, source, parses, forced: false)?.confidence }.max() ?? 0
    }

    /// Whether `path` ends in one of the loader's extensions (compound ones such as
    /// `yarn.txt` too).
    static func hasExtension(_ path: String, of loader: any StoryLoader.Type) -> Bool {
        hasExtension(name: fileName(path), of: loader)
    }

    /// `hasExtension` of a name made by `fileName`, made once for every loader tried.
    static func hasExtension(name: String, of loader: any StoryLoader.Type) -> Bool {
        loader.fileExtensions.contains { name.hasSuffix("." + $0) }
    }

    /// The last component of `path`, lower-cased.
    static func fileName(_ path: String) -> String { (path as NSString).lastPathComponent.lowercased() }

    /// Whether a file of this name in a folder can be part of the folder's story: its
    /// extension is a loader's (what `load(paths:)` reads from a folder).
    package static func mayHoldStory(_ path: String, registry: StoryFormatRegistry = .standard) -> Bool {
        registry.loaders.contains { hasExtension(path, of: $0) }
    }

    /// The files of `paths`: a file as it is, a folder as the files inside it that may hold
    /// a story. A folder's files are read only when its `StoryTree` admits them (regular
    /// files inside it); the others are left out with a `file-skipped` finding in `skipped`.
    static func expand(_ paths: [String], skipped: inout [Diagnostic], registry: StoryFormatRegistry)
        throws(StoryLoadError) -> [String]
    {
        var files: [String] = []
        let manager = FileManager.default
        for path in paths.map(registry.projectFolder) {
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw StoryLoadError(
                    FormatRules.unreadableFile,
                    "no such file or folder: \(path)" + Suggestion.phrase(nearFile(to: path)), at: nil)
            }
            if !isDirectory.boolValue {
                files.append(path)
                continue
            }
            let tree = StoryTree(folder: path)
            var refused: [Diagnostic] = []
            func admitted(_ file: String) -> Bool {
                switch tree.admit(file) {
                case .success: return true
                case .failure(.missing): return false
                case .failure(let refusal):
                    refused.append(
                        Diagnostic(
                            FormatRules.fileSkipped, tree.skipReason(refusal), at: SourceLocation(file: file, line: 1)))
                    return false
                }
            }
            defer { skipped += refused }
            // A folder that one file leads (a ChoiceScript game's startup.txt, which finds
            // its scenes) is read from that file.
            if let entry = registry.loaders.lazy.compactMap({ $0.entryFile(inFolder: path) }).first, admitted(entry) {
                files.append(entry)
                continue
            }
            var inside: [String] = []
            for name in (manager.enumerator(atPath: path)?.allObjects as? [String] ?? []).sorted()
            where mayHoldStory(name, registry: registry)
                && !registry.projects.contains(where: { $0.holds(name) && $0.skips(name) })
            {
                let file = (path as NSString).appendingPathComponent(name)
                if admitted(file) { inside.append(file) }
            }
            if inside.isEmpty {
                throw StoryLoadError(
                    FormatRules.unreadableFile, "folder \(path) holds no file of a known story format", at: nil)
            }
            files += inside
        }
        return files
    }
}
