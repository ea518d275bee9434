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
    ///
    /// - Complexity: O(n) over the file's bytes (the lines are those `Character.isNewline`
    ///   ends: every newline scalar is a character of its own, CR LF one).
    static func declarations(_ source: SourceText) -> Set<String> {
        var found = Set<String>()
        let b = source.utf8
        let names: [(String, [UInt8])] = [("StoryTitle", Array("StoryTitle".utf8)), ("StoryData", Array("StoryData".utf8))]
        var k = 0
        var lineStart = true
        while k < b.count {
            let c = b[k]
            // Newlines: LF, VT, FF, CR, U+0085, U+2028, U+2029.
            if (c >= 0x0A && c <= 0x0D) || (c == 0xC2 && k + 1 < b.count && b[k + 1] == 0x85)
                || (c == 0xE2 && k + 2 < b.count && b[k + 1] == 0x80 && (b[k + 2] == 0xA8 || b[k + 2] == 0xA9))
            {
                lineStart = true
                k += 1
                continue
            }
            guard lineStart else {
                k += 1
                continue
            }
            lineStart = false
            var j = k
            while j < b.count && (b[j] == 0x20 || b[j] == 0x09) { j += 1 }
            guard j + 1 < b.count, b[j] == 0x3A, b[j + 1] == 0x3A else {
                k = j
                continue
            }
            j += 2
            while j < b.count && (b[j] == 0x20 || b[j] == 0x09) { j += 1 }
            for (name, bytes) in names where b[j...].starts(with: bytes) {
                let after = j + bytes.count
                if after == b.count || b[after] == 0x0A || b[after] == 0x0D || b[after] == 0x0B || b[after] == 0x0C {
                    found.insert(name)
                } else if b[after] == 0x20 || b[after] == 0x09 || b[after] == 0x5B || b[after] == 0x7B {
                    // A combining mark after the terminator would make it another character.
                    if after + 1 < b.count && b[after + 1] >= 0x80 { return slowDeclarations(source) }
                    found.insert(name)
                } else if b[after] >= 0x80 {
                    return slowDeclarations(source)
                }
            }
            k = j
        }
        return found
    }

    /// `declarations`, by characters.
    static func slowDeclarations(_ source: SourceText) -> Set<String> {
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
