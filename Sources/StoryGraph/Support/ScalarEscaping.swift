/// Text with some Unicode scalars replaced: the one loop under the HTML escaping of
/// report text and the `\u` escaping of JSON embedded in a page.
package enum ScalarEscaping {
    /// `text` with each scalar for which `replacement` gives a string replaced by it.
    ///
    /// - Complexity: O(n) in the scalars of `text`.
    package static func escaped(_ text: String, _ replacement: (Unicode.Scalar) -> String?) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let replaced = replacement(scalar) { out += replaced } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }
}
