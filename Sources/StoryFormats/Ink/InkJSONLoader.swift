import Foundation
import StoryGraph

/// Compiled ink (`.ink.json`, inklecate's output, the ink runtime's format): read by
/// `InkJSONReader`. Recognised by its `inkVersion` member; a plain `.json` story without
/// one is left to the other JSON formats.
package enum InkJSONLoader: StoryLoader {
    package static let formatName = "ink-json"
    package static let formatDescription = "compiled ink (.ink.json): {\"inkVersion\": …, \"root\": [containers]}"
    package static let fileExtensions = ["json"]
    package static let rules = InkRules.all

    package typealias Parsed = LocatedValue

    /// 20 when the text opens an object whose first member is `inkVersion` (ink writes it
    /// first), else not this format.
    ///
    /// - Complexity: O(1) to recognise (the first 64 bytes); O(n) to parse.
    package static func recognize(_ source: SourceText, _ parses: SourceParses) -> Recognition<LocatedValue>? {
        let head = String(decoding: source.utf8.prefix(64), as: UTF8.self)
        guard head.filter({ !$0.isWhitespace }).hasPrefix("{\"inkVersion\"") else { return nil }
        return Recognition(confidence: 20) { () throws(StoryLoadError) -> LocatedValue in try parse(source, parses) }
    }

    package static func parse(_ source: SourceText, _ parses: SourceParses) throws(StoryLoadError) -> LocatedValue {
        try LocatedValue.parse(json: source, maximumDepth: 1024)
    }

    package static func load(_ files: [ParsedSource<LocatedValue>], context: inout LoadContext) throws(StoryLoadError)
        -> Story
    {
        let json = files[0].parsed
        guard let root = json["root"], root.elements != nil else {
            throw StoryLoadError(InkRules.compiled, "compiled ink without a \"root\" container", at: json.location)
        }
        var reader = InkJSONReader()
        var story = reader.story(file: files[0].source.path, root: root, title: "")
        story.title = ""
        context.sink.append(contentsOf: reader.diagnostics)
        return story
    }
}
