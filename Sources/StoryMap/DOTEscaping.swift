/// Escaping for the two kinds of DOT strings the exporter writes.
package enum DOTEscaping {
    /// A double-quoted DOT string (ids, plain labels): backslash and quote are escaped, so
    /// that Graphviz's `\N`, `\G`, `\l` sequences never appear by accident; line breaks
    /// become `\n`; other control characters are dropped, and U+FFFE/U+FFFF (not allowed
    /// in XML, so an SVG holding them would not parse) become U+FFFD.
    package static func quoted(_ text: String) -> String { quoted(text, backslashes: 2) }

    /// A double-quoted `tooltip`: Graphviz substitutes `\N`, `\G`… in tooltips and then
    /// reads `\\` as one backslash, so each backslash of the text is written four times
    /// (a story's `\N` shows as `\N`, not as the node's name).
    package static func tooltip(_ text: String) -> String { quoted(text, backslashes: 4) }

    private static func quoted(_ text: String, backslashes: Int) -> String {
        // Most text needs no escaping: copy it whole.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xEF }) {
            return "\"" + text + "\""
        }
        // Every byte that needs work is ASCII, and no byte of a multi-byte UTF-8 sequence
        // is: so the escaping can be done on bytes, copying the rest as it is. U+FFFE and
        // U+FFFF are EF BF BE and EF BF BF.
        let bytes = Array(text.utf8)
        var out: [UInt8] = [0x22]
        out.reserveCapacity(bytes.count + 16)
        var k = 0
        while k < bytes.count {
            let byte = bytes[k]
            k += 1
            switch byte {
            case 0x5C: out.append(contentsOf: repeatElement(0x5C, count: backslashes)) // \ -> \\
            case 0x22:
                out.append(0x5C)
                out.append(0x22) // " -> \"
            case 0x0A:
                out.append(0x5C)
                out.append(0x6E) // line feed -> \n
            case 0x0D, 0x09: out.append(0x20) // CR, tab -> space
            case 0xEF where k + 1 < bytes.count && bytes[k] == 0xBF && (bytes[k + 1] == 0xBE || bytes[k + 1] == 0xBF):
                out.append(contentsOf: [0xEF, 0xBF, 0xBD]) // U+FFFE, U+FFFF -> U+FFFD
                k += 2
            default:
                if byte < 0x20 || byte == 0x7F { continue }
                out.append(byte)
            }
        }
        out.append(0x22)
        return String(decoding: out, as: UTF8.self)
    }

    /// Text inside an HTML-like label `<…>`: `&`, `<`, `>`, `"` become entities; control
    /// characters and U+FFFE/U+FFFF (not allowed in XML) are dropped; a backslash is
    /// doubled, as Graphviz substitutes `\N`, `\G`, `\E`… in HTML labels too. `{`, `}` and `|` need nothing here:
    /// they are special only in record shapes, which the exporter never uses.
    package static func html(_ text: String) -> String {
        // Bytes that may need work: controls, & < > ", DEL, and 0xEF (U+FFFE/U+FFFF start with it).
        if !text.utf8.contains(where: {
            $0 < 0x20 || $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x7F || $0 == 0xEF || $0 == 0x5C
        }) {
            return text
        }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\\": out += "\\\\"
            case "\n", "\r", "\t": out += " "
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0xFFFE...0xFFFF).contains(scalar.value) { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
