import StoryGraph

/// Ren'Py's `[var]` interpolation in say text, for what the reader is shown (`play`, the
/// map, the graph's word counts): a name whose value is known where the line is said is
/// replaced by its value, as Ren'Py formats it; the rest is kept as written. A value is
/// known after a constant assignment earlier in the same passage (`$ name = "Ann"`,
/// until something else may write it) and for a `define` with a constant value. Ren'Py's
/// conversions `!u` (upper case), `!l` (lower), `!c` (first letter capital), `!s`, `!t`
/// and a `:.Nf` format of a number are applied; any other (`!r`, `!q`, `!i`, another
/// format, an attribute or an index) leaves the whole `[…]` as written. `[[` is a
/// bracket, not an interpolation. lint's word counts read the raw text and are not
/// changed.
/// Storygraph's expression, named apart from Foundation's `Expression`.
typealias RenPyValue = Expression

enum RenPyInterpolation {
    /// `text` with the known values in place.
    static func interpolate(_ text: String, known: [String: Expression]) -> String {
        guard !known.isEmpty, text.contains("[") else { return text }
        let s = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        while i < s.count {
            guard s[i] == "[" else {
                out.append(s[i])
                i += 1
                continue
            }
            if i + 1 < s.count, s[i + 1] == "[" {
                out.append(contentsOf: "[[".unicodeScalars)
                i += 2
                continue
            }
            var j = i + 1
            while j < s.count, s[j] != "]", s[j] != "[" { j += 1 }
            guard j < s.count, s[j] == "]" else {
                out.append(s[i])
                i += 1
                continue
            }
            let inside = String(String.UnicodeScalarView(s[(i + 1)..<j]))
            if let value = Self.value(inside, known: known) {
                out.append(contentsOf: value.unicodeScalars)
            } else {
                out.append(contentsOf: s[i...j])
            }
            i = j + 1
        }
        return String(out)
    }

    /// The text of `name!conversion:format` when the name's value is known and the rest
    /// is read; nil otherwise.
    private static func value(_ inside: String, known: [String: Expression]) -> String? {
        var name = Substring(inside)
        var format: Substring?
        if let colon = name.firstIndex(of: ":") {
            format = name[name.index(after: colon)...]
            name = name[..<colon]
        }
        var conversion: Substring?
        if let bang = name.firstIndex(of: "!") {
            conversion = name[name.index(after: bang)...]
            name = name[..<bang]
        }
        let variable = RenPyExpressionParser.variableName(String(name))
        guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." }),
            variable == String(name) || name.hasPrefix("store."), let expression = known[variable]
        else { return nil }
        var text: String
        switch expression {
        case .string(let s): text = s
        case .integer(let n): text = String(n)
        case .boolean(let b): text = b ? "True" : "False"
        case .decimal(let d): text = "\(d)"
        default: return nil
        }
        if let format {
            guard format.hasPrefix("."), format.hasSuffix("f"), let digits = Int(format.dropFirst().dropLast()),
                digits <= 20
            else { return nil }
            switch expression {
            case .integer(let n): text = digits == 0 ? String(n) : String(n) + "." + String(repeating: "0", count: digits)
            case .decimal(let d): text = fixed(d, digits: digits) ?? text
            default: return nil
            }
        }
        for c in conversion ?? "" {
            switch c {
            case "u": text = text.uppercased()
            case "l": text = text.lowercased()
            case "c": text = text.prefix(1).uppercased() + text.dropFirst()
            case "s", "t": break
            default: return nil
            }
        }
        return text
    }

    /// `d` with `digits` decimals (nil past the range storygraph formats exactly).
    private static func fixed(_ d: Double, digits: Int) -> String? {
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(d) * scale).rounded(.toNearestOrEven)
        guard scaled.isFinite, scaled < 1e15 else { return nil }
        let whole = Int(scaled)
        var decimals = String(whole % Int(scale))
        decimals = String(repeating: "0", count: max(0, digits - decimals.count)) + decimals
        let sign = d < 0 && whole != 0 ? "-" : ""
        return sign + String(whole / Int(scale)) + (digits > 0 ? "." + decimals : "")
    }

    /// A value an interpolation shows as it is: a constant string, number or truth value.
    static func isShown(_ e: Expression) -> Bool {
        switch e {
        case .string, .integer, .decimal, .boolean: return true
        default: return false
        }
    }
}
