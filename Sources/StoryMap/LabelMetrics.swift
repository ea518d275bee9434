/// The size Graphviz gives a box for a label, estimated before Graphviz runs, so that a
/// layout we compute ourselves (`--layout twine`) can keep boxes apart.
///
/// The estimate is meant to be an upper bound: Graphviz sizes a box by the text it
/// measures, plus its margin, and never below its `width` and `height`; a layout that
/// sets those to this estimate gets boxes of exactly this size wherever the fonts are no
/// wider than the ones measured.
package enum LabelMetrics {
    /// Advance widths of ASCII 32–126 in thousandths of the font size: the widest of
    /// Graphviz 2.43's measurements (cairo and pango, "Helvetica" resolved by fontconfig
    /// to DejaVu Sans, wider than Liberation Sans and Helvetica) at 8, 9, 10, 11, 12 and
    /// 100 points, rounded up.
    static let asciiWidths: [UInt16] = [
        341, 417, 500, 844, 667, 975, 780, 300, 417, 417, 525, 844, 341, 375, 341, 375,
        667, 667, 667, 667, 667, 667, 667, 667, 667, 667, 375, 375, 844, 844, 844, 563,
        1032, 745, 688, 698, 773, 667, 600, 773, 750, 334, 334, 682, 584, 900, 750, 819,
        625, 819, 698, 667, 614, 750, 688, 1032, 688, 657, 688, 417, 375, 417, 844, 525,
        525, 657, 667, 584, 667, 650, 346, 667, 667, 300, 300, 600, 300, 1000, 667, 650,
        667, 667, 417, 563, 417, 667, 614, 844, 614, 614, 563, 667, 375, 667, 844,
    ]

    /// Line height as a multiple of the font size (Graphviz measured 12 points a line of
    /// 11-point text).
    static let lineHeight = 1.15
    /// Points added to every estimate for rounding and kerning.
    static let slack = 4.0

    /// The width of one line of text in points.
    ///
    /// - Complexity: O(n) in the characters of the line.
    package static func width(of line: String, pointSize: Double) -> Double {
        var thousandths = 0.0
        for character in line {
            if character.isASCII, let scalar = character.unicodeScalars.first,
                scalar.value >= 32, scalar.value < 127
            {
                thousandths += Double(asciiWidths[Int(scalar.value) - 32])
            } else {
                thousandths += wide(character) ? 1_000 : 800
            }
        }
        return thousandths * pointSize / 1_000
    }

    /// A character that takes a full em: Hangul, CJK, kana, full-width forms, emoji.
    static func wide(_ character: Character) -> Bool {
        guard let value = character.unicodeScalars.first?.value else { return false }
        switch value {
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
            0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1FAFF, 0x20000...0x3FFFD:
            return true
        default:
            return character.unicodeScalars.first?.properties.isEmojiPresentation ?? false
        }
    }

    /// The box of a label of `lines` (each with its font size) with a margin of
    /// `margin` inches either side (Graphviz's `margin="x,y"`), never below `minimum`
    /// points (Graphviz's default `width` and `height`: 0.75 × 0.5 inches).
    ///
    /// - Complexity: O(n) in the characters of the label.
    package static func box(
        _ lines: [(text: String, pointSize: Double)], margin: (x: Double, y: Double),
        minimum: (width: Double, height: Double) = (54, 36)
    ) -> (width: Double, height: Double) {
        var width = 0.0
        var height = 0.0
        for line in lines {
            width = max(width, Self.width(of: line.text, pointSize: line.pointSize))
            height += line.pointSize * lineHeight
        }
        return (
            width: max(minimum.width, (width + 2 * margin.x * 72 + slack).rounded(.up)),
            height: max(minimum.height, (height + 2 * margin.y * 72 + slack).rounded(.up))
        )
    }
}
