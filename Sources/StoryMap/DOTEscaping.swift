/// Escaping for the two kinds of DOT strings the exporter writes.
public enum DOTEscaping {
    /// A double-quoted DOT string (ids, tooltips, plain labels): backslash and quote are
    /// escaped, so that Graphviz's `\N`, `\G`, `\l` sequences never appear by accident;
    /// line breaks become `\n`; other control characters are dropped.
    public static func quoted(_ text: String) -> String {
        // Most text needs no escaping: copy it whole.
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F }) {
            return "\"" + text + "\""
        }
        // Every byte that needs work is ASCII, and no byte of a multi-byte UTF-8 sequence
        // is: so the escaping can be done on bytes, copying the rest as it is.
        var out: [UInt8] = [0x22]
        out.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            switch byte {
            case 0x5C: out.append(0x5C); out.append(0x5C)  // \ -> \\
            case 0x22: out.append(0x5C); out.append(0x22)  // " -> \"
            case 0x0A: out.append(0x5C); out.append(0x6E)  // line feed -> \n
            case 0x0D, 0x09: out.append(0x20)  // CR, tab -> space
            default:
                if byte < 0x20 || byte == 0x7F { continue }
                out.append(byte)
            }
        }
        out.append(0x22)
        return String(decoding: out, as: UTF8.self)
    }

    /// Text inside an HTML-like label `<…>`: `&`, `<`, `>`, `"` become entities; control
    /// characters (not allowed in XML) are dropped. `{`, `}` and `|` need nothing here:
    /// they are special only in record shapes, which the exporter never uses.
    public static func html(_ text: String) -> String {
        // Bytes that may need work: controls, & < > ", DEL, and 0xEF (U+FFFE/U+FFFF start with it).
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x7F || $0 == 0xEF }) {
            return text
        }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "\n", "\r", "\t": out += " "
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0xFFFE...0xFFFF).contains(scalar.value) { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
