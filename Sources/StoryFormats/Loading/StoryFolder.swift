import Foundation
import StoryGraph

/// Which stories a folder holds. Files form one story when they are the files of a format
/// that spreads a story over several (a Twee project, Yarn files) with no declaration of the
/// story made in two of them (two files with a `:: StoryTitle`, two with a `:: StoryData`,
/// two Yarn `Start` nodes; a Tweego project's StoryTitle and StoryData are often files of
/// their own, and together declare one story); a
/// ChoiceScript game (the folder of its startup.txt) is one story; an ink file INCLUDEd by
/// another is part of the including file's story. Every other story file is a story of its
/// own, and two files that declare the same thing are two stories: never merged silently. Files inside the folder that no loader recognises as a
/// story (a `package.json`, a script) are left out and listed in `skipped`.
///
/// - Complexity: each file is read and sniffed once.
public struct StoryFolder: Sendable {
    /// The stories, each as the files that make it, in path order.
    public var stories: [[String]]
    /// Files in the folder that hold no story storygraph recognises.
    public var skipped: [String]
    /// Files left out unread, each a `file-skipped` finding: not a regular file (a FIFO, a
    /// device, a socket), or a symbolic link that leads outside the folder.
    public var findings: [Diagnostic]

    public init(_ folder: String) throws(StoryLoadError) {
        var findings: [Diagnostic] = []
        let files = try StoryLoading.expand([folder], skipped: &findings)
        self.findings = findings
        var groups: [[String]] = []
        // Files of formats that spread a story over several files, by format.
        var several: [String: [(path: String, declares: Set<String>)]] = [:]
        var games = Set<String>()
        var inkFiles: [(path: String, includes: [String])] = []
        var skipped: [String] = []
        for file in files {
            // Read to sniff: not an input of the command unless it is then loaded.
            guard let source = FilesRead.unrecorded({ try? SourceText(contentsOf: file) }), !source.isBlank,
                  let loader = (try? StoryLoading.pick(for: source, format: nil))?.loader,
                  loader != GamebookLoader.self || GamebookLoader.isGamebook(source),
                  // Any JSON object is storygraph JSON at the lowest confidence: a
                  // package.json beside a story is not one.
                  loader != StoryJSONLoader.self || StoryJSONLoader.confidence(for: source) >= 10
            else { skipped.append(file); continue }
            if loader == ChoiceScriptLoader.self, let startup = Self.startupFile(of: file) {
                // A ChoiceScript game is one story, read from its startup.txt.
                if games.insert(startup).inserted { groups.append([startup]) }
            } else if loader == InkLoader.self {
                inkFiles.append((file, Self.inkIncludes(source, of: file)))
            } else if loader.acceptsSeveralFiles {
                several[loader.formatName, default: []].append((file, Self.declarations(source, loader)))
            } else {
                groups.append([file])
            }
        }
        // An ink file another one INCLUDEs is part of that story, not one of its own.
        let included = Set(inkFiles.flatMap(\.includes))
        groups += inkFiles.filter { !included.contains($0.path) }.map { [$0.path] }
        for (_, all) in several {
            var members = all
            // A Yarn project (.yarnproject) is one story with every Yarn file under its
            // folder: the loader reads those its globs select and reports the others.
            for project in all.map(\.path) where project.lowercased().hasSuffix(".yarnproject") {
                let inside = (StoryPath.folder(of: project) as NSString).appendingPathComponent("")
                let group = members.filter { $0.path == project || $0.path.hasPrefix(inside) }
                guard !group.isEmpty else { continue }
                groups.append(group.map(\.path))
                members.removeAll { member in group.contains { $0.path == member.path } }
            }
            if members.isEmpty { continue }
            let declared = members.flatMap(\.declares)
            if Set(declared).count < declared.count {
                groups += members.map { [$0.path] }
            } else {
                groups.append(members.map(\.path))
            }
        }
        stories = groups.sorted { $0[0] < $1[0] }
        self.skipped = skipped
    }

    /// The startup.txt of the ChoiceScript game a scene file belongs to (beside it, or one
    /// folder up from a `scenes/` folder).
    static func startupFile(of file: String) -> String? {
        let folder = StoryPath.folder(of: file)
        if let startup = ChoiceScriptLoader.startupFile(inFolder: folder) { return startup }
        return ChoiceScriptLoader.startupFile(inFolder: StoryPath.folder(of: folder))
    }

    /// The files an ink file INCLUDEs, as standardized paths (relative to its folder).
    static func inkIncludes(_ source: SourceText, of file: String) -> [String] {
        let folder = StoryPath.folder(of: file)
        return source.text.split(whereSeparator: \.isNewline).compactMap { line in
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix("INCLUDE ") else { return nil }
            let name = trimmed.dropFirst("INCLUDE ".count).trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { return nil }
            return ((folder as NSString).appendingPathComponent(name) as NSString).standardizingPath
        }
    }

    /// What a file declares of its story: a Twee file's `StoryTitle` and `StoryData`
    /// passages, a Yarn file's `Start` node.
    static func declarations(_ source: SourceText, _ loader: any StoryLoader.Type) -> Set<String> {
        if loader == YarnLoader.self {
            let starts = source.text.split(whereSeparator: \.isNewline).contains { line in
                line.trimmingCharacters(in: .whitespaces) == "title: Start"
            }
            return starts ? ["title: Start"] : []
        }
        return declarations(source)
    }

    /// Which of `:: StoryTitle` and `:: StoryData` a Twee file declares (at a line start).
    static func declarations(_ source: SourceText) -> Set<String> {
        var found = Set<String>()
        for line in source.text.split(whereSeparator: \.isNewline) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            guard trimmed.hasPrefix("::") else { continue }
            let name = String(trimmed.dropFirst(2).drop { $0 == " " || $0 == "\t" }.prefix { !" \t[{".contains($0) })
            if name == "StoryTitle" || name == "StoryData" { found.insert(name) }
        }
        return found
    }
}
