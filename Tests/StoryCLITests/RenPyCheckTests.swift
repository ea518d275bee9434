import Foundation
import TestSupport
import Testing

@testable import StoryCLI

/// `check` on a Ren'Py game folder with Ren'Py's parse errors (issue 30).
@Suite struct RenPyCheckTests {
    @Test func checkReportsRenPysStatementErrorsAtLintsLines() throws {
        let game = Repository.path("Tests/Fixtures/renpy-statement-errors/game")
        let run = runCLI(["check", game, "--format", "json"])
        #expect(run.exitCode == 1)
        let object = try #require(JSONSerialization.jsonObject(with: run.stdoutData) as? [String: Any])
        let files = try #require(object["files"] as? [[String: Any]])
        let findings = files.flatMap { ($0["findings"] as? [[String: Any]]) ?? [] }
            .filter { $0["rule"] as? String == "renpy-syntax" }
        // Ren'Py 8.0.3's `lint` on the same folder: these lines, no other.
        #expect(findings.map { ($0["location"] as? [String: Any])?["line"] as? Int } == [6, 7, 11, 13, 15, 19, 22, 26])
        #expect(findings.allSatisfy { $0["severity"] as? String == "error" })
    }
}
