import StoryGraph

/// Snowman and HTML navigation: `data-passage` attributes.
extension TwineScan {
    // MARK: data-passage

    /// `<a data-passage="P">text</a>` (SugarCube, Snowman): a click to P labelled with the
    /// element's text.
    mutating func dataPassage() {
        let start = i
        var k = start + "data-passage".unicodeScalars.count
        i = k
        while k < s.count && s[k].properties.isWhitespace { k += 1 }
        guard k < s.count, s[k] == "=" else { return }
        k += 1
        while k < s.count && s[k].properties.isWhitespace { k += 1 }
        guard k < s.count, s[k] == "\"" || s[k] == "'" else { return }
        let quote = s[k]
        guard let end = find(String(quote), from: k + 1, sameLine: true) else { return }
        let target = text(k + 1..<end)
        i = end + 1
        guard !target.isEmpty else { return }
        var label = target
        if let tagEnd = find(">", from: end + 1, quotes: true), let textEnd = find("<", from: tagEnd + 1) {
            let inner = text(tagEnd + 1..<textEnd).trimmingTwineSpace()
            if !inner.isEmpty && inner.unicodeScalars.count <= 200 { label = inner }
        }
        // Locate the link at the element's `<` when it is on the same line.
        var open = start
        while open > 0 && s[open] != "<" && s[open] != "\n" && start - open < 500 { open -= 1 }
        add(label, target, kind: .choice, at: s[open] == "<" ? open : start)
    }
}
