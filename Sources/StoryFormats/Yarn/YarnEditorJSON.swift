import Foundation
import StoryGraph

/// The Yarn editor's JSON (`[{"title": "Start", "tags": "", "body": "…", "position":
/// {"x": 0, "y": 0}}, …]`), recognised by its content: an array of objects that have both
/// `title` and `body`. Each node is located at the line of its `"title"` key; the lines of
/// its body, which is one JSON string, at the line of its `"body"` key.
enum YarnEditorJSON {
    /// Whether the text is an array whose first object has `"title"` and `"body"` keys.
    static func looksLikeEditorJSON(_ source: SourceText) -> Bool {
        guard source.firstScalar(within: 1 << 10, where: { !$0.properties.isWhitespace }) == "[" else { return false }
        let head = String(decoding: source.utf8.prefix(1 << 16), as: UTF8.self)
        return head.contains("\"title\"") && head.contains("\"body\"")
    }

    static func nodes(in source: SourceText) throws(StoryLoadError) -> ([YarnNode], [Diagnostic]) {
        let array: [Any]
        do {
            guard let value = try JSONSerialization.jsonObject(with: Data(source.utf8)) as? [Any] else {
                throw StoryLoadError(
                    "the Yarn editor's JSON is an array of nodes; this is not an array", at: source.location(at: 0),
                    rule: YarnRules.syntax.id)
            }
            array = value
        } catch let error as StoryLoadError {
            throw error
        } catch {
            throw StoryLoadError(
                "not valid JSON: \(error.localizedDescription)", at: source.location(at: 0),
                rule: FormatRules.jsonSyntax.id)
        }
        let titleLines = keyLines("\"title\"", in: source)
        let bodyLines = keyLines("\"body\"", in: source)
        var nodes: [YarnNode] = []
        var diagnostics: [Diagnostic] = []
        for (k, item) in array.enumerated() {
            let titleLine = k < titleLines.count ? titleLines[k] : 1
            let bodyLine = k < bodyLines.count ? bodyLines[k] : titleLine
            let location = SourceLocation(file: source.path, line: titleLine)
            guard let object = item as? [String: Any], let title = object["title"] as? String else {
                diagnostics.append(
                    Diagnostic(
                        .error, "node \(k + 1) of the array has no \"title\" string; it is skipped", at: location,
                        rule: YarnRules.syntax.id))
                continue
            }
            var headers: [(key: String, value: String)] = [("title", title)]
            if let tags = object["tags"] as? String, !tags.isEmpty { headers.append(("tags", tags)) }
            if let position = object["position"] as? [String: Any], let x = position["x"], let y = position["y"] {
                headers.append(("position", "\(x),\(y)"))
            }
            let body = (object["body"] as? String) ?? ""
            let lines = body.yarnLines().map { (String($0), bodyLine) }
            let (parsed, findings) = YarnBodyParser.parse(lines, file: source.path)
            diagnostics += findings
            nodes.append(YarnNode(title: title, headers: headers, body: parsed, location: location))
        }
        return (nodes, diagnostics)
    }

    /// The 1-based lines on which `key` appears, in order (an approximation that holds
    /// for the editor's output, where keys are never inside strings of other keys).
    private static func keyLines(_ key: String, in source: SourceText) -> [Int] {
        let needle = Array(key.utf8)
        var lines: [Int] = []
        var line = 1
        let bytes = source.utf8
        var i = 0
        var inString = false
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x0A { line += 1 }
            if inString {
                if b == 0x5C {
                    i += 2
                    continue
                }
                if b == 0x22 { inString = false }
                i += 1
                continue
            }
            if b == 0x22 {
                if i + needle.count <= bytes.count, Array(bytes[i..<(i + needle.count)]) == needle {
                    var j = i + needle.count
                    while j < bytes.count, bytes[j] == 0x20 || bytes[j] == 0x09 || bytes[j] == 0x0A || bytes[j] == 0x0D
                    { j += 1 }
                    if j < bytes.count, bytes[j] == 0x3A { lines.append(line) }
                }
                inString = true
            }
            i += 1
        }
        return lines
    }
}
