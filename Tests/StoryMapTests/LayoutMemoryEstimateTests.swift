import Testing

@testable import StoryMap

/// The layout memory estimate's formula on fixed sizes (the sizes of generated stories
/// whose peak `Benchmarks/map-memory-bench.sh` measures; the estimate is 1–1.5× the
/// measured peak there).
@Suite struct LayoutMemoryEstimateTests {
    /// 38 MiB, plus 10 KiB per box or edge: gamebook 100 (278 boxes, 356 edges; peak 33 MiB
    /// with the Swift runtime linked statically, 40 MiB dynamically).
    @Test func plainDot() {
        let estimate = LayoutMemoryEstimate(
            engine: .dot, exactOverlaps: true, boxes: 278, edges: 356, labelledEdges: 0, passages: 100, choices: 178)
        #expect(estimate.bytes == 46_338_048)
        #expect(LayoutMemoryEstimate.describe(estimate.bytes) == "45 MiB")
    }

    /// `sfdp` with `prism`: 5 KiB per box or edge, 2 KiB more per labelled edge: gamebook
    /// 2,000 in the chart style (peak 86 MiB) and compact (peak 66 MiB).
    @Test func sfdpWithExactOverlapRemoval() {
        let chart = LayoutMemoryEstimate(
            engine: .sfdp, exactOverlaps: true, boxes: 5_636, edges: 7_272, labelledEdges: 0, passages: 2_000,
            choices: 3_636)
        #expect(chart.bytes == 105_934_848)
        let compact = LayoutMemoryEstimate(
            engine: .sfdp, exactOverlaps: true, boxes: 2_000, edges: 3_636, labelledEdges: 3_636, passages: 2_000,
            choices: 3_636)
        #expect(compact.bytes == 76_148_736)
    }

    /// `sfdp` scaling overlaps apart: 10 KiB per box or edge and 3.7e-5 bytes per box
    /// cubed on a sparse story: gamebook 10,000 (peak 1.0 GiB, where the estimate had been
    /// 6.3 GiB) and lattice 100 × 200 (peak 8.4 GiB).
    @Test func sfdpScalingOverlapsApart() {
        let estimate = LayoutMemoryEstimate(
            engine: .sfdp, exactOverlaps: false, boxes: 28_479, edges: 36_958, labelledEdges: 0, passages: 10_000,
            choices: 18_479)
        #expect(estimate.bytes == 1_565_745_430)
        #expect(LayoutMemoryEstimate.describe(estimate.bytes) == "1.5 GiB")
        let lattice = LayoutMemoryEstimate(
            engine: .sfdp, exactOverlaps: false, boxes: 59_901, edges: 79_800, labelledEdges: 0, passages: 20_000,
            choices: 39_900)
        #expect(lattice.bytes == 9_425_752_295)
        #expect(LayoutMemoryEstimate.describe(lattice.bytes) == "8.8 GiB")
    }

    /// 8 bytes more a pair when every passage links to every other: 100 passages of 100
    /// choices each (10,100 boxes; peak 870 MiB).
    @Test func denseStoriesPayEveryPair() {
        let estimate = LayoutMemoryEstimate(
            engine: .sfdp, exactOverlaps: false, boxes: 10_100, edges: 20_000, labelledEdges: 0, passages: 100,
            choices: 10_000)
        #expect(estimate.bytes == 1_164_149_888)
    }
}
