import Foundation

/// Graphviz's SVG made fit to sit inside an HTML page: the XML declaration, doctype and
/// generator comment before `<svg` go (an HTML parser reads the `<svg>` element itself),
/// and with a `prefix` every `id` gets it, so a second drawing of the same story repeats
/// no id. Graphviz escapes every label, tooltip and id it writes (`&lt;`, and `&#45;` in
/// comments), so story text stays text.
enum InlineSVG {
    /// - Complexity: O(n) in the SVG's length, one pass over its bytes.
    static func inline(_ svg: String, prefix: String) -> String {
        var svg = svg
        return svg.withUTF8 { bytes in
            let open = Array("<svg".utf8)
            let id = Array(" id=\"".utf8)
            var from = 0
            if let at = find(open, in: bytes, from: 0) { from = at }
            var end = bytes.count
            while end > from && bytes[end - 1] == 0x0A { end -= 1 }
            let inserted = Array(prefix.utf8)
            var out: [UInt8] = []
            out.reserveCapacity(end - from)
            var i = from
            while !inserted.isEmpty, let at = find(id, in: bytes, from: i), at + id.count <= end {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[i..<(at + id.count)]))
                out.append(contentsOf: inserted)
                i = at + id.count
            }
            out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[i..<end]))
            return String(decoding: out, as: UTF8.self)
        }
    }

    /// The first offset of `needle` in `bytes` at or after `from`.
    private static func find(_ needle: [UInt8], in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        guard let first = needle.first, bytes.count >= needle.count else { return nil }
        var i = from
        let last = bytes.count - needle.count
        while i <= last {
            if bytes[i] == first {
                var k = 1
                while k < needle.count && bytes[i + k] == needle[k] { k += 1 }
                if k == needle.count { return i }
            }
            i += 1
        }
        return nil
    }
}
