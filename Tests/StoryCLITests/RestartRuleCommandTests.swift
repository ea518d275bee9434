import Foundation
import TestSupport
import Testing

/// `--restart-rule` reaches the loader from every command that reads a story.
@Suite struct RestartRuleCommandTests {
    /// Two endings whose only way on is "Play again!" back to the start, written as
    /// ordinary choices (no `"restart": true`).
    static let story = """
        {"start": "gate", "passages": [
          {"id": "gate", "text": "A gate.", "choices": [{"text": "Left", "to": "pit"}, {"text": "Right", "to": "gold"}]},
          {"id": "pit", "text": "You fall.", "choices": [{"text": "Play again!", "to": "gate"}]},
          {"id": "gold", "text": "You win.", "choices": [{"text": "PLAY AGAIN", "to": "gate"}]}
        ]}
        """

    @Test(arguments: [("text", "2", 0), ("strict", "0", 1), ("off", "0", 1)])
    func theRuleDecidesTheEndings(rule: String, paths: String, checkExit: Int32) throws {
        let path = Repository.write(Self.story, name: "gate.json")
        let report = runCLI(["report", path, "--format", "json", "--quiet", "--restart-rule", rule])
        #expect(report.exitCode == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(report.stdout.utf8)) as? [String: Any])
        let figures = try #require(document["paths"] as? [String: Any])
        #expect(figures["total"] as? String == paths)
        #expect((document["endings"] as? [Any])?.count == (rule == "text" ? 2 : 0))
        let check = runCLI(["check", path, "--quiet", "--restart-rule", rule])
        #expect(check.exitCode == checkExit)
    }

    @Test func aWrongValueIsAUsageErrorNamingTheValidOnes() {
        let path = Repository.write(Self.story, name: "gate.json")
        let run = runCLI(["paths", path, "--restart-rule", "loose"])
        #expect(run.exitCode == 64)
        #expect(run.stderr.contains("text, strict, off"))
    }
}
