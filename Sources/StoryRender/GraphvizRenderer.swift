import Foundation
internal import CGraphviz

/// A Graphviz layout engine.
public enum LayoutEngine: String, Sendable, CaseIterable {
    case dot, neato, fdp, sfdp, circo, twopi
}

/// An image format Graphviz renders to.
public enum ImageFormat: String, Sendable, CaseIterable {
    case svg, png, pdf

    /// The format for a file name's extension, if Graphviz renders it.
    public init?(fileExtension: String) {
        self.init(rawValue: fileExtension.lowercased())
    }
}

/// Why Graphviz could not draw a map; carries Graphviz's own messages.
public struct RenderError: Error, Sendable, CustomStringConvertible {
    public enum Stage: String, Sendable { case parse, layout, render }
    public var stage: Stage
    public var messages: [String]

    public var description: String {
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

    /// Lays out `dot` with `engine` and renders it as `format`.
    /// - Returns: the rendered bytes, and the warnings Graphviz printed on the way.
    public static func render(dot: String, engine: LayoutEngine = .dot, format: ImageFormat = .svg) throws(RenderError) -> (data: Data, warnings: [String]) {
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

        let graph = ParsedGraph(dot)
        guard let pointer = graph.pointer else {
            throw RenderError(stage: .parse, messages: takeMessages())
        }
        guard gvLayout(context.pointer, pointer, engine.rawValue) == 0 else {
            throw RenderError(stage: .layout, messages: takeMessages())
        }
        defer { gvFreeLayout(context.pointer, pointer) }
        guard let data = renderData(context.pointer, pointer, format.rawValue) else {
            throw RenderError(stage: .render, messages: takeMessages())
        }
        return (format == .svg ? SVGTextCentring.centred(data) : data, takeMessages())
    }

    /// The one call whose length type differs between Graphviz versions (`unsigned int *`
    /// before 3.0, `size_t *` since).
    private static func renderData(_ context: OpaquePointer, _ graph: UnsafeMutablePointer<Agraph_t>, _ format: String) -> Data? {
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
        return collected
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
