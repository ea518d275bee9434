internal import CLibXML2
import Foundation
import StoryGraph

/// Twine 2 HTML (an archive of several stories, or one published story wrapped in its
/// story format's page and scripts) and Twine 1 HTML (`<div tiddler="Name">`), read with
/// libxml2's forgiving HTML parser: `<tw-storydata name startnode format>` and each
/// `<tw-passagedata pid name tags position size>` with its HTML-escaped text.
///
/// libxml2 runs without network access, with its default limits on text and nesting
/// (no `HUGE` option), its messages collected instead of printed, and every document
/// freed. Locations are exact: each passage's start tag is found in the source (from the
/// line libxml2 reports, in document order), and each offset of the decoded text is
/// mapped back through entities (`&amp;`, `&#39;`) to its line and column in the file.
package enum TwineHTMLLoader: StoryLoader {
    package static let formatName = "twine-html"
    package static let formatDescription =
        "Twine 2 archive or published story (<tw-storydata>), or Twine 1 HTML (<div tiddler>)"
    package static let fileExtensions = ["html", "htm"]
    package static let options = [TwineOptions.story, TwineOptions.linkMacros]
    package static let storyFindingRules: Set<String> = [FormatRules.sugarCubeUnclosedMacro.id]

    /// 10 for `<tw-storydata`, 8 for Twine 1's `tiddler=`, else not recognised; the
    /// document libxml2 parsed.
    ///
    /// - Complexity: O(n).
    package static func recognize(_ source: SourceText, _ parses: SourceParses) -> Recognition<HTMLDocument>? {
        let confidence: Int
        if HTMLSource.find("<tw-storydata", in: source.scalars, from: 0) != nil {
            confidence = 10
        } else if HTMLSource.find("tiddler=", in: source.scalars, from: 0) != nil {
            confidence = 8
        } else {
            return nil
        }
        return Recognition(confidence: confidence) { () throws(StoryLoadError) in try HTMLDocument(source) }
    }

    package static func parse(_ source: SourceText, _ parses: SourceParses) throws(StoryLoadError) -> HTMLDocument {
        try HTMLDocument(source)
    }

    package static func load(_ files: [ParsedSource<HTMLDocument>], context: inout LoadContext) throws(StoryLoadError)
        -> Story
    {
        let source = files[0].source
        let document = files[0].parsed
        let options = context.options
        var diagnostics: [Diagnostic] = []
        defer { context.sink.append(contentsOf: diagnostics) }
        let linkMacros = TwineLinkMacros.declared(options, paths: [source.path], diagnostics: &diagnostics)
        let html = HTMLSource(source)
        let stories = document.elements(named: "tw-storydata")
        if let line = document.depthLimitLine {
            let stopped =
                "libxml2 stopped reading here: the elements nest more than \(HTMLDocument.maximumDepth) deep, libxml2's limit, and no option lifts it"
            guard !stories.isEmpty || !document.elements(where: { $0.attribute("tiddler") != nil }).isEmpty else {
                throw StoryLoadError(
                    stopped + "; no Twine story was read before it",
                    at: SourceLocation(file: source.path, line: line, column: 1))
            }
            diagnostics.append(
                Diagnostic(
                    .error, stopped + "; passages after this point are missing",
                    at: SourceLocation(file: source.path, line: line, column: 1),
                    rule: FormatRules.twineHTML.id))
        }
        if stories.isEmpty {
            let tiddlers = document.elements { $0.attribute("tiddler") != nil }
            guard !tiddlers.isEmpty else {
                throw StoryLoadError(
                    FormatRules.noStory,
                    "no Twine story in this HTML file: found neither <tw-storydata> (Twine 2) nor <div tiddler> (Twine 1)",
                    at: source.location(at: 0))
            }
            return twine1(tiddlers, html: html, linkMacros: linkMacros, diagnostics: &diagnostics)
        }

        // Pick the story: by name, else the first (and say which others there are).
        let chosen: HTMLElement
        if let wanted = options.storyName {
            guard
                let match = stories.first(where: { $0.attribute("name") == wanted })
                    ?? stories.first(where: { $0.attribute("name")?.lowercased() == wanted.lowercased() })
            else {
                let names = stories.map { "'\($0.attribute("name") ?? "")'" }.joined(separator: ", ")
                throw StoryLoadError(
                    FormatRules.noStory, "no story named '\(wanted)' in this file; it holds \(names)",
                    at: source.location(at: 0))
            }
            chosen = match
        } else {
            chosen = stories[0]
            if stories.count > 1 {
                diagnostics.append(
                    Diagnostic(
                        .info,
                        "this file holds \(stories.count) stories; reading the first, '\(chosen.attribute("name") ?? "")'; pick another with --story NAME",
                        at: html.locate(chosen, marker: "<tw-storydata"), rule: FormatRules.twineArchive.id,
                        notes: stories.dropFirst().map {
                            .init(
                                "it also holds '\($0.attribute("name") ?? "")'",
                                at: html.locate($0, marker: "<tw-storydata"))
                        }))
            }
        }
        return twine2(chosen, html: html, linkMacros: linkMacros, diagnostics: &diagnostics)
    }

    static func twine2(
        _ story: HTMLElement, html: HTMLSource, linkMacros: Set<String> = [], diagnostics: inout [Diagnostic]
    ) -> Story {
        let storyLocation = html.locate(story, marker: "<tw-storydata")
        if let tag = html.startTag(story, marker: "<tw-storydata") { html.searchFrom(tag, marker: "<tw-passagedata") }
        var sources: [TwinePassageSource] = []
        var nameByPID: [String: String] = [:]
        for element in story.descendants(named: "tw-passagedata") {
            let name = element.attribute("name") ?? ""
            let (text, locate, location) = html.passageText(element, marker: "<tw-passagedata", twine1: false)
            if let pid = element.attribute("pid"), nameByPID[pid] == nil { nameByPID[pid] = name }
            guard !name.isEmpty else {
                diagnostics.append(
                    Diagnostic(
                        FormatRules.namelessPassage, "<tw-passagedata> has no name; the passage is skipped",
                        at: location))
                continue
            }
            var metadata: [String: String] = [:]
            for key in ["position", "size"] {
                if let value = element.attribute(key), !value.isEmpty { metadata[key] = value }
            }
            let tags = (element.attribute("tags") ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" }
            ).map(String.init)
            sources.append(
                TwinePassageSource(
                    name: name, tags: tags, metadata: metadata, location: location, text: text, locate: locate))
        }
        var declared: TwineStoryBuilder.DeclaredStart?
        if let startnode = story.attribute("startnode"), !startnode.isEmpty {
            if let name = nameByPID[startnode] {
                declared = .init(name: name, location: storyLocation, source: "startnode \(startnode)")
            } else if let first = sources.first {
                diagnostics.append(
                    Diagnostic(
                        .warning,
                        "startnode \(startnode) names no passage; the story starts at the first passage, '\(first.name)'",
                        at: storyLocation, rule: FormatRules.startFallback.id))
            }
        } else if let first = sources.first {
            diagnostics.append(
                Diagnostic(
                    .warning, "<tw-storydata> has no startnode; the story starts at the first passage, '\(first.name)'",
                    at: storyLocation, rule: FormatRules.startFallback.id))
        }
        return TwineStoryBuilder.build(
            title: story.attribute("name") ?? "", format: formatName, sources: sources,
            dialect: TwineDialect(formatName: story.attribute("format")), declared: declared,
            diagnostics: &diagnostics, fallbackIsFirst: true, linkMacros: linkMacros)
    }

    /// Twine 1: passages are `<div tiddler="Name" tags="a b" twine-position="x,y">` with
    /// `\n`, `\t` and `\s` (backslash) escapes in their text; `StoryTitle` names the story
    /// and `Start` starts it.
    static func twine1(
        _ tiddlers: [HTMLElement], html: HTMLSource, linkMacros: Set<String> = [], diagnostics: inout [Diagnostic]
    ) -> Story {
        var sources: [TwinePassageSource] = []
        var title: String?
        for element in tiddlers {
            let name = element.attribute("tiddler") ?? ""
            let (text, locate, location) = html.passageText(element, marker: "tiddler=", twine1: true)
            guard !name.isEmpty else {
                diagnostics.append(
                    Diagnostic(
                        FormatRules.namelessPassage, "<div tiddler> has no name; the passage is skipped", at: location))
                continue
            }
            if name == "StoryTitle", title == nil {
                var view = String.UnicodeScalarView()
                view.append(contentsOf: text)
                title = String(view).trimmingTwineSpace()
            }
            var metadata: [String: String] = [:]
            if let position = element.attribute("twine-position"), !position.isEmpty { metadata["position"] = position }
            let tags = (element.attribute("tags") ?? "").split(separator: " ").map(String.init)
            sources.append(
                TwinePassageSource(
                    name: name, tags: tags, metadata: metadata, location: location, text: text, locate: locate))
        }
        return TwineStoryBuilder.build(
            title: title ?? "", format: formatName, sources: sources,
            dialect: .unknown, declared: nil, diagnostics: &diagnostics, linkMacros: linkMacros)
    }
}

// MARK: - libxml2

/// A parsed HTML document that frees itself. libxml2's messages go to a collector, never
/// to stderr; the parser is told never to touch the network.
/// A document libxml2 parsed, freed with its owner.
package final class HTMLDocument {
    private let document: htmlDocPtr

    private static let setUp: Void = { xmlInitParser() }()
    private static let lock = NSLock()

    /// Collects libxml2's messages (they are recoveries the parser made, not failures).
    final class Messages {
        var lines: [String] = []
        /// Where libxml2 stopped at its nesting limit, if it did.
        var depthLimitLine: Int?
    }

    /// libxml2's nesting limit for HTML (`xmlParserMaxDepth`): deeper, it stops reading.
    static let maximumDepth = 256

    /// The line at which libxml2 stopped reading because the elements nest deeper than
    /// `maximumDepth`; everything after it is missing from the document.
    let depthLimitLine: Int?

    init(_ source: SourceText) throws(StoryLoadError) {
        _ = HTMLDocument.setUp
        var bytes: [UInt8]
        do {
            bytes = try HTMLPreflight.prepare(source.utf8)
        } catch {
            throw StoryLoadError(
                "this tag has more than \(HTMLPreflight.maximumAttributes) attributes, storygraph's limit for an HTML tag (libxml2 would take minutes over it); no option lifts it",
                at: SourceLocation(file: source.path, line: error.line, column: 1))
        }
        bytes.append(0)
        let messages = Messages()
        let options = Int32(
            HTML_PARSE_RECOVER.rawValue | HTML_PARSE_NONET.rawValue | HTML_PARSE_NOERROR.rawValue
                | HTML_PARSE_NOWARNING.rawValue | HTML_PARSE_NODEFDTD.rawValue | HTML_PARSE_IGNORE_ENC.rawValue)
        let parsed: htmlDocPtr? = HTMLDocument.lock.withLock {
            // The handler is per thread in libxml2: set it around this one call.
            xmlSetStructuredErrorFunc(Unmanaged.passUnretained(messages).toOpaque()) { context, error in
                guard let context, let error, let message = error.pointee.message else { return }
                let messages = Unmanaged<Messages>.fromOpaque(context).takeUnretainedValue()
                let text = String(cString: message)
                if text.hasPrefix("Excessive depth") && messages.depthLimitLine == nil {
                    messages.depthLimitLine = Int(error.pointee.line)
                }
                if messages.lines.count < 100 { messages.lines.append(text) }
            }
            defer { xmlSetStructuredErrorFunc(nil, nil) }
            return bytes.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) {
                    htmlReadMemory($0.baseAddress, Int32(buffer.count - 1), source.path, "UTF-8", options)
                }
            }
        }
        guard let parsed else {
            let reason = messages.lines.first.map { ": " + $0.trimmingTwineSpace() } ?? ""
            throw StoryLoadError(
                FormatRules.noStory, "libxml2 cannot parse this HTML file\(reason)", at: source.location(at: 0))
        }
        document = parsed
        depthLimitLine = messages.depthLimitLine
    }

    deinit { xmlFreeDoc(document) }

    /// Every element named `name` (lower case), in document order.
    func elements(named name: String) -> [HTMLElement] { elements { $0.name == name } }

    /// Every element that satisfies `accept`, in document order.
    ///
    /// - Complexity: O(N) for N nodes; iterative, however deep the nesting.
    func elements(where accept: (HTMLElement) -> Bool) -> [HTMLElement] {
        guard let root = xmlDocGetRootElement(document) else { return [] }
        return HTMLElement(root, owner: self).walk(accept)
    }
}

/// An element of an `HTMLDocument` (which it keeps alive).
struct HTMLElement {
    let node: xmlNodePtr
    let owner: HTMLDocument

    init(_ node: xmlNodePtr, owner: HTMLDocument) {
        self.node = node
        self.owner = owner
    }

    var name: String { node.pointee.name.map { String(cString: $0).lowercased() } ?? "" }

    /// libxml2's line of the element (1-based; 65535 stands for "65535 or later").
    var line: Int { Int(xmlGetLineNo(node)) }

    /// The decoded value of an attribute (names compare in lower case), or nil.
    func attribute(_ wanted: String) -> String? {
        var attribute = node.pointee.properties
        while let current = attribute {
            if let name = current.pointee.name, String(cString: name).lowercased() == wanted {
                var value = ""
                var child = current.pointee.children
                while let text = child {
                    if let content = text.pointee.content { value += String(cString: content) }
                    child = text.pointee.next
                }
                return value
            }
            attribute = current.pointee.next
        }
        return nil
    }

    func descendants(named name: String) -> [HTMLElement] {
        var found: [HTMLElement] = []
        guard let first = node.pointee.children else { return found }
        var cursor: xmlNodePtr? = first
        // Pre-order walk by sibling and parent pointers: no stack, no recursion.
        while let current = cursor {
            if current.pointee.type == XML_ELEMENT_NODE,
                let raw = current.pointee.name, String(cString: raw).lowercased() == name
            {
                found.append(HTMLElement(current, owner: owner))
            }
            cursor = HTMLElement.next(after: current, within: node)
        }
        return found
    }

    func walk(_ accept: (HTMLElement) -> Bool) -> [HTMLElement] {
        var found: [HTMLElement] = []
        var cursor: xmlNodePtr? = node
        while let current = cursor {
            if current.pointee.type == XML_ELEMENT_NODE {
                let element = HTMLElement(current, owner: owner)
                if accept(element) { found.append(element) }
            }
            cursor = HTMLElement.next(after: current, within: node.pointee.parent)
        }
        return found
    }

    /// The text inside the element (every text and CDATA descendant, in order), decoded.
    var text: String {
        var result = ""
        guard let first = node.pointee.children else { return result }
        var cursor: xmlNodePtr? = first
        while let current = cursor {
            if current.pointee.type == XML_TEXT_NODE || current.pointee.type == XML_CDATA_SECTION_NODE,
                let content = current.pointee.content
            {
                result += String(cString: content)
            }
            cursor = HTMLElement.next(after: current, within: node)
        }
        return result
    }

    /// The node after `current` in pre-order, staying below `root`.
    static func next(after current: xmlNodePtr, within root: xmlNodePtr?) -> xmlNodePtr? {
        if let child = current.pointee.children, current.pointee.type == XML_ELEMENT_NODE { return child }
        var climb: xmlNodePtr? = current
        while let node = climb, node != root {
            if let sibling = node.pointee.next { return sibling }
            climb = node.pointee.parent
        }
        return nil
    }
}

// MARK: - Locations in the source

/// The HTML source as scalars, with the means to find an element's start tag and to map
/// each scalar of a passage's decoded text back to its place in the file.
struct HTMLSource {
    let source: SourceText
    let lineStarts: [Int]
    /// Where the previous search for each marker ended (elements come in document order),
    /// and the start tag found for each element already looked up.
    private final class Cursor {
        var next: [String: Int] = [:]
        var found: [xmlNodePtr: Int] = [:]
    }
    private let cursor = Cursor()

    init(_ source: SourceText) {
        self.source = source
        lineStarts = source.lines.scalarStarts
    }

    /// The offset of `marker` (ASCII, compared without case) at or after `from`.
    static func find(_ marker: String, in s: [Unicode.Scalar], from: Int) -> Int? {
        let m = Array(marker.unicodeScalars)
        guard !m.isEmpty, s.count >= m.count else { return nil }
        var k = max(0, from)
        while k <= s.count - m.count {
            var j = 0
            while j < m.count, HTMLSource.lower(s[k + j]) == m[j] { j += 1 }
            if j == m.count { return k }
            k += 1
        }
        return nil
    }

    static func lower(_ c: Unicode.Scalar) -> Unicode.Scalar {
        ("A"..."Z").contains(c) ? Unicode.Scalar(c.value + 32)! : c
    }

    /// The offset of the `<` that opens the element's start tag, found after the previous
    /// element with this marker and no earlier than a few lines above libxml2's line.
    func startTag(_ element: HTMLElement, marker: String) -> Int? {
        if let known = cursor.found[element.node] { return known }
        let s = source.scalars
        var from = cursor.next[marker] ?? 0
        let line = element.line
        if line > 3 && line < 65535 && line - 3 < lineStarts.count { from = max(from, lineStarts[line - 3]) }
        guard var at = HTMLSource.find(marker, in: s, from: from) else { return nil }
        // `tiddler=` sits inside the tag: back up to its `<`.
        var back = 0
        while s[at] != "<" && at > 0 && back < 4096 {
            at -= 1
            back += 1
        }
        cursor.next[marker] = at + 1
        guard s[at] == "<" else { return nil }
        cursor.found[element.node] = at
        return at
    }

    /// Makes the next search for `marker` begin at `offset` (the passages of the second
    /// story of an archive come after its own start tag).
    func searchFrom(_ offset: Int, marker: String) { cursor.next[marker] = offset }

    func locate(_ element: HTMLElement, marker: String) -> SourceLocation {
        if let at = startTag(element, marker: marker) { return source.location(at: at) }
        return SourceLocation(file: source.path, line: max(1, element.line), column: 1)
    }

    /// A passage's decoded text, a function from its offsets to file locations, and the
    /// location of its start tag.
    ///
    /// - Complexity: O(t) for t scalars of text (plus the search for the start tag).
    func passageText(_ element: HTMLElement, marker: String, twine1: Bool)
        -> (text: [Unicode.Scalar], locate: (Int) -> SourceLocation, location: SourceLocation)
    {
        let s = source.scalars
        let decoded = Array(element.text.unicodeScalars)
        guard let tag = startTag(element, marker: marker) else {
            let location = SourceLocation(file: source.path, line: max(1, element.line), column: 1)
            let text = twine1 ? HTMLSource.unescapeTwine1(decoded).text : decoded
            return (text, SourceFragment(source, at: location).location(at:), location)
        }
        let location = source.location(at: tag)
        // The text starts after the `>` that ends the start tag (quoted values skipped).
        var k = tag
        var quote: Unicode.Scalar?
        while k < s.count {
            let c = s[k]
            if let q = quote {
                if c == q { quote = nil }
            } else if c == "\"" || c == "'" {
                quote = c
            } else if c == ">" {
                break
            }
            k += 1
        }
        cursor.next[marker] = k
        let map = HTMLSource.align(decoded, with: s, from: min(k + 1, s.count))
        var text = decoded
        var offsets = map
        if twine1 {
            let unescaped = HTMLSource.unescapeTwine1(decoded)
            text = unescaped.text
            offsets = unescaped.origins.map { map[$0] }
        }
        let end = offsets.last.map { $0 + 1 } ?? min(k + 1, s.count)
        return (text, SourceFragment(source, offsets: offsets, end: end).location(at:), location)
    }

    /// For each scalar of `decoded`, the offset in `raw` (from `start`) it was decoded
    /// from: entities (`&lt;`, `&#60;`, `&#x3C;`) map to their `&`, CR before LF is
    /// skipped. Where the two disagree the walk goes on scalar by scalar.
    ///
    /// - Complexity: O(t).
    static func align(_ decoded: [Unicode.Scalar], with raw: [Unicode.Scalar], from start: Int) -> [Int] {
        var map: [Int] = []
        map.reserveCapacity(decoded.count)
        var j = start
        for c in decoded {
            if j < raw.count && raw[j] == "\r" && c != "\r" { j += 1 }
            guard j < raw.count else {
                map.append(max(0, raw.count - 1))
                continue
            }
            map.append(j)
            if raw[j] == "&", let end = entityEnd(raw, at: j) {
                j = end
            } else {
                j += 1
            }
        }
        return map
    }

    /// The offset after `&name;`, `&#123;` or `&#x1F;` starting at `at`, or nil.
    static func entityEnd(_ s: [Unicode.Scalar], at: Int) -> Int? {
        var k = at + 1
        let limit = min(s.count, at + 40)
        if k < limit && s[k] == "#" {
            k += 1
            let hex = k < limit && (s[k] == "x" || s[k] == "X")
            if hex { k += 1 }
            let digitsStart = k
            while k < limit
                && (("0"..."9").contains(s[k]) || (hex && (("a"..."f").contains(s[k]) || ("A"..."F").contains(s[k]))))
            { k += 1 }
            guard k > digitsStart, k < limit, s[k] == ";" else { return nil }
            return k + 1
        }
        let nameStart = k
        while k < limit && (s[k].properties.isAlphabetic || ("0"..."9").contains(s[k])) { k += 1 }
        guard k > nameStart, k < limit, s[k] == ";" else { return nil }
        return k + 1
    }

    /// Twine 1's text escapes: `\n` newline, `\t` tab, `\s` backslash. `origins[i]` is the
    /// offset in `text` that output scalar `i` came from.
    static func unescapeTwine1(_ text: [Unicode.Scalar]) -> (text: [Unicode.Scalar], origins: [Int]) {
        var out: [Unicode.Scalar] = []
        var origins: [Int] = []
        out.reserveCapacity(text.count)
        origins.reserveCapacity(text.count)
        var k = 0
        while k < text.count {
            if text[k] == "\\" && k + 1 < text.count {
                let replacement: Unicode.Scalar? =
                    switch text[k + 1] {
                    case "n": "\n"
                    case "t": "\t"
                    case "s": "\\"
                    default: nil
                    }
                if let replacement {
                    out.append(replacement)
                    origins.append(k)
                    k += 2
                    continue
                }
            }
            out.append(text[k])
            origins.append(k)
            k += 1
        }
        return (out, origins)
    }
}
