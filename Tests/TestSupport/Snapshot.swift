import Foundation
import Testing

/// Text snapshots stored next to the tests; `STORYGRAPH_RECORD=1` writes them anew.
package enum Snapshot {
    /// `Tests/Snapshots/<kind>`: beside the test targets, outside them, so SwiftPM does not
    /// take the snapshots for sources.
    package static func folder(_ kind: String) -> URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Snapshots/\(kind)")
    }

    package static func check(
        _ text: String, named name: String, in kind: String = "Analysis",
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let folder = folder(kind)
        let url = folder.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["STORYGRAPH_RECORD"] == "1" {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
            return
        }
        guard FileManager.default.fileExists(atPath: url.path) else {
            Issue.record(
                "no snapshot \(name); run with STORYGRAPH_RECORD=1 to record it", sourceLocation: sourceLocation)
            return
        }
        let stored = try String(contentsOf: url, encoding: .utf8)
        #expect(
            text == stored, "snapshot \(name) differs; rerun with STORYGRAPH_RECORD=1 to record it",
            sourceLocation: sourceLocation)
    }
}
