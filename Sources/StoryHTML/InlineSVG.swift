import Foundation

/// Graphviz's SVG made fit to sit inside an HTML page: the XML declaration, doctype and
/// generator comment before `<svg` go (an HTML parser reads the `<svg>` element itself),
/// and with a `prefix` every `id` gets it, so a second drawing of the same story repeats
/// no id. Graphviz escapes every label, tooltip and id it writes (`&lt;`, and `&#45;` in
/// comments), so story text stays text.
enum InlineSVG {
    static func inline(_ svg: String, prefix: String) -> String {
        var body = Substring(svg)
        if let open = svg.range(of: "<svg") { body = svg[open.lowerBound...] }
        var text = String(body)
        while text.hasSuffix("\n") { text.removeLast() }
        guard !prefix.isEmpty else { return text }
        return text.replacingOccurrences(of: " id=\"", with: " id=\"" + prefix)
    }
}
