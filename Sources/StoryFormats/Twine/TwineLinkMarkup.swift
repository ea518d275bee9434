import StoryGraph

/// One piece of Twine link markup, `[[…]]`, read once: what the reader sees and where it
/// goes. The link scanner (links → choices) and the readable text (the map's labels) both
/// take their label and target from here, so the two cannot disagree.
struct TwineLinkMarkup: Sendable, Hashable {
    /// The label the reader sees (the target when the markup gives none).
    var label: String
    /// The target as written, trimmed; empty when the markup names none.
    var target: String
    /// A link that leaves the story (`https://…`, `mailto:…`): not a passage.
    var isExternal: Bool
    /// SugarCube's setter (`[[Go|P][$key to true]]`), as written; nil when there is none.
    var setter: String?

    /// Whether following the link goes to a passage of the story.
    var isPassageLink: Bool { !target.isEmpty && !isExternal }

    /// Splits the inside of link markup (`Text->Target`, `Target<-Text`, `Text|Target`,
    /// `Target`, each with an optional `][setter]`) into label and target, as Twine 2
    /// reads it: the rightmost `->`, else the leftmost `<-`, else the rightmost `|`.
    init(content: String) {
        if let markup = content.utf8.withContiguousStorageIfAvailable(TwineLinkMarkup.init(ascii:)), let markup {
            self = markup
            return
        }
        var body = content
        var setter: String?
        if let found = body.range(of: "][") {
            setter = String(body[found.upperBound...])
            body = String(body[..<found.lowerBound])
        }
        self.setter = setter
        var text = body
        var target = body
        if let arrow = body.range(of: "->", options: .backwards), !body[arrow.upperBound...].isEmpty {
            text = String(body[..<arrow.lowerBound])
            target = String(body[arrow.upperBound...])
        } else if let arrow = body.range(of: "<-"), !body[..<arrow.lowerBound].isEmpty {
            target = String(body[..<arrow.lowerBound])
            text = String(body[arrow.upperBound...])
        } else if let bar = body.range(of: "|", options: .backwards), !body[bar.upperBound...].isEmpty {
            text = String(body[..<bar.lowerBound])
            target = String(body[bar.upperBound...])
        }
        self.target = target.trimmingTwineSpace()
        let label = text.trimmingTwineSpace()
        self.label = label.isEmpty ? self.target : label
        self.isExternal = TwineLinkMarkup.isExternal(self.target)
    }

    /// The same reading as `init(content:)` over the bytes of content that is all ASCII
    /// (where each scalar is a byte and a character, so Foundation's search for `][`,
    /// `->`, `<-` and `|` finds what a byte search finds); nil for any other content.
    ///
    /// - Complexity: O(n) for n bytes.
    private init?(ascii b: UnsafeBufferPointer<UInt8>) {
        for byte in b where byte >= 0x80 { return nil }
        func first(_ x: UInt8, _ y: UInt8?, in r: Range<Int>) -> Int? {
            var k = r.lowerBound
            while k < r.upperBound {
                if b[k] == x, y == nil || (k + 1 < r.upperBound && b[k + 1] == y!) { return k }
                k += 1
            }
            return nil
        }
        func last(_ x: UInt8, _ y: UInt8?, in r: Range<Int>) -> Int? {
            var k = r.upperBound - (y == nil ? 1 : 2)
            while k >= r.lowerBound {
                if b[k] == x, y == nil || b[k + 1] == y! { return k }
                k -= 1
            }
            return nil
        }
        func trimmed(_ r: Range<Int>) -> String {
            var lower = r.lowerBound
            var upper = r.upperBound
            while lower < upper, Unicode.Scalar(b[lower]).isSpaceFast { lower += 1 }
            while upper > lower, Unicode.Scalar(b[upper - 1]).isSpaceFast { upper -= 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: b[lower..<upper]), as: UTF8.self)
        }
        var body = 0..<b.count
        if let found = first(UInt8(ascii: "]"), UInt8(ascii: "["), in: body) {
            setter = String(decoding: UnsafeBufferPointer(rebasing: b[(found + 2)...]), as: UTF8.self)
            body = 0..<found
        } else {
            setter = nil
        }
        var text = body
        var target = body
        if let arrow = last(UInt8(ascii: "-"), UInt8(ascii: ">"), in: body), arrow + 2 < body.upperBound {
            text = 0..<arrow
            target = (arrow + 2)..<body.upperBound
        } else if let arrow = first(UInt8(ascii: "<"), UInt8(ascii: "-"), in: body), arrow > 0 {
            target = 0..<arrow
            text = (arrow + 2)..<body.upperBound
        } else if let bar = last(UInt8(ascii: "|"), nil, in: body), bar + 1 < body.upperBound {
            text = 0..<bar
            target = (bar + 1)..<body.upperBound
        }
        self.target = trimmed(target)
        let label = trimmed(text)
        self.label = label.isEmpty ? self.target : label
        self.isExternal = TwineLinkMarkup.isExternal(self.target)
    }

    /// The label and target of markup that links to a passage; nil for an external link
    /// or an empty target.
    static func passageLink(_ content: String) -> (text: String, target: String)? {
        let markup = TwineLinkMarkup(content: content)
        return markup.isPassageLink ? (markup.label, markup.target) : nil
    }

    /// `scheme://…`: Twine's test for a link that leaves the story.
    static func isExternal(_ target: String) -> Bool {
        // No `:` at all (most names): no search.
        guard target.utf8.contains(UInt8(ascii: ":")) else { return false }
        guard let colon = target.range(of: "://") else { return false }
        let scheme = target[..<colon.lowerBound]
        guard !scheme.isEmpty,
            scheme.unicodeScalars.allSatisfy({ $0.isAlphabeticFast || ("0"..."9").contains($0) || $0 == "_" })
        else { return false }
        return target[colon.upperBound...].unicodeScalars.contains { $0 != "/" }
    }
}

extension TwineLinkMarkup {
    /// URI schemes that leave the story without `//` (`mailto:`, `tel:`…); any scheme
    /// followed by `://` leaves it too (`isExternal`).
    static let schemes: Set<String> = [
        "mailto", "tel", "sms", "javascript", "data", "news", "geo", "magnet", "xmpp", "irc",
        "callto", "facetime", "skype", "sip", "urn", "about", "blob", "file", "ftp", "http",
        "https", "steam", "market", "spotify", "slack", "whatsapp", "maps",
    ]

    /// Whether a target is a URI (`mailto:a@b.org`, `tel:+441234`, `https://…`): a link
    /// that leaves the story, when no passage has that name (a passage named
    /// `Tel:Aviv` is still a passage).
    static func isURI(_ target: String) -> Bool {
        if isExternal(target) { return true }
        guard let colon = target.firstIndex(of: ":") else { return false }
        let rest = target[target.index(after: colon)...]
        guard let next = rest.unicodeScalars.first, !next.isSpaceFast else { return false }
        return schemes.contains(target[..<colon].lowercased())
    }
}

/// Finds `[[…]]` link markup in a passage's scalars, as the link scanner and the readable
/// text both need it: `[[` (not `[[[`) closed by `]]` on the same line, at most
/// `maximumSearch` scalars ahead. Once a search for `]]` ran to the end of its line, later
/// `[[` on that line cannot close either, so each line is searched in vain at most once.
///
/// - Complexity: O(n) over all the calls on one text of n scalars.
struct TwineLinkMarkupReader {
    static let maximumSearch = 1 << 16

    /// What `read(_:at:)` found at a `[[`.
    enum Found {
        /// Markup with its offset just past the closing `]]`.
        case link(TwineLinkMarkup, end: Int)
        /// Nothing closes this `[[` on its line (Twine shows it as text); `first` is true
        /// for the first such `[[` of its line, the one to report.
        case unclosed(first: Bool)
    }

    private var noCloseBefore = -1
    /// Scalars inspected so far (the scanner charges them to its look-ahead budget).
    private(set) var inspected = 0

    /// Whether `[[` at `offset` opens link markup (and not `[[[`).
    static func opens(_ s: [Unicode.Scalar], at offset: Int) -> Bool {
        offset + 1 < s.count && s[offset] == "[" && s[offset + 1] == "["
            && !(offset + 2 < s.count && s[offset + 2] == "[")
    }

    /// Reads the markup whose `[[` is at `start`.
    mutating func read(_ s: [Unicode.Scalar], at start: Int) -> Found {
        guard start > noCloseBefore else { return .unclosed(first: false) }
        let from = start + 2
        let end = min(s.count, from + TwineLinkMarkupReader.maximumSearch)
        var k = from
        while k < end && s[k] != "\n" {
            if s[k] == "]" && k + 1 < s.count && s[k + 1] == "]" {
                inspected += k - from + 1
                return .link(TwineLinkMarkup(content: String(scalars: s[from..<k])), end: k + 2)
            }
            k += 1
        }
        inspected += k - from + 1
        while k < s.count && s[k] != "\n" { k += 1 }
        noCloseBefore = k
        return .unclosed(first: true)
    }
}
