/// How many terminal columns text takes, as terminals draw it (the rule of `wcwidth`,
/// Markus Kuhn 2007, applied per grapheme cluster as current terminals do): East Asian
/// Wide and Fullwidth characters (Hangul syllables and jamo, CJK ideographs, kana,
/// fullwidth forms) and emoji shown as emoji take 2 columns; combining marks, format
/// characters and the jamo that join a syllable take none; everything else takes 1.
package enum DisplayWidth {
    /// The columns of `text`.
    /// - Complexity: O(n).
    package static func of(_ text: String) -> Int {
        // Plain ASCII (most ids and figures): one column a byte.
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.utf8.count }
        return text.reduce(0) { $0 + of($1) }
    }

    /// The columns of one grapheme cluster: its first scalar decides, except that an emoji
    /// presentation (by default or asked for with VS16, U+FE0F) is 2.
    package static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if first.properties.isEmojiPresentation
            || (first.properties.isEmoji && scalars.contains("\u{FE0F}"))
        {
            return 2
        }
        return of(first)
    }

    /// The columns of a scalar on its own.
    package static func of(_ scalar: Unicode.Scalar) -> Int {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        let v = scalar.value
        if (0x1160...0x11FF).contains(v) || (0xD7B0...0xD7FF).contains(v) { return 0 } // medial and final jamo
        if scalar.properties.isEmojiPresentation { return 2 }
        return wide.contains { $0.contains(v) } ? 2 : 1
    }

    /// `text` padded with spaces on the right to `width` columns.
    package static func rightPadded(_ text: String, to width: Int) -> String {
        let columns = of(text)
        return columns >= width ? text : text + String(repeating: " ", count: width - columns)
    }

    /// `text` padded with spaces on the left to `width` columns.
    package static func leftPadded(_ text: String, to width: Int) -> String {
        let columns = of(text)
        return columns >= width ? text : String(repeating: " ", count: width - columns) + text
    }

    /// East Asian Wide (W) and Fullwidth (F) blocks, from Unicode's EastAsianWidth.txt,
    /// merged into the blocks they fill (emoji are told by their own property).
    static let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F, // Hangul Jamo, leading consonants
        0x2329...0x232A, // angle brackets
        0x2E80...0x303E, // CJK radicals, Kangxi, ideographic description, CJK symbols and punctuation
        0x3041...0x33FF, // kana, Bopomofo, Hangul compatibility jamo, Kanbun, CJK strokes, enclosed and compatibility
        0x3400...0x4DBF, // CJK extension A
        0x4E00...0x9FFF, // CJK unified ideographs
        0xA000...0xA4CF, // Yi
        0xA960...0xA97F, // Hangul Jamo extended A
        0xAC00...0xD7A3, // Hangul syllables
        0xF900...0xFAFF, // CJK compatibility ideographs
        0xFE10...0xFE19, // vertical forms
        0xFE30...0xFE6F, // CJK compatibility forms, small form variants
        0xFF00...0xFF60, // fullwidth forms
        0xFFE0...0xFFE6, // fullwidth signs
        0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1B000...0x1B2FF, // Tangut, Khitan, kana supplement, Nüshu
        0x1F200...0x1F2FF, // enclosed ideographic supplement
        0x20000...0x3FFFD, // CJK extensions B and beyond
    ]
}
