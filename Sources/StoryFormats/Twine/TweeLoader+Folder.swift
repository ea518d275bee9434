import StoryGraph

extension TweeLoader {
    /// The Twee files of a folder are one story (a Tweego project), unless two declare the
    /// same `StoryTitle` or `StoryData`. A `.txt` file is no part of it: Tweego builds a
    /// folder's `.tw`, `.twee`, `.tw2` and `.twee2` files (and HTML, CSS, JavaScript and
    /// media), never its text files, which hold notes and documentation even when a line
    /// starts with `::`. (A `.txt` file named on the command line is still read as Twee.)
    package static func folderRole(of source: SourceText) -> FolderRole? {
        if source.path.lowercased().hasSuffix(".txt") { return nil }
        return FolderRole(sharesStory: true, declares: declarations(source))
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
