import Foundation
import StoryGraph

/// Which stories a folder holds, as each file's format says (`FolderRole`). Files form
/// one story when they are the files of a format that spreads a story over several (a Twee project, Yarn files) with no declaration of the
/// story made in two of them (two files with a `:: StoryTitle`, two with a `:: StoryData`,
/// two Yarn `Start` nodes; a Tweego project's StoryTitle and StoryData are often files of
/// their own, and together declare one story); a
/// ChoiceScript game (the folder of its startup.txt) is one story; an ink file INCLUDEd by
/// another is part of the including file's story. Every other story file is a story of its
/// own, and two files that declare the same thing are two stories: never merged silently. Files inside the folder that no loader recognises as a
/// story (a `package.json`, a script) are left out and listed in `skipped`.
///
/// - Complexity: each file is read and sniffed once.
package struct StoryFolder: Sendable {
    /// The stories, each as the files that make it, in path order.
    package var stories: [[String]]
    /// Files in the folder that hold no story storygraph recognises.
    package var skipped: [String]
    /// Files left out unread, each a `file-skipped` finding: not a regular file (a FIFO, a
    /// device, a socket), or a symbolic link that leads outside the folder.
    package var findings: [Diagnostic]

    package init(_ folder: String, registry: StoryFormatRegistry = .standard) throws(StoryLoadError) {
        var findings: [Diagnostic] = []
        let files = try StoryLoading.expand([folder], skipped: &findings, registry: registry)
        self.init(files: files, registry: registry, given: false)
        self.findings = findings
    }

    /// The stories of files given one by one (`check src/*.twee`), grouped by the same rule
    /// as a folder's: the files of one Twee project, one ChoiceScript game or one set of
    /// Yarn files are one story; app source given file by file, of which one file holds a
    /// story (the others its types or views), is one project read from that file. A file no loader recognises is in `skipped`.
    /// (`given` false: the files of a folder, whose app source `load(paths:)` reads as
    /// the folder's project.)
    package init(files: [String], registry: StoryFormatRegistry = .standard, given: Bool = true) {
        findings = []
        if given, files.count > 1, registry.projects.contains(where: { project in files.allSatisfy(project.holds) }),
            files.count(where: { file in
                FilesRead.unrecorded({ try? SourceText(contentsOf: file) }).flatMap { source in
                    try? StoryLoading.pick(for: source, format: nil, registry: registry)
                } != nil
            }) <= 1
        {
            stories = [files]
            skipped = []
            return
        }
        var groups: [[String]] = []
        // Files of formats that spread a story over several files, by format.
        var several: [String: [(path: String, role: FolderRole)]] = [:]
        // Files led by another (a ChoiceScript game's startup.txt): one story per root.
        var roots = Set<String>()
        // Every other story file, with its format and the files it includes.
        var singles: [(path: String, format: String, includes: [String])] = []
        var skipped: [String] = []
        for file in files {
            // Read to sniff: not an input of the command unless it is then loaded.
            guard let source = FilesRead.unrecorded({ try? SourceText(contentsOf: file) }), !source.isBlank,
                let loader = (try? StoryLoading.pick(for: source, format: nil, registry: registry))?.loader,
                let role = loader.folderRole(of: source)
            else {
                skipped.append(file)
                continue
            }
            if let root = role.root {
                if roots.insert(root).inserted { groups.append([root]) }
            } else if role.sharesStory {
                several[loader.formatName, default: []].append((file, role))
            } else {
                singles.append((file, loader.formatName, role.includes))
            }
        }
        // A file another one of its format includes (an ink INCLUDE) is part of that
        // story, not one of its own.
        let included = Set(singles.flatMap { single in single.includes.map { [single.format, $0] } })
        groups += singles.filter { !included.contains([$0.format, $0.path]) }.map { [$0.path] }
        for (_, all) in several {
            var members = all
            // A project (a .yarnproject) is one story with every file of its format under
            // its folder: the loader reads those the project selects and reports the others.
            for project in all where project.role.isProject {
                let inside = (StoryPath.folder(of: project.path) as NSString).appendingPathComponent("")
                let group = members.filter { $0.path == project.path || $0.path.hasPrefix(inside) }
                guard !group.isEmpty else { continue }
                groups.append(group.map(\.path))
                members.removeAll { member in group.contains { $0.path == member.path } }
            }
            if members.isEmpty { continue }
            let declared = members.flatMap(\.role.declares)
            if Set(declared).count < declared.count {
                groups += members.map { [$0.path] }
            } else {
                groups.append(members.map(\.path))
            }
        }
        stories = groups.sorted { $0[0] < $1[0] }
        self.skipped = skipped
    }
}
