import Foundation

/// Compiled ink (`.ink.json`, inklecate's output, the ink runtime's format): read by
/// `InkJSONReader`. Recognised by its `inkVersion` member; a plain `.json` story without
/// one is left to the other JSON formats.
public enum InkJSONLoader: StoryLoader {
    public static let formatName = "ink-json"
    public static let formatDescription = "compiled ink (.ink.json): {\"inkVersion\": …, \"root\": [containers]}"
    public static let fileExtensions = ["json"]

    /// 20 when the text opens an object whose first member is `inkVersion` (ink writes it
    /// first), else 0.
    ///
    /// - Complexity: O(1): looks at the first 64 bytes.
    public static func confidence(for source: SourceText) -> Int {
        let head = String(decoding: source.utf8.prefix(64), as: UTF8.self)
        let compact = head.filter { !$0.isWhitespace }
        return compact.hasPrefix("{\"inkVersion\"") ? 20 : 0
    }

    public static func load(_ sources: [SourceText], options: LoadOptions) throws(StoryLoadError) -> LoadResult {
        let source = sources[0]
        let json = try LocatedJSON.parse(source, maximumDepth: 1024)
        guard let root = json["root"], root.elements != nil else {
            throw StoryLoadError("compiled ink without a \"root\" container", at: json.location, rule: "ink-json")
        }
        var name = (source.path as NSString).lastPathComponent
        for suffix in [".json", ".ink"] where name.hasSuffix(suffix) { name = String(name.dropLast(suffix.count)) }
        var reader = InkJSONReader()
        let story = reader.story(file: source.path, root: root, title: name)
        return LoadResult(story: story, diagnostics: reader.diagnostics)
    }
}
