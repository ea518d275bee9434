import StoryGraph
import TestSupport
import Testing

@testable import StoryFormats

/// ink that inklecate refuses to compile is an `ink-syntax` error at the line inklecate
/// names (its messages, from ink's `InkParser*.cs`, are in the comments); the same story
/// corrected loads with no finding at all.
@Suite struct InkCompileErrorTests: LoadsStoryText {
    static let fileName = "story.ink"

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var broken: String
        var error: String
        var fixed: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        // "Expected closing ']' for weave-style option but saw end of line"
        Case(
            name: "choice '[' never closed",
            broken: "Hello.\n* [Stay\n    You stay.\n    -> END\n* [Go] -> END\n",
            error:
                "story.ink:2:1: error: this choice's '[' is never closed (expected ']' on its line) [ink-syntax]",
            fixed: "Hello.\n* [Stay]\n    You stay.\n    -> END\n* [Go] -> END\n"),
        // "Expected some kind of logic, conditional or sequence within braces: { ... } but saw 'x'"
        Case(
            name: "inline '{' never closed",
            broken: "VAR x = true\nHello {x\n-> END\n",
            error:
                "story.ink:2:7: error: '{x' is never closed: inline logic needs its '}' on the same line [ink-syntax]",
            fixed: "VAR x = true\nHello {x}\n-> END\n"),
        // "Expected value expression to be assigned but saw end of line"
        Case(
            name: "assignment with no value",
            broken: "VAR x = 1\n~ x =\nHello.\n-> END\n",
            error: "story.ink:2:1: error: '~ x =' assigns no value (expected an expression after it) [ink-syntax]",
            fixed: "VAR x = 1\n~ x = x + 1\nHello.\n-> END\n"),
        // "Empty diverts (->) are only valid on choices"
        Case(
            name: "divert with no target",
            broken: "Hello.\n->\n",
            error:
                "story.ink:2:1: error: '->' with no target: an empty divert is only valid on a choice "
                + "(ink's rule) [ink-syntax]",
            fixed: "Hello.\n* [Wait] ->\n- Time passes.\n-> END\n"),
        // "Expected variable name but saw end of line"
        Case(
            name: "VAR with no name",
            broken: "VAR\nHello.\n-> END\n",
            error: "story.ink:1:1: error: VAR with no name (expected 'VAR name = value') [ink-syntax]",
            fixed: "VAR gold = 0\nHello.\n-> END\n"),
    ]

    @Test(arguments: cases) func brokenStoryIsOneErrorAtInklecatesLine(_ c: Case) throws {
        let result = try Self.load(c.broken)
        #expect(result.diagnostics.filter { $0.severity == .error }.map(\.description) == [c.error])
    }

    @Test(arguments: cases) func correctedStoryHasNoFinding(_ c: Case) throws {
        let result = try Self.load(c.fixed)
        #expect(result.diagnostics.map(\.description) == [])
        #expect(Load.analysis(result, budget: .unlimited).lint.findings.map(\.description) == [])
    }

    /// The unclosed brace is not also read as a multi-line conditional on `x` (which made
    /// the analysis say its condition never holds).
    @Test func unclosedBraceHasNoFollowOnFinding() throws {
        let result = try Self.load(Self.cases[1].broken)
        let findings = Load.analysis(result, budget: .unlimited).lint.findings
        #expect(findings.map(\.ruleID) == ["ink-syntax"])
        #expect(result.story.passages.map(\.text) == ["Hello"])
    }

    /// The same for CONST and LIST ("Expected constant name", "Expected list name") and
    /// for `+=` with no value.
    @Test func otherNamelessDeclarationsAndEmptyAssignments() throws {
        let result = try Self.load("VAR x = 1\nCONST\nLIST = a, b\n~ x +=\nHello.\n-> END\n")
        #expect(
            result.diagnostics.filter { $0.severity == .error }.map(\.description) == [
                "story.ink:2:1: error: CONST with no name (expected 'CONST name = value') [ink-syntax]",
                "story.ink:3:1: error: LIST with no name (expected 'LIST name = value') [ink-syntax]",
                "story.ink:4:1: error: '~ x +=' assigns no value (expected an expression after it) [ink-syntax]",
            ])
    }

    /// On a choice's line no block opens: a `{` in its text or its condition left open
    /// is the same error.
    @Test func unclosedBraceOnAChoiceLine() throws {
        let result = try Self.load("VAR x = 1\nHello.\n* [Stay] You stay {x\n    -> END\n* {x > 0 Go\n    -> END\n")
        #expect(
            result.diagnostics.filter { $0.severity == .error }.map(\.description) == [
                "story.ink:3:19: error: '{x' is never closed: inline logic needs its '}' on the same line [ink-syntax]",
                "story.ink:5:3: error: '{x > 0 Go' is never closed: inline logic needs its '}' on the same line "
                    + "[ink-syntax]",
            ])
    }

    /// What stays valid: `->` on a choice, `{` alone or `{x:` opening a multi-line block,
    /// `~ x++`, a LIST and a CONST with their names.
    @Test func validNeighboursAreNotErrors() throws {
        let result = try Self.load(
            """
            VAR x = 1
            CONST top = 3
            LIST mood = calm, (tense)
            ~ x++
            * [Wait] ->
            - {x > 1:
                Later.
            }
            {
            - x == top: Done.
            - else: Not yet.
            }
            -> END
            """)
        #expect(result.diagnostics.filter { $0.severity == .error }.map(\.description) == [])
    }
}
