import StoryGraph

/// One linear pass over a Twine HTML file before libxml2 reads it, for the two things
/// libxml2 does badly with hostile input:
/// - a numeric character reference to U+0000 (`&#0;`, `&#x00;`) ends the C string that
///   holds an attribute or a text, cutting a passage's name short: it is rewritten as
///   `&#xFFFD;` (what HTML itself decodes it to);
/// - libxml2 compares each attribute of a tag with every earlier one, so a tag with
///   100,000 attributes takes most of a minute: more than `maximumAttributes` on one tag
///   is refused, with the line of the tag.
///
/// The contents of `<script>` and `<style>` (a story format's code) are skipped, as HTML
/// does. Line breaks are never added or removed, so libxml2's line numbers stay right.
///
/// - Complexity: O(n) for n bytes.
enum HTMLPreflight {
    /// The most attributes storygraph lets libxml2 read on one tag (Twine writes at most
    /// about ten).
    static let maximumAttributes = 1_000

    struct TooManyAttributes: Error {
        var line: Int
        var count: Int
    }

    /// The bytes to hand to libxml2.
    static func prepare(_ bytes: [UInt8]) throws(TooManyAttributes) -> [UInt8] {
        var out: [UInt8] = []
        var rewrote = false
        var line = 1
        var i = 0
        let n = bytes.count
        func isLetter(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A }
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C }
        func startsRawText(at k: Int) -> [UInt8]? {
            for name in [Array("script".utf8), Array("style".utf8)] where k + name.count <= n {
                if zip(bytes[k..<(k + name.count)], name).allSatisfy({ ($0 | 0x20) == $1 }) { return name }
            }
            return nil
        }
        /// The end of a reference to U+0000 at `k` (`&#0…;`, `&#x0…;`, the semicolon
        /// optional as in HTML), if one starts there.
        func zeroReference(at k: Int) -> Int? {
            guard bytes[k] == 0x26, k + 2 < n, bytes[k + 1] == 0x23 else { return nil }
            var j = k + 2
            let hex = (bytes[j] | 0x20) == 0x78
            if hex { j += 1 }
            let digitsStart = j
            while j < n && bytes[j] == 0x30 { j += 1 }
            guard j > digitsStart, !(j < n && (hex ? Self.isHexDigit(bytes[j]) : Self.isDigit(bytes[j]))) else {
                return nil
            }
            return j < n && bytes[j] == 0x3B ? j + 1 : j
        }
        /// Writes U+FFFD's reference for the one at `k`, copying what came before it once.
        func replace(from k: Int) {
            if !rewrote {
                out = Array(bytes[0..<k])
                rewrote = true
            }
            out.append(contentsOf: Array("&#xFFFD;".utf8))
        }
        while i < n {
            let b = bytes[i]
            if b == 0x0A { line += 1 }
            if let end = zeroReference(at: i) {
                replace(from: i)
                i = end
                continue
            }
            if b == 0x3C, i + 1 < n, isLetter(bytes[i + 1]) { // a start tag
                let raw = startsRawText(at: i + 1)
                var k = i + 1
                while k < n && !isSpace(bytes[k]) && bytes[k] != 0x3E && bytes[k] != 0x2F { k += 1 }
                var attributes = 0
                var quote: UInt8 = 0
                var inName = false
                if rewrote { out.append(contentsOf: bytes[i..<k]) }
                while k < n {
                    let c = bytes[k]
                    if c == 0x0A { line += 1 }
                    if let end = zeroReference(at: k) {
                        replace(from: k)
                        k = end
                        continue
                    }
                    if rewrote { out.append(c) }
                    if quote != 0 {
                        if c == quote { quote = 0 }
                    } else if c == 0x22 || c == 0x27 {
                        quote = c
                        inName = false
                    } else if c == 0x3E {
                        break
                    } else if isSpace(c) || c == 0x3D || c == 0x2F {
                        inName = false
                    } else if !inName && (k == 0 || bytes[k - 1] != 0x3D) {
                        inName = true
                        attributes += 1
                        if attributes > maximumAttributes { throw TooManyAttributes(line: line, count: attributes) }
                    }
                    k += 1
                }
                i = k + 1
                if let raw {
                    // Up to the closing tag, as it is.
                    var e = min(i, n)
                    while e < n {
                        if bytes[e] == 0x0A { line += 1 }
                        if bytes[e] == 0x3C, e + 2 + raw.count <= n, bytes[e + 1] == 0x2F,
                            zip(bytes[(e + 2)..<(e + 2 + raw.count)], raw).allSatisfy({ ($0 | 0x20) == $1 })
                        {
                            break
                        }
                        e += 1
                    }
                    if rewrote { out.append(contentsOf: bytes[min(i, n)..<e]) }
                    i = e
                }
                continue
            }
            if rewrote { out.append(b) }
            i += 1
        }
        return rewrote ? out : bytes
    }

    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }
    static func isHexDigit(_ b: UInt8) -> Bool { isDigit(b) || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x66) }
}
