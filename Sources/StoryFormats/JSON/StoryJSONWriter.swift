import StoryGraph

/// Writes a `Story` as storygraph JSON (the format `StoryJSONLoader` reads): one passage
/// a line, keys in a fixed order, so the same story gives the same bytes.
///
/// Strings are escaped as RFC 8259 asks: `"` and `\`, the control characters below
/// U+0020 (`\n`, `\t`… by name, the rest as `\u00XX`); everything else is written as
/// UTF-8. Source locations and loader metadata other than `position` are not written.
/// Conditions and effects are written as their text (`if`, `set`), which reads back as
/// the same data when it is in storygraph JSON's own expression language (a story made
/// by `StoryGenerator`, or one loaded from storygraph JSON).
package enum StoryJSONWriter {
    /// The JSON text of `story`, ending with a newline.
    ///
    /// - Complexity: O(T) for T characters of output.
    package static func json(_ story: Story) -> String {
        var out = "{\"title\":"
        appendString(story.title, to: &out)
        out += ",\"start\":"
        appendString(story.start, to: &out)
        if !story.variables.isEmpty {
            out += ",\"variables\":{"
            for (i, variable) in story.variables.enumerated() {
                if i > 0 { out += "," }
                appendString(variable.name, to: &out)
                out += ":"
                switch variable.initial {
                case .integer(let n)?: out += String(n)
                case .decimal(let d)? where d.isFinite: out += String(d)
                case .boolean(let b)?: out += b ? "true" : "false"
                case .string(let text)?: appendString(text, to: &out)
                default: out += "null"
                }
            }
            out += "}"
        }
        out += ",\"passages\":["
        for (i, passage) in story.passages.enumerated() {
            out += i == 0 ? "\n" : ",\n"
            append(passage, to: &out)
        }
        out += "\n]}\n"
        return out
    }

    private static func append(_ passage: Passage, to out: inout String) {
        out += "{\"id\":"
        appendString(passage.id, to: &out)
        out += ",\"text\":"
        appendString(passage.text, to: &out)
        if !passage.tags.isEmpty {
            out += ",\"tags\":["
            for (i, tag) in passage.tags.enumerated() {
                if i > 0 { out += "," }
                appendString(tag, to: &out)
            }
            out += "]"
        }
        if let ending = passage.ending {
            out += ",\"ending\":"
            if let kind = ending.kind { appendString(kind, to: &out) } else { out += "true" }
        }
        if let position = passage.metadata["position"] {
            out += ",\"position\":"
            appendString(position, to: &out)
        }
        appendEffects(passage.effects, to: &out)
        out += ",\"choices\":["
        for (i, choice) in passage.choices.enumerated() {
            if i > 0 { out += "," }
            out += "{\"text\":"
            appendString(choice.text, to: &out)
            if !choice.isRestart || !choice.target.isEmpty {
                out += ",\"to\":"
                appendString(choice.target, to: &out)
            }
            if let condition = choice.condition {
                out += ",\"if\":"
                appendString(condition.description, to: &out)
            }
            appendEffects(choice.effects, to: &out)
            if choice.isRestart { out += ",\"restart\":true" }
            out += "}"
        }
        out += "]}"
    }

    /// `,"set":[…]` with each effect's text, when there are effects.
    private static func appendEffects(_ effects: [Effect], to out: inout String) {
        guard !effects.isEmpty else { return }
        out += ",\"set\":["
        for (i, effect) in effects.enumerated() {
            if i > 0 { out += "," }
            appendString(effect.text, to: &out)
        }
        out += "]"
    }

    /// Appends `text` as a quoted, escaped JSON string.
    package static func appendString(_ text: String, to out: inout String) {
        out.unicodeScalars.append("\"")
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out.unicodeScalars.append("\"")
    }
}
