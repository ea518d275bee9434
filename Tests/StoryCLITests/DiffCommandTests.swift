import Foundation
import TestSupport
import Testing

/// `storygraph diff`: the two committed versions of Examples/diff/tide-mill give every kind
/// of change (a rename found only by the words of its text among them), in text, Markdown
/// and JSON; `git:REV:PATH` sides are read from a repository the test makes; `--fail-on`
/// sets the exit code.
@Suite struct DiffCommandTests {
    static let v1 = "Examples/diff/tide-mill-v1.json"
    static let v2 = "Examples/diff/tide-mill-v2.json"

    static func diff(_ extra: [String] = [], old: String = v1, new: String = v2) -> CLIRun {
        runCLI(["diff", old, new] + extra)
    }

    @Test func theTextSaysEveryChange() {
        let run = Self.diff()
        #expect(run.exitCode == 0)
        #expect(run.stderr == "")
        #expect(
            run.stdout == """
                Examples/diff/tide-mill-v1.json → Examples/diff/tide-mill-v2.json: 2 passages added, 2 removed, 1 renamed; 1 link added, 1 removed, 1 retargeted; 1 ending gained, 1 lost; 1 new finding (1 error); 1 finding fixed

                FIGURES (before → after)
                  passages                       8 (same)
                  choices                        9 → 10
                  endings                        3 (same)
                  paths                          5 → 6
                  never ending (trapped)         0% (same)
                  broken link (the story fails)  0% → 16.67%

                PASSAGES (renamed: at least 60% of words alike)
                  added miller
                  added millpond
                  removed boats
                  removed old race
                  renamed loft → granary (88.89% of words alike)

                LINKS (of passages in both versions)
                  added mill “Wake the miller” → miller
                  removed granary “Watch the boats” → boats
                  retargeted wheel “Leave it” → millpond (was grinding)

                ENDINGS
                  ending    change  paths before  paths after  odds before  odds after
                  --------  ------  ------------  -----------  -----------  ----------
                  grinding  kept               3            2        62.5%         50%
                  flood     kept               1            2        12.5%      16.67%
                  millpond  gained             -            2            -      16.67%
                  boats     lost               1            -          25%           -

                PATHS (by id: changed is the same choices with other text)
                  added 131b14a73b93 mill → sluice → wheel → millpond
                  added e85f3612a12c mill → miller → wheel → flood
                  added b358046e62be mill → miller → wheel → millpond
                  removed 352b0a10162f mill → sluice → wheel → grinding
                  removed be2e174b8ebe mill → loft → boats
                  changed b09161d83190 mill → granary → grinding

                NEW FINDINGS
                  Examples/diff/tide-mill-v2.json:16:20: error: choice 'Ask about the pond' of passage 'miller' leads to 'millpnd', which does not exist; did you mean 'millpond'? [broken-link]

                FIXED FINDINGS
                  Examples/diff/tide-mill-v1.json:20:5: warning: passage 'old race' cannot be reached from the start 'mill' [unreachable]

                """)
    }

    @Test func markdownAndJSONAreTheSnapshots() throws {
        try Snapshot.check(Self.diff(["--format", "markdown"]).stdout, named: "tide-mill.md", in: "Diff")
        let json = Self.diff(["--format", "json"])
        #expect(json.exitCode == 0)
        try Snapshot.check(json.stdout, named: "tide-mill.json", in: "Diff")
    }

    @Test func theJSONValidatesAndHoldsTheRenameAndTheEndings() throws {
        let value = try JSONContractTests.validate("diff", ["diff", Self.v1, Self.v2, "--format", "json"])
        guard case .object(let top) = value, case .object(let passages)? = top["passages"],
            case .array(let renamed)? = passages["renamed"], case .array(let endings)? = top["endings"]
        else {
            Issue.record("no passages or endings in \(value)")
            return
        }
        #expect(top["schema_version"] == .integer(2))
        #expect(
            renamed == [
                .object(["old": .string("loft"), "new": .string("granary"), "similarity": .number(16.0 / 18.0)])
            ])
        #expect(passages["added"] == .array([.string("miller"), .string("millpond")]))
        #expect(passages["removed"] == .array([.string("boats"), .string("old race")]))
        #expect(endings.count == 4)
        #expect(
            endings.last
                == .object([
                    "id": .string("boats"), "change": .string("lost"), "paths_before": .string("1"),
                    "probability_before": .number(0.25),
                ]))
        // The same versions the other way round: the rename, gains and losses swap.
        let back = try JSONContractTests.validate("diff", ["diff", Self.v2, Self.v1, "--format", "json"])
        guard case .object(let backTop) = back, case .object(let backPassages)? = backTop["passages"] else { return }
        #expect(
            backPassages["renamed"]
                == .array([
                    .object(["old": .string("granary"), "new": .string("loft"), "similarity": .number(16.0 / 18.0)])
                ]))
    }

    @Test func aRenameNeedsTheThreshold() {
        // At 0.9 the granary (16 of 18 words alike) is not the loft: one passage removed, one added.
        let run = Self.diff(["--rename-threshold", "0.9"])
        #expect(
            run.stdout.hasPrefix(
                "Examples/diff/tide-mill-v1.json → Examples/diff/tide-mill-v2.json: 3 passages added, 3 removed; 1 link added, 2 retargeted; 1 ending gained, 1 lost; 1 new finding (1 error); 1 finding fixed\n"
            ))
        #expect(run.stdout.contains("  added granary\n"))
        #expect(run.stdout.contains("  removed loft\n"))
        // Without the rename, the mill's link to the loft is retargeted to the granary.
        #expect(run.stdout.contains("  retargeted mill “Climb to the loft” → granary (was loft)\n"))
        let bad = Self.diff(["--rename-threshold", "0"])
        #expect(bad.exitCode == 64)
        #expect(
            bad.stderr
                == "error: invalid value '0' for '--rename-threshold'; expected a number from 0.01 to 1\nSee 'storygraph help diff'.\n"
        )
    }

    @Test func failOnSetsTheExitCode() {
        let errors = Self.diff(["--fail-on", "new-errors"])
        #expect(errors.exitCode == 1)
        #expect(errors.stderr == "diff fails: 1 new error\n")
        #expect(Self.diff(["--fail-on", "lost-endings"]).exitCode == 1)
        let both = Self.diff(["--fail-on", "new-errors", "--fail-on", "lost-endings", "--quiet"])
        #expect(both.exitCode == 1)
        #expect(both.stderr == "")
        // Back from v2 to v1 the broken link is fixed, and the millpond is lost.
        #expect(Self.diff(["--fail-on", "new-errors"], old: Self.v2, new: Self.v1).exitCode == 0)
        let lost = Self.diff(["--fail-on", "lost-endings"], old: Self.v2, new: Self.v1)
        #expect(lost.exitCode == 1)
        #expect(lost.stderr == "diff fails: 1 lost ending\n")
        let same = Self.diff(["--fail-on", "new-errors", "--fail-on", "lost-endings"], new: Self.v1)
        #expect(same.exitCode == 0)
        #expect(
            same.stdout.hasPrefix(
                "Examples/diff/tide-mill-v1.json → Examples/diff/tide-mill-v1.json: no changes to passages, links, endings or findings\n"
            ))
        let wrong = Self.diff(["--fail-on", "warnings"])
        #expect(wrong.exitCode == 64)
        #expect(
            wrong.stderr
                == "error: invalid value 'warnings' for '--fail-on'; expected one of: new-errors, lost-endings\nSee 'storygraph help diff'.\n"
        )
    }

    @Test func unreadableSidesAreInputErrors() {
        let missing = Self.diff(new: "Examples/diff/no-such.json")
        #expect(missing.exitCode == 65)
        #expect(missing.stderr.contains("no-such.json"))
        let malformed = Self.diff(new: "git:HEAD")
        #expect(malformed.exitCode == 64)
        #expect(
            malformed.stderr.hasPrefix(
                "error: 'git:HEAD' is not git:REV:PATH (a revision, a colon, then a file's path)\n"))
    }

    /// Runs `git` in `folder`, with a fixed author so the test needs no git config.
    static func git(_ arguments: [String], in folder: URL) throws {
        let run = try runBinary(
            [
                "git", "-c", "user.name=storygraph tests", "-c", "user.email=tests@example.invalid", "-c",
                "commit.gpgsign=false",
            ] + arguments,
            directory: folder, executable: "/usr/bin/env")
        #expect(run.exitCode == 0, "git \(arguments.joined(separator: " "))")
    }

    @Test func gitRevisionsAreReadThroughGitShow() throws {
        let repository = Repository.temporaryFolder()
        let story = repository.appendingPathComponent("story.json")
        try Self.git(["init", "-q"], in: repository)
        for version in [Self.v1, Self.v2] {
            try FileManager.default.removeItemIfExists(at: story)
            try FileManager.default.copyItem(at: URL(fileURLWithPath: Repository.path(version)), to: story)
            try Self.git(["add", "--", "story.json"], in: repository)
            try Self.git(["commit", "-q", "-m", version], in: repository)
        }
        let run = try runBinary(
            ["diff", "git:HEAD~1:story.json", "git:HEAD:story.json", "--fail-on", "lost-endings"], directory: repository
        )
        #expect(run.exitCode == 1)
        let expected = Self.diff().stdout
            .replacingOccurrences(of: Self.v1, with: "git:HEAD~1:story.json").replacingOccurrences(
                of: Self.v2, with: "git:HEAD:story.json")
        #expect(run.stdout == expected)
        #expect(
            run.stdout.contains(
                "  git:HEAD:story.json:16:20: error: choice 'Ask about the pond' of passage 'miller' leads to 'millpnd'"
            ))
        #expect(run.stderr == "diff fails: 1 lost ending\n")

        // A revision git does not know, a path it does not hold, a folder: 65, naming both.
        let unknown = try runBinary(["diff", "git:HEAD~5:story.json", "git:HEAD:story.json"], directory: repository)
        #expect(unknown.exitCode == 65)
        #expect(
            unknown.stderr.hasPrefix(
                "error: cannot read git:HEAD~5:story.json: git show HEAD~5:story.json failed: fatal: "))
        let absent = try runBinary(["diff", "git:HEAD:other.json", story.path], directory: repository)
        #expect(absent.exitCode == 65)
        #expect(
            absent.stderr.hasPrefix("error: cannot read git:HEAD:other.json: git show HEAD:other.json failed: fatal: "))
        try FileManager.default.createDirectory(
            at: repository.appendingPathComponent("chapters"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: story, to: repository.appendingPathComponent("chapters/story.json"))
        try Self.git(["add", "--", "chapters"], in: repository)
        try Self.git(["commit", "-q", "-m", "folder"], in: repository)
        let folder = try runBinary(["diff", "git:HEAD:chapters", "git:HEAD:story.json"], directory: repository)
        #expect(folder.exitCode == 65)
        #expect(
            folder.stderr
                == "error: cannot read git:HEAD:chapters: chapters at HEAD is a folder; give a file [unreadable-file]\n"
        )
    }
}

extension FileManager {
    func removeItemIfExists(at url: URL) throws {
        if fileExists(atPath: url.path) { try removeItem(at: url) }
    }
}
