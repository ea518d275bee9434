import Foundation
import TestSupport
import Testing

/// Hostile expressions (issue 24), run through the built binary so that a crash is a
/// failed expectation, not the end of the test run: chains of 100,000 terms of one
/// operator, deep brackets and prefixes, ink inline conditionals nested 8,000 deep, a Yarn
/// smart variable read by an option, and one condition that reads thousands of variables.
@Suite(.serialized) struct ExpressionHostileTests {
    /// CPU seconds each run may take in a debug build: the inputs are read in well under one.
    static let cpuSeconds = 20
    /// The depth storygraph reads an expression to (`Expression.maximumDepth`).
    static let bound = 100

    static func run(_ arguments: [String]) throws -> CLIRun {
        try runBinary(arguments, timeout: 120, cpuSeconds: cpuSeconds)
    }

    static func chain(_ term: String, _ op: String, _ count: Int = 100_000) -> String {
        Array(repeating: term, count: count).joined(separator: op)
    }

    struct Deep: Sendable, CustomTestStringConvertible {
        var name: String
        var file: String
        var text: String
        /// The lines the depth finding names, in order.
        var lines: [Int]
        var testDescription: String { name }
    }

    static let deep: [Deep] = [
        Deep(
            name: "story JSON condition and assignment", file: "deep.json",
            text: """
                {"title": "Deep", "start": "A", "variables": {"a": true, "x": 0}, "passages": [
                  {"id": "A", "text": "a", "choices": [
                    {"text": "Go", "to": "B", "if": "\(chain("$a", " and "))"}]},
                  {"id": "B", "text": "b", "set": "$x = \(chain("1", " + "))", "ending": true}
                ]}
                """, lines: [3, 4]),
        Deep(
            name: "Yarn condition and assignment", file: "deep.yarn",
            text: """
                title: Start
                ---
                <<declare $a = true>>
                <<set $x to \(chain("1", " + "))>>
                -> Go <<if \(chain("$a", " and "))>>
                    <<jump End>>
                ===
                title: End
                ---
                Bye.
                ===
                """, lines: [4, 5]),
        Deep(
            name: "ChoiceScript condition and assignment", file: "startup.txt",
            text: """
                *create a true
                *create x 0
                *set x \(chain("1", "+"))
                *choice
                  *if (\(chain("a", " and "))) #Go
                    *finish
                  #Stay
                    *finish
                """, lines: [3, 5]),
        Deep(
            name: "ink sum, brackets and nots", file: "deep.ink",
            text: """
                VAR x = 0
                ~ x = \(chain("1", " + "))
                {\(String(repeating: "(", count: 100_000))x\(String(repeating: ")", count: 100_000)): deep}
                {\(String(repeating: "not ", count: 100_000))true: denied}
                -> END
                """, lines: [2, 3, 4]),
        Deep(
            name: "ink inline conditionals nested 8,000 deep", file: "nested.ink",
            text: """
                VAR a = true
                Start. \(String(repeating: "{a: x", count: 8_000))\(String(repeating: "}", count: 8_000))
                -> END
                """, lines: [2]),
    ]

    /// Every format reads the hostile expression, reports it once at its line with the
    /// bound, and goes on: the finding is a warning, so `check` succeeds.
    @Test(arguments: deep) func deepExpressionsAreReportedWithTheirBound(_ c: Deep) throws {
        let folder = Repository.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent(c.file).path
        try Data(c.text.utf8).write(to: URL(fileURLWithPath: path))
        let run = try Self.run(["check", path])
        #expect(run.signal == nil, "killed by signal \(run.signal ?? 0)\n\(run.stderr.suffix(1_500))")
        #expect(run.exitCode == 0, "\(run.stderr.suffix(1_500))")
        let findings = run.stderr.split(separator: "\n").filter { $0.hasSuffix("[expression-depth]") }
        #expect(findings.map { Int($0.dropFirst(path.count + 1).prefix { $0 != ":" }) ?? 0 } == c.lines)
        #expect(findings.allSatisfy { $0.contains("deeper than \(Self.bound) levels") })
    }

    /// A variable read only by a condition too deep to parse may be read: no
    /// `variable-never-read` claim is made about it.
    @Test func aVariableReadOnlyInATooDeepConditionIsNotCalledUnread() throws {
        let folder = Repository.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("unread.yarn").path
        try Data(
            """
            title: Start
            ---
            <<set $k to true>>
            -> Go <<if \(Self.chain("$k", " and ", 200))>>
                <<jump End>>
            ===
            title: End
            ---
            Bye.
            ===
            """.utf8
        ).write(to: URL(fileURLWithPath: path))
        let run = try Self.run(["check", path])
        #expect(run.exitCode == 0)
        #expect(run.stderr.split(separator: "\n").filter { $0.hasSuffix("[expression-depth]") }.count == 1)
        #expect(!run.stderr.contains("[variable-never-read]"), "\(run.stderr.suffix(1_000))")
    }

    /// A Yarn smart variable (`<<declare $rich = $gold >= 6>>`) is its expression,
    /// evaluated whenever it is read: working once makes the reader rich.
    static let smart = """
        title: Start
        ---
        <<declare $gold = 3>>
        <<declare $rich = $gold >= 6>>
        Hello.
        -> Work <<if not $rich>>
            <<set $gold = $gold + 4>>
            <<jump Market>>
        -> Buy <<if $rich>>
            <<jump End>>
        ===
        title: Market
        ---
        The market.
        -> Buy <<if $rich>>
            <<jump End>>
        -> Wait
            <<jump Market>>
        ===
        title: End
        ---
        Bought.
        ===
        """

    @Test func aSmartVariableIsEvaluatedWhenItIsRead() throws {
        let folder = Repository.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("smart.yarn").path
        try Data(Self.smart.utf8).write(to: URL(fileURLWithPath: path))
        for arguments in [
            ["report", path], ["map", path, "--state", "-o", folder.appendingPathComponent("m.dot").path],
            ["fuzz", path, "--policy", "state", "--runs", "50"],
        ] {
            let run = try Self.run(arguments)
            #expect(run.signal == nil, "\(arguments[0]): killed by signal \(run.signal ?? 0)")
            #expect(run.exitCode == 0, "\(arguments[0]): \(run.stderr.suffix(1_500))")
        }
        let check = try Self.run(["check", path])
        #expect(check.signal == nil, "check: killed by signal \(check.signal ?? 0)")
        #expect(check.exitCode == 0, "\(check.stderr.suffix(1_500))")
        // Start's Buy never holds (the reader starts with 3 gold); Start's Work and the
        // market's Buy always do.
        func lines(_ rule: String) -> [Int] {
            check.stderr.split(separator: "\n").filter { $0.hasSuffix("[\(rule)]") }.map {
                Int($0.dropFirst(path.count + 1).prefix { $0 != ":" }) ?? 0
            }
        }
        #expect(lines("condition-never-true") == [9])
        #expect(lines("condition-always-true") == [6, 15])
        #expect(!check.stderr.contains("variable 'rich' is read but nothing sets it"))
    }

    /// One condition that reads 3,000 variables, none of them set (and one that is, so
    /// that the state search runs): one finding each,
    /// found in time linear in the variables (the lint was cubic).
    @Test func theVariableLintIsLinearInTheVariablesOfOneCondition() throws {
        let names = (1...3_000).map { "$v\($0)" }
        let text = """
            title: Start
            ---
            <<set $go to true>>
            -> Go <<if $go or check(\(names.joined(separator: ", ")))>>
                <<jump End>>
            ===
            title: End
            ---
            Bye.
            ===
            """
        let folder = Repository.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("wide.yarn").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let run = try Self.run(["check", path])
        #expect(run.signal == nil, "killed by signal \(run.signal ?? 0)")
        #expect(run.exitCode == 0)
        let findings = run.stderr.split(separator: "\n").filter { $0.hasSuffix("[variable-never-set]") }
        #expect(findings.count == 3_000)
        #expect(findings.allSatisfy { $0.hasPrefix(path + ":4:") })
    }
}
