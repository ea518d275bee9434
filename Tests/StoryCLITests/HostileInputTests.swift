import Foundation
import StoryFormats
import StoryGraph
import TestSupport
import Testing

/// Hostile inputs of about 1 MB for every registered loader (`StoryLoading.loaders`, so a
/// new loader is covered without a change here), run through the built binary: no signal
/// (exit code below 128), a located `file:line:column:` message whenever it fails, and a
/// CPU-time bound generous enough for a debug build (and a wall-time kill against hangs).
/// The inputs are 64 KiB in `make test` and about 1 MB in `make test-long`
/// (`HostileInput.size`); the cases run side by side, each bound by its own CPU time.
@Suite struct HostileInputTests {
    /// The commands each input goes through: loading, validation and analysis (`report`),
    /// and the readable-text and DOT steps of the map (`dot`).
    enum Step: String, CaseIterable, Sendable { case report, dot }

    /// CPU seconds (user + system) each step may take on one input in a debug build: the
    /// slowest passing step, `report` on the 11 MB Destini cycle, takes about 9 s on a quiet
    /// machine and 17 to 20 s when other builds share its two cores (caches and memory
    /// bandwidth are shared too). CPU time, not wall time, so that load does not fail the
    /// suite; a step still running after `wallSecondsPerInput` (a hang that uses no CPU) is
    /// killed and fails. The wall bound is wide: with other builds on both cores the
    /// 100,000-passage cycles of the app-source loaders took over 150 s of wall time for
    /// under 40 s of CPU.
    static let cpuSecondsPerInput = 40.0
    static let wallSecondsPerInput = 600.0

    /// Inputs that fail today for a defect another helper is fixing: "format input step"
    /// → the defect. The lead removes each entry once its fix is merged (a known issue
    /// that no longer fails is reported as a failure of its own).
    /// Inputs whose defect another change has still to fix, by "format input step"; a fixed
    /// one makes its entry fail ("Known issue was not recorded"), so it is deleted here.
    static let knownIssues: [String: String] = [:]

    static func file(for format: String, _ input: HostileInput) -> String {
        let name =
            HostileInput.writer(format)?.hostile?.fileName
            ?? "hostile.\(StoryLoading.loader(named: format)?.fileExtensions.first ?? "txt")"
        let url = Repository.temporaryFolder().appendingPathComponent(name)
        try! input.data(for: format).write(to: url)
        return url.path
    }

    static func isLocated(_ stderr: String) -> Bool {
        stderr.split(separator: "\n").contains { line in
            line.wholeMatch(of: /.+:[0-9]+:[0-9]+: (error|warning|note): .+/) != nil
        }
    }

    @Test(arguments: StoryLoading.formatNames, HostileInput.allCases)
    func survives(format: String, input: HostileInput) throws {
        let path = Self.file(for: format, input)
        defer { try? FileManager.default.removeItem(atPath: (path as NSString).deletingLastPathComponent) }
        for step in Step.allCases {
            let run = try runBinary(
                [step.rawValue, path, "--input-format", format, "--quiet"], timeout: Self.wallSecondsPerInput,
                cpuSeconds: Int(Self.cpuSecondsPerInput))
            let check = {
                #expect(
                    !run.timedOut,
                    "\(format) \(input) \(step): still running after \(Self.wallSecondsPerInput) s, killed")
                #expect(
                    run.signal != SIGXCPU,
                    "\(format) \(input) \(step): used more than \(Self.cpuSecondsPerInput) s of CPU")
                #expect(
                    run.timedOut || run.signal == nil,
                    "\(format) \(input) \(step): killed by signal \(run.signal ?? 0)\n\(run.stderr.suffix(2_000))")
                #expect(run.timedOut || run.exitCode < 128)
                if run.exitCode != 0 && !run.timedOut {
                    #expect(
                        Self.isLocated(run.stderr),
                        "\(format) \(input) \(step): exit \(run.exitCode) without a located message: \(run.stderr.prefix(500))"
                    )
                }
            }
            if let reason = Self.knownIssues["\(format) \(input) \(step)"] {
                withKnownIssue(Comment(rawValue: reason)) { check() }
            } else {
                check()
            }
        }
    }

    /// Twine expressions of most of a megabyte in each dialect: parentheses nested far past
    /// the parser's bound (64 levels), conditions longer than it reads (1,000 scalars), a
    /// thousand deep ones in a row, and 20,000 assignments after 50 links (whose copies
    /// onto each link are bounded). Each stays text or unknown, counted; nothing overflows.
    @Test(arguments: ["SugarCube", "Harlowe"])
    func twineExpressionsDeepAndLong(format: String) throws {
        let (open, close, assignment) =
            format == "Harlowe"
            ? ("(if: ", ")[ [[End]] ]", "(set: $x to it + 1)") : ("<<if ", ">>[[End]]<</if>>", "<<set $x += 1>>")
        let deep = String(repeating: "(", count: 30_000) + "$a" + String(repeating: ")", count: 30_000)
        let long = (0..<5_000).map { "$v\($0)" }.joined(separator: " + ")
        let many = String(
            repeating: open + String(repeating: "(", count: 110) + "$b" + String(repeating: ")", count: 110) + close
                + "\n", count: 1_000)
        let links = (0..<50).map { "[[Link \($0)|End]]" }.joined(separator: " ")
        let story = """
            :: StoryData
            {"format": "\(format)", "start": "Start"}
            :: Start
            \(open)\(deep)\(close)
            \(open)\(long)\(close)
            \(many)\(links)
            \(String(repeating: assignment, count: 20_000))
            \(open)$x > 3\(close)
            :: End
            The end.
            """
        let url = Repository.temporaryFolder().appendingPathComponent("expressions.twee")
        try Data(story.utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        for step in ["report", "check"] {
            let run = try runBinary(
                [step, url.path, "--quiet"], timeout: Self.wallSecondsPerInput, cpuSeconds: Int(Self.cpuSecondsPerInput)
            )
            #expect(!run.timedOut && run.signal == nil, "\(format) \(step): \(run.stderr.suffix(500))")
            #expect(run.exitCode == 0, "\(format) \(step): \(run.stderr.suffix(500))")
        }
        let report = try runBinary(
            ["report", url.path, "--format", "json"], timeout: Self.wallSecondsPerInput,
            cpuSeconds: Int(Self.cpuSecondsPerInput))
        // The deep, the long and the thousand too-deep conditions are kept as text; the
        // last one and the 20,000 assignments are read.
        #expect(report.stdout.contains("\"expressions\" : 20001"))
        #expect(report.stdout.contains("\"expressions_unparsed\" : 1002"))
    }
}
