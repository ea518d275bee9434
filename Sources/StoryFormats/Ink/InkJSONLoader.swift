import Foundation
import StoryGraph

/// Compiled ink (`.ink.json`, inklecate's output, the ink runtime's format): read by
/// `InkJSONReader`. Recognised by its `inkVersion` member; a plain `.json` story without
/// one is left to the other JSON formats. The same JSON assigned in a script
/// (`var storyContent = {…};`, as inky's web export writes `story.js`) is read too.
package enum InkJSONLoader: StoryLoader {
    package static let formatName = "ink-json"
    package static let formatDescription = "compiled ink (.ink.json): {\"inkVersion\": …, \"root\": [containers]}"
    package static let fileExtensions = ["json", "js"]
    package static let rules = InkRules.all

    package typealias Parsed = LocatedValue

    /// 20 when the text opens an object whose first member is `inkVersion` (ink writes it
    /// first), or assigns such an object to a variable (`var storyContent = {…}`), else
    /// not this format.
    ///
    /// - Complexity: O(1) to recognise (the first 256 bytes); O(n) to parse.
    package static func recognize(_ source: SourceText, _ parses: SourceParses) -> Recognition<LocatedValue>? {
        guard startsInkJSON(source) || scriptPrefix(source) != nil else { return nil }
        return Recognition(confidence: 20) { () throws(StoryLoadError) -> LocatedValue in try parse(source, parses) }
    }

    /// Whether the first 256 bytes, whitespace left out, begin `{"inkVersion"`. An ASCII
    /// head is read as bytes (its whitespace characters are the bytes 09–0D and 20):
    /// Unicode's whitespace tables on every character of it were a fifth of a small
    /// JSON file's load.
    static func startsInkJSON(_ source: SourceText) -> Bool {
        let head = source.utf8.prefix(256)
        let wanted = Array("{\"inkVersion\"".utf8)
        guard head.allSatisfy({ $0 < 0x80 }) else {
            let text = String(decoding: head, as: UTF8.self)
            return text.filter { !$0.isWhitespace && $0 != "\u{FEFF}" }.hasPrefix("{\"inkVersion\"")
        }
        var k = 0
        for byte in head where !(0x09...0x0D).contains(byte) && byte != 0x20 {
            guard byte == wanted[k] else { return false }
            k += 1
            if k == wanted.count { return true }
        }
        return false
    }

    package static func parse(_ source: SourceText, _ parses: SourceParses) throws(StoryLoadError) -> LocatedValue {
        guard let prefix = scriptPrefix(source) else { return try LocatedValue.parse(json: source, maximumDepth: 1024) }
        // The script's assignment and its closing `;` become spaces: the JSON keeps its
        // lines and columns.
        var bytes = source.utf8
        for i in 0..<prefix { bytes[i] = 0x20 }
        var end = bytes.count
        while end > 0, [0x20, 0x0A, 0x0D, 0x09, 0x3B].contains(bytes[end - 1]) { end -= 1 }
        for i in end..<bytes.count where bytes[i] == 0x3B { bytes[i] = 0x20 }
        let json = try SourceText(path: source.path, data: Data(bytes))
        return try LocatedValue.parse(json: json, maximumDepth: 1024)
    }

    /// The length in bytes of `var name = ` (or `let`, `const`, `window.name =`, a
    /// byte-order mark after the `=`) before a `{"inkVersion"` object, or nil.
    static func scriptPrefix(_ source: SourceText) -> Int? {
        let head = Array(source.utf8.prefix(256))
        var i = 0
        func skipSpace() { while i < head.count, [0x20, 0x0A, 0x0D, 0x09].contains(head[i]) { i += 1 } }
        func word() -> Bool {
            let start = i
            while i < head.count,
                (0x41...0x5A).contains(head[i]) || (0x61...0x7A).contains(head[i]) || (0x30...0x39).contains(head[i])
                    || head[i] == 0x5F || head[i] == 0x24 || head[i] == 0x2E
            {
                i += 1
            }
            return i > start
        }
        skipSpace()
        let keywordStart = i
        guard word() else { return nil }
        let keyword = String(decoding: head[keywordStart..<i], as: UTF8.self)
        if ["var", "let", "const"].contains(keyword) {
            skipSpace()
            guard word() else { return nil }
        }
        skipSpace()
        guard i < head.count, head[i] == 0x3D else { return nil }
        i += 1
        skipSpace()
        while i + 3 <= head.count, head[i] == 0xEF, head[i + 1] == 0xBB, head[i + 2] == 0xBF { i += 3 }
        let object = i
        let rest = String(decoding: head[i...], as: UTF8.self).filter { !$0.isWhitespace }
        return rest.hasPrefix("{\"inkVersion\"") ? object : nil
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
