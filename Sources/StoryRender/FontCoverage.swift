internal import CFontconfig
import Foundation

/// Which characters the installed fonts can draw, through fontconfig: the union of every
/// installed font's character set (`FcFontList` with `FC_CHARSET`), asked once per scalar
/// (`FcCharSetHasChar`) and cached. Graphviz's cairo renderer (PNG, PDF) draws a character
/// no font covers as an empty box; SVG leaves fonts to the viewer.
package enum FontCoverage {
    private struct State: @unchecked Sendable {
        var charset: OpaquePointer?
        var loaded = false
        var cache: [UInt32: Bool] = [:]
    }

    nonisolated(unsafe) private static var state = State()
    private static let lock = NSLock()

    /// The scalars of `text` that no installed font covers, each once, in order of first
    /// appearance. Spaces, controls and format characters (nothing to draw) are skipped.
    package static func uncovered(in text: String) -> [Unicode.Scalar] {
        lock.lock()
        defer { lock.unlock() }
        load()
        var seen = Set<UInt32>()
        var missing: [Unicode.Scalar] = []
        for scalar in text.unicodeScalars where scalar.value >= 0x80 && seen.insert(scalar.value).inserted {
            switch scalar.properties.generalCategory {
            case .control, .format, .spaceSeparator, .lineSeparator, .paragraphSeparator, .nonspacingMark,
                .enclosingMark:
                continue
            default: break
            }
            if !covers(scalar.value) { missing.append(scalar) }
        }
        return missing
    }

    /// Whether some installed font covers `scalar`.
    package static func covers(_ scalar: Unicode.Scalar) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        load()
        return covers(scalar.value)
    }

    private static func covers(_ value: UInt32) -> Bool {
        if let known = state.cache[value] { return known }
        let has = state.charset.map { FcCharSetHasChar($0, value) != 0 } ?? false
        state.cache[value] = has
        return has
    }

    /// The union of the installed fonts' character sets (no fonts, or no fontconfig
    /// configuration: an empty set, so everything past ASCII is reported).
    private static func load() {
        guard !state.loaded else { return }
        state.loaded = true
        guard let config = FcInitLoadConfigAndFonts() else { return }
        defer { FcConfigDestroy(config) }
        guard let pattern = FcPatternCreate() else { return }
        defer { FcPatternDestroy(pattern) }
        guard let objects = FcObjectSetCreate() else { return }
        defer { FcObjectSetDestroy(objects) }
        _ = FcObjectSetAdd(objects, FC_CHARSET)
        guard let fonts = FcFontList(config, pattern, objects) else { return }
        defer { FcFontSetDestroy(fonts) }
        guard let union = FcCharSetCreate() else { return }
        let set = fonts.pointee
        for i in 0..<Int(set.nfont) {
            guard let font = set.fonts[i] else { continue }
            var charset: OpaquePointer?
            if FcPatternGetCharSet(font, FC_CHARSET, 0, &charset) == FcResultMatch, let charset {
                _ = FcCharSetMerge(union, charset, nil)
            }
        }
        state.charset = union
    }
}
