import Foundation
import StoryGraph

/// Twee 3 source (and Twee 1/2), as Tweego and Twine read it: passages under headers
/// `:: Name [tag1 tag2] {"position":"600,400"}`, the tag block and metadata optional,
/// `\[ \] \{ \} \\` escapes in names and tags, Twee 2's `<x,y>` position; `StoryTitle`
/// and `StoryData` (JSON: `start`, `format`, `ifid`) give the title, start and story
/// format. Several files make one story, and Twee 2's `StoryIncludes` names more
/// (`TweeStoryIncludes`). Links are read by `TwineLinkScanner`.
package enum TweeLoader: StoryLoader {
    package static let formatName = "twee"
    package static let formatDescription = "Twee 3 source: passages under ':: Name [tags] {metadata}' headers"
    package static let fileExtensions = ["twee", "tw", "tw2", "twee2", "txt"]
    package static let acceptsSeveralFiles = true
    package static let options = [TwineOptions.linkMacros]
    package static let storyFindingRules: Set<String> = [FormatRules.sugarCubeUnclosedMacro.id]

    /// One Twee file split into passages, with what was noticed splitting it.
    package struct File {
        var passages: [TwinePassageSource]
        var diagnostics: [Diagnostic]
    }

    /// 10 when a line starts with `::` (a passage header), else not recognised: a `.txt`
    /// without headers is left to other formats.
    ///
    /// - Complexity: O(n).
    package static func recognize(_ source: SourceText, _ parses: SourceParses) -> Recognition<File>? {
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

    package static func parse(_ source: SourceText, _ parses: SourceParses) -> File {
        var diagnostics: [Diagnostic] = []
        let passages = read(source, diagnostics: &diagnostics)
        return File(passages: passages, diagnostics: diagnostics)
    }

    package static func load(_ files: [ParsedSource<File>], context: inout LoadContext) throws(StoryLoadError) -> Story
    {
        var diagnostics: [Diagnostic] = []
        var passages: [TwinePassageSource] = []
        for file in files {
            passages += file.parsed.passages
            diagnostics += file.parsed.diagnostics
        }
        passages += TweeStoryIncludes.passages(
            includedBy: passages, given: files.map(\.source.path), diagnostics: &diagnostics)

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
                guard
                    let root = TwineStoryBuilder.json(
                        String(view), at: base, what: "StoryData", diagnostics: &diagnostics)
                else { continue }
                guard root.entries != nil else {
                    diagnostics.append(
                        Diagnostic(
                            .warning, "StoryData must be a JSON object, found \(root.jsonTypeName); it is ignored",
                            at: root.location, rule: FormatRules.twineMetadata.id))
                    continue
                }
                if let value = root["start"] {
                    if let name = value.string {
                        declared = .init(name: name, location: value.location, source: "StoryData's \"start\"")
                    } else {
                        diagnostics.append(
                            Diagnostic(
                                .warning,
                                "StoryData's \"start\" must be a passage name, found \(value.jsonTypeName); it is ignored",
                                at: value.location, rule: FormatRules.twineMetadata.id))
                    }
                }
                format = root["format"]?.string
            default:
                break
            }
        }
        let linkMacros = TwineLinkMacros.declared(
            context.options, paths: files.map(\.source.path), diagnostics: &diagnostics)
        let story = TwineStoryBuilder.build(
            title: title ?? "", format: formatName, sources: passages,
            dialect: TwineDialect(formatName: format), declared: declared,
            diagnostics: &diagnostics, linkMacros: linkMacros)
        context.sink.append(contentsOf: diagnostics)
        return story
    }

    /// Splits one file into passages, reading the lexer's items.
    ///
    /// - Complexity: O(n) for a file of n scalars.
    static func read(_ source: SourceText, diagnostics: inout [Diagnostic]) -> [TwinePassageSource] {
        typealias Header = (name: String, tags: [String], metadata: [String: String], location: SourceLocation)
        let s = source.scalars
        var passages: [TwinePassageSource] = []
        var header: Header?
        var sawHeader = false
        for item in TweeLexer.items(s) {
            switch item {
            case .header(let offset):
                sawHeader = true
                header = (name: "", tags: [], metadata: [:], location: source.location(at: offset))
            case .position(let position):
                header?.metadata["position"] = position
            case .name(let name):
                header?.name = name
            case .tags(let tags, let open, let closed):
                header?.tags = tags
                if !closed {
                    diagnostics.append(
                        Diagnostic(
                            .warning,
                            "the tag block of passage '\(header?.name ?? "")' is not closed by ']'; the rest of the line is read as tags",
                            at: source.location(at: open), rule: FormatRules.tweeHeader.id))
                }
            case .metadata(let json, let offset):
                let name = header?.name ?? ""
                guard
                    let root = TwineStoryBuilder.json(
                        json, at: source.location(at: offset), what: "the metadata of passage '\(name)'",
                        diagnostics: &diagnostics)
                else { continue }
                if let members = root.entries {
                    for member in members {
                        if let value = TwineStoryBuilder.metadataString(member.value) {
                            header?.metadata[member.key] = value
                        }
                    }
                } else {
                    diagnostics.append(
                        Diagnostic(
                            .warning,
                            "the metadata of passage '\(name)' must be a JSON object, found \(root.jsonTypeName); it is ignored",
                            at: root.location, rule: FormatRules.twineMetadata.id))
                }
            case .unexpected(let offset):
                diagnostics.append(
                    Diagnostic(
                        .warning, "unexpected text after the header of passage '\(header?.name ?? "")' is ignored",
                        at: source.location(at: offset), rule: FormatRules.tweeHeader.id))
            case .body(let range):
                guard let current = header else {
                    // Text before any header; a nameless header's text was reported with it.
                    if !sawHeader, let firstText = s[range].firstIndex(where: { !$0.isSpaceFast }) {
                        diagnostics.append(
                            Diagnostic(
                                .warning,
                                "text before the first passage header ('::') belongs to no passage and is ignored",
                                at: source.location(at: firstText), rule: FormatRules.tweeStrayText.id))
                    }
                    continue
                }
                guard !current.name.isEmpty else {
                    diagnostics.append(
                        Diagnostic(
                            FormatRules.namelessPassage, "passage header has no name; the passage is skipped",
                            at: current.location))
                    header = nil
                    continue
                }
                passages.append(
                    TwinePassageSource(
                        name: current.name, tags: current.tags, metadata: current.metadata, location: current.location,
                        text: Array(s[range]), locate: SourceFragment(source, base: range.lowerBound).location(at:)))
                header = nil
            }
        }
        return passages
    }
}
