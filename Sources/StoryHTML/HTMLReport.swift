import Foundation
import StoryGraph
import StoryMap

/// The interactive HTML report: one self-contained page (inline style and script, no
/// network) that holds the report document rendered by its fourth renderer
/// (`ReportDocument.html`), the story map as inline SVG, and the side panel's data as one
/// embedded JSON object (`PassageDetails`). Without script it reads as the report's tables
/// and a static map; with script the map pans, zooms and searches, and a click opens a
/// passage's panel.
///
/// Why a module of its own: the page needs the map drawn in-process, so it depends on
/// `StoryMap` (DOT, overlays, engine plan) and `StoryRender` (Graphviz). `StoryGraph` may
/// not link a C library and `StoryMap` must stay free of Graphviz; the CLI only parses
/// and prints. So the document's HTML renderer lives with the other renderers in
/// `StoryGraph`, this module assembles the page around it, and the one map call
/// (`MapDrawing`), of which the page is one format, lives here too: every map on the page
/// is planned and rendered through it.
///
/// The page holds a list of maps (`MapView`), one shown at a time: the story map and, with
/// `--heat`, the same map coloured by the fuzz run; or, for a story too big for one
/// readable layout (`Chapters.needed`), an overview of its chapters shown first and a
/// detailed map per chapter (the heat, if asked for, colours those).
public enum HTMLReport {
    /// One drawing on the page. Element ids of every view but the first get `prefix` so
    /// that two drawings of one story do not repeat ids.
    package struct MapView: Sendable {
        package var key: String
        package var title: String
        /// Graphviz's SVG as it rendered it (`InlineSVG` inlines it into the page).
        package var svg: Data
        package var prefix: String
    }

    public struct Failure: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// The page for an analysed story. `overlays` and `options` draw the map as `map`
    /// draws it; `overlays.heat` adds the heat view and the panel's visits. No memory
    /// ceiling: `MapDrawing.draw` with a `MapRequest` of format `.html` applies one.
    ///
    /// - Complexity: the analysis' own plus `PassageDetails` and two Graphviz layouts at
    ///   most (with and without heat).
    package static func page(
        _ analysis: StoryAnalysis, overlays: MapOverlays = MapOverlays(), options: DOTOptions = DOTOptions(),
        engine: MapEngine = .auto
    ) throws(Failure) -> (html: String, warnings: [String]) {
        let request = MapRequest(
            format: .html, options: options, overlays: overlays, engine: engine, memoryCeilingMiB: 0)
        do {
            let made = try page(analysis, analysis: MapAnalysis(analysis), request)
            return (String(decoding: made.html, as: UTF8.self), made.warnings)
        } catch {
            throw Failure(description: error.description)
        }
    }

    /// The page `MapDrawing.draw` makes of a `.html` request: the maps drawn from `map`'s
    /// analyses (taken from `full`, searched once), the report from `full`. Returns the
    /// whole story map's plan (nil when the story is drawn as chapters). The page is
    /// bytes, made in one buffer (`assemble`).
    static func page(
        _ full: StoryAnalysis, analysis: MapAnalysis, _ request: MapRequest
    ) throws(MapFailure) -> (html: Data, warnings: [String], plan: MapPlan?) {
        let graph = analysis.graph
        var warnings: [String] = []
        var plain = request
        plain.overlays.heat = nil
        var maps: [MapView]
        var fuzz: FuzzReport?
        var chapterOf: [Int]?
        var plan: MapPlan?
        var probe = request.options
        do { _ = try plain.overlays.apply(to: &probe, analysis: analysis) } catch { throw .request(error) }
        if Chapters.needed(graph, options: probe) {
            // Too big for one readable layout: the overview, then a map per chapter (heat,
            // when asked for, colours the chapter maps).
            let made = try chapterViews(analysis, request, warnings: &warnings)
            maps = made.views
            fuzz = made.fuzz
            chapterOf = made.chapters.chapterOf
        } else {
            let made = try view(analysis, plain, key: "story", title: "Story map", prefix: "", warnings: &warnings)
            maps = [made.view]
            plan = made.plan
        }
        if request.overlays.heat != nil && chapterOf == nil {
            let heat = try view(analysis, request, key: "heat", title: "Heat map", prefix: "heat-", warnings: &warnings)
            maps.append(heat.view)
            fuzz = heat.plan.fuzz
        }
        let report = Report(full)
        let details = PassageDetails(full, fuzz: fuzz)
        let document = report.document().html(passageOf: details.passage(of:))
        var value = details.value(title: report.title, start: report.start)
        if let chapterOf, case .object(var fields) = value {
            fields.append(("chapter_of", .array(chapterOf.map { .int($0 + 1) })))
            value = .object(fields)
        }
        let data = embeddedJSONBytes(value)
        let page = assemble(title: report.title, document: document + readPaths(full), maps: maps, data: data)
        return (page, warnings, plan)
    }

    private static func view(
        _ analysis: MapAnalysis, _ request: MapRequest, key: String, title: String, prefix: String,
        warnings: inout [String]
    ) throws(MapFailure) -> (view: MapView, plan: MapPlan) {
        let plan: MapPlan
        do { plan = try MapDrawing.plan(analysis, request) } catch { throw .request(error) }
        // The heat view repeats the plain view's warnings: say them once.
        if request.overlays.heat == nil { warnings += plan.warnings }
        return (try view(plan.render(), key: key, title: title, prefix: prefix, warnings: &warnings), plan)
    }

    /// The overview (key `overview`, shown first) and one map per chapter (key and id
    /// prefix `chapter-K-`), each chapter drawn with the map's overlays and only its own
    /// passages (choices that leave it end at a "… target" stub).
    ///
    /// - Complexity: one Graphviz layout per chapter, each of at most `Chapters.boxLimit`
    ///   boxes, plus the overview's.
    static func chapterViews(
        _ analysis: MapAnalysis, _ request: MapRequest, warnings: inout [String]
    ) throws(MapFailure) -> (views: [MapView], chapters: Chapters, fuzz: FuzzReport?) {
        let graph = analysis.graph
        var drawn = request.options
        let applied: (warnings: [String], fuzz: FuzzReport?)
        do { applied = try request.overlays.applied(to: &drawn, analysis: analysis) } catch { throw .request(error) }
        warnings += applied.warnings
        let chapters = Chapters(graph, options: drawn)
        let title =
            "Overview: \(chapters.chapters.count) chapters by \(chapters.basis.rawValue) (click one to open its map)"
        let overview = try MapDrawing.render(dot: chapters.overviewDOT(graph), engine: .dot, image: .svg)
        var views = [view(overview, key: "overview", title: title, prefix: "", warnings: &warnings)]
        for (k, chapter) in chapters.chapters.enumerated() {
            var part = drawn
            part.decorations.visiblePassages = Set(chapter.passages)
            let plan = MapDrawing.plan(graph, decorated: part, request, ceilingMiB: 0)
            views.append(
                try view(
                    plan.render(), key: "chapter-\(k + 1)",
                    title: "\(chapter.label) (\(chapter.passages.count) passages)",
                    prefix: "chapter-\(k + 1)-", warnings: &warnings))
        }
        return (views, chapters, applied.fuzz)
    }

    private static func view(
        _ rendered: (data: Data, warnings: [String]), key: String, title: String, prefix: String,
        warnings: inout [String]
    ) -> MapView {
        warnings += rendered.warnings.map { "graphviz: \($0)" }
        return MapView(key: key, title: title, svg: rendered.data, prefix: prefix)
    }

    /// JSON that can sit inside `<script type="application/json">`: every `<`, `>` and `&`
    /// and the two line separators JavaScript once refused are `\u` escapes, so no story
    /// string can close the element (`</script>`) or open a comment (`<!--`).
    package static func embeddedJSON(_ value: ReportValue) -> String {
        String(decoding: embeddedJSONBytes(value), as: UTF8.self)
    }

    /// `embeddedJSON` as bytes, escaped in one pass over the JSON's UTF-8 (U+2028 and
    /// U+2029 are E2 80 A8 and E2 80 A9; no other sequence holds those bytes in that
    /// order).
    ///
    /// - Complexity: O(n) in the JSON's length.
    static func embeddedJSONBytes(_ value: ReportValue) -> [UInt8] {
        let json = value.jsonBytes()
        var out: [UInt8] = []
        out.reserveCapacity(json.count + json.count / 64)
        var i = 0
        let n = json.count
        func escape(_ hex: String) { out.append(contentsOf: "\\u\(hex)".utf8) }
        while i < n {
            let b = json[i]
            switch b {
            case UInt8(ascii: "<"): escape("003c")
            case UInt8(ascii: ">"): escape("003e")
            case UInt8(ascii: "&"): escape("0026")
            case 0xE2 where i + 2 < n && json[i + 1] == 0x80 && (json[i + 2] == 0xA8 || json[i + 2] == 0xA9):
                escape(json[i + 2] == 0xA8 ? "2028" : "2029")
                i += 2
            default: out.append(b)
            }
            i += 1
        }
        return out
    }

    /// Paths listed to read, at most.
    static let readablePaths = 40

    /// "Read a path": the first `readablePaths` paths (in the order `paths` lists them),
    /// each a closed `<details>` under its id, ending and passages, that opens on the
    /// reader's text passage by passage with the choice taken between (no script needed).
    ///
    /// - Complexity: O(listed paths · (path length + the text on it)).
    static func readPaths(_ analysis: StoryAnalysis) -> String {
        let e = ReportDocument.htmlEscaped
        let graph = analysis.graph
        var out = "<section class=\"report-section\" id=\"section-read-paths\">\n<h2>Read a path</h2>\n"
        var listed = 0
        for path in PathEnumerator(graph, to: nil, reachability: analysis.reachability) {
            if listed == readablePaths {
                out +=
                    "<p>the first \(readablePaths) paths are listed; storygraph paths --format prose writes them all</p>\n"
                break
            }
            listed += 1
            let id = path.id(in: graph)
            let names = path.passages.map { "<code>\(e(graph.ids[$0]))</code>" }.joined(separator: " → ")
            out +=
                "<details class=\"read-path\" id=\"path-\(id)\"><summary>Path <code>\(id)</code>: \(names)</summary>\n"
            for step in path.reading(in: graph) {
                let paragraphs = step.text.components(separatedBy: "\n\n").map {
                    "<p>\(e($0).replacingOccurrences(of: "\n", with: "<br>"))</p>"
                }
                out +=
                    step.text.isEmpty
                    ? "<p><em>(\(e(step.passage)): no text)</em></p>\n" : paragraphs.joined(separator: "\n") + "\n"
                if let label = step.choice {
                    out +=
                        "<p class=\"read-choice\"><strong>→ \(e(label.isEmpty ? "(continue)" : label))</strong></p>\n"
                } else {
                    out += "<p class=\"read-end\"><em>The end: \(e(step.passage)).</em></p>\n"
                }
            }
            out += "</details>\n"
        }
        if listed == 0 { out += "<p>no path reaches an ending</p>\n" }
        return out + "</section>\n"
    }

    /// The page's bytes: the head, the maps (each inlined straight from Graphviz's bytes),
    /// the report and the data, in one buffer sized before the first byte is written.
    ///
    /// - Complexity: O(n) in the page's length: each byte written once.
    static func assemble(title: String, document: String, maps: [MapView], data: [UInt8]) -> Data {
        let e = ReportDocument.htmlEscaped
        var head = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="generator" content="storygraph">
            <title>\(e(title.isEmpty ? "(untitled)" : title)) — storygraph report</title>
            <style>
            \(style)
            </style>
            </head>
            <body>
            <div class="toolbar" id="toolbar">
            <label for="search">Search</label> <input type="search" id="search" placeholder="passage id or text" autocomplete="off">
            <span id="search-count" aria-live="polite"></span>
            <button type="button" id="search-next">next</button>
            <button type="button" id="fit">fit (0)</button>
            <label><input type="checkbox" id="toggle-restarts" checked> restarts</label>
            <label><input type="checkbox" id="toggle-unreachable" checked> unreachable</label>

            """
        if maps.first?.key == "overview" {
            head += "<button type=\"button\" id=\"overview\">overview</button>\n"
        }
        if maps.contains(where: { $0.key == "heat" }) {
            head += "<label><input type=\"checkbox\" id=\"toggle-heat\" checked> heat</label>\n"
        }
        head += """
            </div>
            <main class="layout">
            <div class="map-area" id="map-area" tabindex="0" aria-label="story map: drag to pan, wheel or + and - to zoom, arrows to move, 0 to fit">

            """
        let middle = """
            </div>
            <aside class="panel" id="panel" hidden aria-live="polite">
            <button type="button" id="panel-close" aria-label="close">×</button>
            <div id="panel-body"></div>
            </aside>
            </main>
            <article class="report" id="report">
            \(document)</article>
            <script type="application/json" id="story-data">
            """
        let tail = """
            </script>
            <script>
            \(script)
            </script>
            </body>
            </html>

            """
        let shown = maps.first?.key == "overview" ? 0 : maps.count > 1 ? maps.count - 1 : 0
        let figures = maps.enumerated().map { i, map in
            (
                open:
                    "<figure class=\"map\" id=\"map-\(e(map.key))\" data-prefix=\"\(e(map.prefix))\"\(i == shown ? "" : " hidden")>\n"
                    + "<figcaption>\(e(map.title))</figcaption>\n",
                close: "\n</figure>\n"
            )
        }
        // Room for every part; an id prefix adds a few bytes per element, which the
        // buffer's own growth absorbs.
        var capacity = head.utf8.count + middle.utf8.count + data.count + tail.utf8.count
        for (map, figure) in zip(maps, figures) {
            capacity +=
                figure.open.utf8.count + map.svg.count + map.svg.count / 16 * (map.prefix.isEmpty ? 0 : 1)
                + figure.close.utf8.count
        }
        var out: [UInt8] = []
        out.reserveCapacity(capacity)
        out.append(contentsOf: head.utf8)
        for (map, figure) in zip(maps, figures) {
            out.append(contentsOf: figure.open.utf8)
            InlineSVG.append(map.svg, prefix: map.prefix, to: &out)
            out.append(contentsOf: figure.close.utf8)
        }
        out.append(contentsOf: middle.utf8)
        out.append(contentsOf: data)
        out.append(contentsOf: tail.utf8)
        return Data(out)
    }
}
