import Foundation
import StoryFormats
import StoryGraph

/// One story as the language server last analysed it: `check`'s findings (`StoryCheck`)
/// placed as LSP diagnostics, where each passage's header and each link's target is in the
/// text the analysis read, and what hover needs worked out once (paths to and on from each
/// passage, the odds from the start, the passages some state reaches). Hover, definition,
/// symbols and completion read it without analysing again; it is replaced only when a
/// document of its story changes.
final class AnalysedStory {
    /// Where a passage is: its file, the line of its header (0-based), the scalar columns
    /// of its name there, and the last line of its body.
    struct PassageSite {
        let passage: Int
        let file: String
        let line: Int
        let nameStart: Int
        let nameEnd: Int
        var endLine: Int
    }

    /// A link's target in the text: its line (0-based), scalar columns, the target as the
    /// story names it, and the passage it leads to (nil for a broken link).
    struct LinkSite {
        let line: Int
        let start: Int
        let end: Int
        let target: String
        let passage: Int?
        /// The place of the choice it belongs to.
        let origin: SourceLocation
    }

    /// A finding as published, at the range it covers, with the name its code action
    /// puts there (a broken link's did-you-mean, from its `Diagnostic.Fix`).
    struct Finding {
        let file: String
        let diagnostic: Diagnostic
        let line: Int
        let start: Int
        let end: Int
        var replacement: (original: String, with: String)? = nil
    }

    /// The story's files (the cache key) and the open documents' versions it read.
    let files: [String]
    let versions: [String: Int]
    /// The text of every file the findings or passages are in, as analysed.
    let texts: [String: TextLines]
    let check: StoryCheck
    let findings: [Finding]
    let passageSites: [PassageSite]
    /// Link sites of each file, by line.
    let links: [String: [Int: [LinkSite]]]

    /// Paths from the start to each passage and from each passage to an ending, with
    /// whether a loop can lie on such a path (`PathProducts`).
    let paths: PathProducts?
    /// The odds for a reader from the start (expected visits of each node).
    let startOdds: EndingOdds?
    /// Passages some state of the state search reached.
    let stateReached: Set<Int>
    /// Paths through each passage by enumeration (where loops make products inexact),
    /// worked out at the first hover that needs them, within `enumerationSeconds`.
    private(set) var enumerated: (through: [Int], paths: Int, exact: Bool)?

    /// How long the enumeration of a looping story's paths may take (a hover waits for it).
    static let enumerationSeconds = 0.05

    init(files: [String], versions: [String: Int], texts: [String: TextLines], check: StoryCheck, primary: String) {
        self.files = files
        self.versions = versions
        self.check = check
        var texts = texts
        func lines(_ file: String) -> TextLines {
            if let known = texts[file] { return known }
            let read = FilesRead.unrecorded { try? SourceText(contentsOf: file) }
            let lines = TextLines(read.map { $0.text(0..<$0.scalars.count) } ?? "")
            texts[file] = lines
            return lines
        }
        guard let analysed = check.analysed else {
            findings = Self.place(check.findings, links: [:], ids: [], primary: primary, lines: lines)
            self.texts = texts
            passageSites = []
            links = [:]
            paths = nil
            startOdds = nil
            stateReached = []
            return
        }
        let graph = analysed.graph
        let story = graph.story

        var sites: [PassageSite] = []
        for (p, passage) in story.passages.enumerated() {
            guard let location = passage.location else { continue }
            let text = lines(location.file)
            let line = max(0, location.line - 1)
            let from = max(0, location.column - 1)
            // A ChoiceScript scene is its file: its header is the file's start.
            let isScene =
                location.line == 1 && location.column == 1 && location.file.hasSuffix(".txt")
                && ((location.file as NSString).lastPathComponent as NSString).deletingPathExtension == passage.id
            let found =
                isScene ? 0..<0 : Self.find(passage.id, in: text.line(line), from: from, to: text.line(line).count)
            // A passage the loader made to carry the flow (an ink gather, a page break) has
            // no header of its own unless its name is written there (a ChoiceScript label).
            if passage.isFlowPoint && found == nil { continue }
            let name = found ?? (from..<max(from, text.contentEnd(line)))
            sites.append(
                PassageSite(
                    passage: p, file: location.file, line: line, nameStart: name.lowerBound,
                    nameEnd: name.upperBound, endLine: line))
        }
        // A passage's body runs to the line before the next header of its file.
        let byFile = Dictionary(grouping: sites.indices, by: { sites[$0].file })
        for (file, indices) in byFile {
            let ordered = indices.sorted { sites[$0].line < sites[$1].line }
            let text = lines(file)
            for (k, i) in ordered.enumerated() {
                var end = k + 1 < ordered.count ? sites[ordered[k + 1]].line - 1 : text.count - 1
                while end > sites[i].line, text.contentEnd(end) == 0 { end -= 1 }
                sites[i].endLine = max(sites[i].line, end)
            }
        }
        passageSites = sites

        var links: [String: [Int: [LinkSite]]] = [:]
        for passage in story.passages {
            let located = passage.choices.filter { $0.location != nil && $0.kind != .dynamic && $0.kind != .return }
            for (k, choice) in located.enumerated() {
                guard let location = choice.location else { continue }
                let text = lines(location.file)
                let first = location.line - 1
                // The target is on the choice's line (a Twine link, an ink divert) or on a
                // line below it before the next choice (a Yarn option's `<<jump>>`).
                var last = min(first + 8, text.count - 1)
                var to = text.line(first).count
                if k + 1 < located.count, let next = located[k + 1].location, next.file == location.file {
                    if next.line == location.line, next.column > location.column {
                        to = next.column - 1
                        last = first
                    } else if next.line > location.line {
                        last = min(last, next.line - 2)
                    }
                }
                for line in first...max(first, last) {
                    let from = line == first ? max(0, location.column - 1) : 0
                    let upper = line == first ? to : text.line(line).count
                    guard let span = Self.find(choice.target, in: text.line(line), from: from, to: upper, last: true)
                    else { continue }
                    links[location.file, default: [:]][line, default: []].append(
                        LinkSite(
                            line: line, start: span.lowerBound, end: span.upperBound, target: choice.target,
                            passage: graph.indexByID[choice.target], origin: location))
                    break
                }
            }
        }
        self.links = links
        findings = Self.place(check.findings, links: links, ids: graph.ids, primary: primary, lines: lines)
        self.texts = texts

        paths = graph.count == graph.passageCount ? PathProducts(graph, analysed) : nil
        startOdds = EndingOdds(graph, components: analysed.components)
        var reached = Set<Int>()
        if let state = analysed.state {
            for node in state.stateNodes { reached.insert(graph.passageOf[Int(node)]) }
        }
        stateReached = reached
    }

    /// Each finding at the range it covers: a fix's text; a broken link's target where
    /// the text holds it (with the did-you-mean of its message as the replacement); else
    /// from its column to the end of its line's text.
    private static func place(
        _ findings: [Diagnostic], links: [String: [Int: [LinkSite]]], ids: [String], primary: String,
        lines: (String) -> TextLines
    ) -> [Finding] {
        return findings.map { diagnostic in
            guard let location = diagnostic.location else {
                return Finding(file: primary, diagnostic: diagnostic, line: 0, start: 0, end: 0)
            }
            let file = location.file
            let text = lines(file)
            let line = max(0, location.line - 1)
            if let fix = diagnostic.fix, fix.location.line == location.line {
                return Finding(
                    file: file, diagnostic: diagnostic, line: line, start: fix.location.column - 1,
                    end: fix.endColumn - 1, replacement: (fix.original, fix.replacement))
            }
            if diagnostic.ruleID == LintRule.brokenLink.rule.id,
                let site = links[file]?.values.lazy.flatMap({ $0 }).first(where: {
                    $0.origin == location && $0.passage == nil
                })
            {
                // The name the message suggests, when it is the one `Suggestion` gives.
                let suggestion = Suggestion.closest(to: site.target, among: ids)
                let written = String(String.UnicodeScalarView(lines(file).line(site.line)[site.start..<site.end]))
                let replacement = suggestion.flatMap { name -> (String, String)? in
                    guard diagnostic.message.hasSuffix(Suggestion.phrase(name)) else { return nil }
                    if written == site.target { return (written, name) }
                    // Only the last part is written (a scene's label): it alone changes,
                    // when the parts before it stay the same.
                    guard site.target.hasSuffix(written), name.hasPrefix(site.target.dropLast(written.count)) else {
                        return nil
                    }
                    return (written, String(name.dropFirst(site.target.count - written.count)))
                }
                return Finding(
                    file: file, diagnostic: diagnostic, line: site.line, start: site.start, end: site.end,
                    replacement: replacement)
            }
            let start = min(max(0, location.column - 1), text.line(line).count)
            return Finding(
                file: file, diagnostic: diagnostic, line: line, start: start,
                end: max(start, text.contentEnd(line)))
        }
    }

    /// The scalar range of `name` (or of its last part after `:`, `.` or `/`, as a scene's
    /// label or a knot's stitch is written) as a whole name (no letter, digit or `_` on
    /// either side) in `line[from..<to]`: the first match, or the last with `last`.
    static func find(_ name: String, in line: [Unicode.Scalar], from: Int, to: Int, last: Bool = false) -> Range<Int>? {
        let whole = Array(name.unicodeScalars)
        var candidates = [whole]
        if let cut = whole.lastIndex(where: { ":./".unicodeScalars.contains($0) }), cut + 1 < whole.count {
            candidates.append(Array(whole[(cut + 1)...]))
        }
        func isNameScalar(_ i: Int) -> Bool {
            i >= 0 && i < line.count
                && (line[i].properties.isAlphabetic || line[i].properties.numericType != nil || line[i] == "_")
        }
        let upper = min(to, line.count)
        for candidate in candidates where !candidate.isEmpty {
            var found: Range<Int>?
            var i = max(0, from)
            while i + candidate.count <= upper {
                if line[i..<(i + candidate.count)].elementsEqual(candidate), !isNameScalar(i - 1),
                    !isNameScalar(i + candidate.count)
                {
                    found = i..<(i + candidate.count)
                    if !last { break }
                }
                i += 1
            }
            if let found { return found }
        }
        return nil
    }

    /// Paths through each passage by enumeration, for `enumerationSeconds` at most:
    /// exact when every path was enumerated, else lower bounds.
    func enumeratedPaths() -> (through: [Int], paths: Int, exact: Bool) {
        if let enumerated { return enumerated }
        guard let analysed = check.analysed else { return ([], 0, true) }
        let graph = analysed.graph
        var through = [Int](repeating: 0, count: graph.passageCount)
        var seen = [Int](repeating: -1, count: graph.passageCount)
        var count = 0
        var exact = true
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(Self.enumerationSeconds * 1e9)
        for path in PathEnumerator(graph, reachability: analysed.reachability) {
            if count % 64 == 0, DispatchTime.now().uptimeNanoseconds > deadline {
                exact = false
                break
            }
            for v in path.passages where seen[v] != count {
                seen[v] = count
                through[v] += 1
            }
            count += 1
        }
        enumerated = (through, count, exact)
        return (through, count, exact)
    }

    /// The passage whose header holds `line` of `file`, or whose link target is at
    /// `column` (scalars) of it.
    func passage(at file: String, line: Int, column: Int) -> (passage: Int, link: LinkSite?)? {
        if let site = links[file]?[line]?.first(where: { $0.start <= column && column <= $0.end }) {
            return site.passage.map { ($0, site) }
        }
        if let site = passageSites.first(where: { $0.file == file && $0.line == line }) { return (site.passage, nil) }
        return nil
    }

    func site(of passage: Int) -> PassageSite? { passageSites.first { $0.passage == passage } }
}
