import Foundation

/// Twee 3 source (and Twee 1/2), as Tweego and Twine read it: passages under headers
/// `:: Name [tag1 tag2] {"position":"600,400"}`, the tag block and metadata optional,
/// `\[ \] \{ \} \\` escapes in names and tags, Twee 2's `<x,y>` position; `StoryTitle`
/// and `StoryData` (JSON: `start`, `format`, `ifid`) give the title, start and story
/// format. Several files make one story. Links are read by `TwineLinkScanner`.
public enum TweeLoader: StoryLoader {
    public static let formatName = "twee"
    public static let formatDescription = "Twee 3 source: passages under ':: Name [tags] {metadata}' headers"
    public static let fileExtensions = ["twee", "tw", "tw2", "txt"]
    public static let acceptsSeveralFiles = true

    /// 10 when a line starts with `::` (a passage header), else 0: a `.txt` without
    /// headers is left to other formats.
    ///
    /// - Complexity: O(n).
    public static func confidence(for source: SourceText) -> Int {
        let s = source.scalars
        var k = 0
        while k + 1 < s.count {
            if (k == 0 || s[k - 1] == "\n") && s[k] == ":" && s[k + 1] == ":" { return 10 }
            k += 1
        }
        return 0
    }

    public static func load(_ sources: [SourceText], options: LoadOptions) throws(StoryLoadError) -> LoadResult {
        var diagnostics: [Diagnostic] = []
        var passages: [TwinePassageSource] = []
        for source in sources { passages += read(source, diagnostics: &diagnostics) }

        var title: String?
        var format: String?
        var declared: TwineStoryBuilder.DeclaredStart?
        var sawData = false
        for passage in passages {
            switch passage.name {
            case "StoryTitle" where title == nil:
                var view = String.UnicodeScalarView()
                view.append(contentsOf: passage.text)
                title = String(view).trimmingTwineSpace()
            case "StoryData" where !sawData:
                sawData = true
                var view = String.UnicodeScalarView()
                view.append(contentsOf: passage.text)
                let base = passage.text.isEmpty ? passage.location : passage.locate(0)
                guard let root = TwineStoryBuilder.json(String(view), at: base, what: "StoryData", diagnostics: &diagnostics) else { continue }
                guard root.members != nil else {
                    diagnostics.append(Diagnostic(
                        .warning, "StoryData must be a JSON object, found \(root.typeName); it is ignored",
                        at: root.location, rule: "twine-metadata"))
                    continue
                }
                if let value = root["start"] {
                    if let name = value.string {
                        declared = .init(name: name, location: value.location, source: "StoryData's \"start\"")
                    } else {
                        diagnostics.append(Diagnostic(
                            .warning, "StoryData's \"start\" must be a passage name, found \(value.typeName); it is ignored",
                            at: value.location, rule: "twine-metadata"))
                    }
                }
                format = root["format"]?.string
            default:
                break
            }
        }
        let fallbackTitle = sources.first.map { (($0.path as NSString).lastPathComponent as NSString).deletingPathExtension } ?? "story"
        let story = TwineStoryBuilder.build(
            title: (title?.isEmpty ?? true) ? fallbackTitle : title!, format: formatName, sources: passages,
            dialect: TwineDialect(formatName: format), declared: declared, options: options,
            diagnostics: &diagnostics)
        return LoadResult(story: story, diagnostics: diagnostics)
    }

    /// Splits one file into passages.
    ///
    /// - Complexity: O(n) for a file of n scalars.
    static func read(_ source: SourceText, diagnostics: inout [Diagnostic]) -> [TwinePassageSource] {
        let s = source.scalars
        var passages: [TwinePassageSource] = []
        var header: (name: String, tags: [String], metadata: [String: String], location: SourceLocation)?
        var textStart = 0
        var lineStart = 0
        var sawHeader = false

        func finish(at end: Int) {
            var last = end
            while last > textStart && s[last - 1].properties.isWhitespace { last -= 1 }
            guard let current = header else {
                // The text of a header without a name was reported with that header.
                if !sawHeader, let firstText = s[textStart..<last].firstIndex(where: { !$0.properties.isWhitespace }) {
                    diagnostics.append(Diagnostic(
                        .warning, "text before the first passage header ('::') belongs to no passage and is ignored",
                        at: source.location(at: firstText), rule: "twee-stray-text"))
                }
                return
            }
            let offset = textStart
            passages.append(TwinePassageSource(
                name: current.name, tags: current.tags, metadata: current.metadata, location: current.location,
                text: Array(s[textStart..<last]), locate: { source.location(at: offset + $0) }))
        }

        while lineStart <= s.count {
            var lineEnd = lineStart
            // Lines end at LF, CRLF or a CR alone (as in `SourceText`'s line table).
            while lineEnd < s.count && s[lineEnd] != "\n" && s[lineEnd] != "\r" { lineEnd += 1 }
            let next = lineEnd + (lineEnd + 1 < s.count && s[lineEnd] == "\r" && s[lineEnd + 1] == "\n" ? 2 : 1)
            if lineStart + 1 < s.count && s[lineStart] == ":" && s[lineStart + 1] == ":" {
                finish(at: lineStart)
                sawHeader = true
                header = parseHeader(source, from: lineStart, to: lineEnd, diagnostics: &diagnostics)
                textStart = min(next, s.count)
            }
            if lineEnd >= s.count { break }
            lineStart = next
        }
        finish(at: s.count)
        return passages
    }

    /// Reads `:: Name [tags] {metadata}` (or Twee 2's `:: Name [tags] <x,y>`) between two
    /// offsets. Returns nil (after an error) when the header has no name.
    static func parseHeader(
        _ source: SourceText, from lineStart: Int, to lineEnd: Int, diagnostics: inout [Diagnostic]
    ) -> (name: String, tags: [String], metadata: [String: String], location: SourceLocation)? {
        let s = source.scalars
        let location = source.location(at: lineStart)
        var end = lineEnd
        while end > lineStart + 2 && s[end - 1].properties.isWhitespace { end -= 1 }
        var metadata: [String: String] = [:]

        // Twee 2: a trailing `<x,y>` position.
        if end > lineStart + 2 && s[end - 1] == ">" {
            var open = end - 2
            while open > lineStart + 2 && s[open] != "<" && s[open] != ">" { open -= 1 }
            if s[open] == "<" {
                var inner = String.UnicodeScalarView()
                inner.append(contentsOf: s[open + 1..<end - 1])
                let parts = String(inner).split(separator: ",", omittingEmptySubsequences: false)
                    .map { String($0).trimmingTwineSpace() }
                if parts.count == 2, parts.allSatisfy({ Double($0) != nil }) {
                    metadata["position"] = parts.joined(separator: ",")
                    end = open
                    while end > lineStart + 2 && s[end - 1].properties.isWhitespace { end -= 1 }
                }
            }
        }

        var k = lineStart + 2
        var name = String.UnicodeScalarView()
        while k < end {
            let c = s[k]
            if c == "\\" && k + 1 < end {
                name.append(s[k + 1])
                k += 2
                continue
            }
            if c == "[" || c == "{" { break }
            name.append(c)
            k += 1
        }
        let trimmedName = String(name).trimmingTwineSpace()

        var tags: [String] = []
        if k < end && s[k] == "[" {
            let open = k
            k += 1
            var tag = String.UnicodeScalarView()
            var closed = false
            while k < end {
                let c = s[k]
                if c == "\\" && k + 1 < end {
                    tag.append(s[k + 1])
                    k += 2
                    continue
                }
                k += 1
                if c == "]" { closed = true; break }
                if c.properties.isWhitespace {
                    if !tag.isEmpty { tags.append(String(tag)); tag = String.UnicodeScalarView() }
                } else {
                    tag.append(c)
                }
            }
            if !tag.isEmpty { tags.append(String(tag)) }
            if !closed {
                diagnostics.append(Diagnostic(
                    .warning, "the tag block of passage '\(trimmedName)' is not closed by ']'; the rest of the line is read as tags",
                    at: source.location(at: open), rule: "twee-header"))
            }
            while k < end && s[k].properties.isWhitespace { k += 1 }
        }

        if k < end && s[k] == "{" {
            var json = String.UnicodeScalarView()
            json.append(contentsOf: s[k..<end])
            if let root = TwineStoryBuilder.json(
                String(json), at: source.location(at: k), what: "the metadata of passage '\(trimmedName)'",
                diagnostics: &diagnostics)
            {
                if let members = root.members {
                    for member in members {
                        if let value = TwineStoryBuilder.metadataString(member.value) { metadata[member.key] = value }
                    }
                } else {
                    diagnostics.append(Diagnostic(
                        .warning, "the metadata of passage '\(trimmedName)' must be a JSON object, found \(root.typeName); it is ignored",
                        at: root.location, rule: "twine-metadata"))
                }
            }
        } else if k < end {
            diagnostics.append(Diagnostic(
                .warning, "unexpected text after the header of passage '\(trimmedName)' is ignored",
                at: source.location(at: k), rule: "twee-header"))
        }

        guard !trimmedName.isEmpty else {
            diagnostics.append(Diagnostic(
                .error, "passage header has no name; the passage is skipped", at: location, rule: "twee-header"))
            return nil
        }
        return (trimmedName, tags, metadata, location)
    }
}
