import Foundation
import StoryFormats
import StoryGraph
import StoryMap
import TestSupport
import Testing

@testable import StoryRender

/// Resident memory of this process in bytes (Linux `/proc/self/statm`).
func residentBytes() -> Int {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
    let fields = text.split(separator: " ")
    return (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// Resident memory is a figure of the whole process, so this test runs alone, in a
/// process of its own: `make test-long` runs it a second time with `STORYGRAPH_SOAK=1` and
/// `--filter RenderMemoryTests`; in the main (parallel) run it is skipped.
@Suite(.serialized) struct RenderMemoryTests {
    @Test(.enabled(if: ProcessInfo.processInfo.environment["STORYGRAPH_SOAK"] == "1", "runs alone: make test-long"))
    func fiveHundredRendersDoNotGrowResidentMemory() throws {
        let root = Repository.root
        let result = try StoryLoading.load(paths: [root.appendingPathComponent("Examples/lighthouse.json").path])
        let dot = DOTExporter(StoryGraph(result.story)).dot()
        // Warm up: plugins load and caches fill on the first renders.
        for _ in 0..<50 { _ = try GraphvizRenderer.render(dot: dot) }
        let before = residentBytes()
        for i in 0..<500 {
            let (data, _) = try GraphvizRenderer.render(dot: dot)
            #expect(data.count > 10_000, "render \(i)")
            // A failed render on the way must not leak or spoil the next one either.
            if i % 100 == 0 { #expect(throws: RenderError.self) { try GraphvizRenderer.render(dot: "digraph {") } }
        }
        let growth = residentBytes() - before
        print("resident memory growth over 500 renders: \(growth / 1024) KiB")
        #expect(growth < 8 << 20)
    }
}
