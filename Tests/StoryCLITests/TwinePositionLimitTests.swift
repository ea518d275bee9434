import Foundation
import TestSupport
import Testing

@testable import StoryCLI

/// Twine positions far out of range used to trap converting Double to Int in the DOT
/// writer; now such a passage is laid out automatically, with a located warning.
@Suite("--layout twine: positions out of range")
struct TwinePositionLimitTests {
    @Test(arguments: [
        ("1e19,0", nil as String?), ("-1e19,5", nil), ("0,9e300", nil), ("10,10", "1e19,100"), ("10,10", "-5,100"),
    ])
    func outOfRangePositionIsWarnedAndSkipped(position: String, size: String?) {
        let metadata = size.map { "\"position\":\"\(position)\",\"size\":\"\($0)\"" } ?? "\"position\":\"\(position)\""
        let path = Repository.write(
            ":: Start {\(metadata)}\n[[Next]]\n\n:: Next {\"position\":\"100,100\"}\nThe end.\n", name: "far.twee")
        let run = runCLI(["map", path, "--layout", "twine", "--format", "dot"])
        #expect(run.exitCode == 0)
        let what = size.map { "position '\(position)' and size '\($0)'" } ?? "position '\(position)'"
        #expect(
            run.stderr
                == "\(path):1:1: warning: passage 'Start' has Twine \(what) beyond ±1000000 pixels (or a negative size); --layout twine lays it out automatically [layout-position]\n"
        )
        // The passage in range keeps its pin; the other is placed beside it, as a passage
        // without a position is.
        let next = run.stdout.split(separator: "\n").first { $0.contains("id=\"passage:Next\"") }
        #expect(next?.contains("pos=\"300,-300!\"") == true)
        let start = run.stdout.split(separator: "\n").first { $0.contains("id=\"passage:Start\"") }
        #expect(start?.contains("pos=\"300,-300!\"") == false)
    }

}
