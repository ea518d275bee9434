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
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            case "\r", "\t": out += " "
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
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
