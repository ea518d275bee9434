import Foundation
import StoryGraph

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

    /// One Twee file split into passages, with what was noticed splitting it.
    public struct File {
        var passages: [TwinePassageSource]
        var diagnostics: [Diagnostic]
    }

    /// 10 when a line starts with `::` (a passage header), else not recognised: a `.txt`
    /// without headers is left to other formats.
    ///
    /// - Complexity: O(n).
    public static func recognize(_ source: SourceText, _ parses: SourceParses) -> Recognition<File>? {
        let s = source.scalars
        var k = 0
        while k + 1 < s.count {
            if (k == 0 || s[k - 1] == "\n") && s[k] == ":" && s[k + 1] == ":" {
                return Recognition(confidence: 10, parsed: .success(parse(source, parses)))
            }
            k += 1
        }
        return nil
    }

    public static func parse(_ source: SourceText, _ parses: SourceParses) -> File {
        var diagnostics: [Diagnostic] = []
        let passages = read(source, diagnostics: &diagnostics)
        return File(passages: passages, diagnostics: diagnostics)
    }

    public static func load(_ files: [ParsedSource<File>], context: inout LoadContext) throws(StoryLoadError) -> Story {
        var diagnostics: [Diagnostic] = []
        var passages: [TwinePassageSource] = []
        for file in files {
            passages += file.parsed.passages
            diagnostics += file.parsed.diagnostics
        }

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
                        at: root.location, rule: FormatRules.twineMetadata.id))
                    continue
                }
                if let value = root["start"] {
                    if let name = value.string {
                        declared = .init(name: name, location: value.location, source: "StoryData's \"start\"")
                    } else {
                        diagnostics.append(Diagnostic(
                            .warning, "StoryData's \"start\" must be a passage name, found \(value.typeName); it is ignored",
                            at: value.location, rule: FormatRules.twineMetadata.id))
                    }
                }
                format = root["format"]?.string
            default:
                break
            }
        }
        let story = TwineStoryBuilder.build(
            title: title ?? "", format: formatName, sources: passages,
            dialect: TwineDialect(formatName: format), declared: declared,
            diagnostics: &diagnostics)
        context.sink.append(contentsOf: diagnostics)
        return story
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
                        at: source.location(at: firstText), rule: FormatRules.tweeStrayText.id))
                }
                return
            }
            let offset = textStart
            passages.append(TwinePassageSource(
                name: current.name, tags: current.tags, metadata: current.metadata, location: current.location,
                text: Array(s[textStart..<last]), locate: SourceFragment(source, base: offset).location(at:)))
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
                    at: source.location(at: open), rule: FormatRules.tweeHeader.id))
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
                        at: root.location, rule: FormatRules.twineMetadata.id))
                }
            }
        } else if k < end {
            diagnostics.append(Diagnostic(
                .warning, "unexpected text after the header of passage '\(trimmedName)' is ignored",
                at: source.location(at: k), rule: FormatRules.tweeHeader.id))
        }

        guard !trimmedName.isEmpty else {
            diagnostics.append(Diagnostic(
                FormatRules.namelessPassage, "passage header has no name; the passage is skipped", at: location))
            return nil
        }
        return (trimmedName, tags, metadata, location)
    }
}
