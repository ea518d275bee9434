internal import CGraphviz
import Foundation
internal import StoryGraph

/// A Graphviz layout engine.
public enum LayoutEngine: String, Sendable, CaseIterable {
    case dot, neato, fdp, sfdp, circo, twopi
}

/// An image format Graphviz renders to.
public enum ImageFormat: String, Sendable, CaseIterable {
    case svg, png, pdf

    /// The format for a file name's extension, if Graphviz renders it.
    package init?(fileExtension: String) {
        self.init(rawValue: fileExtension.lowercased())
    }
}

/// The size in pixels of the bitmap Graphviz's cairo renderer makes of a laid-out graph.
package struct BitmapSize: Sendable, Hashable, CustomStringConvertible {
    package var width: Int
    package var height: Int

    /// Graphviz's cairo renderer (plugin/pango/gvrender_pango.c, 2.42 and later) scales a
    /// bitmap down to fit when either side reaches `CAIRO_XMAX`/`CAIRO_YMAX`, 32,767 pixels,
    /// and prints "graph is too large for cairo-renderer bitmaps" straight to stderr.
    package static let cairoLimit = 32_767

    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// The bitmap of a bounding box `width` × `height` points with `pad` points around it
    /// at `dpi`, rounded as Graphviz rounds the job's size.
    package init(boundingWidth: Double, boundingHeight: Double, pad: (x: Double, y: Double), dpi: Double) {
        width = Int(((boundingWidth + 2 * pad.x) * dpi / 72).rounded())
        height = Int(((boundingHeight + 2 * pad.y) * dpi / 72).rounded())
    }

    /// Whether cairo would draw it at full size.
    package var fitsCairo: Bool { width < Self.cairoLimit && height < Self.cairoLimit }

    /// `37,801 × 12,004 px`.
    package var description: String { "\(NumberText.grouped(width)) × \(NumberText.grouped(height)) px" }
}

/// Why Graphviz could not draw a map; carries Graphviz's own messages.
public struct RenderError: Error, Sendable, CustomStringConvertible {
    package enum Stage: String, Sendable { case parse, layout, render, size }
    package var stage: Stage
    package var messages: [String]
    /// For `.size`: the bitmap the layout needs, past cairo's limit.
    package var bitmap: BitmapSize?

    package init(stage: Stage, messages: [String], bitmap: BitmapSize? = nil) {
        self.stage = stage
        self.messages = messages
        self.bitmap = bitmap
    }

    public var description: String {
        if stage == .size, let bitmap {
            return
                "the map is \(bitmap), past the \(NumberText.grouped(BitmapSize.cairoLimit - 1)) px a side Graphviz's bitmap renderer can draw"
        }
        let detail = messages.isEmpty ? "no message from Graphviz" : messages.joined(separator: "; ")
        return "Graphviz could not \(stage.rawValue) the map: \(detail)"
    }
}

/// Renders DOT text in-process through cgraph (`agmemread`) and gvc (`gvLayout`,
/// `gvRenderData`). Graphviz keeps global state and is not thread-safe, so every entry
/// point runs under one process-wide lock; each call frees all it allocates (graph,
/// layout, render buffer) whether it succeeds or fails, and clears Graphviz's sticky
/// error state first, so one failed render never spoils the next.
public enum GraphvizRenderer {
    /// The messages Graphviz reported during the call in progress (guarded by `lock`).
    nonisolated(unsafe) fileprivate static var collected: [String] = []
    private static let lock = NSLock()
    nonisolated(unsafe) private static var sharedContext: Context?
    /// Nanoseconds spent inside Graphviz (parse, layout, render, frees) by every call so
    /// far, wall and CPU time of the calling thread (guarded by `lock`).
    nonisolated(unsafe) private static var graphvizNanoseconds: UInt64 = 0
    nonisolated(unsafe) private static var graphvizCPUNanoseconds: UInt64 = 0

    /// Seconds this process has spent inside Graphviz so far (`agmemread`, `gvLayout`,
    /// `gvRenderData` and the frees, not our centring of the SVG's text): the peer a
    /// page's own time is measured against (`report --timings`, `Benchmarks/html-bench.sh`).
    package static var secondsInGraphviz: (wall: Double, cpu: Double) {
        lock.lock()
        defer { lock.unlock() }
        return (Double(graphvizNanoseconds) / 1e9, Double(graphvizCPUNanoseconds) / 1e9)
    }

    /// The calling thread's CPU time in nanoseconds (Graphviz runs on the caller's
    /// thread, so this is its own CPU time whatever else the machine runs).
    private static func threadCPUNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    /// Lays out `dot` with `engine` and renders it as `format`.
    /// - Returns: the rendered bytes, and the warnings Graphviz printed on the way.
    public static func render(dot: String, engine: LayoutEngine = .dot, format: ImageFormat = .svg) throws(RenderError)
        -> (data: Data, warnings: [String])
    {
        lock.lock()
        defer { lock.unlock() }
        let context: Context
        if let shared = sharedContext {
            context = shared
        } else {
            context = Context()
            sharedContext = context
        }
        beginCollecting()
        defer { endCollecting() }
        let began = DispatchTime.now().uptimeNanoseconds
        let cpuBegan = threadCPUNanoseconds()
        let data = try drawn(dot, context: context, engine: engine, format: format)
        graphvizNanoseconds += DispatchTime.now().uptimeNanoseconds - began
        graphvizCPUNanoseconds += threadCPUNanoseconds() - cpuBegan
        return (format == .svg ? SVGTextCentring.centred(data) : data, takeMessages())
    }

    /// Graphviz's part of `render`: parse, lay out, render, free (under `lock`).
    private static func drawn(_ dot: String, context: Context, engine: LayoutEngine, format: ImageFormat)
        throws(RenderError) -> Data
    {
        let graph = ParsedGraph(dot)
        guard let pointer = graph.pointer else {
            throw RenderError(stage: .parse, messages: takeMessages())
        }
        guard gvLayout(context.pointer, pointer, engine.rawValue) == 0 else {
            throw RenderError(stage: .layout, messages: takeMessages())
        }
        defer { gvFreeLayout(context.pointer, pointer) }
        if format == .png {
            // Past cairo's limit Graphviz would shrink the picture to a blank and say so on
            // stderr behind our back: refuse before it renders.
            let size = bitmapSize(pointer)
            guard size.fitsCairo else { throw RenderError(stage: .size, messages: takeMessages(), bitmap: size) }
        }
        guard let data = renderData(context.pointer, pointer, format.rawValue) else {
            throw RenderError(stage: .render, messages: takeMessages())
        }
        return data
    }

    /// The PNG size of a laid-out graph, as gvc computes it for a bitmap job: the bounding
    /// box plus `pad` (default 4 points) on each side, at `dpi` (default 96).
    private static func bitmapSize(_ graph: UnsafeMutablePointer<Agraph_t>) -> BitmapSize {
        let box = storygraph_bounding_box(graph)
        var pad = (x: 4.0, y: 4.0)
        let attribute = "pad".withCString { agget(graph, UnsafeMutablePointer(mutating: $0)) }
        if let text = attribute.map({ String(cString: $0) }), !text.isEmpty {
            let parts = text.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            if let x = parts.first { pad = (x * 72, (parts.count > 1 ? parts[1] : x) * 72) }
        }
        let dpi = storygraph_dpi(graph)
        return BitmapSize(
            boundingWidth: box.UR.x - box.LL.x, boundingHeight: box.UR.y - box.LL.y, pad: pad, dpi: dpi > 0 ? dpi : 96)
    }

    /// The one call whose length type differs between Graphviz versions (`unsigned int *`
    /// before 3.0, `size_t *` since).
    private static func renderData(_ context: OpaquePointer, _ graph: UnsafeMutablePointer<Agraph_t>, _ format: String)
        -> Data?
    {
        var buffer: UnsafeMutablePointer<CChar>?
        var length: UInt32 = 0
        guard gvRenderData(context, graph, format, &buffer, &length) == 0, let buffer else {
            if let buffer { gvFreeRenderData(buffer) }
            return nil
        }
        defer { gvFreeRenderData(buffer) }
        return Data(bytes: buffer, count: Int(length))
    }

    private static func beginCollecting() {
        collected = []
        agreseterrors()
        _ = agseterr(AGWARN)
        _ = agseterrf(collectGraphvizMessage)
    }

    private static func endCollecting() {
        _ = agseterrf(nil)
        agreseterrors()
    }

    private static func takeMessages() -> [String] {
        defer { collected = [] }
        return
            collected
            .flatMap { $0.split(separator: "\n") }
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty }
    }
}

/// Graphviz's error callback: a plain C function, so it keeps what it is told in the
/// renderer's collector (the renderer holds its lock while Graphviz runs).
private func collectGraphvizMessage(_ message: UnsafeMutablePointer<CChar>?) -> Int32 {
    if let message { GraphvizRenderer.collected.append(String(cString: message)) }
    return 0
}

/// A gvc context, freed with the object.
private final class Context {
    let pointer: OpaquePointer

    init() { pointer = gvContext() }

    deinit { gvFreeContext(pointer) }
}

/// A parsed cgraph graph that closes itself.
private struct ParsedGraph: ~Copyable {
    let pointer: UnsafeMutablePointer<Agraph_t>?

    init(_ dot: String) { pointer = agmemread(dot) }

    deinit { if let pointer { agclose(pointer) } }
}
