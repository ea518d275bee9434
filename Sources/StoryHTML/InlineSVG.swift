import Foundation

/// Graphviz's SVG made fit to sit inside an HTML page: the XML declaration, doctype and
/// generator comment before `<svg` go (an HTML parser reads the `<svg>` element itself),
/// and with a `prefix` every `id` gets it, so a second drawing of the same story repeats
/// no id. Graphviz escapes every label, tooltip and id it writes (`&lt;`, and `&#45;` in
/// comments), so story text stays text.
///
/// The SVG stays bytes: it is appended to the page's bytes in one pass, with no String
/// made of it (a page of 10,000 passages holds 32 MB of SVG).
enum InlineSVG {
    /// Appends `svg`, inlined, to `out`.
    ///
    /// - Complexity: O(n) in the SVG's length, one pass over its bytes.
    static func append(_ svg: Data, prefix: String, to out: inout [UInt8]) {
        svg.withUnsafeBytes { raw in
            let bytes = raw.bindMemory(to: UInt8.self)
            var from = 0
            if let at = find(open, in: bytes, from: 0) { from = at }
            var end = bytes.count
            while end > from && bytes[end - 1] == 0x0A { end -= 1 }
            let inserted = Array(prefix.utf8)
            var i = from
            while !inserted.isEmpty, let at = find(id, in: bytes, from: i), at + id.count <= end {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[i..<(at + id.count)]))
                out.append(contentsOf: inserted)
                i = at + id.count
            }
            if i < end { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[i..<end])) }
        }
    }

    private static let open = Array("<svg".utf8)
    private static let id = Array(" id=\"".utf8)

    /// The first offset of `needle` in `bytes` at or after `from` (memchr for its first
    /// byte, then a compare).
    private static func find(_ needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        guard let first = needle.first, let base = bytes.baseAddress, bytes.count >= needle.count else { return nil }
        var i = from
        let last = bytes.count - needle.count
        while i <= last {
            guard let hit = memchr(base + i, Int32(first), last + 1 - i) else { return nil }
            let at = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if memcmp(base + at, needle, needle.count) == 0 { return at }
            i = at + 1
        }
        return nil
    }
}
