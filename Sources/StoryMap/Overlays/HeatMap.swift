import Foundation
import StoryGraph

/// The heat overlay: colours each passage and choice by the share of random runs that
/// passed there, on a sequential scale (ColorBrewer YlOrRd, light to dark), with a
/// legend; passages and choices no run reached are pale blue and say "never visited".
package enum HeatMap {
    /// Upper bounds of the bins (share of runs) and their fills, light to dark.
    package static let scale: [(upTo: Double, label: String, fill: String)] = [
        (0.01, "up to 1%", "#ffffcc"),
        (0.05, "1–5%", "#ffeda0"),
        (0.10, "5–10%", "#fed976"),
        (0.25, "10–25%", "#feb24c"),
        (0.50, "25–50%", "#fd8d3c"),
        (1.00, "over 50%", "#fc4e2a"),
    ]
    package static let neverFill = "#c6dbef"

    /// The fill for a share of runs above 0.
    package static func fill(_ share: Double) -> String {
        scale.first { share <= $0.upTo }?.fill ?? scale[scale.count - 1].fill
    }

    /// Fills, notes and legend for a fuzz report.
    ///
    /// - Complexity: O(P + C).
    package static func decorate(_ decorations: inout MapDecorations, with report: FuzzReport) {
        let runs = Double(max(1, report.runs))
        for (v, count) in report.passageRuns.enumerated() {
            if count == 0 {
                decorations.passageFill[v] = neverFill
                decorations.passageNotes[v] = "never visited"
            } else {
                decorations.passageFill[v] = fill(Double(count) / runs)
                decorations.passageNotes[v] = "\(percent(Double(count) / runs)) of runs"
            }
        }
        for (slot, count) in report.choiceRuns.enumerated() {
            let ref = report.graph.refs[slot]
            if count == 0 {
                decorations.choiceFill[ref] = neverFill
                decorations.choiceNotes[ref] = "never taken"
            } else {
                decorations.choiceFill[ref] = fill(Double(count) / runs)
                decorations.choiceNotes[ref] = percent(Double(count) / runs)
            }
        }
        decorations.legendTitle =
            "Share of \(NumberText.grouped(report.runs)) random runs (seed \(report.seed), \(report.policy.rawValue))"
        decorations.legend =
            scale.map { MapDecorations.LegendEntry(label: $0.label, fill: $0.fill) }
            + [MapDecorations.LegendEntry(label: "never visited", fill: neverFill)]
    }

    /// `41.2%`, `0.03%`, `100%` (only when every run passed): the same on every machine.
    package static func percent(_ share: Double) -> String {
        if share >= 1 { return "100%" }
        return NumberText.percent(min(share, 0.999), decimals: share >= 0.01 ? 1 : 2)
    }
}
