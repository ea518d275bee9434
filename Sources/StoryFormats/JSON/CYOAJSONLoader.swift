import Foundation
import StoryGraph

/// CYOA JSON, the Gophercises shape: an object of arcs, each
/// `{"title": "…", "story": ["paragraph", …], "options": [{"text": "…", "arc": "other-arc"}]}`.
///
/// Semantics: passage ids are the arc names; a passage's text is its paragraphs joined by
/// blank lines (its title is kept in the `title` metadata); the start is `intro`, else the
/// first arc (`--start` overrides); an arc with no options is an ending. An arc or an option
/// that cannot be read is an error at its line, and the other arcs still load.
///
/// - Complexity: O(n) in the size of the file.
package enum CYOAJSONLoader: StoryLoader {
    package static let formatName = "cyoa-json"
    package static let formatDescription =
        "CYOA JSON (Gophercises): an object of arcs with \"story\" paragraphs and \"options\" {\"text\", \"arc\"}"
    package static let fileExtensions = ["json"]

    /// 20 when most members of the root object are arcs (objects with `story` or
    /// `options`) and the root has no `passages` (storygraph JSON); 0 otherwise.
    package static func recognize(_ source: SourceText, _ parses: SourceParses) -> Recognition<JSONTape>? {
        guard source.firstScalar(where: { !$0.properties.isWhitespace }) == "{",
            let tape = try? JSONTape.shared(source, parses), tape.kind(tape.root) == .object,
            !tape.isEmptyContainer(tape.root)
        else { return nil }
        var members = 0
        var arcs = 0
        var hasPassages = false
        tape.forEachMember(tape.root) { key, value in
            members += 1
            if tape.stringEquals(key, "passages") { hasPassages = true }
            guard tape.kind(value) == .object else { return }
            var isArc = false
            tape.forEachMember(value) { inner, _ in
                if tape.stringEquals(inner, "story") || tape.stringEquals(inner, "options") { isArc = true }
            }
            if isArc { arcs += 1 }
        }
        guard !hasPassages, arcs * 2 > members else { return nil }
        return Recognition(confidence: 20, parsed: .success(tape))
    }

    package static func parse(_ source: SourceText, _ parses: SourceParses) throws(StoryLoadError) -> JSONTape {
        try JSONTape.shared(source, parses)
    }

    package static func load(_ files: [ParsedSource<JSONTape>], context: inout LoadContext) throws(StoryLoadError)
        -> Story
    {
        let root = LocatedValue(files[0].parsed)
        guard let members = root.entries, !members.isEmpty else {
            throw StoryLoadError(
                FormatRules.jsonShape,
                "a CYOA story must be a JSON object of arcs such as {\"intro\": {\"title\": …, \"story\": […], \"options\": […]}}, found \(root.jsonTypeName)",
                at: root.location)
        }
        var sink = DiagnosticSink()
        func error(_ message: String, _ location: SourceLocation) {
            sink.report(FormatRules.jsonShape, message, at: location)
        }
        var passages: [Passage] = []
        for member in members {
            guard member.value.entries != nil else {
                error(
                    "arc '\(member.key)' must be an object with \"title\", \"story\" and \"options\", found \(member.value.jsonTypeName)",
                    member.value.location)
                continue
            }
            var metadata: [String: String] = [:]
            if let title = member.value["title"] {
                if let string = title.string {
                    metadata["title"] = string
                } else {
                    error(
                        "'title' of arc '\(member.key)' must be a string, found \(title.jsonTypeName)", title.location)
                }
            }
            var paragraphs: [String] = []
            if let story = member.value["story"] {
                if let string = story.string {
                    paragraphs = [string]
                } else if let elements = story.elements {
                    for element in elements {
                        if let string = element.string {
                            paragraphs.append(string)
                        } else {
                            error(
                                "a paragraph of arc '\(member.key)' must be a string, found \(element.jsonTypeName)",
                                element.location)
                        }
                    }
                } else {
                    error(
                        "'story' of arc '\(member.key)' must be an array of paragraphs, found \(story.jsonTypeName)",
                        story.location)
                }
            }
            var choices: [Choice] = []
            if let optionsValue = member.value["options"], !optionsValue.isNull {
                if let elements = optionsValue.elements {
                    for option in elements {
                        guard option.entries != nil else {
                            error(
                                "an option of arc '\(member.key)' must be an object with \"text\" and \"arc\", found \(option.jsonTypeName)",
                                option.location)
                            continue
                        }
                        guard let target = option["arc"]?.string else {
                            error(
                                "an option of arc '\(member.key)' has no \"arc\" string naming where it leads",
                                option.location)
                            continue
                        }
                        let text = option["text"]?.string ?? ""
                        choices.append(Choice(text: text, target: target, location: option.location))
                    }
                } else {
                    error(
                        "'options' of arc '\(member.key)' must be an array, found \(optionsValue.jsonTypeName)",
                        optionsValue.location)
                }
            }
            passages.append(
                Passage(
                    id: member.key, text: paragraphs.joined(separator: "\n\n"),
                    ending: choices.isEmpty ? Passage.Ending() : nil, choices: choices,
                    location: member.keyLocation, metadata: metadata))
        }
        context.sink.append(contentsOf: sink.diagnostics)
        guard !passages.isEmpty else { throw StoryLoadError(sink.diagnostics) }
        let start = context.requestedStart ?? (passages.contains { $0.id == "intro" } ? "intro" : passages[0].id)
        let title = passages.first { $0.id == start }?.metadata["title"] ?? ""
        return Story(title: title, start: start, passages: passages, format: formatName)
    }
}
