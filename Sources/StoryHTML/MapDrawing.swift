import Foundation
import StoryGraph
import StoryMap
import StoryRender

/// A map to draw: its style, overlays, engine, memory ceiling and output format.
public struct MapRequest: Sendable {
    /// What the bytes are: an image Graphviz renders, the DOT text (no layout), or the
    /// interactive HTML page (`HTMLReport`) around the map.
    public enum Format: String, Sendable, CaseIterable { case svg, png, pdf, dot, html }

    public var format: Format
    /// The style and drawing options; the overlays and the engine plan add to them.
    public var options: DOTOptions
    public var overlays: MapOverlays
    public var engine: MapEngine
    /// A layout whose estimated memory is above this many MiB is refused before Graphviz
    /// runs (`MemoryRefusal`); 0: no ceiling. DOT text needs no layout and is never
    /// refused; nor are a page's chapter maps (each at most `Chapters.boxLimit` boxes).
    public var memoryCeilingMiB: Int
    /// Graphviz graph attributes added after the engine plan's (the benchmark's
    /// `--graph-attr`).
    public var graphAttributes: [(String, String)]

    public init(
        format: Format = .svg, options: DOTOptions = DOTOptions(), overlays: MapOverlays = MapOverlays(),
        engine: MapEngine = .auto,
        memoryCeilingMiB: Int = LayoutMemoryEstimate.defaultCeilingMiB, graphAttributes: [(String, String)] = []
    ) {
        self.format = format
        self.options = options
        self.overlays = overlays
        self.engine = engine
        self.memoryCeilingMiB = memoryCeilingMiB
        self.graphAttributes = graphAttributes
    }

    /// What Graphviz renders for this format: the image itself, or the SVG a page holds;
    /// nil for DOT text.
    var image: ImageFormat? {
        switch format {
        case .svg, .html: .svg
        case .png: .png
        case .pdf: .pdf
        case .dot: nil
        }
    }
}

/// Why a map was not drawn.
public enum MapFailure: Error, Sendable, CustomStringConvertible {
    /// The request names something the story does not have (a usage error).
    case request(MapError)
    /// The layout's estimated memory is above the request's ceiling; Graphviz never ran.
    case memory(MemoryRefusal)
    /// Graphviz could not draw it, or the bitmap is past cairo's limit (`.size`).
    case render(RenderError)

    public var description: String {
        switch self {
        case .request(let error): error.message
        case .memory(let refusal): refusal.description
        case .render(let error): error.description
        }
    }
}

/// One map, planned: the overlays applied, the engine chosen, the memory estimated and
/// the DOT text written; `render()` hands it to Graphviz.
public struct MapPlan: Sendable {
    /// The engine and its attributes, and why `auto` chose it.
    package let engine: EnginePlan
    /// The drawing options after the overlays, the plan's attributes and the request's.
    package let options: DOTOptions
    /// The boxes the map draws (`EnginePlan.boxes`).
    package let boxes: Int
    /// The overlays' warnings for the user (a pinned layout of a story without positions,
    /// a state search stopped at its budget).
    public let warnings: [String]
    /// The fuzz run the heat overlay played, if any.
    package let fuzz: FuzzReport?
    /// Set when the layout would be past the memory ceiling: `render()` throws it.
    public let refusal: MemoryRefusal?
    /// The DOT text; nil when refused (no text is written for a layout that will not run).
    public let dot: String?
    /// What Graphviz renders; nil: the DOT text is the output.
    let image: ImageFormat?

    /// The bytes: the DOT text, or Graphviz's rendering of it, with the warnings Graphviz
    /// printed on the way.
    public func render() throws(MapFailure) -> (data: Data, warnings: [String]) {
        if let refusal { throw .memory(refusal) }
        guard let dot else { preconditionFailure("a plan without a refusal holds its DOT text") }
        guard let image else { return (Data(dot.utf8), []) }
        return try MapDrawing.render(dot: dot, engine: engine.engine, image: image)
    }
}

/// A map drawn: its plan (nil for a page whose story is drawn as chapters), its bytes,
/// and the warnings on the way (the overlays', then Graphviz's as `graphviz: …`).
public struct DrawnMap: Sendable {
    public var plan: MapPlan?
    public var data: Data
    public var warnings: [String]
}

/// The one way from an analysed story to a drawn map: overlays (reading the analysis
/// given, never running one again) → engine plan → memory estimate → DOT → Graphviz.
/// `map`, `dot`, the HTML report, the benchmark and the fuzz target all draw through it,
/// and `render(dot:engine:image:)` below is the only caller of `GraphvizRenderer`.
///
/// Why here: the page is one of the formats, and it needs `StoryMap` and `StoryRender`
/// as this module already does; `StoryMap` stays free of Graphviz and `StoryRender`
/// free of stories.
public enum MapDrawing {
    /// Plans the map `request` asks of `analysis` (the format decides only whether the
    /// memory ceiling applies: not to DOT text).
    ///
    /// - Complexity: the overlays' own (the heat overlay plays its runs), then O(V + E).
    public static func plan(_ analysis: MapAnalysis, _ request: MapRequest) throws(MapError) -> MapPlan {
        var options = request.options
        let applied = try request.overlays.applied(to: &options, analysis: analysis)
        let ceiling = request.image == nil ? 0 : request.memoryCeilingMiB
        return plan(
            analysis.graph, decorated: options, request, ceilingMiB: ceiling, warnings: applied.warnings,
            fuzz: applied.fuzz)
    }

    /// The plan of options the overlays have already decorated (a page's chapter maps).
    static func plan(
        _ graph: StoryGraph, decorated options: DOTOptions, _ request: MapRequest, ceilingMiB: Int,
        warnings: [String] = [],
        fuzz: FuzzReport? = nil
    ) -> MapPlan {
        var options = options
        let engine = EnginePlan(request.engine, graph: graph, options: options)
        let refusal = LayoutMemoryEstimate.refusal(
            ceilingMiB: ceilingMiB, choice: request.engine, plan: engine, graph: graph, options: options)
        options.graphAttributes += engine.attributes + request.graphAttributes
        return MapPlan(
            engine: engine, options: options, boxes: EnginePlan.boxes(graph, options), warnings: warnings, fuzz: fuzz,
            refusal: refusal, dot: refusal == nil ? DOTExporter(graph, options: options).dot() : nil,
            image: request.image)
    }

    /// The bytes `request` asks for: the map (DOT text or an image), or with `.html` the
    /// report page around it, which needs the whole analysis (`MapAnalysis(StoryAnalysis)`).
    public static func draw(_ analysis: MapAnalysis, _ request: MapRequest) throws(MapFailure) -> DrawnMap {
        if request.format == .html {
            guard let full = analysis.full else {
                throw .request(MapError(option: "format", "--format html: the page needs the story's whole analysis"))
            }
            let page = try HTMLReport.page(full, analysis: analysis, request)
            return DrawnMap(plan: page.plan, data: page.html, warnings: page.warnings)
        }
        let plan: MapPlan
        do { plan = try Self.plan(analysis, request) } catch { throw .request(error) }
        let rendered = try plan.render()
        return DrawnMap(
            plan: plan, data: rendered.data, warnings: plan.warnings + rendered.warnings.map { "graphviz: \($0)" })
    }

    /// The only call of the Graphviz renderer (a plan's, and a page's chapter overview).
    static func render(dot: String, engine: MapEngine, image: ImageFormat) throws(MapFailure) -> (
        data: Data, warnings: [String]
    ) {
        do {
            return try GraphvizRenderer.render(dot: dot, engine: LayoutEngine(planned: engine), format: image)
        } catch {
            throw .render(error)
        }
    }
}

extension LayoutEngine {
    /// The Graphviz engine of a plan. A plan never holds `auto` (`EnginePlan` resolves
    /// it); were one to, `dot` is what `auto` picks for a small map.
    init(planned engine: MapEngine) {
        switch engine {
        case .auto, .dot: self = .dot
        case .neato: self = .neato
        case .fdp: self = .fdp
        case .sfdp: self = .sfdp
        case .circo: self = .circo
        case .twopi: self = .twopi
        }
    }
}
